//! The terminal drawing of Amakta Infinit: a viewport of the plane around
//! the stones, bases and arrows that follows the action, and the state of
//! the start.

use super::{Infinit, InfinitMove, Stage};
use crate::board::Board;
use crate::colour::Colour;
use crate::hex::Hex;
use crate::plane::Plane;
use crate::position::Location;
use crate::position::Position;
use crate::render::{
    BLOCK_LINES, PITCH, block_at, brief_legend, colour_name, compact_legend, legend, row_of_line, wrap,
};
use game::{Language, Painted, Style, text};
use std::fmt::Write as _;

/// Cells of margin around the interesting cells.
const MARGIN: i32 = 1;

/// The label before a row's bottom line: `r  -1 `.
fn row_label(r: i32) -> String {
    format!("r{r:>4} ")
}

impl Infinit {
    /// The viewport: rows `r` and doubled-width columns `x = 2q + r` of the
    /// bounding box of the stones, the bases and the cells arrows point at,
    /// plus a margin of one cell.
    pub fn viewport(&self) -> ((i32, i32), (i32, i32)) {
        let board = self.position.board();
        let mut cells: Vec<Hex> = Colour::BOTH.map(|c| board.base(c)).to_vec();
        cells.extend(self.position.cells_with_arrows().map(|(cell, _)| cell));
        cells.extend(self.position.pieces().iter().filter_map(|s| match s.location {
            Location::Board(at) => Some(at),
            _ => None,
        }));
        let rows = cells.iter().map(|c| c.r);
        let columns = cells.iter().map(|c| 2 * c.q + c.r);
        let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (x0, x1) = (columns.clone().min().unwrap_or(0), columns.max().unwrap_or(0));
        ((r0 - MARGIN, r1 + MARGIN), (x0 - 2 * MARGIN, x1 + 2 * MARGIN))
    }

    /// The part of the plane the terminal drawing shows: the
    /// [`viewport`](Infinit::viewport)'s rows, its columns without their
    /// margin, so that the plane between the bases at the default
    /// distance fits a terminal of 80 columns (the rows above and below
    /// show the neighbouring cells).
    fn drawn_viewport(&self) -> ((i32, i32), (i32, i32)) {
        let (rows, (x0, x1)) = self.viewport();
        (rows, (x0 + 2 * MARGIN, x1 - 2 * MARGIN))
    }

    /// The stones of a colour's set as code, circle and arrows (`-` for
    /// none).
    fn set_items(&self, colour: Colour) -> Vec<String> {
        let stones: Vec<String> = self.set_of(colour).map(|id| self.position.stone_item(id)).collect();
        if stones.is_empty() { vec!["-".to_owned()] } else { stones }
    }

    /// " (first player)" after the name of `colour`'s seat, once the
    /// bidding has given the seats their colours.
    fn seat_text(&self, colour: Colour, language: Language) -> String {
        self.position
            .seat_of(colour)
            .map_or(String::new(), |p| format!(" ({})", crate::colour::SEATS[p.index()].get(language)))
    }

    /// The first doubled-width column of row `r` in the viewport's columns
    /// `x0..=x1`: cells of row `r` have columns of its parity.
    fn first_column(r: i32, (x0, x1): (i32, i32)) -> i32 {
        (x0..=x1).find(|x| (x - r).rem_euclid(2) == 0).unwrap_or(x0)
    }

    /// The rows of the viewport as text in `style`, the cells of the last
    /// move marked, and how many lines each row took.
    fn plane_lines(&self, marked: &[Hex], style: Style) -> (String, Vec<usize>) {
        let ((r0, r1), (x0, x1)) = self.drawn_viewport();
        let mut out = String::new();
        let mut heights = Vec::new();
        for r in r0..=r1 {
            let first = Self::first_column(r, (x0, x1));
            let blocks: Vec<[Painted; BLOCK_LINES]> = (first..=x1)
                .step_by(2)
                .map(|x| {
                    let cell = Hex::new((x - r).div_euclid(2), r);
                    self.position.cell_block(cell, &cell.q.to_string(), marked.contains(&cell), style, PITCH)
                })
                .collect();
            let indent = (first - x0) as usize;
            heights.push(Position::<Plane>::write_row(
                &mut out,
                &row_label(r),
                indent,
                &blocks,
                style,
                PITCH,
            ));
        }
        (out, heights)
    }

    /// The cell drawn at character `column` of line `line` of the drawing
    /// (any of its block's characters); `None` outside the viewport's
    /// cells and below them.
    pub(crate) fn drawn_cell(&self, line: usize, column: usize) -> Option<Hex> {
        let ((r0, r1), (x0, x1)) = self.drawn_viewport();
        let (_, heights) = self.plane_lines(&[], Style::default());
        let r = r0 + i32::try_from(row_of_line(&heights, line)?).ok()?;
        let first = Self::first_column(r, (x0, x1));
        let indent = usize::try_from(first - x0).ok()?;
        let label = row_label(r).chars().count();
        let x = first + 2 * i32::try_from(block_at(column, label, indent)?).ok()?;
        (r <= r1 && x <= x1).then(|| Hex::new((x - r).div_euclid(2), r))
    }

