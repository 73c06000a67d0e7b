//! Static evaluation and move ordering for the engines.
//!
//! The evaluation is the learned network of [`crate::nnue`], whose
//! accumulators alpha-beta updates move by move. Nothing is scored outside
//! it: a decided game is the search's, and the sixth ejection is a noisy
//! move that quiescence search plays out.

use crate::board::Cell;
use crate::moves::Move;
use crate::nnue::{self, AbaloneAccumulator};
use crate::position::Position;
use game::Game;
use rand::Rng;
use search::{Evaluate, SmallRng};

const PLAYOUT_PLIES: u32 = 30;
/// Taken off the ordering hint of a quiet move that leaves the centre on
/// balance, making it negative (below every other move).
const AWAY_FROM_CENTRE: i32 = 1000;
/// Reverse futility pruning's margin per ply of depth (a marble is worth
/// about 90 points to the network).
const FUTILITY_MARGIN: i32 = 80;

impl Evaluate for Position {
    type Accumulator = AbaloneAccumulator;

    /// The network's evaluation (see [`crate::nnue`]), from scratch.
    fn evaluate(&self) -> i32 {
        nnue::evaluate(self, &nnue::accumulate(self))
    }

    fn accumulate(&self) -> AbaloneAccumulator {
        nnue::accumulate(self)
    }

    fn update_accumulator(
        &self,
        child: &Position,
        parent: &AbaloneAccumulator,
        out: &mut AbaloneAccumulator,
    ) {
        nnue::update(self, child, parent, out);
    }

    fn evaluate_with(&self, accumulator: &AbaloneAccumulator) -> i32 {
        nnue::evaluate(self, accumulator)
    }

    /// Tuned for Abalone (see [`crate::SEARCH_DEFAULTS`]).
    fn search_defaults() -> game::SearchDefaults {
        crate::SEARCH_DEFAULTS
    }

    /// Abalone has many moves, and a quiet move away from the centre
    /// (negative hint) is rarely best.
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// Reverse futility pruning trusts the network near the leaves.
    fn futility_margin(&self) -> Option<i32> {
        Some(FUTILITY_MARGIN)
    }

    /// Pruning trusts a static evaluation that is improving more.
    fn improving_pruning(&self) -> bool {
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

    /// Each side's marbles, the side to move's first.
    fn correction_keys(&self) -> Option<[u64; 2]> {
        let side = self.side.index();
        Some([crate::position::mix(self.marbles[side]), crate::position::mix(self.marbles[1 - side])])
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

    #[test]
    fn evaluation_from_the_accumulator_is_the_evaluation_from_scratch() {
        let mut position = Position::new(Layout::Standard);
        let mut moves = Vec::new();
        for _ in 0..40 {
            assert_eq!(position.evaluate_with(&position.accumulate()), position.evaluate());
            position.legal_moves(&mut moves);
            position.play(moves[moves.len() / 2]);
        }
    }

    #[test]
    fn ejected_marbles_count_for_the_side_that_ejected_them() {
        // Black has ejected three white marbles (from the top row).
        let ahead: Position = "3ss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 3 0 b 0 20".parse().unwrap();
        assert!(ahead.evaluate() > 150, "{}", ahead.evaluate());
        assert!(ahead.passed().evaluate() < -150, "{}", ahead.passed().evaluate());
    }
}
