//! The statements of challenges, the spectators' chat and chat mutes, on
//! SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`.

use crate::common;

use common::{fresh_store, sample};
use spielwerk_store::{AccountRow, ChallengeRow, Op, SpectatorChatRow, StoreError, TermsRow};

fn account(id: &str, name: &str) -> Op {
    Op::CreateAccount(AccountRow {
        id: id.into(),
        name: name.into(),
        password_hash: "h".into(),
        created_ms: 1,
    })
}

fn challenge(id: &str, created_ms: i64) -> ChallengeRow {
    ChallengeRow {
        id: id.into(),
        challenger_id: "a1".into(),
        challenger_name: "Anna".into(),
        challenged_id: "a2".into(),
        challenged_name: "Bert".into(),
        terms: TermsRow {
            game: "toy".into(),
            options: r#"{"rules":"misere"}"#.into(),
            // The later one is a correspondence challenge: days per move instead of a clock.
            clock: (created_ms <= 1000).then_some((150_000, 7000)),
            rated: true,
            side: "p1".into(),
            days_per_move: (created_ms > 1000).then_some(3),
            takebacks: created_ms > 1000,
        },
        created_ms,
        expires_ms: created_ms + 600_000,
        status: "open".into(),
        reason: None,
        game_id: None,
        challenger_bot: false,
        challenged_bot: false,
    }
}

fn answer(id: &str, status: &str, reason: Option<&str>, now_ms: i64) -> Op {
    Op::AnswerChallenge {
        id: id.into(),
        status: status.into(),
        reason: reason.map(Into::into),
        game_id: None,
        now_ms,
    }
}

#[tokio::test]
async fn challenges_are_answered_once_and_not_after_they_expire() {
    let store = fresh_store("challenges").await;
    store.write(vec![account("a1", "Anna"), account("a2", "Bert"), account("a3", "Cleo")]).await.unwrap();
    store
        .write(vec![Op::CreateChallenge(challenge("c1", 1000)), Op::CreateChallenge(challenge("c2", 2000))])
        .await
        .unwrap();
    let read = store.challenge("c1").await.unwrap().unwrap();
    assert_eq!(read, challenge("c1", 1000), "read back as written, names included");
    let (c1, c2) =
        (store.challenge("c1").await.unwrap().unwrap(), store.challenge("c2").await.unwrap().unwrap());
    assert_eq!((c1.terms.takebacks, c2.terms.takebacks), (false, true), "takebacks read back as written");
    assert_eq!(c2, challenge("c2", 2000), "a correspondence challenge read back: days per move, no clock");
    assert_eq!(store.challenges_of("a2", 0).await.unwrap().len(), 2);
    assert_eq!(store.challenges_of("a1", 1500).await.unwrap().len(), 1, "since a time");
    assert!(store.challenges_of("a3", 0).await.unwrap().is_empty());
    assert!(store.challenge("nope").await.unwrap().is_none());

    store.write(vec![answer("c1", "declined", Some("casual"), 5000)]).await.unwrap();
    let declined = store.challenge("c1").await.unwrap().unwrap();
    assert_eq!((declined.status.as_str(), declined.reason.as_deref()), ("declined", Some("casual")));
    let again = store.write(vec![answer("c1", "accepted", None, 6000)]).await.unwrap_err();
    assert!(matches!(again, StoreError::Conflict(_)), "{again:?}");
    // Past its time a challenge cannot be answered, and a failed request changes nothing.
    let late = store.write(vec![account("a4", "Dora"), answer("c2", "accepted", None, 2000 + 600_000)]).await;
    assert!(matches!(late, Err(StoreError::Conflict(_))), "{late:?}");
    assert_eq!(store.challenge("c2").await.unwrap().unwrap().status, "open");
    assert!(store.account_by_name("dora").await.unwrap().is_none());
    let accepted = Op::AnswerChallenge {
        id: "c2".into(),
        status: "accepted".into(),
        reason: None,
        game_id: Some("g1".into()),
        now_ms: 3000,
    };
    store.write(vec![accepted]).await.unwrap();
    assert_eq!(store.challenge("c2").await.unwrap().unwrap().game_id.as_deref(), Some("g1"));

    // An ignored challenge (the challenged account mutes the challenger)
    // can only be withdrawn.
    let ignored = ChallengeRow { status: "ignored".into(), ..challenge("c3", 3000) };
    store.write(vec![Op::CreateChallenge(ignored.clone())]).await.unwrap();
    assert_eq!(store.challenge("c3").await.unwrap().unwrap(), ignored);
    for status in ["accepted", "declined"] {
        let refused = store.write(vec![answer("c3", status, None, 4000)]).await.unwrap_err();
        assert!(matches!(refused, StoreError::Conflict(_)), "{status}: {refused:?}");
    }
    store.write(vec![answer("c3", "cancelled", None, 4000)]).await.unwrap();
    assert_eq!(store.challenge("c3").await.unwrap().unwrap().status, "cancelled");

    // Old challenges are deleted by their expiry, answered or not.
    store.write(vec![Op::DeleteOldChallenges { expired_before_ms: 2000 + 600_000 }]).await.unwrap();
    assert!(store.challenge("c1").await.unwrap().is_none(), "expired at 601000");
    assert!(store.challenge("c2").await.unwrap().is_some(), "expires at 602000");
    store.write(vec![Op::DeleteOldChallenges { expired_before_ms: i64::MAX }]).await.unwrap();
    assert!(store.challenges_of("a1", 0).await.unwrap().is_empty());
}

