//! What states list on request (played moves by ply range, legal moves all,
//! none or by index) and what changes send: updates with the new moves and
//! a summary, from which a WebSocket client rebuilds the game.

use crate::common;

use common::{PATIENCE, TestServer, create, expect, invite_code, play, state, temp_db};
use futures_util::StreamExt;
use loadtest::client::Client;
use serde_json::{Value, json};
use std::time::Instant;

fn texts(value: &Value) -> Vec<&str> {
    value.as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect()
}

/// A human game of `game` with both seats taken: id and both tokens.
async fn human_game(client: &mut Client, game: &str) -> (String, String, String) {
    let created = create(client, json!({"game": game, "opponent": "human"})).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let path = format!("/api/games/{id}/join");
    let joined = expect(client.post(&path, None, &json!({"invite": invite_code(&created)})).await, 200).await;
    (id, created["token"].as_str().unwrap().to_owned(), joined["token"].as_str().unwrap().to_owned())
}

async fn get(client: &mut Client, path: &str) -> Value {
    expect(client.get(path).await, 200).await
}

#[tokio::test]
async fn states_list_played_moves_by_ply_range_and_legal_moves_as_asked() {
    let server = TestServer::start(&temp_db("state-query")).await;
    let mut client = server.client().await;
    let (id, p1, p2) = human_game(&mut client, "toy").await;
    for (token, mv) in [(&p1, "a1"), (&p2, "b1"), (&p1, "a2")] {
        expect(play(&mut client, &id, token, mv).await, 200).await;
    }
    let whole = state(&mut client, &id).await;
    assert_eq!(
        (texts(&whole["moves"]), &whole["moves_from"], &whole["ply"]),
        (vec!["a1", "b1", "a2"], &json!(0), &json!(3))
    );
    let base = format!("/api/games/{id}");
    for (query, from, listed) in [
        ("from=1", 1, vec!["b1", "a2"]),
        ("from=1&to=2", 1, vec!["b1"]),
        ("to=0", 0, vec![]),
        ("from=3", 3, vec![]),
        ("from=10&to=20", 3, vec![]),
        ("to=99", 0, vec!["a1", "b1", "a2"]),
    ] {
        let ranged = get(&mut client, &format!("{base}?{query}")).await;
        assert_eq!(texts(&ranged["moves"]), listed, "{query}");
        assert_eq!(ranged["moves_from"], json!(from), "{query}");
        assert_eq!((&ranged["ply"], &ranged["last_move"]), (&json!(3), &json!("a2")), "{query}");
    }
    let legal = texts(&whole["legal_moves"]);
    assert_eq!((legal.len(), &whole["legal_moves_count"]), (6, &json!(6)));
    let all = get(&mut client, &format!("{base}?legal=all")).await;
    assert_eq!(texts(&all["legal_moves"]), legal);
    assert!(whole["view"].is_object());
    let viewless = get(&mut client, &format!("{base}?view=none&to=0")).await;
    assert_eq!((&viewless["view"], &viewless["legal_moves"]), (&Value::Null, &whole["legal_moves"]));
    let none = get(&mut client, &format!("{base}?legal=none")).await;
    assert_eq!((texts(&none["legal_moves"]).len(), &none["legal_moves_count"]), (0, &json!(6)));
    for (query, from, to) in [
        ("legal_from=2&legal_to=4", 2, 4),
        ("legal_from=5", 5, 6),
        ("legal=all&legal_to=1", 0, 1),
        ("legal_from=9", 6, 6),
    ] {
        let part = get(&mut client, &format!("{base}?{query}")).await;
        assert_eq!(texts(&part["legal_moves"]), legal[from..to], "{query}");
        assert_eq!(
            (&part["legal_moves_from"], &part["legal_moves_count"]),
            (&json!(from), &json!(6)),
            "{query}"
        );
    }
    for (query, part) in [
        ("from=x", "'from' must be a whole number"),
        ("to=-1", "'to' must be a whole number"),
        ("from=2&to=1", "'to' (1) must not be below 'from' (2)"),
        ("legal=some", "'legal' must be listed, all or none"),
        ("legal=none&legal_from=1", "do not go with legal=none"),
        ("legal_from=3&legal_to=2", "'legal_to' (2) must not be below 'legal_from' (3)"),
        ("view=some", "'view' must be full or none"),
    ] {
        let reply = client.get(&format!("{base}?{query}")).await.unwrap();
        assert_eq!(reply.status, 422, "{query}: {}", reply.text());
        let message = reply.json()["message"].clone();
        assert!(message["en"].as_str().unwrap().contains(part), "{query}: {message}");
        assert!(
            !message["de"].as_str().unwrap().is_empty() && message["de"] != message["en"],
            "{query}: {message}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn move_replies_are_updates_without_the_view() {
    let server = TestServer::start(&temp_db("move-reply")).await;
    let mut client = server.client().await;
    let (id, p1, p2) = human_game(&mut client, "toy").await;
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    let reply = expect(play(&mut client, &id, &p2, "b2").await, 200).await;
    assert_eq!(reply["type"], "update");
    assert_eq!(
        (&reply["moves_from"], texts(&reply["moves"]), &reply["ply"]),
        (&json!(1), vec!["b2"], &json!(2))
    );
    assert!(reply.get("view").is_none(), "{reply}");
    let whole = state(&mut client, &id).await;
    assert_eq!(whole["type"], "state");
    for key in [
        "id",
        "version",
        "last_move",
        "side_to_move",
        "to_move_names",
        "seats",
        "legal_moves",
        "legal_moves_count",
        "outcome",
        "draw_offer",
        "clock",
        "engine_thinking",
    ] {
        assert_eq!(reply[key], whole[key], "{key}");
    }
    let resigned =
        expect(client.post(&format!("/api/games/{id}/resign"), Some(&p1), &json!({})).await, 200).await;
    assert_eq!(
        (&resigned["type"], &resigned["moves_from"], texts(&resigned["moves"])),
        (&json!("update"), &json!(2), vec![])
    );
    assert_eq!(resigned["outcome"]["winner"], "p2");
    server.stop().await;
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client's copy of a game, built from what the socket sends.
#[derive(Default)]
struct Replica {
    moves: Vec<String>,
    fields: Value,
    updates: usize,
}

impl Replica {
    /// Takes one message: a whole state replaces the copy; an update must
    /// follow the moves the copy has and is applied to it; watcher counts
    /// and chats are not the game's.
    fn apply(&mut self, message: Value) {
        let kind = message["type"].as_str().unwrap();
        if matches!(kind, "watchers" | "chat" | "spectator_chat") {
            return;
        }
        let moves = texts(&message["moves"]).into_iter().map(str::to_owned);
        match kind {
            "state" => {
                assert_eq!(message["moves_from"], 0, "a whole state from the socket lists every move");
                self.moves = moves.collect();
            }
            "update" => {
                assert_eq!(
                    message["moves_from"],
                    json!(self.moves.len()),
                    "the update leaves a gap: {message}"
                );
                assert!(message["view"].is_object(), "pushed updates carry the view: {message}");
                self.moves.extend(moves);
                self.updates += 1;
            }
            other => panic!("unknown message type {other}"),
        }
        self.fields = message;
    }

    /// Reads messages until the copy has `version` or a later one.
    async fn catch_up(&mut self, socket: &mut Socket, version: &Value) {
        let until = Instant::now() + PATIENCE;
        let version = version.as_u64().unwrap();
        while self.fields["version"].as_u64().is_none_or(|had| had < version) {
            let message = tokio::time::timeout_at(until.into(), socket.next())
                .await
                .expect("the socket fell silent")
                .unwrap()
                .unwrap();
            self.apply(serde_json::from_str(message.to_text().unwrap()).unwrap());
        }
    }
}

#[tokio::test]
async fn websocket_clients_rebuild_the_game_from_whole_states_and_move_updates() {
    let server = TestServer::start_with(games::registry(), &temp_db("ws-updates")).await;
    let mut client = server.client().await;
    let (id, p1, p2) = human_game(&mut client, "formation").await;
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let mut copy = Replica::default();
    let first = state(&mut client, &id).await;
    copy.catch_up(&mut socket, &first["version"]).await;
    assert_eq!(copy.fields["type"], "state");
    // One move at a time: each comes as an update with the move, the summary and the view.
    let mut tokens = [p1, p2];
    if first["side_to_move"] == "p2" {
        tokens.swap(0, 1);
    }
    let mut turn = first;
    for ply in 0..4 {
        let mv = turn["legal_moves"][0].as_str().unwrap().to_owned();
        turn = expect(play(&mut client, &id, &tokens[ply % 2], &mv).await, 200).await;
        copy.catch_up(&mut socket, &turn["version"]).await;
        assert_eq!((copy.fields["type"].as_str(), copy.moves.last()), (Some("update"), Some(&mv)));
    }
    assert_eq!(copy.updates, 4);
    // Many moves in a row without reading: updates may be merged into a whole state, never leave a gap.
    for ply in 4..40 {
        if turn["outcome"].is_object() {
            break;
        }
        let legal = texts(&turn["legal_moves"]);
        let mv = legal[ply * 7 % legal.len()].to_owned();
        turn = expect(play(&mut client, &id, &tokens[ply % 2], &mv).await, 200).await;
    }
    copy.catch_up(&mut socket, &turn["version"]).await;
    let whole = state(&mut client, &id).await;
    assert_eq!(copy.moves, texts(&whole["moves"]));
    for key in ["ply", "side_to_move", "legal_moves", "legal_moves_count", "outcome", "view", "seats"] {
        assert_eq!(copy.fields[key], whole[key], "{key}");
    }
    server.stop().await;
}

#[tokio::test]
async fn taking_moves_back_sends_the_whole_state() {
    let server = TestServer::start(&temp_db("undo-push")).await;
    let mut client = server.client().await;
    let created = create(&mut client, json!({"game": "toy", "level": 1})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let mut copy = Replica::default();
    copy.catch_up(&mut socket, &created["state"]["version"]).await;
    expect(play(&mut client, id, token, "b2").await, 200).await;
    let replied = common::wait_for(&mut client, id, |s| s["ply"] == 2).await;
    copy.catch_up(&mut socket, &replied["version"]).await;
    assert_eq!(copy.moves.len(), 2);
    let undone =
        expect(client.post(&format!("/api/games/{id}/undo"), Some(token), &json!({})).await, 200).await;
    assert_eq!((&undone["type"], &undone["ply"]), (&json!("state"), &json!(0)));
    copy.catch_up(&mut socket, &undone["version"]).await;
    assert_eq!((copy.fields["type"].as_str(), copy.moves.len()), (Some("state"), 0));
    server.stop().await;
}
