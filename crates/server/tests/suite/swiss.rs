//! Swiss tournaments over loopback (SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`): five accounts play three rounds driven
//! through the HTTP API (one more joins and leaves before the start); each
//! round has one bye, never twice to one player, and no two players meet
//! twice; the next round waits a few seconds after the last result (time
//! to read it); a restart in the middle of a round carries on; the standings
//! (points, Buchholz, Buchholz cut 1, Sonneborn-Berger) equal a
//! recomputation from the games played, and the first of them wins. And
//! the checks of making one, and two instances pairing each round once.

use crate::common;
use crate::tournaments::{DRAW, P1_WINS, P2_WINS, play_out, poll, result_text, running, seats};

use common::{TestServer, execute, expect, signed_up, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use spielwerk_server::contract::tournaments::RESULT_PAUSE_MS;
use spielwerk_server::store::Database;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// How long after a round's last result the next round is paired (the
/// contract's `RESULT_PAUSE_MS`, as in an arena).
const ROUND_PAUSE: Duration = Duration::from_millis(RESULT_PAUSE_MS as u64);

/// A game as played: white's name, black's name, the result text.
type Played = (String, String, String);

/// Each name's (points, Buchholz, Buchholz cut 1, Sonneborn-Berger) as
/// the rules give them, recomputed from the `games` played and the `byes`
/// (a point each, counting for no tie-break).
fn recompute(games: &[Played], byes: &[String]) -> BTreeMap<String, [f64; 4]> {
    let mut met: BTreeMap<String, Vec<(String, f64)>> = BTreeMap::new();
    for (white, black, result) in games {
        let white_points = match result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        met.entry(white.clone()).or_default().push((black.clone(), white_points));
        met.entry(black.clone()).or_default().push((white.clone(), 1.0 - white_points));
    }
    for name in byes {
        met.entry(name.clone()).or_default();
    }
    let points: BTreeMap<String, f64> = met
        .iter()
        .map(|(name, games)| {
            let byes = byes.iter().filter(|b| *b == name).count() as f64;
            (name.clone(), games.iter().map(|(_, p)| p).sum::<f64>() + byes)
        })
        .collect();
    met.iter()
        .map(|(name, games)| {
            let scores: Vec<f64> = games.iter().map(|(opponent, _)| points[opponent]).collect();
            let buchholz: f64 = scores.iter().sum();
            let lowest = scores.iter().copied().fold(f64::INFINITY, f64::min);
            let cut = if scores.is_empty() { 0.0 } else { buchholz - lowest };
            let sonneborn: f64 = games.iter().map(|(opponent, p)| points[opponent] * p).sum();
            (name.clone(), [points[name], buchholz, cut, sonneborn])
        })
        .collect()
}

/// The standings of a reply as name → (points, Buchholz, cut 1, SB).
fn standings(reply: &Value) -> BTreeMap<String, [f64; 4]> {
    reply["swiss"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            let figure = |key: &str| line[key].as_f64().unwrap();
            let name = line["name"].as_str().unwrap().to_owned();
            (
                name,
                [
                    figure("points"),
                    figure("buchholz"),
                    figure("buchholz_cut_one"),
                    figure("sonneborn_berger"),
                ],
            )
        })
        .collect()
}

/// A copy of `client` talking to `server` (after a restart).
async fn again(server: &TestServer, client: &Client) -> Client {
    let mut again = server.client().await;
    again.cookie = client.cookie.clone();
    again
}

/// Makes a Swiss of `rounds` rounds starting in a day, as `client`.
async fn make_swiss(client: &mut Client, rounds: u32) -> String {
    let starts_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis()
        as i64
        + 86_400_000;
    let request =
        json!({"kind": "swiss", "game": "toy", "clock": "5+3", "rounds": rounds, "starts_ms": starts_ms});
    let made = expect(client.post("/api/tournaments", None, &request).await, 201).await;
    assert_eq!(made["tournament"]["kind"], "swiss", "{made}");
    assert_eq!(made["tournament"]["status"], "upcoming", "{made}");
    assert_eq!(made["swiss"]["round"], 0, "{made}");
    made["tournament"]["id"].as_str().unwrap().to_owned()
}

