//! `spielwerk uai` and `spielwerk ugi`: the engine protocols on standard
//! input and output.

use anyhow::Context;
use clap::Args;
use game::{Options, Registry};
use protocol::{DEFAULT_HASH_MB, Dialect, EngineSettings};

/// Engine settings shared by `uai` and `ugi`.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// The engine that thinks (the game's first by default; `spielwerk
    /// games` lists each game's engines): alphabeta, greedy, random, … —
    /// the baselines of engine matches.
    #[arg(long)]
    pub engine: Option<String>,
    /// Hash size in MiB (the host may change it with `setoption name Hash`).
    #[arg(long, default_value_t = DEFAULT_HASH_MB)]
    pub hash: usize,
    /// Search threads (the host may change it with `setoption name Threads`).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Never search deeper than this, whatever the host asks: a weaker,
    /// shallower version of the engine for matches.
    #[arg(long)]
    pub max_depth: Option<u32>,
    /// A game option as NAME=VALUE (repeatable), e.g. `rules=seed`; options
    /// not given take the engine defaults (Ataxx: community rules).
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// Arguments of `spielwerk uai`.
#[derive(Args, Debug)]
pub struct UaiArgs {
    /// The game: UAI is Ataxx's protocol, so only `ataxx` (other games
    /// speak UGI: `spielwerk ugi --game NAME`).
    #[arg(long, default_value = "ataxx")]
    pub game: String,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Arguments of `spielwerk ugi`.
#[derive(Args, Debug)]
#[command(override_usage = "spielwerk ugi [OPTIONS] [GAME]")]
pub struct UgiArgs {
    /// The game, also as a plain word (`spielwerk ugi abalone`) (default:
    /// the first registered, Ataxx); the host may also switch with
    /// `setoption name Game value NAME`.
    #[arg(long)]
    pub game: Option<String>,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Speaks UAI (Ataxx only) until `quit`.
pub fn run_uai(registry: &Registry, args: &UaiArgs) -> anyhow::Result<()> {
    let entry = registry.get(&args.game)?;
    anyhow::ensure!(
        entry.name == "ataxx",
        "UAI is Ataxx's protocol; {} speaks UGI: spielwerk ugi --game {}",
        entry.name,
        entry.name
    );
    serve(registry, Dialect::Uai, "ataxx", &args.engine)
}

/// Speaks UGI for any game until `quit`.
pub fn run_ugi(registry: &Registry, args: &UgiArgs) -> anyhow::Result<()> {
    let game = match &args.game {
        Some(game) => game.as_str(),
        None => registry.entries().first().context("this build has no games")?.name,
    };
    serve(registry, Dialect::Ugi, game, &args.engine)
}

fn serve(registry: &Registry, dialect: Dialect, game: &str, args: &EngineArgs) -> anyhow::Result<()> {
    // Checked first, so that an unknown game is reported in the person's
    // language.
    registry.get(game)?;
    let mut settings = EngineSettings::new(dialect, game);
    settings.options = Options::from_pairs(name_value_pairs(&args.options)?);
    settings.engine = args.engine.clone();
    settings.hash_mb = args.hash;
    settings.threads = args.threads;
    settings.max_depth = args.max_depth;
    // Read on a thread of its own (a lock of standard input stays on one).
    let input = std::io::BufReader::new(std::io::stdin());
    protocol::serve(registry, settings, input, std::io::stdout())?;
    Ok(())
}

/// Reads `NAME=VALUE` arguments.
pub fn name_value_pairs(pairs: &[String]) -> anyhow::Result<Vec<(&str, &str)>> {
    pairs
        .iter()
        .map(|pair| {
            pair.split_once('=')
                .map(|(name, value)| (name.trim(), value.trim()))
                .with_context(|| format!("'{pair}': expected NAME=VALUE"))
        })
        .collect()
}