    /// The terminal drawing in `style`: the viewport of the plane, the
    /// sets and points, the state of the bidding or creation, inventories
    /// in play, the last move and whose turn it is.
    pub(crate) fn drawing(&self, last: Option<InfinitMove>, style: Style) -> String {
        let language = style.language;
        let marked = match last {
            Some(InfinitMove::Play(mv)) => Position::<Plane>::move_cells(mv),
            _ => Vec::new(),
        };
        let (mut out, _) = self.plane_lines(&marked, style);
        let board = self.position.board();
        let plane = text!(
            "\nUnbounded plane. Cell q,r: row r at the left, q in its bottom line ([q] last move).",
            "\nUnbegrenzte Ebene. Feld q,r: Reihe r links, q unten im Feld ([q] letzter Zug)."
        );
        if style.brief {
            // The blank line that parts the plane from the notes.
            out.push('\n');
        } else {
            let _ = writeln!(out, "{}", plane.get(language));
        }
        let white = board.cell_name(board.base(Colour::White));
        let black = board.cell_name(board.base(Colour::Black));
        let distance = board.distance();
        let bases = text!(
            "* base: White {white}, Black {black} (distance {distance}).",
            "* Basis: Weiß {white}, Schwarz {black} (Abstand {distance})."
        );
        let _ = writeln!(out, "{}", bases.get(language));
        if style.brief {
            let _ = writeln!(out, "{}", brief_legend("0,0").get(language));
        } else {
            for line in legend() {
                let _ = writeln!(out, "{}", line.get(language));
            }
        }
        if style.compact {
            for line in compact_legend() {
                let _ = writeln!(out, "{}", line.get(language));
            }
        }
        self.write_start_state(&mut out, language);
        if self.stage == Stage::Play {
            self.position.write_inventories(&mut out, language);
            let (quiet, limit) = (self.quiet, crate::rules::NO_CAPTURE_LIMIT);
            let counter = text!(
                "Plies without expropriation or release: {quiet} (draw at {limit})",
                "Halbzüge ohne Enteignung oder Freigabe: {quiet} (Remis bei {limit})"
            );
            let _ = writeln!(out, "{}", counter.get(language));
        }
        if let Some(mv) = last {
            let mv = self.move_text(mv);
            let _ = writeln!(out, "{}", text!("Last move: {mv}", "Letzter Zug: {mv}").get(language));
        }
        let _ = writeln!(out, "{}", self.turn_line(style));
        out
    }

    fn write_start_state(&self, out: &mut String, language: Language) {
        match self.stage {
            Stage::Bidding => {
                let (points, cap, offers) = (self.points, self.bid_cap(), self.offers);
                let (offers_en, offers_de) = if offers == 1 {
                    ("1 offer".to_owned(), "1 Gebot".to_owned())
                } else {
                    (format!("{offers} offers"), format!("{offers} Gebote"))
                };
                let line = match self.offer {
                    Some(1) => text!(
                        "Bidding for Black's points (White has {points}; the first player offers first; offers up to {cap}): \
                         {offers_en}, last offer 1 point",
                        "Gebote um die Punkte von Schwarz (Weiß hat {points}; der erste Spieler bietet zuerst; Gebote bis {cap}): \
                         {offers_de}, letztes Gebot 1 Punkt"
                    ),
                    Some(offer) => text!(
                        "Bidding for Black's points (White has {points}; the first player offers first; offers up to {cap}): \
                         {offers_en}, last offer {offer} points",
                        "Gebote um die Punkte von Schwarz (Weiß hat {points}; der erste Spieler bietet zuerst; Gebote bis {cap}): \
                         {offers_de}, letztes Gebot {offer} Punkte"
                    ),
                    None => text!(
                        "Bidding for Black's points (White has {points}; the first player offers first; offers up to {cap}): \
                         {offers_en}, last offer none",
                        "Gebote um die Punkte von Schwarz (Weiß hat {points}; der erste Spieler bietet zuerst; Gebote bis {cap}): \
                         {offers_de}, noch kein Gebot"
                    ),
                };
                let _ = writeln!(out, "{}", line.get(language));
            }
            _ => {
                for colour in Colour::BOTH {
                    let closed = match self.stage {
                        Stage::Creation(_) if self.closed[colour.index()] => {
                            text!(", closed", ", abgeschlossen")
                        }
                        Stage::Creation(_) => text!(", open", ", offen"),
                        _ => text!("", ""),
                    };
                    let closed = closed.get(language);
                    let (name, seat) = (colour_name(colour, language), self.seat_text(colour, language));
                    let (left, budget) = (self.left[colour.index()], self.budget[colour.index()]);
                    let heading = text!(
                        "{name}{seat} set ({left} of {budget} points left{closed}):",
                        "Satz {name}{seat} ({left} von {budget} Punkten übrig{closed}):"
                    );
                    out.push_str(&wrap(heading.get(language), &self.set_items(colour)));
                }
            }
        }
    }

