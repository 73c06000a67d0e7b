//! Playing people as on lichess (issue 25, points 1, 2 and 4): clocks
//! that stand until both sides made their first move, the first-move
//! limit and abort, takeback requests, presence with claims, and the
//! draw offers' limit, over loopback with the toy game (SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`). Short limits stand for
//! the 30 s and 60 s, and the tests poll for what the timers do.

use crate::common;

use common::{PATIENCE, TestServer, create, expect, invite_code, play, registry, state, temp_db, wait_for};
use futures_util::{SinkExt, StreamExt};
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::store::Database;
use spielwerk_server::{Limits, Patience};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A server whose first moves may take `first_move` and absences `absence`.
async fn patient(db: &Database, first_move: Duration, absence: Duration) -> TestServer {
    let limits =
        Limits { patience: Patience { first_move, absence, ..Patience::default() }, ..Limits::default() };
    TestServer::start_limited(registry(), db, limits).await
}

/// A game between people made with `request` (toy, human) and joined:
/// (id, P1's token, P2's token).
async fn joined(client: &mut Client, request: Value) -> (String, String, String) {
    let mut request = request;
    request["game"] = json!("toy");
    request["opponent"] = json!("human");
    let created = create(client, request).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let path = format!("/api/games/{id}/join");
    let join = expect(client.post(&path, None, &json!({ "invite": invite_code(&created) })).await, 200).await;
    (id, created["token"].as_str().unwrap().to_owned(), join["token"].as_str().unwrap().to_owned())
}

/// Posts `body` to the game's `action` with `token`; checks the status.
async fn act(client: &mut Client, id: &str, action: &str, token: &str, body: Value, status: u16) -> Value {
    expect(client.post(&format!("/api/games/{id}/{action}"), Some(token), &body).await, status).await
}

/// Checks that a refusal says why in English and German.
fn says(refusal: &Value, en: &str, de: &str) {
    assert!(refusal["message"]["en"].as_str().unwrap().contains(en), "{refusal}");
    assert!(refusal["message"]["de"].as_str().unwrap().contains(de), "{refusal}");
}

#[tokio::test]
async fn clocks_stand_until_both_first_moves_and_abort_ends_a_game_before_the_second() {
    let server = TestServer::start(&temp_db("people-clock")).await;
    let mut client = server.client().await;
    let (id, p1, p2) = joined(&mut client, json!({"clock": "1+0"})).await;
    let seen = state(&mut client, &id).await;
    assert_eq!(seen["clock"]["running"], Value::Null, "no clock runs before the first moves: {seen}");
    assert_eq!(seen["clock"]["remaining_ms"], json!([60_000, 60_000]));
    assert_eq!(seen["people"]["abortable"], true);
    let first_move_ms = seen["people"]["first_move_ms"].as_i64().unwrap();
    assert!(first_move_ms > 0 && first_move_ms <= 30_000, "{seen}");
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    let after_one = state(&mut client, &id).await;
    assert_eq!(after_one["clock"]["running"], Value::Null, "P2's first move is untimed too");
    assert_eq!(after_one["clock"]["remaining_ms"], json!([60_000, 60_000]));
    expect(play(&mut client, &id, &p2, "b1").await, 200).await;
    let running = state(&mut client, &id).await;
    assert_eq!(running["clock"]["running"], "p1", "from the second move on the side to move's clock runs");
    assert_eq!(running["clock"]["remaining_ms"][1], 60_000);
    assert_eq!(running["people"]["abortable"], false);
    assert_eq!(running["people"]["first_move_ms"], Value::Null);
    let version = running["version"].clone();
    let refused = act(&mut client, &id, "abort", &p1, json!({}), 409).await;
    says(&refused, "can no longer be aborted", "nicht mehr abgebrochen");
    assert_eq!(state(&mut client, &id).await["version"], version, "a refusal changes nothing");

    // Either player aborts before the second move: unrated, out of the lobby.
    let (id, p1, p2) = joined(&mut client, json!({"clock": "3+2"})).await;
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert!(lobby["games"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str()), "{lobby}");
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    assert_eq!(client.post(&format!("/api/games/{id}/abort"), None, &json!({})).await.unwrap().status, 403);
    let aborted = act(&mut client, &id, "abort", &p2, json!({}), 200).await;
    assert_eq!(aborted["outcome"]["reason"], "aborted", "{aborted}");
    // Who aborted is told, to both players and after a reload.
    assert_eq!(aborted["people"]["aborted_by"], "p2", "{aborted}");
    assert_eq!(state(&mut client, &id).await["people"]["aborted_by"], "p2");
    // No result: not a draw (issue 50), and a downloaded record says so.
    assert_eq!(aborted["outcome"]["result"], "*", "{aborted}");
    assert_eq!(aborted["outcome"]["winner"], Value::Null, "{aborted}");
    let record = client.get(&format!("/api/games/{id}/record")).await.unwrap().text();
    assert!(record.contains("[Result \"*\"]"), "{record}");
    assert_eq!(aborted["outcome"]["text"]["de"], "vor dem zweiten Zug abgebrochen");
    assert_eq!(aborted["clock"]["remaining_ms"], json!([180_000, 180_000]));
    let again = act(&mut client, &id, "abort", &p1, json!({}), 409).await;
    // German says "Partie" for one game throughout (review 15): "die Partie ist vorbei".
    says(&again, "the game is over", "die Partie ist vorbei");
    let lobby = expect(client.get("/api/games").await, 200).await;
    assert!(lobby["games"].as_array().unwrap().iter().all(|g| g["id"] != id.as_str()), "{lobby}");
    let engine = create(&mut client, json!({"game": "toy"})).await;
    let engine_id = engine["id"].as_str().unwrap();
    act(&mut client, engine_id, "abort", engine["token"].as_str().unwrap(), json!({}), 422).await;
    server.stop().await;
}

