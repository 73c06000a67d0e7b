//! Board geometry: the 61 cells, the six directions and the tables computed
//! at compile time that everything else is built on (neighbours, rays,
//! bitboard shifts, edges, distance to the centre).
//!
//! Cells are numbered 0..61 in order of (row, diagonal): `a1` = 0, `a2` = 1,
//! …, `i9` = 60. A bitboard is a `u64` with bit `n` for cell `n`.

use std::fmt;

use game::{Text, text};

/// Number of cells of the board.
pub const CELL_COUNT: usize = 61;

/// The bitboard of every cell.
pub const ALL_CELLS: u64 = (1 << CELL_COUNT) - 1;

/// The table entry for "off the board".
pub(crate) const OFF: u8 = CELL_COUNT as u8;

const fn row_start(row: usize) -> usize {
    if row > 5 { row - 4 } else { 1 }
}

const fn row_end(row: usize) -> usize {
    if row < 5 { row + 4 } else { 9 }
}

const fn row_offset(row: usize) -> usize {
    let mut offset = 0;
    let mut r = 1;
    while r < row {
        offset += row_end(r) - row_start(r) + 1;
        r += 1;
    }
    offset
}

/// The cell index of (row, diagonal), or [`OFF`].
const fn index_of(row: i32, diag: i32) -> u8 {
    if row < 1 || row > 9 || diag < 1 || diag > 9 || (row - diag).abs() > 4 {
        return OFF;
    }
    (row_offset(row as usize) + diag as usize - row_start(row as usize)) as u8
}

const COORDS: [(u8, u8); CELL_COUNT] = {
    let mut table = [(0, 0); CELL_COUNT];
    let mut row = 1;
    while row <= 9 {
        let mut diag = row_start(row);
        while diag <= row_end(row) {
            table[row_offset(row) + diag - row_start(row)] = (row as u8, diag as u8);
            diag += 1;
        }
        row += 1;
    }
    table
};

/// One of the six directions of the board. The first three (E, NE, NW) are
/// the positive directions of the three axes; `opposite` of direction `n` is
/// direction `n + 3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Along the row, to the next diagonal: (Δrow, Δdiag) = (0, +1).
    E,
    /// Up and right: (+1, +1).
    NE,
    /// Up and left, along the diagonal: (+1, 0).
    NW,
    /// Along the row, to the previous diagonal: (0, −1).
    W,
    /// Down and left: (−1, −1).
    SW,
    /// Down and right, along the diagonal: (−1, 0).
    SE,
}

impl Direction {
    /// All six directions in index order.
    pub const ALL: [Direction; 6] =
        [Direction::E, Direction::NE, Direction::NW, Direction::W, Direction::SW, Direction::SE];

    /// The index of the direction (0..6, the order of [`Direction::ALL`]).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The step as (Δrow, Δdiagonal).
    #[must_use]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::E => (0, 1),
            Direction::NE => (1, 1),
            Direction::NW => (1, 0),
            Direction::W => (0, -1),
            Direction::SW => (-1, -1),
            Direction::SE => (-1, 0),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// Whether the direction runs along the same axis as `other` (equal or
    /// opposite).
    #[must_use]
    pub fn is_parallel(self, other: Direction) -> bool {
        self.index() % 3 == other.index() % 3
    }

    /// The name used in the view (`"E"`, `"NE"`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::E => "E",
            Direction::NE => "NE",
            Direction::NW => "NW",
            Direction::W => "W",
            Direction::SW => "SW",
            Direction::SE => "SE",
        }
    }

    /// The direction and the number of steps from `from` to `to`, if `to`
    /// lies on a straight line from `from` (and is not `from`).
    #[must_use]
    pub fn between(from: Cell, to: Cell) -> Option<(Direction, u8)> {
        let dr = i32::from(to.row()) - i32::from(from.row());
        let dc = i32::from(to.diag()) - i32::from(from.diag());
        let steps = dr.abs().max(dc.abs());
        if steps == 0 {
            return None;
        }
        Direction::ALL
            .into_iter()
            .find(|d| d.delta() == (dr / steps, dc / steps))
            .filter(|d| {
                let (sr, sc) = d.delta();
                sr * steps == dr && sc * steps == dc
            })
            .map(|d| (d, steps as u8))
    }
}

