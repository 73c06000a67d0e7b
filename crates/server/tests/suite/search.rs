//! `GET /api/games/search` over loopback with the toy game (SQLite, or
//! PostgreSQL with `SPIELWERK_TEST_DB=postgres`): finished games found by
//! player, game, result, rating and date, paged, and every bad filter
//! refused with a clear error in English and German; the names of players
//! completed from their start, a unique start found as its player, and
//! aborted games hidden unless asked for (here and in the profile).

use crate::common;

use common::{TestServer, create, expect, invite_code, signed_up, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use std::time::{SystemTime, UNIX_EPOCH};

/// A game between `first` (P1) and `second` (P2), both signed in, that
/// `moves` (alternating, P1 first) finish or that the side to move then
/// resigns; its id.
async fn finished(first: &mut Client, second: &mut Client, rated: bool, moves: &[&str]) -> String {
    let mut request = json!({"game": "toy", "opponent": "human", "rated": rated});
    if rated {
        request["clock"] = json!("5+3");
    }
    let created = expect(first.post("/api/games", None, &request).await, 201).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let join = json!({"invite": invite_code(&created)});
    expect(second.post(&format!("/api/games/{id}/join"), None, &join).await, 200).await;
    let mut last = Value::Null;
    for (ply, mv) in moves.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut *first } else { &mut *second };
        last = expect(mover.post(&format!("/api/games/{id}/moves"), None, &json!({"move": mv})).await, 200)
            .await;
    }
    if last["outcome"].is_null() {
        let mover = if moves.len().is_multiple_of(2) { first } else { second };
        expect(mover.post(&format!("/api/games/{id}/resign"), None, &json!({})).await, 200).await;
    }
    id
}

async fn search(client: &mut Client, query: &str) -> Value {
    expect(client.get(&format!("/api/games/search?{query}")).await, 200).await
}

