//! The game page's server side: rematches, the players' chat, imported
//! records' tags, and unknown paths.

use crate::common;

use common::{PATIENCE, TestServer, create, expect, invite_code, play, state, temp_db};
use futures_util::{SinkExt, StreamExt};
use loadtest::client::Client;
use serde_json::{Value, json};
use std::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// A human game of the toy with both seats taken and `options`: id and both tokens.
async fn human_game(client: &mut Client, extra: Value) -> (String, String, String) {
    let mut request = json!({"game": "toy", "opponent": "human"});
    request.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let created = create(client, request).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let path = format!("/api/games/{id}/join");
    let joined = expect(client.post(&path, None, &json!({"invite": invite_code(&created)})).await, 200).await;
    (id, created["token"].as_str().unwrap().to_owned(), joined["token"].as_str().unwrap().to_owned())
}

/// Plays Cross to a win on the a-file.
async fn win_for_cross(client: &mut Client, id: &str, p1: &str, p2: &str) {
    for (token, mv) in [(p1, "a1"), (p2, "b1"), (p1, "a2"), (p2, "b2"), (p1, "a3")] {
        expect(play(client, id, token, mv).await, 200).await;
    }
}

async fn rematch(client: &mut Client, id: &str, token: Option<&str>, action: &str) -> (u16, Value) {
    let reply =
        client.post(&format!("/api/games/{id}/rematch"), token, &json!({ "action": action })).await.unwrap();
    (reply.status, reply.json())
}

#[tokio::test]
async fn a_rematch_swaps_the_seats_keeps_game_and_clock_and_is_kept_on_the_old_game() {
    let server = TestServer::start(&temp_db("rematch")).await;
    let mut client = server.client().await;
    let (id, p1, p2) = human_game(&mut client, json!({"options": {"rules": "misere"}, "clock": "3+2"})).await;
    assert_eq!(rematch(&mut client, &id, Some(&p1), "offer").await.0, 422, "not before the game is over");
    win_for_cross(&mut client, &id, &p1, &p2).await;
    assert_eq!(rematch(&mut client, &id, None, "offer").await.0, 403);
    assert_eq!(rematch(&mut client, &id, Some(&p2), "accept").await.0, 422, "no offer yet");
    let (status, offered) = rematch(&mut client, &id, Some(&p1), "offer").await;
    assert_eq!((status, &offered["rematch_offer"]), (200, &json!("p1")), "{offered}");
    assert_eq!(state(&mut client, &id).await["rematch_offer"], "p1");
    assert_eq!(rematch(&mut client, &id, Some(&p2), "decline").await.0, 200);
    assert_eq!(state(&mut client, &id).await["rematch_offer"], Value::Null);
    assert_eq!(rematch(&mut client, &id, Some(&p1), "offer").await.0, 200);
    assert_eq!(rematch(&mut client, &id, Some(&p1), "cancel").await.0, 200);
    assert_eq!(rematch(&mut client, &id, Some(&p2), "cancel").await.0, 422, "not P2's offer");
    assert_eq!(rematch(&mut client, &id, Some(&p1), "dance").await.0, 422);
    assert_eq!(rematch(&mut client, &id, Some(&p2), "offer").await.0, 200);
    let (status, started) = rematch(&mut client, &id, Some(&p1), "accept").await;
    assert_eq!(status, 201, "{started}");
    let new_id = started["id"].as_str().unwrap().to_owned();
    assert_eq!(started["seat"], "p2", "the first player of the old game is the second of the new");
    assert_eq!(started["state"]["options"]["rules"], "misere");
    assert_eq!(started["state"]["clock"]["initial_ms"], 180_000);
    assert_eq!(started["state"]["clock"]["increment_ms"], 2000);
    let old = state(&mut client, &id).await;
    assert_eq!((&old["rematch"], &old["rematch_offer"]), (&json!(new_id), &Value::Null));
    assert_eq!(rematch(&mut client, &id, Some(&p2), "offer").await.0, 409, "one rematch per game");
    // The old P2 claims their seat with the old token, once.
    let (status, claimed) = rematch(&mut client, &id, Some(&p2), "claim").await;
    assert_eq!((status, &claimed["id"], &claimed["seat"]), (200, &json!(new_id), &json!("p1")));
    assert_eq!(rematch(&mut client, &id, Some(&p2), "claim").await.0, 409);
    let new_p1 = claimed["token"].as_str().unwrap();
    let new_p2 = started["token"].as_str().unwrap();
    assert_eq!(
        play(&mut client, &new_id, &p1, "a1").await.unwrap().status,
        403,
        "old tokens do not hold seats"
    );
    assert_eq!(play(&mut client, &new_id, new_p2, "a1").await.unwrap().status, 422, "P1 moves first");
    expect(play(&mut client, &new_id, new_p1, "a1").await, 200).await;
    expect(play(&mut client, &new_id, new_p2, "b1").await, 200).await;
    let fresh = state(&mut client, &new_id).await;
    assert!(fresh["seats"].as_array().unwrap().iter().all(|s| s["joined"] == true), "{fresh}");
    assert_eq!(fresh["clock"]["running"], "p1");
    server.stop().await;
}

