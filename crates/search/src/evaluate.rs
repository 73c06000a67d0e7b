//! The per-game evaluation hook.

use game::{Game, GameResult, Outcome};

/// Scores at or beyond this magnitude mean a decided game.
pub const WIN_SCORE: i32 = 1_000_000;

/// What a game provides so that the engines can play it.
pub trait Evaluate: Game {
    /// Static evaluation of a position whose game is not over, from the
    /// point of view of the side to move; 100 is about one stone's worth.
    fn evaluate(&self) -> i32;

    /// A move-ordering hint for `mv` in this position: moves with higher
    /// hints are searched first (captures, pushes, wins). Games without
    /// ordering knowledge keep the default, which orders nothing.
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
}

/// The score of a finished game from the point of view of `position`'s side
/// to move, `ply` plies from the root (quicker wins score higher).
#[must_use]
pub fn terminal_score<G: Game>(position: &G, outcome: Outcome, ply: u32) -> i32 {
    match outcome.result {
        GameResult::Draw => 0,
        GameResult::Win(p) if p == position.side_to_move() => WIN_SCORE - ply as i32,
        GameResult::Win(_) => -(WIN_SCORE - ply as i32),
    }
}
