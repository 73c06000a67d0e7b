//! Every operation of the store, on the backend under test (SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`; test.sh runs both).

use crate::common;

use common::{fresh_db, fresh_store, on_postgres, sample, seat_account};
use game::Player;
use spielwerk_store::{
    AccountRow, ChatRow, ErrorKind, LobbyFilter, LobbyPage, MoveRow, Op, PlyEvaluation, PoolRow,
    ProfileQuery, RatingRow, SeatAccount, SeekRow, Store, StoreError, TermsRow, UnfinishedEvaluation,
};
use std::time::{Duration, Instant};

fn mv(text: &str, played_ms: i64) -> MoveRow {
    MoveRow { mv: text.into(), played_ms, remaining_ms: Some(299_000) }
}

fn add_move(game: &str, ply: usize, played_ms: i64, to_move: Player) -> Op {
    Op::AddMove { game: game.into(), ply, mv: mv("a1", played_ms), to_move }
}

fn account(id: &str, name: &str) -> AccountRow {
    AccountRow { id: id.into(), name: name.into(), password_hash: format!("hash-{id}"), created_ms: 5 }
}

fn rating(account_id: &str, games: u32, value: f64) -> Op {
    Op::PutRating(RatingRow {
        account_id: account_id.into(),
        game: "toy".into(),
        rating: value,
        deviation: 200.0,
        volatility: 0.06,
        games,
    })
}

#[tokio::test]
async fn a_game_is_read_back_as_written_and_a_failed_request_changes_nothing() {
    let store = fresh_store("roundtrip").await;
    let mut game = sample("g1");
    game.moves = vec![mv("a1", 3), mv("b2", 4)];
    game.seats[0].account =
        Some(SeatAccount { rating_before: Some(1500.0), provisional: true, ..seat_account("a1", "anna") });
    store.write(vec![Op::CreateAccount(account("a1", "Anna"))]).await.unwrap();
    store.write(vec![Op::CreateGame(Box::new(game.clone()))]).await.unwrap();
    let loaded = store.load_game("g1").await.unwrap().unwrap();
    // The account's name is read with the seat: the one stored, not the one written.
    game.seats[0].account.as_mut().unwrap().name = "Anna".into();
    assert_eq!(loaded, game);

    store.write(vec![add_move("g1", 2, 10, Player::P2)]).await.unwrap();
    // The second op fails (ply 2 exists): the first is rolled back too.
    let failing = vec![
        Op::SetDrawOffer { game: "g1".into(), seat: Some(Player::P1) },
        add_move("g1", 2, 11, Player::P1),
    ];
    let error = store.write(failing).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Backend, "{error:?}");
    assert!(!error.to_string().contains("UNIQUE") && !error.to_string().contains("duplicate"), "{error}");
    let loaded = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!((loaded.moves.len(), loaded.row.draw_offer, loaded.row.to_move), (3, None, Some(Player::P2)));
    assert_eq!(loaded.moves[2], mv("a1", 10));

    let claim = Op::ClaimSeat { game: "g1".into(), seat: Player::P2, token_hash: "t2".into(), account: None };
    store.write(vec![claim.clone()]).await.unwrap();
    assert!(matches!(store.write(vec![claim]).await, Err(StoreError::NotFound(_))), "a seat is claimed once");
    let loaded = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!(
        (loaded.seats[1].token_hash.as_deref(), loaded.seats[1].invite_hash.as_deref()),
        (Some("t2"), None)
    );

    store
        .write(vec![Op::TruncateMoves { game: "g1".into(), from_ply: 1, to_move: Player::P2 }])
        .await
        .unwrap();
    store.write(vec![Op::SetToMove { game: "g1".into(), to_move: Player::P1 }]).await.unwrap();
    let loaded = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!((loaded.moves.len(), loaded.row.to_move), (1, Some(Player::P1)));

    assert!(store.load_game("nope").await.unwrap().is_none());
    let missing = store.write(vec![Op::SetResult { game: "nope".into(), result: None }]).await;
    assert!(matches!(missing, Err(StoreError::NotFound(_))), "{missing:?}");
    store.ping().await.unwrap();
    assert_eq!(store.backend(), if on_postgres() { "postgres" } else { "sqlite" });
}

#[tokio::test]
async fn a_change_against_an_old_version_is_a_conflict_and_changes_nothing() {
    let store = fresh_store("bump").await;
    store.write(vec![Op::CreateGame(Box::new(sample("g1")))]).await.unwrap();
    assert_eq!(store.version("g1").await.unwrap(), Some(1));
    let offer = |version| {
        vec![
            Op::Bump { game: "g1".into(), version },
            Op::SetDrawOffer { game: "g1".into(), seat: Some(Player::P1) },
        ]
    };
    let stale = store.write(offer(0)).await.unwrap_err();
    assert_eq!(stale.kind(), ErrorKind::Conflict);
    assert_eq!(store.load_game("g1").await.unwrap().unwrap().row.draw_offer, None);
    store.write(offer(1)).await.unwrap();
    let loaded = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!((loaded.row.version, loaded.row.draw_offer), (2, Some(Player::P1)));
    assert!(matches!(store.write(offer(1)).await, Err(StoreError::Conflict(_))));
    assert_eq!(store.version("g1").await.unwrap(), Some(2));
    assert_eq!(store.version("nope").await.unwrap(), None);
}

