//! The terminal drawing of a standard-game position, and the pieces of it
//! that Amakta Infinit's drawing shares.
//!
//! Every cell is a block of [`PITCH`] characters by [`BLOCK_LINES`] lines,
//! plain text, so that hex5 fits 80 columns (74) and hex6 needs 90; a hole
//! is `##` in the bottom line:
//!
//! ```text
//!  2↖* ↗1     NW and NE arrows; `*` on a base
//! 13←Wr→1x    W and E arrows; owner W/B and mark (r, d, e)
//!  1↙!!↘3     SW and SE arrows; `ok` free or `!!` bound
//!  5 w3:1     column number (`[5]`: the last move), control, arrow counts
//! ```
//!
//! The row's letter stands before the bottom lines; lines above them that
//! are blank in a whole row (no stone, no base) are left out, so an empty
//! row is one line.
//!
//! Arrows are drawn as `↗→↘↙←↖` with the reach of each arrow as a digit at
//! the tip (`1` blue, `2` green, `3` red; two digits for two arrows in one
//! direction); a blocked arrow's digit is `x`. The bottom line's control is
//! `w`/`b` (White/Black controls), `=` (tie) or `.` (free), followed by the
//! effective White:Black arrow counts (circles included).

use crate::Amakta;
use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Location, Phase, Position};
use crate::stones::Stone;
use std::fmt::Write as _;

/// Characters per cell of the drawing; a row shifted half a cell is
/// indented by half of it.
pub(crate) const PITCH: usize = 8;

/// Text lines per row of cells.
pub(crate) const BLOCK_LINES: usize = 4;

/// Widest line the drawing's texts (legend, inventories) are wrapped to.
pub(crate) const WIDTH: usize = 80;

/// The arrow glyph of each direction (E, NE, NW, W, SW, SE).
pub(crate) const ARROW_GLYPHS: [char; 6] = ['→', '↗', '↖', '←', '↙', '↘'];

/// The legend lines shared by both drawings: stones, arrows, control.
pub(crate) const LEGEND: [&str; 3] = [
    "Stone: owner W/B, r reinforcement, d damage, e expropriated; ok free, !! bound.",
    "Arrows ↗→↘↙←↖ with reach digits (1 blue, 2 green, 3 red); x = blocked arrow.",
    "Bottom line: control w/b (= tie, . free), White:Black arrows incl. circles.",
];

/// The arrows of one direction of `stone` as glyph and reach digits at its
/// tip (`→13`, `2↖`); a blocked arrow's digit is `x` (blocking is judged
/// with the stone standing on `at`). Empty when the direction has no
/// arrows.
fn direction_text<B: Board>(position: &Position<B>, stone: Stone, at: Option<Hex>, d: usize) -> String {
    let reaches: String = stone
        .arrows(d)
        .iter()
        .map(|&k| {
            let blocked = at.is_some_and(|at| position.is_blocked(at, d, i32::from(k)));
            if blocked { 'x' } else { char::from(b'0' + k) }
        })
        .collect();
    let glyph = ARROW_GLYPHS[d];
    match d {
        _ if reaches.is_empty() => reaches,
        2..=4 => format!("{reaches}{glyph}"),
        _ => format!("{glyph}{reaches}"),
    }
}

/// A stone's arrows in one short line (`→1↖3`; `-` for none), for
/// inventories.
#[must_use]
pub(crate) fn stone_glyphs(stone: Stone) -> String {
    let text: Vec<String> = (0..6)
        .filter(|&d| !stone.arrows(d).is_empty())
        .map(|d| {
            let reaches: String = stone.arrows(d).iter().map(|&k| char::from(b'0' + k)).collect();
            format!("{}{reaches}", ARROW_GLYPHS[d])
        })
        .collect();
    if text.is_empty() { "-".to_owned() } else { text.concat() }
}

