//! Bitboard move generation: every legal move as a set of first marbles per
//! kind of move, for counting (bulk perft) and for listing.

use crate::board::{ALL_CELLS, Cell, Direction, EDGE, pred};
use crate::moves::Move;

/// The kinds of in-line move as (own marbles, pushed marbles): plain moves
/// of 1–3 and the sumitos 2→1, 3→1, 3→2.
const INLINE_KINDS: [(u8, u8); 6] = [(1, 0), (2, 0), (3, 0), (2, 1), (3, 1), (3, 2)];

/// The broadside moves as (axis, move direction) indices: each positive axis
/// with the four directions not along it.
const BROADSIDE_KINDS: [(usize, usize); 12] =
    [(0, 1), (0, 2), (0, 4), (0, 5), (1, 0), (1, 2), (1, 3), (1, 5), (2, 0), (2, 1), (2, 3), (2, 4)];

/// The trailing marbles of the in-line moves in direction `D`, one set per
/// entry of [`INLINE_KINDS`]. `free` = the cells whose `D`-neighbour is
/// empty.
#[inline(always)]
fn inline_sets<const D: usize>(own: u64, opp: u64, free: u64) -> [u64; 6] {
    let one = own & free;
    let two = own & pred::<D>(one);
    let three = own & pred::<D>(two);
    // Opponent marbles that can be pushed as the last of the pushed ones:
    // the cell behind is empty or off the board.
    let [two_push_one, three_push_one, three_push_two] = push_sets::<D>(own, opp, opp & (free | EDGE[D]));
    [one, two, three, two_push_one, three_push_one, three_push_two]
}

/// The trailing marbles of the sumitos 2→1, 3→1 and 3→2 in direction `D`
/// whose last pushed opponent marble is one of `last`.
#[inline(always)]
fn push_sets<const D: usize>(own: u64, opp: u64, last: u64) -> [u64; 3] {
    let pair = opp & pred::<D>(last);
    let facing_one = own & pred::<D>(last);
    let two_push_one = own & pred::<D>(facing_one);
    let three_push_one = own & pred::<D>(two_push_one);
    let facing_two = own & pred::<D>(pair);
    let two_facing_two = own & pred::<D>(facing_two);
    let three_push_two = own & pred::<D>(two_facing_two);
    [two_push_one, three_push_one, three_push_two]
}

/// The lower ends of the broadside pairs and triples along axis `A` whose
/// marbles all have an empty cell in the direction of the move; `movable` =
/// own marbles with that empty neighbour.
#[inline(always)]
fn broadside_sets<const A: usize>(movable: u64) -> [u64; 2] {
    let pairs = movable & pred::<A>(movable);
    let triples = pairs & pred::<A>(pairs);
    [pairs, triples]
}

/// Every legal move of the side owning `own`, as sets of first marbles.
pub(crate) struct MoveSets {
    inline: [[u64; 6]; 6],
    broadside: [[u64; 2]; 12],
}

impl MoveSets {
    #[inline(always)]
    pub(crate) fn new(own: u64, opp: u64) -> MoveSets {
        let empty = ALL_CELLS & !(own | opp);
        let free = [
            pred::<0>(empty),
            pred::<1>(empty),
            pred::<2>(empty),
            pred::<3>(empty),
            pred::<4>(empty),
            pred::<5>(empty),
        ];
        let inline = [
            inline_sets::<0>(own, opp, free[0]),
            inline_sets::<1>(own, opp, free[1]),
            inline_sets::<2>(own, opp, free[2]),
            inline_sets::<3>(own, opp, free[3]),
            inline_sets::<4>(own, opp, free[4]),
            inline_sets::<5>(own, opp, free[5]),
        ];
        let m = |dir: usize| own & free[dir];
        let broadside = [
            broadside_sets::<0>(m(1)),
            broadside_sets::<0>(m(2)),
            broadside_sets::<0>(m(4)),
            broadside_sets::<0>(m(5)),
            broadside_sets::<1>(m(0)),
            broadside_sets::<1>(m(2)),
            broadside_sets::<1>(m(3)),
            broadside_sets::<1>(m(5)),
            broadside_sets::<2>(m(0)),
            broadside_sets::<2>(m(1)),
            broadside_sets::<2>(m(3)),
            broadside_sets::<2>(m(4)),
        ];
        MoveSets { inline, broadside }
    }

    /// The number of legal moves.
    #[inline(always)]
    pub(crate) fn count(&self) -> u32 {
        let inline: u32 = self.inline.iter().flatten().map(|s| s.count_ones()).sum();
        let broadside: u32 = self.broadside.iter().flatten().map(|s| s.count_ones()).sum();
        inline + broadside
    }

    /// Appends every legal move to `moves`: in-line moves by direction, then
    /// broadside moves.
    pub(crate) fn list(&self, moves: &mut Vec<Move>) {
        for (dir, sets) in Direction::ALL.into_iter().zip(&self.inline) {
            for (&set, &(count, pushed)) in sets.iter().zip(&INLINE_KINDS) {
                moves.extend(Cell::of_bits(set).map(|first| Move { first, line: dir, dir, count, pushed }));
            }
        }
        for (&(axis, dir), sets) in BROADSIDE_KINDS.iter().zip(&self.broadside) {
            for (&set, count) in sets.iter().zip([2, 3]) {
                moves.extend(Cell::of_bits(set).map(|first| Move {
                    first,
                    line: Direction::ALL[axis],
                    dir: Direction::ALL[dir],
                    count,
                    pushed: 0,
                }));
            }
        }
    }
}

/// Whether `own` has a legal move; usually decided by a marble with an empty
/// cell beside it in its row.
pub(crate) fn has_move(own: u64, opp: u64) -> bool {
    let empty = ALL_CELLS & !(own | opp);
    own & (pred::<0>(empty) | pred::<3>(empty)) != 0 || MoveSets::new(own, opp).count() > 0
}
