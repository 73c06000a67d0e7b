//! `spielwerk bot`: an engine program (this program's own by default)
//! plays on a Spielwerk server as a bot, through the server's Bot API.

use anyhow::Context;
use bot::{AcceptRules, BotConfig, RatedChoice};
use clap::{Args, ValueEnum};
use game::Registry;
use protocol::{Dialect, EngineSpec};
use std::time::Duration;

/// Which games the bot accepts by rating.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RatingFilter {
    /// Rated and casual games.
    Any,
    /// Rated games only.
    Rated,
    /// Casual games only.
    Casual,
}

/// Arguments of `spielwerk bot`.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The server, http://host:port.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub server: String,
    /// The bot account's personal API token (scope bot:play); or the
    /// environment variable SPIELWERK_TOKEN.
    #[arg(long, env = "SPIELWERK_TOKEN", hide_env_values = true)]
    pub token: String,
    /// The engine program's command line (UAI/UGI), run by the shell;
    /// default: this program's own engine.
    #[arg(long, value_name = "COMMAND")]
    pub program: Option<String>,
    /// The protocol the program speaks (default: UAI for Ataxx, UGI for
    /// the other games; UGI for this program's own engine).
    #[arg(long)]
    pub protocol: Option<Dialect>,
    /// This program's own engine searches no deeper than this: a weaker
    /// bot (with --program: not allowed).
    #[arg(long, conflicts_with = "program")]
    pub max_depth: Option<u32>,
    /// A game the bot plays (repeatable; default: every game).
    #[arg(long = "game", value_name = "GAME")]
    pub games: Vec<String>,
    /// Rated games, casual games or both.
    #[arg(long, value_enum, default_value = "any")]
    pub rated: RatingFilter,
    /// The shortest starting clock accepted, in seconds.
    #[arg(long, default_value_t = 30)]
    pub min_base: u64,
    /// The longest starting clock accepted, in seconds.
    #[arg(long, default_value_t = 3600)]
    pub max_base: u64,
    /// Also accept correspondence games and games without a clock.
    #[arg(long)]
    pub correspondence: bool,
    /// Decline challenges from other bots.
    #[arg(long)]
    pub no_bots: bool,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub max_games: usize,
    /// Milliseconds per move in games without a clock.
    #[arg(long, default_value_t = 5000)]
    pub movetime: u64,
    /// Stop after this many games (default: run until stopped).
    #[arg(long)]
    pub stop_after: Option<usize>,
}

/// Runs the bridge until it is stopped (or `--stop-after` games ended).
pub fn run(registry: Registry, args: BotArgs) -> anyhow::Result<()> {
    for game in &args.games {
        registry.get(game)?;
    }
    let (command, dialect) = match &args.program {
        Some(program) => (program.clone(), args.protocol),
        None => {
            let program = std::env::current_exe().context("cannot find this program to run its engine")?;
            let program = program.to_str().context("this program's path is not UTF-8")?;
            let mut command = format!("'{}' ugi", program.replace('\'', r"'\''"));
            if let Some(depth) = args.max_depth {
                command.push_str(&format!(" --max-depth {depth}"));
            }
            (command, Some(args.protocol.unwrap_or(Dialect::Ugi)))
        }
    };
    let config = BotConfig {
        server: args.server,
        token: args.token,
        engine: EngineSpec::new(&command),
        dialect,
        registry,
        accept: AcceptRules {
            games: args.games,
            rated: match args.rated {
                RatingFilter::Any => RatedChoice::Any,
                RatingFilter::Rated => RatedChoice::Rated,
                RatingFilter::Casual => RatedChoice::Casual,
            },
            min_base: Duration::from_secs(args.min_base),
            max_base: Duration::from_secs(args.max_base),
            correspondence: args.correspondence,
            bots: !args.no_bots,
            max_games: args.max_games.max(1),
        },
        movetime: Duration::from_millis(args.movetime),
        stop_after: args.stop_after,
    };
    bot::run_blocking(config)?;
    Ok(())
}
