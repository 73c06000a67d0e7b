//! `spielwerk analyse`.

use crate::args::GameArgs;
use crate::messages::write_line;
use clap::Args;
use game::{Limits, Registry};
use protocol::{MAX_MULTIPV, info_line, multipv_info_line, play_words};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Arguments of `spielwerk analyse`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Moves to play from the position before analysing (a move of
    /// several words, such as Amakta's `place 000111 e1 110001`, may be
    /// given as one token, `place_000111_e1_110001`, or word by word).
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
    /// Report this many best lines, each `info` line numbered `multipv K`
    /// (as the engine protocols' `MultiPV` option).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_MULTIPV)))]
    pub multipv: u32,
}

/// Analyses and prints `info` lines and the best move.
pub fn run(registry: &Registry, args: &AnalyseArgs) -> anyhow::Result<()> {
    let mut game = args.game.create(registry, true)?;
    let words: Vec<&str> = args.moves.iter().flat_map(|mv| mv.split_whitespace()).collect();
    play_words(game.as_mut(), &words)?;
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
        multipv: args.multipv,
        ..Limits::default()
    };
    let line_of = if limits.lines() > 1 { multipv_info_line } else { info_line };
    let stop = AtomicBool::new(false);
    // A line that cannot be written stops the search, and is the error.
    let mut failed = None;
    let result = game.think(&limits, &stop, &mut |info| {
        if failed.is_none()
            && let Err(error) = write_line(line_of(info))
        {
            failed = Some(error);
            stop.store(true, Ordering::Release);
        }
    })?;
    if let Some(error) = failed {
        return Err(error.into());
    }
    // One token, as the protocols write it (Amakta: `place_000111_e1_110001`).
    write_line(format_args!(
        "bestmove {}",
        result.best.map_or_else(|| "(none)".into(), |best| game::move_token(&best))
    ))?;
    Ok(())
}
