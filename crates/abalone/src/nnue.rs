//! The learned evaluation of Abalone: an NNUE network (`134 → 128 × 2 → 1`,
//! SCReLU; see [`search::nnue`]) trained on self-play positions by
//! `spielwerk train --game abalone` and embedded in the binary.
//!
//! # Features
//!
//! Seen from player `p`, cell `c` (its index, `a1` = 0 … `i9` = 60) gives
//! feature `c` when it holds a marble of `p` and `61 + c` when it holds
//! the opponent's; the marbles `p` has ejected give one of the features
//! `122 + k` (`k` = 0…5) and those the opponent has ejected one of
//! `128 + k`. The ejection counts are one-hot rather than counted so that
//! the network can value the fifth ejection (one from the win) apart from
//! the first. Each player's accumulator sums the rows of its features; a
//! move changes the rows of the cells whose marbles changed (the moved
//! line's tail and head or a broadside's cells, a pushed line's ends) and,
//! when it ejects, the ejection count of the mover.
//!
//! # Symmetry
//!
//! The rules do not change under the twelve symmetries of the hexagon (six
//! rotations about e5, each with or without a reflection), so a training
//! position stands for twelve; [`features`] takes the symmetry to apply.

use crate::board::{CELL_COUNT, Cell};
use crate::position::{EJECTIONS_TO_WIN, Position};
use game::Player;
use search::nnue::{Accumulator, FeatureChanges, NetworkSlot};
use std::sync::LazyLock;

/// Input features per perspective.
pub const INPUTS: usize = 2 * CELL_COUNT + 2 * EJECTION_FEATURES;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 128;
/// The number of symmetries of the board (rotations and reflections).
pub const SYMMETRIES: usize = 12;

/// The accumulator of an Abalone position.
pub type AbaloneAccumulator = Accumulator<HIDDEN>;

/// The network file embedded in the binary.
pub const EMBEDDED: &[u8] = include_bytes!("../nets/abalone.nnue");

/// The network in use: the embedded one unless another was loaded (the
/// engine protocols' `EvalFile` option, through [`net_spec`]).
pub static NETWORK: NetworkSlot<INPUTS, HIDDEN> = NetworkSlot::new(EMBEDDED, "Abalone");

/// One-hot ejection counts per side: 0 to 5 (6 ends the game).
const EJECTION_FEATURES: usize = EJECTIONS_TO_WIN as usize;
/// Feature offsets of the opponent's marbles and of both ejection counts.
const THEIRS: usize = CELL_COUNT;
const OWN_EJECTED: usize = 2 * CELL_COUNT;
const THEIR_EJECTED: usize = OWN_EJECTED + EJECTION_FEATURES;

/// The cell index of every cell under every symmetry.
static SYMMETRY_TABLE: LazyLock<[[u8; CELL_COUNT]; SYMMETRIES]> = LazyLock::new(|| {
    let mut table = [[0; CELL_COUNT]; SYMMETRIES];
    for (symmetry, images) in table.iter_mut().enumerate() {
        for cell in Cell::all() {
            images[cell.index()] = image(cell, symmetry).index() as u8;
        }
    }
    table
});

/// `cell` under `symmetry`: `symmetry % 6` turns by 60° about e5, and
/// symmetries 6 to 11 reflect first. In cube coordinates
/// `(a, b, c) = (diag − 5, 5 − row, row − diag)`, which sum to 0 and are
/// each within ±4 on the board, a turn is `(a, b, c) → (−c, −a, −b)` and
/// the reflection swaps `a` and `b`.
fn image(cell: Cell, symmetry: usize) -> Cell {
    let (row, diag) = (i32::from(cell.row()), i32::from(cell.diag()));
    let (mut a, mut b, mut c) = (diag - 5, 5 - row, row - diag);
    if symmetry >= 6 {
        std::mem::swap(&mut a, &mut b);
    }
    for _ in 0..symmetry % 6 {
        (a, b, c) = (-c, -a, -b);
    }
    debug_assert_eq!(a + b + c, 0);
    Cell::new((5 - b) as u8, (5 + a) as u8).expect("a symmetry keeps cells on the board")
}

/// The cell index `index` (0..61) under symmetry `symmetry` (0..12, 0 is
/// the identity; see the module documentation).
#[must_use]
pub fn transform(index: usize, symmetry: usize) -> usize {
    usize::from(SYMMETRY_TABLE[symmetry][index])
}

