//! `spielwerk`: play, analyse and test the games of Spielwerk, speak the
//! engine protocols, run engine matches and serve the web platform.

mod args;
mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Spielwerk — Ataxx, Abalone, Die Formation and Amakta, with exact rules
/// and strong engines.
#[derive(Parser)]
#[command(name = "spielwerk", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games and their options.
    Games,
    /// Print the rules of a game.
    Rules(cmd::rules::RulesArgs),
    /// Play a game in the terminal, against the engine or another person.
    Play(cmd::play::PlayArgs),
    /// Count move paths (perft); the node count is the last line.
    Perft(cmd::perft::PerftArgs),
    /// Let the engine analyse a position.
    Analyse(cmd::analyse::AnalyseArgs),
    // protocol commands (uai, ugi, match) — added by the protocol crate's wiring
    // server commands (serve, loadtest) — added by the server crate's wiring
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let registry = games::registry();
    let result = match cli.command {
        Command::Games => cmd::rules::list_games(&registry),
        Command::Rules(args) => cmd::rules::run(&registry, &args),
        Command::Play(args) => cmd::play::run(&registry, &args),
        Command::Perft(args) => cmd::perft::run(&registry, &args),
        Command::Analyse(args) => cmd::analyse::run(&registry, &args),
        // protocol dispatch
        // server dispatch
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
