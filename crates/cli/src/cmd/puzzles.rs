//! `spielwerk puzzles`: mining puzzles from self-play (see the `train`
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
    }
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
