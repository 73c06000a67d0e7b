//! Correspondence games (days per move instead of a clock) over loopback
//! with the toy game (SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`):
//! made from a seek or an invite, refused with clear errors, the deadline
//! stored and moved on by every move, the "your turn" list, the side to
//! move losing on time (with a day of a few seconds), the deadline kept
//! and enforced across a restart, a rating of its own, and on PostgreSQL
//! two instances sharing a correspondence game.

use crate::common;

use common::{TestServer, execute, expect, invite_code, on_postgres, signed_up, state, temp_db, wait_for};
use loadtest::client::{Client, ClientError, Reply};
use serde_json::{Value, json};
use spielwerk_server::{Limits, store::Database};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const DAY_MS: i64 = 86_400_000;

/// `POST path` with a JSON body, owning both.
fn post<'a>(
    client: &'a mut Client,
    path: &str,
    body: Value,
) -> impl std::future::Future<Output = Result<Reply, ClientError>> + use<'a> {
    let path = path.to_owned();
    async move { client.post(&path, None, &body).await }
}

/// Logs `name` in again (after a restart the client is new).
async fn logged_in(server: &TestServer, name: &str) -> Client {
    let mut client = server.client().await;
    let reply = post(&mut client, "/api/account/login", json!({"name": name, "password": "secret-pass"}))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    let cookie = reply.headers.get("set-cookie").unwrap().to_str().unwrap();
    client.cookie = Some(cookie.split(';').next().unwrap().to_owned());
    client
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64
}

/// A rated correspondence game of `days` per move made from `seeker`'s
/// seek (seeker P1), accepted by `accepter`; its id.
async fn from_seek(seeker: &mut Client, accepter: &mut Client, days: u8) -> String {
    let seek = json!({"game": "toy", "correspondence": days, "rated": true, "side": "p1"});
    let seek = expect(post(seeker, "/api/seeks", seek).await, 201).await;
    assert_eq!(seek["correspondence"], days);
    assert_eq!(seek["clock"], Value::Null);
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let accepted = expect(post(accepter, &path, json!({})).await, 201).await;
    accepted["id"].as_str().unwrap().to_owned()
}

async fn mv(client: &mut Client, id: &str, cell: &str) {
    expect(post(client, &format!("/api/games/{id}/moves"), json!({"move": cell})).await, 200).await;
}

async fn your_turn(client: &mut Client) -> Vec<Value> {
    expect(client.get("/api/games/your-turn").await, 200).await["games"].as_array().unwrap().clone()
}

fn refused(reply: &Value, en: &str, de: &str) {
    let (got_en, got_de) = (reply["message"]["en"].as_str(), reply["message"]["de"].as_str());
    assert!(got_en.unwrap_or_default().contains(en), "{reply}");
    assert!(got_de.unwrap_or_default().contains(de), "{reply}");
}

