//! SPSA (simultaneous perturbation stochastic approximation) over integer
//! engine options: each iteration perturbs every parameter by ±c_k at
//! once, plays the engine at θ + c_kΔ against the engine at θ − c_kΔ
//! (one game pair), and moves θ along Δ by the pair's result.
//!
//! The gains are the usual ones (Spall), in the form the Stockfish
//! tuning uses: per parameter a final perturbation `c_end` (its step)
//! and a final learning rate `r_end`; with N iterations and A = N / 10,
//! c = c_end · N^γ, a = r_end · c_end² · (A + N)^α, and at iteration k
//! (from 0) c_k = c / (k + 1)^γ, a_k = a / (A + k + 1)^α, with α = 0.602,
//! γ = 0.101. The pair's result R = wins − losses of θ + c_kΔ (−2 to 2)
//! moves θ_i by a_k / c_k · R · Δ_i, kept inside the parameter's range.
//!
//! Everything random (Δ, the opening) is drawn from the seed and the
//! iteration number alone, so a run resumed from its state file goes on
//! exactly as it would have.

mod state_file;

use crate::Tally;
use crate::command::split_at_word;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::thread;
use thiserror::Error;

/// The exponent of the learning-rate sequence a_k.
const ALPHA: f64 = 0.602;
/// The exponent of the perturbation sequence c_k.
const GAMMA: f64 = 0.101;
/// The stability constant A as a share of the iterations.
const A_SHARE: f64 = 0.1;
/// The final learning rate `r_end` unless one is given (Stockfish's).
pub const DEFAULT_RATE: f64 = 0.002;

/// A `spin` option as an engine offers it
/// (`option name N type spin default D min A max B`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinOption {
    /// Its name.
    pub name: String,
    /// Its default (the value it has when offered).
    pub default: i32,
    /// Its least value.
    pub min: i32,
    /// Its largest value.
    pub max: i32,
}

impl SpinOption {
    /// Reads the part of an `option name …` line after `option name `;
    /// `None` unless it is a spin with a default, a min and a max.
    #[must_use]
    pub fn parse(rest: &str) -> Option<SpinOption> {
        let (name, description) = split_at_word(rest, "type")?;
        let words: Vec<&str> = description.split_whitespace().collect();
        if words.first() != Some(&"spin") {
            return None;
        }
        let number = |key: &str| {
            let at = words.iter().position(|word| *word == key)?;
            words.get(at + 1)?.parse::<i32>().ok()
        };
        Some(SpinOption {
            name: name.trim().to_owned(),
            default: number("default")?,
            min: number("min")?,
            max: number("max")?,
        })
    }
}

/// One parameter under tuning.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaParam {
    /// The engine option it is set by.
    pub name: String,
    /// Where θ starts.
    pub start: f64,
    /// The least value the engine is given.
    pub min: i32,
    /// The largest value the engine is given.
    pub max: i32,
    /// The perturbation at the last iteration (`c_end`).
    pub step: f64,
    /// The learning rate at the last iteration (`r_end`).
    pub rate: f64,
}

impl SpsaParam {
    /// A parameter with the range and start of `option`, a step of a
    /// twentieth of its range (at least 1) and the [`DEFAULT_RATE`].
    #[must_use]
    pub fn from_option(option: &SpinOption) -> SpsaParam {
        SpsaParam {
            name: option.name.clone(),
            start: f64::from(option.default),
            min: option.min,
            max: option.max,
            step: (f64::from(option.max - option.min) / 20.0).max(1.0),
            rate: DEFAULT_RATE,
        }
    }

    /// `NAME` or `NAME=start,min,max,c,r` (fields may be left empty or
    /// out at the end), the rest from the engine's `options`.
    ///
    /// # Errors
    /// The text is malformed or the engine offers no spin of that name.
    pub fn parse(text: &str, options: &[SpinOption]) -> Result<SpsaParam, SpsaError> {
        let bad = |why: String| SpsaError::Param(format!("'{text}': {why}"));
        let (name, fields) = text.split_once('=').unwrap_or((text, ""));
        let name = name.trim();
        let Some(option) = options.iter().find(|option| option.name.eq_ignore_ascii_case(name)) else {
            let offered: Vec<&str> = options.iter().map(|option| option.name.as_str()).collect();
            return Err(bad(format!(
                "the engine offers no spin option '{name}' (it has: {})",
                offered.join(", ")
            )));
        };
        let mut param = SpsaParam::from_option(option);
        let fields: Vec<&str> =
            if fields.trim().is_empty() { Vec::new() } else { fields.split(',').collect() };
        if fields.len() > 5 {
            return Err(bad("expected at most NAME=start,min,max,c,r".into()));
        }
        let number = |index: usize| -> Result<Option<f64>, SpsaError> {
            match fields.get(index).map(|field| field.trim()).filter(|field| !field.is_empty()) {
                None => Ok(None),
                Some(field) => field
                    .parse::<f64>()
                    .ok()
                    .filter(|value| value.is_finite())
                    .map(Some)
                    .ok_or_else(|| bad(format!("'{field}' is not a number"))),
            }
        };
        let whole = |index: usize| -> Result<Option<i32>, SpsaError> {
            match number(index)? {
                Some(value) if value.fract() == 0.0 && value.abs() <= f64::from(i32::MAX) => {
                    Ok(Some(value as i32))
                }
                Some(value) => Err(bad(format!("{value} is not a whole number"))),
                None => Ok(None),
            }
        };
        param.min = whole(1)?.unwrap_or(param.min);
        param.max = whole(2)?.unwrap_or(param.max);
        param.start = number(0)?.unwrap_or(param.start);
        if fields.get(1).is_some_and(|f| !f.trim().is_empty())
            || fields.get(2).is_some_and(|f| !f.trim().is_empty())
        {
            param.step = (f64::from(param.max - param.min) / 20.0).max(1.0);
        }
        param.step = number(3)?.unwrap_or(param.step);
        param.rate = number(4)?.unwrap_or(param.rate);
        param.check()?;
        Ok(param)
    }

