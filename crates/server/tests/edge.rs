//! Issue 53, point 8, at the HTTP level: names that are no account names
//! (NUL and all) refused with 422 wherever a request names an account
//! (SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`).

mod common;

use common::{TestServer, expect, temp_db};
use serde_json::{Value, json};
use spielwerk_server::client::Reply;

/// The JSON error body of a reply, checked for its shape: both languages,
/// and the status and kind expected.
fn refusal(reply: &Reply, status: u16, kind: &str) -> Value {
    assert_eq!(reply.status, status, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["kind"], kind, "{body}");
    assert_eq!(body["error"], body["message"]["en"], "{body}");
    assert_ne!(body["message"]["en"], body["message"]["de"], "{body}");
    body
}

#[tokio::test]
async fn names_that_are_no_account_names_are_refused_with_422_wherever_an_account_is_named() {
    let server = TestServer::start(&temp_db("edge-names")).await;
    let mut client = server.client().await;
    let credentials = |name: &str| json!({"name": name, "password": "secret-pass"});
    expect(client.post("/api/account/signup", None, &credentials("anna")).await, 200).await;
    for name in ["an\u{0}na", "anna\u{0}", "\u{0}"] {
        for route in ["/api/account/login", "/api/account/signup"] {
            let reply = client.post(route, None, &credentials(name)).await.unwrap();
            let body = refusal(&reply, 422, "rejected");
            assert_eq!(reply.headers["x-field"], "name");
            assert!(body["message"]["de"].as_str().unwrap().contains("3 bis 20 Buchstaben"), "{body}");
            assert!(!body.to_string().contains("\\u0000"), "the refusal quotes no NUL: {body}");
        }
    }
    for path in [
        "/api/players/an%00na",
        "/api/players/an%00na/ratings",
        "/api/players/x",
        "/api/games/search?player=an%00na",
        "/api/games/search?player=%00",
    ] {
        let reply = client.get(path).await.unwrap();
        let body = refusal(&reply, 422, "rejected");
        assert!(body["message"]["en"].as_str().unwrap().contains("3 to 20 letters"), "{path}: {body}");
    }
    let profile = client.get("/api/players/an%00na").await.unwrap().json();
    assert!(profile["error"].as_str().unwrap().starts_with("'anna' is no name"), "{profile}");
    let search = client.get("/api/games/search?player=an%00na").await.unwrap();
    assert_eq!(search.headers["x-field"], "player");
    let unreadable = client.get("/api/players/an%FFna").await.unwrap();
    assert!((400..500).contains(&unreadable.status), "{}", unreadable.status);
    // Real names still work, whatever their case.
    assert_eq!(expect(client.get("/api/players/ANNA").await, 200).await["name"], "anna");
    expect(client.get("/api/players/Anna/ratings").await, 200).await;
    expect(client.get("/api/games/search?player=ANNA").await, 200).await;
    expect(client.post("/api/account/login", None, &credentials(" Anna ")).await, 200).await;
    let unknown = client.get("/api/players/nobody").await.unwrap();
    refusal(&unknown, 404, "not_found");
    server.stop().await;
}
