//! Arena tournaments: made, joined (again after withdrawing), their games
//! linked and scored exactly once, their chat read oldest first, a pairing
//! counted against the version it was made at, and the status moved once,
//! with the winner. Swiss tournaments: their rounds and days per move
//! kept, each round paired once with its bye, each game with its round.

use crate::common::{fresh_store, sample};
use spielwerk_store::{AccountRow, ErrorKind, Op, TournamentRow};

fn account(id: &str, name: &str) -> Op {
    Op::CreateAccount(AccountRow {
        id: id.into(),
        name: name.into(),
        password_hash: "x".into(),
        created_ms: 1,
    })
}

/// A sample arena of Anna's (`a1`) starting at `starts_ms` (also the
/// accounts tests' arena).
pub(crate) fn arena(id: &str, starts_ms: i64) -> TournamentRow {
    TournamentRow {
        id: id.into(),
        kind: "arena".into(),
        name: format!("Arena {id}"),
        game: "toy".into(),
        clock: (180_000, 2000),
        days_per_move: None,
        rounds: 0,
        rated: true,
        bots: "no".into(),
        rating_range: (Some(1000), None),
        starts_ms,
        duration_ms: 3_600_000,
        status: "created".into(),
        created_by: "a1".into(),
        created_by_name: "Anna".into(),
        created_ms: 5,
        winner_id: None,
        winner_name: None,
        version: 0,
        player_count: 0,
    }
}

#[tokio::test]
async fn tournaments_are_listed_latest_first_and_read_with_players_and_games() {
    let store = fresh_store("tournaments-read").await;
    store.write(vec![account("a1", "Anna"), account("a2", "Bert")]).await.unwrap();
    store
        .write(vec![
            Op::CreateTournament(Box::new(arena("t1", 100))),
            Op::CreateTournament(Box::new(arena("t2", 200))),
        ])
        .await
        .unwrap();
    let listed: Vec<String> = store.tournaments().await.unwrap().into_iter().map(|t| t.id).collect();
    assert_eq!(listed, ["t2", "t1"]);
    assert_eq!(store.active_tournaments().await.unwrap(), ["t1", "t2"], "the earliest start first");
    assert_eq!(store.tournament("t1").await.unwrap().unwrap().row, arena("t1", 100));
    assert_eq!(store.tournament("nope").await.unwrap(), None);

    let join = |account_id: &str, rating: f64, joined_ms: i64| Op::JoinTournament {
        tournament_id: "t1".into(),
        account_id: account_id.into(),
        rating,
        joined_ms,
    };
    store.write(vec![join("a2", 1600.0, 20), join("a1", 1500.0, 10)]).await.unwrap();
    store
        .write(vec![Op::WithdrawTournament { tournament_id: "t1".into(), account_id: "a1".into() }])
        .await
        .unwrap();
    let read = store.tournament("t1").await.unwrap().unwrap();
    assert_eq!(read.row.player_count, 2);
    let players: Vec<(&str, bool, f64)> =
        read.players.iter().map(|p| (p.account_name.as_str(), p.withdrawn, p.rating)).collect();
    assert_eq!(players, [("Anna", true, 1500.0), ("Bert", false, 1600.0)], "in the order they joined");
    // Joining again after withdrawing keeps the first rating and time.
    store.write(vec![join("a1", 1700.0, 30)]).await.unwrap();
    let again = store.tournament("t1").await.unwrap().unwrap();
    assert_eq!(
        (again.players[0].withdrawn, again.players[0].rating, again.players[0].joined_ms),
        (false, 1500.0, 10)
    );
    let say = |account_id: &str, body: &str, sent_ms: i64| Op::AddTournamentChat {
        tournament_id: "t1".into(),
        account_id: account_id.into(),
        body: body.into(),
        sent_ms,
    };
    store.write(vec![say("a2", "later", 40), say("a1", "hello", 30)]).await.unwrap();
    let chat: Vec<(String, String)> = store
        .tournament("t1")
        .await
        .unwrap()
        .unwrap()
        .chat
        .into_iter()
        .map(|line| (line.name, line.body))
        .collect();
    assert_eq!(chat, [("Anna".into(), "hello".into()), ("Bert".into(), "later".into())], "oldest first");
    let never = store
        .write(vec![Op::WithdrawTournament { tournament_id: "t2".into(), account_id: "a1".into() }])
        .await;
    assert_eq!(never.unwrap_err().kind(), ErrorKind::NotFound);
}

