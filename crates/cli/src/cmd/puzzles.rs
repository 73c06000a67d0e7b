//! `spielwerk puzzles`: mining puzzles from self-play, and recovering the
//! lead-ins of a set mined before they were recorded (see the `train`
//! crate's `puzzles` module and the `game` crate's puzzle set format).

use anyhow::Context;
use clap::{Args, Subcommand};
use game::Registry;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;
use train::puzzles::{self, Settings};

/// Arguments of `spielwerk puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

/// The subcommands of `spielwerk puzzles`.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Mine puzzles from self-play games of the game's engine.
    Mine(MineArgs),
    /// Give the puzzles of a set mined before lead-ins were recorded their
    /// lead-in (the opponent's move before the puzzle): replays the set's
    /// self-play games (the settings of its first line) without verifying
    /// anything, and writes the set back. The games replay only with the
    /// engine that mined them: run it at the commit the set was mined with.
    LeadIns(LeadInArgs),
}

/// Arguments of `spielwerk puzzles lead-ins`.
#[derive(Args, Debug)]
pub struct LeadInArgs {
    /// The puzzle set, read and written back.
    #[arg(long)]
    pub set: PathBuf,
    /// Replay at most this many self-play games.
    #[arg(long, default_value_t = 10_000)]
    pub games: usize,
    /// Games replayed at the same time.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Leave out the puzzles whose lead-in was not found (else they stay
    /// without one).
    #[arg(long)]
    pub drop_missing: bool,
}

/// Arguments of `spielwerk puzzles mine`.
#[derive(Args, Debug)]
pub struct MineArgs {
    /// The game (its puzzle rules: thresholds, depths, the clear gain).
    #[arg(long)]
    pub game: String,
    /// Stop after this many puzzles.
    #[arg(long, default_value_t = 200)]
    pub target: usize,
    /// Play at most this many self-play games.
    #[arg(long, default_value_t = 10_000)]
    pub games: usize,
    /// Games mined at the same time.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies from the start before the engine takes over.
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// The depth of the two-line scan of every position (default: the
    /// game's).
    #[arg(long)]
    pub scan_depth: Option<u32>,
    /// The depth of the verification of a candidate (default: the game's).
    #[arg(long)]
    pub verify_depth: Option<u32>,
    /// The least score gap between the best and the second-best move, in
    /// the scan and the verification (default: the game's).
    #[arg(long)]
    pub min_gap: Option<i32>,
    /// The puzzle file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs a `spielwerk puzzles` command.
pub fn run(registry: &Registry, args: &PuzzlesArgs) -> anyhow::Result<()> {
    match &args.command {
        PuzzlesCommand::Mine(args) => mine(registry, args),
        PuzzlesCommand::LeadIns(args) => lead_ins(registry, args),
    }
}

/// Recovers the lead-ins of a set, with a progress line on standard error:
/// each part of the set under its own settings line (a set may join
/// several runs, e.g. of other seeds) is replayed with those settings.
fn lead_ins(registry: &Registry, args: &LeadInArgs) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(&args.set).with_context(|| format!("cannot read {}", args.set.display()))?;
    let started = Instant::now();
    let mut written = String::new();
    let (mut found, mut missing) = (0, 0);
    for part in runs(&text) {
        let mut settings = puzzles::settings_of_set(part, args.games).with_context(|| {
            format!(
                "{}: a part does not start with the settings line of `spielwerk puzzles mine`",
                args.set.display()
            )
        })?;
        settings.threads = args.threads;
        let mut set = game::read_puzzles(part)?;
        let mut stderr = std::io::stderr();
        let recovery = puzzles::lead_ins(registry, &settings, &mut set, &mut |r| {
            let _ = write!(
                stderr,
                "\rseed {}: games {}  positions {}  lead-ins found {}  ({:.0} s)   ",
                settings.seed,
                r.games,
                r.positions,
                r.found,
                started.elapsed().as_secs_f64()
            );
        })?;
        eprintln!();
        found += recovery.found;
        for puzzle in set.iter().filter(|puzzle| puzzle.lead_in.is_none()) {
            eprintln!("no lead-in: {puzzle}");
            missing += 1;
        }
        if args.drop_missing {
            set.retain(|puzzle| puzzle.lead_in.is_some());
        }
        written.extend(part.lines().take_while(|line| line.starts_with('#')).map(|line| format!("{line}\n")));
        written.extend(set.iter().map(|puzzle| format!("{puzzle}\n")));
    }
    std::fs::write(&args.set, written).with_context(|| format!("cannot write {}", args.set.display()))?;
    println!(
        "{found} lead-ins found, {missing} missing{}, {} written in {:.1} s",
        if args.drop_missing { " and left out" } else { "" },
        args.set.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The parts of a set, each from a settings line of `spielwerk puzzles
/// mine` (or the set's start) to the next.
fn runs(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = text
        .match_indices("# spielwerk puzzles mine:")
        .map(|(at, _)| at)
        .filter(|&at| at == 0 || text[..at].ends_with('\n'))
        .collect();
    if starts.first() != Some(&0) {
        starts.insert(0, 0);
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, &at)| &text[at..starts.get(i + 1).copied().unwrap_or(text.len())])
        .collect()
}

/// Mines the puzzles, with a progress line on standard error.
fn mine(registry: &Registry, args: &MineArgs) -> anyhow::Result<()> {
    let mut settings = Settings::new(&args.game, args.target, args.games);
    settings.threads = args.threads;
    settings.seed = args.seed;
    settings.random_plies = args.random_plies;
    settings.scan_depth = args.scan_depth;
    settings.verify_depth = args.verify_depth;
    settings.min_gap = args.min_gap;
    let file = File::create(&args.out).with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut out = BufWriter::new(file);
    let started = Instant::now();
    let mut stderr = std::io::stderr();
    let progress = puzzles::mine(registry, &settings, &mut out, &mut |p| {
        let _ = write!(
            stderr,
            "\rgames {}  positions {}  candidates {}  puzzles {}/{}  ({:.0} s)   ",
            p.games,
            p.positions,
            p.candidates,
            p.puzzles,
            args.target,
            started.elapsed().as_secs_f64()
        );
    })
    .with_context(|| format!("mining puzzles into {}", args.out.display()))?;
    eprintln!();
    println!(
        "{} puzzles from {} games ({} positions, {} candidates) written to {} in {:.1} s",
        progress.puzzles,
        progress.games,
        progress.positions,
        progress.candidates,
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn a_set_of_several_runs_splits_at_their_settings_lines() {
        let set =
            "# spielwerk puzzles mine: game g seed 1\na\n# spielwerk puzzles mine: game g seed 2\nb\nc\n";
        assert_eq!(
            runs(set),
            [
                "# spielwerk puzzles mine: game g seed 1\na\n",
                "# spielwerk puzzles mine: game g seed 2\nb\nc\n"
            ]
        );
        assert_eq!(runs("a\n"), ["a\n"]);
    }
}
