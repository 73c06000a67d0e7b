//! The terminal drawing of Amakta Infinit: a viewport of the plane around
//! the stones, bases and arrows that follows the action, and the state of
//! the start.

use super::{Infinit, InfinitMove, Stage};
use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::position::Location;
use crate::render::HALF;
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

    fn set_line(&self, colour: Colour) -> String {
        let stones: Vec<String> = self
            .set_of(colour)
            .map(|id| {
                let circle = self.position.pieces()[id].circle;
                let tag =
                    if circle == Circle::None { String::new() } else { format!("({})", circle.letter()) };
                format!("{}{tag}", self.position.catalog()[id].stone)
            })
            .collect();
        if stones.is_empty() { "-".to_owned() } else { stones.join(" ") }
    }

    fn seat_text(&self, colour: Colour) -> String {
        self.position.seat_of(colour).map_or(String::new(), |p| format!(" ({p})"))
    }

    /// The terminal drawing: the viewport of the plane, the sets and points,
    /// the state of the bidding or creation, inventories in play, the last
    /// move and whose turn it is.
    pub(crate) fn drawing(&self, last: Option<InfinitMove>) -> String {
        let marked = match last {
            Some(InfinitMove::Play(mv)) => crate::Position::<crate::plane::Plane>::move_cells(mv),
            _ => Vec::new(),
        };
        let ((r0, r1), (x0, x1)) = self.viewport();
        let mut out = String::new();
        for r in r0..=r1 {
            let first = (x0..=x1).find(|x| (x - r).rem_euclid(2) == 0).unwrap_or(x0);
            let q_first = (first - r).div_euclid(2);
            let q_last = (x1 - r).div_euclid(2);
            let mut line = format!("r{r:>4} q{q_first:>4}..{q_last:<4}");
            line.push_str(&" ".repeat(((first - x0) as usize) * HALF));
            let mut x = first;
            while x <= x1 {
                let cell = Hex::new((x - r).div_euclid(2), r);
                let token = self.position.cell_token(cell);
                let token = if marked.contains(&cell) { format!("[{token}]") } else { token };
                let _ = write!(line, "{token:^width$}", width = 2 * HALF);
                x += 2;
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let board = self.position.board();
        let _ = writeln!(
            out,
            "\nUnbounded plane; cells are named q,r (q east along a row, r rows down). * base: White {}, \
             Black {} (distance {}).",
            board.cell_name(board.base(Colour::White)),
            board.cell_name(board.base(Colour::Black)),
            board.distance()
        );
        let _ = writeln!(
            out,
            "Stones: owner W/B, mark (- none, r reinforcement, d damage, x expropriated), orientation. \
             Empty: controller (w/b, = tie, . free), white:black arrows."
        );
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
                    let _ = writeln!(
                        out,
                        "{}{} set ({} of {} points left{closed}): {}",
                        colour.name(),
                        self.seat_text(colour),
                        self.left[colour.index()],
                        self.budget[colour.index()],
                        self.set_line(colour)
                    );
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
