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
//!
//! With colour, the reach digits are blue, green and red like the arrows of
//! the stones, a blocked arrow's `x` and a bound stone's `!!` stand out in
//! reverse video, Black's stones are in reverse video, and the bottom line
//! of every cell is shaded by its control: light for White, dark for
//! Black, grey for a tie. Legends and status lines follow the style's
//! language.

use crate::Amakta;
use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Location, Phase, Position};
use crate::stones::Stone;
use game::{Language, Paint, Painted, Player, Style, Text, text};
use std::fmt::Write as _;

/// Characters per cell of the drawing; a row shifted half a cell is
/// indented by half of it.
pub(crate) const PITCH: usize = 8;

/// Characters per cell of the zoomed-out drawing of a board that does not
/// fit 80 columns with cells of [`PITCH`] (see [`Position::compact_block`]):
/// hex6's eleven cells fit (79). A row shifted half a cell is indented by
/// half of it, rounded down.
pub(crate) const COMPACT_PITCH: usize = 7;

/// The column of the full drawing that column `column` of the zoomed-out
/// drawing shows, in a row whose label takes `label` characters: the
/// cells are [`COMPACT_PITCH`] characters wide there, [`PITCH`] in full
/// (a column in a cell's block maps into the same cell's block, also where
/// an odd half-cell indent was rounded down).
pub(crate) fn full_column(column: usize, label: usize) -> usize {
    match column.checked_sub(label) {
        Some(within) => label + (within * PITCH).div_ceil(COMPACT_PITCH),
        None => column,
    }
}

/// Text lines per row of cells.
pub(crate) const BLOCK_LINES: usize = 4;

/// Characters of the row label before a row's first block (`"e "`).
pub(crate) const ROW_LABEL: usize = 2;

/// Widest line the drawing's texts (legend, inventories) are wrapped to.
pub(crate) const WIDTH: usize = 80;

/// The arrow glyph of each direction (E, NE, NW, W, SW, SE).
pub(crate) const ARROW_GLYPHS: [char; 6] = ['→', '↗', '↖', '←', '↙', '↘'];

/// The legend line of the zoomed-out drawing (see
/// [`Position::compact_block`]).
pub(crate) fn compact_legend() -> [Text; 3] {
    [
        text!(
            "Zoomed out: a stone is owner, its code as it lies and ! when bound (else its",
            "Verkleinert: ein Stein ist Besitzer, sein Code wie er liegt und ! wenn gebunden,"
        ),
        text!(
            "circle; on hex6 in the bottom line, after the control w/b/=/.); code: reach",
            "sonst sein Kreis (auf hex6 unten nach der Kontrolle w/s/=/.); Code: Reichweite"
        ),
        text!(
            "per direction E NE NW W SW SE, 1-3, 4-9 two arrows.",
            "je Richtung O NO NW W SW SO, 1-3, 4-9 zwei Pfeile."
        ),
    ]
}

/// The legend lines shared by both drawings: stones, arrows, control.
pub(crate) fn legend() -> [Text; 4] {
    [
        Text::new(
            "Stone: owner W/B; circle r reinforcement, d damage (n: none); e expropriated;",
            "Stein: W/S; Kreis r Verstärkung, d Schaden (n: keiner); e enteignet;",
        ),
        Text::new(
            "ok free, !! bound (`circle w:000001=n`: the stone gets no circle).",
            "ok frei, !! gebunden (`circle w:000001=n`: der Stein bekommt keinen Kreis).",
        ),
        Text::new(
            "Arrows ↗→↘↙←↖ with reach digits (1 blue, 2 green, 3 red); x = blocked arrow.",
            "Pfeile ↗→↘↙←↖ mit Reichweite (1 blau, 2 grün, 3 rot); x = blockierter Pfeil.",
        ),
        Text::new(
            "Bottom line: control w/b (= tie, . free), White:Black arrows incl. circles.",
            "Untere Zeile: Kontrolle w/s (= gleich, . frei), Pfeile Weiß:Schwarz mit Kreisen.",
        ),
    ]
}

/// The most lines a row of cells takes in `style`: [`BLOCK_LINES`], or
/// two zoomed out (the stone and the bottom line, see
/// [`Position::compact_block`]).
pub(crate) fn row_lines_most(style: Style) -> usize {
    if style.compact { 2 } else { BLOCK_LINES }
}