#[tokio::test]
async fn an_overdue_first_move_aborts_the_game_instead_of_a_time_forfeit_and_after_a_restart() {
    let db = temp_db("people-first-move");
    let server = patient(&db, Duration::from_secs(2), Duration::from_secs(60)).await;
    let mut client = server.client().await;
    // The shortest clock, ten seconds: once it ended by time with no move played.
    let (id, p1, _) = joined(&mut client, json!({"clock": "0.17+0"})).await;
    let over = wait_for(&mut client, &id, |s| !s["outcome"].is_null()).await;
    assert_eq!(over["outcome"]["reason"], "aborted", "{over}");
    assert_eq!(over["outcome"]["winner"], Value::Null);
    assert_eq!(over["people"]["aborted_by"], Value::Null, "no player aborted it: {over}");
    assert_eq!(over["ply"], 0);
    act(&mut client, &id, "moves", &p1, json!({"move": "a1"}), 422).await;

    server.stop().await;

    // P2's first move is due from P1's, as stored: a restarted server with a
    // short limit aborts the game (the first one's timers, which outlive it
    // in this process, wait for an hour).
    let server = patient(&db, Duration::from_secs(3600), Duration::from_secs(60)).await;
    let mut client = server.client().await;
    let (id, p1, _) = joined(&mut client, json!({"clock": "0.17+0"})).await;
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    server.stop().await;
    let server = patient(&db, Duration::from_secs(2), Duration::from_secs(60)).await;
    let mut client = server.client().await;
    let over = wait_for(&mut client, &id, |s| !s["outcome"].is_null()).await;
    assert_eq!((over["outcome"]["reason"].as_str(), over["ply"].as_u64()), (Some("aborted"), Some(1)));
    server.stop().await;
}

#[tokio::test]
async fn draw_offers_are_one_per_ten_plies_and_the_offerer_learns_of_a_decline() {
    let server = TestServer::start(&temp_db("people-draw")).await;
    let mut client = server.client().await;
    let (id, p1, p2) = joined(&mut client, json!({})).await;
    act(&mut client, &id, "draw", &p1, json!({"action": "offer"}), 200).await;
    let before = state(&mut client, &id).await;
    for _ in 0..19 {
        let refused = act(&mut client, &id, "draw", &p1, json!({"action": "offer"}), 409).await;
        says(&refused, "from ply 10 on", "ab Halbzug 10");
    }
    assert_eq!(state(&mut client, &id).await["version"], before["version"], "refusals change nothing");
    let declined = act(&mut client, &id, "draw", &p2, json!({"action": "decline"}), 200).await;
    assert_eq!(
        (declined["draw_offer"].clone(), declined["people"]["draw_declined"].clone()),
        (Value::Null, json!("p1"))
    );
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    let moved = state(&mut client, &id).await;
    assert_eq!(moved["people"]["draw_declined"], Value::Null, "the next move ends the notice");
    act(&mut client, &id, "draw", &p1, json!({"action": "offer"}), 409).await;
    // P2's own first offer is fine, and P1 accepts it.
    act(&mut client, &id, "draw", &p2, json!({"action": "offer"}), 200).await;
    let drawn = act(&mut client, &id, "draw", &p1, json!({"action": "accept"}), 200).await;
    assert_eq!(drawn["outcome"]["reason"], "agreement");
    server.stop().await;
}

