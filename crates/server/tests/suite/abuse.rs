//! Issue 53, points 5 to 7, at the HTTP level: puzzle ratings cannot be
//! farmed with solutions seen elsewhere (an account's attempt is rated
//! only when it answers the puzzle served to it, late enough; puzzle
//! requests are limited), challenges from muted accounts reach nobody and
//! challenges are limited per challenger and per challenged account and
//! deleted some time after they expired, and the spectators' chat keeps its
//! newest messages instead of filling up for good, each writer limited.
//! SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`.

use crate::common;

use common::{PATIENCE, TestServer, expect, signed_up, temp_db};
use loadtest::client::{Client, Reply};
use serde_json::{Value, json};
use spielwerk_server::Limits;
use std::time::{Duration, Instant};

/// Checks a 429: both languages, and a `Retry-After` of 1 to 60 s.
fn too_many(reply: &Reply, says: &str) -> Value {
    assert_eq!(reply.status, 429, "{}", reply.text());
    let wait: u64 = reply.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let body = reply.json();
    assert_eq!(body["kind"], "too_many", "{body}");
    assert!(body["message"]["en"].as_str().unwrap().contains(says), "{body}");
    assert!(body["message"]["de"].as_str().unwrap().contains("höchstens"), "{body}");
    body
}

/// `POST` of a solve.
async fn solve(client: &mut Client, id: &str, body: Value) -> Reply {
    client.post(&format!("/api/puzzles/{id}/solve"), None, &body).await.unwrap()
}

/// The learner's moves of puzzle `id`'s solution, asked for by giving up
/// as a guest.
async fn learner_moves(server: &TestServer, id: &str) -> Vec<String> {
    let mut guest = server.client().await;
    let shown = expect(Ok(solve(&mut guest, id, json!({"moves": [], "give_up": true})).await), 200).await;
    assert_eq!((shown["rated"].as_bool(), shown["unrated"].as_str()), (Some(false), Some("guest")));
    let solution = shown["solution"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_owned());
    solution.step_by(2).collect()
}

/// The next Ataxx puzzle served to `client`.
async fn next(client: &mut Client, after: Option<&str>) -> Value {
    let after = after.map(|id| format!("&after={id}")).unwrap_or_default();
    expect(client.get(&format!("/api/puzzles/next?game=ataxx{after}")).await, 200).await
}

/// Whether an attempt rated, why not, and the account's rating after it.
fn verdict(reply: &Value) -> (Option<bool>, Option<&str>, Option<f64>) {
    (reply["rated"].as_bool(), reply["unrated"].as_str(), reply["player"]["after"]["rating"].as_f64())
}