/// The one line a brief drawing ([`Style::brief`](game::Style)) has in
/// place of the legend, `cell` the game's own example of a cell (`e5` on
/// the board, `0,0` on Infinit's plane).
pub(crate) fn brief_legend(cell: &str) -> Text {
    Text::new(
        format!("(`legend`: what the marks mean; `cell {cell}` explains a cell.)"),
        format!("(`legende`: was die Zeichen bedeuten; `zelle {cell}` erklärt ein Feld.)"),
    )
}

/// A colour's name in `language`.
pub(crate) fn colour_name(colour: Colour, language: Language) -> &'static str {
    match language {
        Language::English => colour.name(),
        Language::German => colour.name_de(),
    }
}

/// The paint of a reach digit: the colour of an arrow of that reach on the
/// stones (1 blue, 2 green, 3 red); a blocked arrow's `x` in reverse video.
fn reach_paint(c: char) -> Paint {
    match c {
        '1' => Paint::fg(33).bold(),
        '2' => Paint::fg(34).bold(),
        '3' => Paint::fg(196).bold(),
        'x' => ALERT,
        _ => Paint::NONE,
    }
}

/// What must stand out: a blocked arrow, a bound stone.
const ALERT: Paint = Paint::NONE.bold().reverse();

/// The brackets of the last move and the base mark.
const MARK: Paint = Paint::fg(220).bold();

/// The shading of a cell's bottom line by its control: light for White,
/// dark for Black, grey for a tie, none for a free cell.
fn control_paint(control: Control) -> Option<Paint> {
    match control {
        Control::Free => None,
        Control::Tie => Some(Paint::fg(16).on(250)),
        Control::Of(Colour::White) => Some(Paint::fg(16).on(223)),
        Control::Of(Colour::Black) => Some(Paint::fg(231).on(60)),
    }
}

/// `line` on the background of `shade`, in its text colour wherever a
/// character has none of its own (the brackets of the last move keep
/// theirs).
fn shaded(line: &Painted, shade: Paint) -> Painted {
    let mut out = Painted::new();
    for (c, paint) in line.chars() {
        out.push_str(&c.to_string(), Paint { fg: paint.fg.or(shade.fg), bg: shade.bg, ..paint });
    }
    out
}

/// `text` with its reach digits (and blocked marks) painted.
fn arrows_painted(text: &str) -> Painted {
    let mut line = Painted::new();
    for c in text.chars() {
        line.push_str(&c.to_string(), reach_paint(c));
    }
    line
}

/// `text` right-aligned (`right`) or left-aligned in `width` characters,
/// its arrows painted.
fn padded_arrows(text: &str, width: usize, right: bool) -> Painted {
    let pad = " ".repeat(width.saturating_sub(text.chars().count()));
    let mut line = Painted::new();
    if right {
        line.push_str(&pad, Paint::NONE);
    }
    line.append(&arrows_painted(text));
    if !right {
        line.push_str(&pad, Paint::NONE);
    }
    line
}

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

/// The row of cell blocks that drawing line `line` belongs to, the rows
/// having taken `heights` lines each (as [`Position::write_row`] wrote
/// them); `None` below the last row.
pub(crate) fn row_of_line(heights: &[usize], line: usize) -> Option<usize> {
    let mut end = 0;
    heights.iter().position(|height| {
        end += height;
        line < end
    })
}

/// The index of the cell block under character `column` of a row whose
/// label takes `label` characters and whose first block is indented by
/// `indent` half cells; `None` left of the first block.
pub(crate) fn block_at(column: usize, label: usize, indent: usize) -> Option<usize> {
    column.checked_sub(label + indent * PITCH / 2).map(|column| column / PITCH)
}

/// The control of a cell and its effective arrow counts: `w3:1`, `=2:2`,
/// `.` when no arrow points at it.
fn control_text<B: Board>(position: &Position<B>, cell: Hex, language: Language) -> String {
    let [white, black] = position.effective_arrows(cell);
    match position.control(cell) {
        Control::Free => ".".to_owned(),
        Control::Tie => format!("={white}:{black}"),
        Control::Of(colour) => format!("{}{white}:{black}", owner_letter(colour, language)),
    }
}

