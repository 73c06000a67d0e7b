//! The terminal drawing of a standard-game position.

use crate::Amakta;
use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Location, Phase, Position};
use std::fmt::Write as _;

/// Characters per doubled-width column (a cell is two columns wide).
pub(crate) const HALF: usize = 5;

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

    /// A cell as the drawing shows it: `*` for a base, then the stone (owner
    /// `W`/`B`, mark, orientation) or the controller and arrow counts.
    pub(crate) fn cell_token(&self, cell: Hex) -> String {
        let base = if Colour::BOTH.iter().any(|&c| self.board().base(c) == cell) { "*" } else { "" };
        if let Some(id) = self.occupant(cell) {
            let state = self.pieces()[id];
            let owner = match self.owner(id) {
                Colour::White => 'W',
                Colour::Black => 'B',
            };
            let mark = if state.expropriated {
                'x'
            } else {
                match state.circle {
                    Circle::None => '-',
                    circle => circle.letter(),
                }
            };
            return format!("{base}{owner}{mark}{}", state.orientation);
        }
        let [white, black] = self.raw_arrows(cell);
        match self.control(cell) {
            Control::Free => format!("{base}."),
            Control::Tie => format!("{base}= {white}:{black}"),
            Control::Of(colour) => format!("{base}{} {white}:{black}", colour.letter()),
        }
    }

    /// Writes both inventories (codes with their circles) and the removed
    /// stones.
    pub(crate) fn write_inventories(&self, out: &mut String) {
        for colour in Colour::BOTH {
            let stones: Vec<String> = self
                .inventory(colour)
                .map(|id| {
                    let circle = self.pieces()[id].circle;
                    let tag =
                        if circle == Circle::None { String::new() } else { format!("({})", circle.letter()) };
                    format!("{}{tag}", self.catalog()[id].stone)
                })
                .collect();
            let _ = writeln!(
                out,
                "{} inventory: {}",
                colour.name(),
                if stones.is_empty() { "-".into() } else { stones.join(" ") }
            );
        }
        let removed: Vec<String> = (0..self.pieces().len())
            .filter(|&id| self.pieces()[id].location == Location::Removed)
            .map(|id| self.piece_text(id))
            .collect();
        if !removed.is_empty() {
            let _ = writeln!(out, "Removed: {}", removed.join(" "));
        }
    }
}

impl Amakta {
    /// The terminal drawing: the board (stones as owner, mark and
    /// orientation; empty cells as controller and arrow counts), the
    /// inventories, removed stones, phase and the last move.
    pub(crate) fn drawing(&self, last: Option<Move>) -> String {
        let marked = last.map(Amakta::move_cells).unwrap_or_default();
        let mut out = String::new();
        for (row, (indent, cells)) in self.board().rows().into_iter().enumerate() {
            let mut line = format!("{} ", (b'a' + row as u8) as char);
            line.push_str(&" ".repeat(indent * HALF));
            for (cell, playable) in cells {
                let token = if !playable {
                    "#".to_owned()
                } else if marked.contains(&cell) {
                    format!("[{}]", self.cell_token(cell))
                } else {
                    self.cell_token(cell)
                };
                let _ = write!(line, "{token:^width$}", width = 2 * HALF);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "\nCells: row letter + column from the row's west end. * base (White {}, Black {}).",
            self.board().cell_name(self.board().base(Colour::White)),
            self.board().cell_name(self.board().base(Colour::Black))
        );
        let _ = writeln!(
            out,
            "Stones: owner W/B, mark (- none, r reinforcement, d damage, x expropriated), orientation. \
             Empty: controller (w/b, = tie, . free), white:black arrows."
        );
        self.write_inventories(&mut out);
        if let Some(mv) = last {
            let _ = writeln!(out, "Last move: {}", self.move_text(mv));
        }
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
        let _ = writeln!(out, "Phase: {phase}");
        out
    }
}
