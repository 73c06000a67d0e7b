//! The HTTP API, end to end over loopback, with the toy game.

use crate::common;

use spielwerk_server as server;

use common::{TestServer, create, expect, invite_code, play, state, temp_db, wait_for};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Instant;

fn moves(state: &Value) -> Vec<&str> {
    state["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect()
}

#[tokio::test]
async fn registry_and_lobby_list_games() {
    let server = TestServer::start(&temp_db("registry")).await;
    let mut client = server.client().await;
    let registry = expect(client.get("/api/registry").await, 200).await;
    let toy = &registry["games"][0];
    assert_eq!(toy["name"], "toy");
    // Every text a game brings comes in both languages, from its entry.
    let cross = json!({"en": "Cross", "de": "Kreuz"});
    assert_eq!(toy["players"], json!({"p1": cross, "p2": {"en": "Nought", "de": "Kreis"}}));
    assert_eq!(toy["titles"], json!({"en": "Toy", "de": "Spielzeug"}));
    assert_eq!(toy["board"], "generic");
    assert_eq!(toy["options"][0]["choices"], json!(["normal", "misere"]));
    assert_eq!(toy["options"][0]["label"]["de"], "Regeln");
    assert_eq!(toy["options"][0]["help"]["de"], "misere: drei in einer Reihe verlieren");
    // The rules are not in the registry: each game's come on their own, as HTML.
    assert!(toy.get("rules").is_none() && toy.get("engines").is_none(), "{toy}");
    // Each engine level comes with how it plays, so the level picker can say it in words.
    let levels = &registry["levels"];
    let each = levels["each"].as_array().expect("levels.each");
    let numbers: Vec<u64> = each.iter().filter_map(|level| level["level"].as_u64()).collect();
    let expected: Vec<u64> = (levels["min"].as_u64().unwrap()..=levels["max"].as_u64().unwrap()).collect();
    assert_eq!(numbers, expected, "{levels}");
    assert_eq!(each[0]["engine"], "random");
    let last = each.last().unwrap();
    assert!(
        last["engine"].is_null() && last["depth"].is_null() && last["movetime_ms"].as_u64() > Some(0),
        "{last}"
    );
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    // The lobby draws each game's picture from the view of its start position.
    assert_eq!(toy["start_view"], created["state"]["view"]);
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["games"][0]["id"], created["id"]);
    assert_eq!(lobby["games"][0]["seats"][1]["joined"], false);
    server.stop().await;
}

#[tokio::test]
async fn rules_come_as_html_per_game_and_language_with_an_etag() {
    let server = TestServer::start(&temp_db("rules")).await;
    let mut client = server.client().await;
    let english = expect(client.get("/api/rules/toy").await, 200).await;
    assert_eq!(
        english,
        json!({"game": "toy", "lang": "en", "html": "<h1>Toy</h1>\n<p>Three in a row wins.</p>\n"})
    );
    let german = expect(client.get("/api/rules/toy?lang=de").await, 200).await;
    assert_eq!(german["html"], "<h1>Spielzeug</h1>\n<p>Drei in einer Reihe gewinnen.</p>\n");
    let first = client.get("/api/rules/toy?lang=de").await.unwrap();
    let etag = first.headers.get("etag").unwrap().to_str().unwrap().to_owned();
    let again = client.get_with("/api/rules/toy?lang=de", &[("if-none-match", &etag)]).await.unwrap();
    assert_eq!((again.status, again.body.len()), (304, 0));
    let unknown = expect(client.get("/api/rules/nosuchgame").await, 404).await;
    assert_eq!(unknown["kind"], "not_found", "{unknown}");
    let language = expect(client.get("/api/rules/toy?lang=fr").await, 400).await;
    assert!(language["message"]["de"].as_str().unwrap().contains("Sprache"), "{language}");
    server.stop().await;
}

#[tokio::test]
async fn engine_game_answers_and_reports_full_state() {
    let server = TestServer::start(&temp_db("engine")).await;
    let mut client = server.client().await;
    let created =
        create(&mut client, json!({"game": "toy", "options": {"rules": "misere"}, "level": 1, "side": "p1"}))
            .await;
    assert_eq!(created["seat"], "p1");
    assert!(created["invite"].is_null());
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let before = state(&mut client, id).await;
    for key in [
        "id",
        "game",
        "options",
        "position",
        "side_to_move",
        "seats",
        "legal_moves",
        "moves",
        "outcome",
        "view",
    ] {
        assert!(before.get(key).is_some(), "state lacks {key}: {before}");
    }
    assert_eq!(before["options"], json!({"rules": "misere"}));
    assert_eq!(before["legal_moves"].as_array().unwrap().len(), 9);
    assert_eq!(before["seats"][1]["player"], "engine");
    // Seats and the side to move come by id with their names in both languages, no English name alone.
    assert_eq!(before["seats"][1]["names"], json!({"en": "Nought", "de": "Kreis"}));
    assert!(before["seats"][1].get("name").is_none(), "{}", before["seats"][1]);
    assert_eq!((&before["side_to_move"], &before["to_move_names"]["de"]), (&json!("p1"), &json!("Kreuz")));
    let after = expect(play(&mut client, id, token, "b2").await, 200).await;
    assert_eq!(moves(&after), ["b2"]);
    let replied = wait_for(&mut client, id, |s| s["moves"].as_array().unwrap().len() == 2).await;
    assert_eq!(replied["side_to_move"], "p1");
    assert_eq!(replied["engine_thinking"], false);
    server.stop().await;
}

