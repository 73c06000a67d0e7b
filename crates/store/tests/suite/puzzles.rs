//! Puzzle ratings and attempts on the backend under test (SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`): an attempt rates the
//! puzzle and the account once, a second attempt or a rating computed from
//! an old one changes nothing.

use crate::common;

use common::fresh_store;
use spielwerk_store::{AccountRow, ErrorKind, Op, PuzzleAttemptRow, PuzzleRatingRow, RatingRow};

fn account(id: &str) -> Op {
    Op::CreateAccount(AccountRow {
        id: id.into(),
        name: format!("name-{id}"),
        password_hash: format!("hash-{id}"),
        created_ms: 5,
    })
}

/// Account `account`'s attempt at puzzle `puzzle` of Ataxx, the puzzle's
/// `attempts`th and the account's `games`th, with the ratings after it.
fn attempt(account: &str, puzzle: &str, solved: bool, attempts: u32, games: u32) -> Op {
    let sign = if solved { 1.0 } else { -1.0 };
    Op::RatePuzzleAttempt {
        attempt: PuzzleAttemptRow {
            account_id: account.into(),
            puzzle_id: puzzle.into(),
            game: "ataxx".into(),
            solved,
            attempted_ms: i64::from(attempts) * 10 + i64::from(games),
        },
        puzzle: PuzzleRatingRow {
            puzzle_id: puzzle.into(),
            game: "ataxx".into(),
            rating: 1300.0 - sign * 50.0 * f64::from(attempts),
            deviation: 300.0,
            volatility: 0.06,
            attempts,
        },
        player: RatingRow {
            account_id: account.into(),
            game: "ataxx".into(),
            rating: 1500.0 + sign * 100.0 * f64::from(games),
            deviation: 290.0,
            volatility: 0.06,
            games,
        },
    }
}

#[tokio::test]
async fn an_attempt_rates_the_puzzle_and_the_account_once() {
    let store = fresh_store("puzzles").await;
    store.write(vec![account("a1"), account("a2")]).await.unwrap();
    assert_eq!(store.puzzle_player("a1", "ataxx").await.unwrap(), (None, Vec::new()));
    assert!(store.puzzle_ratings("ataxx").await.unwrap().is_empty());

    store.write(vec![attempt("a1", "p1", true, 1, 1)]).await.unwrap();
    store.write(vec![attempt("a1", "p2", false, 1, 2)]).await.unwrap();
    let (rating, attempts) = store.puzzle_player("a1", "ataxx").await.unwrap();
    let rating = rating.unwrap();
    assert_eq!((rating.games, rating.rating), (2, 1300.0));
    assert_eq!(attempts, [("p1".to_owned(), true), ("p2".to_owned(), false)]);
    let mut puzzles = store.puzzle_ratings("ataxx").await.unwrap();
    puzzles.sort_by(|a, b| a.puzzle_id.cmp(&b.puzzle_id));
    assert_eq!(
        puzzles.iter().map(|p| (p.puzzle_id.as_str(), p.rating, p.attempts)).collect::<Vec<_>>(),
        [("p1", 1250.0, 1), ("p2", 1350.0, 1)]
    );

    // The same account again: refused, nothing changes.
    let again = store.write(vec![attempt("a1", "p1", true, 2, 3)]).await.unwrap_err();
    assert_eq!(again.kind(), ErrorKind::Conflict, "{again}");
    assert_eq!(store.puzzle_player("a1", "ataxx").await.unwrap().0.unwrap().games, 2);
    assert_eq!(store.puzzle_ratings("ataxx").await.unwrap().iter().map(|p| p.attempts).sum::<u32>(), 2);

    // Another account, computed from the puzzle's rating before a1's attempt:
    // refused as a whole, its attempt not recorded.
    let stale = store.write(vec![attempt("a2", "p1", false, 1, 1)]).await.unwrap_err();
    assert_eq!(stale.kind(), ErrorKind::Conflict, "{stale}");
    assert_eq!(store.puzzle_player("a2", "ataxx").await.unwrap(), (None, Vec::new()));
    store.write(vec![attempt("a2", "p1", false, 2, 1)]).await.unwrap();
    let (rating, attempts) = store.puzzle_player("a2", "ataxx").await.unwrap();
    assert_eq!((rating.unwrap().rating, attempts), (1400.0, vec![("p1".to_owned(), false)]));
    assert_eq!(store.puzzle_player("a2", "abalone").await.unwrap(), (None, Vec::new()));

    let nobody = store.write(vec![attempt("nobody", "p3", true, 1, 1)]).await;
    assert!(nobody.is_err(), "attempts belong to an account");
    assert!(store.puzzle_ratings("ataxx").await.unwrap().iter().all(|p| p.puzzle_id != "p3"));
}

#[tokio::test]
async fn servings_replace_each_other_per_game_and_unrated_attempts_are_recorded_once() {
    let store = fresh_store("puzzle-servings").await;
    store.write(vec![account("a1")]).await.unwrap();
    assert_eq!(store.puzzle_serving("a1", "ataxx").await.unwrap(), None);
    let serve = |game: &str, puzzle: &str, served_ms| Op::ServePuzzle {
        account_id: "a1".into(),
        game: game.into(),
        puzzle_id: puzzle.into(),
        served_ms,
    };
    store.write(vec![serve("ataxx", "p1", 10), serve("abalone", "q1", 11)]).await.unwrap();
    store.write(vec![serve("ataxx", "p2", 20)]).await.unwrap();
    assert_eq!(store.puzzle_serving("a1", "ataxx").await.unwrap(), Some(("p2".to_owned(), 20)));
    assert_eq!(store.puzzle_serving("a1", "abalone").await.unwrap(), Some(("q1".to_owned(), 11)));

    let unrated = |solved| {
        Op::RecordPuzzleAttempt(PuzzleAttemptRow {
            account_id: "a1".into(),
            puzzle_id: "p1".into(),
            game: "ataxx".into(),
            solved,
            attempted_ms: 30,
        })
    };
    store.write(vec![unrated(true)]).await.unwrap();
    store.write(vec![unrated(false)]).await.unwrap();
    let (rating, attempts) = store.puzzle_player("a1", "ataxx").await.unwrap();
    assert_eq!((rating, attempts), (None, vec![("p1".to_owned(), true)]), "recorded once, rating nothing");
    assert!(store.puzzle_ratings("ataxx").await.unwrap().is_empty());
    let rated = store.write(vec![attempt("a1", "p1", true, 1, 1)]).await.unwrap_err();
    assert_eq!(rated.kind(), ErrorKind::Conflict, "an attempt recorded unrated is not rated later");
}
