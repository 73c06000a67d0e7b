//! Challenges by name (issue 25, point 5): made with game, options, a
//! custom clock, side and rated; seen live by the challenged account on
//! its event stream; accepted (both seats bound) or declined with a reason
//! the challenger sees; withdrawn; expired after the configured time; kept
//! across a restart and two server instances. Seeks carry options and
//! custom clocks too; seeks and challenges say whether their game allows
//! takebacks (issue 25, point 2: off by default in rated games). SQLite, or PostgreSQL with `SPIELWERK_TEST_DB=postgres`.

use crate::common;

use common::{PATIENCE, TestServer, expect, signed_up, state, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::Limits;
use std::time::{Duration, Instant};

/// Logs `name` in on a new connection (for a second server instance).
async fn log_in(server: &TestServer, name: &str) -> Client {
    let mut client = server.client().await;
    let reply = client
        .post("/api/account/login", None, &json!({"name": name, "password": "secret-pass"}))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    let cookie = reply.headers.get("set-cookie").unwrap().to_str().unwrap();
    client.cookie = Some(cookie.split(';').next().unwrap().to_owned());
    client
}

async fn challenge(client: &mut Client, body: Value) -> (u16, Value) {
    let reply = client.post("/api/challenges", None, &body).await.unwrap();
    (reply.status, reply.json())
}

async fn list(client: &mut Client) -> Value {
    expect(client.get("/api/challenges").await, 200).await
}

/// An event stream opened with a session cookie.
struct Events {
    body: hyper::body::Incoming,
    _sender: hyper::client::conn::http1::SendRequest<http_body_util::Empty<hyper::body::Bytes>>,
    seen: String,
}

impl Events {
    async fn open(server: &TestServer, client: &Client) -> Events {
        let stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream)).await.unwrap();
        tokio::spawn(connection);
        let request = hyper::Request::get("/api/events")
            .header("host", server.addr.to_string())
            .header("cookie", client.cookie.clone().unwrap())
            .body(http_body_util::Empty::new())
            .unwrap();
        let response = sender.send_request(request).await.unwrap();
        assert_eq!(response.status(), 200);
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
        Events { body: response.into_body(), _sender: sender, seen: String::new() }
    }

    /// Reads the stream until its text holds `needle` (at most [`PATIENCE`]).
    async fn until(&mut self, needle: &str) -> String {
        use http_body_util::BodyExt;
        let deadline = Instant::now() + PATIENCE;
        while !self.seen.contains(needle) {
            let frame = tokio::time::timeout_at(deadline.into(), self.body.frame())
                .await
                .unwrap_or_else(|_| panic!("no {needle} came; seen {}", self.seen))
                .expect("the stream ended")
                .unwrap();
            if let Ok(data) = frame.into_data() {
                self.seen.push_str(&String::from_utf8_lossy(&data));
            }
        }
        self.seen.clone()
    }
}

