//! The move type: a step of one piece from one square to another, or a pass.

use crate::square;
use std::fmt;

/// A move of Die Formation. Move text: the two squares, `b1c3`; a pass is
/// `0000`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// The side to move has no move and passes.
    Pass,
    /// A piece moves from `from` to the empty square `to`.
    Step {
        /// The square left.
        from: u8,
        /// The square reached.
        to: u8,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Pass => f.write_str("0000"),
            Move::Step { from, to } => write!(f, "{}{}", square::name(from), square::name(to)),
        }
    }
}