#[tokio::test]
async fn concurrent_requests_commit_independently() {
    let store = fresh_store("concurrent").await;
    for id in ["g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7"] {
        store.write(vec![Op::CreateGame(Box::new(sample(id)))]).await.unwrap();
    }
    // Eight games, ten chat lines each, all at once; every game's fourth
    // request also changes a game that does not exist, so it fails alone.
    let requests = (0..8).flat_map(|g| (0..10).map(move |ply| (g, ply))).map(|(g, ply)| {
        let store = &store;
        async move {
            let id = format!("g{g}");
            let mut ops = vec![Op::AddChat {
                game: id.clone(),
                seq: ply,
                line: ChatRow { seat: Player::P1, body: format!("{ply}"), sent_ms: 1 },
            }];
            if ply == 3 {
                ops.push(Op::SetResult { game: "missing".into(), result: None });
            }
            store.write(ops).await
        }
    });
    let results = futures_util::future::join_all(requests).await;
    let failed: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(failed.len(), 8, "{failed:?}");
    assert!(failed.iter().all(|e| matches!(e, StoreError::NotFound(_))), "{failed:?}");
    for g in 0..8 {
        let chat = store.load_game(&format!("g{g}")).await.unwrap().unwrap().chat;
        let bodies: Vec<&str> = chat.iter().map(|line| line.body.as_str()).collect();
        assert_eq!(bodies, ["0", "1", "2", "4", "5", "6", "7", "8", "9"], "game g{g}");
    }
}

