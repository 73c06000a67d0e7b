//! The evaluation queue under a client that floods it (issue #53, item 2):
//! quotas in positions per client and per server, a 429 that says why and
//! when to try again, turns between clients, and owners kept across a
//! restart. Other clients are other loopback addresses (`127.0.0.x`).

use crate::common;

use common::{PATIENCE, TestServer, expect, temp_db};
use loadtest::client::{Client, Reply};
use serde_json::{Value, json};
use spielwerk_server::Limits;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

/// A toy game of 4 moves: 5 positions to evaluate.
const FIVE: &str = "[Game \"toy\"]\n1. a1 b1 2. a2 b2 *";
/// A drawn toy game of 9 moves: 10 positions to evaluate.
const TEN: &str = "[Game \"toy\"]\n1. a1 b2 2. c1 b1 3. b3 a2 4. c2 c3 5. a3 *";

/// Limits with evaluation quotas of `per_client` and `total` positions.
fn quotas(per_client: usize, total: usize) -> Limits {
    Limits {
        evaluation_plies_per_client: per_client,
        evaluation_plies_total: total,
        imports_per_minute: 0,
        ..Limits::default()
    }
}

/// A client connected from `127.0.0.last`.
async fn from(server: SocketAddr, last: u8) -> Client {
    Client::connect_from(server, IpAddr::from([127, 0, 0, last])).await.unwrap()
}

/// Imports `record`; returns the game's id.
async fn import(client: &mut Client, record: &str) -> String {
    let imported = expect(client.post("/api/records", None, &json!({ "record": record })).await, 201).await;
    imported["id"].as_str().unwrap().to_owned()
}

/// Asks for the evaluation of `id`.
async fn ask(client: &mut Client, id: &str) -> Reply {
    client.post(&format!("/api/games/{id}/evaluation"), None, &json!({})).await.unwrap()
}

/// The evaluation's progress of `id`.
async fn progress(client: &mut Client, id: &str) -> Value {
    expect(client.get(&format!("/api/games/{id}/evaluation")).await, 200).await
}

/// Checks that `reply` is a 429 whose message says `en` and `de` and that
/// names a wait; returns the wait, s.
fn refused(reply: &Reply, en: &str, de: &str) -> u64 {
    assert_eq!(reply.status, 429, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["kind"], "too_many", "{body}");
    assert!(body["message"]["en"].as_str().unwrap().contains(en), "{body}");
    assert!(body["message"]["de"].as_str().unwrap().contains(de), "{body}");
    assert!(body["error"].as_str().unwrap().contains("try again in"), "{body}");
    let retry_after = reply.headers["retry-after"].to_str().unwrap().parse::<u64>().unwrap();
    assert!(retry_after >= 1, "{retry_after}");
    retry_after
}