fn ids(found: &Value) -> Vec<&str> {
    found["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect()
}

fn today() -> String {
    let days = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() / 86_400;
    let (year, month, day) = civil(days as i64);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The date of `days` since 1970-01-01 (Howard Hinnant's algorithm).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[tokio::test]
async fn finished_games_are_found_by_player_game_result_rating_and_date_a_page_at_a_time() {
    let server = TestServer::start(&temp_db("search")).await;
    let mut ada = signed_up(&server, "ada").await;
    let mut bert = signed_up(&server, "bert").await;
    let mut cleo = signed_up(&server, "cleo").await;
    // Ada wins a rated game on the board (a1 a2 b1 b2 c1: a row).
    let won = finished(&mut ada, &mut bert, true, &["a1", "a2", "b1", "b2", "c1"]).await;
    // Bert (P1) resigns against Ada after one move each.
    let resigned = finished(&mut bert, &mut ada, false, &["a1", "b1"]).await;
    // Cleo and Bert: Cleo (P1) resigns at once, casual.
    let other = finished(&mut cleo, &mut bert, false, &[]).await;
    // A running game is not found.
    create(&mut ada, json!({"game": "toy", "opponent": "human"})).await;

    let all = search(&mut ada, "").await;
    assert_eq!(ids(&all), [other.as_str(), &resigned, &won], "latest first");
    assert_eq!(
        (all["total"].as_u64(), all["offset"].as_u64(), all["limit"].as_u64()),
        (Some(3), Some(0), Some(50))
    );
    let line = &all["games"][2];
    assert_eq!(
        (line["game"].as_str(), line["title"].as_str(), line["rated"].as_bool()),
        (Some("toy"), Some("Toy"), Some(true))
    );
    assert_eq!(
        (line["result"].as_str(), line["winner"].as_str(), line["reason"].as_str()),
        (Some("1-0"), Some("p1"), Some("connection"))
    );
    assert_eq!(line["seats"][0]["account"]["name"], "ada");
    assert_eq!(line["seats"][1]["account"]["name"], "bert");
    assert_eq!((line["ply"].as_u64(), line["clock"]["initial_ms"].as_i64()), (Some(5), Some(300_000)));
    assert!(line["text"]["de"].as_str().is_some_and(|t| !t.is_empty()), "{line}");

    assert_eq!(ids(&search(&mut ada, "player=ADA").await), [resigned.as_str(), &won]);
    assert_eq!(ids(&search(&mut ada, "player=ada&result=won").await), [resigned.as_str(), &won]);
    assert_eq!(ids(&search(&mut ada, "player=bert&result=lost").await), [resigned.as_str(), &won]);
    assert_eq!(ids(&search(&mut ada, "player=bert&result=won").await), [other.as_str()]);
    assert_eq!(ids(&search(&mut ada, "result=p2").await), [other.as_str(), &resigned]);
    assert_eq!(ids(&search(&mut ada, "result=draw").await), Vec::<&str>::new());
    assert_eq!(ids(&search(&mut ada, "rated=true").await), [won.as_str()]);
    assert_eq!(ids(&search(&mut ada, "rated=false&game=toy").await), [other.as_str(), &resigned]);
    let day = today();
    assert_eq!(search(&mut ada, &format!("from={day}&to={day}")).await["total"], 3);
    assert_eq!(search(&mut ada, "to=2001-01-01").await["total"], 0);
    assert_eq!(search(&mut ada, "from=2999-01-01").await["total"], 0);
    assert_eq!(
        search(&mut ada, "player=&game=&result=&rated=&from=&to=").await["total"],
        3,
        "blank is no filter"
    );

    let page = search(&mut ada, "offset=1&limit=1").await;
    assert_eq!((ids(&page), page["total"].as_u64()), (vec![resigned.as_str()], Some(3)));
    server.stop().await;
}

#[tokio::test]
async fn bad_filters_are_refused_clearly_in_both_languages() {
    let server = TestServer::start(&temp_db("search-refused")).await;
    let mut client = server.client().await;
    for (query, status, en, de) in [
        ("game=chess", 422, "chess", "chess"),
        ("player=nobody", 422, "no player 'nobody'", "kein Spieler"),
        ("result=1-0", 422, "not p1, p2, draw, won or lost", "nicht p1, p2, draw, won oder lost"),
        ("result=won", 422, "needs a player", "braucht einen Spieler"),
        ("rated=maybe", 422, "not true or false", "nicht true oder false"),
        ("from=2024-02-30", 422, "not a date YYYY-MM-DD", "kein Datum"),
        ("to=yesterday", 422, "not a date YYYY-MM-DD", "kein Datum"),
        ("from=2024-05-02&to=2024-05-01", 422, "must not be before", "nicht vor"),
        ("limit=0", 400, "not a whole number from 1 to 200", "keine ganze Zahl"),
        ("limit=x", 400, "not a whole number", "keine ganze Zahl"),
        ("offset=-1", 400, "not a whole number", "keine ganze Zahl"),
    ] {
        let reply = client.get(&format!("/api/games/search?{query}")).await.unwrap();
        assert_eq!(reply.status, status, "{query}: {}", reply.text());
        let body = reply.json();
        assert!(body["message"]["en"].as_str().unwrap().contains(en), "{query}: {body}");
        assert!(body["message"]["de"].as_str().unwrap().contains(de), "{query}: {body}");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_name_is_completed_a_unique_start_finds_its_player_and_aborted_games_are_hidden_unless_asked() {
    let server = TestServer::start(&temp_db("search-names")).await;
    let mut alice = signed_up(&server, "Alice").await;
    let mut alina = signed_up(&server, "alina").await;
    let mut bert = signed_up(&server, "bert").await;
    let names = |reply: Value| reply["names"].clone();
    let prefix = |q: &str| format!("/api/players?prefix={q}");
    assert_eq!(names(expect(bert.get(&prefix("AL")).await, 200).await), json!(["Alice", "alina"]));
    assert_eq!(names(expect(bert.get(&prefix("ali")).await, 200).await), json!(["Alice", "alina"]));
    assert_eq!(names(expect(bert.get(&prefix("alic")).await, 200).await), json!(["Alice"]));
    for nothing in ["", "zz", "a%25", "a_"] {
        assert_eq!(names(expect(bert.get(&prefix(nothing)).await, 200).await), json!([]), "{nothing}");
    }
    // Alice beats Bert; Alina and Bert abort a game before its second move.
    let won = finished(&mut alice, &mut bert, false, &["a1", "a2", "b1", "b2", "c1"]).await;
    let created = create(&mut alina, json!({"game": "toy", "opponent": "human"})).await;
    let aborted = created["id"].as_str().unwrap().to_owned();
    let join = json!({"invite": invite_code(&created)});
    expect(bert.post(&format!("/api/games/{aborted}/join"), None, &join).await, 200).await;
    expect(alina.post(&format!("/api/games/{aborted}/abort"), None, &json!({})).await, 200).await;

    // The start of exactly one name finds that player, named as they spell it.
    let found = search(&mut bert, "player=alic").await;
    assert_eq!((ids(&found), found["player"].as_str()), (vec![won.as_str()], Some("Alice")));
    // The start of two names is nobody in particular.
    let reply = bert.get("/api/games/search?player=ali").await.unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text());
    // Aborted games are left out unless asked for, in the search and the profile.
    assert_eq!(ids(&search(&mut bert, "player=bert").await), [won.as_str()]);
    assert_eq!(ids(&search(&mut bert, "player=bert&aborted=true").await), [aborted.as_str(), &won]);
    assert_eq!(search(&mut bert, "aborted=false").await["total"], 1);
    let listed = |profile: &Value| {
        profile["games"].as_array().unwrap().iter().map(|g| g["id"].clone()).collect::<Vec<_>>()
    };
    let profile = expect(bert.get("/api/players/bert").await, 200).await;
    assert_eq!(listed(&profile), [json!(won)], "{profile}");
    let profile = expect(bert.get("/api/players/bert?aborted=true").await, 200).await;
    assert_eq!(listed(&profile), [json!(aborted), json!(won)], "{profile}");
    let reply = bert.get("/api/players/bert?aborted=maybe").await.unwrap();
    assert_eq!(reply.status, 422);
    server.stop().await;
}