#[tokio::test]
async fn engine_moves_first_when_the_person_takes_the_second_seat() {
    let server = TestServer::start(&temp_db("engine-first")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "level": 2, "side": "p2"})).await;
    let id = created["id"].as_str().unwrap();
    let replied = wait_for(&mut client, id, |s| s["ply"] == 1).await;
    assert_eq!(replied["side_to_move"], "p2");
    server.stop().await;
}

#[tokio::test]
async fn every_rejection_has_its_status_and_changes_nothing() {
    let server = TestServer::start(&temp_db("statuses")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let path = format!("/api/games/{id}/moves");
    let before = state(&mut client, id).await;
    let cases: Vec<(Option<&str>, Vec<u8>, u16, &str)> = vec![
        (None, br#"{"move": "a1"}"#.to_vec(), 403, "token"),
        (Some("wrong"), br#"{"move": "a1"}"#.to_vec(), 403, "token"),
        (Some(token), br#"{"move": "d4"}"#.to_vec(), 422, "malformed move"),
        (Some(token), br##"{"move": "#"}"##.to_vec(), 422, "malformed move"),
        (Some(token), br#"{"move": 5"#.to_vec(), 400, "malformed JSON"),
        (Some(token), br#"{"mv": "a1"}"#.to_vec(), 400, "missing field"),
        (Some(token), format!(r#"{{"move": "{}"}}"#, "a".repeat(20_000)).into_bytes(), 413, ""),
    ];
    for (auth, body, status, message) in cases {
        let reply = client.raw("POST", &path, auth, body).await.unwrap();
        assert_eq!(reply.status, status, "{}", reply.text());
        assert!(reply.json()["error"].as_str().unwrap().contains(message), "{}", reply.text());
        assert_eq!(reply.json()["message"]["en"], reply.json()["error"], "{}", reply.text());
        assert!(!reply.json()["message"]["de"].as_str().unwrap().is_empty(), "{}", reply.text());
    }
    // Messages come in German too, the game's reason included.
    let reply = client.raw("POST", &path, Some(token), br#"{"move": "d4"}"#.to_vec()).await.unwrap();
    assert_eq!(reply.json()["message"]["de"], "Zug „d4“ nicht lesbar: erwartet ein Feld a1 … c3");
    // Unknown games are 404 for every route.
    assert_eq!(client.get("/api/games/nosuchgame").await.unwrap().status, 404);
    assert_eq!(client.get("/api/games/..%2F").await.unwrap().status, 404);
    assert_eq!(common::play(&mut client, "nosuchgame", token, "a1").await.unwrap().status, 404);
    assert_eq!(
        client.post("/api/games/nosuchgame/resign", Some(token), &json!({})).await.unwrap().status,
        404
    );
    assert_eq!(client.get("/api/games/nosuchgame/record").await.unwrap().status, 404);
    assert_eq!(client.get(&format!("/api/games/{id}/view/7")).await.unwrap().status, 404);
    // Bad creations.
    for request in [
        json!({"game": "chess"}),
        json!({"game": "toy", "options": {"rules": "chaos"}}),
        json!({"game": "toy", "options": {"speed": "fast"}}),
        json!({"game": "toy", "level": 11}),
        json!({"game": "toy", "side": "purple"}),
        json!({"game": "toy", "opponent": "robot"}),
        json!({"game": "toy", "position": "xxx"}),
        json!({"game": "toy", "clock": "5+3"}),
        json!({"game": "toy", "opponent": "human", "clock": "soon"}),
    ] {
        assert_eq!(client.post("/api/games", None, &request).await.unwrap().status, 422, "{request}");
    }
    assert_eq!(client.raw("POST", "/api/games", None, "[1,2").await.unwrap().status, 400);
    // A side is a seat id: a side's name is refused, naming the seats' sides in both languages.
    let named = client.post("/api/games", None, &json!({"game": "toy", "side": "cross"})).await.unwrap();
    assert_eq!(named.status, 422, "{}", named.text());
    assert_eq!(named.json()["message"]["en"], "side 'cross' is not p1 (Cross), p2 (Nought) or random");
    assert!(named.json()["message"]["de"].as_str().unwrap().starts_with("Seite „cross“ ist nicht p1 ("));
    // A legal move, then one out of turn and one on a taken cell.
    expect(play(&mut client, id, token, "a1").await, 200).await;
    let after_one = state(&mut client, id).await;
    let reply = play(&mut client, id, token, "b1").await.unwrap();
    assert_eq!(reply.status, 422);
    assert!(reply.text().contains("not your turn"), "{}", reply.text());
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    let second = joined["token"].as_str().unwrap();
    let reply = play(&mut client, id, second, "a1").await.unwrap();
    assert_eq!(reply.status, 422);
    assert!(reply.text().contains("illegal"), "{}", reply.text());
    let mut now = state(&mut client, id).await;
    assert_eq!(moves(&now), moves(&after_one));
    assert_eq!(moves(&before), Vec::<&str>::new());
    now["seats"] = after_one["seats"].clone();
    now["version"] = after_one["version"].clone();
    assert_eq!(now, after_one, "rejected requests changed the game");
    server.stop().await;
}

#[tokio::test]
async fn invites_give_the_second_seat_once() {
    let server = TestServer::start(&temp_db("invite")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human", "side": "p2"})).await;
    assert_eq!(created["seat"], "p2");
    let id = created["id"].as_str().unwrap();
    let join = format!("/api/games/{id}/join");
    assert_eq!(client.post(&join, None, &json!({"invite": "guess"})).await.unwrap().status, 403);
    let code = invite_code(&created);
    let joined = expect(client.post(&join, None, &json!({ "invite": code })).await, 200).await;
    assert_eq!(joined["seat"], "p1");
    assert_eq!(joined["state"]["seats"][0]["joined"], true);
    assert_eq!(client.post(&join, None, &json!({ "invite": code })).await.unwrap().status, 409);
    let p1 = joined["token"].as_str().unwrap();
    let p2 = created["token"].as_str().unwrap();
    assert_eq!(play(&mut client, id, p2, "a1").await.unwrap().status, 422);
    assert_eq!(play(&mut client, id, p1, "a1").await.unwrap().status, 200);
    assert_eq!(play(&mut client, id, p2, "b1").await.unwrap().status, 200);
    server.stop().await;
}

#[tokio::test]
async fn websocket_pushes_moves_to_players_and_spectators() {
    let server = TestServer::start(&temp_db("ws")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let mut sockets = Vec::new();
    for _ in 0..3 {
        let (socket, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        sockets.push(socket);
    }
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    let token = created["token"].as_str().unwrap();
    expect(play(&mut client, id, token, "c3").await, 200).await;
    for socket in &mut sockets {
        let until = Instant::now() + common::PATIENCE;
        loop {
            let message =
                tokio::time::timeout_at(until.into(), socket.next()).await.unwrap().unwrap().unwrap();
            let pushed: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
            // Besides states and updates, sockets carry watcher counts and chats.
            if pushed["moves"].is_array() && moves(&pushed) == ["c3"] {
                assert_eq!(pushed["seats"][1]["joined"], true);
                break;
            }
        }
    }
    assert!(joined["token"].is_string());
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["games"][0]["watchers"], 3);
    server.stop().await;
}

#[tokio::test]
async fn resignation_and_draws() {
    let server = TestServer::start(&temp_db("endings")).await;
    let mut client = server.client().await;
    // Resignation ends the game; nothing more is accepted.
    let created = create(&mut client, json!({"game": "toy", "level": 1})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let draw = format!("/api/games/{id}/draw");
    assert_eq!(client.post(&draw, Some(token), &json!({})).await.unwrap().status, 422, "the engine declines");
    let resign = format!("/api/games/{id}/resign");
    assert_eq!(client.post(&resign, None, &json!({})).await.unwrap().status, 403);
    let over = expect(client.post(&resign, Some(token), &json!({})).await, 200).await;
    assert_eq!(over["outcome"]["result"], "0-1");
    assert_eq!(over["outcome"]["reason"], "resignation");
    assert_eq!(over["outcome"]["text"], json!({"en": "resignation", "de": "aufgegeben"}));
    assert_eq!(over["legal_moves"], json!([]));
    assert_eq!(client.post(&resign, Some(token), &json!({})).await.unwrap().status, 422);
    assert_eq!(play(&mut client, id, token, "a1").await.unwrap().status, 422);
    // Draw offers between people: decline, offer again, accept.
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let p1 = created["token"].as_str().unwrap().to_owned();
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    let p2 = joined["token"].as_str().unwrap().to_owned();
    let draw = format!("/api/games/{id}/draw");
    assert_eq!(client.post(&draw, Some(&p2), &json!({"action": "accept"})).await.unwrap().status, 422);
    let offered = expect(client.post(&draw, Some(&p1), &json!({"action": "offer"})).await, 200).await;
    assert_eq!(offered["draw_offer"], "p1");
    let declined = expect(client.post(&draw, Some(&p2), &json!({"action": "decline"})).await, 200).await;
    assert_eq!(declined["draw_offer"], Value::Null);
    // One offer per player per 10 plies (tests/people.rs): P2 offers now.
    expect(client.post(&draw, Some(&p2), &json!({})).await, 200).await;
    let moved = expect(play(&mut client, id, &p1, "a1").await, 200).await;
    assert_eq!(moved["draw_offer"], Value::Null, "a move withdraws the offer");
    // Both offered within the last 10 plies (an agreed draw: tests/people.rs).
    for token in [&p1, &p2] {
        expect(client.post(&draw, Some(token), &json!({"action": "offer"})).await, 409).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn undo_takes_back_only_in_running_games_against_the_engine() {
    let server = TestServer::start(&temp_db("undo")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "level": 1})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let undo = format!("/api/games/{id}/undo");
    assert_eq!(client.post(&undo, Some(token), &json!({})).await.unwrap().status, 422, "nothing to undo");
    expect(play(&mut client, id, token, "b2").await, 200).await;
    wait_for(&mut client, id, |s| s["ply"] == 2).await;
    let undone = expect(client.post(&undo, Some(token), &json!({})).await, 200).await;
    assert_eq!(undone["ply"], 0);
    assert_eq!(undone["side_to_move"], "p1");
    // Play the game out (the engine at level 1 plays at random) and take back a finished game.
    let mut current = undone;
    while current["outcome"].is_null() {
        if current["side_to_move"] == "p1" {
            let mv = current["legal_moves"][0].as_str().unwrap().to_owned();
            current = expect(play(&mut client, id, token, &mv).await, 200).await;
        } else {
            let ply = current["ply"].as_u64().unwrap();
            current = wait_for(&mut client, id, |s| s["ply"].as_u64().unwrap() > ply).await;
        }
    }
    let finished = state(&mut client, id).await;
    let refused = client.post(&undo, Some(token), &json!({})).await.unwrap();
    assert_eq!(refused.status, 422, "{}", refused.text());
    let message = &refused.json()["message"];
    assert!(message["en"].as_str().unwrap().contains("only while it runs"), "{message}");
    assert!(message["de"].as_str().unwrap().contains("solange sie läuft"), "{message}");
    let after = state(&mut client, id).await;
    assert_eq!(after["outcome"], finished["outcome"], "a refused take-back reopened the game");
    assert_eq!(after["moves"], finished["moves"]);
    // A resigned game stays resigned too.
    let created = create(&mut client, json!({"game": "toy", "level": 1})).await;
    let resigned = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    expect(play(&mut client, resigned, token, "b2").await, 200).await;
    wait_for(&mut client, resigned, |s| s["ply"] == 2).await;
    expect(client.post(&format!("/api/games/{resigned}/resign"), Some(token), &json!({})).await, 200).await;
    let reply = client.post(&format!("/api/games/{resigned}/undo"), Some(token), &json!({})).await.unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text());
    let after = state(&mut client, resigned).await;
    assert_eq!(after["outcome"]["reason"], "resignation");
    assert_eq!(after["ply"], 2);
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    expect(play(&mut client, id, token, "a1").await, 200).await;
    let reply = client.post(&format!("/api/games/{id}/undo"), Some(token), &json!({})).await.unwrap();
    assert_eq!(reply.status, 422);
    server.stop().await;
}

#[tokio::test]
async fn records_export_import_and_views_replay() {
    let server = TestServer::start(&temp_db("records")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let p1 = created["token"].as_str().unwrap().to_owned();
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    let p2 = joined["token"].as_str().unwrap().to_owned();
    for (token, mv) in [(&p1, "a1"), (&p2, "b1"), (&p1, "a2"), (&p2, "b2"), (&p1, "a3")] {
        expect(play(&mut client, id, token, mv).await, 200).await;
    }
    let reply = client.get(&format!("/api/games/{id}/record")).await.unwrap();
    assert_eq!(reply.status, 200);
    let text = reply.text();
    assert!(text.contains("[Game \"toy\"]") && text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("1. a1 b1 2. a2 b2 3. a3 1-0"), "{text}");
    let record = game::Record::parse(&text).unwrap();
    assert_eq!(record.tag("Termination"), Some("connection"));
    let imported = expect(client.post("/api/records", None, &json!({ "record": text })).await, 201).await;
    let copy = state(&mut client, imported["id"].as_str().unwrap()).await;
    assert_eq!(moves(&copy), ["a1", "b1", "a2", "b2", "a3"]);
    assert_eq!(copy["opponent"], "record");
    assert_eq!(copy["outcome"]["result"], "1-0");
    let view = expect(client.get(&format!("/api/games/{id}/view/2")).await, 200).await;
    assert_eq!(view["view"]["board"], json!(["...", "...", "xo."]));
    assert_eq!(view["last_move"], "b1");
    let bad =
        client.post("/api/records", None, &json!({"record": "[Game \"toy\"]\n1. a1 a1 *"})).await.unwrap();
    assert_eq!(bad.status, 422);
    assert!(bad.text().contains("move 2"), "{}", bad.text());
    server.stop().await;
}

#[tokio::test]
async fn clocks_run_once_both_sides_moved_and_flag_on_time() {
    let server = TestServer::start(&temp_db("clock")).await;
    let mut client = server.client().await;
    // The shortest clock allowed: ten seconds.
    let created = create(&mut client, json!({"game": "toy", "opponent": "human", "clock": "0.1667+0"})).await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(created["state"]["clock"]["running"], Value::Null, "no clock runs before the opponent joins");
    assert_eq!(created["state"]["clock"]["remaining_ms"], json!([10_002, 10_002]));
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    assert_eq!(joined["state"]["clock"]["running"], Value::Null, "each side's first move is untimed");
    let p1 = created["token"].as_str().unwrap();
    let p2 = joined["token"].as_str().unwrap();
    expect(play(&mut client, id, p1, "a1").await, 200).await;
    let second = expect(play(&mut client, id, p2, "b1").await, 200).await;
    assert_eq!(second["clock"]["running"], "p1", "the clocks run from both sides' first moves on");
    let flagged = wait_for(&mut client, id, |s| !s["outcome"].is_null()).await;
    assert_eq!(flagged["outcome"]["result"], "0-1");
    assert_eq!(flagged["outcome"]["reason"], "time");
    assert_eq!(flagged["clock"]["remaining_ms"][0], 0);
    server.stop().await;
}

#[tokio::test]
async fn clocks_out_of_range_are_refused_in_both_languages() {
    let server = TestServer::start(&temp_db("clock-range")).await;
    let mut client = server.client().await;
    for clock in [json!("1e-12+0"), json!("0.1+0"), json!("1441+0"), json!("5+61"), json!({"minutes": 0})] {
        let request = json!({"game": "toy", "opponent": "human", "clock": clock});
        let reply = client.post("/api/games", None, &request).await.unwrap();
        assert_eq!(reply.status, 422, "{clock}: {}", reply.text());
        let message = &reply.json()["message"];
        assert!(message["en"].as_str().unwrap().contains("10 seconds to 24 hours"), "{message}");
        assert!(message["de"].as_str().unwrap().contains("10 Sekunden bis 24 Stunden"), "{message}");
    }
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["games"], json!([]), "a refused creation made a game");
    server.stop().await;
}

#[tokio::test]
async fn slow_engine_searches_do_not_stall_other_games() {
    let server = TestServer::start(&temp_db("stall")).await;
    let mut client = server.client().await;
    // Level 8: the sleepy toy engine thinks a full second per move.
    let mut engine_games = Vec::new();
    for _ in 0..6 {
        let created = create(&mut client, json!({"game": "toy", "level": 8, "side": "p2"})).await;
        engine_games.push(created["id"].as_str().unwrap().to_owned());
    }
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    expect(play(&mut client, id, token, "a1").await, 200).await;
    state(&mut client, id).await;
    // Six seconds of engine work on at most a few threads: the move above
    // was answered before all of it was done.
    let mut waiting = 0;
    for engine_game in &engine_games {
        waiting += usize::from(state(&mut client, engine_game).await["ply"] == 0);
    }
    assert!(waiting > 0, "the move waited for every engine search");
    server.stop().await;
}

#[tokio::test]
async fn games_survive_a_restart_and_pending_engine_replies_resume() {
    let db = temp_db("restart");
    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human", "clock": "10+5"})).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let p1 = created["token"].as_str().unwrap().to_owned();
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    let p2 = joined["token"].as_str().unwrap().to_owned();
    expect(play(&mut client, &id, &p1, "b2").await, 200).await;
    expect(play(&mut client, &id, &p2, "a1").await, 200).await;
    expect(client.post(&format!("/api/games/{id}/draw"), Some(&p1), &json!({})).await, 200).await;
    let finished = create(&mut client, json!({"game": "toy", "level": 1})).await;
    let finished_id = finished["id"].as_str().unwrap().to_owned();
    expect(
        client
            .post(&format!("/api/games/{finished_id}/resign"), finished["token"].as_str(), &json!({}))
            .await,
        200,
    )
    .await;
    let before = state(&mut client, &id).await;
    server.stop().await;

    // An engine game whose engine is to move, written as a crashed server would have left it.
    let waiting = server::store::StoredGame {
        tournament: None,
        tournament_kind: None,
        league: None,
        row: server::store::GameRow {
            id: "pending".into(),
            game: "toy".into(),
            options: vec![("rules".into(), "normal".into())],
            setup: None,
            kind: "engine".into(),
            level: Some(2),
            created_ms: 1,
            result: None,
            draw_offer: None,
            clock: None,
            // As a database before the side to move was kept: the restart fills it in.
            to_move: None,
            version: 0,
            rated: false,
            tags: vec![],
            rematch_offer: None,
            rematch: None,
            days_per_move: None,
            deadline_ms: None,
        },
        seats: vec![
            server::store::SeatRow {
                seat: game::Player::P1,
                engine: false,
                token_hash: None,
                invite_hash: None,
                account: None,
            },
            server::store::SeatRow {
                seat: game::Player::P2,
                engine: true,
                token_hash: None,
                invite_hash: None,
                account: None,
            },
        ],
        moves: vec![server::store::MoveRow { mv: "a1".into(), played_ms: 2, remaining_ms: None }],
        chat: vec![],
        people: None,
        spectator_chat: vec![],
        spectator_chat_from: 0,
    };
    let store = server::store::Store::open(&db).await.unwrap();
    store.write(vec![server::store::Op::CreateGame(Box::new(waiting))]).await.unwrap();
    drop(store);

    let server = TestServer::start(&db).await;
    let mut client = server.client().await;
    let after = state(&mut client, &id).await;
    for key in ["moves", "position", "side_to_move", "draw_offer", "seats", "legal_moves", "view", "outcome"]
    {
        assert_eq!(after[key], before[key], "{key} differs after the restart");
    }
    let clock = &after["clock"]["remaining_ms"];
    // Both first moves were untimed: P1's clock runs from the full ten minutes.
    assert!(clock[0].as_i64().unwrap() > 590_000 && clock[0].as_i64().unwrap() <= 600_000, "{clock}");
    // Old tokens still work; the game goes on.
    expect(play(&mut client, &id, &p1, "c3").await, 200).await;
    let old = state(&mut client, &finished_id).await;
    assert_eq!(old["outcome"]["reason"], "resignation");
    let replied = wait_for(&mut client, "pending", |s| s["ply"] == 2).await;
    assert_eq!(replied["side_to_move"], "p1");
    server.stop().await;
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let server = TestServer::start(&temp_db("headers")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "level": 1})).await;
    let id = created["id"].as_str().unwrap();
    let mut replies = Vec::new();
    for path in ["/", "/assets/app.js", "/api/registry", "/api/games", "/api/games/nosuchgame", "/nowhere"] {
        replies.push((path.to_owned(), client.get(path).await.unwrap()));
    }
    replies.push(("record".into(), client.get(&format!("/api/games/{id}/record")).await.unwrap()));
    replies.push(("bad move".into(), play(&mut client, id, "wrong", "a1").await.unwrap()));
    for (what, reply) in replies {
        let header = |name: &str| reply.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default();
        let policy = header("content-security-policy");
        for part in
            ["default-src 'self'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]
        {
            assert!(policy.contains(part), "{what}: {policy}");
        }
        assert!(!policy.contains("unsafe"), "{what}: {policy}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{what}");
        assert_eq!(header("referrer-policy"), "no-referrer", "{what}");
    }
    server.stop().await;
}

#[tokio::test]
async fn the_page_and_its_files_are_cached_and_compressed_as_a_modern_site_serves_them() {
    let server = TestServer::start(&temp_db("assets-caching")).await;
    let mut client = server.client().await;
    let header = |reply: &loadtest::client::Reply, name: &str| {
        reply.headers.get(name).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default()
    };
    // The page names its script by its hash; that name may be kept for a year.
    let page = client.get("/").await.unwrap();
    assert_eq!((page.status, header(&page, "cache-control").as_str()), (200, "no-cache"));
    let html = page.text();
    let script =
        html.split('"').find(|part| part.starts_with("/assets/app.") && part.ends_with(".js")).unwrap();
    assert_ne!(script, "/assets/app.js", "{html}");
    let hashed = client.get_with(script, &[("accept-encoding", "gzip")]).await.unwrap();
    assert_eq!(hashed.status, 200);
    assert_eq!(header(&hashed, "cache-control"), "public, max-age=31536000, immutable");
    assert_eq!(header(&hashed, "content-encoding"), "gzip");
    let brotli = client.get_with(script, &[("accept-encoding", "gzip, deflate, br")]).await.unwrap();
    assert_eq!(header(&brotli, "content-encoding"), "br");
    assert!(brotli.body.len() < hashed.body.len(), "brotli beats gzip");
    let whole = client.get("/assets/app.js").await.unwrap();
    assert!(whole.headers.get("content-encoding").is_none(), "no coding unless accepted");
    assert!(hashed.body.len() * 2 < whole.body.len(), "gzip saves more than half");
    assert_eq!(header(&whole, "cache-control"), "no-cache", "the plain name is asked for again");
    // The chunks app.js imports are named after their content and kept for good.
    let script_text = whole.text();
    let chunk_at = script_text.find("chunk-").expect("app.js imports chunks");
    let chunk = &script_text[chunk_at..chunk_at + script_text[chunk_at..].find(".js").unwrap() + 3];
    let fetched = client.get(&format!("/assets/{chunk}")).await.unwrap();
    assert_eq!(fetched.status, 200, "{chunk}");
    assert_eq!(header(&fetched, "cache-control"), "public, max-age=31536000, immutable", "{chunk}");
    assert_eq!(header(&fetched, "content-type"), "text/javascript; charset=utf-8", "{chunk}");
    // A reload asks with the ETags and gets 304 without a body: the page, a file, the registry.
    for path in ["/", "/assets/app.js", "/assets/app.css", "/api/registry"] {
        let first = client.get_with(path, &[("accept-encoding", "br")]).await.unwrap();
        let etag = header(&first, "etag");
        assert!(etag.starts_with('"') && etag.len() == 18, "{path}: {etag}");
        let again =
            client.get_with(path, &[("if-none-match", &etag), ("accept-encoding", "br")]).await.unwrap();
        assert_eq!((again.status, again.body.len()), (304, 0), "{path}");
        assert_eq!(header(&again, "etag"), etag);
        let other = client.get_with(path, &[("if-none-match", "\"0000\"")]).await.unwrap();
        assert_eq!(other.status, 200, "{path}: another version is sent whole");
    }
    let registry = client.get("/api/registry").await.unwrap();
    assert!(registry.json()["games"].is_array(), "the registry is the same JSON: {}", registry.text());
    // A JSON reply of 1 KB and more made for the request is compressed too.
    for _ in 0..8 {
        create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    }
    let plain = client.get("/api/games").await.unwrap();
    assert!(plain.body.len() > 1024 && plain.headers.get("content-encoding").is_none(), "{}", plain.text());
    let zipped = client.get_with("/api/games", &[("accept-encoding", "gzip")]).await.unwrap();
    assert_eq!((zipped.status, header(&zipped, "content-encoding").as_str()), (200, "gzip"));
    assert!(zipped.body.len() * 2 < plain.body.len(), "{} of {}", zipped.body.len(), plain.body.len());
    server.stop().await;
}

#[tokio::test]
async fn the_web_ui_needs_nothing_the_security_policy_refuses() {
    let server = TestServer::start(&temp_db("ui-policy")).await;
    let mut client = server.client().await;
    let page = client.get("/").await.unwrap().text();
    assert!(!page.contains("<script>") && !page.contains("<style") && !page.contains("style="), "{page}");
    for script in ["app.js"] {
        let text = client.get(&format!("/assets/{script}")).await.unwrap().text();
        assert!(!text.contains("setAttribute(\"style\""), "{script} sets a style attribute");
        assert!(!text.contains("eval(") && !text.contains("new Function"), "{script}");
    }
    server.stop().await;
}

#[tokio::test]
async fn json_bodies_need_a_json_content_type() {
    let server = TestServer::start(&temp_db("content-type")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let moves_path = format!("/api/games/{id}/moves");
    let join_path = format!("/api/games/{id}/join");
    let requests: [(&str, Option<&str>, String); 4] = [
        ("/api/games", None, json!({"game": "toy"}).to_string()),
        (&moves_path, Some(token), json!({"move": "a1"}).to_string()),
        (&join_path, None, json!({"invite": invite_code(&created)}).to_string()),
        ("/api/records", None, json!({"record": "[Game \"toy\"]\n1. a1 *"}).to_string()),
    ];
    for (path, auth, body) in &requests {
        for content_type in [None, Some("text/plain"), Some("application/x-www-form-urlencoded")] {
            let reply = client.send("POST", path, *auth, content_type, body.clone()).await.unwrap();
            assert_eq!(reply.status, 415, "{path} {content_type:?}: {}", reply.text());
            let message = &reply.json()["message"];
            assert!(message["en"].as_str().unwrap().contains("application/json"), "{message}");
            assert!(message["de"].as_str().unwrap().contains("muss JSON sein"), "{message}");
        }
    }
    let now = state(&mut client, id).await;
    assert_eq!(now["ply"], 0, "a refused move was played");
    assert_eq!(now["seats"][1]["joined"], false, "a refused join took the seat");
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["games"].as_array().unwrap().len(), 1, "a refused creation made a game");
    // JSON with parameters is JSON; a body-less action needs no type.
    let json_utf8 = Some("application/json; charset=utf-8");
    let reply = client.send("POST", &moves_path, Some(token), json_utf8, r#"{"move": "a1"}"#).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    let reply = client.send("POST", &format!("/api/games/{id}/draw"), Some(token), None, "").await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    server.stop().await;
}

#[tokio::test]
async fn records_longer_than_the_cap_are_refused_before_replay() {
    let server = TestServer::start(&temp_db("record-cap")).await;
    let mut client = server.client().await;
    let count = server::RECORD_MOVES + 1;
    // Illegal from the second move on: refused for its length, not for the moves.
    let record = format!("[Game \"toy\"]\n{} *", vec!["a1"; count].join(" "));
    let reply = client.post("/api/records", None, &json!({ "record": record })).await.unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text());
    let message = &reply.json()["message"];
    assert!(message["en"].as_str().unwrap().contains(&format!("has {count} moves")), "{message}");
    assert!(message["de"].as_str().unwrap().contains(&format!("hat {count} Züge")), "{message}");
    // Within the cap a record replays as before.
    let record = "[Game \"toy\"]\n1. a1 b1 2. a2 *";
    let imported = expect(client.post("/api/records", None, &json!({ "record": record })).await, 201).await;
    assert_eq!(imported["state"]["ply"], 3);
    server.stop().await;
}

/// The status of `POST /api/games` sent with the headers `extra`, on a
/// connection of its own.
async fn create_status(server: &TestServer, extra: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = r#"{"game": "toy", "opponent": "human"}"#;
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n{extra}\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.addr,
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    response.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or_else(|| panic!("{response}"))
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_limits_count_the_forwarded_client() {
    let limits = server::Limits { games_per_minute: 1, ..Default::default() };
    let proxy = vec!["127.0.0.1".parse().unwrap()];
    let server = TestServer::start_behind(common::registry(), &temp_db("proxy"), limits, proxy).await;
    let (anna, bert) = ("X-Forwarded-For: 203.0.113.7\r\n", "X-Forwarded-For: 10.0.0.1, 198.51.100.4\r\n");
    assert_eq!(create_status(&server, anna).await, 201);
    assert_eq!(create_status(&server, anna).await, 429, "the same client again");
    assert_eq!(create_status(&server, bert).await, 201, "another client behind the proxy");
    assert_eq!(create_status(&server, "").await, 201, "the proxy itself");
    server.stop().await;

    // Not trusted, the header is ignored: every request is the peer's.
    let limits = server::Limits { games_per_minute: 1, ..Default::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("no-proxy"), limits).await;
    assert_eq!(create_status(&server, anna).await, 201);
    assert_eq!(create_status(&server, bert).await, 429, "a header proves nothing");
    server.stop().await;
}

#[tokio::test]
async fn new_games_imports_and_analyses_are_rate_limited_per_address() {
    let limits = server::Limits {
        games_per_minute: 2,
        imports_per_minute: 1,
        analyses_per_minute: 1,
        ..Default::default()
    };
    let server = TestServer::start_limited(common::registry(), &temp_db("rates"), limits).await;
    let mut client = server.client().await;
    let request = json!({"game": "toy", "opponent": "human"});
    create(&mut client, request.clone()).await;
    create(&mut client, request.clone()).await;
    let refused = client.post("/api/games", None, &request).await.unwrap();
    assert_eq!(refused.status, 429, "{}", refused.text());
    let message = &refused.json()["message"];
    assert!(message["en"].as_str().unwrap().contains("too many new games"), "{message}");
    assert!(message["de"].as_str().unwrap().contains("zu viele neue Partien"), "{message}");
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert_eq!(lobby["games"].as_array().unwrap().len(), 2);
    let record = json!({"record": "[Game \"toy\"]\n1. a1 b1 *"});
    let imported = expect(client.post("/api/records", None, &record).await, 201).await;
    let refused = client.post("/api/records", None, &record).await.unwrap();
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert!(refused.json()["message"]["de"].as_str().unwrap().contains("zu viele importierte"));
    let path = format!("/api/games/{}/analysis?movetime=100", imported["id"].as_str().unwrap());
    assert_eq!(client.get(&path).await.unwrap().status, 200);
    let refused = client.get(&path).await.unwrap();
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert!(refused.json()["message"]["en"].as_str().unwrap().contains("too many analyses"));
    server.stop().await;
}

#[tokio::test]
async fn idle_games_leave_memory_and_come_back_intact_and_playable() {
    let limits = server::Limits { idle_games: 2, ..Default::default() };
    let db = temp_db("evict");
    let server = TestServer::start_limited(common::registry(), &db, limits).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap();
    let p1 = created["token"].as_str().unwrap();
    let joined = expect(
        client.post(&format!("/api/games/{id}/join"), None, &json!({"invite": invite_code(&created)})).await,
        200,
    )
    .await;
    let p2 = joined["token"].as_str().unwrap();
    expect(play(&mut client, id, p1, "a1").await, 200).await;
    expect(play(&mut client, id, p2, "b1").await, 200).await;
    expect(client.post(&format!("/api/games/{id}/draw"), Some(p1), &json!({})).await, 200).await;
    let before = state(&mut client, id).await;
    assert!(before["version"].as_u64().unwrap() > 0);
    // A watched game stays in memory whatever comes after it.
    let watched = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let watched_id = watched["id"].as_str().unwrap();
    let url = format!("ws://{}/api/games/{watched_id}/ws", server.addr);
    let (_socket, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    // Marks both games in the database behind the server's back: a game
    // read back from the database shows the mark.
    common::execute(&db, &format!("UPDATE games SET level = 7 WHERE id IN ('{id}', '{watched_id}')"));
    // Three newer idle games push the first one out of memory.
    for _ in 0..3 {
        create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    }
    let after = state(&mut client, id).await;
    assert_eq!(after["level"], 7, "the game was not read back from the database: {after}");
    for key in [
        "moves",
        "position",
        "side_to_move",
        "seats",
        "legal_moves",
        "draw_offer",
        "outcome",
        "view",
        "version",
    ] {
        assert_eq!(after[key], before[key], "{key} differs after the reload");
    }
    assert_eq!(state(&mut client, watched_id).await["level"], Value::Null, "a watched game left memory");
    // The reloaded game is played on with the tokens it had.
    assert_eq!(play(&mut client, id, p2, "c1").await.unwrap().status, 422, "not p2's turn");
    let moved = expect(play(&mut client, id, p1, "a2").await, 200).await;
    assert_eq!((&moved["type"], &moved["moves_from"]), (&json!("update"), &json!(2)));
    assert_eq!(moves(&moved), ["a2"]);
    assert_eq!(moves(&state(&mut client, id).await), ["a1", "b1", "a2"]);
    assert_eq!(moved["draw_offer"], Value::Null);
    let won = expect(play(&mut client, id, p2, "c1").await, 200).await;
    assert!(won["outcome"].is_null());
    let won = expect(play(&mut client, id, p1, "a3").await, 200).await;
    assert_eq!(won["outcome"]["result"], "1-0");
    server.stop().await;
}

#[tokio::test]
async fn the_lobby_features_a_game_being_played() {
    let server = TestServer::start(&temp_db("lobby-featured")).await;
    let mut client = server.client().await;
    let none = expect(client.get("/api/lobby/featured").await, 200).await;
    assert_eq!(none, json!({"game": null}), "no game is being played yet");
    let waiting = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let played = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
    let id = played["id"].as_str().unwrap();
    expect(play(&mut client, id, played["token"].as_str().unwrap(), "a1").await, 200).await;
    let featured = expect(client.get("/api/lobby/featured").await, 200).await;
    assert_eq!(featured["game"]["id"], id, "the game with a move, not {}: {featured}", waiting["id"]);
    assert_eq!(featured["game"]["ply"], 1);
    assert_eq!(featured["game"]["title"], "Toy");
    assert_eq!(featured["game"]["seats"][0]["seat"], "p1");
    assert_eq!(featured["game"]["seats"][0]["names"], json!({"en": "Cross", "de": "Kreuz"}));
    assert_eq!(featured["game"]["side_to_move"], "p2");
    assert_eq!(featured["game"]["to_move_names"]["de"], "Kreis");
    server.stop().await;
}

#[tokio::test]
async fn the_lobby_pages_through_running_games_from_the_database() {
    let limits = server::Limits { idle_games: 1, ..Default::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("lobby-pages"), limits).await;
    let mut client = server.client().await;
    let mut running = std::collections::BTreeSet::new();
    for _ in 0..5 {
        let created = create(&mut client, json!({"game": "toy", "opponent": "human"})).await;
        running.insert(created["id"].as_str().unwrap().to_owned());
    }
    let first = running.first().unwrap().clone();
    // Games that are over and imported records are not listed.
    let over = create(&mut client, json!({"game": "toy", "opponent": "human", "side": "p2"})).await;
    let resign = format!("/api/games/{}/resign", over["id"].as_str().unwrap());
    expect(client.post(&resign, over["token"].as_str(), &json!({})).await, 200).await;
    let record = json!({"record": "[Game \"toy\"]\n1. a1 *"});
    expect(client.post("/api/records", None, &record).await, 201).await;
    let engine_game = create(&mut client, json!({"game": "toy", "level": 1})).await;
    running.insert(engine_game["id"].as_str().unwrap().to_owned());
    let mut listed = Vec::new();
    for offset in [0, 2, 4] {
        let page = expect(client.get(&format!("/api/games?offset={offset}&limit=2")).await, 200).await;
        assert_eq!(page["total"], 6);
        assert_eq!((page["offset"].as_u64(), page["limit"].as_u64()), (Some(offset), Some(2)));
        let games = page["games"].as_array().unwrap();
        assert_eq!(games.len(), 2, "{page}");
        listed.extend(games.iter().map(|g| g["id"].as_str().unwrap().to_owned()));
    }
    let beyond = expect(client.get("/api/games?offset=6").await, 200).await;
    assert_eq!(beyond["games"], json!([]));
    assert_eq!(listed.len(), 6);
    assert_eq!(listed.iter().cloned().collect::<std::collections::BTreeSet<_>>(), running, "{listed:?}");
    // A line tells who plays and who is to move, also for a game no longer in memory.
    let all = expect(client.get("/api/games").await, 200).await;
    let line = all["games"].as_array().unwrap().iter().find(|g| g["id"] == first.as_str()).unwrap().clone();
    assert_eq!(line["title"], "Toy");
    assert_eq!(line["opponent"], "human");
    assert_eq!(line["ply"], 0);
    assert_eq!(line["side_to_move"], "p1");
    assert_eq!(line["to_move_names"], json!({"en": "Cross", "de": "Kreuz"}));
    assert_eq!(
        line["seats"][1],
        json!({"seat": "p2", "names": {"en": "Nought", "de": "Kreis"}, "player": "human", "joined": false})
    );
    assert_eq!(line["watchers"], 0);
    for bad in [
        "limit=0",
        "limit=201",
        "offset=-1",
        "limit=many",
        "offset=9223372036854775808",
        "offset=18446744073709551616",
        "page=46116860184273880",
    ] {
        let reply = client.get(&format!("/api/games?{bad}")).await.unwrap();
        assert_eq!(reply.status, 400, "{bad}: {}", reply.text());
        let name = bad.split_once('=').unwrap().0;
        assert!(
            reply.json()["error"].as_str().unwrap().contains(&format!("{name} '")),
            "{bad}: {}",
            reply.text()
        );
    }
    let last = expect(client.get("/api/games?offset=9223372036854775807").await, 200).await;
    assert_eq!(last["games"], json!([]), "the largest offset is past every game");
    server.stop().await;
}