/// Checks round `number` of `reply`: one bye (to someone without one so
/// far), no pairing met before; records its pairs and bye.
fn check_round(reply: &Value, number: usize, met: &mut BTreeSet<(String, String)>, byes: &mut Vec<String>) {
    let round = &reply["swiss"]["rounds"][number - 1];
    assert_eq!(round["number"], number, "{reply}");
    let bye = round["bye"].as_str().expect("five players: one sits out").to_owned();
    assert!(!byes.contains(&bye), "a second bye for {bye}: {reply}");
    byes.push(bye);
    for board in round["boards"].as_array().unwrap() {
        let [white, black] = ["white", "black"].map(|seat| board["game"][seat].as_str().unwrap().to_owned());
        let pair = if white < black { (white, black) } else { (black, white) };
        assert!(met.insert(pair.clone()), "{pair:?} met twice: {reply}");
    }
}

/// Plays game `id` of the tournament with `moves`, recording it.
async fn play(players: &mut BTreeMap<String, Client>, id: &str, moves: &[&str], played: &mut Vec<Played>) {
    let ended = play_out(players, id, moves).await;
    let (white, black) = seats(players.values_mut().next().unwrap(), id).await;
    played.push((white, black, result_text(&ended)));
}

#[tokio::test]
async fn a_swiss_of_five_pairs_three_rounds_with_byes_survives_a_restart_and_crowns_its_winner() {
    let db = temp_db("swiss-five");
    let mut server = TestServer::start(&db).await;
    let mut players = BTreeMap::new();
    for name in ["anna", "bert", "cora", "dora", "emil"] {
        players.insert(name.to_owned(), signed_up(&server, name).await);
    }
    let anna = players.get_mut("anna").unwrap();
    let id = make_swiss(anna, 3).await;
    for client in players.values_mut() {
        let joined =
            expect(client.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200).await;
        assert_eq!(joined["me"]["joined"], true, "{joined}");
    }
    // One more joins and leaves before the start: not paired.
    let mut finn = signed_up(&server, "finn").await;
    expect(finn.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200).await;
    let left = expect(finn.post(&format!("/api/tournaments/{id}/leave"), None, &json!({})).await, 200).await;
    assert_eq!(left["me"]["joined"], false, "{left}");
    execute(&db, &format!("UPDATE tournaments SET starts_ms = 0 WHERE id = '{id}'"));

    let (mut met, mut byes, mut played) = (BTreeSet::new(), Vec::new(), Vec::new());
    let mut round_over: Option<Instant> = None;
    for number in 1..=3_usize {
        let anna = players.get_mut("anna").unwrap();
        let paired = poll(anna, &id, |t| t["swiss"]["round"] == number).await;
        // Half the pause: the last game may have been scored a moment before its moves' replies
        // came back; without the pause the next round follows within about a tick.
        if let Some(over) = round_over {
            assert!(
                over.elapsed() >= ROUND_PAUSE / 2,
                "the next round only after the pause to read the result"
            );
        }
        assert_eq!(paired["tournament"]["status"], "running", "{paired}");
        check_round(&paired, number, &mut met, &mut byes);
        assert!(!byes.contains(&"finn".to_owned()) && !met.iter().any(|(a, b)| a == "finn" || b == "finn"));
        let games = running(&paired);
        assert_eq!(games.len(), 2, "two games and a bye: {paired}");
        let results: [&[&str]; 2] = match number {
            1 => [&P1_WINS, &DRAW],
            2 => [&P2_WINS, &P1_WINS],
            _ => [&DRAW, &P2_WINS],
        };
        play(&mut players, &games[0], results[0], &mut played).await;
        if number == 2 {
            // A restart in the middle of the round: its other game goes on,
            // and the next round follows once it ends.
            server.stop().await;
            server = TestServer::start(&db).await;
            for client in players.values_mut() {
                *client = again(&server, client).await;
            }
        }
        let game = state_of(&mut players, &games[1]).await;
        assert_eq!(game["tournament"], id.as_str(), "the game knows its tournament: {game}");
        assert_eq!(game["tournament_kind"], "swiss", "and its kind: {game}");
        assert_eq!(game["rated"], true, "{game}");
        play(&mut players, &games[1], results[1], &mut played).await;
        round_over = Some(Instant::now());
    }

    let anna = players.get_mut("anna").unwrap();
    let done = poll(anna, &id, |t| t["tournament"]["status"] == "finished").await;
    assert_eq!(done["swiss"]["rounds"].as_array().unwrap().len(), 3, "no fourth round: {done}");
    assert!(done["running"].as_array().unwrap().is_empty(), "{done}");
    let mut table = standings(&done);
    assert_eq!(table.remove("finn"), Some([0.0; 4]), "finn stays listed, with nothing: {done}");
    assert_eq!(table, recompute(&played, &byes), "{done}");
    let lines = done["swiss"]["standings"].as_array().unwrap();
    let key = |line: &Value| {
        ["points", "buchholz_cut_one", "buchholz", "sonneborn_berger"].map(|k| line[k].as_f64().unwrap())
    };
    assert!(lines.windows(2).all(|pair| key(&pair[0]) >= key(&pair[1])), "ordered by the tie-breaks: {done}");
    assert_eq!(done["tournament"]["winner"], lines[0]["name"], "{done}");
    for line in lines {
        let finn = line["name"] == "finn";
        let rounds = line["games"].as_u64().unwrap() + line["byes"].as_u64().unwrap();
        assert_eq!(
            (rounds, line["withdrawn"].as_bool().unwrap()),
            (if finn { 0 } else { 3 }, finn),
            "{line}"
        );
    }
    // Each board's points agree with its game's result.
    for board in
        done["swiss"]["rounds"].as_array().unwrap().iter().flat_map(|r| r["boards"].as_array().unwrap())
    {
        let points = match board["game"]["result"].as_str().unwrap() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        assert_eq!(board["white_points"].as_f64(), Some(points), "{board}");
    }
    // The profile lists the Swiss with the place and the points doubled.
    let winner = lines[0]["name"].as_str().unwrap();
    let profile = expect(anna.get(&format!("/api/players/{winner}")).await, 200).await;
    let joined = &profile["tournaments"][0];
    assert_eq!((joined["place"].clone(), joined["tournament"]["id"].clone()), (json!(1), json!(id)));
    assert_eq!(joined["points"].as_f64(), lines[0]["points"].as_f64().map(|p| p * 2.0), "{profile}");
    let refused = anna.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await.unwrap();
    assert_eq!(refused.status, 409, "joining a finished Swiss: {}", refused.text());
    server.stop().await;
}

