//! Random playouts, shaped by the game's playout hooks.

use crate::Evaluate;
use game::Player;
use rand::rngs::SmallRng;

/// Playouts longer than this are scored by the evaluation, whatever the
/// game says.
pub(crate) const PLAYOUT_CAP: u32 = 1000;

/// Plays `position` out with [`Evaluate::playout_move`] and returns P1's
/// score: 1 win, ½ draw, 0 loss, or the evaluation's win probability when
/// the playout is cut off. Repetition endings are not looked for in
/// playouts.
pub(crate) fn playout<G: Evaluate>(mut position: G, moves: &mut Vec<G::Move>, rng: &mut SmallRng) -> f64 {
    let plies = position.playout_cutoff().unwrap_or(PLAYOUT_CAP).min(PLAYOUT_CAP);
    for _ in 0..plies {
        if position.outcome().is_some() {
            break;
        }
        position.legal_moves(moves);
        if moves.is_empty() {
            break;
        }
        let mv = position.playout_move(moves, rng);
        position.play(mv);
    }
    if let Some(outcome) = position.outcome() {
        return outcome.result.score_for(Player::P1);
    }
    let rate = position.win_probability().clamp(0.0, 1.0);
    if position.side_to_move() == Player::P1 { rate } else { 1.0 - rate }
}
