//! `spielwerk analyse`.

use crate::args::GameArgs;
use crate::messages::write_line;
use crate::session::announce;
use crate::session::search::{for_first_player, show_score};
use clap::Args;
use game::{DynGame, Language, Limits, Player, Registry, ThinkResult, text};
use protocol::{MAX_MULTIPV, info_line, multipv_info_line, play_words};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Arguments of `spielwerk analyse`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime", "nodes"])))]
#[command(override_usage = "spielwerk analyse [OPTIONS] <GAME>\n       \
                            --depth <DEPTH> | --movetime <MOVETIME> | --nodes <NODES>")]
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

/// Analyses and prints `info` lines and the best move; a line for a
/// person on standard error says it in words.
pub fn run(registry: &Registry, args: &AnalyseArgs, language: Language) -> anyhow::Result<()> {
    let mut game = args.game.create(registry, true)?;
    let words: Vec<&str> = args.moves.iter().flat_map(|mv| mv.split_whitespace()).collect();
    play_words(game.as_mut(), &words)?;
    if let Some(engine) = &args.engine {
        game.set_engine(engine)?;
    }
    game.set_threads(args.threads);
    if let Some(outcome) = game.outcome() {
        let over = announce(game.as_ref(), &outcome);
        let (en, de) = (over.en, over.de);
        let refusal = text!("{en} There is nothing to analyse.", "{de} Es gibt nichts zu analysieren.");
        anyhow::bail!("{}", refusal.get(language));
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
        result.best.as_ref().map_or_else(|| "(none)".into(), |best| game::move_token(best))
    ))?;
    if let Some(summary) = summary(game.as_ref(), &result, language) {
        // Standard output keeps the protocol's lines, `bestmove` last.
        let _ = writeln!(std::io::stderr(), "{summary}");
    }
    Ok(())
}

/// "Best move f2 · Red +0.02 (depth 6)": the result as a person reads it,
/// the score from the first player's view as in a terminal game.
fn summary(game: &dyn DynGame, result: &ThinkResult, language: Language) -> Option<String> {
    let best = result.best.as_deref()?;
    let info = result.info.as_ref()?;
    let first = game.player_name(Player::P1).get(language);
    let score = show_score(for_first_player(info.score, game.side_to_move() == Player::P1), language);
    let depth = info.depth;
    let line = text!(
        "Best move {best} · {first} {score} (depth {depth})",
        "Bester Zug {best} · {first} {score} (Tiefe {depth})"
    );
    Some(line.get(language).to_owned())
}
