//! `spielwerk perft`.

use crate::args::GameArgs;
use crate::messages::{counted_text, decimals, write_line};
use clap::Args;
use game::{Language, Registry, text};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

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
/// timing, progress and errors in `language`.
pub fn run(registry: &Registry, args: &PerftArgs, language: Language) -> anyhow::Result<()> {
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
                eprint!("\r{}", progress_line(index + 1, moves.len(), total, start.elapsed(), language));
                std::io::stderr().flush()?;
            }
        }
        if progress {
            eprint!("\r\x1b[K");
        }
        total
    };
    let elapsed = start.elapsed();
    write_line(total)?;
    eprintln!("{}", timing_line(total, elapsed, language));
    Ok(())
}

/// `3/14 first moves, 315994 nodes, 1.2 s` in `language`.
fn progress_line(
    done: usize,
    first_moves: usize,
    total: u64,
    elapsed: Duration,
    language: Language,
) -> String {
    let seconds = elapsed.as_secs_f64();
    let nodes = counted_text(total, ["node", "nodes"], ["Knoten", "Knoten"]);
    let nodes = nodes.get(language);
    let line = text!(
        "{done}/{first_moves} first moves, {nodes}, {seconds:.1} s",
        "{done}/{first_moves} erste Züge, {nodes}, {seconds:.1} s"
    );
    decimals(line.get(language), language)
}

/// `0.020 s, 315994 nodes/s` in `language`.
fn timing_line(total: u64, elapsed: Duration, language: Language) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = total as f64 / seconds.max(1e-9);
    let line = text!("{seconds:.3} s, {rate:.0} nodes/s", "{seconds:.3} s, {rate:.0} Knoten/s");
    decimals(line.get(language), language)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_and_progress_speak_german_with_the_decimal_comma() {
        let elapsed = Duration::from_millis(1500);
        assert_eq!(timing_line(3000, elapsed, Language::German), "1,500 s, 2000 Knoten/s");
        assert_eq!(timing_line(3000, elapsed, Language::English), "1.500 s, 2000 nodes/s");
        assert_eq!(progress_line(1, 14, 1, elapsed, Language::English), "1/14 first moves, 1 node, 1.5 s");
        assert_eq!(progress_line(2, 14, 9, elapsed, Language::German), "2/14 erste Züge, 9 Knoten, 1,5 s");
    }
}