#[tokio::test]
async fn a_known_solution_rates_nothing_unless_its_puzzle_was_served_long_enough_before() {
    // A time floor of an hour: nothing an account answers now is rated.
    let limits = Limits { puzzle_time_floor: Duration::from_secs(3600), ..Limits::default() };
    let server = TestServer::start_limited(games::registry(), &temp_db("abuse-puzzle-floor"), limits).await;
    let mut anna = signed_up(&server, "anna").await;

    // The farm of the issue: a guest gives up, the account sends the solution unserved.
    let farmed = next(&mut server.client().await, None).await["id"].as_str().unwrap().to_owned();
    let moves = learner_moves(&server, &farmed).await;
    let reply = expect(Ok(solve(&mut anna, &farmed, json!({"moves": moves})).await), 200).await;
    assert_eq!(reply["status"], "right", "{reply}");
    assert_eq!(verdict(&reply), (Some(false), Some("not_served"), Some(1500.0)), "{reply}");
    assert_eq!(reply["puzzle_rating"]["after"], reply["puzzle_rating"]["before"]);

    // Served now, answered at once: too fast; and from then on attempted.
    let served = next(&mut anna, None).await;
    let id = served["id"].as_str().unwrap().to_owned();
    assert_ne!(id, farmed, "a puzzle seen solved is not served again while others are fresh");
    let moves = learner_moves(&server, &id).await;
    let reply = expect(Ok(solve(&mut anna, &id, json!({"moves": moves})).await), 200).await;
    assert_eq!(verdict(&reply), (Some(false), Some("too_fast"), Some(1500.0)), "{reply}");
    let reply = expect(Ok(solve(&mut anna, &id, json!({"moves": moves})).await), 200).await;
    assert_eq!(verdict(&reply), (Some(false), Some("attempted"), Some(1500.0)), "{reply}");
    let again = expect(Ok(solve(&mut anna, &farmed, json!({"give_up": true})).await), 200).await;
    assert_eq!(verdict(&again), (Some(false), Some("attempted"), Some(1500.0)), "{again}");
    let stats = next(&mut anna, Some(&id)).await["player"].clone();
    assert_eq!((stats["rating"].as_f64(), stats["attempts"].as_u64()), (Some(1500.0), Some(0)), "{stats}");
    server.stop().await;

    // A time floor of a second: a puzzle replaced by a newer serving is
    // not rated; the one served last, answered after a second, is.
    let limits = Limits { puzzle_time_floor: Duration::from_secs(1), ..Limits::default() };
    let server = TestServer::start_limited(games::registry(), &temp_db("abuse-puzzle-served"), limits).await;
    let mut bert = signed_up(&server, "bert").await;
    let first = next(&mut bert, None).await["id"].as_str().unwrap().to_owned();
    let second = next(&mut bert, Some(&first)).await["id"].as_str().unwrap().to_owned();
    let served_at = Instant::now();
    let (first_moves, second_moves) =
        (learner_moves(&server, &first).await, learner_moves(&server, &second).await);
    // Waiting for the floor to pass is no check of time; the server's clock
    // served the puzzle before the reply came.
    tokio::time::sleep((served_at + Duration::from_millis(1100)).saturating_duration_since(Instant::now()))
        .await;
    let replaced = expect(Ok(solve(&mut bert, &first, json!({"moves": first_moves})).await), 200).await;
    assert_eq!(verdict(&replaced), (Some(false), Some("not_served"), Some(1500.0)), "{replaced}");
    let rated = expect(Ok(solve(&mut bert, &second, json!({"moves": second_moves})).await), 200).await;
    assert_eq!((rated["rated"].as_bool(), &rated["unrated"]), (Some(true), &Value::Null), "{rated}");
    assert!(rated["player"]["after"]["rating"].as_f64().unwrap() > 1500.0, "{rated}");
    server.stop().await;
}

#[tokio::test]
async fn puzzle_requests_are_limited_per_account_and_per_guest_address() {
    let limits = Limits { puzzle_requests_per_minute: 3, ..Limits::default() };
    let server = TestServer::start_limited(games::registry(), &temp_db("abuse-puzzle-rate"), limits).await;
    let mut anna = signed_up(&server, "anna").await;
    let id = next(&mut anna, None).await["id"].as_str().unwrap().to_owned();
    expect(Ok(solve(&mut anna, &id, json!({"give_up": true})).await), 200).await;
    expect(Ok(solve(&mut anna, &id, json!({"give_up": true})).await), 200).await;
    too_many(&solve(&mut anna, &id, json!({"give_up": true})).await, "at most 3 a minute");
    too_many(&anna.get("/api/puzzles/next?game=ataxx").await.unwrap(), "puzzle requests");
    // A guest counts by address, apart from the account.
    let mut guest = server.client().await;
    for _ in 0..3 {
        expect(Ok(solve(&mut guest, &id, json!({"give_up": true})).await), 200).await;
    }
    too_many(&solve(&mut guest, &id, json!({"give_up": true})).await, "at most 3 a minute");
    let mut bert = signed_up(&server, "bert").await;
    next(&mut bert, None).await;
    server.stop().await;
}

#[tokio::test]
async fn farming_known_solutions_as_fast_as_possible_gains_nothing_and_meets_a_429() {
    // The attack of the issue, bounded: a guest gives up puzzle after
    // puzzle, the account sends each solution as its first attempt.
    let server = TestServer::start_with(games::registry(), &temp_db("abuse-puzzle-farm")).await;
    let mut farmer = signed_up(&server, "farmer").await;
    let mut guest = server.client().await;
    let mut sent = 0;
    let refused = loop {
        assert!(sent < 100, "no 429 after {sent} puzzles");
        let served = guest.get("/api/puzzles/next?game=ataxx").await.unwrap();
        if served.status == 429 {
            break served;
        }
        let id = served.json()["id"].as_str().unwrap().to_owned();
        let shown = solve(&mut guest, &id, json!({"give_up": true})).await;
        if shown.status == 429 {
            break shown;
        }
        let solution = shown.json()["solution"].as_array().unwrap().clone();
        let moves: Vec<&Value> = solution.iter().step_by(2).collect();
        let reply = expect(Ok(solve(&mut farmer, &id, json!({"moves": moves})).await), 200).await;
        assert_eq!(reply["status"], "right", "{reply}");
        // A guest may be given a puzzle again: then the account attempted it before.
        let (rated, unrated, rating) = verdict(&reply);
        assert!(matches!(unrated, Some("not_served" | "attempted")), "{reply}");
        assert_eq!((rated, rating), (Some(false), Some(1500.0)), "{reply}");
        sent += 1;
    };
    too_many(&refused, "puzzle requests");
    assert!(sent >= 20, "{sent} solutions sent before the 429");
    let stats = next(&mut farmer, None).await["player"].clone();
    assert_eq!((stats["rating"].as_f64(), stats["attempts"].as_u64()), (Some(1500.0), Some(0)), "{stats}");
    server.stop().await;
}