#[tokio::test]
async fn a_correspondence_game_has_days_per_move_a_deadline_per_turn_and_a_rating_of_its_own() {
    let server = TestServer::start(&temp_db("corr-seek")).await;
    let mut ada = signed_up(&server, "ada").await;
    let mut bo = signed_up(&server, "bert").await;
    let before = now_ms();
    let id = from_seek(&mut ada, &mut bo, 3).await;
    let seen = state(&mut ada, &id).await;
    assert_eq!(seen["clock"], Value::Null);
    assert_eq!(seen["correspondence"]["days_per_move"], 3);
    let deadline = seen["correspondence"]["deadline_ms"].as_i64().unwrap();
    assert!((before + 3 * DAY_MS..=now_ms() + 3 * DAY_MS).contains(&deadline), "{seen}");
    let left = seen["correspondence"]["left_ms"].as_i64().unwrap();
    assert!(left > 2 * DAY_MS && left <= 3 * DAY_MS, "{seen}");

    // Ada is to move: the game is on her list, with its time left, not on Bert's.
    let turns = your_turn(&mut ada).await;
    assert_eq!(turns.len(), 1, "{turns:?}");
    assert_eq!(
        (turns[0]["id"].as_str(), turns[0]["opponent_name"].as_str()),
        (Some(id.as_str()), Some("bert"))
    );
    assert_eq!(
        (turns[0]["correspondence"].as_u64(), turns[0]["deadline_ms"].as_i64()),
        (Some(3), Some(deadline))
    );
    assert!(turns[0]["left_ms"].as_i64().unwrap() > 2 * DAY_MS);
    assert!(your_turn(&mut bo).await.is_empty());
    let lobby = expect(ada.get("/api/games").await, 200).await;
    let line = lobby["games"].as_array().unwrap().iter().find(|g| g["id"] == id.as_str()).unwrap().clone();
    assert_eq!((line["correspondence"].as_u64(), line["deadline_ms"].as_i64()), (Some(3), Some(deadline)));

    // A move gives Bert three days from now and the turn.
    let moved_at = now_ms();
    mv(&mut ada, &id, "a1").await;
    let seen = state(&mut bo, &id).await;
    let second = seen["correspondence"]["deadline_ms"].as_i64().unwrap();
    assert!(second >= moved_at + 3 * DAY_MS && second > deadline, "{seen}");
    assert!(your_turn(&mut ada).await.is_empty());
    assert_eq!(your_turn(&mut bo).await[0]["id"], id.as_str());

    // Signed out, there is no list.
    let mut nobody = server.client().await;
    assert_eq!(nobody.get("/api/games/your-turn").await.unwrap().status, 401);

    // The game counts for a correspondence rating, apart from the one with a clock.
    mv(&mut bo, &id, "b1").await;
    expect(post(&mut bo, &format!("/api/games/{id}/resign"), json!({})).await, 200).await;
    let over = state(&mut ada, &id).await;
    assert_eq!(over["correspondence"]["deadline_ms"], Value::Null, "a finished game has no deadline");
    let profile = expect(ada.get("/api/players/ada").await, 200).await;
    let ratings = profile["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 1, "{profile}");
    assert_eq!(
        (ratings[0]["game"].as_str(), ratings[0]["correspondence"].as_bool()),
        (Some("toy"), Some(true))
    );
    assert!(ratings[0]["rating"].as_f64().unwrap() > 1500.0);
    assert_eq!(profile["games"][0]["correspondence"], 3);
    let history = expect(ada.get("/api/players/ada/ratings").await, 200).await;
    assert_eq!(history["games"][0]["correspondence"], true, "{history}");

    // A rated game with a clock starts from the clock rating, untouched.
    let seek = json!({"game": "toy", "clock": "5+3", "rated": true});
    let seek = expect(post(&mut ada, "/api/seeks", seek).await, 201).await;
    assert_eq!(seek["rating"], 1500.0, "{seek}");
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let live = expect(post(&mut bo, &path, json!({})).await, 201).await;
    let live = state(&mut ada, live["id"].as_str().unwrap()).await;
    assert_eq!(live["correspondence"], Value::Null);
    let ada_seat = live["seats"].as_array().unwrap().iter().find(|s| s["account"]["name"] == "ada").unwrap();
    assert_eq!(ada_seat["account"]["rating"], 1500.0);
    server.stop().await;
}

#[tokio::test]
async fn bad_correspondence_requests_are_refused_clearly_and_change_nothing() {
    let server = TestServer::start(&temp_db("corr-refused")).await;
    let mut ada = signed_up(&server, "ada").await;
    let mut bert = signed_up(&server, "bert").await;
    // Days that are not allowed are refused as the body is read (400),
    // naming the allowed days and what was given.
    let days = "correspondence to be the days per move: 1, 2, 3, 5, 7 or 14";
    for (body, status, en, de) in [
        (json!({"game": "toy", "correspondence": 4}), 400, "integer `4`, expected", days),
        (json!({"game": "toy", "correspondence": "soon"}), 400, "string \"soon\", expected", days),
        (json!({"game": "toy", "correspondence": 3, "clock": "5+3"}), 422, "not both", "nicht beides"),
    ] {
        let game = json!({"opponent": "human"});
        let mut create = body.clone();
        create.as_object_mut().unwrap().extend(game.as_object().unwrap().clone());
        refused(&expect(post(&mut ada, "/api/games", create).await, status).await, en, de);
        refused(&expect(post(&mut ada, "/api/seeks", body.clone()).await, status).await, en, de);
        let mut challenge = body;
        challenge["to"] = json!("bert");
        refused(&expect(post(&mut ada, "/api/challenges", challenge).await, status).await, en, de);
    }
    let engine = json!({"game": "toy", "opponent": "engine", "correspondence": 3});
    refused(
        &expect(post(&mut ada, "/api/games", engine).await, 422).await,
        "between people",
        "zwischen Menschen",
    );
    let lobby = expect(ada.get("/api/games").await, 200).await;
    assert_eq!(lobby["total"], 0, "nothing was made: {lobby}");
    let seeks = expect(ada.get("/api/seeks").await, 200).await;
    assert_eq!(seeks["seeks"].as_array().unwrap().len(), 0);
    let challenges = expect(bert.get("/api/challenges").await, 200).await;
    assert_eq!(challenges["incoming"], json!([]), "{challenges}");
    server.stop().await;
}

#[tokio::test]
async fn a_challenge_by_name_may_be_for_a_correspondence_game() {
    let server = TestServer::start(&temp_db("corr-challenge")).await;
    let mut ada = signed_up(&server, "ada").await;
    let mut bert = signed_up(&server, "bert").await;
    let body = json!({"to": "bert", "game": "toy", "correspondence": 5, "rated": true, "side": "p1"});
    let made = expect(post(&mut ada, "/api/challenges", body).await, 201).await;
    assert_eq!((&made["correspondence"], &made["clock"]), (&json!(5), &Value::Null), "{made}");
    let incoming = expect(bert.get("/api/challenges").await, 200).await;
    assert_eq!(
        incoming["incoming"][0]["correspondence"], 5,
        "the challenged player sees the days: {incoming}"
    );
    let path = format!("/api/challenges/{}/accept", made["id"].as_str().unwrap());
    let accepted = expect(post(&mut bert, &path, json!({})).await, 201).await;
    let id = accepted["id"].as_str().unwrap().to_owned();
    let game = expect(ada.get(&format!("/api/games/{id}")).await, 200).await;
    assert_eq!(game["correspondence"]["days_per_move"], 5, "{game}");
    assert_eq!((&game["clock"], &game["rated"]), (&Value::Null, &json!(true)), "{game}");
    // It is played and rated as a correspondence game: ada's turn first.
    mv(&mut ada, &id, "a1").await;
    let turns = your_turn(&mut bert).await;
    assert_eq!(turns.len(), 1, "bert's turn in the correspondence game: {turns:?}");
    assert_eq!(turns[0]["correspondence"], 5);
    server.stop().await;
}

/// A server of `day_ms`-long correspondence days.
async fn with_days(db: &Database, day: Duration) -> TestServer {
    TestServer::start_limited(common::registry(), db, Limits { correspondence_day: day, ..Limits::default() })
        .await
}

#[tokio::test]
async fn the_side_to_move_loses_on_time_when_its_days_run_out_and_an_unstarted_game_is_abandoned() {
    // Days of 5 s: long enough for each move below on a busy machine.
    let server = with_days(&temp_db("corr-time"), Duration::from_secs(5)).await;
    let mut ada = signed_up(&server, "ada").await;
    let mut bo = signed_up(&server, "bert").await;

    // Invited by link: the days run from the join.
    let created = expect(
        post(&mut ada, "/api/games", json!({"game": "toy", "opponent": "human", "correspondence": 1})).await,
        201,
    )
    .await;
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["state"]["correspondence"]["deadline_ms"], Value::Null, "nobody joined yet");
    let join = json!({"invite": invite_code(&created)});
    let joined = expect(post(&mut bo, &format!("/api/games/{id}/join"), join).await, 200).await;
    assert!(joined["state"]["correspondence"]["deadline_ms"].as_i64().is_some(), "{joined}");
    let token = created["token"].as_str().unwrap();
    expect(ada.post(&format!("/api/games/{id}/moves"), Some(token), &json!({"move": "a1"})).await, 200).await;
    mv(&mut bo, &id, "b2").await;
    // Ada is to move and lets her day pass: she loses on time.
    let over = wait_for(&mut bo, &id, |s| !s["outcome"].is_null()).await;
    assert_eq!(
        (over["outcome"]["reason"].as_str(), over["outcome"]["winner"].as_str()),
        (Some("time"), Some("p2"))
    );
    let late = ada.post(&format!("/api/games/{id}/moves"), Some(token), &json!({"move": "c3"})).await;
    assert_eq!(late.unwrap().status, 422);

    // Nobody moved in a rated game from a seek: abandoned, nobody rated.
    let id = from_seek(&mut ada, &mut bo, 2).await;
    let over = wait_for(&mut ada, &id, |s| !s["outcome"].is_null()).await;
    assert_eq!(over["outcome"]["reason"], "abandoned", "{over}");
    assert_eq!(over["seats"][0]["account"]["rating_after"], Value::Null);
    let profile = expect(ada.get("/api/players/ada").await, 200).await;
    assert_eq!(profile["ratings"].as_array().unwrap().len(), 0, "{profile}");
    server.stop().await;
}

