//! `spielwerk loadtest`: many concurrent games against a running server.
//!
//! All games come from one address, so the server's limit on new games
//! per address must be raised: `spielwerk serve --games-per-minute 0`.

use clap::Args;
use server::loadtest::{LoadConfig, run_blocking};
use std::net::SocketAddr;
use std::time::Duration;

/// Arguments of `spielwerk loadtest`. The server must allow many new games
/// from one address: start it with `spielwerk serve --games-per-minute 0`.
#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server's address (loopback).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
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
    if !args.addr.ip().is_loopback() {
        anyhow::bail!("the load test only targets loopback addresses, not {}", args.addr);
    }
    let config = LoadConfig {
        addr: args.addr,
        games: args.games,
        moves_per_game: args.moves,
        game: args.game.clone(),
        registry: games::registry(),
        pause: Duration::from_millis(args.pause_ms),
        resign_after: args.resign_after,
        time_limit: Duration::from_secs(args.seconds),
    };
    println!(
        "{} concurrent {} games against {}, {} moves each…",
        args.games, args.game, args.addr, args.moves
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