async fn challenge(client: &mut Client, body: Value) -> Reply {
    client.post("/api/challenges", None, &body).await.unwrap()
}

#[tokio::test]
async fn a_muted_challenger_reaches_nobody_and_challenges_are_limited_per_challenger_and_challenged() {
    let limits = Limits { challenges_per_minute: 3, challenges_received_per_minute: 2, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &temp_db("abuse-challenges"), limits).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut mallory = signed_up(&server, "Mallory").await;
    expect(anna.raw("PUT", "/api/account/mutes/Mallory", None, "").await, 200).await;

    // Mallory's challenge looks made, but Anna never sees it.
    let made = expect(Ok(challenge(&mut mallory, json!({"to": "Anna", "game": "toy"})).await), 201).await;
    assert_eq!((made["status"].as_str(), made["to"].as_str()), (Some("open"), Some("Anna")), "{made}");
    let path = format!("/api/challenges/{}", made["id"].as_str().unwrap());
    assert_eq!(expect(mallory.get(&path).await, 200).await["status"], "open");
    let mine = expect(mallory.get("/api/challenges").await, 200).await;
    assert_eq!(mine["outgoing"][0]["id"], made["id"], "{mine}");
    let theirs = expect(anna.get("/api/challenges").await, 200).await;
    assert_eq!((&theirs["incoming"], &theirs["outgoing"]), (&json!([]), &json!([])), "{theirs}");
    assert_eq!(anna.get(&path).await.unwrap().status, 404);
    assert_eq!(anna.post(&format!("{path}/accept"), None, &json!({})).await.unwrap().status, 404);
    assert_eq!(anna.post(&format!("{path}/decline"), None, &json!({})).await.unwrap().status, 404);
    // Mallory may withdraw it, and cycles of making and withdrawing meet a 429.
    let withdrawn = expect(mallory.raw("DELETE", &path, None, "").await, 200).await;
    assert_eq!(withdrawn["status"], "cancelled");
    for _ in 0..2 {
        let made = expect(Ok(challenge(&mut mallory, json!({"to": "Anna", "game": "toy"})).await), 201).await;
        expect(
            mallory
                .raw("DELETE", &format!("/api/challenges/{}", made["id"].as_str().unwrap()), None, "")
                .await,
            200,
        )
        .await;
    }
    too_many(&challenge(&mut mallory, json!({"to": "Anna", "game": "toy"})).await, "at most 3 a minute");
    assert_eq!(expect(anna.get("/api/challenges").await, 200).await["incoming"], json!([]));

    // Mallory's ignored challenges took none of Anna's two a minute; a third one is refused.
    let mut bert = signed_up(&server, "Bert").await;
    let mut cleo = signed_up(&server, "Cleo").await;
    let mut dora = signed_up(&server, "Dora").await;
    expect(Ok(challenge(&mut bert, json!({"to": "Anna", "game": "toy"})).await), 201).await;
    expect(Ok(challenge(&mut cleo, json!({"to": "Anna", "game": "toy"})).await), 201).await;
    let refused =
        too_many(&challenge(&mut dora, json!({"to": "anna", "game": "toy"})).await, "at most 2 a minute");
    assert!(refused["message"]["en"].as_str().unwrap().contains("received too many"), "{refused}");
    let incoming = expect(anna.get("/api/challenges").await, 200).await["incoming"].clone();
    let from: Vec<&str> = incoming.as_array().unwrap().iter().map(|c| c["from"].as_str().unwrap()).collect();
    assert_eq!(from, ["Bert", "Cleo"]);
    // Others may still challenge Dora.
    expect(Ok(challenge(&mut dora, json!({"to": "Bert", "game": "toy"})).await), 201).await;
    server.stop().await;
}

