//! The statements of correspondence games and of the search of finished
//! games, on the backend under test (SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`): deadlines stored, read back and found
//! when due; the "your turn" list; seeks with days per move; the search by
//! player, game, result, rating and date, paged.

use crate::common;

use common::{fresh_store, sample, seat_account};
use game::Player;
use spielwerk_store::{
    AccountRow, MoveRow, Op, SearchQuery, SeatAccount, SeekRow, Store, StoredGame, TermsRow,
};

fn account(id: &str, name: &str) -> Op {
    Op::CreateAccount(AccountRow {
        id: id.into(),
        name: name.into(),
        password_hash: "hash".into(),
        created_ms: 1,
    })
}

/// A game `id` of `game` between the accounts `p1` and `p2` (both seats
/// taken), made at `created_ms`.
fn between(id: &str, game: &str, p1: &str, p2: &str, created_ms: i64) -> StoredGame {
    let mut stored = sample(id);
    stored.row.game = game.into();
    stored.row.created_ms = created_ms;
    for (seat, account) in stored.seats.iter_mut().zip([p1, p2]) {
        seat.token_hash = Some(format!("t-{id}-{account}"));
        seat.invite_hash = None;
        seat.account = Some(SeatAccount { rating_before: Some(1500.0), ..seat_account(account, "") });
    }
    stored
}

fn ended(id: &str, result: &str) -> Op {
    Op::SetResult { game: id.into(), result: Some((result.into(), "resignation".into())) }
}

async fn ids_found(store: &Store, query: SearchQuery) -> (Vec<String>, usize) {
    let (games, total) = store.search_games(SearchQuery { limit: 50, ..query }).await.unwrap();
    (games.into_iter().map(|g| g.id).collect(), total)
}

#[tokio::test]
async fn deadlines_are_stored_found_when_due_and_listed_as_ones_turn() {
    let store = fresh_store("deadlines").await;
    store.write(vec![account("a1", "anna"), account("a2", "bert")]).await.unwrap();
    let mut corr = between("c1", "toy", "a1", "a2", 10);
    corr.row.days_per_move = Some(3);
    corr.row.deadline_ms = Some(5_000);
    store.write(vec![Op::CreateGame(Box::new(corr))]).await.unwrap();
    let mut casual = between("g1", "toy", "a2", "a1", 20);
    casual.row.to_move = Some(Player::P2);
    store.write(vec![Op::CreateGame(Box::new(casual))]).await.unwrap();

    let read = store.load_game("c1").await.unwrap().unwrap();
    assert_eq!((read.row.days_per_move, read.row.deadline_ms), (Some(3), Some(5_000)));
    assert_eq!(store.deadlines(4_999).await.unwrap(), (vec![], Some(5_000)));
    assert_eq!(store.deadlines(5_000).await.unwrap(), (vec!["c1".to_owned()], None));

    // Anna is to move in both; the game with a deadline comes first.
    let turns = store.your_turn("a1").await.unwrap();
    let listed: Vec<(&str, Option<i64>, Option<&str>)> =
        turns.iter().map(|t| (t.id.as_str(), t.deadline_ms, t.opponent.as_deref())).collect();
    assert_eq!(listed, [("c1", Some(5_000), Some("bert")), ("g1", None, Some("bert"))]);
    assert_eq!((turns[0].seat, turns[0].days_per_move, turns[0].ply), (Player::P1, Some(3), 0));
    assert_eq!(turns[1].seat, Player::P2);
    assert!(store.your_turn("a2").await.unwrap().iter().all(|t| t.id != "c1"), "bert waits");

    // A move passes the turn and moves the deadline on.
    let mv = MoveRow { mv: "a1".into(), played_ms: 100, remaining_ms: None };
    let moved = vec![
        Op::Bump { game: "c1".into(), version: 1 },
        Op::AddMove { game: "c1".into(), ply: 0, mv, to_move: Player::P2 },
        Op::SetDeadline { game: "c1".into(), deadline_ms: Some(9_000) },
    ];
    store.write(moved).await.unwrap();
    assert_eq!(store.load_game("c1").await.unwrap().unwrap().row.deadline_ms, Some(9_000));
    assert!(store.your_turn("a1").await.unwrap().iter().all(|t| t.id != "c1"));
    assert_eq!(store.your_turn("a2").await.unwrap()[0].id, "c1");
    assert_eq!(store.deadlines(5_000).await.unwrap(), (vec![], Some(9_000)));

    // A finished game has no deadline to enforce, and nobody's turn.
    store.write(vec![ended("c1", "0-1")]).await.unwrap();
    assert_eq!(store.deadlines(10_000).await.unwrap(), (vec![], None));
    assert!(store.your_turn("a2").await.unwrap().is_empty());

    // A correspondence game is not abandoned for a day without a move.
    let mut quiet = between("c2", "toy", "a1", "a2", 10);
    quiet.row.days_per_move = Some(1);
    store.write(vec![Op::CreateGame(Box::new(quiet))]).await.unwrap();
    store.write(vec![Op::CreateGame(Box::new(between("g2", "toy", "a1", "a2", 10)))]).await.unwrap();
    let abandoned = store.abandoned_games(0, 1_000).await.unwrap();
    assert!(abandoned.contains(&"g2".to_owned()) && !abandoned.contains(&"c2".to_owned()), "{abandoned:?}");
}

