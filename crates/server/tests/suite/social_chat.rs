//! The chats of a game between people (issue 25, point 3): players on
//! seats bound to accounts (a game from a seek, rated) chat on their
//! sockets without any token; spectators have a chat of their own that
//! the players' sockets do not carry while the game runs; every socket is
//! told how many watch; mutes are kept per account; bad messages get a
//! clear 422 in both languages. SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`.

use crate::common;

use common::{PATIENCE, TestServer, expect, signed_up, temp_db};
use futures_util::StreamExt;
use loadtest::client::Client;
use serde_json::{Value, json};
use std::time::Instant;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The game's socket, opened with `client`'s session cookie (if any).
async fn socket(server: &TestServer, client: &Client, id: &str) -> Socket {
    let mut request = format!("ws://{}/api/games/{id}/ws", server.addr).into_client_request().unwrap();
    if let Some(cookie) = &client.cookie {
        request.headers_mut().insert("cookie", cookie.parse().unwrap());
    }
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

/// The socket's messages of `kind` as they come, until `done` holds for
/// the texts gathered (`"<who>: <text>"`, counted from each message's
/// `from`); every other message is kept in `others`.
async fn read_until(
    socket: &mut Socket,
    kind: &str,
    others: &mut Vec<Value>,
    done: impl Fn(&[String]) -> bool,
) -> Vec<String> {
    let until = Instant::now() + PATIENCE;
    let mut texts: Vec<String> = Vec::new();
    while !done(&texts) {
        let message = tokio::time::timeout_at(until.into(), socket.next())
            .await
            .unwrap_or_else(|_| panic!("no {kind} came; have {texts:?}"))
            .unwrap()
            .unwrap();
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if message["type"] != kind {
            others.push(message);
            continue;
        }
        texts.truncate(message["from"].as_u64().unwrap() as usize);
        texts.extend(message["messages"].as_array().unwrap().iter().map(|m| {
            let who = m.get("seat").or_else(|| m.get("name")).and_then(Value::as_str).unwrap();
            format!("{who}: {}", m["text"].as_str().unwrap())
        }));
    }
    texts
}

/// A rated 5+3 game from a seek of Anna's that Bert accepted: its id.
async fn seek_game(anna: &mut Client, bert: &mut Client) -> String {
    let body = json!({"game": "toy", "clock": "5+3", "rated": true, "side": "p1"});
    let seek = expect(anna.post("/api/seeks", None, &body).await, 201).await;
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    expect(bert.post(&path, None, &json!({})).await, 201).await["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn players_bound_to_accounts_chat_spectators_have_their_own_chat_and_everyone_sees_the_count() {
    let server = TestServer::start(&temp_db("social-chat")).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let mut cleo = signed_up(&server, "Cleo").await;
    let id = seek_game(&mut anna, &mut bert).await;
    let mut anna_socket = socket(&server, &anna, &id).await;
    let mut bert_socket = socket(&server, &bert, &id).await;
    let mut cleo_socket = socket(&server, &cleo, &id).await;
    let (mut anna_other, mut bert_other, mut cleo_other) = (Vec::new(), Vec::new(), Vec::new());
    // The players' sockets carry the chat at once (empty), known by the account alone.
    read_until(&mut anna_socket, "chat", &mut anna_other, |_| true).await;

    let chat = format!("/api/games/{id}/chat");
    expect(anna.post(&chat, None, &json!({"text": "viel Glück"})).await, 200).await;
    expect(bert.post(&chat, None, &json!({"text": "danke, dir auch"})).await, 200).await;
    let both = ["p1: viel Glück", "p2: danke, dir auch"];
    assert_eq!(read_until(&mut anna_socket, "chat", &mut anna_other, |t| t.len() >= 2).await, both);
    assert_eq!(read_until(&mut bert_socket, "chat", &mut bert_other, |t| t.len() >= 2).await, both);
    let refused = expect(cleo.get(&chat).await, 403).await;
    assert!(refused["message"]["de"].as_str().is_some_and(|de| !de.is_empty()), "{refused}");

    // The spectators' chat: Cleo writes, a guest may read but not write, players may not write while it runs.
    let spectators = format!("/api/games/{id}/spectator-chat");
    expect(cleo.post(&spectators, None, &json!({"text": "spannend!"})).await, 200).await;
    assert_eq!(anna.post(&spectators, None, &json!({"text": "psst"})).await.unwrap().status, 403);
    let mut guest = server.client().await;
    assert_eq!(guest.post(&spectators, None, &json!({"text": "hi"})).await.unwrap().status, 401);
    let read = expect(guest.get(&spectators).await, 200).await;
    assert_eq!(read["messages"][0]["name"], "Cleo");
    assert_eq!(
        read_until(&mut cleo_socket, "spectator_chat", &mut cleo_other, |t| !t.is_empty()).await,
        ["Cleo: spannend!"]
    );
    for (text, says) in [
        ("a\u{0}b", "U+0000"),
        ("rtl\u{202E}gnp.exe", "U+202E"),
        ("\u{2068}x", "U+2068"),
        ("  \u{200B} ", "visible"),
    ] {
        let reply = cleo.post(&spectators, None, &json!({"text": text})).await.unwrap();
        assert_eq!(reply.status, 422, "{text:?}: {}", reply.text());
        let body = reply.json();
        assert!(body["message"]["en"].as_str().unwrap().contains(says), "{body}");
        assert!(body["message"]["de"].as_str().unwrap().contains("Nachricht"), "{body}");
        let refused = bert.post(&chat, None, &json!({"text": text})).await.unwrap();
        assert_eq!(refused.status, 422, "the players' chat refuses it too: {text:?}");
    }
    assert_eq!(expect(guest.get(&spectators).await, 200).await["messages"].as_array().unwrap().len(), 1);

    // Everybody is told the count of spectators' sockets: Cleo's one (the
    // players' own do not count, issue 50).
    for (socket, others) in [(&mut anna_socket, &mut anna_other), (&mut cleo_socket, &mut cleo_other)] {
        let until = Instant::now() + PATIENCE;
        while !others.iter().any(|m| m["type"] == "watchers" && m["count"] == 1) {
            let message = tokio::time::timeout_at(until.into(), socket.next())
                .await
                .expect("no count of 1")
                .unwrap()
                .unwrap();
            others.push(serde_json::from_str(message.to_text().unwrap()).unwrap());
        }
    }
    // The players' sockets never carried the spectators' chat while the game ran.
    assert!(anna_other.iter().chain(&bert_other).all(|m| m["type"] != "spectator_chat"), "{anna_other:?}");
    assert!(cleo_other.iter().all(|m| m["type"] != "chat"), "spectators see no players' chat");
    server.stop().await;
}

#[tokio::test]
async fn mutes_are_kept_per_account_across_a_restart_and_refused_clearly() {
    let db = temp_db("mutes");
    let server = TestServer::start(&db).await;
    let mut anna = signed_up(&server, "Anna").await;
    let _bert = signed_up(&server, "Bert").await;
    let mut guest = server.client().await;
    assert_eq!(guest.get("/api/account/mutes").await.unwrap().status, 401);
    assert_eq!(guest.raw("PUT", "/api/account/mutes/Bert", None, "").await.unwrap().status, 401);
    assert_eq!(expect(anna.get("/api/account/mutes").await, 200).await, json!({"muted": []}));
    let unknown = expect(anna.raw("PUT", "/api/account/mutes/nobody", None, "").await, 404).await;
    assert!(unknown["message"]["de"].as_str().unwrap().contains("kein Spieler"), "{unknown}");
    expect(anna.raw("PUT", "/api/account/mutes/anna", None, "").await, 422).await;
    expect(anna.raw("PUT", "/api/account/mutes/Be%00rt", None, "").await, 422).await;
    let muted = expect(anna.raw("PUT", "/api/account/mutes/bert", None, "").await, 200).await;
    assert_eq!(muted, json!({"muted": ["Bert"]}));
    expect(anna.raw("PUT", "/api/account/mutes/Bert", None, "").await, 200).await;
    server.stop().await;

    let server = TestServer::start(&db).await;
    let mut anna = server.client().await;
    let reply = anna
        .post("/api/account/login", None, &json!({"name": "Anna", "password": "secret-pass"}))
        .await
        .unwrap();
    anna.cookie = Some(reply.headers["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned());
    assert_eq!(expect(anna.get("/api/account/mutes").await, 200).await, json!({"muted": ["Bert"]}));
    let unmuted = expect(anna.raw("DELETE", "/api/account/mutes/Bert", None, "").await, 200).await;
    assert_eq!(unmuted, json!({"muted": []}));
    server.stop().await;
}
