//! The WebSockets held to their limits (issue 53, points 1 and 4): a
//! message over the size limit closes that socket and nothing else, one
//! address holds at most so many sockets, a silent socket is closed while
//! one that answers the pings stays, the players' chat never reaches a
//! spectator's socket, during the game or after it, and a player's socket
//! known as it opens is never counted as watching (SQLite, or PostgreSQL
//! with `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{PATIENCE, TestServer, create, expect, invite_code, play, registry, temp_db};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use spielwerk_server::{Limits, SocketLimits};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A server of the toy game with these socket limits.
async fn server_with(name: &str, sockets: SocketLimits) -> TestServer {
    TestServer::start_limited(registry(), &temp_db(name), Limits { sockets, ..Limits::default() }).await
}

/// A game between people, joined: (id, P1's token, P2's token).
async fn joined_game(server: &TestServer) -> (String, String, String) {
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let join = format!("/api/games/{id}/join");
    let joined = expect(client.post(&join, None, &json!({"invite": invite_code(&created)})).await, 200).await;
    (id, created["token"].as_str().unwrap().to_owned(), joined["token"].as_str().unwrap().to_owned())
}

/// A WebSocket on the game `id`.
async fn open(addr: SocketAddr, id: &str) -> Socket {
    tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await.unwrap().0
}

/// A WebSocket on the game `id` of the player holding the seat's `token`,
/// said as it opens (the subprotocol `seat.<token>` beside `spielwerk`, as
/// the web's game page opens it).
async fn open_as_player(addr: SocketAddr, id: &str, token: &str) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/api/games/{id}/ws").into_client_request().unwrap();
    let offered = format!("spielwerk, seat.{token}").parse().unwrap();
    request.headers_mut().insert("sec-websocket-protocol", offered);
    let (socket, response) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(response.headers()["sec-websocket-protocol"], "spielwerk", "the token is never echoed");
    socket
}

/// The kinds of the messages on `socket` up to its next count of watchers
/// (at most [`PATIENCE`]), and the count.
async fn until_watchers(socket: &mut Socket) -> (Vec<String>, u64) {
    let mut kinds = Vec::new();
    loop {
        let message = next_json(socket).await;
        if message["type"] == "watchers" {
            return (kinds, message["count"].as_u64().unwrap());
        }
        kinds.push(message["type"].as_str().unwrap_or_default().to_owned());
    }
}

