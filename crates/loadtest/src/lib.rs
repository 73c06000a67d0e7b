//! The load tester of the Spielwerk server (`spielwerk loadtest`): many concurrent games between two simulated
//! people, each on its own connection, against a running server; measures
//! the round trip of every move.
//!
//! With several servers (instances sharing one PostgreSQL database), the
//! games are spread over them and the two players of a game are on
//! different instances, so that every move must reach the other player's
//! instance through the database.
//!
//! Each pair of players keeps its own copy of the game, made from the
//! registry like the server's, to choose a random legal move — as a
//! person's page has the legal moves from the push of the opponent's move,
//! not from the reply to its own — and checks every reply against it: the
//! ply and the number of legal moves must agree.

pub mod client;

use crate::client::{Client, ClientError, Reply};
use game::{DynGame, Options, Registry};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::task::JoinSet;

/// What the load test does.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The servers: pair `i` creates its games on server `i mod n` and
    /// joins them on server `i + 1 mod n`.
    pub addrs: Vec<SocketAddr>,
    /// How many games run at once.
    pub games: usize,
    /// Moves each simulated pair plays in total (a finished game is
    /// replaced by a new one).
    pub moves_per_game: usize,
    /// The game to play (a registered name).
    pub game: String,
    /// The games the server knows (for the players' own copies).
    pub registry: Registry,
    /// Pause after each move, like a person thinking.
    pub pause: Duration,
    /// The side to move resigns after this many moves of a game (and a
    /// new game begins), to create and finish many games.
    pub resign_after: Option<usize>,
    /// The test stops after this long, whatever is left.
    pub time_limit: Duration,
}

/// A move the server acknowledged (answered with 200).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AckedMove {
    /// The game.
    pub game: String,
    /// The move's index in the game (0-based).
    pub ply: usize,
    /// The move as sent.
    pub mv: String,
}

/// What the load test measured.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    /// Games created.
    pub games_started: usize,
    /// Games ended by resignation ([`LoadConfig::resign_after`]).
    pub games_resigned: usize,
    /// Round trip of every acknowledged move, sorted.
    pub latencies: Vec<Duration>,
    /// Failed requests (error statuses and broken connections).
    pub errors: usize,
    /// The first few error messages.
    pub error_samples: Vec<String>,
    /// Every acknowledged move.
    pub acked: Vec<AckedMove>,
    /// Wall time of the test.
    pub elapsed: Duration,
}

impl LoadReport {
    /// The `p`-th percentile (0–100) of the move round trips.
    #[must_use]
    pub fn percentile(&self, p: f64) -> Option<Duration> {
        if self.latencies.is_empty() {
            return None;
        }
        let rank = ((p / 100.0) * self.latencies.len() as f64).ceil() as usize;
        Some(self.latencies[rank.clamp(1, self.latencies.len()) - 1])
    }

    /// A few lines for people.
    #[must_use]
    pub fn summary(&self) -> String {
        let ms =
            |d: Option<Duration>| d.map_or("-".to_owned(), |d| format!("{:.1} ms", d.as_secs_f64() * 1000.0));
        let moves = self.latencies.len();
        let rate = moves as f64 / self.elapsed.as_secs_f64().max(1e-9);
        let mut text = format!(
            "games {} ({} resigned), moves {moves} in {:.1} s ({rate:.0} moves/s)\nmove round trip: p50 {}, p90 {}, p99 {}, max {}\nerrors {}",
            self.games_started,
            self.games_resigned,
            self.elapsed.as_secs_f64(),
            ms(self.percentile(50.0)),
            ms(self.percentile(90.0)),
            ms(self.percentile(99.0)),
            ms(self.latencies.last().copied()),
            self.errors,
        );
        for sample in &self.error_samples {
            text.push_str(&format!("\n  {sample}"));
        }
        text
    }
}

/// What one simulated pair of players did.
#[derive(Default)]
struct PairReport {
    games: usize,
    resigned: usize,
    latencies: Vec<Duration>,
    error: Option<String>,
    acked: Vec<AckedMove>,
}