#[tokio::test]
async fn seeks_keep_their_days_per_move() {
    let store = fresh_store("corr-seeks").await;
    store.write(vec![account("a1", "anna")]).await.unwrap();
    let seek = SeekRow {
        id: "k1".into(),
        account_id: "a1".into(),
        account_name: String::new(),
        terms: TermsRow {
            game: "toy".into(),
            options: "{}".into(),
            clock: None,
            rated: true,
            side: "random".into(),
            days_per_move: Some(7),
            takebacks: false,
        },
        created_ms: 1,
        game_id: None,
    };
    store.write(vec![Op::CreateSeek(seek)]).await.unwrap();
    assert_eq!(store.seek("k1").await.unwrap().unwrap().terms.days_per_move, Some(7));
}

#[tokio::test]
async fn finished_games_are_found_by_player_game_result_rating_and_date() {
    let store = fresh_store("search").await;
    store.write(vec![account("a1", "anna"), account("a2", "bert"), account("a3", "cleo")]).await.unwrap();
    let games = [
        ("s1", "toy", "a1", "a2", 100, Some("1-0"), true),
        ("s2", "toy", "a2", "a1", 200, Some("1-0"), false),
        ("s3", "other", "a1", "a3", 300, Some("1/2-1/2"), false),
        ("s4", "toy", "a3", "a2", 400, Some("0-1"), true),
        ("s5", "toy", "a1", "a2", 500, None, false),
    ];
    for (id, game, p1, p2, at, result, rated) in games {
        let mut stored = between(id, game, p1, p2, at);
        stored.row.rated = rated;
        store.write(vec![Op::CreateGame(Box::new(stored))]).await.unwrap();
        if let Some(result) = result {
            store.write(vec![ended(id, result)]).await.unwrap();
        }
    }
    let mut record = sample("r1");
    record.row.kind = "record".into();
    store.write(vec![Op::CreateGame(Box::new(record)), ended("r1", "1-0")]).await.unwrap();

    let all = |q: SearchQuery| ids_found(&store, q);
    assert_eq!(
        all(SearchQuery::default()).await,
        (vec!["s4".into(), "s3".into(), "s2".into(), "s1".into()], 4)
    );
    let anna = || SearchQuery { account_id: Some("a1".into()), ..SearchQuery::default() };
    assert_eq!(all(anna()).await.0, ["s3", "s2", "s1"]);
    let won = SearchQuery { result: Some("won".into()), ..anna() };
    assert_eq!(all(won).await.0, ["s1"]);
    let lost = SearchQuery { result: Some("lost".into()), ..anna() };
    assert_eq!(all(lost).await.0, ["s2"]);
    let draws = SearchQuery { result: Some("draw".into()), ..SearchQuery::default() };
    assert_eq!(all(draws).await.0, ["s3"]);
    let second = SearchQuery { result: Some("p2".into()), ..SearchQuery::default() };
    assert_eq!(all(second).await.0, ["s4"]);
    let rated = SearchQuery { rated: Some(true), ..SearchQuery::default() };
    assert_eq!(all(rated).await.0, ["s4", "s1"]);
    let casual = SearchQuery { rated: Some(false), game: Some("toy".into()), ..SearchQuery::default() };
    assert_eq!(all(casual).await.0, ["s2"]);
    let dated = SearchQuery { from_ms: Some(200), to_ms: Some(400), ..SearchQuery::default() };
    assert_eq!(all(dated).await.0, ["s3", "s2"]);

    let (page, total) =
        store.search_games(SearchQuery { offset: 1, limit: 2, ..SearchQuery::default() }).await.unwrap();
    assert_eq!((page.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), total), (vec!["s3", "s2"], 4));
    let first = &page[0];
    assert_eq!((first.game.as_str(), first.kind.as_str(), first.created_ms), ("other", "human", 300));
    assert_eq!(first.result, ("1/2-1/2".to_owned(), "resignation".to_owned()));
    assert_eq!((first.ply, first.clock, first.days_per_move), (0, Some((300_000, 3000)), None));
    assert_eq!(first.seats.len(), 2);
    assert_eq!(first.seats[1].account.as_ref().map(|a| a.name.as_str()), Some("cleo"));
}