#[tokio::test]
async fn a_restarted_server_keeps_the_stored_deadlines_and_enforces_them() {
    let db = temp_db("corr-restart");
    let server = TestServer::start(&db).await;
    let mut ada = signed_up(&server, "ada").await;
    let mut bo = signed_up(&server, "bert").await;
    let waiting = from_seek(&mut ada, &mut bo, 7).await;
    let due = from_seek(&mut ada, &mut bo, 1).await;
    let overdue = from_seek(&mut ada, &mut bo, 1).await;
    for id in [&waiting, &due, &overdue] {
        mv(&mut ada, id, "a1").await;
        mv(&mut bo, id, "b1").await;
    }
    let kept = state(&mut ada, &waiting).await["correspondence"]["deadline_ms"].as_i64().unwrap();
    server.stop().await;

    // While the server is down, one deadline passes and one comes near.
    let now = now_ms();
    execute(&db, &format!("UPDATE games SET deadline_ms = {} WHERE id = '{overdue}'", now - 1000));
    execute(&db, &format!("UPDATE games SET deadline_ms = {} WHERE id = '{due}'", now + 3000));

    let server = TestServer::start(&db).await;
    let mut ada = logged_in(&server, "ada").await;
    let seen = state(&mut ada, &waiting).await;
    assert_eq!(seen["correspondence"]["deadline_ms"].as_i64(), Some(kept), "the deadline is kept");
    assert_eq!(seen["outcome"], Value::Null);
    let turns: Vec<String> =
        your_turn(&mut ada).await.iter().map(|t| t["id"].as_str().unwrap().to_owned()).collect();
    assert!(turns.contains(&waiting), "{turns:?}");
    for id in [&overdue, &due] {
        let over = wait_for(&mut ada, id, |s| !s["outcome"].is_null()).await;
        assert_eq!(
            (over["outcome"]["reason"].as_str(), over["outcome"]["winner"].as_str()),
            (Some("time"), Some("p2"))
        );
        assert!(over["seats"][1]["account"]["rating_after"].as_f64().unwrap() > 1500.0, "rated: {over}");
    }
    assert_eq!(
        state(&mut ada, &waiting).await["outcome"],
        Value::Null,
        "only the passed deadlines end games"
    );
    server.stop().await;
}

