//! `spielwerk match`: two engine programs play each other.

use crate::cmd::engine::name_value_pairs;
use crate::cmd::match_play::MatchPlayArgs;
use crate::messages::{Failure, counted_text, decimals};
use anyhow::{Context, bail};
use clap::Args;
use game::{Language, Options, Registry, text};
use protocol::{
    ClockReport, Dialect, EngineSpec, GameReport, MIN_INTERVAL_GAMES, MIN_INTERVAL_PAIRS, MIN_PAIRS,
    MatchResult, MatchSettings, MoveLimit, Opening, Pentanomial, Sprt, Standing, Tally, read_openings,
    run_match,
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
#[command(override_usage = "spielwerk match [OPTIONS] [GAME]\n       \
                            --tc <TC> | --movetime <MS> | --depth <DEPTH> | --nodes <NODES>")]
pub struct MatchArgs {
    /// The game, the limit per move, the openings and the runner's rules.
    #[command(flatten)]
    pub play: MatchPlayArgs,
    /// An engine program's command line, run by the shell (at most two),
    /// e.g. "spielwerk uai --engine greedy", or just the name of one of
    /// the game's own engines ("greedy"). Each one not given is this
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

/// Plays the match, printing a line per game and the result in
/// `language` (the records stay as they are).
pub fn run(registry: &Registry, args: &MatchArgs, language: Language) -> anyhow::Result<()> {
    note_old_spelling();
    if args.games == 0 {
        // Before the header, which would announce 0 games.
        let text = text!(
            "a match needs at least one game: --games 1 or more",
            "ein Match braucht mindestens eine Partie: --games 1 oder mehr"
        );
        return Err(Failure::usage(text).into());
    }
    let play = &args.play;
    let own = own_engine(registry, &play.game, play.dialect())?;
    let builtin = builtin_engines(registry, &play.game)?;
    let program = |given: &String| program_command(given, &own, &builtin);
    let (first, second) = match args.engines.as_slice() {
        [] => (own.clone(), own.clone()),
        [first] => (program(first), own.clone()),
        [first, second] => (program(first), program(second)),
        more => {
            let count = more.len();
            let message = text!(
                "give at most two --program commands (got {count})",
                "gib höchstens zwei --program-Befehle an (es sind {count})"
            );
            bail!("{}", message.get(language))
        }
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
        Some(path) => Some(OpenOptions::new().create(true).append(true).open(path).with_context(|| {
            let path = path.display();
            text!("cannot open {path}", "{path} lässt sich nicht öffnen").get(language).to_owned()
        })?),
        None => None,
    };
    println!("{}", header_line(&settings, play, limit, language));
    let so_far: Arc<Mutex<Option<MatchResult>>> = Arc::new(Mutex::new(None));
    let interrupted = Arc::new(AtomicBool::new(false));
    let test = settings.sprt.map(|sprt| (sprt, settings.earlier_pairs));
    summary_on_interrupt(&so_far, &interrupted, limit, test, language)?;
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
                println!("{}", pair_line(sprt, &standing.pairs, earlier, language));
            }
            Some(_) => {}
            None => println!("{}", progress_line(report, &standing.tally, settings.games, language)),
        }
        if let Some(detail) = &report.detail {
            match settings.sprt {
                Some(_) => {
                    let number = report.number;
                    println!(
                        "    {}",
                        text!("game {number}: {detail}", "Partie {number}: {detail}").get(language)
                    );
                }
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
        let message = text!("cannot write the records", "die Partien lassen sich nicht schreiben");
        return Err(error).context(message.get(language).to_owned());
    }
    print_summary(&result, limit, test.as_ref(), language);
    Ok(())
}

/// An SPRT and the pairs of an earlier run it goes on from.
type Test = (Sprt, Pentanomial);

/// The first line: `2 games of ataxx at depth 1 (uai), 1 at a time,
/// grace 100 ms, 1 opening of 4 random plies (seed 1)` in `language`.
fn header_line(
    settings: &MatchSettings,
    play: &MatchPlayArgs,
    limit: MoveLimit,
    language: Language,
) -> String {
    let openings = match (&play.openings, settings.openings.len()) {
        (Some(path), count) => {
            let (count, path) = (openings_counted(count), path.display());
            let (count_en, count_de) = (&count.en, &count.de);
            text!("{count_en} from {path}", "{count_de} aus {path}")
        }
        (None, 0) => text!("from the start", "von der Startstellung"),
        (None, count) => {
            let (count, plies, seed) = (openings_counted(count), play.random_plies, play.seed);
            let plies =
                counted_text(plies, ["random ply", "random plies"], ["Zufallshalbzug", "Zufallshalbzügen"]);
            let (count_en, count_de, plies_en, plies_de) = (&count.en, &count.de, &plies.en, &plies.de);
            text!("{count_en} of {plies_en} (seed {seed})", "{count_de} aus {plies_de} (Seed {seed})")
        }
    };
    let games = counted_text(settings.games, ["game", "games"], ["Partie", "Partien"]);
    let (game, dialect, at_once, grace) =
        (&play.game, settings.dialect, settings.concurrency, settings.grace.as_millis());
    let sprt = settings.sprt.map_or_else(String::new, |sprt| format!(", SPRT {sprt}"));
    let earlier = earlier_note(&settings.earlier_pairs, language);
    let (games_en, games_de, openings_en, openings_de) = (&games.en, &games.de, &openings.en, &openings.de);
    let limit = limit_text(limit, language);
    let line = text!(
        "{games_en} of {game} at {limit} ({dialect}), {at_once} at a time, grace {grace} ms, {openings_en}{sprt}{earlier}",
        "{games_de} {game} bei {limit} ({dialect}), {at_once} gleichzeitig, Nachfrist {grace} ms, {openings_de}{sprt}{earlier}"
    );
    let mut line = line.get(language).to_owned();
    // The options each engine is given, which may be all that tells them
    // apart.
    for (index, engine) in
        settings.engines.iter().enumerate().filter(|(_, engine)| !engine.options.is_empty())
    {
        let (number, set) = (index + 1, engine.options.iter().map(|(key, value)| format!("{key}={value}")));
        let set = set.collect::<Vec<_>>().join(" ");
        line.push_str(text!("; engine {number} with {set}", "; Engine {number} mit {set}").get(language));
    }
    line
}

/// `1 opening`, `3 openings` in both languages.
fn openings_counted(count: usize) -> game::Text {
    counted_text(count, ["opening", "openings"], ["Eröffnung", "Eröffnungen"])
}

/// How long a move may take, in `language`: `depth 3` / `Tiefe 3`.
fn limit_text(limit: MoveLimit, language: Language) -> String {
    let text = match limit {
        MoveLimit::Clock(control) => text!("{control}", "Uhr {control}"),
        MoveLimit::Movetime(time) => {
            let ms = time.as_millis();
            text!("movetime {ms}", "{ms} ms je Zug")
        }
        MoveLimit::Depth(depth) => text!("depth {depth}", "Tiefe {depth}"),
        MoveLimit::Nodes(nodes) => text!("nodes {nodes}", "{nodes} Knoten je Zug"),
    };
    decimals(text.get(language), language)
}

/// `, going on from 1500 earlier pairs [a, b, c, d, e]`, or nothing.
fn earlier_note(earlier: &Pentanomial, language: Language) -> String {
    if earlier.pairs() == 0 {
        return String::new();
    }
    let (pairs, counts) = (earlier_pairs(earlier.pairs()), earlier.counts);
    let (pairs_en, pairs_de) = (&pairs.en, &pairs.de);
    text!(", going on from {pairs_en} {counts:?}", ", fortgesetzt nach {pairs_de} {counts:?}")
        .get(language)
        .to_owned()
}

/// `1500 earlier pairs` / `1500 früheren Paaren`.
fn earlier_pairs(count: u32) -> game::Text {
    counted_text(count, ["earlier pair", "earlier pairs"], ["früheren Paar", "früheren Paaren"])
}

/// The result lines: score, Elo, pairs, clocks and the SPRT's verdict
/// (this run's games, and the test's over the earlier pairs too), in
/// `language`.
fn print_summary(result: &MatchResult, limit: MoveLimit, test: Option<&Test>, language: Language) {
    for line in summary_lines(result, limit, test, language) {
        println!("{line}");
    }
}

/// The lines [`print_summary`] prints.
fn summary_lines(
    result: &MatchResult,
    limit: MoveLimit,
    test: Option<&Test>,
    language: Language,
) -> Vec<String> {
    let [a, b] = &result.names;
    let mut lines = vec![score_line(a, b, &result.tally, language)];
    let elo_line = match result.tally.elo() {
        Some(elo) if elo.difference.is_finite() && elo.margin.is_none() => {
            let (elo_en, elo_de) = (elo.text().en, elo.text().de);
            let played = result.tally.games();
            if played < MIN_INTERVAL_GAMES {
                text!(
                    "Elo difference: {elo_en} (no 95 % interval before {MIN_INTERVAL_GAMES} games; {played} so far)",
                    "Elo-Differenz: {elo_de} (kein 95-%-Intervall vor {MIN_INTERVAL_GAMES} Partien; bisher {played})"
                )
            } else {
                text!(
                    "Elo difference: {elo_en} (no 95 % interval while every game ends alike)",
                    "Elo-Differenz: {elo_de} (kein 95-%-Intervall, solange jede Partie gleich ausgeht)"
                )
            }
        }
        Some(elo) if elo.difference.is_finite() => {
            text!("Elo difference: {elo} (95 % confidence)", "Elo-Differenz: {elo} (95 % Konfidenz)")
        }
        Some(elo) => text!(
            "Elo difference: {elo} (one side scored every point)",
            "Elo-Differenz: {elo} (eine Seite holte jeden Punkt)"
        ),
        None => text!("Elo difference: none (no games)", "Elo-Differenz: keine (keine Partien)"),
    };
    lines.push(decimals(elo_line.get(language), language));
    if let Some(elo) = result.pairs.elo() {
        let (pairs, counts) = (result.pairs.pairs(), result.pairs.counts);
        let (elo_en, elo_de) = (elo.text().en, elo.text().de);
        let line = if elo.difference.is_finite() && elo.margin.is_none() && pairs < MIN_INTERVAL_PAIRS {
            text!(
                "Pairs: {pairs}, penta {counts:?}, Elo {elo_en} (no 95 % interval before {MIN_INTERVAL_PAIRS} pairs)",
                "Paare: {pairs}, Penta {counts:?}, Elo {elo_de} (kein 95-%-Intervall vor {MIN_INTERVAL_PAIRS} Paaren)"
            )
        } else if elo.difference.is_finite() && elo.margin.is_none() {
            text!(
                "Pairs: {pairs}, penta {counts:?}, Elo {elo_en} (no 95 % interval while every pair scores alike)",
                "Paare: {pairs}, Penta {counts:?}, Elo {elo_de} (kein 95-%-Intervall, solange jedes Paar gleich ausgeht)"
            )
        } else {
            text!(
                "Pairs: {pairs}, penta {counts:?}, Elo {elo_en} (95 %, from the pairs)",
                "Paare: {pairs}, Penta {counts:?}, Elo {elo_de} (95 %, aus den Paaren)"
            )
        };
        lines.push(decimals(line.get(language), language));
    }
    if matches!(limit, MoveLimit::Clock(_)) {
        lines.push(clock_line(result, language));
    }
    if let Some((sprt, earlier)) = test {
        lines.push(sprt_line(sprt, result, earlier, language));
    }
    lines
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
    language: Language,
) -> anyhow::Result<()> {
    let (so_far, interrupted) = (Arc::clone(so_far), Arc::clone(interrupted));
    ctrlc::set_handler(move || {
        interrupted.store(true, Ordering::SeqCst);
        let interrupted_line =
            text!("Interrupted: the games finished so far", "Abgebrochen: die bis hier beendeten Partien");
        println!("\n{}", interrupted_line.get(language));
        match so_far.lock().ok().and_then(|result| result.clone()) {
            Some(result) => print_summary(&result, limit, test.as_ref(), language),
            None => println!("{}", text!("no game finished", "keine Partie beendet").get(language)),
        }
        let _ = std::io::stdout().flush();
        std::process::exit(130);
    })
    .context(text!("cannot catch Ctrl-C", "Strg-C lässt sich nicht abfangen").get(language).to_owned())
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

/// The names of the game's own engines (`alphabeta`, `greedy`, `random`, …).
fn builtin_engines(registry: &Registry, game: &str) -> anyhow::Result<Vec<&'static str>> {
    let entry = registry.get(game)?;
    Ok(registry.create(entry.name, &Options::new(), None)?.engines())
}

/// The command line of a `--program` value: a single word that names one
/// of the game's own engines (`--program greedy`, as `--engine greedy`
/// means in `play`) is this program's engine protocol with that engine
/// (`own` followed by `--engine NAME`); anything else is a command for the
/// shell as given.
fn program_command(given: &str, own: &str, builtin: &[&str]) -> String {
    let word = given.trim();
    if builtin.contains(&word) { format!("{own} --engine {word}") } else { given.to_owned() }
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

/// `Game 3/20: A vs B 1-0 (a player has no stones left) | A 2.5 - 0.5 B`
/// in `language`.
fn progress_line(report: &GameReport, tally: &Tally, games: usize, language: Language) -> String {
    let [p1, p2] = &report.players;
    let [a, b] = report.engine_names();
    let (number, result, why) =
        (report.number, report.outcome.result.as_text(), report.outcome.description());
    let ours = decimals(&tally.points().to_string(), language);
    let theirs = decimals(&tally.reversed().points().to_string(), language);
    let points = format!("{a} {ours} - {theirs} {b}");
    let (why_en, why_de) = (&why.en, &why.de);
    let line = text!(
        "Game {number}/{games}: {p1} vs {p2} {result} ({why_en}) | {points}",
        "Partie {number}/{games}: {p1} gegen {p2} {result} ({why_de}) | {points}"
    );
    line.get(language).to_owned()
}

/// `24 games, W-L-D 10-8-6, penta [1, 3, 4, 3, 1], Elo +12.3 +/- 45.6,
/// LLR 0.12 (-2.94, 2.94)`: the games of the finished pairs. Going on
/// from `earlier` pairs, the counts, Elo and LLR are the whole test's:
/// `3024 games (3000 earlier), W-L-D of this run 10-8-6, penta […], …`.
/// German: `S-N-R` (Siege, Niederlagen, Remis) and the decimal comma.
fn pair_line(sprt: &Sprt, pairs: &Pentanomial, earlier: &Pentanomial, language: Language) -> String {
    let games = pairs.games;
    let test = pairs.combined(earlier);
    let (lower, upper) = sprt.bounds();
    let llr = if test.pairs() < MIN_PAIRS {
        text!("LLR from {MIN_PAIRS} pairs on", "LLR ab {MIN_PAIRS} Paaren")
    } else {
        let llr = sprt.llr(&test);
        text!("LLR {llr:.2} ({lower:.2}, {upper:.2})", "LLR {llr:.2} ({lower:.2}; {upper:.2})")
    };
    let all = counted_text(test.pairs() * 2, ["game", "games"], ["Partie", "Partien"]);
    let (all_en, all_de) = (&all.en, &all.de);
    let count = if earlier.pairs() == 0 {
        text!("{all_en}, W-L-D", "{all_de}, S-N-R")
    } else {
        let before = earlier.pairs() * 2;
        text!(
            "{all_en} ({before} earlier), W-L-D of this run",
            "{all_de} ({before} frühere), S-N-R dieses Laufs"
        )
    };
    let (wins, losses, draws, counts) = (games.wins, games.losses, games.draws, test.counts);
    let elo = test.elo().map_or_else(|| text!("none", "keine"), |elo| elo.text());
    let (count_en, count_de, elo_en, elo_de, llr_en, llr_de) =
        (&count.en, &count.de, &elo.en, &elo.de, &llr.en, &llr.de);
    let line = text!(
        "{count_en} {wins}-{losses}-{draws}, penta {counts:?}, Elo {elo_en}, {llr_en}",
        "{count_de} {wins}-{losses}-{draws}, Penta {counts:?}, Elo {elo_de}, {llr_de}"
    );
    decimals(line.get(language), language)
}

/// The line for a commit message: `SPRT elo0=0 elo1=5 alpha=0.05
/// beta=0.05: H1 accepted, 1234 games, W-L-D 400-300-534, penta [a, b, c,
/// d, e], Elo +12.3 +/- 8.1, LLR 2.96 (-2.94, 2.94)` (German: the
/// bounds as given, the rest in words and numbers of German).
fn sprt_line(sprt: &Sprt, result: &MatchResult, earlier: &Pentanomial, language: Language) -> String {
    let verdict = match result.decision {
        Some(hypothesis) => text!("{hypothesis} accepted", "{hypothesis} angenommen"),
        None => text!("no decision", "keine Entscheidung"),
    };
    let pairs = pair_line(sprt, &result.pairs, earlier, language);
    format!("SPRT {sprt}: {}, {pairs}", verdict.get(language))
}

/// `time: A 0 losses on time, lowest clock 143 ms, used 93.1 % of its
/// time (least 71.0 % in a game); B 1 loss on time, lowest clock 0 ms, …`
/// in `language`: the share is what its moves took of what its clock gave
/// before its last move, over all games.
fn clock_line(result: &MatchResult, language: Language) -> String {
    let engine = |name: &str, clock: &ClockReport| {
        let losses =
            counted_text(clock.time_losses, ["loss", "losses"], ["Zeitniederlage", "Zeitniederlagen"]);
        let (losses_en, losses_de) = (&losses.en, &losses.de);
        let lowest = clock.lowest.map(|t| t.as_millis());
        let line = match lowest {
            Some(ms) => text!(
                "{name} {losses_en} on time, lowest clock {ms} ms",
                "{name} {losses_de}, knappste Uhr {ms} ms"
            ),
            None => text!(
                "{name} {losses_en} on time, no move made on the clock",
                "{name} {losses_de}, kein Zug auf der Uhr gemacht"
            ),
        };
        let mut line = line.get(language).to_owned();
        if let Some(least) = clock.least_time_use {
            let percent = |share: f64| decimals(&format!("{:.1}", share * 100.0), language);
            let (used, least) = (percent(clock.time_use.share()), percent(least.share()));
            let share = text!(
                ", used {used} % of its time (least {least} % in a game)",
                ", {used} % der Zeit genutzt (am wenigsten {least} % in einer Partie)"
            );
            line.push_str(share.get(language));
        }
        line
    };
    let [a, b] = &result.names;
    let (first, second) = (engine(a, &result.clocks[0]), engine(b, &result.clocks[1]));
    text!("time: {first}; {second}", "Zeit: {first}; {second}").get(language).to_owned()
}

/// `Score of A vs B: 12 - 5 - 3 [0.675] 20` (wins, losses, draws of A;
/// the form cutechess-cli prints) in `language`.
fn score_line(a: &str, b: &str, tally: &Tally, language: Language) -> String {
    let (wins, losses, draws, games) = (tally.wins, tally.losses, tally.draws, tally.games());
    let score = decimals(&format!("{:.3}", tally.score().unwrap_or(0.0)), language);
    let line = text!(
        "Score of {a} vs {b}: {wins} - {losses} - {draws} [{score}] {games}",
        "Ergebnis von {a} gegen {b}: {wins} - {losses} - {draws} [{score}] {games}"
    );
    line.get(language).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_that_is_the_name_of_an_own_engine_runs_this_programs_engine_with_it() {
        let own = "'/bin/spielwerk' uai";
        let builtin = ["alphabeta", "greedy", "random"];
        assert_eq!(program_command("greedy", own, &builtin), "'/bin/spielwerk' uai --engine greedy");
        assert_eq!(program_command(" random ", own, &builtin), "'/bin/spielwerk' uai --engine random");
        assert_eq!(program_command("./zataxx", own, &builtin), "./zataxx", "a program stays a program");
        assert_eq!(
            program_command("greedy --fast", own, &builtin),
            "greedy --fast",
            "a command line stays as given"
        );
    }

    #[test]
    fn the_score_and_clock_lines_speak_german_and_count_in_the_singular_for_one() {
        let tally = Tally { wins: 1, losses: 0, draws: 1 };
        assert_eq!(score_line("A", "B", &tally, Language::English), "Score of A vs B: 1 - 0 - 1 [0.750] 2");
        assert_eq!(
            score_line("A", "B", &tally, Language::German),
            "Ergebnis von A gegen B: 1 - 0 - 1 [0,750] 2"
        );
    }

    #[test]
    fn the_clock_line_gives_time_losses_lowest_clocks_and_time_use_in_both_languages() {
        let ms = std::time::Duration::from_millis;
        let used = protocol::TimeUse { spent: ms(931), usable: ms(1000) };
        let least = protocol::TimeUse { spent: ms(71), usable: ms(100) };
        let result = MatchResult {
            names: ["A".into(), "B".into()],
            tally: Tally::default(),
            pairs: Pentanomial::default(),
            clocks: [
                ClockReport {
                    time_losses: 0,
                    lowest: Some(ms(143)),
                    time_use: used,
                    least_time_use: Some(least),
                },
                ClockReport { time_losses: 1, ..ClockReport::default() },
            ],
            decision: None,
        };
        assert_eq!(
            clock_line(&result, Language::English),
            "time: A 0 losses on time, lowest clock 143 ms, used 93.1 % of its time (least 71.0 % in a game); \
             B 1 loss on time, no move made on the clock"
        );
        assert_eq!(
            clock_line(&result, Language::German),
            "Zeit: A 0 Zeitniederlagen, knappste Uhr 143 ms, 93,1 % der Zeit genutzt (am wenigsten 71,0 % in \
             einer Partie); B 1 Zeitniederlage, kein Zug auf der Uhr gemacht"
        );
    }

    #[test]
    fn few_pairs_show_no_interval_in_either_language() {
        // Four drawn games: two drawn pairs, no spread to speak of.
        let mut pairs = Pentanomial::default();
        pairs.add_pair(0.5, 0.5);
        pairs.add_pair(0.5, 0.5);
        let result = MatchResult {
            names: ["A".into(), "B".into()],
            tally: pairs.games,
            pairs,
            clocks: [ClockReport::default(), ClockReport::default()],
            decision: None,
        };
        let english = summary_lines(&result, MoveLimit::Depth(2), None, Language::English);
        assert_eq!(
            english[1..],
            [
                "Elo difference: +0.0 +/- n/a (no 95 % interval before 10 games; 4 so far)",
                "Pairs: 2, penta [0, 0, 2, 0, 0], Elo +0.0 +/- n/a (no 95 % interval before 5 pairs)"
            ]
        );
        let german = summary_lines(&result, MoveLimit::Depth(2), None, Language::German);
        assert_eq!(
            german[1..],
            [
                "Elo-Differenz: +0,0 +/- k. A. (kein 95-%-Intervall vor 10 Partien; bisher 4)",
                "Paare: 2, Penta [0, 0, 2, 0, 0], Elo +0,0 +/- k. A. (kein 95-%-Intervall vor 5 Paaren)"
            ]
        );
        // Enough games and pairs, all drawn: still no spread.
        let mut drawn = Pentanomial::default();
        for _ in 0..5 {
            drawn.add_pair(0.5, 0.5);
        }
        let all_drawn = MatchResult { tally: drawn.games, pairs: drawn, ..result.clone() };
        let lines = summary_lines(&all_drawn, MoveLimit::Depth(2), None, Language::English);
        assert!(lines[1].ends_with("(no 95 % interval while every game ends alike)"), "{lines:?}");
        assert!(lines[2].ends_with("(no 95 % interval while every pair scores alike)"), "{lines:?}");
        // Enough pairs that differ: an interval.
        for (first, second) in [(1.0, 0.5), (0.5, 0.0), (1.0, 0.0), (0.5, 0.5), (1.0, 1.0)] {
            pairs.add_pair(first, second);
        }
        let result = MatchResult { tally: pairs.games, pairs, ..result };
        let lines = summary_lines(&result, MoveLimit::Depth(2), None, Language::English);
        assert!(lines[2].ends_with("(95 %, from the pairs)") && !lines[2].contains("n/a"), "{lines:?}");
    }

    #[test]
    fn the_limit_is_said_in_german() {
        assert_eq!(limit_text(MoveLimit::Depth(3), Language::German), "Tiefe 3");
        assert_eq!(limit_text(MoveLimit::Depth(3), Language::English), "depth 3");
        let openings = openings_counted(1);
        assert_eq!((openings.en.as_str(), openings.de.as_str()), ("1 opening", "1 Eröffnung"));
    }
}
