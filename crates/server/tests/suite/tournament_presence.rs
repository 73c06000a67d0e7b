//! A tournament's maker joining it, its pages told of its changes over
//! the lobby socket, an arena pairing only its players who are there, and
//! the house's schedule of arenas (review 15, kind 16; SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`).

use crate::common;
use crate::tournaments::poll;

use common::{PATIENCE, TestServer, expect, signed_up, temp_db};
use futures_util::{SinkExt, StreamExt};
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::{Limits, Patience};
use std::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A lobby socket, of `client`'s account when it is signed in, watching
/// the tournament `id`.
async fn watching(server: &TestServer, client: &Client, id: &str) -> Socket {
    let mut request = format!("ws://{}/api/lobby/ws", server.addr).into_client_request().unwrap();
    if let Some(cookie) = client.cookie.as_deref() {
        request.headers_mut().insert("cookie", cookie.parse().unwrap());
    }
    let mut socket = tokio_tungstenite::connect_async(request).await.unwrap().0;
    let watch = json!({"type": "watch_tournament", "id": id}).to_string();
    socket.send(Message::text(watch)).await.unwrap();
    socket
}

/// Waits for a `tournament` message of `id` on `socket`.
async fn told(socket: &mut Socket, id: &str) {
    let until = Instant::now() + PATIENCE;
    loop {
        let message = tokio::time::timeout_at(until.into(), socket.next())
            .await
            .expect("told of the change in time")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            let told: Value = serde_json::from_str(&text).unwrap();
            if told == json!({"type": "tournament", "id": id}) {
                return;
            }
        }
    }
}

/// The standings line of `name` in a tournament reply.
fn line<'a>(reply: &'a Value, name: &str) -> &'a Value {
    reply["standings"].as_array().unwrap().iter().find(|l| l["name"] == name).unwrap_or(&Value::Null)
}

#[tokio::test]
async fn the_maker_joins_with_join_and_a_refused_join_makes_nothing() {
    let server = TestServer::start(&temp_db("tournament-maker-joins")).await;
    let mut anna = signed_up(&server, "anna").await;
    let arena = json!({"game": "toy", "clock": "3+2", "minutes": 30, "join": true});
    let made = expect(anna.post("/api/tournaments", None, &arena).await, 201).await;
    assert_eq!(made["me"]["joined"], true, "{made}");
    assert_eq!(line(&made, "anna")["withdrawn"], false, "{made}");
    let swiss = json!({"kind": "swiss", "game": "toy", "clock": "3+2", "rounds": 3, "join": true,
        "starts_ms": made["now_ms"].as_i64().unwrap() + 600_000});
    let made = expect(anna.post("/api/tournaments", None, &swiss).await, 201).await;
    assert_eq!(made["me"]["joined"], true, "a Swiss too: {made}");
    // Without `join`, a person makes a tournament of bots, which it may not join.
    let bots = json!({"game": "toy", "clock": "3+2", "minutes": 30, "bots": "only"});
    let made = expect(anna.post("/api/tournaments", None, &bots).await, 201).await;
    assert_eq!((made["me"]["joined"].clone(), made["standings"].clone()), (json!(false), json!([])));
    let both = json!({"game": "toy", "clock": "3+2", "minutes": 30, "bots": "only", "join": true});
    let refused = anna.post("/api/tournaments", None, &both).await.unwrap();
    assert_eq!(refused.status, 403, "a person joining its tournament of bots: {}", refused.text());
    let message = refused.json()["message"].clone();
    assert!(message["de"].as_str().is_some_and(|de| !de.is_empty()), "{message}");
    let listed = expect(anna.get("/api/tournaments").await, 200).await;
    let count = |status: &str| listed[status].as_array().unwrap().len();
    assert_eq!(count("running") + count("upcoming"), 3, "the refused one was not made: {listed}");
    server.stop().await;
}