/// Runs the load test on the current Tokio runtime.
pub async fn run(config: &LoadConfig) -> LoadReport {
    let started = Instant::now();
    let deadline = started + config.time_limit;
    let mut pairs = JoinSet::new();
    for index in 0..config.games {
        let config = config.clone();
        pairs.spawn(async move {
            let mut report = PairReport::default();
            if let Err(error) = play_pair(&config, index, deadline, &mut report).await {
                report.error = Some(error);
            }
            report
        });
    }
    let mut report = LoadReport::default();
    while let Some(done) = pairs.join_next().await {
        let pair = match done {
            Ok(pair) => pair,
            Err(error) => PairReport { error: Some(error.to_string()), ..PairReport::default() },
        };
        report.games_started += pair.games;
        report.games_resigned += pair.resigned;
        report.latencies.extend(pair.latencies);
        report.acked.extend(pair.acked);
        if let Some(error) = pair.error {
            report.errors += 1;
            if report.error_samples.len() < 5 {
                report.error_samples.push(error);
            }
        }
    }
    report.latencies.sort();
    report.elapsed = started.elapsed();
    report
}

/// Runs the load test on a runtime of its own.
pub fn run_blocking(config: &LoadConfig) -> std::io::Result<LoadReport> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    Ok(runtime.block_on(run(config)))
}

/// What a simulated player reads from a state or an update: the rest is
/// skipped.
#[derive(Deserialize)]
struct Turn {
    legal_moves_count: usize,
    side_to_move: String,
    ply: usize,
    outcome: Option<IgnoredAny>,
}

fn expect(reply: Result<Reply, ClientError>, status: u16, what: &str) -> Result<Value, String> {
    let reply = reply.map_err(|e| format!("{what}: {e}"))?;
    if reply.status != status {
        return Err(format!("{what}: status {} {}", reply.status, reply.text()));
    }
    Ok(reply.json())
}

/// What a player reads of the reply to creating a game or joining it.
#[derive(Deserialize)]
struct Seated {
    id: String,
    seat: String,
    token: String,
    #[serde(default)]
    invite: Option<String>,
    state: SeatedState,
}

/// The whole state in [`Seated`]: the turn and the position.
#[derive(Deserialize)]
struct SeatedState {
    #[serde(flatten)]
    turn: Turn,
    position: String,
}

/// Reads a reply of status `status` as `T`, reading only `T`'s fields.
fn read<T: serde::de::DeserializeOwned>(
    reply: Result<Reply, ClientError>,
    status: u16,
    what: &str,
) -> Result<T, String> {
    let reply = reply.map_err(|e| format!("{what}: {e}"))?;
    if reply.status != status {
        return Err(format!("{what}: status {} {}", reply.status, reply.text()));
    }
    serde_json::from_slice(&reply.body).map_err(|e| format!("{what}: {e}"))
}