/// Words wrapped to [`WIDTH`] columns after `heading`, continuation lines
/// indented by two spaces.
pub(crate) fn wrap(heading: &str, items: &[String]) -> String {
    let mut out = String::new();
    let mut line = heading.to_owned();
    let mut on_line = 0;
    for item in items {
        if on_line > 0 && line.chars().count() + 1 + item.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            (line, on_line) = (" ".to_owned(), 0);
        }
        line.push(' ');
        line.push_str(item);
        on_line += 1;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// The control of a cell and its effective arrow counts: `w3:1`, `=2:2`,
/// `.` when no arrow points at it.
fn control_text<B: Board>(position: &Position<B>, cell: Hex) -> String {
    let [white, black] = position.effective_arrows(cell);
    match position.control(cell) {
        Control::Free => ".".to_owned(),
        Control::Tie => format!("={white}:{black}"),
        Control::Of(colour) => format!("{}{white}:{black}", colour.letter()),
    }
}

impl<B: Board> Position<B> {
    /// The cells a move touches, for marking it.
    pub(crate) fn move_cells(mv: Move) -> Vec<Hex> {
        match mv {
            Move::Rotate { at, .. }
            | Move::Take { at }
            | Move::Place { at, .. }
            | Move::Expropriate { at }
            | Move::Release { at }
            | Move::Replace { at, .. }
            | Move::Appropriate { at, .. }
            | Move::Remove { at }
            | Move::ReleasePlace { at, .. } => vec![at],
            Move::Relocate { from, to, .. } => vec![from, to],
            Move::Circle { .. } | Move::CirclesNone | Move::Colour(_) | Move::Pass => Vec::new(),
        }
    }

    /// The stone mark: `r`, `d`, `e` (expropriated) or a space.
    fn mark(&self, id: usize) -> char {
        let state = self.pieces()[id];
        match (state.expropriated, state.circle) {
            (true, _) => 'e',
            (false, Circle::None) => ' ',
            (false, circle) => circle.letter(),
        }
    }

    /// The drawing of one playable cell, [`BLOCK_LINES`] lines of
    /// [`PITCH`] characters (see the module documentation). `label` names
    /// the cell in its bottom line; `marked` puts it in brackets (the last
    /// move touched the cell).
    pub(crate) fn cell_block(&self, cell: Hex, label: &str, marked: bool) -> [String; BLOCK_LINES] {
        let occupant = self.occupant(cell);
        let field = |d: usize| match occupant {
            Some(id) => direction_text(self, self.pieces()[id].orientation, Some(cell), d),
            None => String::new(),
        };
        let is_base = Colour::BOTH.iter().any(|&c| self.board().base(c) == cell);
        let (middle, state) = match occupant {
            Some(id) => {
                let owner = if self.owner(id) == Colour::White { 'W' } else { 'B' };
                let free = if self.is_free(id, cell) { "ok" } else { "!!" };
                (format!("{owner}{}", self.mark(id)), free)
            }
            None => ("  ".to_owned(), "  "),
        };
        let top = if is_base { "* " } else { "  " };
        let label = if marked { format!("[{label}]") } else { format!(" {label} ") };
        [
            format!("{:>3}{top}{:<3}", field(2), field(1)),
            format!("{:>3}{middle}{:<3}", field(3), field(0)),
            format!("{:>3}{state}{:<3}", field(4), field(5)),
            format!("{:^width$}", format!("{label}{}", control_text(self, cell)), width = PITCH),
        ]
    }

    /// The drawing of a hole: `##` in its bottom line, where a cell has
    /// its label.
    pub(crate) fn hole_block() -> [String; BLOCK_LINES] {
        let blank = " ".repeat(PITCH);
        [blank.clone(), blank.clone(), blank, format!("{:^width$}", "##", width = PITCH)]
    }

    /// Appends one row of cell blocks: `label` before its bottom line (the
    /// cell labels), `indent` half cells of space before the first block.
    /// The lines above the bottom line are left out where they are blank
    /// (no stone and no base in the row).
    pub(crate) fn write_row(out: &mut String, label: &str, indent: usize, blocks: &[[String; BLOCK_LINES]]) {
        let pad = " ".repeat(label.chars().count());
        for line in 0..BLOCK_LINES {
            let bottom = line == BLOCK_LINES - 1;
            let mut text = if bottom { label.to_owned() } else { pad.clone() };
            text.push_str(&" ".repeat(indent * PITCH / 2));
            for block in blocks {
                text.push_str(&block[line]);
            }
            if bottom || !text.trim().is_empty() {
                out.push_str(text.trim_end());
                out.push('\n');
            }
        }
    }

    /// A piece off the board as code, circle and arrows: `000011(r)=↙1↘1`.
    pub(crate) fn stone_item(&self, id: usize) -> String {
        let circle = self.pieces()[id].circle;
        let tag = if circle == Circle::None { String::new() } else { format!("({})", circle.letter()) };
        let stone = self.catalog()[id].stone;
        format!("{stone}{tag}={}", stone_glyphs(stone))
    }

    /// Writes both inventories (each stone as code, circle and arrows) and
    /// the removed stones, wrapped to [`WIDTH`] columns.
    pub(crate) fn write_inventories(&self, out: &mut String) {
        for colour in Colour::BOTH {
            let stones: Vec<String> = self.inventory(colour).map(|id| self.stone_item(id)).collect();
            let stones = if stones.is_empty() { vec!["-".to_owned()] } else { stones };
            out.push_str(&wrap(&format!("{} inventory:", colour.name()), &stones));
        }
        let removed: Vec<String> = (0..self.pieces().len())
            .filter(|&id| self.pieces()[id].location == Location::Removed)
            .map(|id| self.piece_text(id))
            .collect();
        if !removed.is_empty() {
            out.push_str(&wrap("Removed:", &removed));
        }
    }
}

impl Amakta {
    /// The rows of the board as text, the cells of the last move marked.
    fn board_lines(&self, marked: &[Hex]) -> String {
        let mut out = String::new();
        for (row, (indent, cells)) in self.board().rows().into_iter().enumerate() {
            let blocks: Vec<[String; BLOCK_LINES]> = cells
                .iter()
                .enumerate()
                .map(|(column, &(cell, playable))| {
                    if playable {
                        self.cell_block(cell, &(column + 1).to_string(), marked.contains(&cell))
                    } else {
                        Self::hole_block()
                    }
                })
                .collect();
            Self::write_row(&mut out, &format!("{} ", (b'a' + row as u8) as char), indent, &blocks);
        }
        out
    }

    /// The phase line: setup step, whose turn, or the winner.
    fn phase_line(&self) -> String {
        let seat = |colour: Colour| self.seat_of(colour).map_or(String::new(), |p| format!(" ({p})"));
        let phase = match self.phase() {
            Phase::Circles(n) => format!("setup: p1 assigns circles, next {}", self.piece_text(n as usize)),
            Phase::Colour => "setup: p2 chooses a colour".to_owned(),
            Phase::Play => match self.winner() {
                Some(colour) => format!("game over: {}{} has won", colour.name(), seat(colour)),
                None => {
                    format!("play: {}{} to move", self.colour_to_move().name(), seat(self.colour_to_move()))
                }
            },
        };
        format!("Phase: {phase}")
    }

    /// The terminal drawing: the board (see the module documentation), the
    /// legend, the inventories, removed stones, the last move and the
    /// phase.
    pub(crate) fn drawing(&self, last: Option<Move>) -> String {
        let marked = last.map(Amakta::move_cells).unwrap_or_default();
        let mut out = self.board_lines(&marked);
        let _ = writeln!(
            out,
            "\nCell e5: row e, bottom number 5 ([5] = last move). * base: White {}, Black {}.",
            self.board().cell_name(self.board().base(Colour::White)),
            self.board().cell_name(self.board().base(Colour::Black))
        );
        for line in LEGEND {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(out, "Inventories: code(circle)=arrows. `cell e5` explains a cell.");
        self.write_inventories(&mut out);
        if let Some(mv) = last {
            let _ = writeln!(out, "Last move: {}", self.move_text(mv));
        }
        let _ = writeln!(out, "{}", self.phase_line());
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::Amakta;
    use crate::board::Board;
    use crate::moves::Move;
    use crate::stones::Stone;

    /// hex5 with a blocked red arrow (e1 over e2), a bound White stone
    /// (e3: Black's double green from e5 outnumbers e2's blue) and a
    /// blocked red arrow of Black (e9 over e8).
    pub(crate) const POSITION: &str = "board=hex5 set=000000,000001,000003,000005,000008,000011 p1=white \
        turn=white circles=w:000001=r stones=e1=w:000003/300000,e2=w:000001/100000,e3=w:000000/000000,\
        e5=b:000005/000500,e9=b:000008/000800,e8=b:000011/000110 removed=-";

    fn widest(drawing: &str) -> usize {
        drawing.lines().map(|line| line.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn stones_show_arrows_freedom_blocking_and_control() {
        let position = Amakta::from_text(POSITION).unwrap();
        let drawing = position.drawing(None);
        let row: Vec<&str> = drawing
            .lines()
            .skip_while(|l| !l.starts_with("d "))
            .skip(1)
            .take_while(|l| !l.starts_with("f "))
            .collect();
        assert_eq!(
            row,
            [
                "     *                                                               *",
                "     W →x    Wr→1    W            22←B                     1←B    1x←B",
                "     ok      ok      !!              ok                    1↙ok      ok",
                "e  1 w1:0    2 .   3 b1:2    4 .     5 .     6 .   7 b0:1  8 b0:1  9 b0:1",
            ],
            "{drawing}"
        );
        assert!(drawing.contains("a                    1 .     2 .     3 .     4 .     5 .\n"), "{drawing}");
        assert!(drawing.contains("White inventory: 000005=↘22 000008=↘13 000011=↙1↘1\n"), "{drawing}");
        assert!(widest(&drawing) <= 80, "{drawing}");
    }

    /// A hex5 board full of stones with many arrows, the last move marked:
    /// every line still fits 80 columns.
    #[test]
    fn a_full_hex5_fits_80_columns() {
        let dense: Vec<Stone> = (0..1_000_000)
            .rev()
            .filter_map(Stone::from_number)
            .filter(|s| s.is_canonical())
            .take(31)
            .collect();
        let set: Vec<String> = dense.iter().map(ToString::to_string).collect();
        let board = crate::HexBoard::built_in("hex5").unwrap();
        let stones: Vec<String> = board
            .cells()
            .into_iter()
            .enumerate()
            .map(|(i, cell)| {
                let colour = if i % 2 == 0 { 'w' } else { 'b' };
                let code = dense[i / 2];
                format!("{}={colour}:{code}/{code}", board.cell_name(cell))
            })
            .collect();
        let text = format!(
            "board=hex5 set={} p1=white turn=white circles=- stones={} removed=-",
            set.join(","),
            stones.join(",")
        );
        let position = Amakta::from_text(&text).unwrap();
        let at = board.parse_cell("e9").unwrap();
        let drawing = position.drawing(Some(Move::Rotate { at, orientation: dense[0] }));
        assert!(drawing.contains("[9]"), "{drawing}");
        assert!(widest(&drawing) <= 80, "{drawing}");
        assert!(drawing.lines().count() > 36, "every row has its four lines");
    }

    #[test]
    fn setup_phases_draw_the_empty_board_and_the_circles() {
        let text = POSITION.replace("turn=white", "turn=circles:2").replace("p1=white", "p1=-");
        let text = text.split(" stones=").next().unwrap().to_owned() + " stones=- removed=-";
        let drawing = Amakta::from_text(&text).unwrap().drawing(None);
        assert!(drawing.contains("Phase: setup: p1 assigns circles, next w:000003"), "{drawing}");
        assert!(drawing.contains("000001(r)=↘1"), "{drawing}");
        assert!(drawing.contains("e  1 w1:0"), "{drawing}");
        assert!(widest(&drawing) <= 80, "{drawing}");
    }
}
