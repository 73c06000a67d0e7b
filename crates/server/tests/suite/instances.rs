//! Several server instances on one PostgreSQL database (a throw-away
//! cluster, see `common/pg.rs`): live pushes across instances, races of
//! two instances on one game, and an instance killed (SIGKILL) during load
//! with engine replies pending.
//!
//! The killed instances run in child processes: this test binary started
//! again with an environment variable that makes the same test serve
//! instead.

use crate::common;

use common::{PATIENCE, TestServer, create, expect, invite_code, play, state, wait_for};
use futures_util::StreamExt;
use serde_json::{Value, json};
use server::store::Database;
use spielwerk_server as server;

use std::time::{Duration, Instant};

fn moves(state: &Value) -> Vec<&str> {
    state["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect()
}

/// Two instances on one new database.
async fn two_instances() -> (String, TestServer, TestServer) {
    let url = common::pg::cluster().database();
    let db = Database::Postgres(url.clone());
    let a = TestServer::start(&db).await;
    let b = TestServer::start(&db).await;
    (url, a, b)
}

/// Reads pushes from `socket` until one has the moves `expected`.
async fn await_push<S>(socket: &mut S, expected: &[&str]) -> Value
where
    S: futures_util::Stream<
            Item = Result<tokio_tungstenite::tungstenite::Message, tokio_tungstenite::tungstenite::Error>,
        > + Unpin,
{
    let until = Instant::now() + PATIENCE;
    let mut seen = Vec::new();
    loop {
        let message = tokio::time::timeout_at(until.into(), socket.next())
            .await
            .unwrap_or_else(|_| panic!("no push with the moves {expected:?}; saw {seen:?}"))
            .unwrap()
            .unwrap();
        let pushed: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        let all = pushed["type"] == "state" && moves(&pushed) == expected;
        let from = pushed["moves_from"].as_u64().unwrap_or(0) as usize;
        let update = pushed["type"] == "update"
            && from < expected.len()
            && moves(&pushed) == expected[from..]
            && pushed["ply"] == expected.len();
        if all || update {
            return pushed;
        }
        seen.push(pushed);
    }
}

#[tokio::test]
async fn a_move_through_one_instance_is_pushed_to_players_on_the_other() {
    let (_url, a, b) = two_instances().await;
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let created = create(&mut on_a, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let p1 = created["token"].as_str().unwrap();
    let path = format!("/api/games/{id}/join");
    let joined = expect(on_b.post(&path, None, &json!({"invite": invite_code(&created)})).await, 200).await;
    let p2 = joined["token"].as_str().unwrap();
    let (mut socket_a, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", a.addr)).await.unwrap();
    let (mut socket_b, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", b.addr)).await.unwrap();
    // P1 (watching on A) moves through B; P2 (watching on B) through A.
    expect(play(&mut on_b, id, p1, "a1").await, 200).await;
    let pushed = await_push(&mut socket_a, &["a1"]).await;
    assert_eq!(pushed["side_to_move"], "p2");
    assert_eq!(pushed["seats"][1]["joined"], true, "the join through B reached A");
    expect(play(&mut on_a, id, p2, "b1").await, 200).await;
    await_push(&mut socket_b, &["a1", "b1"]).await;
    await_push(&mut socket_a, &["a1", "b1"]).await;
    // Draw offers and resignations travel too.
    expect(on_b.post(&format!("/api/games/{id}/resign"), Some(p1), &json!({})).await, 200).await;
    let until = Instant::now() + PATIENCE;
    loop {
        let message = tokio::time::timeout_at(until.into(), socket_a.next()).await.unwrap().unwrap().unwrap();
        let pushed: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if pushed["outcome"]["reason"] == "resignation" {
            break;
        }
    }
    assert_eq!(state(&mut on_a, id).await["outcome"]["result"], "0-1");
    let health = expect(on_b.get("/healthz").await, 200).await;
    assert_eq!(health, json!({"status": "ok", "db": "postgres"}));
    a.stop().await;
    b.stop().await;
}

#[tokio::test]
async fn of_two_moves_at_once_through_two_instances_exactly_one_is_played() {
    let (url, a, b) = two_instances().await;
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    for round in 0..10 {
        let created = create(&mut on_a, json!({"game": "toy", "opponent": "human"})).await;
        let id = created["id"].as_str().unwrap();
        let p1 = created["token"].as_str().unwrap();
        let path = format!("/api/games/{id}/join");
        expect(on_b.post(&path, None, &json!({"invite": invite_code(&created)})).await, 200).await;
        // Both instances have the game in memory before the race.
        state(&mut on_a, id).await;
        let (first, second) = tokio::join!(play(&mut on_a, id, p1, "a1"), play(&mut on_b, id, p1, "c3"));
        let statuses = [first.unwrap().status, second.unwrap().status];
        assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 1, "round {round}: {statuses:?}");
        assert!(statuses.iter().all(|s| [200, 409, 422].contains(s)), "round {round}: {statuses:?}");
        let stored =
            common::pg::cluster().count(&url, &format!("SELECT COUNT(*) FROM moves WHERE game_id = '{id}'"));
        assert_eq!(stored, 1, "round {round}");
        let on_a_moves = state(&mut on_a, id).await;
        assert_eq!(moves(&on_a_moves), moves(&state(&mut on_b, id).await), "round {round}");
    }
    a.stop().await;
    b.stop().await;
}

#[tokio::test]
async fn an_engine_reply_is_played_once_when_both_instances_see_the_game() {
    let (url, a, b) = two_instances().await;
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let created = create(&mut on_a, json!({"game": "toy", "level": 7})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    // B watches the game, so B has it in memory and hears of every change.
    let (_socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", b.addr)).await.unwrap();
    expect(play(&mut on_b, id, token, "a1").await, 200).await;
    let replied = wait_for(&mut on_a, id, |s| s["ply"] == 2).await;
    assert_eq!(replied["side_to_move"], "p1");
    wait_for(&mut on_b, id, |s| s["ply"] == 2).await;
    expect(play(&mut on_a, id, token, moves_left(&replied)).await, 200).await;
    let replied = wait_for(&mut on_b, id, |s| s["ply"] == 4 || !s["outcome"].is_null()).await;
    let stored =
        common::pg::cluster().count(&url, &format!("SELECT COUNT(*) FROM moves WHERE game_id = '{id}'"));
    assert_eq!(stored, replied["ply"].as_i64().unwrap());
    a.stop().await;
    b.stop().await;
}

#[tokio::test]
async fn a_player_connected_to_one_instance_is_present_though_their_socket_on_the_other_closed() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let (_url, a, b) = two_instances().await;
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    // With a clock: only there may an absent player be claimed against.
    let created = create(&mut on_a, json!({"game": "toy", "opponent": "human", "clock": "5+3"})).await;
    let id = created["id"].as_str().unwrap();
    let p1 = created["token"].as_str().unwrap();
    let path = format!("/api/games/{id}/join");
    let joined = expect(on_b.post(&path, None, &json!({"invite": invite_code(&created)})).await, 200).await;
    let p2 = joined["token"].as_str().unwrap();
    expect(play(&mut on_a, id, p1, "a1").await, 200).await;
    expect(play(&mut on_a, id, p2, "b1").await, 200).await;
    // P2 is connected to both instances: each socket has taken the hello
    // (and stored the arrival) once it sends the players' chat.
    let hello = Message::text(json!({"type": "hello", "token": p2}).to_string());
    let url = |server: &common::TestServer| format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut p2_on_a, _) = tokio_tungstenite::connect_async(url(&a)).await.unwrap();
    let (mut p2_on_b, _) = tokio_tungstenite::connect_async(url(&b)).await.unwrap();
    for socket in [&mut p2_on_a, &mut p2_on_b] {
        socket.send(hello.clone()).await.unwrap();
        loop {
            let message = tokio::time::timeout(PATIENCE, socket.next()).await.unwrap().unwrap().unwrap();
            if let Message::Text(text) = message
                && serde_json::from_str::<Value>(&text).unwrap()["type"] == "chat"
            {
                break;
            }
        }
    }
    let settled = state(&mut on_a, id).await;
    assert_eq!(settled["people"]["presence"][1]["seen"], true, "{settled}");
    assert_eq!(settled["people"]["presence"][1]["gone"], false, "{settled}");
    let before = settled["version"].as_u64().unwrap();
    p2_on_a.close(None).await.unwrap();
    // A marks P2 gone; B, which still holds P2's socket, marks them back.
    let back = wait_for(&mut on_a, id, |s| {
        s["version"].as_u64().unwrap() >= before + 2 && s["people"]["presence"][1]["gone"] == false
    })
    .await;
    assert!(back["outcome"].is_null(), "{back}");
    let refused = expect(on_a.post(&format!("/api/games/{id}/claim"), Some(p1), &json!({})).await, 409).await;
    assert!(refused["message"]["en"].as_str().unwrap().contains("still in the game"), "{refused}");
    drop(p2_on_b);
    a.stop().await;
    b.stop().await;
}

/// The first legal move of a state.
fn moves_left(state: &Value) -> &str {
    state["legal_moves"][0].as_str().unwrap()
}

const KILL_TEST: &str = "a_killed_instance_loses_no_acknowledged_move_and_its_engine_replies_are_finished";
const CHILD_DB: &str = "SPIELWERK_INSTANCE_TEST_DB";

/// The child's part: serve until killed.
fn serve(url: &str) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        // The load comes from one address: no limit on new games; one
        // engine search at a time, so that engine replies wait.
        let limits = server::Limits {
            games_per_minute: 0,
            connections_per_address: 0,
            engine_threads: 1,
            ..server::Limits::default()
        };
        let config = server::Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: url.into(),
            limits,
            trusted_proxies: Vec::new(),
            public_url: None,
        };
        let server = server::Server::bind(common::registry(), &config).await.unwrap();
        println!("SERVING {}", server.local_addr().unwrap());
        server.run(std::future::pending()).await.unwrap();
    });
}

