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
use crate::render::{BLOCK_LINES, LEGEND, wrap};
use std::fmt::Write as _;

/// Cells of margin around the interesting cells.
const MARGIN: i32 = 1;

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

    /// The stones of a colour's set as code, circle and arrows (`-` for
    /// none).
    fn set_items(&self, colour: Colour) -> Vec<String> {
        let stones: Vec<String> = self.set_of(colour).map(|id| self.position.stone_item(id)).collect();
        if stones.is_empty() { vec!["-".to_owned()] } else { stones }
    }

    fn seat_text(&self, colour: Colour) -> String {
        self.position.seat_of(colour).map_or(String::new(), |p| format!(" ({p})"))
    }

    /// The rows of the viewport as text, the cells of the last move marked.
    fn plane_lines(&self, marked: &[Hex]) -> String {
        let ((r0, r1), (x0, x1)) = self.viewport();
        let mut out = String::new();
        for r in r0..=r1 {
            let first = (x0..=x1).find(|x| (x - r).rem_euclid(2) == 0).unwrap_or(x0);
            let blocks: Vec<[String; BLOCK_LINES]> = (first..=x1)
                .step_by(2)
                .map(|x| {
                    let cell = Hex::new((x - r).div_euclid(2), r);
                    self.position.cell_block(cell, &cell.q.to_string(), marked.contains(&cell))
                })
                .collect();
            let indent = (first - x0) as usize;
            Position::<Plane>::write_row(&mut out, &format!("r{r:>4} "), indent, &blocks);
        }
        out
    }

    /// The terminal drawing: the viewport of the plane, the sets and points,
    /// the state of the bidding or creation, inventories in play, the last
    /// move and whose turn it is.
    pub(crate) fn drawing(&self, last: Option<InfinitMove>) -> String {
        let marked = match last {
            Some(InfinitMove::Play(mv)) => Position::<Plane>::move_cells(mv),
            _ => Vec::new(),
        };
        let mut out = self.plane_lines(&marked);
        let board = self.position.board();
        let _ = writeln!(
            out,
            "\nUnbounded plane. Cell q,r: row r at the left, q in its bottom line ([q] last move)."
        );
        let _ = writeln!(
            out,
            "* base: White {}, Black {} (distance {}).",
            board.cell_name(board.base(Colour::White)),
            board.cell_name(board.base(Colour::Black)),
            board.distance()
        );
        for line in LEGEND {
            let _ = writeln!(out, "{line}");
        }
        self.write_start_state(&mut out);
        if self.stage == Stage::Play {
            self.position.write_inventories(&mut out);
            let _ = writeln!(
                out,
                "Plies without expropriation or release: {} (draw at {})",
                self.quiet,
                crate::rules::NO_CAPTURE_LIMIT
            );
        }
        if let Some(mv) = last {
            let _ = writeln!(out, "Last move: {}", self.move_text(mv));
        }
        let _ = writeln!(out, "{}", self.turn_line());
        out
    }

    fn write_start_state(&self, out: &mut String) {
        let offer_text = |offer: Option<u32>| offer.map_or("none".to_owned(), |o| format!("{o} points"));
        match self.stage {
            Stage::Bidding => {
                let _ = writeln!(
                    out,
                    "Bidding for Black's points (White has {}; P1 offers first; offers up to {}): \
                     {} offer(s), last offer {}",
                    self.points,
                    self.bid_cap(),
                    self.offers,
                    offer_text(self.offer)
                );
            }
            _ => {
                for colour in Colour::BOTH {
                    let closed = match self.stage {
                        Stage::Creation(_) if self.closed[colour.index()] => ", closed",
                        Stage::Creation(_) => ", open",
                        _ => "",
                    };
                    let heading = format!(
                        "{}{} set ({} of {} points left{closed}):",
                        colour.name(),
                        self.seat_text(colour),
                        self.left[colour.index()],
                        self.budget[colour.index()],
                    );
                    out.push_str(&wrap(&heading, &self.set_items(colour)));
                }
            }
        }
    }

    fn turn_line(&self) -> String {
        let mover = self.seat_to_move();
        match self.stage {
            Stage::Bidding => match self.offer {
                Some(offer) => format!(
                    "Bidding: {mover} to move: 'accept' (play Black with {offer} points) or 'bid N' (N above {offer})"
                ),
                None => format!("Bidding: {mover} to move: make the first offer with 'bid N'"),
            },
            Stage::Creation(colour) => format!(
                "Creation: {}{} to move: 'create CODE n|r|d' (value at most {}) or 'close'",
                colour.name(),
                self.seat_text(colour),
                self.left[colour.index()]
            ),
            Stage::Play => match (self.position.winner(), game::Game::outcome(self)) {
                (Some(colour), _) => {
                    format!(
                        "Game over: {}{} has won (a stone on the opponent's base)",
                        colour.name(),
                        self.seat_text(colour)
                    )
                }
                (None, Some(outcome)) => format!("Game over: draw ({})", outcome.describe()),
                (None, None) => {
                    let colour = self.position.colour_to_move();
                    format!("Play: {}{} to move", colour.name(), self.seat_text(colour))
                }
            },
        }
    }
}