#[tokio::test]
async fn games_are_linked_scored_once_and_pairings_counted_against_their_version() {
    let store = fresh_store("tournaments-games").await;
    store.write(vec![account("a1", "Anna"), account("a2", "Bert")]).await.unwrap();
    store.write(vec![Op::CreateTournament(Box::new(arena("t1", 100)))]).await.unwrap();
    let link = |game: &str, paired_ms: i64, version: u64| {
        vec![
            Op::CreateGame(Box::new(sample(game))),
            Op::LinkTournamentGame {
                game_id: game.into(),
                tournament_id: "t1".into(),
                white_id: "a1".into(),
                black_id: "a2".into(),
                paired_ms,
                round: None,
            },
            Op::BumpTournament { id: "t1".into(), version },
        ]
    };
    store.write(link("g1", 50, 0)).await.unwrap();
    // A pairing read before a player withdrew is refused: the version
    // counts withdrawals too, so that nobody is paired after leaving.
    store
        .write(vec![Op::JoinTournament {
            tournament_id: "t1".into(),
            account_id: "a1".into(),
            rating: 1500.0,
            joined_ms: 10,
        }])
        .await
        .unwrap();
    let before = store.tournament("t1").await.unwrap().unwrap().row.version;
    store
        .write(vec![Op::WithdrawTournament { tournament_id: "t1".into(), account_id: "a1".into() }])
        .await
        .unwrap();
    let after = store.tournament("t1").await.unwrap().unwrap().row.version;
    assert_eq!(after, before + 1, "a withdrawal counts as a change");
    let paired_before_leaving = store.write(link("g2", 55, before)).await;
    assert_eq!(paired_before_leaving.unwrap_err().kind(), ErrorKind::Conflict);
    // A second pairing made against the same version changes nothing.
    let stale = store.write(link("g2", 60, 0)).await;
    assert_eq!(stale.unwrap_err().kind(), ErrorKind::Conflict);
    assert!(store.load_game("g2").await.unwrap().is_none(), "the game of a refused pairing is not stored");
    let read = store.tournament("t1").await.unwrap().unwrap();
    assert_eq!(read.row.version, 2, "one pairing, one withdrawal");
    assert_eq!(read.games.len(), 1);
    let game = &read.games[0];
    assert_eq!((game.game_id.as_str(), game.result.clone(), game.white_outcome.clone()), ("g1", None, None));

    store
        .write(vec![
            Op::Bump { game: "g1".into(), version: 1 },
            Op::SetResult { game: "g1".into(), result: Some(("1-0".into(), "connection".into())) },
        ])
        .await
        .unwrap();
    let score =
        || Op::ScoreTournamentGame { game_id: "g1".into(), white_outcome: "win".into(), scored_ms: 70 };
    store
        .write(vec![
            score(),
            Op::SetTournamentScore {
                tournament_id: "t1".into(),
                account_id: "a1".into(),
                score: 2,
                streak: 1,
            },
        ])
        .await
        .unwrap();
    assert_eq!(store.write(vec![score()]).await.unwrap_err().kind(), ErrorKind::Conflict, "scored once");
    let read = store.tournament("t1").await.unwrap().unwrap();
    let game = &read.games[0];
    assert_eq!(
        (game.result.as_deref(), game.white_outcome.as_deref(), game.scored_ms),
        (Some("1-0"), Some("win"), Some(70))
    );

    let finish = || Op::SetTournamentStatus {
        id: "t1".into(),
        from: "started".into(),
        to: "finished".into(),
        winner_id: Some("a1".into()),
    };
    assert_eq!(store.write(vec![finish()]).await.unwrap_err().kind(), ErrorKind::Conflict, "not started");
    store
        .write(vec![Op::SetTournamentStatus {
            id: "t1".into(),
            from: "created".into(),
            to: "started".into(),
            winner_id: None,
        }])
        .await
        .unwrap();
    store.write(vec![finish()]).await.unwrap();
    let done = store.tournament("t1").await.unwrap().unwrap().row;
    assert_eq!((done.status.as_str(), done.winner_name.as_deref()), ("finished", Some("Anna")));
    assert!(store.active_tournaments().await.unwrap().is_empty());
}

