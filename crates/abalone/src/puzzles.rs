//! Abalone's puzzle rules: a clear gain is an ejection.

use crate::Position;
use game::{Game, PuzzleRules};

/// How Abalone's puzzles are mined and checked, with the committed set.
pub static PUZZLES: PuzzleRules = PuzzleRules {
    min_gap: 100,
    scan_depth: 3,
    verify_depth: 5,
    check_depth: 3,
    max_plies: 5,
    material_gain: Some(ejection),
    set: include_str!("../puzzles.txt"),
};

/// Whether the solver (the side to move at `start`) pushed more of the
/// opponent's marbles off the board than it lost from `start` to `end`.
fn ejection(start: &str, end: &str) -> bool {
    let (Ok(start), Ok(end)) = (start.parse::<Position>(), end.parse::<Position>()) else {
        return false;
    };
    let solver = start.side_to_move();
    let lost =
        |player| i64::from(start.marbles(player).count_ones()) - i64::from(end.marbles(player).count_ones());
    lost(solver.other()) > lost(solver)
}