#[tokio::test]
async fn a_challenge_by_name_is_seen_live_declined_with_a_reason_then_accepted_into_a_bound_game() {
    let server = TestServer::start(&temp_db("challenges")).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let mut cleo = signed_up(&server, "Cleo").await;
    let mut events = Events::open(&server, &bert).await;
    events.until("\"incoming\":[]").await;

    // Refusals change nothing.
    let mut guest = server.client().await;
    assert_eq!(challenge(&mut guest, json!({"to": "Bert", "game": "toy"})).await.0, 401);
    let base = json!({"to": "Bert", "game": "toy", "options": {"rules": "misere"}, "clock": "2.5+7", "side": "p1", "rated": true});
    for (change, status, says_de) in [
        (json!({"to": "nobody"}), 404, "kein Spieler"),
        (json!({"to": "Be\u{0}rt"}), 422, "kein Name"),
        (json!({"to": "anna"}), 422, "selbst"),
        (json!({"clock": "0+1"}), 422, "Sekunden"),
        (json!({"clock": "5+61"}), 422, "Sekunden"),
        (json!({"clock": null}), 422, "Uhr"),
        (json!({"options": {"rules": "chaos"}}), 422, ""),
        (json!({"side": "middle"}), 422, "Seite"),
        (json!({"game": "chess"}), 422, "unbekanntes Spiel"),
    ] {
        let mut body = base.clone();
        body.as_object_mut().unwrap().extend(change.as_object().unwrap().clone());
        let (got, reply) = challenge(&mut anna, body).await;
        assert_eq!(got, status, "{change}: {reply}");
        assert!(reply["message"]["de"].as_str().unwrap().contains(says_de), "{change}: {reply}");
        assert_ne!(reply["message"]["en"], reply["message"]["de"], "{reply}");
    }
    assert_eq!(list(&mut bert).await["incoming"], json!([]));
    assert_eq!(list(&mut anna).await["outgoing"], json!([]));

    // A custom clock and a non-default option; Bert sees it live.
    let (status, made) = challenge(&mut anna, base.clone()).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_owned();
    assert_eq!(
        (&made["status"], &made["from"], &made["to"]),
        (&json!("open"), &json!("Anna"), &json!("Bert"))
    );
    assert_eq!(made["clock"], json!({"initial_ms": 150_000, "increment_ms": 7000}));
    events.until(&id).await;
    let incoming = list(&mut bert).await["incoming"].clone();
    assert_eq!((incoming[0]["id"].as_str(), &incoming[0]["incoming"]), (Some(id.as_str()), &json!(true)));
    assert_eq!(incoming[0]["options"]["rules"], "misere");
    let path = format!("/api/challenges/{id}");
    assert_eq!(cleo.get(&path).await.unwrap().status, 404, "a stranger sees nothing");
    assert_eq!(cleo.post(&format!("{path}/accept"), None, &json!({})).await.unwrap().status, 404);
    assert_eq!(anna.post(&format!("{path}/accept"), None, &json!({})).await.unwrap().status, 403);
    let bad = bert.post(&format!("{path}/decline"), None, &json!({"reason": "smelly"})).await.unwrap();
    assert_eq!(bad.status, 422, "{}", bad.text());
    assert_eq!(
        expect(anna.get(&path).await, 200).await["status"],
        "open",
        "a refused decline changes nothing"
    );
    let declined =
        expect(bert.post(&format!("{path}/decline"), None, &json!({"reason": "casual"})).await, 200).await;
    assert_eq!((&declined["status"], &declined["reason"]), (&json!("declined"), &json!("casual")));
    let seen = expect(anna.get(&path).await, 200).await;
    assert_eq!(seen["reason_text"]["de"], "Ich spiele nur ungewertet.");
    assert_eq!(seen["reason_text"]["en"], "I'd play a casual game only.");
    assert_eq!(bert.post(&format!("{path}/accept"), None, &json!({})).await.unwrap().status, 409);

    // Anna's own stream tells her the answer of her next challenge.
    let mut anna_events = Events::open(&server, &anna).await;
    let (_, again) = challenge(&mut anna, base.clone()).await;
    let again_id = again["id"].as_str().unwrap().to_owned();
    events.until(&again_id).await;
    let accepted =
        expect(bert.post(&format!("/api/challenges/{again_id}/accept"), None, &json!({})).await, 201).await;
    assert_eq!(accepted["seat"], "p2", "Anna chose P1");
    let game_id = accepted["id"].as_str().unwrap().to_owned();
    anna_events.until(&format!("\"game_id\":\"{game_id}\"")).await;
    let answered = expect(anna.get(&format!("/api/challenges/{again_id}")).await, 200).await;
    assert_eq!((&answered["status"], &answered["game_id"]), (&json!("accepted"), &json!(game_id)));
    let game = state(&mut anna, &game_id).await;
    assert_eq!(game["options"]["rules"], "misere");
    assert_eq!(game["clock"]["initial_ms"], 150_000);
    assert_eq!(game["clock"]["increment_ms"], 7000);
    assert_eq!(game["rated"], true);
    assert_eq!(game["seats"][0]["account"]["name"], "Anna");
    assert_eq!(game["seats"][1]["account"]["name"], "Bert");
    assert_eq!(game["you"], "p1", "the challenger plays signed in, without a token");
    let moved =
        anna.post(&format!("/api/games/{game_id}/moves"), None, &json!({"move": "a1"})).await.unwrap();
    assert_eq!(moved.status, 200, "{}", moved.text());
    assert_eq!(
        bert.post(&format!("/api/challenges/{again_id}/accept"), None, &json!({})).await.unwrap().status,
        409
    );

    // Withdrawn: no longer to be accepted.
    let (_, third) = challenge(&mut anna, json!({"to": "bert", "game": "toy"})).await;
    let third_path = format!("/api/challenges/{}", third["id"].as_str().unwrap());
    assert_eq!(bert.raw("DELETE", &third_path, None, "").await.unwrap().status, 403);
    let cancelled = expect(anna.raw("DELETE", &third_path, None, "").await, 200).await;
    assert_eq!(cancelled["status"], "cancelled");
    let late = bert.post(&format!("{third_path}/accept"), None, &json!({})).await.unwrap();
    assert_eq!(late.status, 409);
    assert!(late.json()["message"]["de"].as_str().unwrap().contains("zurückgezogen"), "{}", late.text());
    server.stop().await;
}