#[tokio::test]
async fn the_tournaments_an_account_joined_are_read_at_once_as_each_is_read_alone() {
    let store = fresh_store("tournaments-joined").await;
    store.write(vec![account("a1", "Anna"), account("a2", "Bert"), account("a3", "Cleo")]).await.unwrap();
    let starts = [("t1", 100), ("t2", 300), ("t3", 200), ("t4", 400)];
    store
        .write(
            starts
                .iter()
                .map(|(id, starts_ms)| Op::CreateTournament(Box::new(arena(id, *starts_ms))))
                .collect(),
        )
        .await
        .unwrap();
    let join = |tournament_id: &str, account_id: &str, joined_ms: i64| Op::JoinTournament {
        tournament_id: tournament_id.into(),
        account_id: account_id.into(),
        rating: 1500.0,
        joined_ms,
    };
    // Anna joined t1, t2 and t3 (not t4), Bert t1 and t2, Cleo t3 and t4.
    store
        .write(vec![
            join("t1", "a2", 10),
            join("t1", "a1", 20),
            join("t2", "a1", 10),
            join("t2", "a2", 30),
            join("t3", "a3", 10),
            join("t3", "a1", 40),
            join("t4", "a3", 10),
        ])
        .await
        .unwrap();
    let mut version = std::collections::HashMap::new();
    for (game, tournament, white, black, paired_ms) in [
        ("g1", "t1", "a1", "a2", 50),
        ("g2", "t2", "a2", "a1", 60),
        ("g3", "t1", "a2", "a1", 40),
        ("g4", "t4", "a3", "a3", 1),
    ] {
        let at = version.entry(tournament).or_insert(0);
        store
            .write(vec![
                Op::CreateGame(Box::new(sample(game))),
                Op::LinkTournamentGame {
                    game_id: game.into(),
                    tournament_id: tournament.into(),
                    white_id: white.into(),
                    black_id: black.into(),
                    paired_ms,
                    round: None,
                },
                Op::BumpTournament { id: tournament.into(), version: *at },
            ])
            .await
            .unwrap();
        *at += 1;
    }
    store
        .write(vec![Op::ScoreTournamentGame {
            game_id: "g1".into(),
            white_outcome: "win".into(),
            scored_ms: 70,
        }])
        .await
        .unwrap();

    let joined = store.joined_tournaments("a1", 10).await.unwrap();
    let ids: Vec<&str> = joined.iter().map(|t| t.row.id.as_str()).collect();
    assert_eq!(ids, ["t2", "t3", "t1"], "Anna's, the latest start first");
    for stored in &joined {
        let alone = store.tournament(&stored.row.id).await.unwrap().unwrap();
        assert_eq!(stored.row, alone.row);
        assert_eq!(stored.players, alone.players, "{}", stored.row.id);
        assert_eq!(stored.games, alone.games, "{}", stored.row.id);
        assert_eq!(stored.rounds, alone.rounds, "{}", stored.row.id);
    }
    assert_eq!(joined[2].games.len(), 2, "t1's two games, in the order they were paired");
    assert_eq!(joined[2].games[0].game_id, "g3");
    let latest: Vec<String> =
        store.joined_tournaments("a1", 2).await.unwrap().into_iter().map(|t| t.row.id).collect();
    assert_eq!(latest, ["t2", "t3"], "at most the limit");
    assert!(store.joined_tournaments("nobody", 10).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_swiss_keeps_its_rounds_each_paired_once_with_its_bye_and_games() {
    let store = fresh_store("tournaments-swiss").await;
    store.write(vec![account("a1", "Anna"), account("a2", "Bert"), account("a3", "Cora")]).await.unwrap();
    let swiss = TournamentRow {
        kind: "swiss".into(),
        clock: (0, 0),
        days_per_move: Some(3),
        rounds: 5,
        duration_ms: 0,
        ..arena("s1", 100)
    };
    store.write(vec![Op::CreateTournament(Box::new(swiss.clone()))]).await.unwrap();
    let read = store.tournament("s1").await.unwrap().unwrap();
    assert_eq!(read.row, swiss);
    assert!(read.rounds.is_empty());
    let pair = |game: &str, round: u32| {
        vec![
            Op::CreateGame(Box::new(sample(game))),
            Op::LinkTournamentGame {
                game_id: game.into(),
                tournament_id: "s1".into(),
                white_id: "a1".into(),
                black_id: "a2".into(),
                paired_ms: 50,
                round: Some(round),
            },
            Op::PairSwissRound {
                tournament_id: "s1".into(),
                round,
                paired_ms: 50,
                bye_id: Some("a3".into()),
            },
        ]
    };
    store.write(pair("g1", 1)).await.unwrap();
    // The same round paired again (by another instance) changes nothing.
    let again = store.write(pair("g2", 1)).await;
    assert_eq!(again.unwrap_err().kind(), ErrorKind::Conflict);
    assert!(store.load_game("g2").await.unwrap().is_none(), "the game of a refused round is not stored");
    store.write(pair("g3", 2)).await.unwrap();
    let read = store.tournament("s1").await.unwrap().unwrap();
    let rounds: Vec<(u32, Option<&str>)> =
        read.rounds.iter().map(|r| (r.round, r.bye_id.as_deref())).collect();
    assert_eq!(rounds, [(1, Some("a3")), (2, Some("a3"))]);
    let games: Vec<(&str, Option<u32>)> = read.games.iter().map(|g| (g.game_id.as_str(), g.round)).collect();
    assert_eq!(games, [("g1", Some(1)), ("g3", Some(2))]);
    // A profile's reading of the tournaments joined has the rounds too.
    store
        .write(vec![Op::JoinTournament {
            tournament_id: "s1".into(),
            account_id: "a1".into(),
            rating: 1500.0,
            joined_ms: 10,
        }])
        .await
        .unwrap();
    let joined = store.joined_tournaments("a1", 10).await.unwrap();
    assert_eq!(joined.len(), 1);
    assert_eq!(joined[0].rounds, read.rounds);
    assert_eq!(joined[0].games, read.games);
}
