//! `spielwerk match`: two engine programs play each other.

use crate::cmd::engine::name_value_pairs;
use crate::cmd::match_play::MatchPlayArgs;
use anyhow::{Context, bail};
use clap::Args;
use game::{Options, Registry};
use protocol::{
    ClockReport, Dialect, EngineSpec, GameReport, MIN_PAIRS, MatchResult, MatchSettings, MoveLimit, Opening,
    Pentanomial, Sprt, Standing, Tally, read_openings, run_match,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Arguments of `spielwerk match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game, the limit per move, the openings and the runner's rules.
    #[command(flatten)]
    pub play: MatchPlayArgs,
    /// An engine program's command line, run by the shell (at most two),
    /// e.g. "spielwerk uai --engine greedy". Each one not given is this
    /// program's own engine (`spielwerk uai`, or `spielwerk ugi --game
    /// GAME`), so `--option1 Threads=2` alone measures a setting of it.
    /// (Formerly `--engine`, which elsewhere names one of this program's
    /// engines; the old spelling still works.)
    #[arg(long = "program", alias = "engine", value_name = "COMMAND", num_args = 1)]
    pub engines: Vec<String>,
    /// How many games (at most, with --sprt); the engines change sides
    /// after every game.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Stop as soon as a sequential probability ratio test over game
    /// pairs decides: elo0=E0,elo1=E1,alpha=A,beta=B, any of them left out
    /// (defaults elo0=0,elo1=5,alpha=0.05,beta=0.05; logistic Elo of the first
    /// engine over the second). Prints a line per game pair; the test
    /// decides only from 10 pairs (20 games) on, and shows no LLR before.
    #[arg(long, value_name = "BOUNDS", num_args = 0..=1, default_missing_value = "")]
    pub sprt: Option<Sprt>,
    /// Go on with an SPRT that an earlier run of the same match left
    /// undecided (at its game cap, or stopped): that run's pair counts as
    /// it printed them, e.g. "[259, 125, 676, 130, 310]" (LL, LD, DD or
    /// WL, WD, WW). The test counts them with this run's pairs; --games
    /// caps this run's games.
    #[arg(long, value_name = "PENTA", requires = "sprt")]
    pub sprt_earlier: Option<Pentanomial>,
    /// An option for the first engine as NAME=VALUE, sent with
    /// `setoption` (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub option1: Vec<String>,
    /// An option for the second engine as NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub option2: Vec<String>,
    /// Append every game record to this file.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// How many games run at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
}