/// What each of the requests of [`many_concurrent_changes_commit_exactly_the_current_ones`]
/// does to its game: a change against version 1 with a chat line of its
/// own (four of them: one wins), a request without a version (always
/// commits), or one that changes a game that does not exist (fails).
fn contender(game: &str, writer: usize) -> Vec<Op> {
    match writer {
        0..4 => vec![
            Op::Bump { game: game.into(), version: 1 },
            Op::AddChat {
                game: game.into(),
                seq: writer,
                line: ChatRow { seat: Player::P1, body: format!("writer {writer}"), sent_ms: 1 },
            },
        ],
        4 => vec![Op::RequestEvaluation {
            game: game.into(),
            total: 1,
            requested_ms: 7,
            owner: "address:10.0.0.1".into(),
        }],
        _ => vec![Op::SetResult { game: format!("{game}-missing"), result: None }],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_concurrent_changes_commit_exactly_the_current_ones() {
    let store = std::sync::Arc::new(fresh_store("grouped").await);
    let ids: Vec<String> = (0..30).map(|g| format!("g{g}")).collect();
    for id in &ids {
        store.write(vec![Op::CreateGame(Box::new(sample(id)))]).await.unwrap();
    }
    // All at once, so that PostgreSQL's committer groups them (and has to
    // take groups with conflicts and failures apart).
    let requests = ids.iter().flat_map(|id| (0..6).map(move |writer| (id.clone(), writer)));
    let handles: Vec<_> = requests
        .map(|(id, writer)| {
            let store = store.clone();
            tokio::spawn(async move { (id.clone(), writer, store.write(contender(&id, writer)).await) })
        })
        .collect();
    let mut winners = std::collections::HashMap::new();
    for handle in handles {
        let (id, writer, result) = handle.await.unwrap();
        match (writer, result) {
            (0..4, Ok(())) => assert!(winners.insert(id, writer).is_none(), "two changes of one version"),
            (0..4, Err(error)) => assert_eq!(error.kind(), ErrorKind::Conflict, "{error:?}"),
            (4, result) => result.unwrap(),
            (_, result) => assert!(matches!(result, Err(StoreError::NotFound(_))), "{result:?}"),
        }
    }
    for id in &ids {
        let Some(&winner) = winners.get(id) else { panic!("no change of {id} committed") };
        let game = store.load_game(id).await.unwrap().unwrap();
        assert_eq!(game.row.version, 2, "{id}");
        let bodies: Vec<&str> = game.chat.iter().map(|line| line.body.as_str()).collect();
        assert_eq!(bodies, [format!("writer {winner}")], "{id}");
        assert!(store.evaluation(id).await.unwrap().is_some(), "{id}");
    }
}

#[tokio::test]
async fn a_rating_computed_from_an_old_one_is_a_conflict() {
    let store = fresh_store("ratings").await;
    store.write(vec![Op::CreateAccount(account("a1", "anna"))]).await.unwrap();
    assert_eq!(store.rating("a1", "toy").await.unwrap(), None);
    store.write(vec![rating("a1", 1, 1600.0)]).await.unwrap();
    // A second game's end that read the rating before the first was stored.
    let stale = store.write(vec![rating("a1", 1, 1700.0)]).await.unwrap_err();
    assert_eq!(stale.kind(), ErrorKind::Conflict);
    let stored = store.rating("a1", "toy").await.unwrap().unwrap();
    assert_eq!((stored.games, stored.rating, stored.deviation, stored.volatility), (1, 1600.0, 200.0, 0.06));
    store.write(vec![rating("a1", 2, 1650.5)]).await.unwrap();
    let all = store.ratings("a1").await.unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!((all[0].games, all[0].rating, all[0].game.as_str()), (2, 1650.5, "toy"));
}

#[tokio::test]
async fn the_lobby_lists_running_games_latest_move_first_by_filter_and_page() {
    let store = fresh_store("lobby").await;
    store.write(vec![Op::CreateAccount(account("a1", "anna"))]).await.unwrap();
    for id in ["g1", "g2", "g3", "g4"] {
        store.write(vec![Op::CreateGame(Box::new(sample(id)))]).await.unwrap();
    }
    let mut record = sample("r1");
    record.row.kind = "record".into();
    store.write(vec![Op::CreateGame(Box::new(record))]).await.unwrap();
    store.write(vec![add_move("g2", 0, 50, Player::P2)]).await.unwrap();
    store.write(vec![add_move("g4", 0, 40, Player::P2)]).await.unwrap();
    let over = Op::SetResult { game: "g3".into(), result: Some(("1-0".into(), "resignation".into())) };
    store.write(vec![over]).await.unwrap();
    let claim = Op::ClaimSeat {
        game: "g4".into(),
        seat: Player::P2,
        token_hash: "t4".into(),
        account: Some(SeatAccount {
            rating_before: Some(1500.0),
            provisional: true,
            ..seat_account("a1", "")
        }),
    };
    store.write(vec![claim]).await.unwrap();

    let page = store.lobby(LobbyFilter::All, 0, 10).await.unwrap();
    assert_eq!(page.total, 3);
    let ids: Vec<&str> = page.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["g2", "g4", "g1"]);
    let first = &page.games[0];
    assert_eq!((first.ply, first.to_move, first.updated_ms, first.rated), (1, Some(Player::P2), 50, false));
    assert_eq!(
        (first.game.as_str(), first.kind.as_str(), first.level, first.created_ms),
        ("toy", "human", None, 1)
    );
    assert_eq!(page.games[2].seats.len(), 2);
    assert_eq!(page.games[1].seats[1].account.as_ref().map(|a| a.name.as_str()), Some("anna"));
    assert!(
        page.games[1].seats[1].account.as_ref().is_some_and(|a| a.provisional),
        "a claimed seat keeps it"
    );

    let second = store.lobby(LobbyFilter::All, 1, 1).await.unwrap();
    assert_eq!(
        (second.total, second.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>()),
        (3, vec!["g4"])
    );
    let beyond = store.lobby(LobbyFilter::All, usize::MAX, 10).await.unwrap();
    assert_eq!((beyond.total, beyond.games.len()), (3, 0), "an offset past i64 is past the end");

    let mine = store.lobby(LobbyFilter::Account("a1".into()), 0, 10).await.unwrap();
    assert_eq!((mine.total, mine.games[0].id.as_str()), (1, "g4"));
    let picked =
        store.lobby(LobbyFilter::Ids(vec!["g1".into(), "g3".into(), "zz".into()]), 0, 10).await.unwrap();
    assert_eq!((picked.total, picked.games[0].id.as_str()), (1, "g1"));
    let none = store.lobby(LobbyFilter::Ids(Vec::new()), 0, 10).await.unwrap();
    assert_eq!((none.total, none.games.len()), (0, 0));
    // Under way: g2 and g4 have a move; g1 (made at 1 ms, no move) only while it is fresh.
    let started = |fresh_since_ms| {
        store.lobby(LobbyFilter::Started { fresh_since_ms, guest_engine_since_ms: 0 }, 0, 10)
    };
    let ids = |page: LobbyPage| (page.total, page.games.into_iter().map(|g| g.id).collect::<Vec<_>>());
    assert_eq!(ids(started(2).await.unwrap()), (2, vec!["g2".to_owned(), "g4".to_owned()]));
    assert_eq!(ids(started(1).await.unwrap()).1, ["g2", "g4", "g1"]);
    // A guest's game against the engine leaves once nobody moved in it
    // since the time given; one with an account at a seat stays.
    for id in ["e1", "e2"] {
        let mut engine = sample(id);
        engine.row.kind = "engine".into();
        engine.seats[1].engine = true;
        if id == "e2" {
            engine.seats[0].account = Some(seat_account("a1", "anna"));
        }
        store.write(vec![Op::CreateGame(Box::new(engine)), add_move(id, 0, 30, Player::P2)]).await.unwrap();
    }
    let guest_engine =
        |since| store.lobby(LobbyFilter::Started { fresh_since_ms: 2, guest_engine_since_ms: since }, 0, 10);
    assert_eq!(ids(guest_engine(30).await.unwrap()).1, ["g2", "g4", "e1", "e2"]);
    let kept = ["g2", "g4", "e2"].map(str::to_owned).to_vec();
    assert_eq!(ids(guest_engine(31).await.unwrap()), (3, kept), "the guest's e1 left");

    let running: Vec<String> = store.load_running().await.unwrap().into_iter().map(|g| g.row.id).collect();
    assert_eq!(running.len(), 6, "{running:?}");
    assert!(!running.contains(&"g3".to_owned()));
}

#[tokio::test]
async fn accounts_sessions_and_seeks() {
    let store = fresh_store("accounts").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "bert"))])
        .await
        .unwrap();
    let taken = store.write(vec![Op::CreateAccount(account("a3", "ANNA"))]).await.unwrap_err();
    assert_eq!(taken.kind(), ErrorKind::Backend, "names are unique whatever their case");
    assert_eq!(store.account_by_name("aNNa").await.unwrap(), Some(account("a1", "Anna")));
    assert_eq!(store.account_by_name("nobody").await.unwrap(), None);

    let session = |hash: &str, id: &str, expires_ms| Op::CreateSession {
        id_hash: hash.into(),
        account_id: id.into(),
        expires_ms,
    };
    store.write(vec![session("s1", "a1", 1000), session("s2", "a2", 1000)]).await.unwrap();
    assert_eq!(store.session("s1", 999).await.unwrap(), Some(("a1".into(), "Anna".into())));
    assert_eq!(store.session("s1", 1000).await.unwrap(), None, "ended");
    assert_eq!(store.session("nope", 0).await.unwrap(), None);

    let seek = |id: &str, account_id: &str, created_ms| SeekRow {
        id: id.into(),
        account_id: account_id.into(),
        account_name: String::new(),
        terms: TermsRow {
            game: "toy".into(),
            options: "{}".into(),
            clock: Some((60_000, 0)),
            rated: true,
            side: "random".into(),
            days_per_move: None,
            takebacks: account_id == "a1",
        },
        created_ms,
        game_id: None,
    };
    for (id, owner, at) in [("k1", "a1", 10), ("k2", "a2", 20), ("k3", "a1", 30), ("k4", "a2", 5)] {
        store.write(vec![Op::CreateSeek(seek(id, owner, at))]).await.unwrap();
    }
    // Made since 0: within the grace of seeks whose owner has no lobby connection.
    let open = store.open_seeks(10, 500, 0).await.unwrap();
    assert_eq!(open.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), ["k1", "k2", "k3"]);
    assert_eq!(open[0], SeekRow { account_name: "Anna".into(), ..seek("k1", "a1", 10) });
    assert_eq!(open[1], SeekRow { account_name: "bert".into(), ..seek("k2", "a2", 20) });
    assert_eq!(
        (open[0].terms.takebacks, open[1].terms.takebacks),
        (true, false),
        "takebacks read back as written"
    );
    assert!(store.open_seeks(0, 1000, 0).await.unwrap().is_empty(), "no owner has a session at 1000");

    store.write(vec![Op::AcceptSeek { id: "k2".into(), game: "g9".into() }]).await.unwrap();
    let again = store.write(vec![Op::AcceptSeek { id: "k2".into(), game: "g10".into() }]).await.unwrap_err();
    assert_eq!(again.kind(), ErrorKind::Conflict, "a seek is accepted once");
    assert_eq!(store.seek("k2").await.unwrap().unwrap().game_id.as_deref(), Some("g9"));
    let not_yours = store.write(vec![Op::CancelSeek { id: "k1".into(), account_id: "a2".into() }]).await;
    assert!(matches!(not_yours, Err(StoreError::NotFound(_))));
    store.write(vec![Op::CancelSeek { id: "k1".into(), account_id: "a1".into() }]).await.unwrap();
    assert_eq!(store.seek("k1").await.unwrap(), None);

    // Signing out withdraws the open seeks, not the accepted ones.
    store.write(vec![Op::DeleteSession { id_hash: "s1".into(), account_id: "a1".into() }]).await.unwrap();
    store.write(vec![Op::DeleteSession { id_hash: "s2".into(), account_id: "a2".into() }]).await.unwrap();
    assert_eq!(store.session("s1", 0).await.unwrap(), None);
    assert_eq!(store.seek("k3").await.unwrap(), None);
    assert!(store.seek("k2").await.unwrap().is_some());
}

