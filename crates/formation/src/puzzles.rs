//! Die Formation's puzzle rules: nothing is ever captured, so the only
//! clear gain is a forced win (the formation completed).

use game::PuzzleRules;

/// How Die Formation's puzzles are mined and checked, with the committed
/// set.
pub static PUZZLES: PuzzleRules = PuzzleRules {
    min_gap: 300,
    scan_depth: 4,
    verify_depth: 6,
    check_depth: 4,
    max_plies: 5,
    material_gain: None,
    set: include_str!("../puzzles.txt"),
};
