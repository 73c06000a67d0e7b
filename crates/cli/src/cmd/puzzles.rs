//! `spielwerk puzzles`: mining puzzles from self-play (see the `train`
//! crate's `puzzles` module and the `game` crate's puzzle set format).

use crate::messages::decimals;
use anyhow::Context;
use clap::{Args, Subcommand};
use game::{Language, Registry, text};
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

/// Runs a `spielwerk puzzles` command, speaking `language`.
pub fn run(registry: &Registry, args: &PuzzlesArgs, language: Language) -> anyhow::Result<()> {
    match &args.command {
        PuzzlesCommand::Mine(args) => mine(registry, args, language),
    }
}

/// Mines the puzzles, with a progress line on standard error.
fn mine(registry: &Registry, args: &MineArgs, language: Language) -> anyhow::Result<()> {
    let mut settings = Settings::new(&args.game, args.target, args.games);
    settings.threads = args.threads;
    settings.seed = args.seed;
    settings.random_plies = args.random_plies;
    settings.scan_depth = args.scan_depth;
    settings.verify_depth = args.verify_depth;
    settings.min_gap = args.min_gap;
    let path = args.out.display();
    let file = File::create(&args.out).with_context(|| {
        text!("cannot create {path}", "{path} kann nicht angelegt werden").get(language).to_owned()
    })?;
    let mut out = BufWriter::new(file);
    let started = Instant::now();
    let mut stderr = std::io::stderr();
    let target = args.target;
    let progress = puzzles::mine(registry, &settings, &mut out, &mut |p| {
        let (games, positions, candidates, puzzles) = (p.games, p.positions, p.candidates, p.puzzles);
        let seconds = format!("{:.0}", started.elapsed().as_secs_f64());
        let line = text!(
            "games {games}  positions {positions}  candidates {candidates}  puzzles {puzzles}/{target}  ({seconds} s)",
            "Partien {games}  Stellungen {positions}  Kandidaten {candidates}  Rätsel {puzzles}/{target}  ({seconds} s)"
        );
        let _ = write!(stderr, "\r{}   ", line.get(language));
    })
    .with_context(|| text!("mining puzzles into {path}", "Rätselsuche für {path}").get(language).to_owned())?;
    eprintln!();
    let (puzzles, games, positions, candidates) =
        (progress.puzzles, progress.games, progress.positions, progress.candidates);
    let seconds = decimals(&format!("{:.1}", started.elapsed().as_secs_f64()), language);
    let summary = text!(
        "{puzzles} puzzles from {games} games ({positions} positions, {candidates} candidates) written to {path} in {seconds} s",
        "{puzzles} Rätsel aus {games} Partien ({positions} Stellungen, {candidates} Kandidaten) in {seconds} s nach {path} geschrieben"
    );
    println!("{}", summary.get(language));
    Ok(())
}
