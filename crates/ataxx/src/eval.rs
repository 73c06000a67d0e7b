//! [`Evaluate`] for [`Ataxx`]: the static evaluation and move ordering the
//! engines use.
//!
//! The evaluation is the learned network of [`crate::nnue`], whose
//! accumulators alpha-beta updates move by move. It replaced a
//! hand-written evaluation (stone difference, best immediate gain,
//! threats, exposure, edges) after an SPRT match at 1 s + 10 ms.

use crate::bitboard::SINGLES;
use crate::nnue::{self, AtaxxAccumulator};
use crate::{Ataxx, Move};
use search::Evaluate;

/// Points per stone.
const STONE: i32 = 100;
/// Reverse futility pruning's margin per ply of depth.
const FUTILITY_MARGIN: i32 = 150;

impl Evaluate for Ataxx {
    type Accumulator = AtaxxAccumulator;

    /// The network's evaluation (see [`crate::nnue`]), from scratch.
    fn evaluate(&self) -> i32 {
        nnue::evaluate(self, &nnue::accumulate(self))
    }

    fn accumulate(&self) -> AtaxxAccumulator {
        nnue::accumulate(self)
    }

    fn update_accumulator(&self, child: &Ataxx, parent: &AtaxxAccumulator, out: &mut AtaxxAccumulator) {
        nnue::update(self, child, parent, out);
    }

    fn evaluate_with(&self, accumulator: &AtaxxAccumulator) -> i32 {
        nnue::evaluate(self, accumulator)
    }

    /// Half the empty squares (each clone fills one, and the sides take
    /// turns) and two more for the jumps and passes of the ending.
    fn moves_left(&self) -> Option<u32> {
        Some(self.empty().count_ones() / 2 + 2)
    }

    /// Tuned for Ataxx (see [`crate::SEARCH_DEFAULTS`]).
    fn search_defaults() -> game::SearchDefaults {
        crate::SEARCH_DEFAULTS
    }

    /// Ataxx has many moves, and a negative hint (a jump that captures
    /// nothing and leaves a hole among own stones) is almost never best.
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// +44 Elo in matches at 20,000 nodes a move.
    fn internal_iterative_reduction(&self) -> bool {
        true
    }

    /// Pruning trusts a static evaluation that is improving more.
    fn improving_pruning(&self) -> bool {
        true
    }

    /// Singular extensions and multi-cut.
    fn singular_extensions(&self) -> bool {
        true
    }

    /// The evaluation already looks one capture ahead (the best gain), so
    /// a position far above beta stays there at shallow depth.
    fn futility_margin(&self) -> Option<i32> {
        Some(FUTILITY_MARGIN)
    }

    /// The evaluation's one-capture look-ahead makes a position far below
    /// alpha unlikely to recover by a quiet move near the leaves.
    fn futility_pruning(&self) -> bool {
        true
    }

    /// Captures first (two points each), a clone's new stone one point, a
    /// jump's vacated square costs half a point per own stone around it.
    fn order_hint(&self, mv: Move) -> i32 {
        let captured = count(self.captures(mv));
        match mv {
            Move::Pass => 0,
            Move::Clone(_) => 2 * STONE * captured + STONE,
            Move::Jump(from, _) => {
                let holes = count(SINGLES[from.index() as usize] & self.stones(self.side()));
                2 * STONE * captured - STONE / 2 * holes
            }
        }
    }
}

#[inline(always)]
fn count(set: u64) -> i32 {
    set.count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ruleset, Square};
    use game::Game;

    fn position(fen: &str) -> Ataxx {
        Ataxx::from_fen(fen, Ruleset::Seed).unwrap()
    }

    #[test]
    fn moves_left_is_half_the_empty_squares_and_two() {
        // 45 empty squares at the start: 22 + 2.
        assert_eq!(position("x5o/7/7/7/7/7/o5x x 0 1").moves_left(), Some(24));
        // Three empty squares near the end: 1 + 2.
        assert_eq!(
            position("xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxx3 o 0 40").moves_left(),
            Some(3)
        );
    }

    /// The same position with the colours (and the side to move) swapped.
    fn swapped(fen: &str) -> Ataxx {
        let swap: String = fen
            .chars()
            .map(|c| match c {
                'x' => 'o',
                'o' => 'x',
                c => c,
            })
            .collect();
        position(&swap)
    }

    #[test]
    fn the_evaluation_does_not_depend_on_colour() {
        for fen in [
            "x5o/7/7/7/7/7/o5x x 0 1",
            "xx1o2o/1xoo3/2x1-2/3o3/1-1x3/o1x3x/oo4x o 7 12",
            "x5o/7/7/3x3/7/7/o5x o 0 1",
        ] {
            assert_eq!(position(fen).evaluate(), swapped(fen).evaluate(), "{fen}");
        }
    }

    #[test]
    fn many_more_stones_are_better() {
        let ahead = position("xxxxxxx/xxxxxxx/7/7/7/7/o6 x 0 1");
        let behind = position("xxxxxxx/xxxxxxx/7/7/7/7/o6 o 0 1");
        assert!(
            ahead.evaluate() > 300 && behind.evaluate() < -300,
            "{} {}",
            ahead.evaluate(),
            behind.evaluate()
        );
    }

    #[test]
    fn captures_and_clones_are_tried_first() {
        let at = |name| Square::parse(name).unwrap();
        let position = position("7/7/7/2oo3/7/1x5/x6 x 0 1");
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let best = moves.iter().copied().max_by_key(|&mv| position.order_hint(mv)).unwrap();
        assert_eq!(best, Move::Clone(at("c3")));
        let clone = position.order_hint(Move::Clone(at("a2")));
        let jump = position.order_hint(Move::Jump(at("a1"), at("a3")));
        assert!(clone > jump);
    }

    #[test]
    fn the_tuned_search_constants_are_the_searchs_and_inside_their_ranges() {
        for &(name, value) in crate::SEARCH_DEFAULTS {
            let param = search::params::find(name).unwrap_or_else(|| panic!("no search constant {name}"));
            assert_eq!(param.name, name, "spelt as the search spells it");
            assert!((param.min..=param.max).contains(&value), "{name} {value}");
            assert_eq!(param.default_for(Ataxx::search_defaults()), value);
        }
    }
}
