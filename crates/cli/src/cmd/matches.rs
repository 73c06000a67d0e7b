//! `spielwerk match`: two engine programs play each other.

use crate::cmd::engine::name_value_pairs;
use anyhow::{Context, bail};
use clap::{ArgGroup, Args};
use game::{Options, Registry};
use protocol::{
    Dialect, EngineSpec, GameReport, MatchSettings, MoveLimit, Tally, TimeControl, read_openings, run_match,
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
    /// How many games; the engines change sides after every game.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
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
    /// loses on time.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub grace: u64,
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
    settings.grace = Duration::from_millis(args.grace);
    settings.max_plies = args.max_plies;
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
        "{} games of {} at {limit} ({}), {} at a time",
        settings.games, args.game, settings.dialect, settings.concurrency
    );
    let mut pgn_error = None;
    let result = run_match(registry, &settings, |report, tally| {
        println!("{}", progress_line(report, tally, settings.games));
        if let Some(detail) = &report.detail {
            println!("    {detail}");
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