/// A cell of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell at `row` (1 = A … 9 = I) and `diag` (1..9), if it exists.
    #[must_use]
    pub fn new(row: u8, diag: u8) -> Option<Cell> {
        let index = index_of(i32::from(row), i32::from(diag));
        (index != OFF).then_some(Cell(index))
    }

    /// The cell with index `index` (0..61).
    #[must_use]
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < CELL_COUNT).then_some(Cell(index as u8))
    }

    /// The cell's index (0..61, ordered by row, then diagonal).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 1 (A) to 9 (I).
    #[must_use]
    pub const fn row(self) -> u8 {
        COORDS[self.0 as usize].0
    }

    /// The diagonal, 1 to 9.
    #[must_use]
    pub const fn diag(self) -> u8 {
        COORDS[self.0 as usize].1
    }

    /// The cell's bit in a bitboard.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The neighbouring cell in direction `dir`, if it is on the board.
    #[must_use]
    pub fn neighbour(self, dir: Direction) -> Option<Cell> {
        let next = NEIGHBOUR[self.index()][dir.index()];
        (next != OFF).then_some(Cell(next))
    }

    /// Hex distance to the centre cell e5 (0..=4).
    #[must_use]
    pub fn centre_distance(self) -> u8 {
        DISTANCE[self.index()]
    }

    /// Every cell in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELL_COUNT as u8).map(Cell)
    }

    /// The cells of a bitboard in index order.
    pub fn of_bits(bits: u64) -> impl Iterator<Item = Cell> {
        game::bits::indices(bits).map(Cell)
    }

    /// Reads a cell name such as `a1` or `E5` (case-insensitive); the error
    /// says in both languages why `text` names no cell.
    pub fn parse(text: &str) -> Result<Cell, Text> {
        let not_a_cell = || {
            text!(
                "'{text}' is not a cell (a letter a-i and a digit 1-9, e.g. e5)",
                "„{text}“ ist keine Mulde (ein Buchstabe a–i und eine Ziffer 1–9, z. B. e5)"
            )
        };
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(not_a_cell());
        }
        let letter = bytes[0].to_ascii_lowercase();
        let digit = bytes[1];
        if !(b'a'..=b'i').contains(&letter) || !(b'1'..=b'9').contains(&digit) {
            return Err(not_a_cell());
        }
        Cell::new(letter - b'a' + 1, digit - b'0').ok_or_else(|| {
            text!(
                "'{text}' is not on the board (row and diagonal differ by more than 4)",
                "„{text}“ liegt nicht auf dem Spielfeld (Reihe und Diagonale unterscheiden sich um mehr als 4)"
            )
        })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.row() - 1), self.diag())
    }
}

/// `NEIGHBOUR[cell][dir]`: the next cell in `dir`, or [`OFF`].
const NEIGHBOUR: [[u8; 6]; CELL_COUNT] = {
    let mut table = [[OFF; 6]; CELL_COUNT];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let (row, diag) = COORDS[cell];
        let mut dir = 0;
        while dir < 6 {
            let (dr, dc) = Direction::ALL[dir].delta();
            table[cell][dir] = index_of(row as i32 + dr, diag as i32 + dc);
            dir += 1;
        }
        cell += 1;
    }
    table
};

/// `RAY[cell][dir][k]`: the cell `k` steps from `cell` in `dir` (k = 0 is
/// the cell itself), or [`OFF`] once off the board.
pub(crate) const RAY: [[[u8; 6]; 6]; CELL_COUNT] = {
    let mut table = [[[OFF; 6]; 6]; CELL_COUNT];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let mut dir = 0;
        while dir < 6 {
            let mut at = cell as u8;
            let mut k = 0;
            while k < 6 && at != OFF {
                table[cell][dir][k] = at;
                at = NEIGHBOUR[at as usize][dir];
                k += 1;
            }
            dir += 1;
        }
        cell += 1;
    }
    table
};