#[tokio::test]
async fn challenges_are_deleted_once_kept_long_enough_after_they_expired() {
    let limits = Limits {
        challenge_expiry: Duration::from_secs(3),
        challenges_kept: Duration::ZERO,
        ..Limits::default()
    };
    let server =
        TestServer::start_limited(common::registry(), &temp_db("abuse-challenges-kept"), limits).await;
    let mut anna = signed_up(&server, "Anna").await;
    let _bert = signed_up(&server, "Bert").await;
    let withdrawn = expect(Ok(challenge(&mut anna, json!({"to": "Bert", "game": "toy"})).await), 201).await;
    let withdrawn = format!("/api/challenges/{}", withdrawn["id"].as_str().unwrap());
    expect(anna.raw("DELETE", &withdrawn, None, "").await, 200).await;
    let open = expect(Ok(challenge(&mut anna, json!({"to": "Bert", "game": "toy"})).await), 201).await;
    let open = format!("/api/challenges/{}", open["id"].as_str().unwrap());
    let until = Instant::now() + PATIENCE;
    for path in [withdrawn, open] {
        while anna.get(&path).await.unwrap().status != 404 {
            assert!(Instant::now() < until, "{path} was never deleted");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    assert_eq!(expect(anna.get("/api/challenges").await, 200).await["outgoing"], json!([]));
    server.stop().await;
}

/// A rated 5+3 game from a seek of `anna`'s that `bert` accepted: its id.
async fn seek_game(anna: &mut Client, bert: &mut Client) -> String {
    let body = json!({"game": "toy", "clock": "5+3", "rated": true, "side": "p1"});
    let seek = expect(anna.post("/api/seeks", None, &body).await, 201).await;
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    expect(bert.post(&path, None, &json!({})).await, 201).await["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_spectators_chat_keeps_its_newest_messages_and_limits_each_writer() {
    let db = temp_db("abuse-spectator-chat");
    let limits = Limits { spectator_messages_per_minute: 3, ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &db, limits.clone()).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let mut cleo = signed_up(&server, "Cleo").await;
    let id = seek_game(&mut anna, &mut bert).await;
    server.stop().await;
    // 500 messages of Cleo's, long ago: a chat the old server called full for good.
    common::execute(
        &db,
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 499)
             INSERT INTO spectator_chat (game_id, seq, account_id, body, sent_ms)
             SELECT '{id}', n.i, a.id, 'old ' || n.i, 1000 + n.i FROM n, accounts a WHERE a.name_key = 'cleo'"
        ),
    );
    let server = TestServer::start_limited(common::registry(), &db, limits).await;
    let spectators = format!("/api/games/{id}/spectator-chat");
    let mut guest = server.client().await;
    let read = expect(guest.get(&spectators).await, 200).await;
    assert_eq!((read["from"].as_u64(), read["messages"].as_array().unwrap().len()), (Some(400), 100));
    assert_eq!(read["messages"][0]["text"], "old 400", "the newest hundred are kept");

    // Cleo's session outlives the restart.
    let cookie = cleo.cookie.take();
    let mut cleo = server.client().await;
    cleo.cookie = cookie;
    for n in 0..3 {
        let said =
            expect(cleo.post(&spectators, None, &json!({"text": format!("new {n}")})).await, 200).await;
        let messages = said["messages"].as_array().unwrap();
        assert_eq!((said["from"].as_u64(), messages.len()), (Some(401 + n), 100), "{}", said["from"]);
        assert_eq!(messages[99]["text"], format!("new {n}"));
    }
    let reply = cleo.post(&spectators, None, &json!({"text": "one more"})).await.unwrap();
    too_many(&reply, "at most 3 messages a minute");
    server.stop().await;

    // Stored: the hundred newest, read back after a restart.
    let server = TestServer::start(&db).await;
    let read = expect(server.client().await.get(&spectators).await, 200).await;
    assert_eq!((read["from"].as_u64(), read["messages"].as_array().unwrap().len()), (Some(403), 100));
    assert_eq!(read["messages"][99]["text"], "new 2");
    server.stop().await;
}
