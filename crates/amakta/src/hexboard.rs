//! Bounded boards of the standard game: the doubled-width text format, its
//! validation, the built-in boards, cell names and dense per-cell storage.

use crate::Colour;
use crate::board::{Board, CellMap, CellValue};
use crate::hex::Hex;
use crate::rules::WHITE_BASE_WEST;
use game::{GameError, Text, text};
use std::fmt;
use std::sync::Arc;

/// The built-in boards: name, description.
pub const BUILT_IN: [(&str, &str); 5] = [
    ("hex3", "hexagon of side 3, 19 cells (tests and quick games)"),
    ("hex4", "hexagon of side 4, 37 cells"),
    ("hex5", "hexagon of side 5, 61 cells (the default)"),
    ("hex6", "hexagon of side 6, 91 cells"),
    ("hex5-holes", "hexagon of side 5 with five holes (the centre and four around it), 56 cells"),
];

/// Most rows a board may have (rows are named `a`–`z`).
pub const MAX_ROWS: usize = 26;

/// A finite board of playable cells and holes, symmetric left-right and
/// top-bottom, with an odd number of rows.
///
/// Coordinates: the middle row is `r = 0`, its westmost cell (White's base,
/// see [`WHITE_BASE_WEST`]) is `(0, 0)` and its eastmost cell (Black's base)
/// `(d, 0)`, `d` cells east.
///
/// Cell names: rows `a`, `b`, … from the top, columns `1`, `2`, … from the
/// west end of each row of the outline (holes count), e.g. on `hex5` White's
/// base is `e1`, Black's `e9`, the top row `a1`–`a5`.
#[derive(Clone, PartialEq, Eq)]
pub struct HexBoard(Arc<Layout>);

#[derive(PartialEq, Eq)]
struct Layout {
    name: String,
    rows: Vec<Row>,
    q0: i32,
    r0: i32,
    width: usize,
    height: usize,
    playable: Vec<bool>,
    bases: [Hex; 2],
}

#[derive(PartialEq, Eq)]
struct Row {
    /// The `q` of the row's westmost outline cell.
    first_q: i32,
    /// Playable (`true`) or hole, west to east.
    cells: Vec<bool>,
}

impl fmt::Debug for HexBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexBoard({})", self.0.name)
    }
}

fn board_error(line: usize, column: usize, what: Text) -> GameError {
    GameError::option(
        "board",
        what.prefixed(&text!("line {line}, column {column}: ", "Zeile {line}, Spalte {column}: ")),
    )
}

impl HexBoard {
    /// A built-in board by name (see [`BUILT_IN`]).
    pub fn built_in(name: &str) -> Option<HexBoard> {
        let text = match name {
            "hex3" => hexagon_text(3, &[]),
            "hex4" => hexagon_text(4, &[]),
            "hex5" => hexagon_text(5, &[]),
            "hex6" => hexagon_text(6, &[]),
            "hex5-holes" => hexagon_text(5, &[(2, 2), (2, 4), (4, 4), (6, 2), (6, 4)]),
            _ => return None,
        };
        let mut board = HexBoard::parse(&text).expect("built-in boards are valid");
        Arc::get_mut(&mut board.0).expect("fresh board").name = name.to_owned();
        Some(board)
    }

    /// The board of an option value: a built-in name, or board text in which
    /// `/` separates lines and `_` may stand for a space
    /// (`__._._./_._._._./._._._._./_._._._./__._._.` is `hex3`).
    pub fn from_option(value: &str) -> Result<HexBoard, GameError> {
        if let Some(board) = HexBoard::built_in(value.trim()) {
            return Ok(board);
        }
        if !value.contains(['/', '\n', '.']) {
            let names = BUILT_IN.iter().map(|(n, _)| *n).collect::<Vec<&str>>().join(", ");
            return Err(GameError::option(
                "board",
                text!(
                    "'{value}' is not a built-in board ({names}) nor board text",
                    "„{value}“ ist weder ein eingebautes Spielfeld ({names}) noch ein Spielfeld als Text"
                ),
            ));
        }
        HexBoard::parse(&value.replace('/', "\n").replace('_', " "))
    }

