//! What the match examples share: the engines by name and the arguments
//! every match takes first (`ENGINE_A ENGINE_B GAMES [MOVETIME_MS]`).

use game::{Analyzer, Engines, Game, engine_index};
use std::time::Duration;

/// The arguments every match example takes first.
pub struct MatchArgs {
    /// The name of engine A (default `alphabeta`).
    pub name_a: String,
    /// The name of engine B (default `random`).
    pub name_b: String,
    /// How many games to play (default 10).
    pub games: usize,
    /// The time each engine thinks per move.
    pub movetime: Duration,
}

impl MatchArgs {
    /// Reads the first four of `args` (the command line without the
    /// program), with `default_movetime_ms` when MOVETIME_MS is missing.
    pub fn parse(args: &[String], default_movetime_ms: u64) -> MatchArgs {
        MatchArgs {
            name_a: args.first().map_or("alphabeta", String::as_str).to_owned(),
            name_b: args.get(1).map_or("random", String::as_str).to_owned(),
            games: args.get(2).and_then(|g| g.parse().ok()).unwrap_or(10),
            movetime: Duration::from_millis(
                args.get(3).and_then(|t| t.parse().ok()).unwrap_or(default_movetime_ms),
            ),
        }
    }
}

/// A fresh engine of `engines` by its name; panics on an unknown name.
pub fn engine<G: Game>(engines: Engines<G>, name: &str) -> Box<dyn Analyzer<G>> {
    let index = engine_index(engines, name).unwrap_or_else(|| panic!("unknown engine {name}"));
    engines[index].1()
}
