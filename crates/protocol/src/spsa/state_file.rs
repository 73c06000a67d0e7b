//! The state file of a tuning run: plain text, one `key value…` line
//! each, written after every iteration; numbers in Rust's shortest
//! round-trip form, so a resumed run goes on with exactly the θ it had.
//!
//! ```text
//! spielwerk-spsa 1
//! iterations 200
//! seed 1
//! param LmrDivisor start 225 min 100 max 500 c 20 r 0.002 theta 227.31
//! done 17
//! total 10 12 12 0
//! ```
//! (`total`: wins, losses, draws of θ + c_kΔ, and time losses.)

use super::{PairResult, Spsa, SpsaError, SpsaParam, SpsaSettings};
use crate::Tally;
use std::path::Path;
use std::str::FromStr;

/// The first line of a state file.
const HEADER: &str = "spielwerk-spsa 1";

impl Spsa {
    /// The state as the text of a state file.
    #[must_use]
    pub fn to_text(&self) -> String {
        let settings = &self.settings;
        let mut text = format!("{HEADER}\niterations {}\nseed {}\n", settings.iterations, settings.seed);
        for (param, theta) in settings.params.iter().zip(&self.theta) {
            text.push_str(&format!(
                "param {} start {} min {} max {} c {} r {} theta {theta}\n",
                param.name, param.start, param.min, param.max, param.step, param.rate
            ));
        }
        let PairResult { tally, time_losses } = self.total;
        text.push_str(&format!(
            "done {}\ntotal {} {} {} {time_losses}\n",
            self.done, tally.wins, tally.losses, tally.draws
        ));
        text
    }

    /// Reads the text of a state file.
    ///
    /// # Errors
    /// [`SpsaError::StateFile`] naming the line that is wrong.
    pub fn from_text(text: &str) -> Result<Spsa, SpsaError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| Line { number: index + 1, words: line.split_whitespace().collect() });
        let header = lines.next().filter(|line| line.words.join(" ") == HEADER);
        if header.is_none() {
            return Err(SpsaError::StateFile { line: 1, problem: format!("expected '{HEADER}'") });
        }
        let (mut iterations, mut seed, mut done, mut total) = (None, None, None, None);
        let (mut params, mut theta) = (Vec::new(), Vec::new());
        let mut last = 1;
        for line in lines {
            last = line.number;
            match line.words.first().copied() {
                None => {}
                Some("iterations") => iterations = Some(line.number_at(1)?),
                Some("seed") => seed = Some(line.number_at(1)?),
                Some("done") => done = Some(line.number_at(1)?),
                Some("total") => {
                    total = Some(PairResult {
                        tally: Tally {
                            wins: line.number_at(1)?,
                            losses: line.number_at(2)?,
                            draws: line.number_at(3)?,
                        },
                        time_losses: line.number_at(4)?,
                    });
                }
                Some("param") => {
                    let param = SpsaParam {
                        name: line.text_at(1)?.to_owned(),
                        start: line.keyed("start")?,
                        min: line.keyed("min")?,
                        max: line.keyed("max")?,
                        step: line.keyed("c")?,
                        rate: line.keyed("r")?,
                    };
                    theta.push(line.keyed::<f64>("theta")?);
                    params.push(param);
                }
                Some(other) => return Err(line.problem(format!("unknown key '{other}'"))),
            }
        }
        let missing = |what: &str| SpsaError::StateFile { line: last, problem: format!("no '{what}' line") };
        let settings = SpsaSettings {
            params,
            iterations: iterations.ok_or_else(|| missing("iterations"))?,
            seed: seed.ok_or_else(|| missing("seed"))?,
        };
        let mut spsa = Spsa::new(settings)
            .map_err(|error| SpsaError::StateFile { line: last, problem: error.to_string() })?;
        for ((param, theta), value) in spsa.settings.params.iter().zip(&mut spsa.theta).zip(theta) {
            if !(f64::from(param.min)..=f64::from(param.max)).contains(&value) {
                return Err(SpsaError::StateFile {
                    line: last,
                    problem: format!("{}: theta {value} is out of range", param.name),
                });
            }
            *theta = value;
        }
        spsa.done = done.ok_or_else(|| missing("done"))?;
        spsa.total = total.ok_or_else(|| missing("total"))?;
        Ok(spsa)
    }

    /// Writes the state file at `path` (through a file beside it, renamed
    /// over it, so that an interrupted write leaves the last state).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".new");
        std::fs::write(&temporary, self.to_text())?;
        std::fs::rename(&temporary, path)
    }

    /// Resumes the run in the state file at `path` if there is one (it must
    /// be the run of `settings`), or starts it.
    ///
    /// # Errors
    /// The file cannot be read, is malformed or belongs to another run;
    /// the settings are bad.
    pub fn resume_or_start(path: &Path, settings: SpsaSettings) -> Result<Spsa, SpsaError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Spsa::new(settings),
            Err(error) => {
                return Err(SpsaError::Settings(format!("cannot read {}: {error}", path.display())));
            }
        };
        let spsa = Spsa::from_text(&text)?;
        if spsa.settings != settings {
            return Err(SpsaError::OtherRun(difference(&spsa.settings, &settings)));
        }
        Ok(spsa)
    }
}

/// What differs between the run in a state file and the one asked for.
fn difference(saved: &SpsaSettings, asked: &SpsaSettings) -> String {
    if saved.iterations != asked.iterations {
        return format!("{} iterations, not {}", saved.iterations, asked.iterations);
    }
    if saved.seed != asked.seed {
        return format!("seed {}, not {}", saved.seed, asked.seed);
    }
    let describe = |params: &[SpsaParam]| {
        params
            .iter()
            .map(|p| format!("{}={},{},{},{},{}", p.name, p.start, p.min, p.max, p.step, p.rate))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("{}, not {}", describe(&saved.params), describe(&asked.params))
}

/// A line of a state file, split into words.
struct Line<'t> {
    number: usize,
    words: Vec<&'t str>,
}

impl<'t> Line<'t> {
    fn problem(&self, problem: String) -> SpsaError {
        SpsaError::StateFile { line: self.number, problem }
    }

    fn text_at(&self, index: usize) -> Result<&'t str, SpsaError> {
        self.words.get(index).copied().ok_or_else(|| self.problem(format!("expected {} words", index + 1)))
    }

    fn number_at<T: FromStr>(&self, index: usize) -> Result<T, SpsaError> {
        let word = self.text_at(index)?;
        word.parse().map_err(|_| self.problem(format!("'{word}' is not a number here")))
    }

    /// The number after the word `key`.
    fn keyed<T: FromStr>(&self, key: &str) -> Result<T, SpsaError> {
        let at = self
            .words
            .iter()
            .position(|word| *word == key)
            .ok_or_else(|| self.problem(format!("no '{key}'")))?;
        self.number_at(at + 1)
    }
}