/// The bit of a table cell; [`OFF`] has none.
#[inline(always)]
pub(crate) const fn bit_of(cell: u8) -> u64 {
    (1u64 << cell) & ALL_CELLS
}

/// Hex distance of every cell to the centre e5.
const DISTANCE: [u8; CELL_COUNT] = {
    let mut table = [0; CELL_COUNT];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let dr = COORDS[cell].0 as i32 - 5;
        let dc = COORDS[cell].1 as i32 - 5;
        table[cell] = ((dr.abs() + dc.abs() + (dr - dc).abs()) / 2) as u8;
        cell += 1;
    }
    table
};

/// `EDGE[dir]`: the cells without a neighbour in `dir`.
pub(crate) const EDGE: [u64; 6] = {
    let mut table = [0; 6];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let mut dir = 0;
        while dir < 6 {
            if NEIGHBOUR[cell][dir] == OFF {
                table[dir] |= 1 << cell;
            }
            dir += 1;
        }
        cell += 1;
    }
    table
};

/// A bitboard shift as up to four (source mask, signed shift) groups: rows
/// of different lengths shift by different amounts.
type ShiftGroups = [(u64, i32); 4];

/// `PRED[dir]` maps a set `X` to the cells whose neighbour in `dir` is in
/// `X`.
const PRED: [ShiftGroups; 6] = {
    let mut table = [[(0u64, 0i32); 4]; 6];
    let mut dir = 0;
    while dir < 6 {
        let mut used = 0;
        let mut cell = 0;
        while cell < CELL_COUNT {
            let next = NEIGHBOUR[cell][dir];
            if next != OFF {
                let delta = cell as i32 - next as i32;
                let mut group = 0;
                while group < used && table[dir][group].1 != delta {
                    group += 1;
                }
                if group == used {
                    table[dir][group].1 = delta;
                    used += 1;
                }
                table[dir][group].0 |= 1 << next;
            }
            cell += 1;
        }
        dir += 1;
    }
    table
};

#[inline(always)]
const fn shift_group(bits: u64, (mask, delta): (u64, i32)) -> u64 {
    if delta >= 0 { (bits & mask) << delta } else { (bits & mask) >> -delta }
}

/// The cells whose neighbour in direction `D` (an index of
/// [`Direction::ALL`]) lies in `bits`.
#[inline(always)]
pub(crate) fn pred<const D: usize>(bits: u64) -> u64 {
    let groups = const { PRED[D] };
    shift_group(bits, groups[0])
        | shift_group(bits, groups[1])
        | shift_group(bits, groups[2])
        | shift_group(bits, groups[3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_one_cells_in_row_order() {
        let names: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
        assert_eq!(names.len(), 61);
        assert_eq!(&names[..6], ["a1", "a2", "a3", "a4", "a5", "b1"]);
        assert_eq!(names[30], "e5");
        assert_eq!(names[60], "i9");
        assert_eq!(Cell::parse("E5").unwrap().centre_distance(), 0);
        assert!(Cell::parse("a6").is_err());
        assert!(Cell::parse("j1").is_err());
    }

    #[test]
    fn shifts_agree_with_neighbour_table() {
        fn check<const D: usize>() {
            for cell in Cell::all() {
                let expected = Cell::all()
                    .filter(|c| c.neighbour(Direction::ALL[D]) == Some(cell))
                    .fold(0, |acc, c| acc | c.bit());
                assert_eq!(pred::<D>(cell.bit()), expected, "direction {D}, cell {cell}");
            }
        }
        check::<0>();
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<5>();
    }

    #[test]
    fn directions_between_cells() {
        let c = |s| Cell::parse(s).unwrap();
        assert_eq!(Direction::between(c("c3"), c("c5")), Some((Direction::E, 2)));
        assert_eq!(Direction::between(c("c3"), c("d4")), Some((Direction::NE, 1)));
        assert_eq!(Direction::between(c("c3"), c("e3")), Some((Direction::NW, 2)));
        assert_eq!(Direction::between(c("c3"), c("d5")), None);
        assert_eq!(Direction::between(c("c3"), c("c3")), None);
        assert_eq!(EDGE[Direction::E.index()].count_ones(), 9);
    }
}