#[tokio::test]
async fn lobby_connections_keep_seeks_with_a_clock_and_pool_entries() {
    let store = fresh_store("lobby-presence").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "bert"))])
        .await
        .unwrap();
    let session = |hash: &str, id: &str| Op::CreateSession {
        id_hash: hash.into(),
        account_id: id.into(),
        expires_ms: 10_000,
    };
    store.write(vec![session("s1", "a1"), session("s2", "a2")]).await.unwrap();
    let seek = |id: &str, account_id: &str, days_per_move: Option<u8>| SeekRow {
        id: id.into(),
        account_id: account_id.into(),
        account_name: String::new(),
        terms: TermsRow {
            game: "toy".into(),
            options: "{}".into(),
            clock: if days_per_move.is_some() { None } else { Some((60_000, 0)) },
            rated: false,
            side: "random".into(),
            days_per_move,
            takebacks: true,
        },
        created_ms: 10,
        game_id: None,
    };
    let present = |account_id: &str, instance: &str, expires_ms| Op::PutLobbyPresence {
        account_id: account_id.into(),
        instance: instance.into(),
        expires_ms,
    };
    let entry = |account_id: &str, joined_ms| PoolRow {
        account_id: account_id.into(),
        account_name: String::new(),
        game: "toy".into(),
        clock: (180_000, 2000),
        rated: true,
        rating: 1512.5,
        joined_ms,
    };
    store
        .write(vec![
            Op::CreateSeek(seek("k1", "a1", None)),
            Op::CreateSeek(seek("k2", "a1", Some(3))),
            Op::CreateSeek(seek("k3", "a2", None)),
            present("a1", "i1", 1000),
            present("a1", "i2", 1000),
            Op::JoinPool(entry("a1", 10)),
            Op::JoinPool(entry("a2", 10)),
        ])
        .await
        .unwrap();
    let ids = |seeks: Vec<SeekRow>| seeks.into_iter().map(|s| s.id).collect::<Vec<_>>();
    // Past the grace (made before 100): a1 is in the lobby, a2 is not.
    assert_eq!(ids(store.open_seeks(0, 500, 100).await.unwrap()), ["k1", "k2"]);
    assert_eq!(ids(store.open_seeks(0, 500, 0).await.unwrap()), ["k1", "k2", "k3"], "within the grace");
    let waiting = store.pool_entries(100, 500).await.unwrap();
    assert_eq!(waiting, [PoolRow { account_name: "Anna".into(), ..entry("a1", 10) }]);
    assert_eq!(store.pool_entries(0, 500).await.unwrap().len(), 2);

    // One instance's connection closes: the other keeps everything.
    let gone = |instance: &str| Op::DeleteLobbyPresence {
        account_id: "a1".into(),
        instance: instance.into(),
        grace_until_ms: 600,
    };
    store.write(vec![gone("i1")]).await.unwrap();
    assert_eq!(ids(store.open_seeks(0, 500, 100).await.unwrap()), ["k1", "k2"]);
    assert_eq!(store.pool_entries(100, 500).await.unwrap().len(), 1);
    // The heartbeat renews i2's rows; past them (an instance that died) they lapse.
    store.write(vec![Op::RefreshLobbyPresence { instance: "i2".into(), expires_ms: 2000 }]).await.unwrap();
    assert_eq!(ids(store.open_seeks(0, 1500, 100).await.unwrap()), ["k1", "k2"]);
    assert_eq!(
        ids(store.open_seeks(0, 2500, 100).await.unwrap()),
        ["k2"],
        "a correspondence seek needs none"
    );
    // The last one closes: within the grace (until 600) everything stays,
    // even through a pruning; past it, pruning takes the pool entry and
    // the seek with a clock.
    store.write(vec![gone("i2")]).await.unwrap();
    store.write(vec![Op::PruneLobby { now_ms: 550, joined_before_ms: 100 }]).await.unwrap();
    assert_eq!(ids(store.open_seeks(0, 550, 100).await.unwrap()), ["k1", "k2"]);
    assert!(store.pool_entries(100, 550).await.unwrap().iter().any(|e| e.account_id == "a1"));
    assert_eq!(ids(store.open_seeks(0, 650, 100).await.unwrap()), ["k2"], "past the grace");
    store.write(vec![Op::PruneLobby { now_ms: 650, joined_before_ms: 100 }]).await.unwrap();
    assert_eq!(store.seek("k1").await.unwrap(), None);
    assert!(store.seek("k2").await.unwrap().is_some());
    assert!(store.seek("k3").await.unwrap().is_none(), "a2 never connected");
    assert!(store.pool_entries(0, 650).await.unwrap().iter().all(|e| e.account_id != "a1"));

    // A pairing takes an entry only as it was joined; joining again replaces it.
    let take = |account_id: &str, joined_ms| Op::LeavePool {
        account_id: account_id.into(),
        joined_ms: Some(joined_ms),
    };
    let taken = store.write(vec![take("a2", 11)]).await.unwrap_err();
    assert_eq!(taken.kind(), ErrorKind::Conflict);
    store.write(vec![Op::JoinPool(entry("a2", 20))]).await.unwrap();
    assert_eq!(store.pool_entries(0, 500).await.unwrap()[0].joined_ms, 20);
    assert_eq!(store.write(vec![take("a2", 10)]).await.unwrap_err().kind(), ErrorKind::Conflict);
    store.write(vec![take("a2", 20)]).await.unwrap();
    assert!(store.pool_entries(0, 500).await.unwrap().is_empty());
    // Pruning forgets lapsed connections and the entries of accounts gone.
    store.write(vec![present("a2", "i3", 600), Op::JoinPool(entry("a2", 30))]).await.unwrap();
    store.write(vec![Op::PruneLobby { now_ms: 700, joined_before_ms: 100 }]).await.unwrap();
    assert!(store.pool_entries(0, 700).await.unwrap().is_empty());
    // SQLite has no other instance to tell of a pairing: nothing happens.
    store
        .write(vec![Op::TellPaired { account_id: "a2".into(), game: "g1".into(), seat: "p1".into() }])
        .await
        .unwrap();
}

