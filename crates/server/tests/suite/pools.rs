//! Quick pairing and the lobby's live connection (issue 50: the seeker
//! who never reached the game, seeks that outlived their creator, the
//! same seek twice, pools): two accounts in one pool are paired and both
//! lobby sockets are told the game; an accepted seek's seeker is told
//! too; a reload (the last lobby socket closes, a new one opens within
//! the grace) keeps the account's pool entry and seeks, while the last
//! socket gone for the grace takes the account out of its pool and
//! withdraws its seeks with a clock, not its correspondence seeks
//! (SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`).

use crate::common;

use common::{PATIENCE, TestServer, expect, signed_up, state, temp_db};
use futures_util::StreamExt;
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::Limits;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The lobby socket of `client`'s account.
async fn lobby_socket(server: &TestServer, client: &Client) -> Socket {
    let mut request = format!("ws://{}/api/lobby/ws", server.addr).into_client_request().unwrap();
    request.headers_mut().insert("cookie", client.cookie.as_deref().unwrap().parse().unwrap());
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

/// The next `paired` message on `socket`.
async fn paired(socket: &mut Socket) -> Value {
    let until = Instant::now() + PATIENCE;
    loop {
        let message = tokio::time::timeout_at(until.into(), socket.next())
            .await
            .expect("told of the pairing in time")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            let told: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(told["type"], "paired", "{told}");
            return told;
        }
    }
}

/// Closes `socket` and reads it to its end (the server saw the close).
async fn close_and_wait(mut socket: Socket) {
    socket.close(None).await.unwrap();
    while let Some(Ok(_)) = socket.next().await {}
}