/// The first event of a new stream: the list as the page that opened it first sees it.
async fn first_list(server: &TestServer, client: &Client) -> Value {
    let mut events = Events::open(server, client).await;
    let seen = events.until("\n\n").await;
    let data = seen.lines().find_map(|line| line.strip_prefix("data:")).expect("an event with data");
    serde_json::from_str(data.trim()).unwrap()
}

#[tokio::test]
async fn an_answer_is_announced_once_not_again_to_a_new_page_or_device() {
    let server = TestServer::start(&temp_db("challenge-news")).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let mut anna_events = Events::open(&server, &anna).await;
    anna_events.until("\"outgoing\":[]").await;
    let body = json!({"to": "Bert", "game": "toy", "clock": "5+3"});
    let (_, accepted) = challenge(&mut anna, body.clone()).await;
    let accepted = accepted["id"].as_str().unwrap().to_owned();
    let game =
        expect(bert.post(&format!("/api/challenges/{accepted}/accept"), None, &json!({})).await, 201).await;
    let (_, declined) = challenge(&mut anna, body.clone()).await;
    let declined = declined["id"].as_str().unwrap().to_owned();
    expect(
        bert.post(&format!("/api/challenges/{declined}/decline"), None, &json!({"reason": "later"})).await,
        200,
    )
    .await;
    // The page open while Bert answered hears both answers.
    anna_events.until(&format!("\"game_id\":{}", game["id"])).await;
    anna_events.until("\"status\":\"declined\"").await;
    let (_, open) = challenge(&mut anna, body).await;
    let open = open["id"].as_str().unwrap().to_owned();

    // A new page, a new sign-in and another device hear neither again; the open one is still there.
    let again = log_in(&server, "Anna").await;
    for client in [&anna, &again] {
        let outgoing = first_list(&server, client).await["outgoing"].clone();
        let ids: Vec<&str> = outgoing.as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
        assert_eq!(ids, vec![open.as_str()], "{outgoing}");
    }
    // The list asked for (not an announcement) still tells every answer.
    assert_eq!(list(&mut anna).await["outgoing"].as_array().unwrap().len(), 3);
    server.stop().await;
}