    fn turn_line(&self, style: Style) -> String {
        let language = style.language;
        // An end from outside the board (resignation, agreement, time)
        // stands where the side to move would.
        if let (None, Some(outcome)) = (self.position.winner(), style.outcome) {
            let over = outcome.game_over(|player, language| {
                let name = crate::colour::PLAYERS[player.index()].get(language);
                match Colour::BOTH.into_iter().find(|&colour| self.position.seat_of(colour) == Some(player)) {
                    Some(colour) => format!("{name} ({})", colour_name(colour, language)),
                    None => name.to_owned(),
                }
            });
            return over.get(language).to_owned();
        }
        let mover = crate::colour::PLAYERS[self.seat_to_move().index()].get(language);
        let line = match self.stage {
            Stage::Bidding => match self.offer {
                Some(offer) => text!(
                    "Bidding: {mover} to move: 'accept' (play Black with {offer} points) or 'bid N' (N above {offer})",
                    "Gebote: {mover} am Zug: „accept“ (mit {offer} Punkten Schwarz spielen) oder „bid N“ (N über {offer})"
                ),
                None => text!(
                    "Bidding: {mover} to move: make the first offer with 'bid N'",
                    "Gebote: {mover} am Zug: das erste Gebot mit „bid N“"
                ),
            },
            Stage::Creation(colour) => {
                let (name, seat, left) = (
                    colour_name(colour, language),
                    self.seat_text(colour, language),
                    self.left[colour.index()],
                );
                text!(
                    "Creation: {name}{seat} to move: 'create CODE n|r|d' (value at most {left}) or 'close'",
                    "Erschaffung: {name}{seat} am Zug: „create CODE n|r|d“ (Wert höchstens {left}) oder „close“"
                )
            }
            Stage::Play => match (self.position.winner(), game::Game::outcome(self)) {
                (Some(colour), _) => {
                    let (name, seat) = (colour_name(colour, language), self.seat_text(colour, language));
                    text!(
                        "Game over: {name}{seat} has won (a stone on the opponent's base)",
                        "Spielende: {name}{seat} hat gewonnen (ein Stein auf der gegnerischen Basis)"
                    )
                }
                (None, Some(outcome)) => {
                    let description = outcome.description();
                    let why = description.get(language);
                    text!("Game over: draw ({why})", "Spielende: Remis ({why})")
                }
                (None, None) => {
                    let colour = self.position.colour_to_move();
                    let (name, seat) = (colour_name(colour, language), self.seat_text(colour, language));
                    text!("Play: {name}{seat} to move", "Spiel: {name}{seat} am Zug")
                }
            },
        };
        line.get(language).to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::cell_labels;

    /// Each cell label of the viewport is where `drawn_cell` finds that
    /// cell (`q,r`: the label is q, the row r).
    #[test]
    fn drawn_cell_finds_each_cell_where_its_label_stands() {
        let game = Infinit::new(8, 50).unwrap();
        let drawing = game.drawing(None, Style::default());
        let labels = cell_labels(&drawing);
        // Three rows between the bases: 8, 9 and 8 cells.
        assert!(labels.len() >= 25, "{drawing}");
        let board = game.position.board();
        for (line, column, row, label) in labels {
            let r = row.trim_start_matches('r').trim();
            let found = game.drawn_cell(line, column).map(|cell| board.cell_name(cell));
            assert_eq!(found, Some(format!("{label},{r}")), "line {line} column {column}: {drawing}");
        }
        assert_eq!(game.drawn_cell(0, 2), None, "the row label");
    }

    #[test]
    fn the_bidding_counts_its_offers_in_words() {
        let style = Style::default();
        let german = Style::new(Language::German, false);
        let none = Infinit::new(8, 50).unwrap();
        assert!(
            none.drawing(None, style).contains("0 offers, last offer none"),
            "{}",
            none.drawing(None, style)
        );
        let one = Infinit::from_text("distance=5 points=30 turn=bid offer=31 offers=1").unwrap();
        assert!(one.drawing(None, style).contains("1 offer, last offer 31"), "{}", one.drawing(None, style));
        assert!(one.drawing(None, german).contains("1 Gebot, letztes"), "{}", one.drawing(None, german));
        let two = Infinit::from_text("distance=5 points=30 turn=bid offer=32 offers=2").unwrap();
        assert!(two.drawing(None, german).contains("2 Gebote, letztes"), "{}", two.drawing(None, german));
    }
}
