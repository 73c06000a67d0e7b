//! [`Evaluate`] for [`Formation`]: the static evaluation and move ordering
//! the engines use.
//!
//! The evaluation is the learned network of [`crate::nnue`], whose
//! accumulators alpha-beta updates move by move, except that a position
//! whose side to move connects next is nearly a win ([`WIN_NEXT`]). The
//! network replaced a linear evaluation (groups, spread, mobility,
//! threats) after an SPRT match (+201 Elo at 25,000 nodes a move).

use crate::connect::{groups, grow, is_connected};
use crate::moves::Move;
use crate::nnue::{self, FormationAccumulator};
use crate::position::Formation;
use crate::square::{bit, file, rank, squares};
use game::{Game, Player};
use search::Evaluate;

/// Score of a position whose side to move connects with its next move.
pub const WIN_NEXT: i32 = 20_000;
/// Move ordering: a connecting move.
const ORDER_WIN: i32 = 1_000_000;
/// Move ordering: per group merged.
const ORDER_GROUP: i32 = 1_000;
/// Move ordering: per square closer to the other pieces' centre of mass.
const ORDER_APPROACH: i32 = 10;

impl Formation {
    /// The squares on which a move of `player` would connect all its
    /// pieces (as if `player` were to move).
    #[must_use]
    pub fn connecting_squares(&self, player: Player) -> u64 {
        let own = self.pieces(player);
        let occupied = self.occupied();
        let mut wins = 0;
        for from in squares(own) {
            let rest = own ^ bit(from);
            for to in squares(self.board().targets(from, occupied) & grow(rest) & !wins) {
                if is_connected(rest | bit(to)) {
                    wins |= bit(to);
                }
            }
        }
        wins
    }

    /// Whether the side to move connects all its pieces with its next move.
    #[must_use]
    pub fn connects_next(&self) -> bool {
        let own = self.pieces(self.side_to_move());
        let occupied = self.occupied();
        squares(own).any(|from| {
            let rest = own ^ bit(from);
            squares(self.board().targets(from, occupied) & grow(rest)).any(|to| is_connected(rest | bit(to)))
        })
    }
}

impl Evaluate for Formation {
    type Accumulator = FormationAccumulator;

    /// Connecting next move is nearly a win ([`WIN_NEXT`]); otherwise the
    /// network's evaluation (see [`crate::nnue`]), from scratch.
    fn evaluate(&self) -> i32 {
        self.evaluate_with(&nnue::accumulate(self))
    }

    fn accumulate(&self) -> FormationAccumulator {
        nnue::accumulate(self)
    }

    fn update_accumulator(
        &self,
        child: &Formation,
        parent: &FormationAccumulator,
        out: &mut FormationAccumulator,
    ) {
        nnue::update(self, child, parent, out);
    }

    /// Connecting next move is nearly a win ([`WIN_NEXT`]); otherwise the
    /// network's evaluation.
    fn evaluate_with(&self, accumulator: &FormationAccumulator) -> i32 {
        if self.connects_next() { WIN_NEXT } else { nnue::evaluate(self, accumulator) }
    }

    /// Die Formation has many moves, and a negative hint (a move that splits
    /// a group or leaves the others' centre of mass) is rarely best.
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// A connecting move first, then moves that merge groups, then moves
    /// that bring the piece closer to the others' centre of mass.
    fn order_hint(&self, mv: Move) -> i32 {
        let Move::Step { from, to } = mv else { return 0 };
        let own = self.pieces(self.side_to_move());
        let after = own ^ bit(from) ^ bit(to);
        if is_connected(after) {
            return ORDER_WIN;
        }
        let merged = groups(own) as i32 - groups(after) as i32;
        let rest = own ^ bit(from);
        let n = rest.count_ones() as i32;
        let (sum_file, sum_rank) =
            squares(rest).fold((0, 0), |(f, r), sq| (f + i32::from(file(sq)), r + i32::from(rank(sq))));
        let distance =
            |sq: u8| (n * i32::from(file(sq)) - sum_file).abs() + (n * i32::from(rank(sq)) - sum_rank).abs();
        ORDER_GROUP * merged + ORDER_APPROACH * (distance(from) - distance(to)) / n.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use rand::{Rng, SeedableRng, rngs::SmallRng};

    #[test]
    fn connecting_next_is_exactly_having_connecting_squares() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut moves = Vec::new();
        let (mut connecting, mut other) = (0, 0);
        for _ in 0..40 {
            let mut position = Formation::start(&Config::default());
            for _ in 0..60 {
                if position.outcome().is_some() {
                    break;
                }
                let side = position.side_to_move();
                let next = position.connects_next();
                assert_eq!(next, position.connecting_squares(side) != 0);
                if next {
                    assert_eq!(position.evaluate(), WIN_NEXT);
                    connecting += 1;
                } else {
                    assert!(position.evaluate().abs() < WIN_NEXT);
                    other += 1;
                }
                position.legal_moves(&mut moves);
                // Mostly moves the ordering likes, so that games get close
                // to connecting.
                moves.sort_by_key(|&mv| -position.order_hint(mv));
                let pick = if rng.random_bool(0.7) { 0 } else { rng.random_range(0..moves.len()) };
                position.play(moves[pick]);
            }
        }
        assert!(connecting > 10 && other > 100, "{connecting} {other}");
    }
}