#[test]
fn a_killed_instance_loses_no_acknowledged_move_and_its_engine_replies_are_finished() {
    if let Ok(url) = std::env::var(CHILD_DB) {
        serve(&url);
        return;
    }
    let cluster = common::pg::cluster();
    let url = cluster.database();
    let (mut doomed, doomed_addr) = common::spawn_server_child(module_path!(), KILL_TEST, CHILD_DB, &url);
    let (mut survivor, survivor_addr) = common::spawn_server_child(module_path!(), KILL_TEST, CHILD_DB, &url);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (report, engine_games, pending) = runtime.block_on(async {
        // Engine games on the doomed instance, each with a reply to think
        // (2.5 s each, one at a time: most still wait when it dies).
        let mut client = loadtest::client::Client::connect(doomed_addr).await.unwrap();
        let mut engine_games = Vec::new();
        for _ in 0..8 {
            let created = create(&mut client, json!({"game": "toy", "level": 9})).await;
            let id = created["id"].as_str().unwrap().to_owned();
            expect(play(&mut client, &id, created["token"].as_str().unwrap(), "a1").await, 200).await;
            engine_games.push(id);
        }
        // Load across both instances: each game's players on different ones.
        let config = loadtest::LoadConfig {
            addrs: vec![doomed_addr, survivor_addr],
            games: 40,
            moves_per_game: 100_000,
            game: "toy".into(),
            registry: common::registry(),
            pause: Duration::ZERO,
            resign_after: None,
            time_limit: Duration::from_secs(600),
        };
        let load = tokio::spawn(async move { loadtest::run(&config).await });
        let until = Instant::now() + PATIENCE;
        while cluster.count(&url, "SELECT COUNT(*) FROM moves") < 300 {
            assert!(Instant::now() < until, "the load did not get going");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        doomed.kill().unwrap();
        doomed.wait().unwrap();
        let pending = cluster.count(
            &url,
            "SELECT COUNT(*) FROM games g WHERE kind = 'engine'
             AND (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) = 1",
        );
        (load.await.unwrap(), engine_games, pending)
    });
    // Every pair had a player on the doomed instance.
    assert_eq!(report.errors, 40, "every pair should have seen the instance die: {}", report.summary());
    assert!(report.acked.len() >= 200, "too few acknowledged moves: {}", report.summary());
    let checked = runtime.block_on(loadtest::verify(survivor_addr, &report.acked));
    assert_eq!(checked, Ok(report.acked.len()), "an acknowledged move is missing");
    assert!(pending > 0, "no engine reply was pending when the instance died");
    runtime.block_on(async {
        let mut client = loadtest::client::Client::connect(survivor_addr).await.unwrap();
        for id in &engine_games {
            let replied = wait_for(&mut client, id, |s| s["ply"] == 2).await;
            assert_eq!(replied["side_to_move"], "p1", "game {id}");
        }
    });
    println!(
        "killed one of two instances: {} acknowledged moves all kept; {pending} of {} engine replies \
         were pending and the survivor played them",
        report.acked.len(),
        engine_games.len()
    );
    survivor.kill().unwrap();
    survivor.wait().unwrap();
}
