//! `spielwerk analyse`.

use crate::args::GameArgs;
use clap::Args;
use game::{Limits, Registry};
use protocol::info_line;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `spielwerk analyse`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Moves to play from the position before analysing.
    #[arg(long, num_args = 1.., value_delimiter = ' ')]
    pub moves: Vec<String>,
    /// Search to this depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Engine to use (the game's first otherwise); `spielwerk help GAME`
    /// or `spielwerk games` lists each game's engines.
    #[arg(long)]
    pub engine: Option<String>,
    /// Search threads (Lazy SMP of the alpha-beta engine).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Analyses and prints `info` lines and the best move.
pub fn run(registry: &Registry, args: &AnalyseArgs) -> anyhow::Result<()> {
    let mut game = args.game.create(registry, true)?;
    for mv in &args.moves {
        game.play(mv)?;
    }
    if let Some(engine) = &args.engine {
        game.set_engine(engine)?;
    }
    game.set_threads(args.threads);
    if let Some(outcome) = game.outcome() {
        anyhow::bail!("the game is over: {} ({})", outcome.result.as_text(), outcome.describe());
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let result = game.think(&limits, &stop, &mut |info| println!("{}", info_line(info)))?;
    println!("bestmove {}", result.best.unwrap_or_else(|| "(none)".into()));
    Ok(())
}