/// Plays the match, printing a line per game and the result.
pub fn run(registry: &Registry, args: &MatchArgs) -> anyhow::Result<()> {
    note_old_spelling();
    let play = &args.play;
    let own = own_engine(registry, &play.game, play.dialect())?;
    let (first, second) = match args.engines.as_slice() {
        [] => (own.clone(), own),
        [first] => (first.clone(), own),
        [first, second] => (first.clone(), second.clone()),
        more => bail!("give at most two --program commands (got {})", more.len()),
    };
    let limit = play.limit()?;
    let engines = [engine_spec(&first, &args.option1)?, engine_spec(&second, &args.option2)?];
    let mut settings = MatchSettings::new(&play.game, engines, limit);
    settings.games = args.games;
    settings.concurrency = args.concurrency;
    settings.sprt = args.sprt;
    settings.earlier_pairs = args.sprt_earlier.unwrap_or_default();
    play.apply(registry, &mut settings, args.games.div_ceil(2))?;
    let mut pgn = match &args.pgn {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot open {}", path.display()))?,
        ),
        None => None,
    };
    let openings = match (&play.openings, settings.openings.len()) {
        (Some(path), count) => format!("{count} openings from {}", path.display()),
        (None, 0) => "from the start".to_owned(),
        (None, count) => {
            format!("{count} openings of {} random plies (seed {})", play.random_plies, play.seed)
        }
    };
    println!(
        "{} games of {} at {limit} ({}), {} at a time, grace {} ms, {openings}{}{}",
        settings.games,
        play.game,
        settings.dialect,
        settings.concurrency,
        settings.grace.as_millis(),
        settings.sprt.map_or_else(String::new, |sprt| format!(", SPRT {sprt}")),
        earlier_note(&settings.earlier_pairs)
    );
    let so_far: Arc<Mutex<Option<MatchResult>>> = Arc::new(Mutex::new(None));
    let interrupted = Arc::new(AtomicBool::new(false));
    let test = settings.sprt.map(|sprt| (sprt, settings.earlier_pairs));
    summary_on_interrupt(&so_far, &interrupted, limit, test)?;
    let mut pgn_error = None;
    let outcome = run_match(registry, &settings, |report, standing| {
        if interrupted.load(Ordering::SeqCst) {
            return;
        }
        if let Ok(mut so_far) = so_far.lock() {
            *so_far = Some(result_so_far(report, standing));
        }
        match &test {
            Some((sprt, earlier)) if standing.completes_pair => {
                println!("{}", pair_line(sprt, &standing.pairs, earlier));
            }
            Some(_) => {}
            None => println!("{}", progress_line(report, &standing.tally, settings.games)),
        }
        if let Some(detail) = &report.detail {
            match settings.sprt {
                Some(_) => println!("    game {}: {detail}", report.number),
                None => println!("    {detail}"),
            }
        }
        if let Some(file) = pgn.as_mut()
            && let Err(error) = writeln!(file, "{}", report.record.to_text())
        {
            pgn_error.get_or_insert(error);
        }
    });
    if interrupted.load(Ordering::SeqCst) {
        // The interrupt's handler prints the summary and ends the program;
        // what the engines' ends did to the match no longer counts.
        loop {
            std::thread::park();
        }
    }
    let result = outcome?;
    if let Some(error) = pgn_error {
        return Err(error).context("cannot write the records");
    }
    print_summary(&result, limit, test.as_ref());
    Ok(())
}

/// An SPRT and the pairs of an earlier run it goes on from.
type Test = (Sprt, Pentanomial);

/// `, going on from 1500 earlier pairs [a, b, c, d, e]`, or nothing.
fn earlier_note(earlier: &Pentanomial) -> String {
    if earlier.pairs() == 0 {
        return String::new();
    }
    format!(", going on from {} earlier pairs {:?}", earlier.pairs(), earlier.counts)
}

/// The result lines: score, Elo, pairs, clocks and the SPRT's verdict
/// (this run's games, and the test's over the earlier pairs too).
fn print_summary(result: &MatchResult, limit: MoveLimit, test: Option<&Test>) {
    let [a, b] = &result.names;
    println!("{}", score_line(a, b, &result.tally));
    match result.tally.elo() {
        Some(elo) if elo.difference.is_finite() => println!("Elo difference: {elo} (95 % confidence)"),
        Some(elo) => println!("Elo difference: {elo} (one side scored every point)"),
        None => println!("Elo difference: none (no games)"),
    }
    if let Some(elo) = result.pairs.elo() {
        println!(
            "Pairs: {}, penta {:?}, Elo {elo} (95 %, from the pairs)",
            result.pairs.pairs(),
            result.pairs.counts
        );
    }
    if matches!(limit, MoveLimit::Clock(_)) {
        println!("{}", clock_line(result));
    }
    if let Some((sprt, earlier)) = test {
        println!("{}", sprt_line(sprt, result, earlier));
    }
}

/// The standing after `report` as a match result (no SPRT decision: the
/// runner stops on one itself).
fn result_so_far(report: &GameReport, standing: &Standing) -> MatchResult {
    MatchResult {
        names: report.engine_names(),
        tally: standing.tally,
        pairs: standing.pairs,
        clocks: standing.clocks,
        decision: None,
    }
}

