//! Issue 53, points 8 and 9, at the HTTP level: names that are no account
//! names (NUL and all) refused with 422 wherever a request names an
//! account, record tags with limits and without control characters, and
//! every game's own record importing back (SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`).

mod common;

use common::{TestServer, create, expect, temp_db};
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

/// A record of the toy game with one more tag, `[name "value"]`.
fn record_with_tag(name: &str, value: &str) -> String {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[Game \"toy\"]\n[{name} \"{value}\"]\n\n1. a1 b1 *\n")
}

#[tokio::test]
async fn record_tags_have_limits_and_no_control_characters() {
    let server = TestServer::start(&temp_db("edge-tags")).await;
    let mut client = server.client().await;
    let long_name = "N".repeat(100_000);
    for (name, value, says) in [
        (long_name.as_str(), "x", "has 100000 characters; at most 64"),
        ("Év", "x", "contains U+00C9"),
        ("Event", "nul\u{0}byte", "tag [Event] contains a control character (U+0000)"),
        ("Event", "two\nlines", "U+000A"),
        ("Event", "flip\u{202E}txt", "U+202E"),
        ("Event", &"x".repeat(501), "longer than 500"),
    ] {
        let record = record_with_tag(name, value);
        let reply = client.post("/api/records", None, &json!({"record": record})).await.unwrap();
        let body = refusal(&reply, 422, "rejected");
        let said = body["message"]["en"].as_str().unwrap();
        assert!(said.contains(says), "{says}: {said}");
        assert!(said.len() < 300, "a long name is quoted cut: {said}");
    }
    let name = "N".repeat(64);
    let imported = expect(
        client.post("/api/records", None, &json!({"record": record_with_tag(&name, "Ünïcödé, fine")})).await,
        201,
    )
    .await;
    assert!(imported["state"]["tags"].as_array().unwrap().contains(&json!([name, "Ünïcödé, fine"])));
    server.stop().await;
}

#[tokio::test]
async fn every_games_own_record_imports_back_with_its_players() {
    let registry = games::registry();
    let names: Vec<&str> = registry.entries().iter().map(|entry| entry.name).collect();
    let server = TestServer::start_with(games::registry(), &temp_db("edge-own-records")).await;
    let mut client = server.client().await;
    for name in names {
        let created = create(&mut client, json!({"game": name, "opponent": "human"})).await;
        let id = created["id"].as_str().unwrap();
        let record = client.get(&format!("/api/games/{id}/record")).await.unwrap().text();
        let reply = client.post("/api/records", None, &json!({"record": record})).await.unwrap();
        assert_eq!(reply.status, 201, "{name}: {} for\n{record}", reply.text());
        let seats = &reply.json()["state"]["seats"];
        for seat in [0, 1] {
            assert_eq!(seats[seat]["label"], "Anonymous", "{name}: {seats}\n{record}");
        }
    }
    server.stop().await;
}
