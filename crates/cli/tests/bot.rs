//! `spielwerk bot` as an engine author runs it: a server, a bot account
//! with its token, the bridge with this program's own engine, and 20 games
//! in a row against people (who play by the web's routes) and another bot
//! (through a second bridge) — every game ends, none stalls.

use loadtest::client::{Client, Reply};
use serde_json::{Value, json};
use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a step may take before the test gives up: generous, so that
/// it passes on a machine whose cores are busy.
const PATIENCE: Duration = Duration::from_secs(120);

/// A child process killed when the test ends, whatever happens.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

/// A free port on the loopback address.
fn free_address() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0").and_then(|listener| listener.local_addr()).expect("a free port")
}

/// The reply's body, failing the test unless the status is `status`.
fn expect(reply: Reply, status: u16, what: &str) -> Value {
    assert_eq!(reply.status, status, "{what}: {}", reply.text());
    reply.json()
}

/// A signed-in account: the server's address and the session cookie.
/// Each request goes over a new connection (the server closes idle
/// kept-alive ones while the test waits).
#[derive(Clone)]
struct Account {
    addr: SocketAddr,
    cookie: Option<String>,
}

impl Account {
    async fn client(&self) -> Client {
        let mut client = Client::connect(self.addr).await.expect("connect");
        client.cookie.clone_from(&self.cookie);
        client
    }

    async fn get(&self, path: &str) -> Reply {
        self.client().await.get(path).await.expect("GET")
    }

    async fn post(&self, path: &str, bearer: Option<&str>, body: &Value) -> Reply {
        self.client().await.post(path, bearer, body).await.expect("POST")
    }
}

/// A person signed up as `name`, holding the session cookie.
async fn person(addr: SocketAddr, name: &str) -> Account {
    let mut account = Account { addr, cookie: None };
    let reply = account
        .post("/api/account/signup", None, &json!({"name": name, "password": "a long password"}))
        .await;
    let cookie = reply.headers.get("set-cookie").expect("a session cookie").to_str().unwrap();
    account.cookie = Some(cookie.split(';').next().unwrap().to_owned());
    expect(reply, 200, "sign up");
    account
}

/// A personal token of the signed-in `client` with every scope.
async fn token(client: &Account) -> String {
    let scopes = json!({"description": "test", "scopes": ["bot:play", "challenge:read", "challenge:write"]});
    let made = expect(client.post("/api/account/tokens", None, &scopes).await, 201, "token");
    made["token"].as_str().expect("the secret").to_owned()
}

/// A bot account `name`: its owner signed in, and its token.
async fn bot_account(addr: SocketAddr, name: &str) -> (Account, String) {
    let owner = person(addr, name).await;
    let token = token(&owner).await;
    let upgrade = owner.post("/api/bot/account/upgrade", Some(&token), &json!({})).await;
    expect(upgrade, 200, "upgrade");
    (owner, token)
}

/// `spielwerk bot` for `token`, its own engine one ply deep, with these
/// further arguments.
fn bridge_with(addr: SocketAddr, token: &str, args: &[&str]) -> Running {
    let child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["bot", "--server", &format!("http://{addr}"), "--max-depth", "1", "--game", "ataxx"])
        .args(args)
        .env("SPIELWERK_TOKEN", token)
        .stdin(Stdio::null())
        .spawn()
        .expect("the bridge starts");
    Running(child)
}

/// `spielwerk bot` for `token` that stops after `stop_after` games.
fn bridge(addr: SocketAddr, token: &str, stop_after: usize) -> Running {
    bridge_with(addr, token, &["--stop-after", &stop_after.to_string()])
}

