//! Bot accounts and personal API tokens: a token found by its secret's
//! hash with its account and scopes, listed for its owner, revoked only by
//! its owner; an account becomes a bot once, and never after it played.

use crate::common::{fresh_store, sample};
use spielwerk_store::{AccountRow, ApiTokenInfo, ApiTokenRow, ErrorKind, Op, SeatAccount, TokenAccount};

fn account(id: &str, name: &str) -> AccountRow {
    AccountRow { id: id.into(), name: name.into(), password_hash: "x".into(), created_ms: 1 }
}

fn token(id: &str, account_id: &str, secret_hash: &str, created_ms: i64) -> ApiTokenRow {
    ApiTokenRow {
        id: id.into(),
        account_id: account_id.into(),
        secret_hash: secret_hash.into(),
        description: format!("token {id}"),
        scopes: "bot:play challenge:write".into(),
        created_ms,
    }
}

#[tokio::test]
async fn tokens_are_found_by_their_hash_listed_for_their_owner_and_revoked_only_by_it() {
    let store = fresh_store("api-tokens").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "Bert"))])
        .await
        .unwrap();
    store
        .write(vec![
            Op::CreateApiToken(token("t2", "a1", "h2", 20)),
            Op::CreateApiToken(token("t1", "a1", "h1", 10)),
            Op::CreateApiToken(token("t3", "a2", "h3", 5)),
        ])
        .await
        .unwrap();
    assert_eq!(
        store.token_account("h2").await.unwrap(),
        Some(TokenAccount {
            id: "a1".into(),
            name: "Anna".into(),
            scopes: "bot:play challenge:write".into()
        })
    );
    assert_eq!(store.token_account("nope").await.unwrap(), None);
    let listed: Vec<String> =
        store.api_tokens("a1").await.unwrap().into_iter().map(|t: ApiTokenInfo| t.id).collect();
    assert_eq!(listed, ["t1", "t2"], "oldest first, only the owner's");

    let foreign = store.write(vec![Op::DeleteApiToken { id: "t3".into(), account_id: "a1".into() }]).await;
    assert_eq!(foreign.unwrap_err().kind(), ErrorKind::NotFound, "another account's token is not revoked");
    assert!(store.token_account("h3").await.unwrap().is_some());
    store.write(vec![Op::DeleteApiToken { id: "t1".into(), account_id: "a1".into() }]).await.unwrap();
    assert_eq!(store.token_account("h1").await.unwrap(), None, "a revoked token signs in no more");
    assert_eq!(store.api_tokens("a1").await.unwrap().len(), 1);
}

#[tokio::test]
async fn an_account_becomes_a_bot_once_and_never_after_it_played() {
    let store = fresh_store("bots").await;
    store
        .write(vec![Op::CreateAccount(account("a1", "Anna")), Op::CreateAccount(account("a2", "Bert"))])
        .await
        .unwrap();
    assert_eq!(store.account_bot("a1").await.unwrap(), Some((false, false)));
    assert_eq!(store.account_bot("nobody").await.unwrap(), None);

    store.write(vec![Op::MakeBot { account_id: "a1".into() }]).await.unwrap();
    assert_eq!(store.account_bot("a1").await.unwrap(), Some((true, false)));
    let again = store.write(vec![Op::MakeBot { account_id: "a1".into() }]).await.unwrap_err();
    assert_eq!(again.kind(), ErrorKind::Conflict, "a bot already");

    let mut game = sample("g1");
    game.seats[1].account = Some(SeatAccount {
        id: "a2".into(),
        name: "Bert".into(),
        rating_before: None,
        rating_after: None,
        bot: false,
    });
    store.write(vec![Op::CreateGame(Box::new(game))]).await.unwrap();
    assert_eq!(store.account_bot("a2").await.unwrap(), Some((false, true)));
    let played = store.write(vec![Op::MakeBot { account_id: "a2".into() }]).await.unwrap_err();
    assert_eq!(played.kind(), ErrorKind::Conflict, "an account that played stays a person's");
    assert_eq!(store.account_bot("a2").await.unwrap(), Some((false, true)));
}
