//! Puzzles: a position with one clearly best move and the line that
//! follows it to a clear gain, and the text format of puzzle sets.
//!
//! # The format
//!
//! A puzzle set is UTF-8 text, one puzzle per line; lines starting with `#`
//! and empty lines are comments. A puzzle line has six fields separated by
//! tabs (the last two, the lead-in, may be left off: then the line has
//! four):
//!
//! ```text
//! <game>\t<position text>\t<solution line>\t<rating>\t<lead-in position>\t<lead-in move>
//! ```
//!
//! - *game*: the registered name (`ataxx`);
//! - *position text*: the game's own position text, read with the game's
//!   engine-default options ([`puzzle_game`]); the side to move there is
//!   the solver;
//! - *solution line*: the moves from the position, each in its
//!   single-token form ([`move_token`](crate::move_token)), separated by
//!   spaces — the solver's moves at odd places (1st, 3rd, …), the
//!   opponent's replies between them; it ends with a move of the solver;
//! - *rating*: the puzzle's initial rating (Glicko-2 scale, 1500 average);
//! - *lead-in position*: the position text of the game one move earlier,
//!   the opponent to move (read like the puzzle's position);
//! - *lead-in move*: the opponent's move there, in single-token form, that
//!   led to the puzzle's position — a move of the game the puzzle was
//!   found in. A puzzle is shown as lichess does: the lead-in position,
//!   then this move played and marked, then the solver's turn.
//!
//! Every committed set has a lead-in on every line (the test of the sets
//! checks that each move leads from the lead-in position to the puzzle's);
//! `spielwerk puzzles mine` writes it. The sets mined before lead-ins were
//! recorded got theirs by replaying their self-play games (the miner is
//! deterministic for a seed) with the engine of the commit that mined
//! them, 82a6c26; a newer engine plays other games.

use crate::{DynGame, GameError, Options, Registry, Text, text};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One puzzle of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The registered name of the game.
    pub game: String,
    /// The position text; its side to move solves the puzzle.
    pub position: String,
    /// The solution line in single-token move text, the solver's move
    /// first and last.
    pub line: Vec<String>,
    /// The initial rating.
    pub rating: u32,
    /// The opponent's move that led to the position, if known.
    pub lead_in: Option<LeadIn>,
}

/// The opponent's move before a puzzle: the position one move earlier and
/// the move played there (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeadIn {
    /// The position text before the move; the opponent is to move.
    pub position: String,
    /// The move in single-token form.
    pub mv: String,
}

impl Puzzle {
    /// The solver's moves of the line (1st, 3rd, …).
    pub fn solver_moves(&self) -> impl Iterator<Item = &str> {
        self.line.iter().step_by(2).map(String::as_str)
    }
}

/// A puzzle line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("puzzle line {line}: {reason}")]
pub struct PuzzleError {
    /// The line number in the set, from 1 (0 for a single line).
    pub line: usize,
    /// What is wrong.
    pub reason: Text,
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t{}\t{}\t{}", self.game, self.position, self.line.join(" "), self.rating)?;
        match &self.lead_in {
            Some(lead_in) => write!(f, "\t{}\t{}", lead_in.position, lead_in.mv),
            None => Ok(()),
        }
    }
}

impl FromStr for Puzzle {
    type Err = PuzzleError;

    fn from_str(line: &str) -> Result<Puzzle, PuzzleError> {
        let bad = |reason: Text| PuzzleError { line: 0, reason };
        let fields: Vec<&str> = line.trim_end_matches(['\r', '\n']).split('\t').collect();
        let (game, position, moves, rating, lead_in) = match fields[..] {
            [game, position, moves, rating] => (game, position, moves, rating, None),
            [game, position, moves, rating, before, mv] => {
                (game, position, moves, rating, Some((before, mv)))
            }
            _ => {
                let count = fields.len();
                return Err(bad(text!(
                    "expected 4 or 6 tab-separated fields, found {count}",
                    "4 oder 6 durch Tabulatoren getrennte Felder erwartet, {count} gefunden"
                )));
            }
        };
        if game.trim().is_empty() || position.trim().is_empty() {
            return Err(bad(text!("the game or the position is empty", "Spiel oder Stellung ist leer")));
        }
        let line: Vec<String> = moves.split_whitespace().map(str::to_owned).collect();
        if line.len().is_multiple_of(2) {
            return Err(bad(text!(
                "the solution line must have an odd number of moves (the solver's first and last)",
                "die Lösung muss eine ungerade Zahl von Zügen haben (der erste und letzte vom Löser)"
            )));
        }
        let rating = rating.trim().parse().map_err(|_| {
            bad(text!("the rating '{rating}' is not a number", "die Wertung „{rating}“ ist keine Zahl"))
        })?;
        let lead_in = match lead_in {
            None => None,
            Some((before, mv)) => {
                let mv = mv.trim();
                if before.trim().is_empty() || mv.is_empty() || mv.contains(char::is_whitespace) {
                    return Err(bad(text!(
                        "the lead-in needs a position and one move",
                        "die Vorgeschichte braucht eine Stellung und einen Zug"
                    )));
                }
                Some(LeadIn { position: before.to_owned(), mv: mv.to_owned() })
            }
        };
        Ok(Puzzle { game: game.trim().to_owned(), position: position.to_owned(), line, rating, lead_in })
    }
}

