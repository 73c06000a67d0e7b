//! A UGI driver around the Abalone engine Steinbeisser, for Spielwerk's
//! match runner.
//!
//! ```text
//! steinbeisser-ugi                      # speak UGI (or UAI) on stdin/stdout
//! steinbeisser-ugi --selftest [--games N] [--plies N] [--openings FILE] [--seed S]
//! steinbeisser-ugi --bench [MS]         # one search from the standard start
//! ```

mod selftest;
mod translate;
mod ugi;

use abalone::{Layout, Position};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {
            ugi::Driver::new().run();
            ExitCode::SUCCESS
        }
        Some("--selftest") => {
            let mut options = selftest::Options {
                games: 20,
                plies: 200,
                openings: Some(
                    concat!(env!("CARGO_MANIFEST_DIR"), "/../../openings/abalone-6ply.txt").to_owned(),
                ),
                seed: 20261204,
            };
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                let value = rest.next();
                let number = || value.and_then(|v| v.parse::<u64>().ok());
                match flag.as_str() {
                    "--games" => options.games = number().unwrap_or(20) as usize,
                    "--plies" => options.plies = number().unwrap_or(200) as usize,
                    "--seed" => options.seed = number().unwrap_or(1),
                    "--openings" => options.openings = value.filter(|v| *v != "none").cloned(),
                    _ => {
                        eprintln!("unknown self-test flag {flag}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            if selftest::run(&options) { ExitCode::SUCCESS } else { ExitCode::FAILURE }
        }
        Some("--bench") => {
            let ms = args.get(1).and_then(|v| v.parse::<u64>().ok()).unwrap_or(1000);
            let start = translate::position_to_sb(&Position::new(Layout::Standard));
            let _ = steinbeisser::search::search_fixed_depth_with_turn(&start, &[], 0, 0, 1, None);
            let started = Instant::now();
            match steinbeisser::search::search_timed_with_turn(&start, &[], 0, 0, ms, None) {
                Ok(result) => {
                    let elapsed = started.elapsed().as_millis().max(1) as u64;
                    println!(
                        "standard start, {ms} ms: depth {} score {} nodes {} time {elapsed} ms nps {} move {:?}",
                        result.depth,
                        result.score,
                        result.nodes,
                        result.nodes * 1000 / elapsed,
                        result.best_move.map(|m| m.to_string())
                    );
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("search failed: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(other) => {
            eprintln!("unknown argument {other}; see the source's header for usage");
            ExitCode::FAILURE
        }
    }
}
