//! Training positions: one position with the engine's score and the game's
//! result, and the reader of data files (format: see the crate docs).

use std::fmt;
use std::io::BufRead;
use thiserror::Error;

/// The score written for a position the search found won (its negation
/// for a lost one).
pub const WIN: i32 = 30_000;

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The game's position text.
    pub position: String,
    /// The search score for the side to move, in points (±[`WIN`] for a
    /// found win or loss).
    pub score: i32,
    /// The game's result for the side to move: 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
}

impl Sample {
    /// Whether the search had already found the game won or lost here.
    #[must_use]
    pub fn is_decided(&self) -> bool {
        self.score.abs() >= WIN
    }
}

impl fmt::Display for Sample {
    /// The sample as a line of a data file, without the newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t{}\t{}", self.position, self.score, self.result)
    }
}

/// Why a data file could not be read.
#[derive(Debug, Error)]
pub enum DataError {
    /// The file could not be read.
    #[error("cannot read the data: {0}")]
    Io(#[from] std::io::Error),
    /// The file is binary data (positions packed for a network), which
    /// only the network trainer reads.
    #[error(
        "this is a binary data file (positions packed for a network, read by `spielwerk train` only); \
         position texts are needed here: write the data with `datagen --format text`"
    )]
    Binary,
    /// A line is not `position<TAB>score<TAB>result`.
    #[error("line {line}: {reason}")]
    Malformed {
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// Reads one data line (not a comment) into a sample.
pub fn parse_line(text: &str) -> Result<Sample, String> {
    let mut fields = text.split('\t');
    let (Some(position), Some(score), Some(result), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("expected three tab-separated fields: position, score, result".into());
    };
    if position.trim().is_empty() {
        return Err("the position text is empty".into());
    }
    let score: i32 =
        score.trim().parse().map_err(|_| format!("the score '{score}' is not a whole number"))?;
    if score.abs() > WIN {
        return Err(format!("the score {score} lies beyond ±{WIN}"));
    }
    let result = match result.trim() {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        other => return Err(format!("the result '{other}' is not 1, 0.5 or 0")),
    };
    Ok(Sample { position: position.to_owned(), score, result })
}

/// Reads every sample of a data file, skipping comments and empty lines;
/// the first malformed line is an error naming it, and a binary data file
/// is refused ([`DataError::Binary`]).
pub fn read(mut input: impl BufRead) -> Result<Vec<Sample>, DataError> {
    if crate::binary::is_binary(input.fill_buf()?) {
        return Err(DataError::Binary);
    }
    let mut samples = Vec::new();
    for (index, line) in input.lines().enumerate() {
        let line = line?;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        samples.push(parse_line(&line).map_err(|reason| DataError::Malformed { line: index + 1, reason })?);
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_read_back_as_written() {
        let samples = vec![
            Sample { position: "x5o/7/7/7/7/7/o5x x 0 1".into(), score: -35, result: 0.5 },
            Sample { position: "a b c".into(), score: WIN, result: 1.0 },
            Sample { position: "z".into(), score: -WIN, result: 0.0 },
        ];
        let mut text = String::from("# comment\n\n");
        for sample in &samples {
            text.push_str(&format!("{sample}\n"));
        }
        assert_eq!(read(text.as_bytes()).unwrap(), samples);
        assert!(samples[1].is_decided() && !samples[0].is_decided());
    }

    #[test]
    fn malformed_lines_are_named() {
        for (line, reason) in [
            ("x 1 0", "expected three tab-separated fields"),
            ("x\t1\t0\t0", "expected three tab-separated fields"),
            ("\t1\t0", "the position text is empty"),
            ("x\tone\t0", "is not a whole number"),
            ("x\t30001\t0", "beyond"),
            ("x\t1\t2", "is not 1, 0.5 or 0"),
        ] {
            let text = format!("# head\n{line}\n");
            let error = read(text.as_bytes()).unwrap_err().to_string();
            assert!(error.starts_with("line 2: ") && error.contains(reason), "{line:?}: {error}");
        }
    }

    #[test]
    fn binary_data_is_refused_with_a_hint() {
        let mut bytes = Vec::new();
        let header = crate::binary::Header { game: "ataxx".into(), settings: Vec::new() };
        crate::binary::write_header(&mut bytes, &header).unwrap();
        let error = read(bytes.as_slice()).unwrap_err();
        assert!(matches!(error, DataError::Binary), "{error}");
        assert!(error.to_string().contains("--format text"), "{error}");
    }
}