#[tokio::test]
async fn a_challenge_expires_after_the_configured_time_and_lives_across_a_restart() {
    let db = temp_db("challenge-expiry");
    let limits = Limits { challenge_expiry: Duration::from_millis(1500), ..Limits::default() };
    let server = TestServer::start_limited(common::registry(), &db, limits).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let (_, made) = challenge(&mut anna, json!({"to": "Bert", "game": "toy", "clock": "1+0"})).await;
    let path = format!("/api/challenges/{}", made["id"].as_str().unwrap());
    let deadline = Instant::now() + PATIENCE;
    while expect(anna.get(&path).await, 200).await["status"] != "expired" {
        assert!(Instant::now() < deadline, "the challenge never expired");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(list(&mut bert).await["incoming"], json!([]), "an expired challenge is no longer offered");
    let late = bert.post(&format!("{path}/accept"), None, &json!({})).await.unwrap();
    assert_eq!(late.status, 409);
    assert!(late.json()["message"]["en"].as_str().unwrap().contains("expired"), "{}", late.text());
    server.stop().await;

    // With the default ten minutes a challenge outlives a restart.
    let server = TestServer::start(&db).await;
    let mut anna = log_in(&server, "Anna").await;
    let (_, made) = challenge(&mut anna, json!({"to": "Bert", "game": "toy"})).await;
    assert!(made["expires_ms"].as_i64().unwrap() - made["created_ms"].as_i64().unwrap() == 600_000, "{made}");
    server.stop().await;
    let server = TestServer::start(&db).await;
    let mut bert = log_in(&server, "Bert").await;
    let path = format!("/api/challenges/{}/accept", made["id"].as_str().unwrap());
    let accepted = expect(bert.post(&path, None, &json!({})).await, 201).await;
    assert_eq!(state(&mut bert, accepted["id"].as_str().unwrap()).await["you"], accepted["seat"]);
    server.stop().await;
}

#[tokio::test]
async fn seeks_carry_the_games_options_and_any_clock_in_range() {
    let server = TestServer::start(&temp_db("seek-options")).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let bad = anna.post("/api/seeks", None, &json!({"game": "toy", "clock": "0.1+0"})).await.unwrap();
    assert_eq!(bad.status, 422);
    let body = json!({"game": "toy", "options": {"rules": "misere"}, "clock": "7+4", "rated": true});
    let seek = expect(anna.post("/api/seeks", None, &body).await, 201).await;
    assert_eq!(
        (&seek["options"]["rules"], &seek["clock"]["initial_ms"]),
        (&json!("misere"), &json!(420_000))
    );
    let path = format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap());
    let made = expect(bert.post(&path, None, &json!({})).await, 201).await;
    let game = state(&mut bert, made["id"].as_str().unwrap()).await;
    assert_eq!(game["options"]["rules"], "misere");
    assert_eq!(
        (&game["clock"]["initial_ms"], &game["clock"]["increment_ms"]),
        (&json!(420_000), &json!(4000))
    );
    server.stop().await;
}