/// Polls `GET path` as `client` until `done` holds.
async fn poll(client: &mut Client, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + PATIENCE;
    loop {
        let got = expect(client.get(path).await, 200).await;
        if done(&got) {
            return got;
        }
        assert!(Instant::now() < until, "timed out; last {got}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn two_accounts_in_one_pool_are_paired_and_both_lobby_sockets_are_told() {
    let server = TestServer::start(&temp_db("pools-pair")).await;
    let (mut anna, mut bert) = (signed_up(&server, "anna").await, signed_up(&server, "bert").await);
    let (mut anna_lobby, mut bert_lobby) =
        (lobby_socket(&server, &anna).await, lobby_socket(&server, &bert).await);
    let join = json!({"game": "toy", "clock": "5+3", "rated": true});
    let waiting = expect(anna.post("/api/pool", None, &join).await, 200).await;
    assert_eq!(waiting["entry"]["clock"], "5+3", "{waiting}");
    assert!(waiting.get("paired").is_none(), "{waiting}");
    // Joining the same pool again changes nothing.
    let again = expect(anna.post("/api/pool", None, &join).await, 200).await;
    assert_eq!(again["entry"]["joined_ms"], waiting["entry"]["joined_ms"]);
    assert_eq!(again["pools"], json!([{"game": "toy", "clock": "5+3", "rated": true, "waiting": 1}]));
    let joined = expect(bert.post("/api/pool", None, &join).await, 200).await;
    let game = joined["paired"]["id"].as_str().expect("paired at once").to_owned();
    let (told_anna, told_bert) = (paired(&mut anna_lobby).await, paired(&mut bert_lobby).await);
    assert_eq!(
        (told_anna["game"].as_str(), told_bert["game"].as_str()),
        (Some(game.as_str()), Some(game.as_str()))
    );
    assert_eq!(told_bert["seat"], joined["paired"]["seat"]);
    assert_ne!(told_anna["seat"], told_bert["seat"]);
    let made = state(&mut anna, &game).await;
    assert_eq!(made["rated"], true, "{made}");
    assert_eq!(made["clock"]["increment_ms"], 3000, "{made}");
    let seat = |told: &Value| if told["seat"] == "p1" { 0 } else { 1 };
    assert_eq!(made["seats"][seat(&told_anna)]["account"]["name"], "anna", "{made}");
    assert_eq!(made["seats"][seat(&told_bert)]["account"]["name"], "bert", "{made}");
    let after = expect(anna.get("/api/pool").await, 200).await;
    assert_eq!((after["entry"].clone(), after["pools"].clone()), (Value::Null, json!([])));
    server.stop().await;
}

#[tokio::test]
async fn the_seeker_is_told_the_game_the_moment_the_seek_is_accepted() {
    let server = TestServer::start(&temp_db("pools-seek")).await;
    let (mut anna, mut bert) = (signed_up(&server, "anna").await, signed_up(&server, "bert").await);
    let mut anna_lobby = lobby_socket(&server, &anna).await;
    let request = json!({"game": "toy", "clock": "5+3", "rated": true, "side": "random"});
    let seek = expect(anna.post("/api/seeks", None, &request).await, 201).await;
    // The same seek again (a tile clicked twice) is the one already open.
    let twice = expect(anna.post("/api/seeks", None, &request).await, 200).await;
    assert_eq!(twice["id"], seek["id"]);
    let listed = expect(bert.get("/api/seeks").await, 200).await;
    assert_eq!(listed["seeks"].as_array().unwrap().len(), 1, "{listed}");
    let accept = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let game = expect(bert.post(&accept, None, &json!({})).await, 201).await;
    let told = paired(&mut anna_lobby).await;
    assert_eq!(told["game"], game["id"]);
    assert_ne!(told["seat"], game["seat"]);
    server.stop().await;
}

#[tokio::test]
async fn a_reload_keeps_the_pool_entry_and_the_seeks_and_the_last_tab_gone_for_the_grace_ends_them() {
    let limits = Limits { lobby_grace: Duration::from_millis(1500), ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("pools-leave"), limits).await;
    let (mut anna, mut bert) = (signed_up(&server, "anna").await, signed_up(&server, "bert").await);
    let mut carl = signed_up(&server, "carl").await;
    // Anna (who will reload) and Carl (who will leave) each wait in a pool
    // of their own and have a seek with a clock; Anna also one by post.
    let (first_tab, anna_tab) = (lobby_socket(&server, &anna).await, lobby_socket(&server, &anna).await);
    let carl_tab = lobby_socket(&server, &carl).await;
    let pool = |clock: &str| json!({"game": "toy", "clock": clock, "rated": false});
    expect(anna.post("/api/pool", None, &pool("1+0")).await, 200).await;
    expect(carl.post("/api/pool", None, &pool("2+0")).await, 200).await;
    let seek = |clock: &str| json!({"game": "toy", "clock": clock, "side": "p1"});
    let annas = expect(anna.post("/api/seeks", None, &seek("5+3")).await, 201).await;
    let carls = expect(carl.post("/api/seeks", None, &seek("7+3")).await, 201).await;
    let by_post = json!({"game": "toy", "correspondence": 3, "side": "p1"});
    let correspondence = expect(anna.post("/api/seeks", None, &by_post).await, 201).await;
    // One tab of two closes: everything stays.
    drop(first_tab);
    let pools = expect(bert.get("/api/pool").await, 200).await;
    assert_eq!(pools["pools"].as_array().unwrap().len(), 2, "{pools}");
    // Anna reloads (her last tab closes, a new one opens at once); Carl's
    // last tab closes for good.
    close_and_wait(anna_tab).await;
    let _reloaded = lobby_socket(&server, &anna).await;
    close_and_wait(carl_tab).await;
    // Once the grace is over Carl's pool entry and seek are gone…
    let ids = |listed: &Value| {
        listed["seeks"].as_array().unwrap().iter().map(|s| s["id"].clone()).collect::<Vec<_>>()
    };
    let seeks = poll(&mut bert, "/api/seeks", |listed| !ids(listed).contains(&carls["id"])).await;
    assert_eq!(ids(&seeks), [annas["id"].clone(), correspondence["id"].clone()], "{seeks}");
    let pools = poll(&mut bert, "/api/pool", |pools| pools["pools"].as_array().unwrap().len() == 1).await;
    assert_eq!(pools["pools"][0]["clock"], "1+0", "{pools}");
    // …while Anna, who came back in time, still waits and still seeks.
    let mine = expect(anna.get("/api/pool").await, 200).await;
    assert_eq!(mine["entry"]["clock"], "1+0", "{mine}");
    // Carl's are withdrawn for good: his connecting again does not bring them back.
    let _back = lobby_socket(&server, &carl).await;
    let seeks = expect(bert.get("/api/seeks").await, 200).await;
    assert!(!ids(&seeks).contains(&carls["id"]), "{seeks}");
    let carl_pool = poll(&mut carl, "/api/pool", |pool| pool["entry"].is_null()).await;
    assert!(carl_pool["entry"].is_null());
    server.stop().await;
}

#[tokio::test]
async fn the_pool_needs_an_account_and_a_clock() {
    let server = TestServer::start(&temp_db("pools-refusals")).await;
    let mut guest = server.client().await;
    // A guest's lobby socket opens (it may watch tournaments), but the pool needs an account.
    let url = format!("ws://{}/api/lobby/ws", server.addr);
    assert!(tokio_tungstenite::connect_async(&url).await.is_ok(), "a guest's lobby socket opens");
    let join = json!({"game": "toy", "clock": "5+3"});
    assert_eq!(guest.post("/api/pool", None, &join).await.unwrap().status, 401);
    let mut anna = signed_up(&server, "anna").await;
    for (body, status, says) in [
        (json!({"game": "chess", "clock": "5+3"}), 422, "chess"),
        (json!({"game": "toy", "clock": "fast"}), 422, "5+3"),
        (json!({"game": "toy", "clock": "2000+0"}), 422, "24 hours"),
    ] {
        let refused = anna.post("/api/pool", None, &body).await.unwrap();
        assert_eq!(refused.status, status, "{body}: {}", refused.text());
        let message = refused.json()["message"].clone();
        assert!(message["en"].as_str().unwrap().contains(says), "{message}");
        assert!(message["de"].as_str().is_some_and(|de| !de.is_empty()), "{message}");
    }
    let missing = anna.post("/api/pool", None, &json!({"game": "toy"})).await.unwrap();
    assert!([400, 422].contains(&missing.status), "{}", missing.text());
    server.stop().await;
}
