//! A measurement, not a check: the attacks of issue 53, points 5 to 7,
//! repeated against a server with the default limits on loopback, in
//! bounded loops, printing what they achieved and this process's peak
//! memory (the server runs in it). Run it alone:
//! `cargo test -p spielwerk-server --test attacks -- --ignored --nocapture`.
//! It speaks HTTP only, so that the same file measures an older server.

use crate::common;

use common::{TestServer, expect, signed_up, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A new connection with `client`'s session cookie (the server closes
/// connections idle for 10 s).
async fn again(server: &TestServer, client: &Client) -> Client {
    let mut fresh = server.client().await;
    fresh.cookie = client.cookie.clone();
    fresh
}

/// A figure of this process's memory from `/proc/self/status` (`VmRSS`,
/// `VmHWM`), MB.
fn memory_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Counts of statuses, for printing.
fn count(statuses: &mut BTreeMap<u16, usize>, status: u16) {
    *statuses.entry(status).or_default() += 1;
}

/// Point 5: `puzzles` times, the account asks for a puzzle, a guest gives
/// it up, the account sends the solution (waiting `wait` first).
async fn farm(server: &TestServer, farmer: &mut Client, puzzles: usize, wait: Duration) {
    let mut guest = server.client().await;
    let started = Instant::now();
    let (mut statuses, mut rated, mut puzzle_change) = (BTreeMap::new(), 0, 0.0);
    let mut rating = (1500.0, 1500.0);
    let mut after = String::new();
    for _ in 0..puzzles {
        let served = farmer.get(&format!("/api/puzzles/next?game=ataxx{after}")).await.unwrap();
        count(&mut statuses, served.status);
        if served.status != 200 {
            continue;
        }
        let served_at = Instant::now();
        let id = served.json()["id"].as_str().unwrap().to_owned();
        after = format!("&after={id}");
        let path = format!("/api/puzzles/{id}/solve");
        let shown = guest.post(&path, None, &json!({"give_up": true})).await.unwrap();
        count(&mut statuses, shown.status);
        if shown.status != 200 {
            continue;
        }
        let solution = shown.json()["solution"].as_array().unwrap().clone();
        let moves: Vec<&Value> = solution.iter().step_by(2).collect();
        tokio::time::sleep(wait.saturating_sub(served_at.elapsed())).await;
        let reply = farmer.post(&path, None, &json!({"moves": moves})).await.unwrap();
        count(&mut statuses, reply.status);
        if reply.status != 200 {
            continue;
        }
        let reply = reply.json();
        if reply["rated"] == true {
            rated += 1;
            puzzle_change += reply["puzzle_rating"]["after"].as_f64().unwrap_or(0.0)
                - reply["puzzle_rating"]["before"].as_f64().unwrap_or(0.0);
        }
        rating.1 = reply["player"]["after"]["rating"].as_f64().unwrap_or(rating.1);
    }
    println!(
        "  {puzzles} puzzles, waiting {:.1} s before each answer: {:.1} s, statuses {statuses:?}; {rated} rated; \
         the account {:.0} -> {:.0}; the rated puzzles changed by {puzzle_change:+.0} together",
        wait.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        rating.0,
        rating.1
    );
}

/// The open challenges `client` has received.
async fn incoming(client: &mut Client) -> usize {
    expect(client.get("/api/challenges").await, 200).await["incoming"].as_array().unwrap().len()
}

/// Point 6.
async fn spam_challenges(server: &TestServer, victim: &mut Client, spammers: &mut [Client]) {
    let mut mallory = signed_up(server, "mallory").await;
    *victim = again(server, victim).await;
    expect(victim.raw("PUT", "/api/account/mutes/mallory", None, "").await, 200).await;
    let started = Instant::now();
    let mut statuses = BTreeMap::new();
    for _ in 0..100 {
        let made =
            mallory.post("/api/challenges", None, &json!({"to": "victim", "game": "toy"})).await.unwrap();
        count(&mut statuses, made.status);
        if made.status == 201 {
            let path = format!("/api/challenges/{}", made.json()["id"].as_str().unwrap());
            count(&mut statuses, mallory.raw("DELETE", &path, None, "").await.unwrap().status);
        }
    }
    println!(
        "  a muted account, 100 create/withdraw cycles: {:.1} s, statuses {statuses:?}; the victim sees {} open",
        started.elapsed().as_secs_f64(),
        incoming(victim).await
    );
    let started = Instant::now();
    let mut statuses = BTreeMap::new();
    for spammer in spammers.iter_mut() {
        *spammer = again(server, spammer).await;
        for _ in 0..5 {
            let made = spammer.post("/api/challenges", None, &json!({"to": "victim", "game": "toy"})).await;
            count(&mut statuses, made.unwrap().status);
        }
    }
    println!(
        "  {} accounts from one address, 5 challenges each at the victim: {:.1} s, statuses {statuses:?}; \
         the victim sees {} open",
        spammers.len(),
        started.elapsed().as_secs_f64(),
        incoming(victim).await
    );
}

/// Point 7: every spammer writes in the spectators' chat of a game, 5 at a
/// time every 10 s, `rounds` times; then the victim writes once.
async fn fill_spectator_chat(
    server: &TestServer,
    victim: &mut Client,
    spammers: &mut [Client],
    rounds: usize,
) {
    let mut anna = signed_up(server, "anna").await;
    let mut bert = signed_up(server, "bert").await;
    let body = json!({"game": "toy", "clock": "5+3", "side": "p1"});
    let seek = expect(anna.post("/api/seeks", None, &body).await, 201).await;
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let id = expect(bert.post(&path, None, &json!({})).await, 201).await["id"].as_str().unwrap().to_owned();
    let chat = format!("/api/games/{id}/spectator-chat");
    let started = Instant::now();
    let mut statuses = BTreeMap::new();
    for round in 0..rounds {
        let round_started = Instant::now();
        for (n, spammer) in spammers.iter_mut().enumerate() {
            *spammer = again(server, spammer).await;
            for k in 0..5 {
                let text = json!({"text": format!("spam {round}.{n}.{k}")});
                count(&mut statuses, spammer.post(&chat, None, &text).await.unwrap().status);
            }
        }
        if round + 1 < rounds {
            tokio::time::sleep(Duration::from_millis(10_100).saturating_sub(round_started.elapsed())).await;
        }
    }
    *victim = again(server, victim).await;
    let last = victim.post(&chat, None, &json!({"text": "hello?"})).await.unwrap();
    let kept = expect(server.client().await.get(&chat).await, 200).await;
    println!(
        "  {} writers, {rounds} rounds of 5 messages each: {:.1} s, statuses {statuses:?}; then a message of \
         another account: {} {}; the chat holds {} messages, the last {}",
        spammers.len(),
        started.elapsed().as_secs_f64(),
        last.status,
        last.json()["error"].as_str().unwrap_or(""),
        kept["messages"].as_array().unwrap().len(),
        kept["messages"].as_array().unwrap().last().map_or(Value::Null, |m| m["text"].clone())
    );
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement; prints figures"]
async fn measure_attacks() {
    let db = temp_db("measure-attacks");
    let registry = game::Registry::new(
        games::registry().entries().iter().copied().chain([common::toy::entry()]).collect(),
    );
    let server = TestServer::start_with(registry, &db).await;
    println!("memory at rest: {:.1} MB", memory_mb("VmRSS"));
    println!("point 5, puzzle farming:");
    let mut patient = signed_up(&server, "patient").await;
    farm(&server, &mut patient, 10, Duration::from_millis(3100)).await;
    let mut farmer = signed_up(&server, "farmer").await;
    farm(&server, &mut farmer, 218, Duration::ZERO).await;
    println!("point 6, challenge spam:");
    let mut victim = signed_up(&server, "victim").await;
    let mut spammers = Vec::new();
    for n in 0..20 {
        spammers.push(signed_up(&server, &format!("spammer{n}")).await);
    }
    spam_challenges(&server, &mut victim, &mut spammers).await;
    if let server::store::Database::Sqlite(path) = &db {
        let rows: i64 = rusqlite::Connection::open(path)
            .unwrap()
            .query_row("SELECT COUNT(*) FROM challenges", [], |row| row.get(0))
            .unwrap();
        println!("  challenge rows stored: {rows}");
    }
    println!("point 7, the spectators' chat:");
    fill_spectator_chat(&server, &mut victim, &mut spammers, 6).await;
    println!("memory: now {:.1} MB, peak {:.1} MB", memory_mb("VmRSS"), memory_mb("VmHWM"));
    server.stop().await;
}

use spielwerk_server as server;
