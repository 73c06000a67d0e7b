//! SPSA tuning of an engine's spin options through the match runner:
//! each iteration is one game pair of [`run_match`] (its openings,
//! clocks, time losses and adjudication) between the engine at θ + c_kΔ
//! and at θ − c_kΔ, told apart only by `setoption`.

use crate::process::EngineProcess;
use crate::spsa::{PairResult, SpinOption, Spsa, SpsaError, SpsaParam, Trial};
use crate::{MatchError, MatchSettings, run_match};
use game::Registry;
use std::path::Path;
use thiserror::Error;

/// Why a tuning run stopped.
#[derive(Debug, Error)]
pub enum TuneError {
    /// A game pair could not be played.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// The run could not be set up or resumed.
    #[error(transparent)]
    Spsa(#[from] SpsaError),
    /// The state file could not be written.
    #[error("cannot write the state file {path}: {error}")]
    State {
        /// The state file.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// The spin options the first engine of `settings` offers, as it greets
/// the host for a game of `settings.game`.
///
/// # Errors
/// The game is unknown or the engine does not start.
pub fn spin_options(registry: &Registry, settings: &MatchSettings) -> Result<Vec<SpinOption>, MatchError> {
    let game = registry.get(&settings.game)?.name;
    let game_options = [("Game".to_owned(), game.to_owned())];
    let engine = EngineProcess::start(&settings.engines[0], settings.dialect, &game_options)
        .map_err(MatchError::Engine)?;
    Ok(engine.option_lines.iter().filter_map(|line| SpinOption::parse(line)).collect())
}

/// Plays `trial`'s game pair: the first engine of `template` with the
/// values `trial.plus` of `params` against itself with `trial.minus` (the
/// options go after the engine's own), from `trial.opening` of the
/// template's openings, two games, one at a time.
///
/// # Errors
/// The pair could not be played (an engine does not start).
pub fn play_pair(
    registry: &Registry,
    template: &MatchSettings,
    params: &[SpsaParam],
    trial: &Trial,
) -> Result<PairResult, MatchError> {
    let mut settings = template.clone();
    let engine = |values: &[i32]| {
        let mut spec = template.engines[0].clone();
        for (param, value) in params.iter().zip(values) {
            spec.options.retain(|(name, _)| !name.eq_ignore_ascii_case(&param.name));
            spec.options.push((param.name.clone(), value.to_string()));
        }
        spec
    };
    settings.engines = [engine(&trial.plus), engine(&trial.minus)];
    settings.games = 2;
    settings.concurrency = 1;
    settings.sprt = None;
    settings.openings = template.openings.get(trial.opening).cloned().into_iter().collect();
    let result = run_match(registry, &settings, |_, _| {})?;
    let time_losses = result.clocks.iter().map(|clock| clock.time_losses).sum::<u32>() as usize;
    Ok(PairResult { tally: result.tally, time_losses })
}

/// Runs the iterations of `spsa` left, `concurrency` pairs at a time (see
/// [`Spsa::run`]), saving the state to `state` after each iteration and
/// then calling `on_iteration`.
///
/// # Errors
/// A pair could not be played or the state not saved.
pub fn tune_search(
    registry: &Registry,
    template: &MatchSettings,
    spsa: &mut Spsa,
    concurrency: usize,
    state: &Path,
    mut on_iteration: impl FnMut(&Spsa, &Trial, &PairResult),
) -> Result<(), TuneError> {
    let openings = template.openings.len();
    let params = spsa.settings.params.clone();
    spsa.run(
        openings,
        concurrency,
        |trial| play_pair(registry, template, &params, trial).map_err(TuneError::from),
        |spsa, trial, result| {
            spsa.save(state)
                .map_err(|error| TuneError::State { path: state.display().to_string(), error })?;
            on_iteration(spsa, trial, result);
            Ok(())
        },
    )
}

#[cfg(all(test, unix))]
mod tests;
