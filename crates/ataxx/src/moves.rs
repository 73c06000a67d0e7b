//! [`Move`]: a clone, a jump or a pass.

use crate::Square;
use std::fmt;

/// One move of Ataxx.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A forced pass (`0000`): legal only when the side to move has no
    /// move and the opponent has one.
    Pass,
    /// A clone onto the given empty square next to an own stone (written as
    /// the destination, `f2`).
    Clone(Square),
    /// A jump from the first square to the second, two squares away
    /// (written as both, `g1e3`).
    Jump(Square, Square),
}

impl Move {
    /// The destination square (`None` for a pass).
    #[must_use]
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Pass => None,
            Move::Clone(to) | Move::Jump(_, to) => Some(to),
        }
    }
}

/// The canonical move text: `f2`, `g1e3`, `0000`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("0000"),
            Move::Clone(to) => write!(f, "{to}"),
            Move::Jump(from, to) => write!(f, "{from}{to}"),
        }
    }
}
