//! `spielwerk perft`.

use crate::args::GameArgs;
use crate::messages::write_line;
use clap::Args;
use game::Registry;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Arguments of `spielwerk perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Depth in plies.
    pub depth: u32,
}

/// Counts and prints; the total is the last line of standard output.
/// Timing goes to standard error, with progress when it is a terminal;
/// errors in `language`.
pub fn run(registry: &Registry, args: &PerftArgs, language: game::Language) -> anyhow::Result<()> {
    let game = args
        .game
        .create(registry, true)
        .map_err(|error| anyhow::anyhow!("{}", crate::messages::game_error_text(&error).get(language)))?;
    let start = Instant::now();
    let total = if args.depth == 0 {
        game.perft(0)
    } else {
        let moves = game.legal_moves();
        let progress = std::io::stderr().is_terminal() && !args.divide;
        let mut total = 0;
        // One first move at a time, so that progress shows as each is done.
        for (index, mv) in moves.iter().enumerate() {
            let mut child = game.clone_box();
            child.play(mv)?;
            let nodes = child.perft(args.depth - 1);
            total += nodes;
            if args.divide {
                write_line(format_args!("{mv}: {nodes}"))?;
            } else if progress {
                let seconds = start.elapsed().as_secs_f64();
                eprint!("\r{}/{} first moves, {total} nodes, {seconds:.1} s", index + 1, moves.len());
                std::io::stderr().flush()?;
            }
        }
        if progress {
            eprint!("\r\x1b[K");
        }
        total
    };
    let elapsed = start.elapsed();
    let nps = total as f64 / elapsed.as_secs_f64().max(1e-9);
    write_line(total)?;
    eprintln!("{:.3} s, {:.0} nodes/s", elapsed.as_secs_f64(), nps);
    Ok(())
}
