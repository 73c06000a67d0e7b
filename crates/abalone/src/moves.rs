//! The [`Move`] type: which own marbles move, in which direction, and how
//! many opponent marbles an in-line move pushes.

use crate::board::{Cell, Direction, OFF, RAY};

/// A move of 1–3 own marbles one cell in [`Move::direction`].
///
/// - In-line moves (single marbles included) move along their own line:
///   `first` is the trailing marble and the line runs in the direction of
///   the move; `pushed` opponent marbles ahead are pushed along (sumito).
/// - Broadside moves move 2 or 3 marbles sideways: `first` is the end with
///   the lower (row, diagonal) and the line runs along a positive axis
///   (E, NE or NW) to the other end; nothing is pushed.
///
/// Every legal move has exactly one value, so moves read from text compare
/// equal to generated ones.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(crate) first: Cell,
    pub(crate) line: Direction,
    pub(crate) dir: Direction,
    pub(crate) count: u8,
    pub(crate) pushed: u8,
}

impl Move {
    /// Whether the marbles move along their own line (single marbles
    /// included).
    #[must_use]
    pub fn is_inline(self) -> bool {
        self.line == self.dir
    }

    /// The direction the marbles move.
    #[must_use]
    pub fn direction(self) -> Direction {
        self.dir
    }

    /// How many own marbles move (1–3).
    #[must_use]
    pub fn count(self) -> u8 {
        self.count
    }

    /// How many opponent marbles are pushed (0–2).
    #[must_use]
    pub fn pushed(self) -> u8 {
        self.pushed
    }

    /// Whether the move pushes an opponent marble off the board.
    #[must_use]
    pub fn ejects(self) -> bool {
        self.pushed > 0
            && RAY[self.first.index()][self.dir.index()][usize::from(self.count + self.pushed)] == OFF
    }

    /// The own marbles that move, the trailing (or lower) one first.
    pub fn marbles(self) -> impl Iterator<Item = Cell> {
        let ray = RAY[self.first.index()][self.line.index()];
        (0..usize::from(self.count)).filter_map(move |k| Cell::from_index(usize::from(ray[k])))
    }

    /// The cells the own marbles move to.
    pub fn destinations(self) -> impl Iterator<Item = Cell> {
        self.marbles().filter_map(move |cell| cell.neighbour(self.dir))
    }

    /// The destination of the first marble (the trailing one of an in-line
    /// move, the lower end of a broadside).
    pub(crate) fn first_destination(self) -> Cell {
        self.first.neighbour(self.dir).expect("a legal move keeps its marbles on the board")
    }

    /// The other end of a broadside line.
    pub(crate) fn last(self) -> Cell {
        self.marbles().last().expect("a move moves at least one marble")
    }
}