/// Challenges `to` to a casual Ataxx game on a 1+1 clock from `client`
/// (by its `bearer` token, or its cookie), again while the server says
/// challenges come too fast; the challenge's id.
async fn challenge(client: &Account, bearer: Option<&str>, to: &str) -> String {
    let ask = json!({"variant": "ataxx", "rated": false, "clock.limit": 60, "clock.increment": 1});
    let until = Instant::now() + PATIENCE;
    loop {
        let reply = client.post(&format!("/api/challenge/{to}"), bearer, &ask).await;
        if reply.status == 429 && Instant::now() < until {
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        return expect(reply, 201, "challenge")["id"].as_str().unwrap().to_owned();
    }
}

/// Waits until challenge `id` (seen by its challenger `client`) has a game.
async fn game_of(client: &Account, id: &str) -> String {
    let until = Instant::now() + PATIENCE;
    loop {
        let seen = expect(client.get(&format!("/api/challenges/{id}")).await, 200, "challenge");
        if let Some(game) = seen["game_id"].as_str() {
            return game.to_owned();
        }
        assert!(seen["status"] == "open", "the bot did not accept: {seen}");
        assert!(Instant::now() < until, "the bot never answered challenge {id}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays game `id` as the signed-in `client` (the first legal move each
/// time) until it ends; its outcome.
async fn play_out(client: &Account, id: &str) -> Value {
    follow(client, id, true).await
}

/// Waits until game `id`, seen by `client`, has ended; its outcome.
async fn ended(client: &Account, id: &str) -> Value {
    follow(client, id, false).await
}

/// Follows game `id` as `client` until it ends, playing the first legal
/// move whenever it is `client`'s turn if `plays`; its outcome. Fails when
/// no move comes for [`PATIENCE`].
async fn follow(client: &Account, id: &str, plays: bool) -> Value {
    let mut until = Instant::now() + PATIENCE;
    let mut ply = 0;
    loop {
        let state = expect(client.get(&format!("/api/games/{id}")).await, 200, "state");
        if !state["outcome"].is_null() {
            return state["outcome"].clone();
        }
        if state["ply"].as_u64() != Some(ply) {
            ply = state["ply"].as_u64().expect("the number of moves");
            until = Instant::now() + PATIENCE;
        }
        assert!(Instant::now() < until, "game {id} stalled at ply {ply}: {state}");
        if plays && state["side_to_move"] == state["you"] {
            let mv = state["legal_moves"][0].as_str().expect("a legal move").to_owned();
            let played = client.post(&format!("/api/games/{id}/moves"), None, &json!({"move": mv})).await;
            expect(played, 200, "move");
        } else {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// `spielwerk serve` on the database `db` with `flags`, once it answers.
async fn server(db: &std::path::Path, flags: &[&str]) -> (Running, SocketAddr) {
    let addr = free_address();
    let server = Running(
        Command::new(env!("CARGO_BIN_EXE_spielwerk"))
            .args(["serve", "--addr", &addr.to_string(), "--db", db.to_str().unwrap()])
            .args(["--games-per-minute", "0"])
            .args(flags)
            .stdout(Stdio::null())
            .spawn()
            .expect("the server starts"),
    );
    let until = Instant::now() + PATIENCE;
    while Client::connect(addr).await.is_err() {
        assert!(Instant::now() < until, "the server did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (server, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_house_bots_take_challenges_and_play_them_to_the_end_after_a_restart_too() {
    let dir = std::env::temp_dir().join(format!("spielwerk-house-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("server.sqlite");
    let (first, addr) = server(&db, &["--house-bots", "2,4"]).await;
    let ann = person(addr, "Ann").await;
    let profile = expect(ann.get("/api/players/Spielwerk-L4").await, 200, "profile");
    assert_eq!(profile["bot"], true, "{profile}");
    for bot in ["Spielwerk-L2", "Spielwerk-L4"] {
        let id = challenge(&ann, None, bot).await;
        let game = game_of(&ann, &id).await;
        assert!(play_out(&ann, &game).await.is_object());
    }
    drop(first);
    // Started again on the same database: the same accounts, new tokens.
    let (_second, addr) = server(&db, &["--house-bots", "2"]).await;
    let ann = Account { addr, cookie: ann.cookie };
    let id = challenge(&ann, None, "Spielwerk-L2").await;
    let game = game_of(&ann, &id).await;
    assert!(play_out(&ann, &game).await.is_object());
    // Nobody signs in as a house bot.
    let login = ann.post("/api/account/login", None, &json!({"name": "Spielwerk-L2", "password": "-"})).await;
    assert_eq!(login.status, 401, "{}", login.text());
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_plays_twenty_games_in_a_row_against_people_and_a_bot_with_none_stalled() {
    let dir = std::env::temp_dir().join(format!("spielwerk-bot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_server, addr) = server(&dir.join("server.sqlite"), &[]).await;
    let (_, bot_token) = bot_account(addr, "HouseBot").await;
    let (other, other_token) = bot_account(addr, "OtherBot").await;
    let people = [person(addr, "Ann").await, person(addr, "Ben").await];
    let mut house = bridge(addr, &bot_token, 20);
    let _other_bridge = bridge(addr, &other_token, 4);

    let mut outcomes = Vec::new();
    for round in 0..20 {
        let outcome = if round % 5 == 4 {
            // The other bot challenges; both bridges play the game.
            let id = challenge(&other, Some(&other_token), "HouseBot").await;
            let game = game_of(&other, &id).await;
            ended(&people[0], &game).await
        } else {
            let client = &people[round % 2];
            let id = challenge(client, None, "HouseBot").await;
            let game = game_of(client, &id).await;
            play_out(client, &game).await
        };
        outcomes.push(outcome);
    }
    assert_eq!(outcomes.len(), 20);
    assert!(outcomes.iter().all(|outcome| outcome.is_object()), "{outcomes:?}");
    // The bridge stops by itself after its 20th game.
    let until = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = house.0.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < until, "the bridge did not stop after 20 games");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(status.success(), "the bridge ended with {status}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Plays every game arena `id` gives `person` until the arena is over.
async fn play_arena(person: Account, id: String) {
    let until = Instant::now() + 5 * PATIENCE;
    loop {
        let arena = expect(person.get(&format!("/api/tournaments/{id}")).await, 200, "arena");
        if arena["tournament"]["status"] == "finished" {
            return;
        }
        assert!(Instant::now() < until, "arena {id} never finished: {arena}");
        match arena["me"]["game"].as_str() {
            Some(game) => {
                play_out(&person, game).await;
            }
            None => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// The points of each player from the arena's finished games in the order
/// they were scored, by lichess's rule: a win 2, a draw 1, a loss 0, all
/// doubled after two wins in a row until a game is not won.
fn arena_points(games: &[Value]) -> std::collections::BTreeMap<String, u32> {
    let mut points = std::collections::BTreeMap::new();
    let mut wins_in_a_row: std::collections::BTreeMap<String, u32> = std::collections::BTreeMap::new();
    for game in games {
        let (white, black) = (game["white"].as_str().unwrap(), game["black"].as_str().unwrap());
        let half_points = match game["result"].as_str() {
            Some("1-0") => [2, 0],
            Some("0-1") => [0, 2],
            Some("1/2-1/2") => [1, 1],
            other => panic!("a game of the arena without a result: {other:?} in {game}"),
        };
        for (name, half) in [(white, half_points[0]), (black, half_points[1])] {
            let streak = wins_in_a_row.entry(name.to_owned()).or_default();
            let factor = if *streak >= 2 { 2 } else { 1 };
            *points.entry(name.to_owned()).or_default() += half * factor;
            *streak = if half == 2 { *streak + 1 } else { 0 };
        }
    }
    points
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_of_four_people_and_two_bridged_bots_runs_to_its_end_with_standings_that_match_its_games() {
    let dir = std::env::temp_dir().join(format!("spielwerk-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_server, addr) = server(&dir.join("server.sqlite"), &["--shortest-arena-minutes", "1"]).await;
    let (_, bot_a) = bot_account(addr, "BotA").await;
    let (_, bot_b) = bot_account(addr, "BotB").await;
    let mut people = Vec::new();
    for name in ["Ann", "Ben", "Cid", "Dee"] {
        people.push(person(addr, name).await);
    }
    let arena = json!({"game": "ataxx", "clock": "1+0", "minutes": 1, "bots": "welcome"});
    let made = expect(people[0].post("/api/tournaments", None, &arena).await, 201, "arena");
    let id = made["tournament"]["id"].as_str().unwrap().to_owned();
    for person in &people {
        expect(person.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200, "join");
    }
    let _bridges =
        [bridge_with(addr, &bot_a, &["--arena", &id]), bridge_with(addr, &bot_b, &["--arena", &id])];
    let players: Vec<_> =
        people.iter().map(|person| tokio::spawn(play_arena(person.clone(), id.clone()))).collect();
    for player in players {
        player.await.expect("a person played the arena to its end");
    }

    let arena = expect(people[0].get(&format!("/api/tournaments/{id}")).await, 200, "arena");
    let games = expect(people[0].get(&format!("/api/tournaments/{id}/games")).await, 200, "games");
    let games = games["games"].as_array().unwrap().clone();
    let expected = arena_points(&games);
    let standings = arena["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 6, "{arena}");
    for line in standings {
        let name = line["name"].as_str().unwrap();
        assert_eq!(
            line["points"].as_u64(),
            Some(u64::from(expected.get(name).copied().unwrap_or(0))),
            "{name}: {arena}"
        );
    }
    for bot in ["BotA", "BotB"] {
        assert!(
            games.iter().any(|g| g["white"] == bot || g["black"] == bot),
            "{bot} played no game: {games:?}"
        );
    }
    assert_eq!(arena["tournament"]["winner"], standings[0]["name"], "{arena}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Plays every game the Swiss `id` pairs `person`, round after round,
/// until the Swiss is over.
async fn play_swiss(person: Account, id: String) {
    let until = Instant::now() + 5 * PATIENCE;
    loop {
        let swiss = expect(person.get(&format!("/api/tournaments/{id}")).await, 200, "swiss");
        if swiss["tournament"]["status"] == "finished" {
            return;
        }
        assert!(Instant::now() < until, "Swiss {id} never finished: {swiss}");
        match swiss["me"]["game"].as_str() {
            Some(game) => {
                play_out(&person, game).await;
            }
            None => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// The numbers of the rounds of the Swiss reply `swiss` in which `name`
/// played a game, in order.
fn rounds_played(swiss: &Value, name: &str) -> Vec<u64> {
    let rounds = swiss["swiss"]["rounds"].as_array().expect("the rounds");
    let mut played: Vec<u64> = rounds
        .iter()
        .filter(|round| {
            round["boards"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["game"]["white"] == name || b["game"]["black"] == name)
        })
        .map(|round| round["number"].as_u64().unwrap())
        .collect();
    played.sort_unstable();
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_two_people_and_two_bridged_bots_runs_every_round_to_its_end() {
    let dir = std::env::temp_dir().join(format!("spielwerk-swiss-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_server, addr) = server(&dir.join("server.sqlite"), &[]).await;
    let (_, bot_a) = bot_account(addr, "BotA").await;
    let (_, bot_b) = bot_account(addr, "BotB").await;
    let people = [person(addr, "Ann").await, person(addr, "Ben").await];
    // Time for everyone to join before the first round; a bridge that
    // joined late is paired from the round after (checked below).
    let now_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    let starts_ms = u64::try_from(now_ms).unwrap() + 20_000;
    let rounds = 3;
    let request = json!({"kind": "swiss", "game": "ataxx", "clock": "1+0", "rounds": rounds,
        "bots": "welcome", "starts_ms": starts_ms});
    let made = expect(people[0].post("/api/tournaments", None, &request).await, 201, "Swiss");
    let id = made["tournament"]["id"].as_str().unwrap().to_owned();
    for person in &people {
        expect(person.post(&format!("/api/tournaments/{id}/join"), None, &json!({})).await, 200, "join");
    }
    // The alias of the arena tests, and the flag of every tournament.
    let _bridges =
        [bridge_with(addr, &bot_a, &["--tournament", &id]), bridge_with(addr, &bot_b, &["--arena", &id])];
    let until = Instant::now() + PATIENCE;
    loop {
        let swiss = expect(people[0].get(&format!("/api/tournaments/{id}")).await, 200, "Swiss");
        if swiss["swiss"]["standings"].as_array().map(Vec::len) == Some(4) {
            break;
        }
        assert!(Instant::now() < until, "the bots never joined: {swiss}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let players: Vec<_> =
        people.iter().map(|person| tokio::spawn(play_swiss(person.clone(), id.clone()))).collect();
    for player in players {
        player.await.expect("a person played the Swiss to its end");
    }

    let swiss = expect(people[0].get(&format!("/api/tournaments/{id}")).await, 200, "Swiss");
    assert_eq!(swiss["swiss"]["round"], rounds, "{swiss}");
    let all_rounds = swiss["swiss"]["rounds"].as_array().unwrap();
    assert_eq!(all_rounds.len(), rounds, "{swiss}");
    for round in all_rounds {
        let boards = round["boards"].as_array().unwrap();
        assert!(!boards.is_empty(), "a round without games: {swiss}");
        assert!(boards.iter().all(|b| b["game"]["result"].is_string()), "a game without a result: {swiss}");
    }
    let games = expect(people[0].get(&format!("/api/tournaments/{id}/games")).await, 200, "games");
    let games = games["games"].as_array().unwrap();
    assert!(games.iter().all(|g| g["result"].is_string()), "a game still running: {games:?}");
    for name in ["Ann", "Ben", "BotA", "BotB"] {
        // Every round from the first it was paired in, to the last.
        let played = rounds_played(&swiss, name);
        let first = *played.first().unwrap_or_else(|| panic!("{name} played no game: {swiss}"));
        assert_eq!(played, (first..=rounds as u64).collect::<Vec<_>>(), "{name} missed a round: {swiss}");
    }
    let standings = swiss["swiss"]["standings"].as_array().unwrap();
    assert_eq!(swiss["tournament"]["winner"], standings[0]["name"], "{swiss}");
    std::fs::remove_dir_all(&dir).ok();
}
