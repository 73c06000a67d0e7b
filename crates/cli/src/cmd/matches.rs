//! `spielwerk match`: two engine programs play each other.

use crate::cmd::engine::name_value_pairs;
use anyhow::{Context, bail};
use clap::{ArgGroup, Args};
use game::{Options, Registry};
use protocol::{
    ClockReport, Dialect, EngineSpec, GameReport, MatchResult, MatchSettings, MoveLimit, Pentanomial, Sprt,
    Tally, TimeControl, read_openings, run_match,
};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `spielwerk match`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("limit").required(true).args(["tc", "movetime", "depth", "nodes"])))]
pub struct MatchArgs {
    /// The game; Spielwerk's rules (with the engine defaults, e.g. Ataxx's
    /// community rules) judge every move.
    #[arg(long, default_value = "ataxx")]
    pub game: String,
    /// An engine's command line, run by the shell (give two), e.g.
    /// "spielwerk uai" and "spielwerk uai --engine greedy".
    #[arg(long = "engine", value_name = "COMMAND", required = true)]
    pub engines: Vec<String>,
    /// How many games (at most, with --sprt); the engines change sides
    /// after every game.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Stop as soon as a sequential probability ratio test over game
    /// pairs decides: [elo0=E0][,elo1=E1][,alpha=A][,beta=B] (defaults
    /// elo0=0,elo1=5,alpha=0.05,beta=0.05; logistic Elo of the first
    /// engine over the second). Prints a line per game pair.
    #[arg(long, value_name = "BOUNDS", num_args = 0..=1, default_missing_value = "")]
    pub sprt: Option<Sprt>,
    /// A clock per player: [MOVES/]SECONDS[+INCREMENT], e.g. 8+0.08.
    #[arg(long, value_name = "TC")]
    pub tc: Option<TimeControl>,
    /// A fixed time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// A fixed depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// A fixed number of nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Openings file: one opening a line, position text or moves from the
    /// start; each is played twice, once from each side.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Ruleset (Ataxx: community, the default in matches, or seed).
    #[arg(long)]
    pub rules: Option<String>,
    /// Any other game option as NAME=VALUE (repeatable).
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
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
    /// The protocol the engines speak (default: uai for Ataxx, ugi for the
    /// other games).
    #[arg(long)]
    pub protocol: Option<Dialect>,
    /// How many milliseconds an engine may overstep its time before it
    /// loses on time [default: 0 with --tc, 100 otherwise].
    #[arg(long, value_name = "MS")]
    pub grace: Option<u64>,
    /// Declare a draw after this many moves.
    #[arg(long, value_name = "PLIES")]
    pub max_plies: Option<usize>,
}

/// Plays the match, printing a line per game and the result.
pub fn run(registry: &Registry, args: &MatchArgs) -> anyhow::Result<()> {
    let [first, second] = args.engines.as_slice() else {
        bail!("give exactly two --engine commands (got {})", args.engines.len());
    };
    let limit = match (&args.tc, args.movetime, args.depth, args.nodes) {
        (Some(tc), ..) => MoveLimit::Clock(*tc),
        (_, Some(ms), ..) => MoveLimit::Movetime(Duration::from_millis(ms)),
        (_, _, Some(depth), _) => MoveLimit::Depth(depth),
        (_, _, _, Some(nodes)) => MoveLimit::Nodes(nodes),
        _ => bail!("give --tc, --movetime, --depth or --nodes"),
    };
    let engines = [engine_spec(first, &args.option1)?, engine_spec(second, &args.option2)?];
    let mut settings = MatchSettings::new(&args.game, engines, limit);
    settings.options = Options::from_pairs(name_value_pairs(&args.options)?);
    if let Some(rules) = &args.rules {
        settings.options.set("rules", rules);
    }
    settings.games = args.games;
    settings.concurrency = args.concurrency;
    if let Some(grace) = args.grace {
        settings.grace = Duration::from_millis(grace);
    }
    settings.max_plies = args.max_plies;
    settings.sprt = args.sprt;
    if let Some(protocol) = args.protocol {
        settings.dialect = protocol;
    }
    if let Some(path) = &args.openings {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let entry = registry.get(&args.game)?;
        let game = registry.create(entry.name, &entry.with_engine_defaults(&settings.options), None)?;
        settings.openings = read_openings(&text, game.as_ref())
            .map_err(anyhow::Error::msg)
            .with_context(|| path.display().to_string())?;
    }
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
    println!(
        "{} games of {} at {limit} ({}), {} at a time, grace {} ms{}",
        settings.games,
        args.game,
        settings.dialect,
        settings.concurrency,
        settings.grace.as_millis(),
        settings.sprt.map_or_else(String::new, |sprt| format!(", SPRT {sprt}"))
    );
    let mut pgn_error = None;
    let result = run_match(registry, &settings, |report, standing| {
        match &settings.sprt {
            Some(sprt) if standing.completes_pair => println!("{}", pair_line(sprt, &standing.pairs)),
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
    })?;
    if let Some(error) = pgn_error {
        return Err(error).context("cannot write the records");
    }
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
        println!("{}", clock_line(&result));
    }
    if let Some(sprt) = &settings.sprt {
        println!("{}", sprt_line(sprt, &result));
    }
    Ok(())
}

fn engine_spec(command: &str, options: &[String]) -> anyhow::Result<EngineSpec> {
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
/// LLR 0.12 (-2.94, 2.94)`: the games of the finished pairs.
fn pair_line(sprt: &Sprt, pairs: &Pentanomial) -> String {
    let games = pairs.games;
    let (lower, upper) = sprt.bounds();
    format!(
        "{} games, W-L-D {}-{}-{}, penta {:?}, Elo {}, LLR {:.2} ({lower:.2}, {upper:.2})",
        pairs.pairs() * 2,
        games.wins,
        games.losses,
        games.draws,
        pairs.counts,
        pairs.elo().map_or_else(|| "none".to_owned(), |elo| elo.to_string()),
        sprt.llr(pairs),
    )
}

/// The line for a commit message: `SPRT elo0=0 elo1=5 alpha=0.05
/// beta=0.05: H1 accepted, 1234 games, W-L-D 400-300-534, penta [a, b, c,
/// d, e], Elo +12.3 +/- 8.1, LLR 2.96 (-2.94, 2.94)`.
fn sprt_line(sprt: &Sprt, result: &MatchResult) -> String {
    let verdict = result.decision.map_or_else(|| "no decision".to_owned(), |h| format!("{h} accepted"));
    format!("SPRT {sprt}: {verdict}, {}", pair_line(sprt, &result.pairs))
}

/// `time: A 0 losses, lowest clock 143 ms; B 1 loss, lowest clock 0 ms`.
fn clock_line(result: &MatchResult) -> String {
    let engine = |name: &str, clock: &ClockReport| {
        let losses = if clock.time_losses == 1 { "loss" } else { "losses" };
        let lowest = clock.lowest.map_or_else(|| "none".to_owned(), |t| format!("{} ms", t.as_millis()));
        format!("{name} {} {losses} on time, lowest clock {lowest}", clock.time_losses)
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