/// The feature of `count` ejections by the perspective's player (`own`)
/// or its opponent; counts of 6 and more (a decided game) count as 5.
#[inline(always)]
fn ejection_feature(own: bool, count: u8) -> usize {
    let offset = if own { OWN_EJECTED } else { THEIR_EJECTED };
    offset + usize::from(count).min(EJECTION_FEATURES - 1)
}

/// Calls `feature` with every active feature of the position made of the
/// marbles `own` and `theirs` with the ejection counts `ejected` (by the
/// owner of `own`, then by the opponent), seen from the owner of `own`,
/// under `symmetry`.
pub fn features(own: u64, theirs: u64, ejected: [u8; 2], symmetry: usize, mut feature: impl FnMut(usize)) {
    for (set, offset) in [(own, 0), (theirs, THEIRS)] {
        for cell in Cell::of_bits(set) {
            feature(offset + transform(cell.index(), symmetry));
        }
    }
    feature(ejection_feature(true, ejected[0]));
    feature(ejection_feature(false, ejected[1]));
}

/// The marbles and ejection counts of `position` seen from `player`: its
/// marbles, the opponent's, and `[ejected by player, by the opponent]`.
#[must_use]
pub fn perspective(position: &Position, player: Player) -> (u64, u64, [u8; 2]) {
    let other = player.other();
    (
        position.marbles(player),
        position.marbles(other),
        [position.ejected_by(player), position.ejected_by(other)],
    )
}

/// The accumulator of `position`, computed from scratch.
#[must_use]
pub fn accumulate(position: &Position) -> AbaloneAccumulator {
    NETWORK.get().accumulate(|player, add| {
        let (own, theirs, ejected) = perspective(position, player);
        features(own, theirs, ejected, 0, add);
    })
}

/// At most this many features are added, and as many removed, per
/// perspective and move: a broadside's three cells; an in-line move's head
/// and tail, the cell of the first pushed marble and the pushed line's new
/// end or, when it ejects, the mover's ejection count.
const CHANGES: usize = 3;

/// The accumulator of `child`, reached from `parent` (whose accumulator
/// is `before`) by one move or a pass.
pub fn update(
    parent: &Position,
    child: &Position,
    before: &AbaloneAccumulator,
    after: &mut AbaloneAccumulator,
) {
    NETWORK.get().update(
        before,
        after,
        #[inline(always)]
        |player, changes: &mut FeatureChanges<CHANGES>| {
            for (owner, offset) in [(player, 0), (player.other(), THEIRS)] {
                changes.bits(parent.marbles(owner), child.marbles(owner), |cell| offset + usize::from(cell));
                let (old, new) = (parent.ejected_by(owner), child.ejected_by(owner));
                if old != new {
                    changes.remove(ejection_feature(owner == player, old));
                    changes.add(ejection_feature(owner == player, new));
                }
            }
        },
    );
}

/// The evaluation of `position` (side to move's view) from its
/// up-to-date accumulator.
#[must_use]
pub fn evaluate(position: &Position, accumulator: &AbaloneAccumulator) -> i32 {
    NETWORK.get().evaluate_for(game::Game::side_to_move(position), accumulator)
}

/// The network as the trainer sees it (`spielwerk train abalone`), for
/// the registry entry.
#[must_use]
pub fn net_spec() -> game::NetSpec {
    NETWORK.spec(SYMMETRIES, "crates/abalone/nets/abalone.nnue", pack, packed_features)
}

/// Packs a position text for training: the side to move's marbles, the
/// opponent's, and the ejection counts (bits 0–7 the side to move's, 8–15
/// the opponent's).
fn pack(text: &str) -> Result<Option<game::Packed>, String> {
    use game::Game as _;
    let position = text.parse::<Position>().map_err(|error| error.to_string())?;
    let (own, theirs, [by_own, by_theirs]) = perspective(&position, position.side_to_move());
    Ok(Some([own, theirs, u64::from(by_own) | u64::from(by_theirs) << 8, 0]))
}

