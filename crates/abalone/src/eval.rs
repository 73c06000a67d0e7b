//! Static evaluation and move ordering for the engines.
//!
//! The evaluation is linear: the dot product of the position's
//! [`Position::eval_features`] (side to move's view, each own count minus
//! the opponent's) with [`EVAL_WEIGHTS`] (100 = one marble). The features,
//! named in [`EVAL_FEATURES`]:
//! - marbles ejected by each side (dominant),
//! - distance to the centre: marbles within 0, 1, 2 and 3 cells of e5
//!   (a marble at distance d counts in every ring from d on),
//! - cohesion: adjacent own pairs along the three axes,
//! - formation: own lines of three (the groups that can push),
//! - threats: a sumito ready to eject is worth much to the side to move
//!   (it can play it now) and less to the opponent (one move to defend;
//!   up to three counted).

use crate::board::{Cell, WITHIN};
use crate::movegen::{ejection_threats, pairs_and_triples};
use crate::moves::Move;
use crate::position::Position;
use game::Game;
use rand::Rng;
use search::{Evaluate, SmallRng};

/// How many terms the evaluation has.
pub const EVAL_TERMS: usize = 9;

/// The names of the evaluation's features, in the order of
/// [`Position::eval_features`].
pub const EVAL_FEATURES: [&str; EVAL_TERMS] =
    ["marbles", "ring0", "ring1", "ring2", "ring3", "pairs", "triples", "ready", "threatened"];

/// The weight of each feature of [`EVAL_FEATURES`], in points.
pub const EVAL_WEIGHTS: [i32; EVAL_TERMS] = [90, 3, 9, 2, -2, 7, 0, 73, -27];

const MAX_THREATS_COUNTED: u32 = 3;
const PLAYOUT_PLIES: u32 = 30;
/// Taken off the ordering hint of a quiet move that leaves the centre on
/// balance, making it negative (below every other move).
const AWAY_FROM_CENTRE: i32 = 1000;

/// The marbles of `bits` within 0, 1, 2 and 3 cells of the centre.
fn rings(bits: u64) -> [i32; 4] {
    [0, 1, 2, 3].map(|k| (bits & WITHIN[k]).count_ones() as i32)
}

impl Position {
    /// The evaluation's features from the side to move's view (see the
    /// module documentation); [`Evaluate::evaluate`] is their dot product
    /// with [`EVAL_WEIGHTS`].
    #[must_use]
    pub fn eval_features(&self) -> [i32; EVAL_TERMS] {
        let me = self.side.index();
        let (own, opp) = self.own_and_opponent();
        let (own_pairs, own_triples) = pairs_and_triples(own);
        let (opp_pairs, opp_triples) = pairs_and_triples(opp);
        let (own_rings, opp_rings) = (rings(own), rings(opp));
        [
            i32::from(self.ejected[me]) - i32::from(self.ejected[1 - me]),
            own_rings[0] - opp_rings[0],
            own_rings[1] - opp_rings[1],
            own_rings[2] - opp_rings[2],
            own_rings[3] - opp_rings[3],
            own_pairs as i32 - opp_pairs as i32,
            own_triples as i32 - opp_triples as i32,
            i32::from(ejection_threats(own, opp) > 0),
            ejection_threats(opp, own).min(MAX_THREATS_COUNTED) as i32,
        ]
    }
}

impl Evaluate for Position {
    type Accumulator = ();

    fn evaluate(&self) -> i32 {
        self.eval_features().iter().zip(EVAL_WEIGHTS).map(|(f, w)| f * w).sum()
    }

    /// Abalone has many moves, and a quiet move away from the centre
    /// (negative hint) is rarely best.
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// Ejections first, then other pushes (more pushed first), then in-line
    /// moves by size, then broadsides by size; within each, moves towards
    /// the centre first. Quiet moves that leave the centre on balance come
    /// last, with negative hints.
    fn order_hint(&self, mv: Move) -> i32 {
        let kind = if mv.ejects() {
            10_000
        } else if mv.pushed() > 0 {
            5_000 + 100 * i32::from(mv.pushed())
        } else if mv.is_inline() {
            100 * i32::from(mv.count())
        } else {
            60 * i32::from(mv.count())
        };
        let towards_centre: i32 = mv
            .marbles()
            .zip(mv.destinations())
            .map(|(from, to): (Cell, Cell)| {
                i32::from(from.centre_distance()) - i32::from(to.centre_distance())
            })
            .sum();
        let retreat = if mv.pushed() == 0 && towards_centre < 0 { AWAY_FROM_CENTRE } else { 0 };
        kind + 20 * towards_centre - retreat
    }

    /// Ejections are the noisy moves.
    fn is_noisy(&self, mv: Move) -> bool {
        mv.ejects()
    }

    /// The ejecting pushes, for quiescence search.
    fn noisy_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves(moves);
        moves.retain(|mv| mv.ejects());
    }

    /// Abalone has (practically) no zugzwang: passing is a safe null move.
    fn null_move(&self) -> Option<Position> {
        Some(self.passed())
    }

    /// Playouts prefer ejections, then other pushes, then any move.
    fn playout_move(&self, moves: &[Move], rng: &mut SmallRng) -> Move {
        let ejecting: Vec<Move> = moves.iter().copied().filter(|mv| mv.ejects()).collect();
        let pushing: Vec<Move> = moves.iter().copied().filter(|mv| mv.pushed() > 0).collect();
        let pool = if !ejecting.is_empty() {
            &ejecting[..]
        } else if !pushing.is_empty() && rng.random_bool(0.5) {
            &pushing[..]
        } else {
            moves
        };
        pool[rng.random_range(0..pool.len())]
    }

    /// Playouts stop after 30 plies and are scored by the evaluation.
    fn playout_cutoff(&self) -> Option<u32> {
        Some(PLAYOUT_PLIES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use rand::SeedableRng;

    #[test]
    fn evaluation_is_the_dot_product_of_features_and_weights() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut moves = Vec::new();
        let mut checked = 0;
        for _ in 0..20 {
            let mut position = Position::new(Layout::Standard);
            for _ in 0..120 {
                if position.outcome().is_some() {
                    break;
                }
                let features = position.eval_features();
                let dot: i32 = features.iter().zip(EVAL_WEIGHTS).map(|(f, w)| f * w).sum();
                assert_eq!(position.evaluate(), dot);
                checked += 1;
                position.legal_moves(&mut moves);
                let pushes: Vec<Move> = moves.iter().copied().filter(|mv| mv.pushed() > 0).collect();
                let pool = if pushes.is_empty() || rng.random_bool(0.5) { &moves[..] } else { &pushes[..] };
                position.play(pool[rng.random_range(0..pool.len())]);
            }
        }
        assert!(checked > 1000);
    }
}
