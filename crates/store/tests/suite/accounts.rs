//! The care of an account by its owner: a new password ends the other
//! sessions, a recovery code and settings are kept, and closing an account
//! withdraws what it had open while its name stays taken; on SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`.

use crate::common::{fresh_store, sample};
use spielwerk_store::{
    AccountRow, ChallengeRow, ErrorKind, Op, PoolRow, SeatAccount, SeekRow, TermsRow, TournamentRow,
};

fn account(id: &str, name: &str) -> Op {
    Op::CreateAccount(AccountRow {
        id: id.into(),
        name: name.into(),
        password_hash: format!("hash-{id}"),
        created_ms: 1,
    })
}

fn session(hash: &str, account_id: &str) -> Op {
    Op::CreateSession { id_hash: hash.into(), account_id: account_id.into(), expires_ms: 10_000 }
}

fn terms() -> TermsRow {
    TermsRow {
        game: "toy".into(),
        options: "{}".into(),
        clock: Some((60_000, 0)),
        rated: true,
        side: "random".into(),
        days_per_move: None,
        takebacks: false,
    }
}

/// An arena of Bert's (`a2`) with `status`: the tournaments' sample arena.
fn arena(id: &str, status: &str) -> TournamentRow {
    TournamentRow {
        status: status.into(),
        created_by: "a2".into(),
        created_by_name: "Bert".into(),
        rating_range: (None, None),
        ..crate::tournaments::arena(id, 100)
    }
}

