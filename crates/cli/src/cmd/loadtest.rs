//! `spielwerk loadtest`: many concurrent games against a running server.
//!
//! All games come from one address, so the server's limit on new games
//! per address must be raised: `spielwerk serve --games-per-minute 0`.

use clap::Args;
use loadtest::{LoadConfig, run_blocking};
use std::net::SocketAddr;
use std::time::Duration;

/// Arguments of `spielwerk loadtest`. The server must allow many new games
/// from one address: start it with `spielwerk serve --games-per-minute 0`.
#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server's address (loopback); give it several times for several
    /// instances sharing one PostgreSQL database: each game is created on
    /// one and joined on the next, so its two players are on different
    /// instances.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: Vec<SocketAddr>,
    /// Games played at once, each by two simulated people on their own
    /// connections.
    #[arg(long, default_value_t = 500)]
    pub games: usize,
    /// Moves played per pair of players (finished games are replaced).
    #[arg(long, default_value_t = 40)]
    pub moves: usize,
    /// The game to play.
    #[arg(long, default_value = "ataxx")]
    pub game: String,
    /// Pause after each move in milliseconds (thinking time).
    #[arg(long, default_value_t = 0)]
    pub pause_ms: u64,
    /// Resign after this many moves of each game (a new game begins):
    /// creates and finishes many games, e.g. to watch the server's memory.
    #[arg(long)]
    pub resign_after: Option<usize>,
    /// Stop after this many seconds in any case.
    #[arg(long, default_value_t = 120)]
    pub seconds: u64,
}

/// Runs the load test and prints round-trip percentiles and errors; fails
/// if any request failed.
pub fn run(args: &LoadtestArgs) -> anyhow::Result<()> {
    if let Some(addr) = args.addr.iter().find(|addr| !addr.ip().is_loopback()) {
        anyhow::bail!("the load test only targets loopback addresses, not {addr}");
    }
    let config = LoadConfig {
        addrs: args.addr.clone(),
        games: args.games,
        moves_per_game: args.moves,
        game: args.game.clone(),
        registry: games::registry(),
        pause: Duration::from_millis(args.pause_ms),
        resign_after: args.resign_after,
        time_limit: Duration::from_secs(args.seconds),
    };
    let addrs: Vec<String> = args.addr.iter().map(ToString::to_string).collect();
    println!(
        "{} concurrent {} games against {}, {} moves each…",
        args.games,
        args.game,
        addrs.join(" and "),
        args.moves
    );
    let report = run_blocking(&config)?;
    println!("{}", report.summary());
    if report.error_samples.iter().any(|sample| sample.contains("status 429")) {
        println!("the server limits new games per address: serve with --games-per-minute 0");
    }
    if report.errors > 0 {
        anyhow::bail!("{} requests failed", report.errors);
    }
    Ok(())
}
