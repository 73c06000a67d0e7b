//! The engine of a game outlives a single move: one engine (with its
//! hash table) plays all the engine's replies of a game, and one engine
//! evaluates all the positions of a finished game. The toy game counts the
//! engines it makes; this file holds one test, so the count is this test's.

mod common;

use common::toy::sleepy_engines_made;
use common::{PATIENCE, TestServer, create, expect, play, temp_db, wait_for};
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::test]
async fn one_engine_plays_a_whole_game_and_one_evaluates_it() {
    let server = TestServer::start(&temp_db("engine-reuse")).await;
    let mut client = server.client().await;
    // Level 3: the toy's default engine, `sleepy`, which plays the first
    // free cell (a1, then a2).
    let created =
        create(&mut client, json!({"game": "toy", "opponent": "engine", "level": 3, "side": "p1"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    for (ply, mv) in [(2, "c3"), (4, "c2")] {
        expect(play(&mut client, id, token, mv).await, 200).await;
        wait_for(&mut client, id, |state| state["ply"] == ply).await;
    }
    assert_eq!(sleepy_engines_made(), 1, "both replies came from one engine");

    expect(client.post(&format!("/api/games/{id}/resign"), Some(token), &json!({})).await, 200).await;
    expect(client.post(&format!("/api/games/{id}/evaluation"), None, &json!({})).await, 202).await;
    let until = Instant::now() + PATIENCE;
    loop {
        let progress = expect(client.get(&format!("/api/games/{id}/evaluation")).await, 200).await;
        if progress["done"] == progress["total"] {
            assert_eq!(progress["total"], 5, "{progress}");
            break;
        }
        assert!(Instant::now() < until, "the evaluation did not finish: {progress}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(sleepy_engines_made(), 2, "one more engine evaluated all five positions");
    server.stop().await;
}
