//! Arena tournaments over loopback (SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`): an arena is made, four accounts join,
//! it starts and pairs them; the games are played to their end through
//! the ordinary move route and rated; the players are paired again as
//! soon as their games end, winners with winners; the standings equal a
//! recomputation from the stored games (2 a win, 1 a draw, double after
//! two wins); a restart carries on; at the end the last game still counts
//! and the first of the standings wins. And who may join: signed in, a
//! person (not a bot) in an arena of people, within the rating range; and
//! the arena's chat.

use crate::common;

use common::{PATIENCE, TestServer, execute, expect, signed_up, state, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::contract::tournaments::RESULT_PAUSE_MS;
use spielwerk_server::store::Database;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How long a player rests after a game before the arena pairs them again
/// (the contract's `RESULT_PAUSE_MS`): time to read the result.
const RESULT_PAUSE: Duration = Duration::from_millis(RESULT_PAUSE_MS as u64);

/// Moves of the toy game that P1 wins (a row of three).
pub(crate) const P1_WINS: [&str; 5] = ["a1", "a2", "b1", "b2", "c1"];
/// Moves of the toy game that P2 wins (a row of three).
pub(crate) const P2_WINS: [&str; 6] = ["a1", "a2", "b1", "b2", "c3", "c2"];
/// Moves of the toy game that fill the board with no row: a draw.
pub(crate) const DRAW: [&str; 9] = ["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"];

/// Polls `GET /api/tournaments/{id}` as `client` until `done` holds.
pub(crate) async fn poll(client: &mut Client, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + PATIENCE;
    let path = format!("/api/tournaments/{id}");
    loop {
        let got = expect(client.get(&path).await, 200).await;
        if done(&got) {
            return got;
        }
        assert!(Instant::now() < until, "timed out; last {got}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The ids of the running games of a tournament reply.
pub(crate) fn running(reply: &Value) -> Vec<String> {
    reply["running"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_owned()).collect()
}

/// Plays `moves` in game `id`, alternately by the account at p1 and p2,
/// through the ordinary move route (signed in, no token).
pub(crate) async fn play_out(players: &mut BTreeMap<String, Client>, id: &str, moves: &[&str]) -> Value {
    let any = players.values_mut().next().unwrap();
    let game = state(any, id).await;
    let names = [0, 1].map(|seat| game["seats"][seat]["account"]["name"].as_str().unwrap().to_owned());
    for (ply, mv) in moves.iter().enumerate() {
        let client = players.get_mut(&names[ply % 2]).unwrap();
        let path = format!("/api/games/{id}/moves");
        expect(client.post(&path, None, &json!({ "move": mv })).await, 200).await;
    }
    let any = players.values_mut().next().unwrap();
    let ended = state(any, id).await;
    assert!(ended["outcome"]["result"].is_string(), "the game ended: {ended}");
    ended
}

/// The names at p1 and p2 of game `id`.
pub(crate) async fn seats(client: &mut Client, id: &str) -> (String, String) {
    let game = state(client, id).await;
    let name = |seat: usize| game["seats"][seat]["account"]["name"].as_str().unwrap().to_owned();
    (name(0), name(1))
}

/// Each name's points as the rules give them, recomputed from the
/// finished games: `(p1, p2, result text)` in the order played.
fn recompute(games: &[(String, String, String)]) -> BTreeMap<String, (u32, bool)> {
    let mut scores: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for (white, black, result) in games {
        for (name, won, lost) in [(white, "1-0", "0-1"), (black, "0-1", "1-0")] {
            let (points, streak) = scores.entry(name.clone()).or_default();
            let factor = if *streak >= 2 { 2 } else { 1 };
            if result == won {
                *points += 2 * factor;
                *streak += 1;
            } else if result == lost {
                *streak = 0;
            } else {
                *points += factor;
                *streak = 0;
            }
        }
    }
    scores.into_iter().map(|(name, (points, streak))| (name, (points, streak >= 2))).collect()
}

/// The result text (`1-0`…) of a game's state.
pub(crate) fn result_text(game: &Value) -> String {
    game["outcome"]["result"].as_str().unwrap().to_owned()
}

/// The standings of a reply as name → (points, on fire).
fn standings(reply: &Value) -> BTreeMap<String, (u32, bool)> {
    reply["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            let name = line["name"].as_str().unwrap().to_owned();
            (name, (line["points"].as_u64().unwrap() as u32, line["on_fire"].as_bool().unwrap()))
        })
        .collect()
}

#[tokio::test]
async fn an_arena_pairs_scores_pairs_again_survives_a_restart_and_crowns_its_winner() {
    let db = temp_db("tournaments-arena");
    let server = TestServer::start(&db).await;
    let mut players = BTreeMap::new();
    for name in ["anna", "bert", "cora", "dora"] {
        players.insert(name.to_owned(), signed_up(&server, name).await);
    }
    let anna = players.get_mut("anna").unwrap();
    let request = json!({"name": "Toy Arena", "game": "toy", "clock": "5+3", "minutes": 60});
    let made = expect(anna.post("/api/tournaments", None, &request).await, 201).await;
    let id = made["tournament"]["id"].as_str().unwrap().to_owned();
    assert_eq!(made["tournament"]["rated"], true, "rated by default: {made}");
    let listed = expect(anna.get("/api/tournaments").await, 200).await;
    assert_eq!(listed["running"][0]["id"], id.as_str(), "it starts at once: {listed}");
    for client in players.values_mut() {
        let joined =
            expect(client.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200).await;
        assert_eq!(joined["me"]["joined"], true, "{joined}");
    }

    // Round one: everybody is paired; p1 wins both games.
    let anna = players.get_mut("anna").unwrap();
    let first = poll(anna, &id, |t| t["running"].as_array().unwrap().len() == 2).await;
    assert_eq!(first["tournament"]["status"], "running");
    let mut played = Vec::new();
    let mut winners = Vec::new();
    for game in running(&first) {
        let ended = play_out(&mut players, &game, &P1_WINS).await;
        assert_eq!(ended["rated"], true, "{ended}");
        assert_eq!(ended["tournament"], id.as_str(), "the game knows its arena: {ended}");
        assert_eq!(ended["tournament_kind"], "arena", "and its kind: {ended}");
        assert!(ended["league"].is_null(), "and no league: {ended}");
        let (white, black) = seats(players.get_mut("anna").unwrap(), &game).await;
        assert!(ended["seats"][0]["account"]["rating_after"].as_f64().unwrap() > 1500.0, "rated: {ended}");
        winners.push(white.clone());
        played.push((white, black, result_text(&ended)));
    }
    let round_one_over = Instant::now();

    // Round two: paired again a few seconds after the games ended (time
    // to read the result), the winners together; one more win for one of
    // them, a draw for the others.
    let anna = players.get_mut("anna").unwrap();
    let second = poll(anna, &id, |t| t["running"].as_array().unwrap().len() == 2).await;
    // Half the pause: the last game may have been scored a moment before
    // its moves' replies came back; without the pause it is about a tick.
    assert!(
        round_one_over.elapsed() >= RESULT_PAUSE / 2,
        "paired again only after the pause to read the result"
    );
    for game in running(&second) {
        let (white, black) = seats(players.get_mut("anna").unwrap(), &game).await;
        let winners_game = winners.contains(&white);
        assert_eq!(winners_game, winners.contains(&black), "winners meet winners: {white} {black}");
        let ended = play_out(&mut players, &game, if winners_game { &P1_WINS[..] } else { &DRAW[..] }).await;
        played.push((white, black, result_text(&ended)));
    }
    let anna = players.get_mut("anna").unwrap();
    let scored =
        poll(anna, &id, |t| t["standings"].as_array().unwrap().iter().all(|line| line["games"] == 2)).await;
    assert_eq!(standings(&scored), recompute(&played), "{scored}");
    assert!(scored["standings"][0]["on_fire"].as_bool().unwrap(), "two wins in a row: {scored}");

    // A restart keeps the arena, its standings and its pairing.
    server.stop().await;
    let server = TestServer::start(&db).await;
    for client in players.values_mut() {
        *client = {
            let mut again = server.client().await;
            again.cookie = client.cookie.clone();
            again
        };
    }
    let anna = players.get_mut("anna").unwrap();
    let third = poll(anna, &id, |t| t["running"].as_array().unwrap().len() == 2).await;
    assert_eq!(standings(&third), standings(&scored), "{third}");

    // The arena's time is up while its last games run: nobody is paired
    // any more, and they still count. The leader wins its game on fire.
    execute(&db, &format!("UPDATE tournaments SET duration_ms = 1 WHERE id = '{id}'"));
    let anna = players.get_mut("anna").unwrap();
    let ending = poll(anna, &id, |t| t["tournament"]["status"] == "ending").await;
    assert!(ending["tournament"]["winner"].is_null(), "{ending}");
    let leader = third["standings"][0]["name"].as_str().unwrap().to_owned();
    for game in running(&third) {
        let (white, black) = seats(players.get_mut("anna").unwrap(), &game).await;
        let moves = if white == leader {
            &P1_WINS[..]
        } else if black == leader {
            &P2_WINS[..]
        } else {
            &DRAW[..]
        };
        let ended = play_out(&mut players, &game, moves).await;
        played.push((white, black, result_text(&ended)));
    }
    let anna = players.get_mut("anna").unwrap();
    let done = poll(anna, &id, |t| t["tournament"]["status"] == "finished").await;
    assert!(done["running"].as_array().unwrap().is_empty(), "nobody was paired after the end: {done}");
    assert_eq!(done["recent"].as_array().unwrap().len(), 6, "three rounds of two games: {done}");
    assert_eq!(standings(&done), recompute(&played), "{done}");
    assert_eq!(done["tournament"]["winner"], done["standings"][0]["name"], "{done}");
    assert_eq!(done["standings"][0]["name"], leader.as_str(), "{done}");
    let sheet = &done["standings"][0]["sheet"];
    assert_eq!(sheet[2], json!({"points": 4, "doubled": true}), "a win on fire counts double: {done}");
    let listed = expect(anna.get("/api/tournaments").await, 200).await;
    assert_eq!(listed["finished"][0]["id"], id.as_str(), "{listed}");

    // Each player's profile lists the arena with their place, points and
    // games as the standings give them.
    for line in done["standings"].as_array().unwrap() {
        let name = line["name"].as_str().unwrap();
        let profile = expect(anna.get(&format!("/api/players/{name}")).await, 200).await;
        let joined = &profile["tournaments"][0];
        assert_eq!(joined["tournament"]["id"], id.as_str(), "{profile}");
        assert_eq!(joined["tournament"]["status"], "finished", "{profile}");
        assert_eq!(joined["place"], line["rank"], "{name}: {profile} against {done}");
        assert_eq!(joined["points"], line["points"], "{name}: {profile}");
        assert_eq!(joined["games"], 3, "{name}: {profile}");
    }
    server.stop().await;
}

#[tokio::test]
async fn making_and_joining_an_arena_is_checked() {
    let server = TestServer::start(&temp_db("tournaments-checks")).await;
    let mut guest = server.client().await;
    let request = json!({"game": "toy", "clock": "3+2", "minutes": 30});
    assert_eq!(guest.post("/api/tournaments", None, &request).await.unwrap().status, 401);
    let mut anna = signed_up(&server, "anna").await;
    for (body, says) in [
        (json!({"game": "chess", "clock": "3+2", "minutes": 30}), "chess"),
        (json!({"game": "toy", "clock": "fast", "minutes": 30}), "5+3"),
        (json!({"game": "toy", "clock": "3+2", "minutes": 5}), "minutes"),
        (
            json!({"game": "toy", "clock": "3+2", "minutes": 30, "min_rating": 1800, "max_rating": 1200}),
            "rating",
        ),
        (json!({"game": "toy", "clock": "3+2", "minutes": 30, "starts_ms": 1}), "start"),
    ] {
        let refused = anna.post("/api/tournaments", None, &body).await.unwrap();
        assert_eq!(refused.status, 422, "{body}: {}", refused.text());
        let message = refused.json()["message"].clone();
        assert!(message["en"].as_str().unwrap().contains(says), "{message}");
        assert!(message["de"].as_str().is_some_and(|de| !de.is_empty()), "{message}");
    }
    // The list names the shortest arena the server allows (the form offers it), and it is allowed.
    let shortest = expect(anna.get("/api/tournaments").await, 200).await["shortest_arena_minutes"].clone();
    assert_eq!(shortest, 10, "the default shortest arena");
    let short = json!({"game": "toy", "clock": "3+2", "minutes": shortest});
    let made = expect(anna.post("/api/tournaments", None, &short).await, 201).await;
    assert_eq!(made["tournament"]["status"], "running", "{made}");
    let later = json!({"game": "toy", "clock": "3+2", "minutes": 30, "min_rating": 1600,
        "starts_ms": 4_000_000_000_000_i64 / 2});
    let refused = anna.post("/api/tournaments", None, &later).await.unwrap();
    assert_eq!(refused.status, 422, "more than a week ahead: {}", refused.text());
    let soon = json!({"game": "toy", "clock": "3+2", "minutes": 30, "min_rating": 1600});
    let ranged = expect(anna.post("/api/tournaments", None, &soon).await, 201).await;
    let ranged_id = ranged["tournament"]["id"].as_str().unwrap();
    let refused = anna.post(&format!("/api/tournaments/{ranged_id}/join"), None, &json!({})).await.unwrap();
    assert_eq!(refused.status, 403, "a new account's 1500 is below 1600: {}", refused.text());

    let open = expect(anna.post("/api/tournaments", None, &request).await, 201).await;
    let id = open["tournament"]["id"].as_str().unwrap().to_owned();
    let join = format!("/api/tournaments/{id}/join");
    let leave = format!("/api/tournaments/{id}/leave");
    let mut bot = signed_up(&server, "robo").await;
    expect(bot.post("/api/bot/account/upgrade", None, &json!({})).await, 200).await;
    let refused = bot.post(&join, None, &json!({})).await.unwrap();
    assert_eq!(refused.status, 403, "a bot in an arena of people: {}", refused.text());
    assert_eq!(guest.post(&join, None, &json!({})).await.unwrap().status, 401);
    let never = anna.post(&leave, None, &json!({})).await.unwrap();
    assert_eq!(never.status, 404, "leaving before joining: {}", never.text());
    let joined = expect(anna.post(&join, None, &json!({})).await, 200).await;
    assert_eq!(joined["standings"][0]["name"], "anna", "{joined}");
    let left = expect(anna.post(&leave, None, &json!({})).await, 200).await;
    assert_eq!(
        (left["me"]["joined"].clone(), left["standings"][0]["withdrawn"].clone()),
        (json!(false), json!(true))
    );
    let again = expect(anna.post(&join, None, &json!({})).await, 200).await;
    assert_eq!(again["me"]["joined"], true, "{again}");
    assert_eq!(again["standings"].as_array().unwrap().len(), 1, "joining again is the same player: {again}");
    // Three arenas made so far; two more, and then one too many.
    for _ in 0..2 {
        expect(anna.post("/api/tournaments", None, &request).await, 201).await;
    }
    let refused = anna.post("/api/tournaments", None, &request).await.unwrap();
    assert_eq!(refused.status, 422, "a sixth open arena: {}", refused.text());
    assert!(
        refused.json()["message"]["en"].as_str().unwrap().contains("5 tournaments"),
        "{}",
        refused.text()
    );
    // The arena's chat: signed in, a message that is not blank.
    let chat = format!("/api/tournaments/{id}/chat");
    assert_eq!(guest.post(&chat, None, &json!({"text": "hi"})).await.unwrap().status, 401);
    let blank = anna.post(&chat, None, &json!({"text": "   "})).await.unwrap();
    assert_eq!(blank.status, 422, "{}", blank.text());
    let said = expect(anna.post(&chat, None, &json!({"text": " Good luck! "})).await, 200).await;
    assert_eq!(
        (said["chat"][0]["name"].clone(), said["chat"][0]["text"].clone()),
        (json!("anna"), json!("Good luck!"))
    );
    let read = expect(guest.get(&format!("/api/tournaments/{id}")).await, 200).await;
    assert_eq!(read["chat"], said["chat"], "everybody reads it");
    let unknown = guest.get("/api/tournaments/nope").await.unwrap();
    assert_eq!(unknown.status, 404);
    server.stop().await;
}

#[tokio::test]
async fn two_instances_on_one_database_pair_each_player_once_and_agree_on_the_standings() {
    let db = Database::Postgres(common::pg::cluster().database());
    let (a, b) = (TestServer::start(&db).await, TestServer::start(&db).await);
    let names = ["anna", "bert", "cora", "dora", "emil", "finn"];
    let mut players = BTreeMap::new();
    for (i, name) in names.iter().enumerate() {
        players.insert((*name).to_owned(), signed_up(if i % 2 == 0 { &a } else { &b }, name).await);
    }
    let anna = players.get_mut("anna").unwrap();
    let request = json!({"game": "toy", "clock": "5+3", "minutes": 60});
    let made = expect(anna.post("/api/tournaments", None, &request).await, 201).await;
    let id = made["tournament"]["id"].as_str().unwrap().to_owned();
    for client in players.values_mut() {
        expect(client.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200).await;
    }
    let anna = players.get_mut("anna").unwrap();
    let paired = poll(anna, &id, |t| t["running"].as_array().unwrap().len() == 3).await;
    let mut seated: Vec<&str> = paired["running"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| [g["white"].as_str().unwrap(), g["black"].as_str().unwrap()])
        .collect();
    seated.sort_unstable();
    assert_eq!(seated, names, "each player in one game, though both instances pair: {paired}");
    let mut played = Vec::new();
    for game in running(&paired) {
        let ended = play_out(&mut players, &game, &P1_WINS).await;
        let (white, black) = seats(players.get_mut("anna").unwrap(), &game).await;
        played.push((white, black, result_text(&ended)));
    }
    let all_scored = |t: &Value| t["standings"].as_array().unwrap().iter().all(|line| line["games"] == 1);
    let on_a = poll(players.get_mut("anna").unwrap(), &id, all_scored).await;
    let on_b = poll(players.get_mut("bert").unwrap(), &id, all_scored).await;
    assert_eq!(standings(&on_a), recompute(&played), "{on_a}");
    assert_eq!(standings(&on_b), standings(&on_a), "{on_b}");
    a.stop().await;
    b.stop().await;
}