/// The state of game `id` as any player reads it.
async fn state_of(players: &mut BTreeMap<String, Client>, id: &str) -> Value {
    common::state(players.values_mut().next().unwrap(), id).await
}

#[tokio::test]
async fn making_a_swiss_is_checked() {
    let server = TestServer::start(&temp_db("swiss-checks")).await;
    let mut anna = signed_up(&server, "anna").await;
    for (body, says) in [
        (json!({"kind": "swiss", "game": "toy", "clock": "3+2"}), "rounds"),
        (json!({"kind": "swiss", "game": "toy", "clock": "3+2", "rounds": 2}), "rounds"),
        (json!({"kind": "swiss", "game": "toy", "clock": "3+2", "rounds": 16}), "rounds"),
        (
            json!({"kind": "swiss", "game": "toy", "clock": "3+2", "days_per_move": 3, "rounds": 5}),
            "not both",
        ),
        (json!({"kind": "swiss", "game": "toy", "rounds": 5}), "clock"),
        (json!({"kind": "arena", "game": "toy", "clock": "3+2"}), "minutes"),
    ] {
        let refused = anna.post("/api/tournaments", None, &body).await.unwrap();
        assert_eq!(refused.status, 422, "{body}: {}", refused.text());
        let text = refused.text();
        assert!(text.contains(says), "{body}: {text}");
    }
    let odd_days = json!({"kind": "swiss", "game": "toy", "days_per_move": 4, "rounds": 5});
    let refused = anna.post("/api/tournaments", None, &odd_days).await.unwrap();
    assert_eq!(refused.status, 400, "days per move outside the allowed ones: {}", refused.text());
    let request = json!({"kind": "swiss", "game": "toy", "days_per_move": 3, "rounds": 5, "name": "Post"});
    let made = expect(anna.post("/api/tournaments", None, &request).await, 201).await;
    let summary = &made["tournament"];
    assert_eq!(
        [&summary["days_per_move"], &summary["rounds"], &summary["clock"], &summary["name"]],
        [&json!(3), &json!(5), &json!(""), &json!("Post")],
        "{made}"
    );
    // Nobody joined by its start: it ends at once, without a winner.
    let id = summary["id"].as_str().unwrap();
    let done = poll(&mut anna, id, |t| t["tournament"]["status"] == "finished").await;
    assert!(done["tournament"]["winner"].is_null(), "{done}");
    server.stop().await;
}

