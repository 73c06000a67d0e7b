//! Fast perft: the move tree walked on bare bitboards, from the mover's
//! point of view, counting the last ply in bulk with popcounts.

use crate::bitboard::{DOUBLES, SINGLES, count_jumps, dilate, dilate2, squares};
use crate::position::FIFTY_MOVE_PLIES;
use crate::{Ataxx, Ruleset};

/// What perft needs of a position: the stones of the side to move and of
/// the opponent, the empty squares and the half-move clock.
#[derive(Clone, Copy)]
struct Node {
    us: u64,
    them: u64,
    empty: u64,
    clock: u32,
}

/// The leaf count of the move tree `depth` plies below `position`, equal to
/// [`game::perft::count`].
pub(crate) fn perft(position: &Ataxx, depth: u32) -> u64 {
    let side = position.side();
    let node = Node {
        us: position.stones(side),
        them: position.stones(side.other()),
        empty: position.empty(),
        clock: position.halfmove(),
    };
    let limit = match position.rules() {
        Ruleset::Seed => u32::MAX,
        Ruleset::Community => FIFTY_MOVE_PLIES,
    };
    match depth {
        0 => 1,
        #[cfg(target_arch = "x86_64")]
        _ if std::arch::is_x86_feature_detected!("popcnt") => Hardware::recurse(&node, depth, limit),
        _ => Portable::recurse(&node, depth, limit),
    }
}

/// How the walk descends one ply: with or without the CPU's popcount
/// instruction (the walk is compiled once for each).
trait Walk {
    /// The leaf count `depth` plies below `node`.
    fn recurse(node: &Node, depth: u32, limit: u32) -> u64;
}

/// The walk for any CPU.
struct Portable;

impl Walk for Portable {
    fn recurse(node: &Node, depth: u32, limit: u32) -> u64 {
        node.count::<Portable>(depth, limit)
    }
}

/// The walk compiled with the `popcnt` instruction, for CPUs that have it.
#[cfg(target_arch = "x86_64")]
struct Hardware;

#[cfg(target_arch = "x86_64")]
impl Walk for Hardware {
    fn recurse(node: &Node, depth: u32, limit: u32) -> u64 {
        // SAFETY: `Hardware` is only used after `perft` detected `popcnt`.
        unsafe { count_with_popcnt(node, depth, limit) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn count_with_popcnt(node: &Node, depth: u32, limit: u32) -> u64 {
    node.count::<Hardware>(depth, limit)
}

impl Node {
    /// Whether a player has no stones or the clock ran out.
    #[inline(always)]
    fn decided(&self, limit: u32) -> bool {
        self.us == 0 || self.them == 0 || self.clock >= limit
    }

    /// The number of legal moves (a forced pass counts as one).
    #[inline(always)]
    fn moves(&self, limit: u32) -> u64 {
        if self.decided(limit) {
            return 0;
        }
        let n = (dilate(self.us) & self.empty).count_ones() + count_jumps(self.us, self.empty);
        if n > 0 { u64::from(n) } else { u64::from(dilate2(self.them) & self.empty != 0) }
    }

    /// The position after the mover puts a stone on `to` (bit), having left
    /// `from` (bit, 0 for a clone).
    #[inline(always)]
    fn child(&self, from: u64, to: u64, to_index: u8) -> Node {
        let captured = SINGLES[to_index as usize] & self.them;
        Node {
            us: self.them ^ captured,
            them: (self.us ^ from) | to | captured,
            empty: self.empty ^ to ^ from,
            clock: if from == 0 { 0 } else { self.clock + 1 },
        }
    }

    /// The leaf count two plies below this node. The opponent's jumps after
    /// each move are counted from their number before it, corrected for the
    /// squares the move fills and empties and the stones it captures.
    #[inline(always)]
    fn count_two(&self, limit: u32) -> u64 {
        if self.decided(limit) {
            return 0;
        }
        let jumps = count_jumps(self.them, self.empty);
        let replies = |from: u64, from_index: usize, to: u8, clock: u32| -> u64 {
            let captured = SINGLES[to as usize] & self.them;
            let mover = self.them ^ captured;
            if mover == 0 || clock >= limit {
                return 0;
            }
            let empty = self.empty ^ 1 << to ^ from;
            let mut n = jumps - (DOUBLES[to as usize] & self.them).count_ones();
            if from != 0 {
                n += (DOUBLES[from_index] & self.them).count_ones();
            }
            n -= count_jumps(captured, empty);
            n += (dilate(mover) & empty).count_ones();
            if n > 0 {
                u64::from(n)
            } else {
                let other = (self.us ^ from) | 1 << to | captured;
                u64::from(dilate2(other) & empty != 0)
            }
        };
        let mut total = 0;
        let clones = dilate(self.us) & self.empty;
        for to in squares(clones) {
            total += replies(0, 0, to, 0);
        }
        let mut any = clones != 0;
        for from in squares(self.us) {
            let targets = DOUBLES[from as usize] & self.empty;
            any |= targets != 0;
            for to in squares(targets) {
                total += replies(1 << from, from as usize, to, self.clock + 1);
            }
        }
        if !any && dilate2(self.them) & self.empty != 0 {
            let pass = Node { us: self.them, them: self.us, empty: self.empty, clock: self.clock + 1 };
            total = pass.moves(limit);
        }
        total
    }

    #[inline(always)]
    fn count<W: Walk>(&self, depth: u32, limit: u32) -> u64 {
        if depth <= 2 {
            return if depth == 1 { self.moves(limit) } else { self.count_two(limit) };
        }
        if self.decided(limit) {
            return 0;
        }
        let mut total = 0;
        let mut any = false;
        let clones = dilate(self.us) & self.empty;
        for to in squares(clones) {
            total += W::recurse(&self.child(0, 1 << to, to), depth - 1, limit);
        }
        any |= clones != 0;
        for from in squares(self.us) {
            let targets = DOUBLES[from as usize] & self.empty;
            any |= targets != 0;
            for to in squares(targets) {
                total += W::recurse(&self.child(1 << from, 1 << to, to), depth - 1, limit);
            }
        }
        if !any && dilate2(self.them) & self.empty != 0 {
            let pass = Node { us: self.them, them: self.us, empty: self.empty, clock: self.clock + 1 };
            total = W::recurse(&pass, depth - 1, limit);
        }
        total
    }
}
