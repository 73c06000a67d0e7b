//! A UGI driver for Abalone engines behind a small board protocol (see
//! [`engine`]), for Spielwerk's match runner.
//!
//! ```text
//! abalone-bridge-ugi --engine "COMMAND" [--overshoot MS]        # speak UGI on stdin/stdout
//! abalone-bridge-ugi --engine "COMMAND" --selftest [--games N] [--plies N]
//!     [--openings FILE|none] [--seed S] [--search-ms MS]
//! ```

mod engine;
mod selftest;
mod ugi;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut command = None;
    let mut selftest = false;
    let mut overshoot_ms = 0;
    let mut options = selftest::Options {
        games: 20,
        plies: 200,
        openings: Some(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openings/abalone-6ply.txt").to_owned()),
        seed: 20261205,
        search_ms: 50,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        if flag == "--selftest" {
            selftest = true;
            continue;
        }
        let Some(value) = rest.next() else {
            eprintln!("{flag} needs a value");
            return ExitCode::FAILURE;
        };
        let number = value.parse::<u64>();
        match (flag.as_str(), number) {
            ("--engine", _) => command = Some(value.clone()),
            ("--openings", _) => options.openings = (value != "none").then(|| value.clone()),
            ("--overshoot", Ok(n)) => overshoot_ms = n,
            ("--games", Ok(n)) => options.games = n as usize,
            ("--plies", Ok(n)) => options.plies = n as usize,
            ("--seed", Ok(n)) => options.seed = n,
            ("--search-ms", Ok(n)) => options.search_ms = n.max(1),
            _ => {
                eprintln!("unknown flag or bad value: {flag} {value}; see the source's header for usage");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(command) = command else {
        eprintln!("--engine \"COMMAND\" is needed: the engine-side program");
        return ExitCode::FAILURE;
    };
    let mut engine = match engine::Engine::start(&command) {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    if selftest {
        return if selftest::run(&mut engine, &options) { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    }
    ugi::Driver::new(engine, overshoot_ms).run();
    ExitCode::SUCCESS
}
