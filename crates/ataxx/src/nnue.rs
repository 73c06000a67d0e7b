//! The learned evaluation of Ataxx: an NNUE network (`147 → 128 × 2 → 1`,
//! SCReLU; see [`search::nnue`]) trained on self-play positions by
//! `spielwerk train --game ataxx` and embedded in the binary.
//!
//! # Features
//!
//! Seen from player `p`, square `s` (its index, `rank × 7 + file`) gives
//! feature `s` when it holds a stone of `p`, `49 + s` when it holds the
//! opponent's, `98 + s` when it is a blocker. Each player's accumulator
//! sums the rows of its features; a move changes the rows of the squares
//! whose stones changed (the clone's or jump's target, a jump's origin,
//! the captured stones).
//!
//! # Symmetry
//!
//! The rules of Ataxx do not change under the eight symmetries of the
//! square, so a training position stands for eight; [`features`] takes
//! the symmetry to apply.

use crate::Ataxx;
use crate::bitboard::squares;
use search::nnue::{Accumulator, FeatureChanges, NetworkSlot};

/// Input features per perspective.
pub const INPUTS: usize = 147;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 128;
/// The number of symmetries of the board (rotations and reflections).
pub const SYMMETRIES: usize = 8;

/// The accumulator of an Ataxx position.
pub type AtaxxAccumulator = Accumulator<HIDDEN>;

/// The network file embedded in the binary.
pub const EMBEDDED: &[u8] = include_bytes!("../nets/ataxx.nnue");

/// The network in use: the embedded one unless another was loaded (the
/// engine protocols' `EvalFile` option, through [`net_spec`]).
pub static NETWORK: NetworkSlot<INPUTS, HIDDEN> = NetworkSlot::new(EMBEDDED, "Ataxx");

/// Feature offsets of own stones, the opponent's stones and blockers.
const OWN: usize = 0;
const THEIRS: usize = 49;
const BLOCKER: usize = 98;

/// The square index `index` under symmetry `symmetry` (0 is the identity;
/// bit 0 mirrors the files, bit 1 the ranks, bit 2 swaps files and ranks).
#[must_use]
pub fn transform(index: usize, symmetry: usize) -> usize {
    let (mut file, mut rank) = (index % 7, index / 7);
    if symmetry & 1 != 0 {
        file = 6 - file;
    }
    if symmetry & 2 != 0 {
        rank = 6 - rank;
    }
    if symmetry & 4 != 0 {
        std::mem::swap(&mut file, &mut rank);
    }
    rank * 7 + file
}

/// Calls `feature` with every active feature of the position made of the
/// stones `own` and `theirs` and the `blockers`, seen from the owner of
/// `own`, under `symmetry`.
pub fn features(own: u64, theirs: u64, blockers: u64, symmetry: usize, mut feature: impl FnMut(usize)) {
    for (set, offset) in [(own, OWN), (theirs, THEIRS), (blockers, BLOCKER)] {
        for square in squares(set) {
            feature(offset + transform(square as usize, symmetry));
        }
    }
}

/// The accumulator of `position`, computed from scratch.
#[must_use]
pub fn accumulate(position: &Ataxx) -> AtaxxAccumulator {
    NETWORK.get().accumulate(|player, add| {
        features(position.stones(player), position.stones(player.other()), position.blockers(), 0, add);
    })
}

/// The accumulator of `child`, reached from `parent` (whose accumulator
/// is `before`) by one move or a pass.
pub fn update(parent: &Ataxx, child: &Ataxx, before: &AtaxxAccumulator, after: &mut AtaxxAccumulator) {
    NETWORK.get().update(
        before,
        after,
        // A move changes at most 17 squares' stones: a jump's origin, its
        // target and 8 captures, each captured stone both ways.
        #[inline(always)]
        |player, changes: &mut FeatureChanges<24>| {
            for (owner, offset) in [(player, OWN), (player.other(), THEIRS)] {
                changes
                    .bits(parent.stones(owner), child.stones(owner), |square| offset + usize::from(square));
            }
        },
    );
}

/// The evaluation of `position` (side to move's view) from its
/// up-to-date accumulator.
#[must_use]
pub fn evaluate(position: &Ataxx, accumulator: &AtaxxAccumulator) -> i32 {
    NETWORK.get().evaluate_for(position.side(), accumulator)
}

/// The network as the trainer sees it (`spielwerk train ataxx`), for the
/// registry entry.
#[must_use]
pub fn net_spec() -> game::NetSpec {
    NETWORK.spec(SYMMETRIES, "crates/ataxx/nets/ataxx.nnue", pack, packed_features)
}

