//! [`Position`]: the marbles, the ejection counts, the side to move and the
//! rules that end a game; playing moves and perft.

use crate::board::{Cell, RAY, bit_of};
use crate::layout::Layout;
use crate::movegen::MoveSets;
use crate::moves::Move;
use game::{Outcome, Player};

/// Ejections that win the game.
pub const EJECTIONS_TO_WIN: u8 = 6;

/// Marbles per player at most.
pub const MARBLES_PER_PLAYER: u32 = 14;

/// An Abalone position: Black ([`Player::P1`]) and White ([`Player::P2`])
/// marbles as bitboards, marbles ejected by each player, the side to move,
/// the move counters and the ply limit of the game (0 = none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) marbles: [u64; 2],
    pub(crate) ejected: [u8; 2],
    pub(crate) side: Player,
    pub(crate) since_ejection: u32,
    pub(crate) move_number: u32,
    pub(crate) ply_limit: u32,
}

impl Position {
    /// The start position of `layout`, Black to move, no ply limit.
    #[must_use]
    pub fn new(layout: Layout) -> Position {
        let (black, white) = layout.marbles();
        Position {
            marbles: [black, white],
            ejected: [0, 0],
            side: Player::P1,
            since_ejection: 0,
            move_number: 1,
            ply_limit: 0,
        }
    }

    /// The same position with a ply limit: the game is drawn once this many
    /// plies have been played (counted from move 1 with Black; 0 = none).
    #[must_use]
    pub fn with_ply_limit(mut self, limit: u32) -> Position {
        self.ply_limit = limit;
        self
    }

    /// The ply limit (0 = none).
    #[must_use]
    pub fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    /// The marbles of `player` as a bitboard (bit n = cell with index n).
    #[must_use]
    pub fn marbles(&self, player: Player) -> u64 {
        self.marbles[player.index()]
    }

    /// The owner of the marble on `cell`, if any.
    #[must_use]
    pub fn marble_at(&self, cell: Cell) -> Option<Player> {
        Player::BOTH.into_iter().find(|p| self.marbles(*p) & cell.bit() != 0)
    }

    /// How many opponent marbles `player` has pushed off the board.
    #[must_use]
    pub fn ejected_by(&self, player: Player) -> u8 {
        self.ejected[player.index()]
    }

    /// Plies since the last ejection (or the start).
    #[must_use]
    pub fn plies_since_ejection(&self) -> u32 {
        self.since_ejection
    }

    /// The move number (1 at the start, +1 after each move of White).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Plies played since move 1 with Black to move, from the move number
    /// and the side to move.
    #[must_use]
    pub fn plies(&self) -> u32 {
        (self.move_number - 1).saturating_mul(2).saturating_add(self.side.index() as u32)
    }

    pub(crate) fn own_and_opponent(&self) -> (u64, u64) {
        let me = self.side.index();
        (self.marbles[me], self.marbles[1 - me])
    }

    pub(crate) fn move_sets(&self) -> MoveSets {
        let (own, opp) = self.own_and_opponent();
        MoveSets::new(own, opp)
    }

    /// The outcome from the ejection count and the ply limit alone (the
    /// cheap checks; a side without moves is checked in
    /// [`Game::outcome`](game::Game::outcome)).
    pub(crate) fn decided(&self) -> Option<Outcome> {
        if let Some(winner) = Player::BOTH.into_iter().find(|p| self.ejected_by(*p) >= EJECTIONS_TO_WIN) {
            return Some(Outcome::win(winner, "ejections"));
        }
        (self.ply_limit > 0 && self.plies() >= self.ply_limit).then(|| Outcome::draw("ply-limit"))
    }

    /// Plays `mv`, a legal move of this position.
    pub(crate) fn apply(&mut self, mv: Move) {
        let me = self.side.index();
        let first = mv.first.index();
        self.since_ejection = self.since_ejection.saturating_add(1);
        if mv.line == mv.dir {
            let ray = &RAY[first][mv.dir.index()];
            let head = ray[usize::from(mv.count)];
            self.marbles[me] ^= mv.first.bit() | bit_of(head);
            if mv.pushed > 0 {
                let end = ray[usize::from(mv.count + mv.pushed)];
                self.marbles[1 - me] ^= bit_of(head) | bit_of(end);
                if bit_of(end) == 0 {
                    self.ejected[me] += 1;
                    self.since_ejection = 0;
                }
            }
        } else {
            for cell in mv.marbles() {
                let to = cell.neighbour(mv.dir).expect("a broadside keeps its marbles on the board");
                self.marbles[me] ^= cell.bit() | to.bit();
            }
        }
        if self.side == Player::P2 {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.side = self.side.other();
    }

    /// The position with the other side to move and nothing else changed
    /// (a pass, which the rules do not allow; for null-move pruning).
    #[cfg(feature = "engine")]
    pub(crate) fn passed(&self) -> Position {
        let mut passed = self.clone();
        if passed.side == Player::P2 {
            passed.move_number = passed.move_number.saturating_add(1);
        }
        passed.side = passed.side.other();
        passed.since_ejection = passed.since_ejection.saturating_add(1);
        passed
    }

    /// Bulk-counting perft: leaves of the legal-move tree `depth` plies
    /// deep.
    pub(crate) fn count_leaves(&self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.decided().is_some() {
            return 0;
        }
        let sets = self.move_sets();
        if depth == 1 {
            return u64::from(sets.count());
        }
        let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
        moves.clear();
        sets.list(moves);
        let mut total = 0;
        for &mv in moves.iter() {
            let mut child = self.clone();
            child.apply(mv);
            total += child.count_leaves(depth - 1, rest);
        }
        total
    }

    /// A 64-bit hash of the marbles, the ejection counts and the side to
    /// move.
    pub(crate) fn hash_value(&self) -> u64 {
        let counters =
            self.side.index() as u64 | u64::from(self.ejected[0]) << 8 | u64::from(self.ejected[1]) << 16;
        let h = mix(self.marbles[0] ^ 0x9e37_79b9_7f4a_7c15);
        let h = mix(h ^ self.marbles[1]);
        mix(h ^ counters)
    }
}

/// The SplitMix64 finaliser: a bijective 64-bit mixer.
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
