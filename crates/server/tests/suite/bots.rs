//! Personal API tokens and the Bot API's account upgrade, over loopback
//! (SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`): a token is
//! shown once, listed without its secret, revoked by its owner only, and
//! signs in no more once revoked; an account becomes a bot with a
//! `bot:play` token or from its page, once, and never after it played.

use crate::common;

use common::{TestServer, create, expect, invite_code, sign_up, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};

/// Makes a token with these scopes; its id and secret.
async fn make_token(client: &mut Client, scopes: &[&str]) -> (String, String) {
    let body = json!({"description": "my bridge", "scopes": scopes});
    let made = expect(client.post("/api/account/tokens", None, &body).await, 201).await;
    (made["id"].as_str().unwrap().to_owned(), made["token"].as_str().unwrap().to_owned())
}

/// `POST /api/bot/account/upgrade` with `token` (none: the cookie).
async fn upgrade(client: &mut Client, token: Option<&str>) -> (u16, Value) {
    let reply = client.post("/api/bot/account/upgrade", token, &json!({})).await.unwrap();
    (reply.status, reply.json())
}

#[tokio::test]
async fn tokens_are_shown_once_listed_without_secrets_and_revoked_by_their_owner() {
    let server = TestServer::start(&temp_db("api-tokens")).await;
    let mut anna = server.client().await;
    let mut guest = server.client().await;
    assert_eq!(guest.get("/api/account/tokens").await.unwrap().status, 401, "signed out");
    sign_up(&mut anna, "Anna").await;

    let (id, secret) = make_token(&mut anna, &["bot:play", "challenge:write", "bot:play"]).await;
    assert!(secret.starts_with("spw_") && secret.len() > 40, "{secret}");
    let listed = expect(anna.get("/api/account/tokens").await, 200).await;
    assert_eq!(listed["bot"], false);
    assert_eq!(listed["tokens"].as_array().unwrap().len(), 1);
    let token = &listed["tokens"][0];
    assert_eq!(
        (token["id"].as_str().unwrap(), token["description"].as_str().unwrap()),
        (id.as_str(), "my bridge")
    );
    assert_eq!(token["scopes"], json!(["bot:play", "challenge:write"]), "each scope once");
    assert!(!listed.to_string().contains(&secret[4..]), "the list shows no secret");

    for (body, field, words) in [
        (json!({"description": "", "scopes": ["bot:play"]}), "description", "1 to 100"),
        (json!({"description": "x".repeat(101), "scopes": ["bot:play"]}), "description", "1 to 100"),
        (json!({"description": "x", "scopes": ["bot:fly"]}), "scopes", "no scope 'bot:fly'"),
        (json!({"description": "x", "scopes": []}), "scopes", "at least one scope"),
    ] {
        let refused = anna.post("/api/account/tokens", None, &body).await.unwrap();
        assert_eq!((refused.status, refused.headers["x-field"].to_str().unwrap()), (422, field), "{body}");
        assert!(refused.json()["message"]["en"].as_str().unwrap().contains(words), "{}", refused.text());
        assert!(!refused.json()["message"]["de"].as_str().unwrap().is_empty());
    }

    // Another account cannot revoke it; its owner can, and it no longer signs in.
    let mut bert = server.client().await;
    sign_up(&mut bert, "Bert").await;
    let foreign = bert.send("DELETE", &format!("/api/account/tokens/{id}"), None, None, "").await.unwrap();
    assert_eq!(foreign.status, 404, "{}", foreign.text());
    let (status, _) = upgrade(&mut guest, Some("spw_nonsense")).await;
    assert_eq!(status, 401, "an unknown token");
    let revoked = anna.send("DELETE", &format!("/api/account/tokens/{id}"), None, None, "").await.unwrap();
    assert_eq!((revoked.status, revoked.json()), (200, json!({"ok": true})));
    let (status, body) = upgrade(&mut guest, Some(&secret)).await;
    assert_eq!(status, 401, "a revoked token: {body}");
    assert_eq!(expect(anna.get("/api/account/tokens").await, 200).await["tokens"], json!([]));
}

#[tokio::test]
async fn an_account_becomes_a_bot_with_a_bot_play_token_once_and_never_after_it_played() {
    let server = TestServer::start(&temp_db("bot-upgrade")).await;
    let mut owner = server.client().await;
    sign_up(&mut owner, "Botty").await;
    let (_, reader) = make_token(&mut owner, &["challenge:read"]).await;
    let (_, player) = make_token(&mut owner, &["bot:play"]).await;
    // A program without a cookie, with the token only.
    let mut program = server.client().await;
    let (status, body) = upgrade(&mut program, Some(&reader)).await;
    assert_eq!(status, 403, "a token without bot:play: {body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("bot:play"));
    assert_eq!(upgrade(&mut program, Some(&player)).await, (200, json!({"ok": true})));
    assert_eq!(expect(owner.get("/api/account/tokens").await, 200).await["bot"], true);
    let (status, body) = upgrade(&mut program, Some(&player)).await;
    assert_eq!(status, 409, "a bot already: {body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("a bot already"));

    // A person who has played stays a person, asked from the page or by a token.
    let mut carla = server.client().await;
    sign_up(&mut carla, "Carla").await;
    let created = create(&mut carla, json!({"game": "toy", "opponent": "human", "side": "p1"})).await;
    let mut friend = server.client().await;
    let code = invite_code(&created);
    expect(
        friend
            .post(
                &format!("/api/games/{}/join", created["id"].as_str().unwrap()),
                None,
                &json!({"invite": code}),
            )
            .await,
        200,
    )
    .await;
    let (status, body) = upgrade(&mut carla, None).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"]["en"].as_str().unwrap().contains("make a fresh account"), "{body}");
    assert_eq!(expect(carla.get("/api/account/tokens").await, 200).await["bot"], false);
    let mut nobody = server.client().await;
    assert_eq!(upgrade(&mut nobody, None).await.0, 401, "signed out, no token");
}
