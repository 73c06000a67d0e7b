//! `spielwerk perft`.

use crate::args::GameArgs;
use crate::messages::{decimals, grouped, write_line};
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
    let game = args.game.create(registry, true)?;
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

/// `3/14 first moves, 315,994 nodes, 1.2 s` in `language`.
fn progress_line(
    done: usize,
    first_moves: usize,
    total: u64,
    elapsed: Duration,
    language: Language,
) -> String {
    let seconds = decimals(&format!("{:.1}", elapsed.as_secs_f64()), language);
    let count = grouped(total, language);
    let nodes =
        if total == 1 { text!("1 node", "1 Knoten") } else { text!("{count} nodes", "{count} Knoten") };
    let nodes = nodes.get(language);
    let line = text!(
        "{done}/{first_moves} first moves, {nodes}, {seconds} s",
        "{done}/{first_moves} erste Züge, {nodes}, {seconds} s"
    );
    line.get(language).to_owned()
}

/// The shortest time whose rate is shown: below a millisecond the time
/// shows as `0.000 s` and a rate from it would be noise.
const MEASURABLE: Duration = Duration::from_millis(1);

/// `0.020 s, 315,994 nodes/s` in `language`; below [`MEASURABLE`] the
/// time as `< 0.001 s` and no rate.
fn timing_line(total: u64, elapsed: Duration, language: Language) -> String {
    if elapsed < MEASURABLE {
        let line = text!(
            "< 0.001 s (too quick to measure a rate)",
            "< 0.001 s (zu schnell, um eine Rate zu messen)"
        );
        return decimals(line.get(language), language);
    }
    let seconds = elapsed.as_secs_f64();
    // Whole nodes per second; the float-to-integer cast saturates.
    let rate = grouped((total as f64 / seconds).round() as u64, language);
    let seconds = decimals(&format!("{seconds:.3}"), language);
    let line = text!("{seconds} s, {rate} nodes/s", "{seconds} s, {rate} Knoten/s");
    line.get(language).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_and_progress_speak_german_with_the_decimal_comma() {
        let elapsed = Duration::from_millis(1500);
        assert_eq!(timing_line(3000, elapsed, Language::German), "1,500 s, 2.000 Knoten/s");
        assert_eq!(timing_line(3000, elapsed, Language::English), "1.500 s, 2,000 nodes/s");
        assert_eq!(progress_line(1, 14, 1, elapsed, Language::English), "1/14 first moves, 1 node, 1.5 s");
        assert_eq!(progress_line(2, 14, 9, elapsed, Language::German), "2/14 erste Züge, 9 Knoten, 1,5 s");
    }

    #[test]
    fn counts_and_rates_group_their_thousands() {
        let elapsed = Duration::from_secs(2);
        assert_eq!(timing_line(1_557_104_900, elapsed, Language::German), "2,000 s, 778.552.450 Knoten/s");
        assert_eq!(timing_line(1_557_104_900, elapsed, Language::English), "2.000 s, 778,552,450 nodes/s");
        assert_eq!(
            progress_line(3, 14, 315_994, elapsed, Language::German),
            "3/14 erste Züge, 315.994 Knoten, 2,0 s"
        );
        assert_eq!(
            progress_line(3, 14, 315_994, elapsed, Language::English),
            "3/14 first moves, 315,994 nodes, 2.0 s"
        );
    }

    #[test]
    fn a_time_too_short_to_measure_gives_no_rate() {
        let line = timing_line(778_552, Duration::from_micros(300), Language::German);
        assert_eq!(line, "< 0,001 s (zu schnell, um eine Rate zu messen)");
        let line = timing_line(778_552, Duration::ZERO, Language::English);
        assert!(!line.contains("nodes/s"), "{line}");
    }
}