#[tokio::test]
async fn an_aborted_game_is_lost_by_the_side_to_move_which_withdraws_and_a_swiss_of_one_ends() {
    let db = temp_db("swiss-forfeit");
    let server = TestServer::start(&db).await;
    let mut players = BTreeMap::new();
    for name in ["anna", "bert"] {
        players.insert(name.to_owned(), signed_up(&server, name).await);
    }
    let id = make_swiss(players.get_mut("anna").unwrap(), 3).await;
    for client in players.values_mut() {
        expect(client.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200).await;
    }
    execute(&db, &format!("UPDATE tournaments SET starts_ms = 0 WHERE id = '{id}'"));
    let paired = poll(players.get_mut("anna").unwrap(), &id, |t| t["swiss"]["round"] == 1).await;
    let game = running(&paired)[0].clone();
    let (white, black) = seats(players.get_mut("anna").unwrap(), &game).await;
    // White, to move, aborts before the first move: the game ends without a result.
    let aborted = expect(
        players.get_mut(&white).unwrap().post(&format!("/api/games/{game}/abort"), None, &json!({})).await,
        200,
    )
    .await;
    assert_eq!(aborted["outcome"]["reason"], "aborted", "{aborted}");
    let done = poll(players.get_mut("anna").unwrap(), &id, |t| t["tournament"]["status"] == "finished").await;
    let board = &done["swiss"]["rounds"][0]["boards"][0];
    assert_eq!(board["white_points"], 0.0, "white forfeits: {done}");
    let lines = done["swiss"]["standings"].as_array().unwrap();
    assert_eq!(
        (lines[0]["name"].as_str(), lines[0]["points"].as_f64()),
        (Some(black.as_str()), Some(1.0)),
        "{done}"
    );
    assert_eq!(lines[1]["withdrawn"], true, "the absent player withdraws: {done}");
    assert_eq!(
        done["swiss"]["rounds"].as_array().unwrap().len(),
        1,
        "one player left: no second round: {done}"
    );
    assert_eq!(done["tournament"]["winner"], black.as_str(), "{done}");
    server.stop().await;
}

#[tokio::test]
async fn two_instances_pair_each_swiss_round_once() {
    let db = Database::Postgres(common::pg::cluster().database());
    let (a, b) = (TestServer::start(&db).await, TestServer::start(&db).await);
    let names = ["anna", "bert", "cora", "dora", "emil", "finn", "gina"];
    let mut players = BTreeMap::new();
    for (i, name) in names.iter().enumerate() {
        players.insert((*name).to_owned(), signed_up(if i % 2 == 0 { &a } else { &b }, name).await);
    }
    let id = make_swiss(players.get_mut("anna").unwrap(), 3).await;
    for client in players.values_mut() {
        expect(client.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200).await;
    }
    execute(&db, &format!("UPDATE tournaments SET starts_ms = 0 WHERE id = '{id}'"));
    let (mut met, mut byes, mut played) = (BTreeSet::new(), Vec::new(), Vec::new());
    for number in 1..=2_usize {
        let paired = poll(players.get_mut("anna").unwrap(), &id, |t| t["swiss"]["round"] == number).await;
        check_round(&paired, number, &mut met, &mut byes);
        let games = running(&paired);
        assert_eq!(games.len(), 3, "each player in one game, though both instances pair: {paired}");
        for game in &games {
            play(&mut players, game, &P1_WINS, &mut played).await;
        }
    }
    let on_round_three = |t: &Value| t["swiss"]["round"] == 3;
    let on_a = poll(players.get_mut("anna").unwrap(), &id, on_round_three).await;
    let on_b = poll(players.get_mut("bert").unwrap(), &id, on_round_three).await;
    check_round(&on_a, 3, &mut met, &mut byes);
    assert_eq!(on_a["swiss"]["rounds"][2]["boards"].as_array().unwrap().len(), 3, "{on_a}");
    assert_eq!(standings(&on_a), recompute(&played, &byes), "{on_a}");
    assert_eq!(standings(&on_b), standings(&on_a), "{on_b}");
    a.stop().await;
    b.stop().await;
}