async fn play_pair(
    config: &LoadConfig,
    index: usize,
    deadline: Instant,
    report: &mut PairReport,
) -> Result<(), String> {
    let count = config.addrs.len();
    if count == 0 {
        return Err("no server address".to_owned());
    }
    let (first, second) = (config.addrs[index % count], config.addrs[(index + 1) % count]);
    let mut players = [
        Client::connect(first).await.map_err(|e| format!("{first}: {e}"))?,
        Client::connect(second).await.map_err(|e| format!("{second}: {e}"))?,
    ];
    let mut played = 0;
    while played < config.moves_per_game && Instant::now() < deadline {
        let request = json!({"game": config.game, "opponent": "human"});
        let created: Seated = read(players[0].post("/api/games", None, &request).await, 201, "create")?;
        report.games += 1;
        let id = created.id;
        let invite = created.invite.as_deref().and_then(|u| u.split_once("#invite=")).map_or("", |(_, c)| c);
        let path = format!("/api/games/{id}/join");
        let joined: Seated =
            read(players[1].post(&path, None, &json!({ "invite": invite })).await, 200, "join")?;
        let first_seat = created.seat;
        let tokens = [created.token, joined.token];
        let mut state = joined.state.turn;
        let mut local = own_copy(config, &joined.state.position)?;
        let path = format!("/api/games/{id}/moves");
        let mut in_game = 0;
        while played < config.moves_per_game && Instant::now() < deadline && state.outcome.is_none() {
            if config.resign_after == Some(in_game) {
                let who = usize::from(first_seat != state.side_to_move);
                let resign = format!("/api/games/{id}/resign");
                let ended: Turn =
                    read(players[who].post(&resign, Some(&tokens[who]), &json!({})).await, 200, "resign")?;
                if ended.outcome.is_none() {
                    return Err(format!("game {id}: still running after a resignation"));
                }
                report.resigned += 1;
                break;
            }
            in_game += 1;
            let who = usize::from(first_seat != state.side_to_move);
            let mv = choose_move(local.as_ref(), &id, &state)?;
            let ply = state.ply;
            let sent = Instant::now();
            let reply = players[who].post(&path, Some(&tokens[who]), &json!({ "move": mv })).await;
            state = read(reply, 200, &format!("move {mv} in game {id}"))?;
            report.latencies.push(sent.elapsed());
            if state.ply != ply + 1 {
                return Err(format!(
                    "game {id}: the reply to move {mv} at ply {ply} is at ply {}",
                    state.ply
                ));
            }
            local.play(&mv).map_err(|e| format!("game {id}: the own copy refuses {mv}: {e}"))?;
            if local.outcome().is_some() != state.outcome.is_some() {
                return Err(format!(
                    "game {id}: after {mv} at ply {ply} the server and the own copy disagree whether the game is over"
                ));
            }
            report.acked.push(AckedMove { game: id.clone(), ply, mv });
            played += 1;
            if !config.pause.is_zero() {
                tokio::time::sleep(config.pause).await;
            }
        }
    }
    Ok(())
}

/// The players' own copy of a new game of the test, which must be at the
/// server's `position`.
fn own_copy(config: &LoadConfig, position: &str) -> Result<Box<dyn DynGame>, String> {
    let local = config.registry.create(&config.game, &Options::new(), None).map_err(|e| e.to_string())?;
    if position != local.position() {
        return Err(format!(
            "the server's new {} game starts at {position}, not at {}",
            config.game,
            local.position()
        ));
    }
    Ok(local)
}

/// A random legal move of `local`, picked by its index without listing
/// the others, once `local` and the server agree how many there are.
fn choose_move(local: &dyn DynGame, id: &str, turn: &Turn) -> Result<String, String> {
    let (count, _) = local.legal_move_list(0);
    if count != turn.legal_moves_count {
        return Err(format!(
            "game {id} at ply {}: the server counts {} legal moves, the own copy {count}",
            turn.ply, turn.legal_moves_count
        ));
    }
    if count == 0 {
        return Err(format!("game {id}: no legal moves but no outcome"));
    }
    let index = rand::random_range(0..count);
    local
        .legal_moves_in(index..index + 1)
        .pop()
        .ok_or_else(|| format!("game {id}: legal move {index} of {count} is missing"))
}

/// Checks that every acknowledged move is in its game at its place;
/// returns how many were checked, or the first missing one.
pub async fn verify(addr: SocketAddr, acked: &[AckedMove]) -> Result<usize, String> {
    let mut client = Client::connect(addr).await.map_err(|e| e.to_string())?;
    let mut games: std::collections::HashMap<&str, Vec<String>> = std::collections::HashMap::new();
    for ack in acked {
        if !games.contains_key(ack.game.as_str()) {
            let state = expect(client.get(&format!("/api/games/{}", ack.game)).await, 200, "state")?;
            let moves = state["moves"].as_array().cloned().unwrap_or_default();
            games
                .insert(&ack.game, moves.iter().map(|m| m.as_str().unwrap_or_default().to_owned()).collect());
        }
        let stored = games[ack.game.as_str()].get(ack.ply);
        if stored != Some(&ack.mv) {
            return Err(format!(
                "game {} move {} was acknowledged as {} but the server has {:?}",
                ack.game,
                ack.ply + 1,
                ack.mv,
                stored
            ));
        }
    }
    Ok(acked.len())
}