#[tokio::test]
async fn a_profile_lists_an_accounts_games_by_game_and_result() {
    let store = fresh_store("profile").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "anna")), Op::CreateAccount(account("a2", "bert"))])
        .await
        .unwrap();
    let bound = |id: &str, p1: &str, p2: &str, result: Option<&str>, updated: i64| {
        let mut game = sample(id);
        game.row.rated = true;
        game.row.created_ms = updated;
        game.row.result = result.map(|r| (r.to_owned(), "resignation".to_owned()));
        for (seat, owner) in game.seats.iter_mut().zip([p1, p2]) {
            seat.account = Some(seat_account(owner, ""));
        }
        Op::CreateGame(Box::new(game))
    };
    store.write(vec![bound("w", "a1", "a2", Some("1-0"), 10)]).await.unwrap();
    store.write(vec![bound("l", "a2", "a1", Some("1-0"), 20)]).await.unwrap();
    store.write(vec![bound("d", "a1", "a2", Some("1/2-1/2"), 30)]).await.unwrap();
    store.write(vec![bound("r", "a1", "a2", None, 40)]).await.unwrap();
    let ratings = Op::SetSeatRatings { game: "w".into(), seat: Player::P1, before: 1500.0, after: 1662.25 };
    store.write(vec![ratings]).await.unwrap();

    let query = |game: Option<&str>, result: Option<&str>, offset, limit| ProfileQuery {
        game: game.map(str::to_owned),
        result: result.map(str::to_owned),
        with_aborted: false,
        offset,
        limit,
    };
    let ids = |(games, total): (Vec<spielwerk_store::ProfileGameRow>, usize)| {
        (games.into_iter().map(|g| g.id).collect::<Vec<_>>(), total)
    };
    let all = store.profile_games("a1", query(None, None, 0, 10)).await.unwrap();
    let won = &all.0[3];
    assert_eq!(
        (won.id.as_str(), won.seat, won.rated, won.rating),
        ("w", Player::P1, true, (Some(1500.0), Some(1662.25)))
    );
    assert_eq!(
        (won.opponent.as_deref(), won.clock, won.kind.as_str()),
        (Some("bert"), Some((300_000, 3000)), "human")
    );
    assert_eq!(won.result, Some(("1-0".into(), "resignation".into())));
    assert_eq!(ids(all), (vec!["r".into(), "d".into(), "l".into(), "w".into()], 4));
    assert_eq!(
        ids(store.profile_games("a1", query(None, None, 1, 2)).await.unwrap()),
        (vec!["d".into(), "l".into()], 4)
    );
    for (result, expected) in [("won", "w"), ("lost", "l"), ("drawn", "d"), ("running", "r")] {
        let found = store.profile_games("a1", query(Some("toy"), Some(result), 0, 10)).await.unwrap();
        assert_eq!(ids(found), (vec![expected.to_owned()], 1), "{result}");
    }
    assert_eq!(ids(store.profile_games("a1", query(Some("other"), None, 0, 10)).await.unwrap()), (vec![], 0));
    assert_eq!(
        ids(store.profile_games("a2", query(None, Some("won"), 0, 10)).await.unwrap()),
        (vec!["l".into()], 1)
    );
}