/// A colour's letter in the drawing, in `language`: `w`/`b` (white,
/// black), `w`/`s` in German (weiß, schwarz).
fn owner_letter(colour: Colour, language: Language) -> char {
    match (colour, language) {
        (Colour::Black, Language::German) => 's',
        _ => colour.letter(),
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
    /// [`PITCH`] characters (see the module documentation), or zoomed out
    /// when `style` is compact (see [`Position::compact_block`]), `pitch`
    /// characters wide ([`COMPACT_PITCH`] on the board, [`PITCH`] on
    /// Amakta Infinit's plane, whose viewport fits 80 columns). `label`
    /// names the cell in its bottom line; `marked` puts it in brackets (the
    /// last move touched the cell).
    pub(crate) fn cell_block(
        &self,
        cell: Hex,
        label: &str,
        marked: bool,
        style: Style,
        pitch: usize,
    ) -> [Painted; BLOCK_LINES] {
        let language = style.language;
        let is_base = Colour::BOTH.iter().any(|&c| self.board().base(c) == cell);
        if style.compact {
            return self.compact_block(cell, is_base, (label, marked), language, pitch);
        }
        let bottom = self.bottom_line(cell, label, marked, language);
        let occupant = self.occupant(cell);
        let field = |d: usize| match occupant {
            Some(id) => direction_text(self, self.pieces()[id].orientation, Some(cell), d),
            None => String::new(),
        };
        let (middle, state) = match occupant {
            Some(id) => {
                let mut middle = self.owner_painted(id, language);
                middle.push_str(&self.mark(id).to_string(), Paint::NONE.bold());
                let state = if self.is_free(id, cell) {
                    Painted::from_text("ok", Paint::fg(244))
                } else {
                    Painted::from_text("!!", ALERT)
                };
                (middle, state)
            }
            None => (Painted::from_text("  ", Paint::NONE), Painted::from_text("  ", Paint::NONE)),
        };
        let top =
            if is_base { Painted::from_text("* ", MARK) } else { Painted::from_text("  ", Paint::NONE) };
        let line = |left: usize, centre: &Painted, right: usize| {
            let mut line = padded_arrows(&field(left), 3, true);
            line.append(centre);
            line.append(&padded_arrows(&field(right), 3, false));
            line
        };
        [line(2, &top, 1), line(3, &middle, 0), line(4, &state, 5), bottom]
    }

    /// The owner's letter of stone `id` (`W`, Black's in reverse video).
    fn owner_painted(&self, id: usize, language: Language) -> Painted {
        let owner = self.owner(id);
        let paint = if owner == Colour::White { Paint::NONE.bold() } else { Paint::NONE.bold().reverse() };
        Painted::from_text(&owner_letter(owner, language).to_ascii_uppercase().to_string(), paint)
    }

    /// A cell's bottom line: its label (in brackets when `marked`) and its
    /// control, shaded by the control.
    fn bottom_line(&self, cell: Hex, label: &str, marked: bool, language: Language) -> Painted {
        let mut bottom = if marked {
            let mut bottom = Painted::from_text("[", MARK);
            bottom.push_str(label, MARK);
            bottom.push_str("]", MARK);
            bottom
        } else {
            Painted::from_text(&format!(" {label} "), Paint::NONE)
        };
        bottom.push_str(&control_text(self, cell, language), Paint::NONE);
        let bottom = bottom.centred(PITCH);
        match control_paint(self.control(cell)) {
            Some(shade) => shaded(&bottom, shade),
            None => bottom,
        }
    }

    /// The zoomed-out drawing of a cell, two lines of `pitch` characters:
    /// the stone as its owner's letter and its code as it lies (the code a
    /// move names, digits per direction E NE NW W SW SE); a base without a
    /// stone as `*`; then the bottom line. [`PITCH`] characters wide, the
    /// stone is followed by `!` when it is bound (else its mark: circle
    /// letter or `e`) and the bottom line is the full drawing's; narrower
    /// ([`COMPACT_PITCH`]), the bottom line is the label (in brackets when
    /// `marked`), the control's letter (`w`, `b`, `=` or `.`, without the
    /// arrow counts) and the `!` or mark. The first and third lines stay
    /// blank, so [`Position::write_row`] leaves them out.
    fn compact_block(
        &self,
        cell: Hex,
        is_base: bool,
        (label, marked): (&str, bool),
        language: Language,
        pitch: usize,
    ) -> [Painted; BLOCK_LINES] {
        let blank = Painted::from_text(&" ".repeat(pitch), Paint::NONE);
        let occupant = self.occupant(cell);
        let narrow = pitch < PITCH;
        let state = |id: usize| {
            if self.is_free(id, cell) {
                Painted::from_text(&self.mark(id).to_string(), Paint::NONE.bold())
            } else {
                Painted::from_text("!", ALERT)
            }
        };
        let stone = match occupant {
            Some(id) => {
                let mut stone = self.owner_painted(id, language);
                stone.push_str(&self.pieces()[id].orientation.to_string(), Paint::NONE);
                if !narrow {
                    stone.append(&state(id));
                }
                stone.centred(pitch)
            }
            None if is_base => Painted::from_text("*", MARK).centred(pitch),
            None => blank.clone(),
        };
        if !narrow {
            return [blank.clone(), stone, blank, self.bottom_line(cell, label, marked, language)];
        }
        let mut bottom = if marked {
            Painted::from_text(&format!("[{label}]"), MARK)
        } else {
            Painted::from_text(&format!(" {label} "), Paint::NONE)
        };
        let control = control_text(self, cell, language).chars().next().unwrap_or('.');
        bottom.push_str(&control.to_string(), Paint::NONE);
        bottom.append(&occupant.map_or_else(|| Painted::from_text(" ", Paint::NONE), state));
        let bottom = bottom.centred(pitch);
        let bottom = match control_paint(self.control(cell)) {
            Some(shade) => shaded(&bottom, shade),
            None => bottom,
        };
        [blank.clone(), stone, blank, bottom]
    }

    /// The drawing of a hole `pitch` characters wide: `##` in its bottom
    /// line, where a cell has its label.
    pub(crate) fn hole_block(pitch: usize) -> [Painted; BLOCK_LINES] {
        let blank = Painted::from_text(&" ".repeat(pitch), Paint::NONE);
        [blank.clone(), blank.clone(), blank, Painted::from_text("##", Paint::fg(244)).centred(pitch)]
    }

    /// Appends one row of cell blocks `pitch` characters wide in `style`:
    /// `label` before its bottom line (the cell labels), `indent` half
    /// cells of space before the first block (rounded down for an odd
    /// `pitch`, see [`COMPACT_PITCH`]). The lines above the bottom line are left out where
    /// they are blank (no stone and no base in the row). Returns how many
    /// lines the row took.
    pub(crate) fn write_row(
        out: &mut String,
        label: &str,
        indent: usize,
        blocks: &[[Painted; BLOCK_LINES]],
        style: Style,
        pitch: usize,
    ) -> usize {
        let mut written = 0;
        let pad = " ".repeat(label.chars().count());
        for line in 0..BLOCK_LINES {
            let bottom = line == BLOCK_LINES - 1;
            let mut text = Painted::from_text(if bottom { label } else { &pad }, Paint::NONE);
            text.push_str(&" ".repeat(indent * pitch / 2), Paint::NONE);
            for block in blocks {
                text.append(&block[line]);
            }
            text.trim_end(style);
            if bottom || !text.is_blank() {
                out.push_str(&text.render(style));
                out.push('\n');
                written += 1;
            }
        }
        written
    }

    /// A piece off the board as code, circle and arrows: `000011(r)=↙1↘1`.
    pub(crate) fn stone_item(&self, id: usize) -> String {
        let circle = self.pieces()[id].circle;
        let tag = if circle == Circle::None { String::new() } else { format!("({})", circle.letter()) };
        let stone = self.catalog()[id].stone;
        format!("{stone}{tag}={}", stone_glyphs(stone))
    }

    /// Writes both inventories (each stone as code, circle and arrows) and
    /// the removed stones, wrapped to [`WIDTH`] columns, headed in
    /// `language`.
    pub(crate) fn write_inventories(&self, out: &mut String, language: Language) {
        for colour in Colour::BOTH {
            let stones: Vec<String> = self.inventory(colour).map(|id| self.stone_item(id)).collect();
            let stones = if stones.is_empty() { vec!["-".to_owned()] } else { stones };
            let name = colour_name(colour, language);
            let heading = text!("{name} inventory:", "Vorrat {name}:");
            out.push_str(&wrap(heading.get(language), &stones));
        }
        let removed: Vec<String> = (0..self.pieces().len())
            .filter(|&id| self.pieces()[id].location == Location::Removed)
            .map(|id| self.piece_text(id))
            .collect();
        if !removed.is_empty() {
            out.push_str(&wrap(Text::new("Removed:", "Entfernt:").get(language), &removed));
        }
    }
}

impl Amakta {
    /// The rows of the board as text in `style`, the cells of the last
    /// move marked, and how many lines each row took.
    fn board_lines(&self, marked: &[Hex], style: Style) -> (String, Vec<usize>) {
        let mut out = String::new();
        let mut heights = Vec::new();
        let pitch = if style.compact { self.compact_pitch() } else { PITCH };
        for (row, (indent, cells)) in self.board().rows().into_iter().enumerate() {
            let blocks: Vec<[Painted; BLOCK_LINES]> = cells
                .iter()
                .enumerate()
                .map(|(column, &(cell, playable))| {
                    if playable {
                        let label = (column + 1).to_string();
                        self.cell_block(cell, &label, marked.contains(&cell), style, pitch)
                    } else {
                        Self::hole_block(pitch)
                    }
                })
                .collect();
            let label = format!("{} ", (b'a' + row as u8) as char);
            heights.push(Self::write_row(&mut out, &label, indent, &blocks, style, pitch));
        }
        (out, heights)
    }

    /// The width of a cell zoomed out: [`PITCH`] where the board fits
    /// [`WIDTH`] columns so, else [`COMPACT_PITCH`] (hex6).
    pub(crate) fn compact_pitch(&self) -> usize {
        let width = |pitch: usize| {
            let rows = self.board().rows();
            rows.iter().map(|(indent, cells)| ROW_LABEL + indent * pitch / 2 + cells.len() * pitch).max()
        };
        if width(PITCH).unwrap_or(0) <= WIDTH { PITCH } else { COMPACT_PITCH }
    }

    /// The playable cell drawn at character `column` of line `line` of
    /// the drawing (any of the block's characters); `None` off the board,
    /// on a hole and below the board.
    pub(crate) fn drawn_cell(&self, line: usize, column: usize) -> Option<Hex> {
        let (_, heights) = self.board_lines(&[], Style::default());
        let row = row_of_line(&heights, line)?;
        let (indent, cells) = self.board().rows().into_iter().nth(row)?;
        let &(cell, playable) = cells.get(block_at(column, ROW_LABEL, indent)?)?;
        playable.then_some(cell)
    }

    /// A player as the phase line names them: their colour and seat
    /// ("White (first player)") once colours are chosen, else the seat.
    fn player_words(&self, player: Player, language: Language) -> String {
        match Colour::BOTH.into_iter().find(|&colour| self.seat_of(colour) == Some(player)) {
            Some(colour) => {
                let seat = crate::colour::SEATS[player.index()].get(language);
                format!("{} ({seat})", colour_name(colour, language))
            }
            None => crate::colour::PLAYERS[player.index()].get(language).to_owned(),
        }
    }

    /// The phase line: setup step, whose turn, or the winner.
    fn phase_line(&self, style: Style) -> String {
        let language = style.language;
        let seat = |colour: Colour| {
            self.seat_of(colour)
                .map_or(String::new(), |p| format!(" ({})", crate::colour::SEATS[p.index()].get(language)))
        };
        // An end from outside the board (resignation, agreement, time) or a
        // draw stands where the phase and the side to move would.
        if let (None, Some(outcome)) = (self.winner(), style.outcome) {
            let over = outcome.game_over(|player, language| self.player_words(player, language));
            let over = over.get(language);
            return text!("Phase: {over}", "Phase: {over}").get(language).to_owned();
        }
        let phase = match self.phase() {
            Phase::Circles(n) => {
                let info = &self.catalog()[n as usize];
                let (stone, owner) = (info.stone, colour_name(info.colour, language));
                text!(
                    "setup: the first player gives circles; next {owner}'s stone {stone}",
                    "Vorbereitung: erster Spieler vergibt Kreise, jetzt für {owner} {stone}"
                )
            }
            Phase::Colour => text!(
                "setup: the second player chooses a colour",
                "Vorbereitung: der zweite Spieler wählt eine Farbe"
            ),
            Phase::Play => match self.winner() {
                Some(colour) => {
                    let (name, seat) = (colour_name(colour, language), seat(colour));
                    text!("game over: {name}{seat} has won", "Spielende: {name}{seat} hat gewonnen")
                }
                None => {
                    let colour = self.colour_to_move();
                    let (name, seat) = (colour_name(colour, language), seat(colour));
                    text!("play: {name}{seat} to move", "Spiel: {name}{seat} am Zug")
                }
            },
        };
        let phase = phase.get(language);
        text!("Phase: {phase}", "Phase: {phase}").get(language).to_owned()
    }

    /// The terminal drawing in `style`: the board (see the module
    /// documentation), the legend, the inventories, removed stones, the
    /// last move and the phase.
    pub(crate) fn drawing(&self, last: Option<Move>, style: Style) -> String {
        let language = style.language;
        let marked = last.map(Amakta::move_cells).unwrap_or_default();
        let (mut out, _) = self.board_lines(&marked, style);
        let white = self.board().cell_name(self.board().base(Colour::White));
        let black = self.board().cell_name(self.board().base(Colour::Black));
        let where_ = text!(
            "\nCell e5: row e, bottom number 5 ([5] = last move). * base: White {white}, Black {black}.",
            "\nFeld e5: Reihe e, Zahl 5 unten ([5] letzter Zug). * Basis: Weiß {white}, Schwarz {black}."
        );
        if style.brief {
            let _ = writeln!(out, "{}", brief_legend("e5").get(language));
        } else {
            let _ = writeln!(out, "{}", where_.get(language));
            for line in legend() {
                let _ = writeln!(out, "{}", line.get(language));
            }
            let inventories = Text::new(
                "Inventories: code(circle)=arrows. `cell e5` explains a cell.",
                "Vorräte: Code(Kreis)=Pfeile. `zelle e5` erklärt ein Feld.",
            );
            let _ = writeln!(out, "{}", inventories.get(language));
        }
        if style.compact {
            for line in compact_legend() {
                let _ = writeln!(out, "{}", line.get(language));
            }
        }
        self.write_inventories(&mut out, language);
        if let Some(mv) = last {
            let mv = self.move_text(mv);
            let _ = writeln!(out, "{}", text!("Last move: {mv}", "Letzter Zug: {mv}").get(language));
        }
        let _ = writeln!(out, "{}", self.phase_line(style));
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::Amakta;
    use crate::board::Board;
    use crate::moves::Move;
    use crate::stones::Stone;
    use game::Style;

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
        let drawing = position.drawing(None, Style::default());
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

    #[test]
    fn colour_shades_control_and_marks_bound_stones_and_blocked_arrows() {
        let position = Amakta::from_text(POSITION).unwrap();
        let coloured = position.drawing(None, Style::new(game::Language::English, true));
        let plain: Vec<String> =
            game::strip_escapes(&coloured).lines().map(|line| line.trim_end().to_owned()).collect();
        assert_eq!(plain.join("\n") + "\n", position.drawing(None, Style::default()), "the same characters");
        // e1's bottom line, controlled by White: dark text on light ground.
        assert!(coloured.contains("\x1b[38;5;16;48;5;223m 1 w1:0 \x1b[0m"), "{coloured}");
        // e3, controlled by Black: light text on dark ground.
        assert!(coloured.contains("\x1b[38;5;231;48;5;60m 3 b1:2 \x1b[0m"), "{coloured}");
        // The bound stone on e3 and the blocked arrow of e1 in reverse video.
        assert!(coloured.contains("\x1b[1;7m!!\x1b[0m"), "{coloured}");
        assert!(coloured.contains("→\x1b[1;7mx\x1b[0m"), "{coloured}");
        // Reach digits in the colours of the stones' arrows.
        assert!(coloured.contains("→\x1b[1;38;5;33m1\x1b[0m"), "{coloured}");
        assert!(coloured.contains("\x1b[1;38;5;34m22\x1b[0m←"), "{coloured}");
    }

    #[test]
    fn legends_and_phase_speak_german() {
        let position = Amakta::from_text(POSITION).unwrap();
        let german = position.drawing(None, Style::new(game::Language::German, false));
        assert!(german.contains("Feld e5: Reihe e, Zahl 5 unten"), "{german}");
        assert!(german.contains("Stein: W/S; Kreis r Verstärkung, d Schaden (n: keiner)"), "{german}");
        // Black's stones and control in German letters: S (schwarz), s.
        assert!(german.contains("22←S") && german.contains("3 s1:2"), "{german}");
        let english = position.drawing(None, Style::default());
        assert!(english.contains("22←B") && english.contains("3 b1:2"), "{english}");
        assert!(german.contains("Vorrat Weiß: 000005=↘22"), "{german}");
        assert!(german.contains("Phase: Spiel: Weiß (erster Spieler) am Zug"), "{german}");
        assert!(widest(&german) <= 80, "{german}");
    }

    #[test]
    fn a_brief_drawing_leaves_the_legend_out() {
        let position = Amakta::from_text(POSITION).unwrap();
        let full = position.drawing(None, Style::default());
        let brief = position.drawing(None, Style::default().brief());
        assert!(full.contains("Arrows ↗→↘↙←↖") && full.contains("Bottom line: control"), "{full}");
        assert!(!brief.contains("Arrows ↗→↘↙←↖") && !brief.contains("Bottom line"), "{brief}");
        assert!(brief.contains("`legend`") && brief.contains("Phase: play"), "{brief}");
        assert!(full.lines().count() >= brief.lines().count() + 4, "{brief}");
    }

    /// A hex5 board full of stones with many arrows, the last move marked:
    /// every line still fits 80 columns.
    #[test]
    fn a_full_hex5_fits_80_columns() {
        let (position, at, dense) = full_hex5();
        let drawing = position.drawing(Some(Move::Rotate { at, orientation: dense[0] }), Style::default());
        assert!(drawing.contains("[9]"), "{drawing}");
        assert!(widest(&drawing) <= 80, "{drawing}");
        assert!(drawing.lines().count() > 36, "every row has its four lines");
    }

    #[test]
    fn zoomed_out_a_full_hex5_takes_two_lines_a_row() {
        let (position, at, dense) = full_hex5();
        let style = Style::default().compact(true);
        let drawing = position.drawing(Some(Move::Rotate { at, orientation: dense[0] }), style);
        let board: Vec<&str> = drawing.lines().take_while(|line| !line.trim().is_empty()).collect();
        assert_eq!(board.len(), 18, "{drawing}");
        assert!(widest(&drawing) <= 80, "{drawing}");
        // Each row: its stones line, then the labels; a1 holds White's
        // first stone with its code as it lies; e9 is marked.
        assert!(board[0].trim_start().starts_with(&format!("W{} B", dense[0])), "{drawing}");
        assert!(board[1].starts_with("a "), "{drawing}");
        let e = board.iter().position(|line| line.starts_with("e ")).unwrap();
        assert!(board[e].contains("[9]"), "{drawing}");
        assert!(drawing.contains("Zoomed out:"), "{drawing}");
        // The cells are where the full drawing's are.
        let full = position.drawing(None, Style::default());
        let labels = |drawing: &str| -> Vec<(usize, String, String)> {
            cell_labels(drawing).into_iter().map(|(_, column, row, label)| (column, row, label)).collect()
        };
        let zoomed = position.drawing(None, style);
        assert_eq!(labels(&zoomed), labels(&full));
    }

    /// hex6, the largest built-in board, fits 80 columns zoomed out, its
    /// stones and bases too.
    #[test]
    fn zoomed_out_hex6_fits_80_columns() {
        let text = "board=hex6 set=000000,000001 p1=white turn=white circles=- \
            stones=f1=w:000001/000001,f11=b:000001/000010 removed=-";
        let position = Amakta::from_text(text).unwrap();
        let zoomed = position.drawing(None, Style::default().compact(true));
        let board: Vec<&str> = zoomed.lines().take_while(|line| !line.trim().is_empty()).collect();
        assert!(widest(&board.join("\n")) <= 80, "{zoomed}");
        assert!(widest(&position.drawing(None, Style::default())) > 80, "in full it does not fit");
        assert_eq!(cell_labels(&zoomed).len(), 91, "{zoomed}");
        let f = board.iter().position(|line| line.starts_with("f ")).unwrap();
        assert!(board[f - 1].contains("W000001") && board[f - 1].contains("B000010"), "{zoomed}");
        // A click on a zoomed-out cell's label finds the cell: its column
        // maps into the cell's block of the full drawing (on its row's
        // labelled line there).
        use game::Presentation as _;
        let full = position.drawing(None, Style::default());
        let full_lines: Vec<&str> = full.lines().collect();
        for (_, column, row, label) in cell_labels(&zoomed) {
            let line = full_lines.iter().position(|line| line.starts_with(&format!("{row} "))).unwrap();
            let cell = position.drawn_cell(line, position.full_column(column));
            let name = cell.map(|cell| position.board().cell_name(cell));
            assert_eq!(name, Some(format!("{row}{label}")), "column {column}\n{zoomed}");
        }
    }

    #[test]
    fn the_most_lines_of_a_board_are_those_of_a_full_one() {
        use game::Presentation as _;
        let (position, _, _) = full_hex5();
        for style in [Style::default(), Style::default().compact(true)] {
            let drawing = position.drawing(None, style);
            let board = drawing.lines().take_while(|line| !line.trim().is_empty()).count();
            assert_eq!(position.board_lines_most(style), Some(board), "{drawing}");
        }
    }

    /// hex5 with a stone on every cell, the cell e9 and the stones used.
    fn full_hex5() -> (Amakta, crate::hex::Hex, Vec<Stone>) {
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
        (position, at, dense)
    }

    /// The cell labels in the bottom lines of a drawing's rows: line,
    /// column, the row's label (`e`, `r  -1`) and the label (`5`, `-1`).
    /// A label stands after a blank or `[`; the control after it starts
    /// with a letter, `=` or is `.`.
    pub(crate) fn cell_labels(drawing: &str) -> Vec<(usize, usize, String, String)> {
        let mut labels = Vec::new();
        let board = drawing.lines().take_while(|line| !line.trim().is_empty());
        for (line, text) in board.enumerate() {
            if text.starts_with(' ') {
                continue;
            }
            let chars: Vec<char> = text.chars().collect();
            let row_end = if text.starts_with('r') { 5 } else { 1 };
            let row: String = chars[..row_end].iter().collect::<String>().trim().to_owned();
            let mut column = row_end;
            while column < chars.len() {
                let starts = matches!(chars[column - 1], ' ' | '[')
                    && (chars[column].is_ascii_digit() || chars[column] == '-');
                if !starts {
                    column += 1;
                    continue;
                }
                let end =
                    (column + 1..chars.len()).find(|&i| !chars[i].is_ascii_digit()).unwrap_or(chars.len());
                labels.push((line, column, row.clone(), chars[column..end].iter().collect()));
                column = end;
            }
        }
        labels
    }

    /// Each cell label (and the rest of the cell's block) is where
    /// `drawn_cell` finds that cell; the row letters and the legend are no
    /// cell.
    #[test]
    fn drawn_cell_finds_each_cell_where_its_label_stands() {
        let position = Amakta::from_text(POSITION).unwrap();
        let drawing = position.drawing(None, Style::default());
        let labels = cell_labels(&drawing);
        assert_eq!(labels.len(), 61, "{drawing}");
        let name = |line: usize, column: usize| {
            position.drawn_cell(line, column).map(|cell| position.board().cell_name(cell))
        };
        for (line, column, row, label) in labels {
            assert_eq!(name(line, column), Some(format!("{row}{label}")), "line {line} column {column}");
        }
        let lines: Vec<&str> = drawing.lines().collect();
        let e = lines.iter().position(|line| line.starts_with("e ")).unwrap();
        // The stones of e1 and e5 stand two lines above their labels.
        assert_eq!(&lines[e - 2][5..6], "W");
        assert_eq!(name(e - 2, 5).as_deref(), Some("e1"));
        let black = lines[e - 2].chars().position(|c| c == 'B').unwrap();
        assert_eq!(name(e - 2, black).as_deref(), Some("e5"));
        assert_eq!(name(e, 0), None, "the row letter");
        assert_eq!(name(0, 3), None, "left of row a");
        assert_eq!(name(lines.len(), 30), None, "below the board");
    }

    #[test]
    fn setup_phases_draw_the_empty_board_and_the_circles() {
        let text = POSITION.replace("turn=white", "turn=circles:2").replace("p1=white", "p1=-");
        let text = text.split(" stones=").next().unwrap().to_owned() + " stones=- removed=-";
        let drawing = Amakta::from_text(&text).unwrap().drawing(None, Style::default());
        assert!(
            drawing.contains("Phase: setup: the first player gives circles; next White's stone 000003"),
            "{drawing}"
        );
        assert!(drawing.contains("000001(r)=↘1"), "{drawing}");
        assert!(drawing.contains("e  1 w1:0"), "{drawing}");
        assert!(widest(&drawing) <= 80, "{drawing}");
    }
}
