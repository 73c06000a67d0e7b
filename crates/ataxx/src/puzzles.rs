//! Ataxx's puzzle rules: a clear gain is a swing of stones.

use crate::{Ataxx, Ruleset};
use game::PuzzleRules;

/// How much the stone difference (solver's stones minus the opponent's)
/// must grow along a solution line.
pub const MIN_STONE_SWING: i64 = 5;

/// How Ataxx's puzzles are mined and checked, with the committed set.
pub static PUZZLES: PuzzleRules = PuzzleRules {
    min_gap: 250,
    scan_depth: 3,
    verify_depth: 5,
    check_depth: 3,
    max_plies: 3,
    material_gain: Some(stone_swing),
    set: include_str!("../puzzles.txt"),
};

/// Whether the stone difference from the view of `start`'s side to move
/// grew by at least [`MIN_STONE_SWING`] from `start` to `end`.
fn stone_swing(start: &str, end: &str) -> bool {
    let (Ok(start), Ok(end)) = (Ataxx::from_fen(start, Ruleset::Seed), Ataxx::from_fen(end, Ruleset::Seed))
    else {
        return false;
    };
    let solver = start.side();
    let difference =
        |position: &Ataxx| i64::from(position.count(solver)) - i64::from(position.count(solver.other()));
    difference(&end) - difference(&start) >= MIN_STONE_SWING
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_of_three_is_a_clear_gain_and_a_quiet_clone_is_not() {
        // x to move clones b6 next to three o stones on a6… (see the FEN).
        let start = "x5o/7/7/7/7/7/o5x x 0 1";
        let quiet = "x5o/7/7/7/7/5x1/o5x o 0 1";
        assert!(!stone_swing(start, quiet));
        let start = "7/7/7/7/ooo4/7/x6 x 0 1";
        let capture = "7/7/7/7/xxx4/1x5/x6 o 0 1";
        assert!(stone_swing(start, capture));
        assert!(!stone_swing("nonsense", capture));
    }
}