#[tokio::test]
async fn evaluations_are_requested_once_and_filled_in() {
    let store = fresh_store("evaluations").await;
    store
        .write(vec![Op::CreateGame(Box::new(sample("g1"))), Op::CreateGame(Box::new(sample("g2")))])
        .await
        .unwrap();
    assert_eq!(store.evaluation("g1").await.unwrap(), None);
    let request = |game: &str, total, requested_ms, owner: &str| Op::RequestEvaluation {
        game: game.into(),
        total,
        requested_ms,
        owner: owner.into(),
    };
    store
        .write(vec![request("g2", 1, 5, "address:10.0.0.1"), request("g1", 2, 9, "account:a")])
        .await
        .unwrap();
    store.write(vec![request("g1", 7, 1, "address:10.0.0.2")]).await.unwrap();
    let unfinished = |game: &str, owner: &str, left| UnfinishedEvaluation {
        game: game.into(),
        owner: Some(owner.into()),
        left,
    };
    assert_eq!(
        store.unfinished_evaluations().await.unwrap(),
        [unfinished("g2", "address:10.0.0.1", 1), unfinished("g1", "address:10.0.0.2", 2)],
        "asked again, a game keeps its total and time and gets the new owner"
    );
    let ply = |ply, score, best: Option<&str>| PlyEvaluation { ply, score, best: best.map(str::to_owned) };
    let add = |game: &str, evaluation| Op::AddEvaluation { game: game.into(), evaluation };
    store.write(vec![add("g1", ply(1, 5, None)), add("g1", ply(0, -30, Some("a1")))]).await.unwrap();
    assert_eq!(store.unfinished_evaluations().await.unwrap(), [unfinished("g2", "address:10.0.0.1", 1)]);
    store.write(vec![add("g1", ply(1, 7, Some("b2"))), add("g2", ply(0, 0, None))]).await.unwrap();
    let evaluation = store.evaluation("g1").await.unwrap().unwrap();
    assert_eq!(evaluation.total, 2, "the first request counts");
    assert_eq!(evaluation.plies, [ply(0, -30, Some("a1")), ply(1, 7, Some("b2"))]);
    assert!(store.unfinished_evaluations().await.unwrap().is_empty());
}