    /// Reads doubled-width board text: each non-empty line one row, top
    /// first; `.` a playable cell, `#` a hole; cells two columns apart,
    /// neighbouring rows shifted by one column. Errors name line and column
    /// (both counted from 1).
    pub fn parse(text: &str) -> Result<HexBoard, GameError> {
        let mut lines: Vec<(usize, Vec<(usize, bool)>)> = Vec::new();
        let mut parity = None;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let mut cells = Vec::new();
            for (x, c) in line.chars().enumerate() {
                let playable = match c {
                    ' ' | '\r' => continue,
                    '.' => true,
                    '#' => false,
                    other => {
                        return Err(board_error(
                            number,
                            x + 1,
                            text!(
                                "'{other}' is not a cell ('.' playable, '#' hole, spaces between)",
                                "„{other}“ ist kein Feld („.“ bespielbar, „#“ Loch, Leerzeichen dazwischen)"
                            ),
                        ));
                    }
                };
                let row = lines.len();
                let p = (x + row) % 2;
                match parity {
                    None => parity = Some(p),
                    Some(expected) if expected != p => {
                        return Err(board_error(
                            number,
                            x + 1,
                            text!(
                                "the cell is off the grid (cells of a row stand two columns apart, \
                                 each row shifted one column from the one above)",
                                "das Feld liegt nicht im Raster (die Felder einer Reihe stehen zwei Spalten \
                                 auseinander, jede Reihe ist um eine Spalte gegen die darüber versetzt)"
                            ),
                        ));
                    }
                    Some(_) => {}
                }
                if let Some(&(last, _)) = cells.last()
                    && x > last + 2
                {
                    return Err(board_error(
                        number,
                        x + 1,
                        text!(
                            "gap in the row (write '#' for a hole)",
                            "Lücke in der Reihe (ein Loch als „#“ schreiben)"
                        ),
                    ));
                }
                cells.push((x, playable));
            }
            if !cells.is_empty() {
                lines.push((number, cells));
            }
        }
        let last_line = text.lines().count().max(1);
        if lines.is_empty() {
            return Err(board_error(1, 1, text!("the board has no cells", "das Spielfeld hat keine Felder")));
        }
        if lines.len().is_multiple_of(2) {
            return Err(board_error(last_line, 1, {
                let rows = lines.len();
                text!(
                    "the board has {rows} rows; it needs an odd number (the middle row holds the bases)",
                    "das Spielfeld hat {rows} Reihen; es braucht eine ungerade Zahl (die mittlere Reihe \
                     trägt die Basisfelder)"
                )
            }));
        }
        if lines.len() > MAX_ROWS {
            return Err(board_error(
                lines[MAX_ROWS].0,
                1,
                text!("more than {MAX_ROWS} rows", "mehr als {MAX_ROWS} Reihen"),
            ));
        }
        let middle = lines.len() / 2;
        let (mid_line, mid_cells) = &lines[middle];
        let (west_x, west_playable) = mid_cells[0];
        let (east_x, east_playable) = *mid_cells.last().expect("non-empty row");
        if mid_cells.len() < 2 {
            return Err(board_error(
                *mid_line,
                west_x + 1,
                text!(
                    "the middle row needs at least two cells (the bases)",
                    "die mittlere Reihe braucht mindestens zwei Felder (die Basisfelder)"
                ),
            ));
        }
        if !west_playable {
            return Err(board_error(
                *mid_line,
                west_x + 1,
                text!(
                    "White's base (west end of the middle row) is a hole",
                    "das Basisfeld von Weiß (westliches Ende der mittleren Reihe) ist ein Loch"
                ),
            ));
        }
        if !east_playable {
            return Err(board_error(
                *mid_line,
                east_x + 1,
                text!(
                    "Black's base (east end of the middle row) is a hole",
                    "das Basisfeld von Schwarz (östliches Ende der mittleren Reihe) ist ein Loch"
                ),
            ));
        }
        let axis = west_x + east_x;
        for (row, (number, cells)) in lines.iter().enumerate() {
            let (other_number, other_cells) = &lines[lines.len() - 1 - row];
            for &(x, playable) in cells {
                let (en, de) = if playable { ("'.'", "„.“") } else { ("'#'", "„#“") };
                let lr =
                    axis.checked_sub(x).and_then(|mx| cells.iter().find(|c| c.0 == mx).map(|c| (mx, c.1)));
                if lr.is_none_or(|(_, p)| p != playable) {
                    return Err(board_error(
                        *number,
                        x + 1,
                        text!(
                            "{en} has no left-right mirror image (boards must be symmetric left-right and \
                             top-bottom)",
                            "{de} hat kein Spiegelbild zwischen links und rechts (ein Spielfeld muss \
                             links-rechts und oben-unten symmetrisch sein)"
                        ),
                    ));
                }
                if !other_cells.iter().any(|&(ox, op)| ox == x && op == playable) {
                    return Err(board_error(
                        *number,
                        x + 1,
                        text!(
                            "{en} has no top-bottom mirror image at line {other_number} (boards must be \
                             symmetric left-right and top-bottom)",
                            "{de} hat kein Spiegelbild zwischen oben und unten in Zeile {other_number} (ein \
                             Spielfeld muss links-rechts und oben-unten symmetrisch sein)"
                        ),
                    ));
                }
            }
        }
        let to_hex = |x: usize, row: usize| {
            let r = row as i32 - middle as i32;
            Hex::new((x as i32 - west_x as i32 - r) / 2, r)
        };
        let rows: Vec<Row> = lines
            .iter()
            .enumerate()
            .map(|(row, (_, cells))| Row {
                first_q: to_hex(cells[0].0, row).q,
                cells: cells.iter().map(|c| c.1).collect(),
            })
            .collect();
        Ok(HexBoard(Arc::new(Layout::new("custom".to_owned(), rows, to_hex(east_x, middle)))))
    }

    /// The board's name: a built-in name or `custom`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// The board as doubled-width text (what [`HexBoard::parse`] reads).
    #[must_use]
    pub fn text(&self) -> String {
        let middle = self.0.rows.len() as i32 / 2;
        let min_x =
            self.0.rows.iter().enumerate().map(|(i, row)| self.x_of(row.first_q, i as i32 - middle)).min();
        let min_x = min_x.unwrap_or(0);
        let mut out = String::new();
        for (i, row) in self.0.rows.iter().enumerate() {
            let indent = self.x_of(row.first_q, i as i32 - middle) - min_x;
            out.push_str(&" ".repeat(indent as usize));
            let cells: Vec<&str> = row.cells.iter().map(|&p| if p { "." } else { "#" }).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }

    /// The board as option text: its built-in name, or its text with `/`
    /// between lines and `_` for spaces.
    #[must_use]
    pub fn option_text(&self) -> String {
        if HexBoard::built_in(self.name()).is_some() {
            self.name().to_owned()
        } else {
            self.text().trim_end().replace('\n', "/").replace(' ', "_")
        }
    }

    fn x_of(&self, q: i32, r: i32) -> i32 {
        2 * q + r
    }

    /// The rows top to bottom, each as its cells west to east with
    /// `Some(hex)` for a playable cell and `None` for a hole, and the
    /// doubled-width column of its first cell (0 = the leftmost of all rows).
    #[must_use]
    pub fn rows(&self) -> Vec<(usize, Vec<(Hex, bool)>)> {
        let middle = self.0.rows.len() as i32 / 2;
        let lefts: Vec<i32> = self
            .0
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| self.x_of(row.first_q, i as i32 - middle))
            .collect();
        let min_x = lefts.iter().copied().min().unwrap_or(0);
        self.0
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let r = i as i32 - middle;
                let cells =
                    row.cells.iter().enumerate().map(|(j, &p)| (Hex::new(row.first_q + j as i32, r), p));
                ((lefts[i] - min_x) as usize, cells.collect())
            })
            .collect()
    }

    /// Every playable cell, row by row from the top, west to east.
    #[must_use]
    pub fn cells(&self) -> Vec<Hex> {
        self.rows().into_iter().flat_map(|(_, cells)| cells).filter(|c| c.1).map(|c| c.0).collect()
    }

    /// Every hole, row by row.
    #[must_use]
    pub fn holes(&self) -> Vec<Hex> {
        self.rows().into_iter().flat_map(|(_, cells)| cells).filter(|c| !c.1).map(|c| c.0).collect()
    }

    fn index(&self, cell: Hex) -> Option<usize> {
        let layout = &self.0;
        let q = usize::try_from(cell.q - layout.q0).ok()?;
        let r = usize::try_from(cell.r - layout.r0).ok()?;
        (q < layout.width && r < layout.height).then_some(r * layout.width + q)
    }
}