/// The next JSON message on `socket` (pings are answered on the way).
async fn next_json(socket: &mut Socket) -> Value {
    let until = Instant::now() + PATIENCE;
    loop {
        let message = tokio::time::timeout_at(until.into(), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("a message, not an error");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Reads `socket` until it is closed; the close code if a close frame came.
async fn closed(socket: &mut Socket) -> Option<CloseCode> {
    let until = Instant::now() + PATIENCE;
    loop {
        match tokio::time::timeout_at(until.into(), socket.next()).await {
            Err(_) => panic!("the socket is still open"),
            Ok(None | Some(Err(_))) => return None,
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| f.code),
            Ok(Some(Ok(_))) => {}
        }
    }
}

#[tokio::test]
async fn a_message_over_the_limit_closes_its_socket_and_nothing_else() {
    let server = server_with("sockets-size", SocketLimits::default()).await;
    let (id, p1, _) = joined_game(&server).await;
    let (mut big, mut other) = (open(server.addr, &id).await, open(server.addr, &id).await);
    assert_eq!(next_json(&mut big).await["type"], "state");
    assert_eq!(next_json(&mut other).await["type"], "state");
    // A hello within the limit is read as ever; 1 MiB is not.
    big.send(Message::text(json!({"type": "hello", "token": "nobody"}).to_string())).await.unwrap();
    let mebibyte = "x".repeat(1 << 20);
    // The server may close while the message is still being written.
    let _ = big.send(Message::text(mebibyte)).await;
    let code = closed(&mut big).await;
    assert!(matches!(code, None | Some(CloseCode::Size)), "closed with {code:?}");
    // The other socket still gets the game's changes.
    let mut client = server.client().await;
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    let until = Instant::now() + PATIENCE;
    loop {
        assert!(Instant::now() < until, "no update with the move");
        let pushed = next_json(&mut other).await;
        if pushed["moves"].as_array().is_some_and(|moves| moves.iter().any(|m| m == "a1")) {
            break;
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn one_address_holds_at_most_its_sockets_and_gets_a_place_back_when_one_closes() {
    let server = server_with("sockets-cap", SocketLimits { per_address: 3, ..SocketLimits::default() }).await;
    let (id, _, _) = joined_game(&server).await;
    let mut sockets = Vec::new();
    for _ in 0..3 {
        sockets.push(open(server.addr, &id).await);
    }
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    match tokio_tungstenite::connect_async(&url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429);
            let body: Value = serde_json::from_slice(response.body().as_deref().unwrap_or_default()).unwrap();
            assert!(body["message"]["en"].as_str().unwrap().contains("at most 3"), "{body}");
            assert!(body["message"]["de"].as_str().unwrap().contains("höchstens 3"), "{body}");
            assert!(response.headers().contains_key("retry-after"));
        }
        other => panic!("a fourth socket was not refused: {other:?}"),
    }
    // Closing one gives its place back (once the server has seen it close).
    let mut first = sockets.remove(0);
    first.close(None).await.unwrap();
    let until = Instant::now() + PATIENCE;
    while tokio_tungstenite::connect_async(&url).await.is_err() {
        assert!(Instant::now() < until, "the place of the closed socket never came back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn a_silent_socket_is_closed_and_one_that_answers_pings_stays() {
    let limits = SocketLimits { idle: Duration::from_secs(3), ..SocketLimits::default() };
    let server = server_with("sockets-idle", limits).await;
    let (id, _, _) = joined_game(&server).await;
    // A client that reads nothing and answers no ping: a raw upgrade.
    let mut raw = TcpStream::connect(server.addr).await.unwrap();
    let head = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    raw.write_all(head.as_bytes()).await.unwrap();
    // A client that answers every ping (tungstenite does, while read).
    let mut live = open(server.addr, &id).await;
    let mut pings = 0;
    let until = Instant::now() + PATIENCE;
    let mut got = Vec::new();
    let mut buffer = [0; 4096];
    let raw_closed = async {
        loop {
            match raw.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buffer[..n]),
            }
        }
    };
    tokio::pin!(raw_closed);
    let mut raw_done = false;
    // Until the silent one is closed and the live one has seen pings for
    // longer than the silence allowed.
    while !raw_done || pings < 6 {
        assert!(Instant::now() < until, "pings {pings}, silent one closed: {raw_done}");
        tokio::select! {
            () = &mut raw_closed, if !raw_done => raw_done = true,
            message = live.next() => match message {
                Some(Ok(Message::Ping(_))) => pings += 1,
                Some(Ok(Message::Close(frame))) => panic!("the answering socket was closed: {frame:?}"),
                Some(Ok(_)) => {}
                other => panic!("the answering socket failed: {other:?}"),
            },
            () = tokio::time::sleep_until(until.into()) => {}
        }
    }
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 101"), "{text}");
    // The close frame (0x88) with 1001, "going away".
    let close = got.windows(4).any(|w| w[0] == 0x88 && w[2..4] == 1001u16.to_be_bytes());
    assert!(close, "no close frame 1001 in {got:?}");
    server.stop().await;
}

#[tokio::test]
async fn the_players_chat_never_reaches_a_spectators_socket_not_even_after_the_game() {
    let server = server_with("sockets-chat", SocketLimits::default()).await;
    let (id, p1, p2) = joined_game(&server).await;
    let mut client = server.client().await;
    let chat = format!("/api/games/{id}/chat");
    expect(client.post(&chat, Some(&p1), &json!({"text": "just between us"})).await, 200).await;
    expect(client.post(&format!("/api/games/{id}/resign"), Some(&p2), &json!({})).await, 200).await;
    // A spectator after the game: the state, then at most the spectators'
    // chat, then the count of watchers (after everything the socket sends
    // at its start) — never the players' chat.
    let mut spectator = open(server.addr, &id).await;
    let mut seen = Vec::new();
    loop {
        let message = next_json(&mut spectator).await;
        assert_ne!(message["type"], "chat", "the players' chat reached a spectator: {message}");
        if message["type"] == "watchers" {
            break;
        }
        seen.push(message);
    }
    assert_eq!(seen[0]["type"], "state", "{seen:?}");
    assert_eq!(client.get(&chat).await.unwrap().status, 403, "and over HTTP alike");
    // A player's socket still has it (with the player's token).
    let mut player = open(server.addr, &id).await;
    player.send(Message::text(json!({"type": "hello", "token": p1}).to_string())).await.unwrap();
    loop {
        let message = next_json(&mut player).await;
        if message["type"] == "chat" {
            assert_eq!(message["messages"][0]["text"], "just between us");
            break;
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn a_players_socket_known_as_it_opens_is_never_counted_as_watching() {
    let server = server_with("sockets-watching", SocketLimits::default()).await;
    let (id, p1, p2) = joined_game(&server).await;
    // Both players' sockets, then a spectator's: the spectator counts itself only.
    let mut first = open_as_player(server.addr, &id, &p1).await;
    let mut second = open_as_player(server.addr, &id, &p2).await;
    let mut spectator = open(server.addr, &id).await;
    assert_eq!(until_watchers(&mut spectator).await.1, 1, "the players' sockets were counted");
    for player in [&mut first, &mut second] {
        let (kinds, count) = until_watchers(player).await;
        assert_eq!(count, 1, "{kinds:?}");
        assert!(kinds.contains(&"chat".to_owned()), "a player's socket carries the players' chat: {kinds:?}");
    }
    // P1 in a second tab while the spectator watches: its first count is the
    // spectator alone, and a second spectator makes two.
    let mut again = open_as_player(server.addr, &id, &p1).await;
    assert_eq!(until_watchers(&mut again).await.1, 1, "a player's socket counted itself");
    let mut other = open(server.addr, &id).await;
    assert_eq!(until_watchers(&mut other).await.1, 2, "two spectators and no player");
    assert_eq!(until_watchers(&mut first).await.1, 2);
    server.stop().await;
}
