//! The analysis board's server side: variations off the main line, several
//! lines at once, and the evaluation graph computed in the background.

use crate::common;

use common::{PATIENCE, TestServer, create, expect, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The data of the events named `name` of a finished event stream.
fn events_named(body: &str, name: &str) -> Vec<Value> {
    body.split("\n\n")
        .filter(|block| {
            block.lines().any(|line| line.strip_prefix("event:").is_some_and(|n| n.trim() == name))
        })
        .filter_map(|block| {
            let data: String =
                block.lines().filter_map(|l| l.strip_prefix("data:")).map(str::trim_start).collect();
            serde_json::from_str(&data).ok()
        })
        .collect()
}

/// Imports `record`; returns the game's id.
async fn import(client: &mut Client, record: &str) -> String {
    let imported = expect(client.post("/api/records", None, &json!({ "record": record })).await, 201).await;
    imported["id"].as_str().unwrap().to_owned()
}

/// Polls the evaluation of `id` until it is complete (at most
/// [`PATIENCE`]); returns it.
async fn evaluated(client: &mut Client, id: &str) -> Value {
    let until = Instant::now() + PATIENCE;
    loop {
        let progress = expect(client.get(&format!("/api/games/{id}/evaluation")).await, 200).await;
        if progress["done"] == progress["total"] {
            return progress;
        }
        assert!(Instant::now() < until, "the evaluation did not finish: {progress}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn variations_are_played_from_a_ply_and_bad_moves_are_named() {
    let server = TestServer::start(&temp_db("board-variation")).await;
    let mut client = server.client().await;
    let id = import(&mut client, "[Game \"toy\"]\n1. a1 b1 2. a2 *").await;
    let explored = expect(client.get(&format!("/api/games/{id}/explore?ply=1&moves=c1,c2")).await, 200).await;
    assert_eq!(explored["ply"], 1);
    assert_eq!(explored["moves"], json!(["c1", "c2"]));
    assert_eq!(explored["last_move"], "c2");
    assert_eq!(explored["at"]["side_to_move"], "p2");
    let legal = explored["at"]["legal_moves"].as_array().unwrap();
    assert!(!legal.iter().any(|m| m == "a1" || m == "c1" || m == "c2"), "{explored}");
    assert_eq!(explored["at"]["legal_moves_count"].as_u64().unwrap() as usize, legal.len());
    assert_eq!((&explored["at"]["outcome"], &explored["result"]), (&Value::Null, &Value::Null));
    assert_eq!(
        explored["sides"],
        json!({"p1": {"en": "Cross", "de": "Kreuz"}, "p2": {"en": "Nought", "de": "Kreis"}}),
        "the seats by id with their names in both languages"
    );
    // A variation that ends the game: its ending and result (the analysis
    // board judges a reply that ends the game by it; the engine has no
    // score there).
    let won = expect(client.get(&format!("/api/games/{id}/explore?ply=3&moves=c1,a3")).await, 200).await;
    assert!(won["at"]["outcome"].is_string(), "{won}");
    assert_eq!(won["result"], "1-0");
    // Semicolons separate moves whose text has commas (Amakta Infinit's).
    let semicolons =
        expect(client.get(&format!("/api/games/{id}/explore?ply=1&moves=c1;c2;")).await, 200).await;
    assert_eq!(semicolons["moves"], json!(["c1", "c2"]));
    // The main line's position, when no variation is given.
    let main = expect(client.get(&format!("/api/games/{id}/explore?ply=2")).await, 200).await;
    assert_eq!((main["last_move"].as_str(), main["moves"].as_array().unwrap().len()), (Some("b1"), 0));
    // The second move takes a taken cell: named in both languages.
    let bad = expect(client.get(&format!("/api/games/{id}/explore?ply=1&moves=c1,a1")).await, 422).await;
    assert!(bad["message"]["en"].as_str().unwrap().contains("move 2 of the variation, 'a1'"), "{bad}");
    assert!(bad["message"]["de"].as_str().unwrap().contains("Zug 2 der Variante, „a1“"), "{bad}");
    let path = format!("/api/games/{id}/analysis?ply=1&moves=zz&movetime=100");
    let bad = expect(client.get(&path).await, 422).await;
    assert!(bad["message"]["en"].as_str().unwrap().contains("'zz'"), "{bad}");
    // The analysis looks at the variation's position: the toy engine plays
    // the first free cell.
    let path = format!("/api/games/{id}/analysis?ply=1&moves=b1,c1&movetime=100");
    let reply = client.get(&path).await.unwrap();
    assert_eq!(reply.status, 200);
    assert_eq!(events_named(&reply.text(), "done")[0]["best"], "a2");
    server.stop().await;
}

#[tokio::test]
async fn variations_are_refused_in_a_running_game_between_people() {
    let server = TestServer::start(&temp_db("board-human")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let refused = expect(client.get(&format!("/api/games/{id}/explore?ply=0&moves=a1")).await, 403).await;
    assert!(refused["message"]["en"].as_str().unwrap().contains("between two people"), "{refused}");
    server.stop().await;
}

#[tokio::test]
async fn three_lines_have_distinct_first_moves_best_first() {
    let server = TestServer::start_with(games::registry(), &temp_db("board-lines")).await;
    let mut client = server.client().await;
    let id = import(&mut client, "[Game \"ataxx\"]\n*").await;
    let reply = client.get(&format!("/api/games/{id}/analysis?lines=3&movetime=300")).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    let infos = events_named(&reply.text(), "info");
    let deepest = infos.iter().filter(|i| i["multipv"] == 3).map(|i| i["depth"].as_u64().unwrap()).max();
    let deepest = deepest.expect("a report of the third line");
    let lines: Vec<&Value> = infos.iter().filter(|i| i["depth"].as_u64() == Some(deepest)).collect();
    assert_eq!(lines.iter().map(|i| i["multipv"].as_u64().unwrap()).collect::<Vec<_>>(), [1, 2, 3]);
    let firsts: Vec<&Value> = lines.iter().map(|i| &i["pv"][0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{lines:?}");
    let centipawns =
        |i: &Value| i["score"].as_str().unwrap().strip_prefix("cp ").map(|cp| cp.parse::<i32>().unwrap());
    if let (Some(first), Some(second), Some(third)) =
        (centipawns(lines[0]), centipawns(lines[1]), centipawns(lines[2]))
    {
        assert!(first >= second && second >= third, "{lines:?}");
    }
    for bad in ["0", "4", "all"] {
        let error = expect(client.get(&format!("/api/games/{id}/analysis?lines={bad}")).await, 422).await;
        assert!(error["message"]["en"].as_str().unwrap().contains("lines"), "{error}");
    }
    server.stop().await;
}

#[tokio::test]
async fn the_evaluation_stores_every_ply_and_survives_a_restart() {
    let db = temp_db("board-evaluation");
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let id = import(&mut client, "[Game \"toy\"]\n1. a1 b1 2. a2 *").await;
    let before = expect(client.get(&format!("/api/games/{id}/evaluation")).await, 200).await;
    assert_eq!(before, json!({"requested": false, "done": 0, "total": 4, "plies": []}));
    let started =
        expect(client.post(&format!("/api/games/{id}/evaluation"), None, &json!({})).await, 202).await;
    assert_eq!((started["requested"].as_bool(), started["total"].as_u64()), (Some(true), Some(4)));
    let done = evaluated(&mut client, &id).await;
    let plies = done["plies"].as_array().unwrap();
    assert_eq!(plies.iter().map(|p| p["ply"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2, 3]);
    // The toy engine plays the first free cell.
    let best: Vec<&str> = plies.iter().map(|p| p["best"].as_str().unwrap()).collect();
    assert_eq!(best, ["a1", "b1", "c1", "c1"]);
    assert!(plies.iter().all(|p| p["score"].is_i64()), "{done}");
    // Asking again changes nothing.
    let again =
        expect(client.post(&format!("/api/games/{id}/evaluation"), None, &json!({})).await, 202).await;
    assert_eq!(again, done);
    server.stop().await;
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let stored = expect(client.get(&format!("/api/games/{id}/evaluation")).await, 200).await;
    assert_eq!(stored, done);
    server.stop().await;
}

#[tokio::test]
async fn an_unfinished_evaluation_is_taken_up_after_a_restart() {
    let db = temp_db("board-resume");
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let id = import(&mut client, "[Game \"toy\"]\n1. a1 b1 *").await;
    server.stop().await;
    // As if the server had stopped after asking, before evaluating.
    common::execute(
        &db,
        &format!("INSERT INTO evaluation_jobs (game_id, total, requested_ms) VALUES ('{id}', 3, 0)"),
    );
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let done = evaluated(&mut client, &id).await;
    assert_eq!(done["plies"].as_array().unwrap().len(), 3, "{done}");
    server.stop().await;
}

#[tokio::test]
async fn the_evaluation_is_refused_while_a_game_runs() {
    let server = TestServer::start(&temp_db("board-evaluation-refused")).await;
    let mut client = server.client().await;
    let human = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = human["id"].as_str().unwrap();
    for reply in [
        client.post(&format!("/api/games/{id}/evaluation"), None, &json!({})).await,
        client.get(&format!("/api/games/{id}/evaluation")).await,
    ] {
        let refused = expect(reply, 403).await;
        assert!(refused["message"]["de"].as_str().unwrap().contains("zwischen zwei Menschen"), "{refused}");
    }
    let engine = create(&mut client, json!({"game": "toy", "opponent": "engine", "level": 1})).await;
    let id = engine["id"].as_str().unwrap();
    let refused =
        expect(client.post(&format!("/api/games/{id}/evaluation"), None, &json!({})).await, 403).await;
    assert!(refused["message"]["en"].as_str().unwrap().contains("once the game is over"), "{refused}");
    // Over: open to everyone.
    expect(client.post(&format!("/api/games/{id}/resign"), engine["token"].as_str(), &json!({})).await, 200)
        .await;
    expect(client.post(&format!("/api/games/{id}/evaluation"), None, &json!({})).await, 202).await;
    let done = evaluated(&mut client, id).await;
    assert!(!done["plies"].as_array().unwrap().is_empty(), "{done}");
    server.stop().await;
}