    /// Whether the parameter makes sense.
    fn check(&self) -> Result<(), SpsaError> {
        let bad = |why: &str| Err(SpsaError::Param(format!("{}: {why}", self.name)));
        if self.name.is_empty() || self.name.contains(char::is_whitespace) {
            return bad("needs a name without spaces");
        }
        if self.min >= self.max {
            return bad(&format!("min {} must be below max {}", self.min, self.max));
        }
        if !(f64::from(self.min)..=f64::from(self.max)).contains(&self.start) {
            return bad(&format!("start {} is outside {}..={}", self.start, self.min, self.max));
        }
        let positive = |x: f64| x > 0.0 && x.is_finite();
        if !(positive(self.step) && positive(self.rate)) {
            return bad("c and r must be above 0");
        }
        Ok(())
    }

    /// `value` rounded and kept inside the range.
    fn engine_value(&self, value: f64) -> i32 {
        (value.round() as i64).clamp(i64::from(self.min), i64::from(self.max)) as i32
    }
}

/// What a tuning run is: its parameters, length and seed.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaSettings {
    /// The parameters tuned together.
    pub params: Vec<SpsaParam>,
    /// How many iterations (game pairs) the run has.
    pub iterations: usize,
    /// The seed of the perturbations and openings.
    pub seed: u64,
}

/// Why a tuning run could not be set up or resumed.
#[derive(Debug, Error)]
pub enum SpsaError {
    /// A parameter is malformed or makes no sense.
    #[error("parameter {0}")]
    Param(String),
    /// The settings make no run.
    #[error("{0}")]
    Settings(String),
    /// The state file is malformed.
    #[error("state file, line {line}: {problem}")]
    StateFile {
        /// The line number, from 1.
        line: usize,
        /// What is wrong there.
        problem: String,
    },
    /// The state file belongs to another run.
    #[error("the state file is of another run ({0}); remove it or give another state file")]
    OtherRun(String),
}

/// One iteration's draw: the perturbation and the two engines' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    /// The iteration, from 0.
    pub iteration: usize,
    /// The sign of each parameter's perturbation.
    pub delta: Vec<i8>,
    /// The values of the first engine (θ + c_kΔ), rounded, in range.
    pub plus: Vec<i32>,
    /// The values of the second engine (θ − c_kΔ).
    pub minus: Vec<i32>,
    /// The opening of the pair (an index into the openings; 0 without).
    pub opening: usize,
}

/// What one game pair gave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairResult {
    /// Wins, losses and draws of the first engine (θ + c_kΔ).
    pub tally: Tally,
    /// Games lost on time by either engine.
    pub time_losses: usize,
}

/// A tuning run: its settings and how far it has come.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// What is tuned.
    pub settings: SpsaSettings,
    /// The current values, one per parameter.
    pub theta: Vec<f64>,
    /// Iterations done.
    pub done: usize,
    /// All pairs so far, counted for θ + c_kΔ.
    pub total: PairResult,
}

impl Spsa {
    /// A run at its start.
    ///
    /// # Errors
    /// No parameter, a parameter twice or a bad one, or no iterations.
    pub fn new(settings: SpsaSettings) -> Result<Spsa, SpsaError> {
        if settings.params.is_empty() {
            return Err(SpsaError::Settings("name at least one parameter to tune".into()));
        }
        if settings.iterations == 0 {
            return Err(SpsaError::Settings("a tuning run needs at least one iteration".into()));
        }
        for (index, param) in settings.params.iter().enumerate() {
            param.check()?;
            if settings.params[..index].iter().any(|other| other.name.eq_ignore_ascii_case(&param.name)) {
                return Err(SpsaError::Param(format!("{} is named twice", param.name)));
            }
        }
        let theta = settings.params.iter().map(|param| param.start).collect();
        Ok(Spsa { settings, theta, done: 0, total: PairResult::default() })
    }