/// On Ctrl-C, prints the summary of the games finished so far and ends
/// the program (exit code 130, as a shell reports an interrupt).
fn summary_on_interrupt(
    so_far: &Arc<Mutex<Option<MatchResult>>>,
    interrupted: &Arc<AtomicBool>,
    limit: MoveLimit,
    test: Option<Test>,
) -> anyhow::Result<()> {
    let (so_far, interrupted) = (Arc::clone(so_far), Arc::clone(interrupted));
    ctrlc::set_handler(move || {
        interrupted.store(true, Ordering::SeqCst);
        println!("\nInterrupted: the games finished so far");
        match so_far.lock().ok().and_then(|result| result.clone()) {
            Some(result) => print_summary(&result, limit, test.as_ref()),
            None => println!("no game finished"),
        }
        let _ = std::io::stdout().flush();
        std::process::exit(130);
    })
    .context("cannot catch Ctrl-C")
}

/// The openings in the file at `path`, for `game` with `options`.
pub(crate) fn openings_file(
    registry: &Registry,
    game: &str,
    options: &Options,
    path: &std::path::Path,
) -> anyhow::Result<Vec<Opening>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let entry = registry.get(game)?;
    let game = registry.create(entry.name, &entry.with_engine_defaults(options), None)?;
    read_openings(&text, game.as_ref())
        .map_err(anyhow::Error::msg)
        .with_context(|| path.display().to_string())
}

/// Says on standard error, when the command line gives an engine
/// program's command as `--engine COMMAND`, that it is `--program COMMAND`
/// now: `--engine` names one of this program's engines everywhere else.
pub(crate) fn note_old_spelling() {
    if std::env::args().any(|word| word == "--engine" || word.starts_with("--engine=")) {
        eprintln!(
            "note: an engine program's command is given as --program COMMAND now; --engine (which elsewhere \
             names one of this program's engines) still works here for a while"
        );
    }
}

/// The path this program was started from, quoted for the shell.
pub(crate) fn this_program() -> anyhow::Result<String> {
    let program = std::env::current_exe().context("cannot find this program to run its engine")?;
    let program = program.to_str().context("this program's path is not UTF-8")?;
    Ok(format!("'{}'", program.replace('\'', r"'\''")))
}

/// This program's own engine as a command line for the shell: `spielwerk
/// uai`, or `spielwerk ugi --game GAME`, by the path this program was
/// started from.
pub(crate) fn own_engine(registry: &Registry, game: &str, dialect: Dialect) -> anyhow::Result<String> {
    let quoted = this_program()?;
    Ok(match dialect {
        Dialect::Uai => format!("{quoted} uai"),
        Dialect::Ugi => format!("{quoted} ugi --game {}", registry.get(game)?.name),
    })
}

/// `count` openings of `plies` random legal moves from the start (the
/// match's options with the engine defaults), seeded by `seed`; a draw
/// that repeats an opening or ends the game is drawn again, a few times,
/// before a repeat is kept.
pub(crate) fn random_openings(
    registry: &Registry,
    options: &Options,
    game: &str,
    count: usize,
    plies: usize,
    seed: u64,
) -> anyhow::Result<Vec<Opening>> {
    let entry = registry.get(game)?;
    let start = registry.create(entry.name, &entry.with_engine_defaults(options), None)?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(count);
    while openings.len() < count {
        let mut best = None;
        for _ in 0..20 {
            let mut trial = start.clone_box();
            while trial.moves().len() < plies && trial.outcome().is_none() {
                let moves = trial.legal_moves();
                let Some(mv) = moves.choose(&mut rng) else { break };
                trial.play(mv)?;
            }
            if trial.outcome().is_some() {
                continue;
            }
            let moves = trial.moves();
            let fresh = !seen.contains(&moves);
            best = Some(moves);
            if fresh {
                break;
            }
        }
        let moves = best.context("no random opening leaves the game running; give --random-plies 0")?;
        seen.insert(moves.clone());
        openings.push(Opening { setup: None, moves });
    }
    Ok(openings)
}

pub(crate) fn engine_spec(command: &str, options: &[String]) -> anyhow::Result<EngineSpec> {
    let options = name_value_pairs(options)?;
    Ok(EngineSpec {
        command: command.to_owned(),
        options: options.into_iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect(),
    })
}