#[tokio::test]
async fn an_arena_pairs_only_players_who_are_there_and_its_watchers_are_told() {
    let server = TestServer::start(&temp_db("tournament-presence")).await;
    let mut anna = signed_up(&server, "anna").await;
    let made = expect(
        anna.post("/api/tournaments", None, &json!({"game": "toy", "clock": "3+2", "minutes": 30})).await,
        201,
    )
    .await;
    let id = made["tournament"]["id"].as_str().unwrap().to_owned();
    let join = format!("/api/tournaments/{id}/join");
    // A guest watching the arena is told when somebody joins.
    let guest = server.client().await;
    let mut spectator = watching(&server, &guest, &id).await;
    // Anna and bert each watch the arena, join it and leave its pages: away, so nobody pairs them.
    let mut bert = signed_up(&server, "bert").await;
    for (name, client) in [("anna", &mut anna), ("bert", &mut bert)] {
        let mut page = watching(&server, client, &id).await;
        expect(client.post(&join, None, &json!({})).await, 200).await;
        told(&mut spectator, &id).await;
        page.close(None).await.unwrap();
        let away = poll(client, &id, |reply| line(reply, name)["away"] == true).await;
        assert_eq!(away["me"]["game"], Value::Null, "{name} away was not paired: {away}");
    }
    // Cora and dora join without a page (as programs on the API do): they are there and paired.
    let mut cora = signed_up(&server, "cora").await;
    let mut dora = signed_up(&server, "dora").await;
    for client in [&mut cora, &mut dora] {
        expect(client.post(&join, None, &json!({})).await, 200).await;
    }
    let paired = poll(&mut cora, &id, |reply| reply["running"].as_array().unwrap().len() == 1).await;
    let game = &paired["running"][0];
    let mut players = [game["white"].as_str().unwrap(), game["black"].as_str().unwrap()];
    players.sort_unstable();
    assert_eq!(players, ["cora", "dora"], "those away wait: {paired}");
    for name in ["anna", "bert"] {
        assert_eq!(line(&paired, name)["playing"], false, "{paired}");
    }
    // Back on the arena's page, anna and bert are paired with each other.
    let _pages = [watching(&server, &anna, &id).await, watching(&server, &bert, &id).await];
    let back = poll(&mut anna, &id, |reply| reply["me"]["game"].is_string()).await;
    assert_eq!(line(&back, "anna")["away"], false, "{back}");
    let game =
        back["running"].as_array().unwrap().iter().find(|g| g["white"] == "anna" || g["black"] == "anna");
    let game = game.expect("anna's game is running");
    assert!(game["white"] == "bert" || game["black"] == "bert", "{back}");
    told(&mut spectator, &id).await;
    server.stop().await;
}

#[tokio::test]
async fn the_house_keeps_an_upcoming_arena_per_game_and_the_next_once_one_starts() {
    let patience = Patience { house_arena_minutes: 1, shortest_arena_minutes: 1, ..Patience::default() };
    let limits = Limits { patience, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("tournament-house"), limits).await;
    let mut anna = signed_up(&server, "anna").await;
    // Waits for the house's upcoming arena of the toy game, starting after `after`.
    let upcoming = async |client: &mut Client, after: i64| -> Value {
        let until = Instant::now() + 3 * PATIENCE;
        loop {
            let listed = expect(client.get("/api/tournaments").await, 200).await;
            let found = listed["upcoming"].as_array().unwrap().iter().find(|t| {
                t["created_by"] == "Spielwerk"
                    && t["game"] == "toy"
                    && t["starts_ms"].as_i64().unwrap() > after
            });
            if let Some(found) = found {
                return found.clone();
            }
            assert!(Instant::now() < until, "no house arena after {after}: {listed}");
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    };
    let first = upcoming(&mut anna, 0).await;
    let starts = first["starts_ms"].as_i64().unwrap();
    assert_eq!(starts % 60_000, 0, "it starts at a full minute: {first}");
    assert_eq!(first["ends_ms"].as_i64().unwrap() - starts, 60_000, "{first}");
    assert_eq!((first["bots"].clone(), first["rated"].clone()), (json!("welcome"), json!(true)), "{first}");
    let listed = expect(anna.get("/api/tournaments").await, 200).await;
    let house = |status: &str| {
        listed[status].as_array().unwrap().iter().filter(|t| t["created_by"] == "Spielwerk").count()
    };
    assert_eq!(house("upcoming"), 1, "one per game: {listed}");
    // A person joins it; once it has started, the next one is upcoming.
    let id = first["id"].as_str().unwrap().to_owned();
    expect(anna.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200).await;
    let next = upcoming(&mut anna, starts).await;
    assert_eq!(next["starts_ms"].as_i64().unwrap(), starts + 60_000, "the next begins as one ends: {next}");
    let started = poll(&mut anna, &id, |reply| reply["tournament"]["status"] != "upcoming").await;
    assert_eq!(started["me"]["joined"], true, "{started}");
    server.stop().await;
}