#[tokio::test]
async fn chat_rematch_results_and_abandoned_games() {
    let store = fresh_store("chat").await;
    store.write(vec![Op::CreateGame(Box::new(sample("g1")))]).await.unwrap();
    let line = |seat, body: &str| ChatRow { seat, body: body.into(), sent_ms: 7 };
    let chat = |seq, line| Op::AddChat { game: "g1".into(), seq, line };
    store
        .write(vec![chat(0, line(Player::P2, "Guten Tag ♟")), chat(1, line(Player::P1, "hi"))])
        .await
        .unwrap();
    store.write(vec![Op::SetRematchOffer { game: "g1".into(), seat: Some(Player::P2) }]).await.unwrap();
    assert_eq!(store.load_game("g1").await.unwrap().unwrap().row.rematch_offer, Some(Player::P2));
    store.write(vec![Op::SetRematch { game: "g1".into(), rematch: "g2".into() }]).await.unwrap();
    let twice = store.write(vec![Op::SetRematch { game: "g1".into(), rematch: "g3".into() }]).await;
    assert!(matches!(twice, Err(StoreError::NotFound(_))), "one rematch per game");
    let over = Some(("1/2-1/2".to_owned(), "agreement".to_owned()));
    store.write(vec![Op::SetResult { game: "g1".into(), result: over.clone() }]).await.unwrap();
    let loaded = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!(loaded.chat, [line(Player::P2, "Guten Tag ♟"), line(Player::P1, "hi")]);
    assert_eq!(
        (loaded.row.rematch.as_deref(), loaded.row.rematch_offer, loaded.row.result),
        (Some("g2"), None, over)
    );

    // g2: a seat never taken; g3: both taken, no move; g4: moved; g5: an engine game.
    let mut taken = sample("g3");
    taken.seats[1].token_hash = Some("t3".into());
    let mut moved = sample("g4");
    moved.seats[1].token_hash = Some("t4".into());
    moved.moves = vec![mv("a1", 2)];
    let mut engine = sample("g5");
    engine.row.kind = "engine".into();
    engine.row.level = Some(3);
    engine.seats[1] = spielwerk_store::SeatRow { engine: true, invite_hash: None, ..engine.seats[1].clone() };
    engine.row.to_move = Some(Player::P2);
    for game in [sample("g2"), taken, moved, engine] {
        store.write(vec![Op::CreateGame(Box::new(game))]).await.unwrap();
    }
    assert_eq!(store.abandoned_games(2, 0).await.unwrap(), ["g2"]);
    let mut both = store.abandoned_games(2, 2).await.unwrap();
    both.sort();
    assert_eq!(both, ["g2", "g3"]);
    assert!(store.abandoned_games(1, 1).await.unwrap().is_empty(), "made at 1, not before");
    assert_eq!(store.stalled_engine_games(2).await.unwrap(), ["g5"]);
    assert!(store.stalled_engine_games(1).await.unwrap().is_empty());
    assert_eq!(store.load_game("g5").await.unwrap().unwrap().row.level, Some(3));
}