#[tokio::test]
async fn playing_the_engine_again_starts_at_once_with_the_sides_swapped() {
    let server = TestServer::start(&temp_db("rematch-engine")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "engine", "level": 1})).await;
    let (id, token) = (created["id"].as_str().unwrap(), created["token"].as_str().unwrap());
    expect(client.post(&format!("/api/games/{id}/resign"), Some(token), &json!({})).await, 200).await;
    let (status, again) = rematch(&mut client, id, Some(token), "offer").await;
    assert_eq!((status, &again["seat"]), (201, &json!("p2")), "{again}");
    let seats = &again["state"]["seats"];
    assert_eq!((&seats[0]["player"], &again["state"]["level"]), (&json!("engine"), &json!(1)));
    let new_id = again["id"].as_str().unwrap();
    // The engine, now first, moves by itself.
    common::wait_for(&mut client, new_id, |s| s["ply"] == 1).await;
    assert_eq!(state(&mut client, id).await["rematch"], json!(new_id));
    server.stop().await;
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads the socket until a chat message with at least `count` messages in
/// all has come (counting from the messages' `from`); returns their texts.
async fn chat_until(socket: &mut Socket, count: usize) -> Vec<String> {
    let until = Instant::now() + PATIENCE;
    let mut texts = Vec::new();
    while texts.len() < count {
        let message = tokio::time::timeout_at(until.into(), socket.next())
            .await
            .expect("no chat came")
            .unwrap()
            .unwrap();
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if message["type"] == "chat" {
            texts.truncate(message["from"].as_u64().unwrap() as usize);
            texts.extend(
                message["messages"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| format!("{}: {}", m["seat"].as_str().unwrap(), m["text"].as_str().unwrap())),
            );
        }
    }
    texts
}

