//! The learned evaluation of Die Formation: an NNUE network
//! (`512 → 128 × 2 → 1`, SCReLU; see [`search::nnue`]) trained on
//! self-play positions by `spielwerk train --game formation` and embedded
//! in the binary.
//!
//! # Features
//!
//! A piece moves by the colour of the square it stands on, so a feature is
//! a piece on a square *of a colour*: seen from player `p`, a piece of `p`
//! on square `s` (`rank × 8 + file`) of colour `c` (red 0, yellow 1,
//! green 2, blue 3) gives feature `64 c + s`, an opponent's piece there
//! `256 + 64 c + s`. Each player's accumulator sums the rows of its
//! features; a move (there are no captures) changes the rows of its
//! origin and its target.
//!
//! # Symmetry
//!
//! Movement by colour and orthogonal connection do not change under the
//! eight symmetries of the square when the colours move with their
//! squares, so a training position stands for eight positions on eight
//! boards; [`features`] takes the symmetry to apply to the squares, each
//! keeping the colour it had.

use crate::position::Formation;
use crate::square::{file, rank, squares};
use crate::tiles::Color;
use search::nnue::{Accumulator, FeatureChanges, NetworkSlot};

/// Input features per perspective.
pub const INPUTS: usize = 512;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 128;
/// The number of symmetries of the board (rotations and reflections).
pub const SYMMETRIES: usize = 8;

/// The accumulator of a Die Formation position.
pub type FormationAccumulator = Accumulator<HIDDEN>;

/// The network file embedded in the binary.
pub const EMBEDDED: &[u8] = include_bytes!("../nets/formation.nnue");

/// The network in use: the embedded one unless another was loaded (the
/// engine protocols' `EvalFile` option, through [`net_spec`]).
pub static NETWORK: NetworkSlot<INPUTS, HIDDEN> = NetworkSlot::new(EMBEDDED, "Die Formation");

/// Feature offset of the opponent's pieces.
const THEIRS: usize = 256;

/// The colour's index in the features: red 0, yellow 1, green 2, blue 3.
#[must_use]
pub fn color_index(color: Color) -> usize {
    match color {
        Color::Red => 0,
        Color::Yellow => 1,
        Color::Green => 2,
        Color::Blue => 3,
    }
}

/// The board's colours as two bit sets: bit `s` of the first is bit 0 of
/// square `s`'s [`color_index`], bit `s` of the second its bit 1.
#[must_use]
pub fn color_planes(position: &Formation) -> [u64; 2] {
    (0..64u8).fold([0, 0], |[low, high], square| {
        let index = color_index(position.board().color(square));
        [low | ((index as u64 & 1) << square), high | ((index as u64 >> 1) << square)]
    })
}

/// The square `square` under symmetry `symmetry` (0 is the identity; bit 0
/// mirrors the files, bit 1 the ranks, bit 2 swaps files and ranks).
#[must_use]
pub fn transform(square: u8, symmetry: usize) -> usize {
    let (mut f, mut r) = (usize::from(file(square)), usize::from(rank(square)));
    if symmetry & 1 != 0 {
        f = 7 - f;
    }
    if symmetry & 2 != 0 {
        r = 7 - r;
    }
    if symmetry & 4 != 0 {
        std::mem::swap(&mut f, &mut r);
    }
    r * 8 + f
}

/// The feature of a piece on `square` of colour index `color`, owned by
/// the perspective's player (`own`) or the opponent, under `symmetry`.
#[inline(always)]
fn feature(own: bool, color: usize, square: u8, symmetry: usize) -> usize {
    let offset = if own { 0 } else { THEIRS };
    offset + 64 * color + transform(square, symmetry)
}

/// Calls `feature` with every active feature of the position made of the
/// pieces `own` and `theirs` on a board whose colours are `colors` (see
/// [`color_planes`]), seen from the owner of `own`, under `symmetry`.
pub fn features(own: u64, theirs: u64, colors: [u64; 2], symmetry: usize, mut each: impl FnMut(usize)) {
    let color_of = |square: u8| ((colors[0] >> square) & 1 | ((colors[1] >> square) & 1) << 1) as usize;
    for (set, mine) in [(own, true), (theirs, false)] {
        for square in squares(set) {
            each(feature(mine, color_of(square), square, symmetry));
        }
    }
}

/// The accumulator of `position`, computed from scratch.
#[must_use]
pub fn accumulate(position: &Formation) -> FormationAccumulator {
    let colors = color_planes(position);
    NETWORK.get().accumulate(|player, add| {
        features(position.pieces(player), position.pieces(player.other()), colors, 0, add);
    })
}

/// The accumulator of `child`, reached from `parent` (whose accumulator
/// is `before`) by one move or a pass.
pub fn update(
    parent: &Formation,
    child: &Formation,
    before: &FormationAccumulator,
    after: &mut FormationAccumulator,
) {
    let board = child.board();
    let color = |square: u8| color_index(board.color(square));
    NETWORK.get().update(
        before,
        after,
        // A move changes two squares: its origin and its target.
        #[inline(always)]
        |player, changes: &mut FeatureChanges<2>| {
            for (owner, mine) in [(player, true), (player.other(), false)] {
                changes.bits(parent.pieces(owner), child.pieces(owner), |square| {
                    feature(mine, color(square), square, 0)
                });
            }
        },
    );
}