/// The features of both perspectives of a packed position under `symmetry`.
fn packed_features(packed: &game::Packed, symmetry: usize, us: &mut Vec<u16>, them: &mut Vec<u16>) {
    us.clear();
    them.clear();
    let [own, theirs, ejected, _] = *packed;
    let [by_own, by_theirs] = [ejected as u8, (ejected >> 8) as u8];
    features(own, theirs, [by_own, by_theirs], symmetry, |f| us.push(f as u16));
    features(theirs, own, [by_theirs, by_own], symmetry, |f| them.push(f as u16));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Direction;
    use crate::layout::Layout;
    use game::Game;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_embedded_network_reads() {
        assert!(NETWORK.read(EMBEDDED).is_ok());
    }

    #[test]
    fn symmetries_are_distinct_permutations_that_keep_neighbours() {
        let mut images = Vec::new();
        for symmetry in 0..SYMMETRIES {
            let mut seen = [false; CELL_COUNT];
            for cell in Cell::all() {
                seen[transform(cell.index(), symmetry)] = true;
                for dir in Direction::ALL {
                    let Some(next) = cell.neighbour(dir) else { continue };
                    let (a, b) = (transform(cell.index(), symmetry), transform(next.index(), symmetry));
                    let (a, b) = (Cell::from_index(a).unwrap(), Cell::from_index(b).unwrap());
                    assert!(Direction::ALL.iter().any(|&d| a.neighbour(d) == Some(b)), "symmetry {symmetry}");
                }
            }
            assert!(seen.iter().all(|&s| s), "symmetry {symmetry} is a permutation");
            images.push((0..CELL_COUNT).map(|c| transform(c, symmetry)).collect::<Vec<_>>());
        }
        assert!((0..CELL_COUNT).all(|c| transform(c, 0) == c), "symmetry 0 is the identity");
        images.sort();
        images.dedup();
        assert_eq!(images.len(), SYMMETRIES, "the symmetries differ");
    }

    #[test]
    fn features_are_the_marbles_and_the_ejection_counts() {
        let position = Position::new(Layout::Standard);
        let (own, theirs, ejected) = perspective(&position, Player::P2);
        let mut seen = Vec::new();
        features(own, theirs, [5, 7], 3, |f| seen.push(f));
        assert_eq!(ejected, [0, 0]);
        assert_eq!(seen.len(), 30);
        assert_eq!(seen.iter().filter(|&&f| f < THEIRS).count(), 14);
        assert_eq!(seen[28..], [OWN_EJECTED + 5, THEIR_EJECTED + 5]);
        assert!(seen.iter().all(|&f| f < INPUTS));
    }

    /// A move of a random game, ejections and other pushes preferred so
    /// that the games reach ejections.
    fn random_move(
        position: &Position,
        moves: &mut Vec<crate::moves::Move>,
        rng: &mut SmallRng,
    ) -> crate::moves::Move {
        position.legal_moves(moves);
        let pushes: Vec<_> = moves.iter().copied().filter(|mv| mv.pushed() > 0).collect();
        let pool = if pushes.is_empty() || rng.random_bool(0.3) { &moves[..] } else { &pushes[..] };
        pool[rng.random_range(0..pool.len())]
    }

    #[test]
    fn incremental_updates_equal_fresh_accumulators_along_random_games() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut moves = Vec::new();
        let mut ejections = 0;
        for _ in 0..20 {
            let mut position = Position::new(Layout::Standard);
            let mut accumulator = accumulate(&position);
            for _ in 0..300 {
                if position.outcome().is_some() {
                    break;
                }
                let mv = random_move(&position, &mut moves, &mut rng);
                ejections += usize::from(mv.ejects());
                let mut child = position.clone();
                child.play(mv);
                let mut next = AbaloneAccumulator::default();
                update(&position, &child, &accumulator, &mut next);
                assert_eq!(next, accumulate(&child), "after {mv:?}");
                assert_eq!(evaluate(&child, &next), evaluate(&child, &accumulate(&child)));
                (position, accumulator) = (child, next);
            }
            let passed = position.passed();
            let mut next = AbaloneAccumulator::default();
            update(&position, &passed, &accumulator, &mut next);
            assert_eq!(next, accumulator, "a pass changes no feature");
        }
        assert!(ejections > 20, "the games eject marbles ({ejections})");
    }
}

#[cfg(test)]
mod training_tests {
    #[test]
    fn packed_features_are_marbles_and_ejection_counts() {
        let spec = super::net_spec();
        let text = "sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSS1 0 1 w 0 9";
        let packed = (spec.pack)(text).unwrap().unwrap();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        for symmetry in 0..spec.symmetries {
            (spec.features)(&packed, symmetry, &mut us, &mut them);
            assert_eq!((us.len(), them.len()), (29, 29));
            // White to move: its 14 marbles are 'own' in `us`, Black's 13
            // in `them`; White has ejected one marble, Black none.
            assert_eq!(us.iter().filter(|&&f| f < 61).count(), 14);
            assert_eq!(them.iter().filter(|&&f| f < 61).count(), 13);
            assert_eq!(us[27..], [122 + 1, 128]);
            assert_eq!(them[27..], [122, 128 + 1]);
            assert!(us.iter().chain(&them).all(|&f| usize::from(f) < spec.inputs));
        }
        assert!((spec.pack)("sssss/ssssss").is_err());
    }
}