#[tokio::test]
async fn a_flooding_client_gets_429_and_another_is_evaluated_in_turn() {
    let server =
        TestServer::start_limited(common::registry(), &temp_db("evalq-flood"), quotas(100, 1000)).await;
    let mut flooder = from(server.addr, 1).await;
    let mut games = Vec::new();
    for _ in 0..21 {
        games.push(import(&mut flooder, FIVE).await);
    }
    // 20 games of 5 positions fill the flooder's 100; the 21st is refused
    // with the reason, not as a failure of the server.
    for id in &games[..20] {
        let reply = ask(&mut flooder, id).await;
        assert_eq!(reply.status, 202, "{}", reply.text());
    }
    let reply = ask(&mut flooder, &games[20]).await;
    refused(&reply, "positions waiting for their evaluation (at most 100)", "höchstens 100");
    assert_eq!(progress(&mut flooder, &games[20]).await["requested"], false, "nothing stored");
    // Asking again for a game queued already changes nothing.
    assert_eq!(ask(&mut flooder, &games[0]).await.status, 202);

    // Another client is served at once, between the flooder's games.
    let mut other = from(server.addr, 2).await;
    let id = import(&mut other, FIVE).await;
    let started = expect(Ok(ask(&mut other, &id).await), 202).await;
    assert_eq!((started["requested"].as_bool(), started["total"].as_u64()), (Some(true), Some(5)));
    let last = &games[19];
    let until = Instant::now() + PATIENCE;
    loop {
        let mine = progress(&mut other, &id).await;
        if mine["done"] == mine["total"] {
            // Read after: the flooder's last game is still waiting, so the
            // other client did not wait for the flooder's queue.
            let flooders = progress(&mut flooder, last).await;
            assert_ne!(flooders["done"], flooders["total"], "{flooders}");
            break;
        }
        assert!(Instant::now() < until, "the other client's evaluation did not finish: {mine}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn the_servers_budget_counts_positions_and_a_game_too_long_is_422() {
    let server =
        TestServer::start_limited(common::registry(), &temp_db("evalq-budget"), quotas(10, 20)).await;
    let mut first = from(server.addr, 1).await;
    let mut second = from(server.addr, 2).await;
    let mut third = from(server.addr, 3).await;
    for client in [&mut first, &mut second] {
        let id = import(client, TEN).await;
        assert_eq!(ask(client, &id).await.status, 202);
    }
    let id = import(&mut third, TEN).await;
    let reply = ask(&mut third, &id).await;
    // 20 wait (fewer once the first game's slice began: it is refused
    // unless the first game was evaluated whole meanwhile, 1.5 s).
    refused(&reply, "positions wait for their evaluation (", "höchstens 20 auf diesem Server");
    assert!(
        reply.json()["error"].as_str().unwrap().contains("at most 20 on this server"),
        "{}",
        reply.text()
    );

    let server_2 =
        TestServer::start_limited(common::registry(), &temp_db("evalq-too-long"), quotas(9, 100)).await;
    let mut client = from(server_2.addr, 1).await;
    let id = import(&mut client, TEN).await;
    let too_long = expect(Ok(ask(&mut client, &id).await), 422).await;
    assert!(too_long["message"]["en"].as_str().unwrap().contains("10 positions to evaluate"), "{too_long}");
    assert!(
        too_long["message"]["de"].as_str().unwrap().contains("10 zu bewertende Stellungen"),
        "{too_long}"
    );
    server_2.stop().await;
    server.stop().await;
}

#[tokio::test]
async fn a_queue_taken_up_after_a_restart_keeps_its_owners() {
    let db = temp_db("evalq-restart");
    let limits = quotas(100, 1000);
    let server = TestServer::start_limited(common::registry(), &db, limits.clone()).await;
    let mut flooder = from(server.addr, 1).await;
    let mut games = Vec::new();
    for _ in 0..11 {
        games.push(import(&mut flooder, TEN).await);
    }
    let mut other = from(server.addr, 2).await;
    let others = import(&mut other, TEN).await;
    server.stop().await;
    // As if the flooder had asked for 10 games of 10 positions and the
    // server had stopped before evaluating them.
    for (n, id) in games[..10].iter().enumerate() {
        common::execute(
            &db,
            &format!(
                "INSERT INTO evaluation_jobs (game_id, total, requested_ms, owner) \
                 VALUES ('{id}', 10, {n}, 'address:127.0.0.1')"
            ),
        );
    }
    let server = TestServer::start_limited(common::registry(), &db, limits).await;
    let mut flooder = from(server.addr, 1).await;
    // The flooder's 100 positions count for it again: one more game is
    // refused (unless 10 positions were evaluated meanwhile, 1.5 s).
    let reply = ask(&mut flooder, &games[10]).await;
    refused(&reply, "positions waiting for their evaluation (at most 100)", "höchstens 100");
    let mut other = from(server.addr, 2).await;
    assert_eq!(ask(&mut other, &others).await.status, 202);
    let until = Instant::now() + PATIENCE;
    loop {
        let mine = progress(&mut other, &others).await;
        if mine["done"] == mine["total"] {
            let flooders = progress(&mut flooder, &games[9]).await;
            assert_ne!(flooders["done"], flooders["total"], "the other went first: {flooders}");
            break;
        }
        assert!(Instant::now() < until, "the other client's evaluation did not finish: {mine}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn a_request_stored_without_an_owner_is_taken_up() {
    let db = temp_db("evalq-legacy");
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let id = import(&mut client, FIVE).await;
    server.stop().await;
    common::execute(
        &db,
        &format!("INSERT INTO evaluation_jobs (game_id, total, requested_ms) VALUES ('{id}', 5, 0)"),
    );
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let until = Instant::now() + PATIENCE;
    loop {
        let done = progress(&mut client, &id).await;
        if done["done"] == 5 {
            break;
        }
        assert!(Instant::now() < until, "not taken up: {done}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.stop().await;
}