#[tokio::test]
async fn a_new_password_ends_the_other_sessions_and_codes_and_settings_are_kept() {
    let store = fresh_store("account-care").await;
    store.write(vec![account("a1", "Anna"), session("s1", "a1"), session("s2", "a1")]).await.unwrap();
    let care = store.account_care("a1").await.unwrap().unwrap();
    assert_eq!(
        (care.password_hash.as_str(), care.recovery_hash, care.closed_ms, care.settings),
        ("hash-a1", None, None, None)
    );
    assert_eq!(store.account_care("nobody").await.unwrap(), None);

    let new_password = |keep: Option<&str>| Op::SetPassword {
        account_id: "a1".into(),
        password_hash: "new".into(),
        keep_session: keep.map(Into::into),
    };
    store.write(vec![new_password(Some("s1"))]).await.unwrap();
    assert_eq!(store.account_care("a1").await.unwrap().unwrap().password_hash, "new");
    assert!(store.session("s1", 0).await.unwrap().is_some(), "the session that changed it stays");
    assert_eq!(store.session("s2", 0).await.unwrap(), None, "every other one ends");
    store.write(vec![new_password(None)]).await.unwrap();
    assert_eq!(store.session("s1", 0).await.unwrap(), None, "without one kept, all end");

    store
        .write(vec![
            Op::SetRecoveryCode { account_id: "a1".into(), recovery_hash: "code".into() },
            Op::SetAccountSettings { account_id: "a1".into(), settings: r#"{"theme":"dark"}"#.into() },
        ])
        .await
        .unwrap();
    let care = store.account_care("a1").await.unwrap().unwrap();
    assert_eq!(
        (care.recovery_hash.as_deref(), care.settings.as_deref()),
        (Some("code"), Some(r#"{"theme":"dark"}"#))
    );
    let unknown = store
        .write(vec![Op::SetRecoveryCode { account_id: "nobody".into(), recovery_hash: "x".into() }])
        .await
        .unwrap_err();
    assert_eq!(unknown.kind(), ErrorKind::NotFound);
}

#[tokio::test]
async fn closing_an_account_withdraws_what_it_had_open_and_keeps_its_name() {
    let store = fresh_store("account-close").await;
    store.write(vec![account("a1", "Anna"), account("a2", "Bert"), session("s1", "a1")]).await.unwrap();
    let challenge = |id: &str, from: &str, to: &str| {
        Op::CreateChallenge(ChallengeRow {
            id: id.into(),
            challenger_id: from.into(),
            challenger_name: String::new(),
            challenged_id: to.into(),
            challenged_name: String::new(),
            terms: terms(),
            created_ms: 10,
            expires_ms: 1_000_000,
            status: "open".into(),
            reason: None,
            game_id: None,
            challenger_bot: false,
            challenged_bot: false,
        })
    };
    let join = |tournament: &str, account_id: &str| Op::JoinTournament {
        tournament_id: tournament.into(),
        account_id: account_id.into(),
        rating: 1500.0,
        joined_ms: 20,
    };
    store
        .write(vec![
            Op::CreateSeek(SeekRow {
                id: "k1".into(),
                account_id: "a1".into(),
                account_name: String::new(),
                terms: terms(),
                created_ms: 10,
                game_id: None,
            }),
            Op::JoinPool(PoolRow {
                account_id: "a1".into(),
                account_name: String::new(),
                game: "toy".into(),
                clock: (180_000, 2000),
                rated: true,
                rating: 1500.0,
                joined_ms: 10,
            }),
            challenge("c1", "a1", "a2"),
            challenge("c2", "a2", "a1"),
            Op::CreateTournament(Box::new(arena("t1", "created"))),
            Op::CreateTournament(Box::new(arena("t2", "finished"))),
            join("t1", "a1"),
            join("t1", "a2"),
            join("t2", "a1"),
        ])
        .await
        .unwrap();

    let mut game = sample("g1");
    game.seats[0].account = Some(SeatAccount {
        id: "a1".into(),
        name: String::new(),
        rating_before: Some(1500.0),
        rating_after: None,
        bot: false,
        provisional: true,
        closed: false,
    });
    store.write(vec![Op::CreateGame(Box::new(game))]).await.unwrap();
    let seat_closed = || async {
        let game = store.load_game("g1").await.unwrap().unwrap();
        game.seats[0].account.as_ref().map(|a| (a.name.clone(), a.closed))
    };
    assert_eq!(seat_closed().await, Some(("Anna".into(), false)));

    store.write(vec![Op::CloseAccount { account_id: "a1".into(), closed_ms: 77 }]).await.unwrap();
    assert_eq!(seat_closed().await, Some(("Anna".into(), true)), "its games keep the name, marked closed");
    let care = store.account_care("a1").await.unwrap().unwrap();
    assert_eq!((care.closed_ms, care.password_hash.as_str(), care.recovery_hash), (Some(77), "", None));
    assert_eq!(store.session("s1", 0).await.unwrap(), None);
    assert_eq!(store.seek("k1").await.unwrap(), None);
    assert!(store.pool_entries(0, 0).await.unwrap().is_empty());
    for id in ["c1", "c2"] {
        assert_eq!(store.challenge(id).await.unwrap().unwrap().status, "cancelled", "{id}");
    }
    let withdrawn = |players: Vec<spielwerk_store::TournamentPlayerRow>| {
        players.into_iter().map(|p| (p.account_id, p.withdrawn)).collect::<Vec<_>>()
    };
    let t1 = store.tournament("t1").await.unwrap().unwrap();
    assert!(withdrawn(t1.players).contains(&("a1".into(), true)));
    assert_eq!(t1.row.version, 1, "a pairing read before the closing is refused");
    let t2 = store.tournament("t2").await.unwrap().unwrap();
    assert_eq!(
        withdrawn(t2.players),
        [("a1".to_string(), false)],
        "a finished tournament keeps its standings"
    );
    assert_eq!(store.account_by_name("anna").await.unwrap().unwrap().id, "a1", "the name stays taken");

    let again =
        store.write(vec![Op::CloseAccount { account_id: "a1".into(), closed_ms: 78 }]).await.unwrap_err();
    assert_eq!(again.kind(), ErrorKind::NotFound, "closed once");
    let settings = Op::SetAccountSettings { account_id: "a1".into(), settings: "{}".into() };
    assert_eq!(store.write(vec![settings]).await.unwrap_err().kind(), ErrorKind::NotFound);
}