#[tokio::test]
async fn the_spectators_chat_is_read_with_the_game_and_mutes_are_kept() {
    let store = fresh_store("spectators").await;
    store.write(vec![account("a1", "Anna"), account("a2", "bert"), account("a3", "Cleo")]).await.unwrap();
    store.write(vec![Op::CreateGame(Box::new(sample("g1")))]).await.unwrap();
    let line = |account_id: &str, name: &str, body: &str, sent_ms| SpectatorChatRow {
        account_id: account_id.into(),
        name: name.into(),
        body: body.into(),
        sent_ms,
    };
    store
        .write(vec![
            Op::AddSpectatorChat {
                game: "g1".into(),
                seq: 0,
                line: line("a3", "Cleo", "spannend", 10),
                keep_from: 0,
            },
            Op::AddSpectatorChat {
                game: "g1".into(),
                seq: 1,
                line: line("a2", "bert", "ja", 11),
                keep_from: 0,
            },
        ])
        .await
        .unwrap();
    let game = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!(game.spectator_chat, [line("a3", "Cleo", "spannend", 10), line("a2", "bert", "ja", 11)]);
    assert_eq!(game.spectator_chat_from, 0);
    let taken =
        Op::AddSpectatorChat { game: "g1".into(), seq: 1, line: line("a3", "Cleo", "x", 12), keep_from: 0 };
    assert!(store.write(vec![taken]).await.is_err(), "a message's place is taken once");
    // Keeping the newest two: the oldest goes, and the index of the first kept is read back.
    let third =
        Op::AddSpectatorChat { game: "g1".into(), seq: 2, line: line("a3", "Cleo", "los", 13), keep_from: 1 };
    store.write(vec![third]).await.unwrap();
    let game = store.load_game("g1").await.unwrap().unwrap();
    assert_eq!(game.spectator_chat, [line("a2", "bert", "ja", 11), line("a3", "Cleo", "los", 13)]);
    assert_eq!(game.spectator_chat_from, 1);

    let mute = |muted_id: &str, muted| Op::SetMute {
        account_id: "a1".into(),
        muted_id: muted_id.into(),
        muted,
        at_ms: 5,
    };
    store.write(vec![mute("a3", true), mute("a2", true), mute("a2", true)]).await.unwrap();
    assert_eq!(store.muted("a1").await.unwrap(), ["bert", "Cleo"], "by name, whatever the case");
    store.write(vec![mute("a3", false)]).await.unwrap();
    assert_eq!(store.muted("a1").await.unwrap(), ["bert"]);
    assert!(store.muted("a2").await.unwrap().is_empty());
}