/// `Game 3/20: A vs B 1-0 (a player has no stones left) | A 2.5 - 0.5 B`.
fn progress_line(report: &GameReport, tally: &Tally, games: usize) -> String {
    let [p1, p2] = &report.players;
    let [a, b] = report.engine_names();
    format!(
        "Game {}/{games}: {p1} vs {p2} {} ({}) | {a} {} - {} {b}",
        report.number,
        report.outcome.result.as_text(),
        report.outcome.describe(),
        tally.points(),
        tally.reversed().points(),
    )
}

/// `24 games, W-L-D 10-8-6, penta [1, 3, 4, 3, 1], Elo +12.3 +/- 45.6,
/// LLR 0.12 (-2.94, 2.94)`: the games of the finished pairs. Going on
/// from `earlier` pairs, the counts, Elo and LLR are the whole test's:
/// `3024 games (3000 earlier), W-L-D of this run 10-8-6, penta […], …`.
fn pair_line(sprt: &Sprt, pairs: &Pentanomial, earlier: &Pentanomial) -> String {
    let games = pairs.games;
    let test = pairs.combined(earlier);
    let (lower, upper) = sprt.bounds();
    let llr = if test.pairs() < MIN_PAIRS {
        format!("LLR from {MIN_PAIRS} pairs on")
    } else {
        format!("LLR {:.2} ({lower:.2}, {upper:.2})", sprt.llr(&test))
    };
    let (count, wld) = if earlier.pairs() == 0 {
        (format!("{} games", test.pairs() * 2), "W-L-D")
    } else {
        (format!("{} games ({} earlier)", test.pairs() * 2, earlier.pairs() * 2), "W-L-D of this run")
    };
    format!(
        "{count}, {wld} {}-{}-{}, penta {:?}, Elo {}, {llr}",
        games.wins,
        games.losses,
        games.draws,
        test.counts,
        test.elo().map_or_else(|| "none".to_owned(), |elo| elo.to_string()),
    )
}

/// The line for a commit message: `SPRT elo0=0 elo1=5 alpha=0.05
/// beta=0.05: H1 accepted, 1234 games, W-L-D 400-300-534, penta [a, b, c,
/// d, e], Elo +12.3 +/- 8.1, LLR 2.96 (-2.94, 2.94)`.
fn sprt_line(sprt: &Sprt, result: &MatchResult, earlier: &Pentanomial) -> String {
    let verdict = result.decision.map_or_else(|| "no decision".to_owned(), |h| format!("{h} accepted"));
    format!("SPRT {sprt}: {verdict}, {}", pair_line(sprt, &result.pairs, earlier))
}

/// `time: A 0 losses on time, lowest clock 143 ms, used 93.1 % of its
/// time (least 71.0 % in a game); B …`: the share is what its moves took
/// of what its clock gave before its last move, over all games.
fn clock_line(result: &MatchResult) -> String {
    let engine = |name: &str, clock: &ClockReport| {
        let losses = if clock.time_losses == 1 { "loss" } else { "losses" };
        let lowest = clock.lowest.map_or_else(|| "none".to_owned(), |t| format!("{} ms", t.as_millis()));
        let used = match clock.least_time_use {
            Some(least) => format!(
                ", used {:.1} % of its time (least {:.1} % in a game)",
                clock.time_use.share() * 100.0,
                least.share() * 100.0
            ),
            None => String::new(),
        };
        format!("{name} {} {losses} on time, lowest clock {lowest}{used}", clock.time_losses)
    };
    let [a, b] = &result.names;
    format!("time: {}; {}", engine(a, &result.clocks[0]), engine(b, &result.clocks[1]))
}

/// `Score of A vs B: 12 - 5 - 3 [0.675] 20` (wins, losses, draws of A).
fn score_line(a: &str, b: &str, tally: &Tally) -> String {
    format!(
        "Score of {a} vs {b}: {} - {} - {} [{:.3}] {}",
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score().unwrap_or(0.0),
        tally.games()
    )
}
