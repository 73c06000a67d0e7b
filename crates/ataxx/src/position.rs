//! [`Ataxx`]: a position with its rules — stones, blockers, side to move,
//! clocks — and the rules of play: move generation, making moves and the
//! end of the game.

use crate::bitboard::{BOARD, DOUBLES, SINGLES, dilate, dilate2, squares};
use crate::{Move, Ruleset, Square, zobrist};
use game::{Outcome, Player};

/// A position of Ataxx under a [`Ruleset`].
///
/// Only valid positions exist: stones of the two players and blockers never
/// overlap and all lie on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ataxx {
    stones: [u64; 2],
    blockers: u64,
    side: Player,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    rules: Ruleset,
}

/// The half-move clock value at which the community rules draw the game.
pub const FIFTY_MOVE_PLIES: u32 = 100;

impl Ataxx {
    /// The standard start position (`x5o/7/7/7/7/7/o5x x 0 1`).
    #[must_use]
    pub fn start(rules: Ruleset) -> Ataxx {
        let corner = |file, rank| Square::new(file, rank).map_or(0, Square::bit);
        let x = corner(0, 6) | corner(6, 0);
        let o = corner(6, 6) | corner(0, 0);
        Ataxx::from_parts([x, o], 0, Player::P1, 0, 1, rules)
    }

    /// A position from its parts. The caller guarantees that the three sets
    /// are disjoint subsets of the board.
    pub(crate) fn from_parts(
        stones: [u64; 2],
        blockers: u64,
        side: Player,
        halfmove: u32,
        fullmove: u32,
        rules: Ruleset,
    ) -> Ataxx {
        debug_assert!(stones[0] & stones[1] == 0 && (stones[0] | stones[1]) & blockers == 0);
        debug_assert!((stones[0] | stones[1] | blockers) & !BOARD == 0);
        let mut hash = if side == Player::P2 { zobrist::SIDE } else { 0 };
        for (colour, &set) in stones.iter().enumerate() {
            hash ^= squares(set).map(|s| zobrist::STONES[colour][s as usize]).fold(0, |a, k| a ^ k);
        }
        hash ^= squares(blockers).map(|s| zobrist::BLOCKERS[s as usize]).fold(0, |a, k| a ^ k);
        Ataxx { stones, blockers, side, halfmove, fullmove, hash, rules }
    }

    /// The same position under other rules.
    #[must_use]
    pub fn with_rules(mut self, rules: Ruleset) -> Ataxx {
        self.rules = rules;
        self
    }

    /// The active rules.
    #[must_use]
    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    /// The squares holding stones of `player`.
    #[must_use]
    pub fn stones(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// The number of stones of `player`.
    #[must_use]
    pub fn count(&self, player: Player) -> u32 {
        self.stones(player).count_ones()
    }

    /// The blocked squares.
    #[must_use]
    pub fn blockers(&self) -> u64 {
        self.blockers
    }

    /// The empty squares.
    #[must_use]
    pub fn empty(&self) -> u64 {
        BOARD & !(self.stones[0] | self.stones[1] | self.blockers)
    }

    /// The player to move.
    #[must_use]
    pub fn side(&self) -> Player {
        self.side
    }

    /// Plies since the last clone (jumps and passes count).
    #[must_use]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The full-move number: 1 at the start, incremented after `o` moves.
    #[must_use]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist hash of stones, blockers and side to move (not clocks).
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// Whether `player` could make a clone or a jump here.
    #[must_use]
    pub fn can_move(&self, player: Player) -> bool {
        dilate2(self.stones(player)) & self.empty() != 0
    }

    /// The outcome if the position ends the game: a player without stones
    /// loses (`no-stones`); if neither player can move, more stones wins
    /// (`board-full` when no square is empty, else `no-moves`); under the
    /// community rules a half-move clock of 100 then draws (`fifty-move`).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let (x, o) = (self.count(Player::P1), self.count(Player::P2));
        if x == 0 || o == 0 {
            return Some(majority(x, o, "no-stones"));
        }
        if !self.can_move(Player::P1) && !self.can_move(Player::P2) {
            return Some(majority(x, o, if self.empty() == 0 { "board-full" } else { "no-moves" }));
        }
        if self.rules == Ruleset::Community && self.halfmove >= FIFTY_MOVE_PLIES {
            return Some(Outcome::draw("fifty-move"));
        }
        None
    }

    /// The outcome when the game ends here by a rule that does not look at
    /// the stones' mobility (repetition): more stones wins, equal draws.
    #[must_use]
    pub fn majority_outcome(&self, reason: &'static str) -> Outcome {
        majority(self.count(Player::P1), self.count(Player::P2), reason)
    }

    /// Fills `moves` with the clones and jumps of the side to move (clones
    /// by destination, then jumps by source and target); a pass is not
    /// included.
    pub fn generate(&self, moves: &mut Vec<Move>) {
        let us = self.stones[self.side.index()];
        let empty = self.empty();
        moves.extend(squares(dilate(us) & empty).map(|to| Move::Clone(square(to))));
        for from in squares(us) {
            let targets = DOUBLES[from as usize] & empty;
            moves.extend(squares(targets).map(|to| Move::Jump(square(from), square(to))));
        }
    }

    /// The opponent stones a move would turn.
    #[must_use]
    pub fn captures(&self, mv: Move) -> u64 {
        mv.to().map_or(0, |to| SINGLES[to.index() as usize] & self.stones[self.side.other().index()])
    }

    /// Plays `mv`, a legal move (see [`Game::play`](game::Game::play)).
    pub fn make(&mut self, mv: Move) {
        let us = self.side.index();
        let them = 1 - us;
        match mv {
            Move::Pass => self.halfmove = self.halfmove.saturating_add(1),
            Move::Clone(to) => {
                self.flip_into(us, them, to);
                self.halfmove = 0;
            }
            Move::Jump(from, to) => {
                self.stones[us] ^= from.bit();
                self.hash ^= zobrist::STONES[us][from.index() as usize];
                self.flip_into(us, them, to);
                self.halfmove = self.halfmove.saturating_add(1);
            }
        }
        if self.side == Player::P2 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.other();
        self.hash ^= zobrist::SIDE;
    }

    fn flip_into(&mut self, us: usize, them: usize, to: Square) {
        let captured = SINGLES[to.index() as usize] & self.stones[them];
        self.stones[us] |= captured | to.bit();
        self.stones[them] ^= captured;
        self.hash ^= zobrist::STONES[us][to.index() as usize];
        for s in squares(captured) {
            self.hash ^= zobrist::STONES[0][s as usize] ^ zobrist::STONES[1][s as usize];
        }
    }
}

fn square(index: u8) -> Square {
    Square::from_index(index).expect("bitboards only hold squares of the board")
}

fn majority(x: u32, o: u32, reason: &'static str) -> Outcome {
    match x.cmp(&o) {
        std::cmp::Ordering::Greater => Outcome::win(Player::P1, reason),
        std::cmp::Ordering::Less => Outcome::win(Player::P2, reason),
        std::cmp::Ordering::Equal => Outcome::draw(reason),
    }
}
