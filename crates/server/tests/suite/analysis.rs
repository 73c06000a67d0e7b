//! Engine analysis as Server-Sent Events: who may analyse, which position,
//! and what the stream says.

use crate::common;

use common::{TestServer, create, expect, state, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::Limits;

/// The events of a finished stream: `(event, data as JSON)`.
fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter_map(|block| {
            let mut name = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("event:") {
                    name = Some(value.trim().to_owned());
                } else if let Some(value) = line.strip_prefix("data:") {
                    data.push_str(value.trim_start());
                }
            }
            Some((name?, serde_json::from_str(&data).unwrap_or(Value::Null)))
        })
        .collect()
}

/// Runs an analysis to its end; returns its events after checking the
/// status, or the error body for other statuses.
async fn analyse(client: &mut Client, path: &str, status: u16) -> Result<Vec<(String, Value)>, Value> {
    let reply = client.get(path).await.unwrap();
    assert_eq!(reply.status, status, "unexpected status, body: {}", reply.text());
    if status == 200 { Ok(events(&reply.text())) } else { Err(reply.json()) }
}

/// The `done` event, checked to be the stream's last and only one.
fn done(events: &[(String, Value)]) -> &Value {
    let (name, data) = events.last().expect("no events");
    assert_eq!(name, "done", "{events:?}");
    assert_eq!(events.iter().filter(|(n, _)| n == "done").count(), 1, "{events:?}");
    data
}

#[tokio::test]
async fn engine_game_streams_reports_and_a_legal_best_move() {
    let server = TestServer::start_with(games::registry(), &temp_db("analysis-engine")).await;
    let mut client = server.client().await;
    let created =
        create(&mut client, json!({"game": "ataxx", "opponent": "engine", "level": 1, "side": "p1"})).await;
    let id = created["id"].as_str().unwrap();
    let events = analyse(&mut client, &format!("/api/games/{id}/analysis?movetime=300"), 200).await.unwrap();
    let infos: Vec<&Value> = events.iter().filter(|(n, _)| n == "info").map(|(_, d)| d).collect();
    assert!(!infos.is_empty(), "no info events: {events:?}");
    for info in &infos {
        assert!(info["depth"].as_u64().unwrap() >= 1, "{info}");
        assert!(info["nodes"].is_u64(), "{info}");
        let score = info["score"].as_str().unwrap();
        assert!(score.starts_with("cp ") || score.starts_with("mate "), "{info}");
        assert!(!info["pv"].as_array().unwrap().is_empty(), "{info}");
    }
    let done = done(&events);
    let best = done["best"].as_str().unwrap();
    let now = state(&mut client, id).await;
    assert!(now["legal_moves"].as_array().unwrap().iter().any(|m| m == best), "{best} is not legal: {now}");
    assert!(done["score"].is_string() && done["depth"].is_u64() && done["pv"].is_array(), "{done}");
    // The position at the start, explicitly: the same one here.
    let again =
        analyse(&mut client, &format!("/api/games/{id}/analysis?ply=0&movetime=100"), 200).await.unwrap();
    assert!(done_best_is_legal(&again, &now));
    server.stop().await;
}

fn done_best_is_legal(events: &[(String, Value)], state: &Value) -> bool {
    let best = done(events)["best"].clone();
    state["legal_moves"].as_array().unwrap().contains(&best)
}