    /// Whether every iteration is done.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.done >= self.settings.iterations
    }

    /// The current values as the engine takes them (rounded, in range).
    #[must_use]
    pub fn values(&self) -> Vec<i32> {
        self.settings
            .params
            .iter()
            .zip(&self.theta)
            .map(|(param, &theta)| param.engine_value(theta))
            .collect()
    }

    /// The gains (a_k, c_k) of `param` at iteration `k`.
    fn gains(&self, param: &SpsaParam, k: usize) -> (f64, f64) {
        let n = self.settings.iterations as f64;
        let stability = A_SHARE * n;
        let c = param.step * n.powf(GAMMA);
        let a = param.rate * param.step * param.step * (stability + n).powf(ALPHA);
        let k = k as f64;
        (a / (stability + k + 1.0).powf(ALPHA), c / (k + 1.0).powf(GAMMA))
    }

    /// The draw of iteration `iteration` from the current θ, with an
    /// opening out of `openings` (0: none to choose).
    #[must_use]
    pub fn trial(&self, iteration: usize, openings: usize) -> Trial {
        let mixed = self.settings.seed ^ (iteration as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut rng = StdRng::seed_from_u64(mixed);
        let delta: Vec<i8> =
            self.settings.params.iter().map(|_| if rng.random_bool(0.5) { 1 } else { -1 }).collect();
        let opening = if openings > 1 { rng.random_range(0..openings) } else { 0 };
        let perturbed = |sign: f64| {
            self.settings
                .params
                .iter()
                .zip(&self.theta)
                .zip(&delta)
                .map(|((param, &theta), &d)| {
                    let (_, c_k) = self.gains(param, iteration);
                    param.engine_value(theta + sign * c_k * f64::from(d))
                })
                .collect()
        };
        Trial { iteration, plus: perturbed(1.0), minus: perturbed(-1.0), delta, opening }
    }

    /// Moves θ by the result of `trial`'s game pair and counts it.
    pub fn update(&mut self, trial: &Trial, result: PairResult) {
        let r = f64::from(result.tally.wins) - f64::from(result.tally.losses);
        for (index, param) in self.settings.params.iter().enumerate() {
            let (a_k, c_k) = self.gains(param, trial.iteration);
            let moved = self.theta[index] + a_k / c_k * r * f64::from(trial.delta[index]);
            self.theta[index] = moved.clamp(f64::from(param.min), f64::from(param.max));
        }
        self.done = self.done.max(trial.iteration + 1);
        self.total.tally.wins += result.tally.wins;
        self.total.tally.losses += result.tally.losses;
        self.total.tally.draws += result.tally.draws;
        self.total.time_losses += result.time_losses;
    }

    /// Runs the iterations left: `concurrency` pairs at a time, each
    /// drawn from the θ before them and played by `play`, then applied in
    /// order, `after` called after each (to save the state and report).
    /// At one pair at a time the run is exactly the same however often
    /// it is stopped and resumed. Stops at the first error.
    ///
    /// # Errors
    /// The first error of `play` or `after`.
    pub fn run<E: Send>(
        &mut self,
        openings: usize,
        concurrency: usize,
        play: impl Fn(&Trial) -> Result<PairResult, E> + Sync,
        mut after: impl FnMut(&Spsa, &Trial, &PairResult) -> Result<(), E>,
    ) -> Result<(), E> {
        while !self.is_finished() {
            let end = (self.done + concurrency.max(1)).min(self.settings.iterations);
            let trials: Vec<Trial> = (self.done..end).map(|k| self.trial(k, openings)).collect();
            let play = &play;
            let results: Vec<Result<PairResult, E>> = thread::scope(|scope| {
                let running: Vec<_> = trials.iter().map(|trial| scope.spawn(move || play(trial))).collect();
                running
                    .into_iter()
                    .map(|handle| handle.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                    .collect()
            });
            for (trial, result) in trials.iter().zip(results) {
                let result = result?;
                self.update(trial, result);
                after(self, trial, &result)?;
            }
        }
        Ok(())
    }

    /// The lines that set the result: `setoption name N value V` each.
    #[must_use]
    pub fn setoption_lines(&self) -> Vec<String> {
        self.settings
            .params
            .iter()
            .zip(self.values())
            .map(|(param, value)| format!("setoption name {} value {value}", param.name))
            .collect()
    }

    /// The result as the list of a game's own search defaults (its
    /// registry entry's `search_defaults`, e.g. `ataxx::SEARCH_DEFAULTS`):
    /// `&[("LmrDivisor", 231), ("LmrSpared", 2)]`.
    #[must_use]
    pub fn defaults_line(&self) -> String {
        let entries: Vec<String> = self
            .settings
            .params
            .iter()
            .zip(self.values())
            .map(|(param, value)| format!("(\"{}\", {value})", param.name))
            .collect();
        format!("&[{}]", entries.join(", "))
    }
}

#[cfg(test)]
mod tests;