/// Packs a FEN (community rules) for training: the side to move's stones,
/// the opponent's, the blockers.
fn pack(text: &str) -> Result<Option<game::Packed>, String> {
    let position = Ataxx::from_fen(text, crate::Ruleset::Community).map_err(|error| error.to_string())?;
    let side = position.side();
    Ok(Some([position.stones(side), position.stones(side.other()), position.blockers(), 0]))
}

/// The features of both perspectives of a packed position under `symmetry`.
fn packed_features(packed: &game::Packed, symmetry: usize, us: &mut Vec<u16>, them: &mut Vec<u16>) {
    us.clear();
    them.clear();
    let [own, theirs, blockers, _] = *packed;
    features(own, theirs, blockers, symmetry, |f| us.push(f as u16));
    features(theirs, own, blockers, symmetry, |f| them.push(f as u16));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Ruleset, Square};
    use game::Game;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The image of the set `set` under `symmetry`.
    fn transform_set(set: u64, symmetry: usize) -> u64 {
        squares(set).fold(0, |image, square| {
            image | Square::from_index(transform(square as usize, symmetry) as u8).map_or(0, Square::bit)
        })
    }

    #[test]
    fn the_embedded_network_reads() {
        assert!(NETWORK.read(EMBEDDED).is_ok());
    }

    #[test]
    fn symmetries_are_permutations_and_keep_neighbours() {
        for symmetry in 0..SYMMETRIES {
            let mut seen = [false; 49];
            for index in 0..49 {
                seen[transform(index, symmetry)] = true;
            }
            assert!(seen.iter().all(|&s| s), "symmetry {symmetry} is a permutation");
            let (a, b) = (Square::from_index(8).unwrap(), Square::from_index(16).unwrap());
            let (ta, tb) = (transform(8, symmetry) as u8, transform(16, symmetry) as u8);
            assert_eq!(
                a.distance(b),
                Square::from_index(ta).unwrap().distance(Square::from_index(tb).unwrap())
            );
        }
        assert_eq!(transform_set(crate::bitboard::BOARD, 5), crate::bitboard::BOARD);
    }

    #[test]
    fn incremental_updates_equal_fresh_accumulators_along_random_games() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut moves = Vec::new();
        for fen in ["x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"] {
            for _ in 0..20 {
                let mut position = Ataxx::from_fen(fen, Ruleset::Community).unwrap();
                let mut accumulator = accumulate(&position);
                while position.outcome().is_none() {
                    position.legal_moves(&mut moves);
                    let mv: Move = moves[rng.random_range(0..moves.len())];
                    let mut child = position;
                    child.play(mv);
                    let mut next = AtaxxAccumulator::default();
                    update(&position, &child, &accumulator, &mut next);
                    assert_eq!(next, accumulate(&child), "after {mv} from {}", position.fen());
                    assert_eq!(evaluate(&child, &next), evaluate(&child, &accumulate(&child)));
                    (position, accumulator) = (child, next);
                }
            }
        }
    }

    #[test]
    fn features_map_one_to_one_under_every_symmetry() {
        // The network is trained on all symmetries, not built symmetric:
        // images of a position agree only roughly, but their features map
        // one to one.
        let position =
            Ataxx::from_fen("xx1o2o/1xoo3/2x1-2/3o3/1-1x3/o1x3x/oo4x o 7 12", Ruleset::Seed).unwrap();
        let us = position.stones(position.side());
        for symmetry in 0..SYMMETRIES {
            let mut direct = Vec::new();
            features(us, 0, 0, symmetry, |f| direct.push(f));
            let mut image = Vec::new();
            features(transform_set(us, symmetry), 0, 0, 0, |f| image.push(f));
            direct.sort_unstable();
            assert_eq!(direct, image, "symmetry {symmetry}");
        }
    }
}

#[cfg(test)]
mod training_tests {
    #[test]
    fn packed_features_are_those_of_the_side_to_move() {
        let spec = super::net_spec();
        let packed = (spec.pack)("x5o/7/7/3-3/7/7/o5x o 0 1").unwrap().unwrap();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        (spec.features)(&packed, 0, &mut us, &mut them);
        // o to move: its stones are 'own' (features below 49) in `us`.
        assert_eq!(us.len(), 5);
        assert_eq!(us.iter().filter(|&&f| f < 49).count(), 2);
        assert_eq!(them.iter().filter(|&&f| f >= 98).count(), 1, "the blocker");
        assert!((spec.pack)("x5o/7").is_err());
    }
}