/// Anna's seek or challenge (`via`) of `body` to Bert, as Bert's list
/// shows it, and the game Bert makes by accepting it.
async fn paired(anna: &mut Client, bert: &mut Client, via: &str, body: &Value) -> (Value, String) {
    let made = expect(anna.post(&format!("/api/{via}s"), None, body).await, 201).await;
    let id = made["id"].as_str().unwrap();
    let listed = if via == "seek" {
        expect(bert.get("/api/seeks").await, 200).await["seeks"].clone()
    } else {
        list(bert).await["incoming"].clone()
    };
    let listed = listed.as_array().unwrap().iter().find(|item| item["id"] == id).unwrap().clone();
    assert_eq!(listed["takebacks"], made["takebacks"], "{via}: the list says what was made");
    let accepted = expect(bert.post(&format!("/api/{via}s/{id}/accept"), None, &json!({})).await, 201).await;
    (listed, accepted["id"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn rated_seeks_and_challenges_allow_takebacks_only_when_they_say_so() {
    let server = TestServer::start(&temp_db("takebacks")).await;
    let mut anna = signed_up(&server, "Anna").await;
    let mut bert = signed_up(&server, "Bert").await;
    let base = json!({"to": "Bert", "game": "toy", "clock": "5+3", "side": "p1"});
    // A wrong type is refused in both languages, and nothing is made.
    for via in ["seek", "challenge"] {
        let mut body = base.clone();
        body["takebacks"] = json!("yes");
        let refused = expect(anna.post(&format!("/api/{via}s"), None, &body).await, 422).await;
        assert!(
            refused["message"]["en"].as_str().unwrap().contains("takebacks must be true or false"),
            "{refused}"
        );
        assert!(
            refused["message"]["de"].as_str().unwrap().contains("muss true oder false sein"),
            "{refused}"
        );
    }
    assert_eq!(expect(bert.get("/api/seeks").await, 200).await["seeks"], json!([]));
    assert_eq!(list(&mut bert).await["incoming"], json!([]));
    // A new game by invite link says so the same way.
    let body = json!({"game": "toy", "opponent": "human", "takebacks": "yes"});
    let refused = expect(anna.post("/api/games", None, &body).await, 422).await;
    assert!(
        refused["message"]["en"].as_str().unwrap().contains("takebacks must be true or false"),
        "{refused}"
    );

    // (via, rated, takebacks asked for, allowed): by default only casual games allow them.
    let cases = [
        ("seek", true, Some(true), true),
        ("seek", true, None, false),
        ("seek", false, Some(false), false),
        ("challenge", true, Some(true), true),
        ("challenge", true, None, false),
        ("challenge", false, None, true),
    ];
    for (via, rated, asked, allowed) in cases {
        let case = format!("{via}, rated {rated}, takebacks {asked:?}");
        let mut body = base.clone();
        body["rated"] = json!(rated);
        if let Some(asked) = asked {
            body["takebacks"] = json!(asked);
        }
        let (listed, id) = paired(&mut anna, &mut bert, via, &body).await;
        assert_eq!((&listed["takebacks"], &listed["rated"]), (&json!(allowed), &json!(rated)), "{case}");
        let game = state(&mut anna, &id).await;
        assert_eq!(
            (&game["people"]["takebacks"], &game["rated"]),
            (&json!(allowed), &json!(rated)),
            "{case}"
        );
        let moves = format!("/api/games/{id}/moves");
        expect(anna.post(&moves, None, &json!({"move": "a1"})).await, 200).await;
        expect(bert.post(&moves, None, &json!({"move": "b1"})).await, 200).await;
        let takeback = format!("/api/games/{id}/takeback");
        let offer = anna.post(&takeback, None, &json!({"action": "offer"})).await;
        if !allowed {
            let refused = expect(offer, 409).await;
            assert!(
                refused["message"]["en"].as_str().unwrap().contains("takebacks are off"),
                "{case}: {refused}"
            );
            assert!(
                refused["message"]["de"].as_str().unwrap().contains("ausgeschaltet"),
                "{case}: {refused}"
            );
            assert_eq!(state(&mut bert, &id).await["ply"], 2, "{case}: nothing was taken back");
            continue;
        }
        let offered = expect(offer, 200).await;
        assert_eq!(offered["people"]["takeback_offer"], "p1", "{case}");
        let granted = expect(bert.post(&takeback, None, &json!({"action": "accept"})).await, 200).await;
        assert_eq!(
            (granted["ply"].as_u64(), granted["side_to_move"].as_str()),
            (Some(0), Some("p1")),
            "{case}: Anna's move is taken back: {granted}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn a_challenge_made_through_one_instance_is_seen_and_accepted_through_another() {
    let db = spielwerk_server::store::Database::Postgres(common::pg::cluster().database());
    let (a, b) = (TestServer::start(&db).await, TestServer::start(&db).await);
    let mut anna = signed_up(&a, "Anna").await;
    let _ = signed_up(&a, "Bert").await;
    let mut bert = log_in(&b, "Bert").await;
    let mut events = Events::open(&b, &bert).await;
    let mut anna_events = Events::open(&a, &anna).await;
    let (status, made) = challenge(&mut anna, json!({"to": "Bert", "game": "toy", "clock": "3+2"})).await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    events.until(id).await;
    let accepted =
        expect(bert.post(&format!("/api/challenges/{id}/accept"), None, &json!({})).await, 201).await;
    let game_id = accepted["id"].as_str().unwrap();
    anna_events.until(&format!("\"game_id\":\"{game_id}\"")).await;
    // Bert's seat (the side was random) is bound to him; Anna, reading through A, has the other.
    let game = state(&mut anna, game_id).await;
    let bert_seat = accepted["seat"].as_str().unwrap();
    let index = usize::from(bert_seat == "p2");
    assert_eq!(game["seats"][index]["account"]["name"], "Bert", "{game}");
    assert_eq!(game["seats"][1 - index]["account"]["name"], "Anna", "{game}");
    assert_ne!(game["you"], bert_seat);
    a.stop().await;
    b.stop().await;
}
