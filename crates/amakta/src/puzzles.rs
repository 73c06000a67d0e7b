//! Amakta's puzzle rules: a clear gain is a forced win (a stone onto the
//! opponent's base) or decisive material — stones won by expropriation or
//! taken out of the game.

use crate::Amakta;
use crate::colour::Colour;
use crate::position::Location;
use game::PuzzleRules;

/// How much the solver's material (stones it owns and has not lost, less
/// the opponent's) must grow along a solution line.
pub const MIN_MATERIAL_SWING: i64 = 2;

/// How Amakta's puzzles are mined and checked, with the committed set.
pub static PUZZLES: PuzzleRules = PuzzleRules {
    min_gap: 300,
    scan_depth: 3,
    verify_depth: 5,
    check_depth: 3,
    max_plies: 5,
    material_gain: Some(material_swing),
    set: include_str!("../puzzles.txt"),
};

/// The stones `colour` owns (on the board or in its inventory; removed
/// ones do not count).
fn material(position: &Amakta, colour: Colour) -> i64 {
    let pieces = position.pieces().iter().enumerate();
    pieces.filter(|(id, state)| state.location != Location::Removed && position.owner(*id) == colour).count()
        as i64
}

/// Whether the material difference from the view of `start`'s colour to
/// move grew by at least [`MIN_MATERIAL_SWING`] from `start` to `end`.
fn material_swing(start: &str, end: &str) -> bool {
    let (Ok(start), Ok(end)) = (Amakta::from_text(start), Amakta::from_text(end)) else {
        return false;
    };
    let solver = start.colour_to_move();
    let difference = |position: &Amakta| material(position, solver) - material(position, solver.other());
    difference(&end) - difference(&start) >= MIN_MATERIAL_SWING
}