/// A game of the puzzle's position, created with its game's engine-default
/// options (those the puzzles are mined with, e.g. Ataxx's community
/// rules).
pub fn puzzle_game(registry: &Registry, game: &str, position: &str) -> Result<Box<dyn DynGame>, GameError> {
    let entry = registry.get(game)?;
    registry.create(entry.name, &entry.with_engine_defaults(&Options::new()), Some(position))
}

/// Reads a puzzle set (see the module docs); the first bad line is an
/// error naming its number.
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| line.parse().map_err(|e: PuzzleError| PuzzleError { line: index + 1, ..e }))
        .collect()
}

/// How a game's puzzles are mined and checked, and its committed set; a
/// game supplies it through its [`GameEntry`](crate::GameEntry).
///
/// Scores are the engine's, in points from the side to move's view (100 ≈
/// one stone or marble).
#[derive(Clone, Copy, Debug)]
pub struct PuzzleRules {
    /// The least gap between the best and the second-best move's score, in
    /// the scan and in the deeper verification.
    pub min_gap: i32,
    /// The depth of the multi-PV scan of every self-play position.
    pub scan_depth: u32,
    /// The depth of the verification of a candidate (deeper than the scan).
    pub verify_depth: u32,
    /// The depth at which the engine must already choose the solution's
    /// first move (the cheap check of the committed set).
    pub check_depth: u32,
    /// The longest solution line in plies.
    pub max_plies: usize,
    /// The game's clear material gain: whether the position text `end`
    /// (reached by the line) is a clear gain over `start` for the side to
    /// move at `start`. `None` when only a forced win counts; a line that
    /// ends in the solver's win is always a clear gain.
    pub material_gain: Option<fn(start: &str, end: &str) -> bool>,
    /// The committed starter set (see the module docs for the format).
    pub set: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_line_round_trips() {
        let puzzle = Puzzle {
            game: "amakta".into(),
            position: "some text with spaces / w 3".into(),
            line: vec!["place_000111_e1_110001".into(), "pass".into(), "take_e1".into()],
            rating: 1350,
            lead_in: None,
        };
        let text = puzzle.to_string();
        assert_eq!(text.parse::<Puzzle>(), Ok(puzzle.clone()));
        let set = format!("# a comment\n\n{text}\n{text}\n");
        assert_eq!(read_puzzles(&set), Ok(vec![puzzle.clone(), puzzle.clone()]));
        assert_eq!(puzzle.solver_moves().collect::<Vec<_>>(), ["place_000111_e1_110001", "take_e1"]);
    }

    #[test]
    fn bad_lines_are_errors_with_their_number() {
        let error = read_puzzles("# c\nataxx\tx\ta1 a2\t1500\n").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.to_string().contains("odd"), "{error}");
        assert!("ataxx\tx\ta1\tmany".parse::<Puzzle>().unwrap_err().to_string().contains("many"));
        assert!("ataxx\tx\ta1".parse::<Puzzle>().is_err());
        assert!("\t\ta1\t1".parse::<Puzzle>().is_err());
        assert!("ataxx\tx\ta1\t1\ty".parse::<Puzzle>().unwrap_err().to_string().contains("4 or 6"));
        assert!("ataxx\tx\ta1\t1\ty\t".parse::<Puzzle>().unwrap_err().to_string().contains("lead-in"));
        assert!("ataxx\tx\ta1\t1\t \ta2".parse::<Puzzle>().is_err());
        assert!("ataxx\tx\ta1\t1\ty\ta2 a3".parse::<Puzzle>().is_err());
    }

    #[test]
    fn a_puzzle_with_its_lead_in_round_trips() {
        let line = "ataxx\tx6/7/7/7/7/7/6o o 0 1\tg7f6\t1000\tx6/7/7/7/7/7/o6 x 0 1\tb1a1";
        let puzzle: Puzzle = line.parse().unwrap();
        assert_eq!(
            puzzle.lead_in,
            Some(LeadIn { position: "x6/7/7/7/7/7/o6 x 0 1".into(), mv: "b1a1".into() })
        );
        assert_eq!(puzzle.to_string(), line);
        let set = format!("# lead-ins\n{line}\nataxx\tx\ta1\t1000\n");
        let read = read_puzzles(&set).unwrap();
        assert_eq!(read[0], puzzle);
        assert_eq!(read[1].lead_in, None, "the lead-in may be left off");
    }
}