#[tokio::test]
async fn only_a_shared_database_notifies_and_claims() {
    let db = fresh_db("shared");
    let store = Store::open(&db).await.unwrap();
    let Some(shared) = store.shared() else {
        assert!(!on_postgres());
        assert_eq!(store.backend(), "sqlite");
        return;
    };
    let mut notices = shared.listen();
    assert_eq!(notices.recv().await, Some(spielwerk_store::Notice::Listening));
    store.write(vec![Op::CreateGame(Box::new(sample("g1")))]).await.unwrap();
    store.write(vec![Op::Bump { game: "g1".into(), version: 1 }]).await.unwrap();
    let notice = tokio::time::timeout(Duration::from_secs(60), notices.recv()).await.unwrap();
    assert_eq!(notice, Some(spielwerk_store::Notice::Changed { game: "g1".into(), version: 2 }));
    // A failed change notifies nobody: the next notice is of the next change.
    assert!(store.write(vec![Op::Bump { game: "g1".into(), version: 1 }]).await.is_err());
    store.write(vec![Op::Bump { game: "g1".into(), version: 2 }]).await.unwrap();
    let notice = tokio::time::timeout(Duration::from_secs(60), notices.recv()).await.unwrap();
    assert_eq!(notice, Some(spielwerk_store::Notice::Changed { game: "g1".into(), version: 3 }));
    // A pairing is told on the lobby's channel.
    store
        .write(vec![Op::TellPaired { account_id: "a1".into(), game: "g1".into(), seat: "p2".into() }])
        .await
        .unwrap();
    let notice = tokio::time::timeout(Duration::from_secs(60), notices.recv()).await.unwrap();
    let paired =
        spielwerk_store::Notice::Paired { account_id: "a1".into(), game: "g1".into(), seat: "p2".into() };
    assert_eq!(notice, Some(paired));

    let other = Store::open(&db).await.unwrap();
    let theirs = other.shared().unwrap();
    assert!(shared.claims.claim("g1").await.unwrap());
    assert!(!theirs.claims.claim("g1").await.unwrap(), "one instance at a time");
    shared.claims.release("g1").await;
    let until = Instant::now() + Duration::from_secs(60);
    while !theirs.claims.claim("g1").await.unwrap() {
        assert!(Instant::now() < until, "the released claim is never free");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn lesson_progress_is_kept_per_account_and_game_once_per_step_and_read_for_every_game_at_once() {
    let store = fresh_store("lessons").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "bert"))])
        .await
        .unwrap();
    let finish = |account: &str, game: &str, step: &str, done_ms, stars| Op::FinishLessonStep {
        account_id: account.into(),
        game: game.into(),
        step: step.into(),
        done_ms,
        stars,
    };
    let steps = |list: Vec<(String, u8)>| list.into_iter().map(|(step, _)| step).collect::<Vec<_>>();
    store
        .write(vec![
            finish("a1", "amakta", "reach", 20, 1),
            finish("a1", "amakta", "base", 10, 2),
            finish("a2", "amakta", "win", 5, 3),
        ])
        .await
        .unwrap();
    store
        .write(vec![finish("a1", "amakta", "base", 30, 3), finish("a1", "ataxx", "clone", 40, 2)])
        .await
        .unwrap();
    store.write(vec![finish("a1", "amakta", "base", 50, 1)]).await.unwrap();
    assert_eq!(
        store.lesson_progress("a1", "amakta").await.unwrap(),
        [("base".to_owned(), 3), ("reach".to_owned(), 1)],
        "in order of the first finish, once each, with the best stars"
    );
    assert_eq!(steps(store.lesson_progress("a1", "ataxx").await.unwrap()), ["clone"]);
    assert_eq!(store.lesson_progress("a2", "amakta").await.unwrap(), [("win".to_owned(), 3)]);
    assert!(store.lesson_progress("a2", "ataxx").await.unwrap().is_empty());
    let every_game = store.lesson_stars("a1").await.unwrap();
    assert_eq!(
        every_game.into_iter().collect::<Vec<_>>(),
        [
            ("amakta".to_owned(), vec![("base".to_owned(), 3), ("reach".to_owned(), 1)]),
            ("ataxx".to_owned(), vec![("clone".to_owned(), 2)]),
        ],
        "every game's steps in one read, each game's as lesson_progress gives them"
    );
    assert_eq!(store.lesson_stars("a2").await.unwrap().len(), 1, "another account's are not mixed in");
    assert!(store.lesson_stars("nobody").await.unwrap().is_empty());
    let unknown = store.write(vec![finish("nobody", "ataxx", "clone", 1, 3)]).await;
    assert!(unknown.is_err(), "progress belongs to an account");
}