#[tokio::test]
async fn running_game_between_people_is_refused_until_it_ends() {
    let server = TestServer::start(&temp_db("analysis-human")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let refused =
        analyse(&mut client, &format!("/api/games/{id}/analysis?movetime=100"), 403).await.unwrap_err();
    assert!(refused["message"]["en"].as_str().unwrap().contains("between two people"), "{refused}");
    assert!(refused["message"]["de"].as_str().unwrap().contains("zwischen zwei Menschen"), "{refused}");
    expect(client.post(&format!("/api/games/{id}/resign"), Some(token), &json!({})).await, 200).await;
    // Over: open now. The toy engine plays the first legal move.
    let events = analyse(&mut client, &format!("/api/games/{id}/analysis?movetime=100"), 200).await.unwrap();
    assert_eq!(done(&events)["best"], "a1");
    server.stop().await;
}

#[tokio::test]
async fn imported_records_are_analysed_at_the_ply_asked_for() {
    let server = TestServer::start(&temp_db("analysis-record")).await;
    let mut client = server.client().await;
    let record = "[Game \"toy\"]\n1. a1 b1 2. a2 *";
    let imported = expect(client.post("/api/records", None, &json!({ "record": record })).await, 201).await;
    let id = imported["id"].as_str().unwrap();
    let at_two =
        analyse(&mut client, &format!("/api/games/{id}/analysis?ply=2&movetime=100"), 200).await.unwrap();
    assert_eq!(done(&at_two)["best"], "c1");
    let now = analyse(&mut client, &format!("/api/games/{id}/analysis?movetime=100"), 200).await.unwrap();
    assert_eq!(done(&now)["best"], "c1");
    let at_one =
        analyse(&mut client, &format!("/api/games/{id}/analysis?ply=1&movetime=100"), 200).await.unwrap();
    assert_eq!(done(&at_one)["best"], "b1");
    server.stop().await;
}

#[tokio::test]
async fn a_game_without_engines_is_neither_played_nor_analysed_by_one() {
    let registry = game::Registry::new(vec![common::toy::entry_without_engines()]);
    let server = TestServer::start_with(registry, &temp_db("analysis-no-engine")).await;
    let mut client = server.client().await;
    let against_engine = json!({"game": "bare-toy", "opponent": "engine"});
    let refused = expect(client.post("/api/games", None, &against_engine).await, 422).await;
    assert_eq!(refused["error"], "bare-toy has no engine");
    let record = "[Game \"bare-toy\"]\n1. a1 b1 *";
    let imported = expect(client.post("/api/records", None, &json!({ "record": record })).await, 201).await;
    let path = format!("/api/games/{}/analysis?movetime=100", imported["id"].as_str().unwrap());
    let error = analyse(&mut client, &path, 422).await.unwrap_err();
    assert_eq!(error["message"]["de"], "bare-toy hat keine Engine");
    server.stop().await;
}

#[tokio::test]
async fn unknown_games_and_plies_are_404_and_bad_movetimes_422() {
    let server = TestServer::start(&temp_db("analysis-bad")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "engine", "level": 1})).await;
    let id = created["id"].as_str().unwrap();
    for ply in ["1", "x", "-1"] {
        let error = analyse(&mut client, &format!("/api/games/{id}/analysis?ply={ply}&movetime=100"), 404)
            .await
            .unwrap_err();
        assert!(error["message"]["de"].as_str().unwrap().contains("keine Stellung"), "{error}");
    }
    analyse(&mut client, "/api/games/nosuchgame/analysis", 404).await.unwrap_err();
    for movetime in ["99", "10001", "soon"] {
        let error = analyse(&mut client, &format!("/api/games/{id}/analysis?movetime={movetime}"), 422)
            .await
            .unwrap_err();
        assert!(error["message"]["en"].as_str().unwrap().contains("movetime"), "{error}");
    }
    server.stop().await;
}

#[tokio::test]
async fn shutting_down_ends_a_running_analysis_with_its_result() {
    let server = TestServer::start(&temp_db("analysis-shutdown")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "engine", "level": 1})).await;
    let path = format!("/api/games/{}/analysis?movetime=10000", created["id"].as_str().unwrap());
    let stream = common::open_stream(server.addr, &path).await;
    assert_eq!(stream.status, 200);
    server.stop().await;
    let body = stream.rest().await;
    assert_eq!(done(&events(&body))["best"], "a1");
}

#[tokio::test]
async fn analyses_are_capped_per_address_and_leave_engine_moves_a_thread() {
    let limits = Limits { engine_threads: 2, analyses_per_client: 2, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("analysis-caps"), limits).await;
    let mut client = server.client().await;
    let analysed = create(&mut client, json!({"game": "toy", "opponent": "engine", "level": 1})).await;
    let path = format!("/api/games/{}/analysis?movetime=10000", analysed["id"].as_str().unwrap());
    let mut first = common::open_stream(server.addr, &path).await;
    let mut second = common::open_stream(server.addr, &path).await;
    assert_eq!((first.status, second.status), (200, 200));
    let refused = analyse(&mut client, &path, 429).await.unwrap_err();
    assert!(refused["message"]["en"].as_str().unwrap().contains("at most 2 at once"), "{refused}");
    assert!(refused["message"]["de"].as_str().unwrap().contains("höchstens 2 gleichzeitig"), "{refused}");
    // Two engine threads, two long analyses: one analyses, one waits, and
    // the engine's reply in another game takes the thread left free.
    let created = create(&mut client, json!({"game": "toy", "opponent": "engine", "level": 1})).await;
    let id = created["id"].as_str().unwrap();
    expect(common::play(&mut client, id, created["token"].as_str().unwrap(), "b2").await, 200).await;
    common::wait_for(&mut client, id, |s| s["ply"] == 2).await;
    for stream in [&mut first, &mut second] {
        assert!(!stream.arrived().contains("event: done"), "the engine move waited for an analysis");
    }
    server.stop().await;
    // The running analysis ends with its result; the waiting one may end
    // before it got a thread, without events.
    let mut results = 0;
    for stream in [first, second] {
        let events = events(&stream.rest().await);
        if !events.is_empty() {
            assert_eq!(done(&events)["best"], "a1");
            results += 1;
        }
    }
    assert!(results >= 1, "no analysis ended with its result");
}
