//! What the rules engine needs from a board, so that one implementation of
//! control, freedom and moves serves every board: the bounded boards of the
//! standard game ([`HexBoard`](crate::HexBoard), dense storage) and, later,
//! the unbounded plane of Amakta Infinit (sparse storage).

use crate::Colour;
use crate::hex::Hex;
use game::Text;
use std::fmt::{self, Debug};

/// The name of a cell of a board, written where it is displayed (without
/// a string of its own).
#[derive(Clone, Copy, Debug)]
pub struct CellName<'a, B: Board> {
    /// The board.
    pub board: &'a B,
    /// The cell, a playable one.
    pub cell: Hex,
}

impl<B: Board> fmt::Display for CellName<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.write_cell_name(self.cell, f)
    }
}

/// A value stored per cell; the default value means "nothing here".
pub trait CellValue: Copy + Default + PartialEq + Debug + Send + Sync + 'static {}

impl<T: Copy + Default + PartialEq + Debug + Send + Sync + 'static> CellValue for T {}

/// Per-cell storage of one board kind. Cells never written read as the
/// default value.
pub trait CellMap<T: CellValue>: Clone + Debug + Send + Sync {
    /// The value at `cell` (the default if never set).
    fn get(&self, cell: Hex) -> T;
    /// Sets the value at `cell`, which must be a playable cell of the board.
    fn set(&mut self, cell: Hex, value: T);
    /// Every cell whose value is not the default, with its value.
    fn non_default(&self) -> impl Iterator<Item = (Hex, T)> + '_;
}

/// A board: which cells are playable, where the bases are, how cells are
/// named, and the per-cell storage that suits it.
pub trait Board: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The storage for per-cell values.
    type Map<T: CellValue>: CellMap<T>;

    /// Whether `cell` is playable (on the board and not a hole). Arrows
    /// pointing at other cells point at nothing; arrows passing over them
    /// are blocked.
    fn contains(&self, cell: Hex) -> bool;

    /// The base of `colour`.
    fn base(&self, colour: Colour) -> Hex;

    /// Empty per-cell storage.
    fn new_map<T: CellValue>(&self) -> Self::Map<T>;

    /// Writes the name of a playable cell in move and position text.
    fn write_cell_name(&self, cell: Hex, out: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The name of a playable cell in move and position text.
    fn cell_name(&self, cell: Hex) -> String {
        CellName { board: self, cell }.to_string()
    }

    /// Reads a cell name; the error says why it names no playable cell.
    fn parse_cell(&self, text: &str) -> Result<Hex, Text>;
}