impl Layout {
    fn new(name: String, rows: Vec<Row>, east_base: Hex) -> Layout {
        let middle = rows.len() as i32 / 2;
        let q0 = rows.iter().map(|row| row.first_q).min().unwrap_or(0);
        let q1 = rows.iter().map(|row| row.first_q + row.cells.len() as i32 - 1).max().unwrap_or(0);
        let width = (q1 - q0 + 1) as usize;
        let height = rows.len();
        let mut playable = vec![false; width * height];
        for (i, row) in rows.iter().enumerate() {
            for (j, &p) in row.cells.iter().enumerate() {
                playable[i * width + (row.first_q + j as i32 - q0) as usize] = p;
            }
        }
        let (west, east) = (Hex::new(0, 0), east_base);
        let bases = if WHITE_BASE_WEST { [west, east] } else { [east, west] };
        Layout { name, rows, q0, r0: -middle, width, height, playable, bases }
    }
}

/// The text of a hexagon of side `side` with holes at the given
/// (row, cell-in-row) places, both counted from 0.
fn hexagon_text(side: usize, holes: &[(usize, usize)]) -> String {
    let mut out = String::new();
    for row in 0..2 * side - 1 {
        let indent = row.abs_diff(side - 1);
        let cells: Vec<&str> =
            (0..2 * side - 1 - indent).map(|j| if holes.contains(&(row, j)) { "#" } else { "." }).collect();
        out.push_str(&" ".repeat(indent));
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// Dense per-cell storage over the bounding box of a [`HexBoard`].
#[derive(Clone, Debug, PartialEq)]
pub struct DenseMap<T> {
    q0: i32,
    r0: i32,
    width: usize,
    data: Vec<T>,
}

impl<T: CellValue> DenseMap<T> {
    fn slot(&self, cell: Hex) -> Option<usize> {
        let q = usize::try_from(cell.q - self.q0).ok()?;
        let r = usize::try_from(cell.r - self.r0).ok()?;
        let index = r * self.width + q;
        (q < self.width && index < self.data.len()).then_some(index)
    }
}

impl<T: CellValue> CellMap<T> for DenseMap<T> {
    #[inline]
    fn get(&self, cell: Hex) -> T {
        self.slot(cell).map_or_else(T::default, |i| self.data[i])
    }

    #[inline]
    fn set(&mut self, cell: Hex, value: T) {
        let slot = self.slot(cell).expect("a cell of the board");
        self.data[slot] = value;
    }

    fn non_default(&self) -> impl Iterator<Item = (Hex, T)> + '_ {
        let default = T::default();
        self.data.iter().enumerate().filter(move |(_, v)| **v != default).map(|(i, &v)| {
            (Hex::new(self.q0 + (i % self.width) as i32, self.r0 + (i / self.width) as i32), v)
        })
    }
}

impl Board for HexBoard {
    type Map<T: CellValue> = DenseMap<T>;

    #[inline]
    fn contains(&self, cell: Hex) -> bool {
        self.index(cell).is_some_and(|i| self.0.playable[i])
    }

    fn base(&self, colour: Colour) -> Hex {
        self.0.bases[colour.index()]
    }

    fn new_map<T: CellValue>(&self) -> DenseMap<T> {
        DenseMap {
            q0: self.0.q0,
            r0: self.0.r0,
            width: self.0.width,
            data: vec![T::default(); self.0.width * self.0.height],
        }
    }

    fn write_cell_name(&self, cell: Hex, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = (cell.r - self.0.r0) as usize;
        let first = self.0.rows.get(row).map_or(0, |r| r.first_q);
        write!(out, "{}{}", (b'a' + row as u8) as char, cell.q - first + 1)
    }

    fn parse_cell(&self, text: &str) -> Result<Hex, Text> {
        let lower = text.trim().to_ascii_lowercase();
        let mut chars = lower.chars();
        let letter = chars.next().filter(char::is_ascii_lowercase);
        let column: Option<usize> = chars.as_str().parse().ok();
        let (Some(letter), Some(column)) = (letter, column) else {
            return Err(text!(
                "'{text}' is not a cell name (row letter and column number, e.g. e1)",
                "„{text}“ ist kein Feldname (Buchstabe der Reihe und Nummer der Spalte, z. B. e1)"
            ));
        };
        let row_index = (letter as u8 - b'a') as usize;
        let Some(row) = self.0.rows.get(row_index) else {
            return Err(text!(
                "'{text}': the board has no row {letter}",
                "„{text}“: das Spielfeld hat keine Reihe {letter}"
            ));
        };
        let columns = row.cells.len();
        if column == 0 || column > columns {
            return Err(text!(
                "'{text}': row {letter} has columns 1 to {columns}",
                "„{text}“: Reihe {letter} hat die Spalten 1 bis {columns}"
            ));
        }
        if !row.cells[column - 1] {
            return Err(text!("'{text}' is a hole", "„{text}“ ist ein Loch"));
        }
        Ok(Hex::new(row.first_q + column as i32 - 1, row_index as i32 + self.0.r0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        HexBoard::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn built_in_boards_have_the_right_sizes() {
        let sizes = [("hex3", 19), ("hex4", 37), ("hex5", 61), ("hex6", 91), ("hex5-holes", 56)];
        for (name, cells) in sizes {
            let board = HexBoard::built_in(name).unwrap();
            assert_eq!(board.cells().len(), cells, "{name}");
            assert_eq!(HexBoard::parse(&board.text()).unwrap().cells(), board.cells());
        }
        assert_eq!(HexBoard::built_in("hex5-holes").unwrap().holes().len(), 5);
    }

    #[test]
    fn bases_and_names_on_hex5() {
        let board = HexBoard::built_in("hex5").unwrap();
        assert_eq!(board.base(Colour::White), Hex::new(0, 0));
        assert_eq!(board.base(Colour::Black), Hex::new(8, 0));
        assert_eq!(board.cell_name(Hex::new(0, 0)), "e1");
        assert_eq!(board.cell_name(Hex::new(8, 0)), "e9");
        assert_eq!(board.parse_cell("a1"), Ok(Hex::new(4, -4)));
        assert_eq!(board.parse_cell("i5"), Ok(Hex::new(4, 4)));
        for cell in board.cells() {
            assert_eq!(board.parse_cell(&board.cell_name(cell)), Ok(cell));
        }
        assert_eq!(board.parse_cell("a6").unwrap_err().to_string(), "'a6': row a has columns 1 to 5");
        assert_eq!(board.parse_cell("j1").unwrap_err().to_string(), "'j1': the board has no row j");
        assert_eq!(
            board.parse_cell("5e").unwrap_err().to_string(),
            "'5e' is not a cell name (row letter and column number, e.g. e1)"
        );
        let holes = HexBoard::built_in("hex5-holes").unwrap();
        assert_eq!(holes.parse_cell("e5").unwrap_err().to_string(), "'e5' is a hole");
        assert!(!holes.contains(Hex::new(4, 0)));
    }

    #[test]
    fn option_text_reads_names_and_inline_boards() {
        let hex3 = HexBoard::from_option("__._._./_._._._./._._._._./_._._._./__._._.").unwrap();
        assert_eq!(hex3.cells(), HexBoard::built_in("hex3").unwrap().cells());
        assert_eq!(hex3.option_text(), "__._._./_._._._./._._._._./_._._._./__._._.");
        assert_eq!(
            HexBoard::from_option("hex9").unwrap_err().to_string(),
            "invalid option 'board': 'hex9' is not a built-in board (hex3, hex4, hex5, hex6, hex5-holes) nor board text"
        );
    }

    #[test]
    fn bad_boards_name_line_and_column() {
        assert_eq!(
            error(" . .\n. x .\n . ."),
            "invalid option 'board': line 2, column 3: 'x' is not a cell ('.' playable, '#' hole, spaces between)"
        );
        assert_eq!(
            error(" . .\n. . .\n. ."),
            "invalid option 'board': line 3, column 1: the cell is off the grid (cells of a row stand two columns apart, each row shifted one column from the one above)"
        );
        assert_eq!(
            error(" . .\n. . ."),
            "invalid option 'board': line 2, column 1: the board has 2 rows; it needs an odd number (the middle row holds the bases)"
        );
        assert_eq!(
            error(" . .\n# . #\n . ."),
            "invalid option 'board': line 2, column 1: White's base (west end of the middle row) is a hole"
        );
        assert_eq!(
            error(" . #\n. . .\n . ."),
            "invalid option 'board': line 1, column 2: '.' has no left-right mirror image (boards must be symmetric left-right and top-bottom)"
        );
        assert_eq!(
            error(" # #\n. . .\n . ."),
            "invalid option 'board': line 1, column 2: '#' has no top-bottom mirror image at line 3 (boards must be symmetric left-right and top-bottom)"
        );
        assert_eq!(
            error(".   ."),
            "invalid option 'board': line 1, column 5: gap in the row (write '#' for a hole)"
        );
        assert_eq!(error("\n \n"), "invalid option 'board': line 1, column 1: the board has no cells");
    }
}