/// The evaluation of `position` (side to move's view) from its
/// up-to-date accumulator.
#[must_use]
pub fn evaluate(position: &Formation, accumulator: &FormationAccumulator) -> i32 {
    NETWORK.get().evaluate_for(game::Game::side_to_move(position), accumulator)
}

/// The network as the trainer sees it (`spielwerk train formation`), for
/// the registry entry.
#[must_use]
pub fn net_spec() -> game::NetSpec {
    NETWORK.spec(SYMMETRIES, "crates/formation/nets/formation.nnue", pack, packed_features)
}

/// Packs a position text for training: the side to move's pieces, the
/// opponent's, the board's colour planes; `None` when the side to move
/// connects next (the network does not evaluate it).
fn pack(text: &str) -> Result<Option<game::Packed>, String> {
    use game::Game as _;
    let position = text.parse::<Formation>().map_err(|error| error.to_string())?;
    if position.connects_next() {
        return Ok(None);
    }
    let side = position.side_to_move();
    let [low, high] = color_planes(&position);
    Ok(Some([position.pieces(side), position.pieces(side.other()), low, high]))
}

/// The features of both perspectives of a packed position under `symmetry`.
fn packed_features(packed: &game::Packed, symmetry: usize, us: &mut Vec<u16>, them: &mut Vec<u16>) {
    us.clear();
    them.clear();
    let [own, theirs, low, high] = *packed;
    features(own, theirs, [low, high], symmetry, |f| us.push(f as u16));
    features(theirs, own, [low, high], symmetry, |f| them.push(f as u16));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::tiles::Layout;
    use game::{Game, Player};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_embedded_network_reads() {
        assert!(NETWORK.read(EMBEDDED).is_ok());
    }

    #[test]
    fn symmetries_are_permutations_and_keep_orthogonal_neighbours() {
        for symmetry in 0..SYMMETRIES {
            let mut seen = [false; 64];
            for square in 0..64u8 {
                seen[transform(square, symmetry)] = true;
            }
            assert!(seen.iter().all(|&s| s), "symmetry {symmetry} is a permutation");
            // b2 and b3 are orthogonal neighbours; so are their images.
            let (a, b) = (transform(9, symmetry) as i32, transform(17, symmetry) as i32);
            let distance = (a % 8 - b % 8).abs() + (a / 8 - b / 8).abs();
            assert_eq!(distance, 1, "symmetry {symmetry}");
        }
    }

    #[test]
    fn features_carry_the_colour_of_the_square() {
        let position = Formation::start(&Config::default());
        let colors = color_planes(&position);
        let mut seen = Vec::new();
        features(position.pieces(Player::P1), 0, colors, 0, |f| seen.push(f));
        assert_eq!(seen.len(), 8);
        for f in seen {
            let square = (f % 64) as u8;
            assert_ne!(position.pieces(Player::P1) & crate::square::bit(square), 0);
            assert_eq!(f / 64, color_index(position.board().color(square)));
        }
    }

    #[test]
    fn incremental_updates_equal_fresh_accumulators_along_random_games() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut moves = Vec::new();
        for layout in [Layout::DEFAULT, Layout::random(5)] {
            let config = Config { layout, ..Config::default() };
            for _ in 0..10 {
                let mut position = Formation::start(&config);
                let mut accumulator = accumulate(&position);
                for _ in 0..150 {
                    if position.outcome().is_some() {
                        break;
                    }
                    position.legal_moves(&mut moves);
                    let mv = moves[rng.random_range(0..moves.len())];
                    let mut child = position.clone();
                    child.play(mv);
                    let mut next = FormationAccumulator::default();
                    update(&position, &child, &accumulator, &mut next);
                    assert_eq!(next, accumulate(&child), "after {mv}");
                    assert_eq!(evaluate(&child, &next), evaluate(&child, &accumulate(&child)));
                    (position, accumulator) = (child, next);
                }
            }
        }
    }
}

#[cfg(test)]
mod training_tests {
    #[test]
    fn packed_features_are_pieces_on_coloured_squares() {
        let spec = super::net_spec();
        let start = "1a0 2a0 3a0 4a0 1B1W1BW1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0";
        let packed = (spec.pack)(start).unwrap().unwrap();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        for symmetry in 0..spec.symmetries {
            (spec.features)(&packed, symmetry, &mut us, &mut them);
            assert_eq!((us.len(), them.len()), (16, 16));
            assert_eq!(us.iter().filter(|&&f| f < 256).count(), 8, "White's own pieces");
            assert!(us.iter().chain(&them).all(|&f| usize::from(f) < spec.inputs));
        }
        // White connects with h5f4 next: the network does not evaluate it.
        let connecting = "1a0 2a0 3a0 4a0 1B2B3/7B/8/B4W1W/2WWW2B/2WWW3/B7/3B2B1 w 0";
        assert_eq!((spec.pack)(connecting).unwrap(), None);
    }
}
