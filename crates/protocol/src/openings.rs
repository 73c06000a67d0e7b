//! Openings of a match: the positions its games start from.

use crate::play_words;
use game::DynGame;

/// Where a game of a match starts: a position (or the standard start) and
/// moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// Position text; `None` for the standard start.
    pub setup: Option<String>,
    /// Moves played from there before the engines take over.
    pub moves: Vec<String>,
}

/// Reads an openings file: one opening a line, either position text or
/// moves from the start (separated by spaces); empty lines and lines
/// starting with `#` are skipped. `game` is a new game with the match's
/// options, used to check each opening. The error names the line.
pub fn read_openings(text: &str, game: &dyn DynGame) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let mut trial = game.clone_box();
        let opening = match trial.set_position(Some(line)) {
            Ok(()) => Opening { setup: Some(trial.position()), moves: Vec::new() },
            Err(position_error) => {
                let words: Vec<&str> = line.split_whitespace().collect();
                trial.set_position(None).map_err(|e| format!("line {number}: {e}"))?;
                play_words(trial.as_mut(), &words).map_err(|move_error| {
                    format!(
                        "line {number}: neither position text ({position_error}) nor moves from the start \
                         (move {}: {move_error})",
                        trial.moves().len() + 1
                    )
                })?;
                Opening { setup: None, moves: trial.moves() }
            }
        };
        if let Some(outcome) = trial.outcome() {
            return Err(format!("line {number}: the game is already over ({})", outcome.describe()));
        }
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err("the openings file holds no opening".into());
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy;

    #[test]
    fn reads_positions_and_move_sequences() {
        let text = "# Nim openings\n\n 9 p2 \ntake 1 take 2\n3 1\n";
        let openings = read_openings(text, toy::game("21 p1").as_ref()).unwrap();
        assert_eq!(
            openings,
            [
                Opening { setup: Some("9 p2".into()), moves: vec![] },
                Opening { setup: None, moves: vec!["take 1".into(), "take 2".into()] },
                Opening { setup: None, moves: vec!["take 3".into(), "take 1".into()] },
            ]
        );
    }

    #[test]
    fn names_the_bad_line() {
        let game = toy::game("21 p1");
        assert_eq!(
            read_openings("9 p2\n\n1 x y\n", game.as_ref()).unwrap_err(),
            "line 3: neither position text (invalid position: expected '<stones> p1|p2', not '1 x y') nor \
             moves from the start (move 2: malformed move 'x': expected 'take N' or 'N')"
        );
        assert_eq!(
            read_openings("0 p1", game.as_ref()).unwrap_err(),
            "line 1: the game is already over (a player has no stones left)"
        );
        assert_eq!(
            read_openings("# nothing\n", game.as_ref()).unwrap_err(),
            "the openings file holds no opening"
        );
    }
}