#[tokio::test]
async fn two_instances_share_a_correspondence_game_and_its_deadline() {
    // Several instances need a shared database: PostgreSQL (test.sh runs
    // this file there too).
    if !on_postgres() {
        return;
    }
    let db = temp_db("corr-instances");
    let day = Duration::from_secs(10);
    let (a, b) = (with_days(&db, day).await, with_days(&db, day).await);
    let mut ada = signed_up(&a, "ada").await;
    let mut bo = signed_up(&b, "bert").await;
    let id = from_seek(&mut ada, &mut bo, 1).await;
    mv(&mut ada, &id, "a1").await;
    let seen_on_b = wait_for(&mut bo, &id, |s| s["ply"] == 1).await;
    let seen_on_a = state(&mut ada, &id).await;
    assert_eq!(seen_on_a["correspondence"]["deadline_ms"], seen_on_b["correspondence"]["deadline_ms"]);
    mv(&mut bo, &id, "b1").await;
    assert_eq!(your_turn(&mut ada).await[0]["id"], id.as_str(), "instance a sees b's move");
    // Ada lets her day pass; one of the instances ends the game, both tell
    // (read on new connections: an idle one is closed after 10 s).
    for server in [&a, &b] {
        let mut reader = server.client().await;
        let over = wait_for(&mut reader, &id, |s| !s["outcome"].is_null()).await;
        assert_eq!(over["outcome"]["reason"], "time");
    }
    a.stop().await;
    b.stop().await;
}
