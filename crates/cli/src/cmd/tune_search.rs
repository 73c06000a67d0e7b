//! `spielwerk tune-search`: SPSA tuning of an engine's search constants
//! (its spin options) by game pairs of the match runner.

use crate::cmd::match_play::MatchPlayArgs;
use crate::cmd::matches::{engine_spec, note_old_spelling, own_engine};
use crate::messages::decimals;
use clap::Args;
use game::{Language, Registry, text};
use protocol::{MatchSettings, PairResult, Spsa, SpsaParam, SpsaSettings, Trial, spin_options, tune_search};
use std::path::PathBuf;

/// The most random openings drawn for a run without an openings file.
const MAX_RANDOM_OPENINGS: usize = 500;

/// Arguments of `spielwerk tune-search`.
#[derive(Args, Debug)]
pub struct TuneSearchArgs {
    /// The game, the limit per move, the openings (each iteration plays
    /// one from both sides; without a file, up to 500 random ones) and the
    /// runner's rules.
    #[command(flatten)]
    pub play: MatchPlayArgs,
    /// The engine program's command line, run by the shell (default: this
    /// program's own engine, `spielwerk uai` or `spielwerk ugi --game
    /// GAME`). (Formerly `--engine`, which still works.)
    #[arg(long = "program", alias = "engine", value_name = "COMMAND")]
    pub program: Option<String>,
    /// A spin option to tune (repeatable): NAME takes start, range and
    /// step from the engine's option list (step c = a twentieth of the
    /// range, at least 1; rate r = 0.002); NAME=start,min,max,c,r
    /// overrides them (empty fields keep them), e.g. LmrDivisor=,,,10.
    #[arg(long = "param", value_name = "NAME[=start,min,max,c,r]", required = true)]
    pub params: Vec<String>,
    /// How many iterations, each one game pair.
    #[arg(long, default_value_t = 1000)]
    pub iterations: usize,
    /// The state file, written after every iteration; a rerun with the
    /// same parameters, iterations and seed resumes from it.
    #[arg(long, value_name = "FILE", default_value = "tune-search.state")]
    pub state: PathBuf,
    /// An option for the engine on both sides as NAME=VALUE, sent with
    /// `setoption` before the tuned values (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub engine_option: Vec<String>,
    /// How many game pairs run at the same time (each drawn from the
    /// values before them; a resumed run repeats an uninterrupted one
    /// exactly only at 1).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
}

/// Runs (or resumes) the tuning, printing a line per iteration and the
/// final values, speaking `language` (the `setoption` lines and the
/// defaults line, for engines and code, stay as they are).
pub fn run(registry: &Registry, args: &TuneSearchArgs, language: Language) -> anyhow::Result<()> {
    note_old_spelling();
    let template = match_template(registry, args)?;
    let offered = spin_options(registry, &template)?;
    let params =
        args.params.iter().map(|text| SpsaParam::parse(text, &offered)).collect::<Result<Vec<_>, _>>()?;
    let settings = SpsaSettings { params, iterations: args.iterations, seed: args.play.seed };
    let mut spsa = Spsa::resume_or_start(&args.state, settings)?;
    let names: Vec<&str> = spsa.settings.params.iter().map(|param| param.name.as_str()).collect();
    let (names, iterations, game) = (names.join(", "), spsa.settings.iterations, &args.play.game);
    let (limit, dialect, at_once) = (&template.limit, template.dialect, args.concurrency.max(1));
    let (openings, state) = (template.openings.len().max(1), args.state.display());
    let line = text!(
        "SPSA of {names} over {iterations} game pairs of {game} at {limit} ({dialect}), {at_once} at a time, \
         {openings} openings, state {state}",
        "SPSA von {names} über {iterations} Partiepaare {game} bei {limit} ({dialect}), {at_once} gleichzeitig, \
         {openings} Eröffnungen, Zustand in {state}"
    );
    println!("{}", line.get(language));
    for param in &spsa.settings.params {
        let (name, start, min, max, step) = (&param.name, param.start, param.min, param.max, param.step);
        let rate = decimals(&param.rate.to_string(), language);
        let start = decimals(&start.to_string(), language);
        let step = decimals(&step.to_string(), language);
        let line = text!(
            "  {name}: start {start}, range {min}..={max}, c {step}, r {rate}",
            "  {name}: Start {start}, Bereich {min}..={max}, c {step}, r {rate}"
        );
        println!("{}", line.get(language));
    }
    if spsa.done > 0 {
        let done = spsa.done;
        let line =
            text!("resuming after iteration {done} from {state}", "weiter nach Iteration {done} aus {state}");
        println!("{}", line.get(language));
    }
    tune_search(registry, &template, &mut spsa, args.concurrency, &args.state, |spsa, trial, result| {
        println!("{}", progress_line(spsa, trial, result, language));
    })?;
    let done = spsa.done;
    println!(
        "{}",
        text!("final values after {done} iterations:", "Endwerte nach {done} Iterationen:").get(language)
    );
    for line in spsa.setoption_lines() {
        println!("{line}");
    }
    let line = text!(
        "as the game's own search defaults (its SEARCH_DEFAULTS):",
        "als eigene Suchvorgaben des Spiels (seine SEARCH_DEFAULTS):"
    );
    println!("{}", line.get(language));
    println!("{}", spsa.defaults_line());
    Ok(())
}

/// The match every game pair is played in: the engine (against itself),
/// the limit, the game and its options, the openings.
fn match_template(registry: &Registry, args: &TuneSearchArgs) -> anyhow::Result<MatchSettings> {
    let play = &args.play;
    let command = match &args.program {
        Some(command) => command.clone(),
        None => own_engine(registry, &play.game, play.dialect())?,
    };
    let engine = engine_spec(&command, &args.engine_option)?;
    let mut settings = MatchSettings::new(&play.game, [engine.clone(), engine], play.limit()?);
    play.apply(registry, &mut settings, args.iterations.clamp(1, MAX_RANDOM_OPENINGS))?;
    Ok(settings)
}

/// `iteration 17/200: LmrDivisor 231.74, LmrBase 49.02 | pair 2-0-0 at
/// LmrDivisor 252/211, LmrBase 59/39 | θ+ so far 10-12-12`, in `language`.
fn progress_line(spsa: &Spsa, trial: &Trial, result: &PairResult, language: Language) -> String {
    let params = &spsa.settings.params;
    let theta: Vec<String> =
        params.iter().zip(&spsa.theta).map(|(param, theta)| format!("{} {theta:.2}", param.name)).collect();
    let tried: Vec<String> = params
        .iter()
        .zip(trial.plus.iter().zip(&trial.minus))
        .map(|(param, (plus, minus))| format!("{} {plus}/{minus}", param.name))
        .collect();
    let (pair, total) = (result.tally, spsa.total.tally);
    let time_losses = match spsa.total.time_losses {
        0 => String::new(),
        losses => text!(", {losses} lost on time", ", {losses} auf Zeit verloren").get(language).to_owned(),
    };
    let (iteration, iterations) = (trial.iteration + 1, spsa.settings.iterations);
    let (theta, tried) = (decimals(&theta.join(", "), language), tried.join(", "));
    let pair = format!("{}-{}-{}", pair.wins, pair.losses, pair.draws);
    let total = format!("{}-{}-{}", total.wins, total.losses, total.draws);
    text!(
        "iteration {iteration}/{iterations}: {theta} | pair {pair} at {tried} | θ+ so far {total}{time_losses}",
        "Iteration {iteration}/{iterations}: {theta} | Paar {pair} bei {tried} | θ+ bisher {total}{time_losses}"
    )
    .get(language)
    .to_owned()
}