/// Reads the socket until a message satisfies `done`.
async fn until_pushed<S>(socket: &mut S, done: impl Fn(&Value) -> bool) -> Value
where
    S: StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let until = Instant::now() + PATIENCE;
    loop {
        let message = tokio::time::timeout_at(until.into(), socket.next()).await.unwrap().unwrap().unwrap();
        let Ok(text) = message.to_text() else { continue };
        let message: Value = serde_json::from_str(text).unwrap();
        if done(&message) {
            return message;
        }
    }
}

/// A socket to a game, as `tokio_tungstenite` opens it.
type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Both players of game `id` on `server` connected with their tokens `p1`
/// and `p2`, once the first has been told that the second is there.
async fn both_present(server: &TestServer, id: &str, p1: &str, p2: &str) -> (Socket, Socket) {
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut first, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    first.send(Message::text(json!({"type": "hello", "token": p1}).to_string())).await.unwrap();
    let (mut second, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    second.send(Message::text(json!({"type": "hello", "token": p2}).to_string())).await.unwrap();
    until_pushed(&mut first, |m| m["people"]["presence"][1]["seen"] == true).await;
    (first, second)
}

#[tokio::test]
async fn takebacks_are_asked_for_and_granted_live_between_people_when_the_game_allows_them() {
    let server = TestServer::start(&temp_db("people-takeback")).await;
    let mut client = server.client().await;
    let (id, p1, p2) = joined(&mut client, json!({"clock": "3+2"})).await;
    assert_eq!(state(&mut client, &id).await["people"]["takebacks"], true, "casual games allow them");
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut second, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    second.send(Message::text(json!({"type": "hello", "token": p2}).to_string())).await.unwrap();
    let refused = act(&mut client, &id, "takeback", &p1, json!({"action": "offer"}), 422).await;
    says(&refused, "no move to take back", "keinen Zug");
    for (token, mv) in [(&p1, "a1"), (&p2, "b1"), (&p1, "c1"), (&p2, "a2")] {
        expect(play(&mut client, &id, token, mv).await, 200).await;
    }
    act(&mut client, &id, "takeback", &p1, json!({"action": "offer"}), 200).await;
    let pushed = until_pushed(&mut second, |m| m["people"]["takeback_offer"] == "p1").await;
    assert_eq!(pushed["ply"], 4);
    act(&mut client, &id, "takeback", &p1, json!({"action": "offer"}), 409).await;
    act(&mut client, &id, "takeback", &p1, json!({"action": "accept"}), 409).await;
    act(&mut client, &id, "takeback", &p2, json!({"action": "maybe"}), 422).await;
    let granted = act(&mut client, &id, "takeback", &p2, json!({"action": "accept"}), 200).await;
    assert_eq!(
        (granted["ply"].as_u64(), granted["side_to_move"].as_str()),
        (Some(2), Some("p1")),
        "{granted}"
    );
    assert_eq!(granted["people"]["takeback_offer"], Value::Null);
    assert_eq!(granted["clock"]["running"], "p1");
    until_pushed(&mut second, |m| m["type"] == "state" && m["ply"] == 2).await;
    // Asked again and declined: nothing is taken back.
    expect(play(&mut client, &id, &p1, "c1").await, 200).await;
    act(&mut client, &id, "takeback", &p1, json!({}), 200).await;
    let declined = act(&mut client, &id, "takeback", &p2, json!({"action": "decline"}), 200).await;
    assert_eq!(
        (declined["ply"].as_u64(), declined["people"]["takeback_offer"].clone()),
        (Some(3), Value::Null)
    );
    act(&mut client, &id, "takeback", &p2, json!({"action": "decline"}), 409).await;

    // Off when the game says so, and against the engine undo stays.
    let (off, q1, q2) = joined(&mut client, json!({"takebacks": false})).await;
    expect(play(&mut client, &off, &q1, "a1").await, 200).await;
    expect(play(&mut client, &off, &q2, "b1").await, 200).await;
    let refused = act(&mut client, &off, "takeback", &q1, json!({}), 409).await;
    says(&refused, "takebacks are off", "ausgeschaltet");
    let engine = create(&mut client, json!({"game": "toy"})).await;
    let engine_id = engine["id"].as_str().unwrap();
    act(&mut client, engine_id, "takeback", engine["token"].as_str().unwrap(), json!({}), 422).await;
    server.stop().await;
}

#[tokio::test]
async fn presence_is_told_and_the_one_who_stays_claims_once_the_other_has_been_gone_long_enough() {
    let db = temp_db("people-presence");
    let server = patient(&db, Duration::from_secs(30), Duration::from_secs(3600)).await;
    let mut client = server.client().await;
    let (id, p1, p2) = joined(&mut client, json!({"clock": "5+3"})).await;
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let (mut first, mut second) = both_present(&server, &id, &p1, &p2).await;
    expect(play(&mut client, &id, &p1, "a1").await, 200).await;
    let refused = act(&mut client, &id, "claim", &p2, json!({"result": "win"}), 409).await;
    says(&refused, "not begun", "noch nicht begonnen");
    expect(play(&mut client, &id, &p2, "b1").await, 200).await;
    let refused = act(&mut client, &id, "claim", &p1, json!({"result": "win"}), 409).await;
    says(&refused, "still in the game", "noch in der Partie");
    second.close(None).await.unwrap();
    let left = until_pushed(&mut first, |m| m["people"]["presence"][1]["gone"] == true).await;
    assert!(left["people"]["presence"][1]["claim_in_ms"].as_i64().unwrap() > 0, "{left}");
    let refused = act(&mut client, &id, "claim", &p1, json!({"result": "win"}), 409).await;
    says(&refused, "you may claim in", "kannst in");
    act(&mut client, &id, "claim", &p1, json!({"result": "everything"}), 422).await;
    // The opponent comes back, and leaves again.
    let (mut again, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    again.send(Message::text(json!({"type": "hello", "token": p2}).to_string())).await.unwrap();
    until_pushed(&mut first, |m| m["people"]["presence"][1]["gone"] == false).await;
    again.close(None).await.unwrap();
    until_pushed(&mut first, |m| m["people"]["presence"][1]["gone"] == true).await;
    drop(first);
    // Stopped once the last change is stored (a socket's task may outlive the server).
    wait_for(&mut client, &id, |s| s["people"]["presence"][0]["gone"] == true).await;
    server.stop().await;

    // The absence is stored: after a restart with a short allowance the win is claimed.
    let server = patient(&db, Duration::from_secs(30), Duration::from_secs(1)).await;
    let mut client = server.client().await;
    wait_for(&mut client, &id, |s| s["people"]["presence"][1]["claim_in_ms"] == 0).await;
    let won = act(&mut client, &id, "claim", &p1, json!({"result": "win"}), 200).await;
    assert_eq!(
        (won["outcome"]["reason"].as_str(), won["outcome"]["winner"].as_str()),
        (Some("left"), Some("p1"))
    );
    act(&mut client, &id, "claim", &p1, json!({"result": "draw"}), 409).await;
    server.stop().await;
}

#[tokio::test]
async fn an_absent_opponent_is_claimed_against_only_in_a_game_with_a_clock() {
    let db = temp_db("people-no-clock");
    // The shortest absence: a claim would be allowed at once in a game with a clock.
    let server = patient(&db, Duration::from_secs(30), Duration::from_millis(1)).await;
    let mut client = server.client().await;
    for request in [json!({}), json!({"correspondence": 3})] {
        let (id, p1, p2) = joined(&mut client, request.clone()).await;
        let (mut first, mut second) = both_present(&server, &id, &p1, &p2).await;
        expect(play(&mut client, &id, &p1, "a1").await, 200).await;
        expect(play(&mut client, &id, &p2, "b1").await, 200).await;
        second.close(None).await.unwrap();
        // The opponent's leaving is told, without a claim to count down to.
        let left = until_pushed(&mut first, |m| m["people"]["presence"][1]["gone"] == true).await;
        assert_eq!(left["people"]["presence"][1]["claim_in_ms"], Value::Null, "{request}: {left}");
        let refused = act(&mut client, &id, "claim", &p1, json!({"result": "win"}), 409).await;
        says(&refused, "without a clock", "ohne Uhr");
        assert_eq!(state(&mut client, &id).await["outcome"], Value::Null);
    }
    server.stop().await;
}

/// The token of the seat to move in `game` (a state), P1's being `p1`.
fn mover<'a>(game: &Value, p1: &'a str, p2: &'a str) -> &'a str {
    if game["side_to_move"] == "p1" { p1 } else { p2 }
}

/// Plays the first legal move other than a pass (two passes would repeat
/// the position) for the side to move; the state after.
async fn play_first(client: &mut Client, id: &str, p1: &str, p2: &str) -> Value {
    let before = state(client, id).await;
    let legal = before["legal_moves"].as_array().unwrap();
    let mv = legal.iter().filter_map(Value::as_str).find(|mv| *mv != "pass").unwrap().to_owned();
    expect(play(client, id, mover(&before, p1, p2), &mv).await, 200).await;
    state(client, id).await
}

#[tokio::test]
async fn setup_steps_are_not_moves_of_play_for_abort_claims_and_the_lobby() {
    let server = TestServer::start_with(games::registry(), &temp_db("people-setup")).await;
    let mut client = server.client().await;
    let request = json!({"game": "amakta", "opponent": "human", "clock": "3+2"});
    let created = create(&mut client, request.clone()).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let path = format!("/api/games/{id}/join");
    let join = expect(client.post(&path, None, &json!({ "invite": invite_code(&created) })).await, 200).await;
    let (p1, p2) =
        (created["token"].as_str().unwrap().to_owned(), join["token"].as_str().unwrap().to_owned());
    let start = state(&mut client, &id).await;
    assert_eq!(
        (start["people"]["in_setup"].as_bool(), start["people"]["play_moves"].as_u64()),
        (Some(true), Some(0))
    );
    // The circles (P1, two steps) and the colour (P2): three setup steps, no move of play.
    for mv in ["circle r", "circles none"] {
        expect(play(&mut client, &id, &p1, mv).await, 200).await;
    }
    let colour = state(&mut client, &id).await;
    assert_eq!(colour["people"]["in_setup"], true, "{colour}");
    assert_eq!(colour["people"]["abortable"], true, "setup steps do not begin the game: {colour}");
    let refused = act(&mut client, &id, "claim", &p2, json!({}), 409).await;
    says(&refused, "has not begun", "nicht begonnen");
    expect(play(&mut client, &id, &p2, "colour white").await, 200).await;
    let first = play_first(&mut client, &id, &p1, &p2).await;
    assert_eq!(
        (first["ply"].as_u64(), first["people"]["play_moves"].as_u64()),
        (Some(4), Some(1)),
        "{first}"
    );
    assert_eq!(
        (first["people"]["in_setup"].as_bool(), first["people"]["abortable"].as_bool()),
        (Some(false), Some(true))
    );
    // The lobby counts the moves of play.
    let lobby = expect(client.get("/api/games").await, 200).await;
    let line = lobby["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).cloned();
    assert_eq!(line.map(|line| line["ply"].clone()), Some(json!(1)), "{lobby}");
    // The second move of play begins the game: no abort any more.
    let begun = play_first(&mut client, &id, &p1, &p2).await;
    assert_eq!(begun["people"]["abortable"], false, "{begun}");
    let refused = act(&mut client, &id, "abort", &p1, json!({}), 409).await;
    says(&refused, "can no longer be aborted", "nicht mehr abgebrochen");

    // Either player aborts during the setup.
    let created = create(&mut client, request).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let path = format!("/api/games/{id}/join");
    let join = expect(client.post(&path, None, &json!({ "invite": invite_code(&created) })).await, 200).await;
    let p1 = created["token"].as_str().unwrap().to_owned();
    for mv in ["circle r", "circle d", "circle n"] {
        expect(play(&mut client, &id, &p1, mv).await, 200).await;
    }
    let aborted = act(&mut client, &id, "abort", join["token"].as_str().unwrap(), json!({}), 200).await;
    assert_eq!(aborted["outcome"]["reason"], "aborted", "{aborted}");
    server.stop().await;
}
