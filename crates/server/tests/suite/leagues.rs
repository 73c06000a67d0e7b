//! Correspondence leagues over loopback (SQLite, or PostgreSQL with
//! `SPIELWERK_TEST_DB=postgres`): nine accounts sign up for the toy
//! game's league (one more signs up and leaves); at the start time the
//! season starts with divisions of at most eight (seven and two: nobody
//! plays alone) and every game of each division's double round robin,
//! each pair meeting twice with each colour once, as correspondence
//! games; the tables count the games as they end, across a restart; once
//! every game has ended the season is finished, the bottom two go down
//! and the winner of the small division below goes up, and everyone is carried over into the next
//! season, where one leaves and a newcomer joins the lowest division.
//! And who may sign up, a start moved on while fewer than two have, the
//! web UI's pages served, and two instances starting and finishing a
//! season once.

use crate::common;
use crate::tournaments::{P1_WINS, P2_WINS, play_out};

use common::{PATIENCE, TestServer, execute, expect, signed_up, temp_db};
use loadtest::client::Client;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The toy game's league page.
const LEAGUE: &str = "/api/leagues/toy";

/// Now, ms since the epoch.
fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64
}

/// Polls the toy game's league as `client` until `done` holds.
async fn poll(client: &mut Client, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + PATIENCE;
    loop {
        let got = expect(client.get(LEAGUE).await, 200).await;
        if done(&got) {
            return got;
        }
        assert!(Instant::now() < until, "timed out; last {got}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Moves the start of the season in sign-up to the past.
fn start_now(db: &spielwerk_server::store::Database) {
    execute(db, "UPDATE league_seasons SET starts_ms = 0 WHERE game = 'toy' AND status = 'signup'");
}

/// The names of a list of strings in a reply.
fn names(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|n| n.as_str().unwrap().to_owned()).collect()
}

/// The names of a division's table, first place first.
fn table_names(division: &Value) -> Vec<String> {
    division["table"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().to_owned()).collect()
}

/// A copy of `client` talking to `server` (after a restart).
async fn again(server: &TestServer, client: &Client) -> Client {
    let mut again = server.client().await;
    again.cookie = client.cookie.clone();
    again
}

#[tokio::test]
async fn a_season_starts_plays_a_double_round_robin_survives_a_restart_and_promotes_and_relegates() {
    let db = temp_db("leagues-season");
    let mut server = TestServer::start(&db).await;
    let mut players = BTreeMap::new();
    for i in 1..=9 {
        let name = format!("liga{i}");
        let mut client = signed_up(&server, &name).await;
        let joined = expect(client.post(&format!("{LEAGUE}/join"), None, &json!({})).await, 200).await;
        assert_eq!(joined["me"]["signed_up"], true, "{joined}");
        assert_eq!(joined["signup"]["number"], 1, "{joined}");
        players.insert(name, client);
    }
    // One more signs up and leaves before the start: not placed.
    let mut gone = signed_up(&server, "gone").await;
    expect(gone.post(&format!("{LEAGUE}/join"), None, &json!({})).await, 200).await;
    let left = expect(gone.post(&format!("{LEAGUE}/leave"), None, &json!({})).await, 200).await;
    assert_eq!(left["me"]["signed_up"], false, "{left}");
    let listed = expect(gone.get("/api/leagues").await, 200).await;
    let toy = &listed["leagues"][0];
    assert_eq!(
        (toy["game"].clone(), toy["signup"].clone(), toy["signed_up"].clone()),
        (json!("toy"), json!(1), json!(9))
    );
    assert!(toy["starts_ms"].as_i64().unwrap() > now_ms(), "a week ahead: {listed}");
    // The order of sign-up, which places the newcomers.
    let order = names(&left["signup"]["players"]);
    assert_eq!(order.iter().collect::<BTreeSet<_>>(), players.keys().collect::<BTreeSet<_>>(), "{left}");
    let rank = |name: &str| order.iter().position(|n| n == name).unwrap();

    start_now(&db);
    let any = players.values_mut().next().unwrap();
    let started = poll(any, |l| l["season"]["status"] == "running").await;
    assert_eq!(started["season"]["number"], 1, "{started}");
    assert_eq!(started["signup"]["number"], 2, "the next season is open: {started}");
    assert!(started["signup"]["starts_ms"].is_null(), "it starts after this one: {started}");
    let divisions = started["season"]["divisions"].as_array().unwrap().clone();
    let sizes: Vec<usize> = divisions.iter().map(|d| d["table"].as_array().unwrap().len()).collect();
    assert_eq!(sizes, vec![7, 2], "at most eight, nobody alone: {started}");
    let mut placed: Vec<String> = divisions.iter().flat_map(table_names).collect();
    placed.sort_by_key(|name| rank(name));
    assert_eq!(placed, order, "everyone but the one who left: {started}");
    assert!(
        table_names(&divisions[0]).iter().all(|name| rank(name) < 7),
        "the first seven on top: {started}"
    );
    // A double round robin: each ordered pair (white, black) once.
    let mut games = Vec::new();
    for division in &divisions {
        let members = table_names(division);
        let mut pairs = BTreeSet::new();
        for game in division["games"].as_array().unwrap() {
            let [white, black] = ["white", "black"].map(|seat| game[seat].as_str().unwrap().to_owned());
            assert!(members.contains(&white) && members.contains(&black), "{game}");
            assert!(
                pairs.insert((white.clone(), black.clone())),
                "{white} against {black} twice: {division}"
            );
            assert!(game["result"].is_null(), "{game}");
            games.push((game["id"].as_str().unwrap().to_owned(), white, black));
        }
        let n = members.len();
        assert_eq!(pairs.len(), n * (n - 1), "everyone meets everyone with each colour: {division}");
    }
    let any = players.values_mut().next().unwrap();
    let game = common::state(any, &games[0].0).await;
    assert_eq!(game["correspondence"]["days_per_move"], 3, "days per move: {game}");
    // The game names its league's season, so that its page links back.
    assert_eq!(game["league"], json!({"game": "toy", "season": 1}), "{game}");
    assert!(game["tournament"].is_null(), "{game}");

    // The one who signed up later wins (so that the tables turn the order
    // of sign-up round), half the games before a restart.
    let half = games.len() / 2;
    for (i, (id, white, black)) in games.iter().enumerate() {
        if i == half {
            server.stop().await;
            server = TestServer::start(&db).await;
            for client in players.values_mut() {
                *client = again(&server, client).await;
            }
            let any = players.values_mut().next().unwrap();
            let counted = poll(any, |l| l["season"]["status"] == "running").await;
            let played: u64 = counted["season"]["divisions"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|d| d["table"].as_array().unwrap().iter().map(|l| l["played"].as_u64().unwrap()))
                .sum();
            assert_eq!(played, 2 * half as u64, "the tables count the ended games: {counted}");
            // Read from the store after the restart, the game still names its season.
            let game = common::state(any, id).await;
            assert_eq!(game["league"], json!({"game": "toy", "season": 1}), "{game}");
        }
        let moves: &[&str] = if rank(white) > rank(black) { &P1_WINS } else { &P2_WINS };
        play_out(&mut players, id, moves).await;
    }

    let any = players.values_mut().next().unwrap();
    let ended = poll(any, |l| l["season"]["status"] == "finished").await;
    let period = ended["signup_period_ms"].as_i64().unwrap();
    let starts = ended["signup"]["starts_ms"].as_i64().expect("the next season's start is set");
    assert!(starts > now_ms() + period / 2, "a sign-up period from now: {ended}");
    let divisions = ended["season"]["divisions"].as_array().unwrap();
    for division in divisions {
        let table = division["table"].as_array().unwrap();
        let mut expected = table_names(division);
        expected.sort_by_key(|name| std::cmp::Reverse(rank(name)));
        assert_eq!(table_names(division), expected, "the later signed up won every game: {division}");
        let n = table.len() as f64;
        for (place, line) in table.iter().enumerate() {
            assert_eq!(line["played"].as_f64(), Some(2.0 * (n - 1.0)), "{line}");
            assert_eq!(line["points"].as_f64(), Some(2.0 * (n - 1.0 - place as f64)), "{line}");
        }
    }
    let zones = |d: usize| -> Vec<String> {
        divisions[d]["table"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["zone"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(zones(0), ["stay", "stay", "stay", "stay", "stay", "relegation", "relegation"], "{ended}");
    assert_eq!(zones(1), ["promotion", "stay"], "half of two goes up: {ended}");
    // Carried over in their new divisions' order: the first five and the
    // winner of division 2 on top, the last two of division 1 and the last
    // of division 2 below.
    let by_rank = |ranks: &[usize]| ranks.iter().map(|&r| order[r].clone()).collect::<Vec<_>>();
    assert_eq!(names(&ended["signup"]["players"]), by_rank(&[6, 5, 4, 3, 2, 8, 1, 0, 7]), "{ended}");

    // The last leaves, a newcomer joins, and season 2 starts.
    let last = players.get_mut(&order[7]).unwrap();
    expect(last.post(&format!("{LEAGUE}/leave"), None, &json!({})).await, 200).await;
    let mut newcomer = signed_up(&server, "neu").await;
    expect(newcomer.post(&format!("{LEAGUE}/join"), None, &json!({})).await, 200).await;
    start_now(&db);
    let second = poll(&mut newcomer, |l| l["season"]["number"] == 2).await;
    let divisions = second["season"]["divisions"].as_array().unwrap();
    let members = |d: usize| {
        let mut names = table_names(&divisions[d]);
        names.sort();
        names
    };
    let sorted = |mut names: Vec<String>| {
        names.sort();
        names
    };
    assert_eq!(members(0), sorted(by_rank(&[6, 5, 4, 3, 2, 8])), "{second}");
    assert_eq!(members(1), sorted([by_rank(&[1, 0]), vec!["neu".to_owned()]].concat()), "{second}");
    assert_eq!(second["me"]["division"], 2, "{second}");
    server.stop().await;
}

#[tokio::test]
async fn who_may_sign_up_and_a_start_moves_on_while_fewer_than_two_have() {
    let db = temp_db("leagues-checks");
    let server = TestServer::start(&db).await;
    let mut guest = server.client().await;
    assert_eq!(guest.post(&format!("{LEAGUE}/join"), None, &json!({})).await.unwrap().status, 401);
    assert_eq!(guest.get("/api/leagues/chess").await.unwrap().status, 404);
    for page in ["/leagues", "/leagues/toy"] {
        let reply = guest.get(page).await.unwrap();
        assert_eq!(reply.status, 200, "the web UI's page {page}");
        assert!(reply.text().contains("<html"), "{page}: {}", reply.text());
    }
    let mut anna = signed_up(&server, "anna").await;
    let never = anna.post(&format!("{LEAGUE}/leave"), None, &json!({})).await.unwrap();
    assert_eq!(never.status, 404, "leaving without signing up: {}", never.text());
    let mut bot = signed_up(&server, "robo").await;
    expect(bot.post("/api/bot/account/upgrade", None, &json!({})).await, 200).await;
    let refused = bot.post(&format!("{LEAGUE}/join"), None, &json!({})).await.unwrap();
    assert_eq!(refused.status, 403, "a bot: {}", refused.text());

    let joined = expect(anna.post(&format!("{LEAGUE}/join"), None, &json!({})).await, 200).await;
    let twice = expect(anna.post(&format!("{LEAGUE}/join"), None, &json!({})).await, 200).await;
    assert_eq!(names(&twice["signup"]["players"]), vec!["anna"], "signed up once: {twice}");
    assert!(joined["season"].is_null(), "{joined}");
    start_now(&db);
    let moved = poll(&mut anna, |l| l["signup"]["starts_ms"].as_i64().is_some_and(|at| at > 0)).await;
    let period = moved["signup_period_ms"].as_i64().unwrap();
    assert!(moved["signup"]["starts_ms"].as_i64().unwrap() > now_ms() + period / 2, "{moved}");
    assert_eq!(moved["signup"]["number"], 1, "still the first season: {moved}");
    assert!(moved["season"].is_null(), "alone, nobody plays: {moved}");
    server.stop().await;
}

#[tokio::test]
async fn two_instances_start_a_season_once_and_finish_it_once() {
    let db = spielwerk_server::store::Database::Postgres(common::pg::cluster().database());
    let (a, b) = (TestServer::start(&db).await, TestServer::start(&db).await);
    let mut players = BTreeMap::new();
    for (i, name) in ["anna", "bert", "cora"].iter().enumerate() {
        let mut client = signed_up(if i % 2 == 0 { &a } else { &b }, name).await;
        expect(client.post(&format!("{LEAGUE}/join"), None, &json!({})).await, 200).await;
        players.insert((*name).to_owned(), client);
    }
    start_now(&db);
    let started = poll(players.get_mut("anna").unwrap(), |l| l["season"]["status"] == "running").await;
    let division = &started["season"]["divisions"][0];
    let games = division["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), 6, "three players, each pair twice, though both instances start it: {started}");
    for game in &games {
        play_out(&mut players, game["id"].as_str().unwrap(), &P1_WINS).await;
    }
    let ended = poll(players.get_mut("bert").unwrap(), |l| l["season"]["status"] == "finished").await;
    assert_eq!(names(&ended["signup"]["players"]).len(), 3, "carried over once: {ended}");
    assert_eq!(ended["signup"]["number"], 2, "{ended}");
    a.stop().await;
    b.stop().await;
}