#[tokio::test]
async fn players_chat_live_and_after_a_reload_and_spectators_see_none_of_it() {
    let db = temp_db("chat");
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let (id, p1, p2) = human_game(&mut client, json!({})).await;
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut player, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (mut spectator, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    player.send(Message::text(json!({"type": "hello", "token": p2}).to_string())).await.unwrap();
    spectator
        .send(Message::text(json!({"type": "hello", "token": "not-a-token"}).to_string()))
        .await
        .unwrap();
    assert!(chat_until(&mut player, 0).await.is_empty());
    let path = format!("/api/games/{id}/chat");
    let say = |text: &str| json!({ "text": text });
    expect(client.post(&path, Some(&p1), &say("  hello there  ")).await, 200).await;
    expect(client.post(&path, Some(&p2), &say("hallo")).await, 200).await;
    assert_eq!(chat_until(&mut player, 2).await, ["p1: hello there", "p2: hallo"]);
    for bad in ["   ", &"x".repeat(201)] {
        assert_eq!(client.post(&path, Some(&p1), &say(bad)).await.unwrap().status, 422);
    }
    assert_eq!(client.post(&path, None, &say("hi")).await.unwrap().status, 403);
    assert_eq!(client.get(&path).await.unwrap().status, 403, "spectators read no chat");
    let limited = client.post(&path, Some(&p1), &say(&"ü".repeat(200))).await.unwrap();
    assert_eq!(limited.status, 200, "200 characters are fine: {}", limited.text());
    for n in 0..3 {
        expect(client.post(&path, Some(&p1), &say(&format!("burst {n}"))).await, 200).await;
    }
    let refused = client.post(&path, Some(&p1), &say("one too many")).await.unwrap();
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert!(refused.json()["message"]["de"].as_str().unwrap().contains("zu schnell"));
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    // The spectator's socket got states and updates only.
    let until = Instant::now() + PATIENCE;
    loop {
        let message =
            tokio::time::timeout_at(until.into(), spectator.next()).await.unwrap().unwrap().unwrap();
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        assert_ne!(message["type"], "chat");
        assert!(!message.to_string().contains("hello there"));
        if message["ply"] == 1 {
            break;
        }
    }
    server.stop().await;

    // After a restart the chat is read back from the database.
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let chat = expect(client.raw("GET", &path, Some(&p1), "").await, 200).await;
    let messages = chat["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 6);
    assert_eq!((&messages[0]["seat"], &messages[0]["text"]), (&json!("p1"), &json!("hello there")));
    let engine = create(&mut client, json!({"game": "toy", "opponent": "engine"})).await;
    let engine_chat = format!("/api/games/{}/chat", engine["id"].as_str().unwrap());
    assert_eq!(client.post(&engine_chat, engine["token"].as_str(), &say("hi")).await.unwrap().status, 422);
    server.stop().await;
}

#[tokio::test]
async fn imported_records_keep_their_tags_name_the_seats_and_give_the_tags_back() {
    let db = temp_db("record-tags");
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let record = "[Game \"toy\"]\n[Event \"Spring Cup\"]\n[Site \"Bremen\"]\n[Date \"2024.05.01\"]\n\
                  [Round \"3\"]\n[Cross \"Ada\"]\n[Nought \"Grace\"]\n\n1. a1 b1 2. a2 b2 3. a3 1-0";
    let imported = expect(client.post("/api/records", None, &json!({ "record": record })).await, 201).await;
    let id = imported["id"].as_str().unwrap();
    let copy = state(&mut client, id).await;
    assert_eq!(
        copy["tags"],
        json!([
            ["Event", "Spring Cup"],
            ["Site", "Bremen"],
            ["Date", "2024.05.01"],
            ["Round", "3"],
            ["Cross", "Ada"],
            ["Nought", "Grace"]
        ])
    );
    let seats = copy["seats"].as_array().unwrap();
    assert_eq!((&seats[0]["label"], &seats[1]["label"]), (&json!("Ada"), &json!("Grace")));
    assert!(seats.iter().all(|s| s["joined"] == true), "a record's seats are not open: {copy}");
    let join = client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": "00"})).await.unwrap();
    assert_eq!(join.status, 409, "{}", join.text());
    server.stop().await;

    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let text = client.get(&format!("/api/games/{id}/record")).await.unwrap().text();
    for tag in [
        "[Event \"Spring Cup\"]",
        "[Site \"Bremen\"]",
        "[Date \"2024.05.01\"]",
        "[Round \"3\"]",
        "[Cross \"Ada\"]",
    ] {
        assert!(text.contains(tag), "{tag} missing from {text}");
    }
    assert!(!text.contains("Spielwerk"), "the record's own site and date win: {text}");
    let long = format!("[Game \"toy\"]\n[Event \"{}\"]\n\n1. a1 *", "e".repeat(501));
    let refused = client.post("/api/records", None, &json!({ "record": long })).await.unwrap();
    assert_eq!(refused.status, 422, "{}", refused.text());
    server.stop().await;
}

#[tokio::test]
async fn every_address_of_the_web_ui_gets_the_app_page_with_200() {
    let server = TestServer::start(&temp_db("pages")).await;
    let mut client = server.client().await;
    // The browser's router draws these; a shared or reloaded link must not
    // answer 404 (a step of a lesson, a house arena's id with hyphens, …).
    for path in [
        "/learn",
        "/learn/toy",
        "/learn/toy/first-step",
        "/puzzles/toy/abc123",
        "/tournaments/house-toy-29941350",
        "/leagues/toy",
        "/rules/toy",
        "/settings",
        "/login",
        "/games",
        "/bots",
        "/@/somebody",
    ] {
        let reply = client.get(path).await.unwrap();
        assert_eq!(reply.status, 200, "{path}");
        assert!(reply.text().contains("/assets/app."), "{path}: the app page");
    }
    server.stop().await;
}

#[tokio::test]
async fn unknown_pages_get_the_app_page_and_unknown_api_paths_json_both_with_404() {
    let server = TestServer::start(&temp_db("unknown")).await;
    let mut client = server.client().await;
    for path in ["/nonsense", "/play", "/deep/er/path"] {
        let reply = client.get(path).await.unwrap();
        assert_eq!(reply.status, 404, "{path}");
        let content_type = reply.headers["content-type"].to_str().unwrap();
        assert!(content_type.starts_with("text/html"), "{path}: {content_type}");
        assert!(reply.text().contains("/assets/app."), "{path}: the app page");
        assert!(reply.headers.contains_key("content-security-policy"));
    }
    for path in ["/api/nope", "/api", "/api/games/abc/nothing"] {
        let reply = client.get(path).await.unwrap();
        assert_eq!(reply.status, 404, "{path}");
        let body = reply.json();
        assert!(body["error"].as_str().unwrap().contains("no such API path"), "{path}: {body}");
        assert!(body["message"]["de"].as_str().unwrap().contains("keine solche"), "{path}: {body}");
    }
    server.stop().await;
}

#[tokio::test]
async fn chat_and_rematch_work_across_two_instances_on_one_postgres_database() {
    let db = spielwerk_server::store::Database::Postgres(common::pg::cluster().database());
    let (a, b) = (TestServer::start(&db).await, TestServer::start(&db).await);
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let (id, p1, p2) = human_game(&mut on_a, json!({})).await;
    let url = format!("ws://{}/api/games/{id}/ws", b.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    socket.send(Message::text(json!({"type": "hello", "token": p2}).to_string())).await.unwrap();
    assert!(chat_until(&mut socket, 0).await.is_empty());
    // P2's presence is stored through B (a change of the game) before A changes the game.
    common::wait_for(&mut on_a, &id, |s| s["people"]["presence"][1]["seen"] == true).await;
    // P1 writes through A; P2 reads it live on B.
    expect(on_a.post(&format!("/api/games/{id}/chat"), Some(&p1), &json!({"text": "via A"})).await, 200)
        .await;
    assert_eq!(chat_until(&mut socket, 1).await, ["p1: via A"]);
    win_for_cross(&mut on_a, &id, &p1, &p2).await;
    assert_eq!(rematch(&mut on_a, &id, Some(&p1), "offer").await.0, 200);
    let (status, started) = rematch(&mut on_b, &id, Some(&p2), "accept").await;
    assert_eq!(status, 201, "{started}");
    let (status, claimed) = rematch(&mut on_a, &id, Some(&p1), "claim").await;
    assert_eq!((status, &claimed["id"], &claimed["seat"]), (200, &started["id"], &json!("p2")), "{claimed}");
    let new_id = started["id"].as_str().unwrap();
    expect(play(&mut on_a, new_id, started["token"].as_str().unwrap(), "a1").await, 200).await;
    expect(play(&mut on_b, new_id, claimed["token"].as_str().unwrap(), "b1").await, 200).await;
    a.stop().await;
    b.stop().await;
}
