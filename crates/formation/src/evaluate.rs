//! The evaluation for the engines: how close each player is to connecting.

use crate::connect::{groups, grow, is_connected};
use crate::moves::Move;
use crate::position::Formation;
use crate::square::{bit, file, rank, squares};
use game::{Game, Player};
use search::Evaluate;

/// Score of a position whose side to move connects with its next move.
pub const WIN_NEXT: i32 = 20_000;
/// How many terms the evaluation has.
pub const EVAL_TERMS: usize = 5;
/// The names of the evaluation's features, in the order of
/// [`Formation::eval_features`] (side to move's view):
/// - `groups`: the opponent's orthogonally connected groups minus the
///   mover's;
/// - `spread`: the opponent's total distance of the pieces to their centre
///   of mass minus the mover's, in whole squares;
/// - `mobility`: the mover's moves minus the opponent's;
/// - `threat`: 1 when the opponent threatens to connect through exactly
///   one square;
/// - `threats`: 1 when the opponent threatens to connect through two or
///   more squares (hard to stop both).
pub const EVAL_FEATURES: [&str; EVAL_TERMS] = ["groups", "spread", "mobility", "threat", "threats"];
/// The weight of each feature of [`EVAL_FEATURES`], in points.
pub const EVAL_WEIGHTS: [i32; EVAL_TERMS] = [50, 6, 2, -150, -600];
/// Move ordering: a connecting move.
const ORDER_WIN: i32 = 1_000_000;
/// Move ordering: per group merged.
const ORDER_GROUP: i32 = 1_000;
/// Move ordering: per square closer to the other pieces' centre of mass.
const ORDER_APPROACH: i32 = 10;

/// What the evaluation knows about one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Orthogonally connected groups (1 would be a win).
    pub groups: u32,
    /// Sum over the pieces of the Manhattan distance to their centre of
    /// mass, in eighths of a square.
    pub spread: i32,
    /// Moves available.
    pub mobility: u32,
    /// The squares a move of this player would connect on (threats).
    pub wins: u64,
}

impl Features {
    /// The features of `player` in `position` (as if `player` were to move).
    #[must_use]
    pub fn of(position: &Formation, player: Player) -> Features {
        let own = position.pieces(player);
        let occupied = position.occupied();
        let (mut mobility, mut wins) = (0, 0);
        for from in squares(own) {
            let rest = own ^ bit(from);
            let targets = position.board().targets(from, occupied);
            mobility += targets.count_ones();
            for to in squares(targets & grow(rest) & !wins) {
                if is_connected(rest | bit(to)) {
                    wins |= bit(to);
                }
            }
        }
        Features { groups: groups(own), spread: spread(own), mobility, wins }
    }
}

/// Sum of the Manhattan distances of the squares of `set` (8 of them) to
/// their centre of mass, in eighths of a square.
fn spread(set: u64) -> i32 {
    let (sum_file, sum_rank) =
        squares(set).fold((0, 0), |(f, r), sq| (f + i32::from(file(sq)), r + i32::from(rank(sq))));
    let n = set.count_ones() as i32;
    squares(set)
        .map(|sq| (n * i32::from(file(sq)) - sum_file).abs() + (n * i32::from(rank(sq)) - sum_rank).abs())
        .sum()
}

impl Formation {
    /// The evaluation's features from the side to move's view (see
    /// [`EVAL_FEATURES`]), or `None` when the side to move connects with
    /// its next move (evaluated as [`WIN_NEXT`], outside the linear terms).
    #[must_use]
    pub fn eval_features(&self) -> Option<[i32; EVAL_TERMS]> {
        let side = self.side_to_move();
        let us = Features::of(self, side);
        if us.wins != 0 {
            return None;
        }
        let them = Features::of(self, side.other());
        let threats = them.wins.count_ones();
        Some([
            them.groups as i32 - us.groups as i32,
            (them.spread - us.spread) / 8,
            us.mobility as i32 - them.mobility as i32,
            i32::from(threats == 1),
            i32::from(threats > 1),
        ])
    }
}

impl Evaluate for Formation {
    type Accumulator = ();

    /// Connecting next move is nearly a win ([`WIN_NEXT`]); otherwise the
    /// dot product of [`Formation::eval_features`] with [`EVAL_WEIGHTS`]:
    /// fewer groups, pieces closer together and more moves than the
    /// opponent count, and an opponent threatening to connect costs.
    fn evaluate(&self) -> i32 {
        self.eval_features()
            .map_or(WIN_NEXT, |features| features.iter().zip(EVAL_WEIGHTS).map(|(f, w)| f * w).sum())
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
    use crate::square::parse;

    fn set(squares: &[&str]) -> u64 {
        squares.iter().fold(0, |set, s| set | bit(parse(s).unwrap()))
    }

    #[test]
    fn spread_of_a_block_and_a_line() {
        // A 2×4 block: files 3/2, 1/2, 1/2, 3/2 away in both rows (8
        // squares), every rank 1/2 away (4 squares): 12 squares in all.
        assert_eq!(spread(set(&["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"])), 12 * 8);
        let line = spread(set(&["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]));
        assert_eq!(line, 8 * (1 + 3 + 5 + 7));
    }

    #[test]
    fn start_is_balanced() {
        let start = Formation::start(&Config::default());
        let white = Features::of(&start, Player::P1);
        assert_eq!((white.groups, white.wins, white.mobility), (8, 0, 34));
        assert_eq!(Features::of(&start, Player::P2).groups, 8);
    }

    #[test]
    fn evaluation_is_the_dot_product_of_features_and_weights() {
        use game::Game;
        use rand::{Rng, SeedableRng, rngs::SmallRng};
        let mut rng = SmallRng::seed_from_u64(3);
        let mut moves = Vec::new();
        let (mut linear, mut next_wins) = (0, 0);
        for _ in 0..40 {
            let mut position = Formation::start(&Config::default());
            for _ in 0..60 {
                if position.outcome().is_some() {
                    break;
                }
                match position.eval_features() {
                    Some(features) => {
                        let dot: i32 = features.iter().zip(EVAL_WEIGHTS).map(|(f, w)| f * w).sum();
                        assert_eq!(position.evaluate(), dot);
                        linear += 1;
                    }
                    None => {
                        assert_eq!(position.evaluate(), WIN_NEXT);
                        next_wins += 1;
                    }
                }
                position.legal_moves(&mut moves);
                // Mostly moves the ordering likes, so that games get close
                // to connecting.
                moves.sort_by_key(|&mv| -position.order_hint(mv));
                let pick = if rng.random_bool(0.7) { 0 } else { rng.random_range(0..moves.len()) };
                position.play(moves[pick]);
            }
        }
        assert!(linear > 500 && next_wins > 0, "{linear} {next_wins}");
    }
}
