//! The view of a standard-game position for graphical interfaces
//! ([`game::Presentation::view`]) as a type: [`AmaktaView`] and its parts
//! (the parts shared with Amakta Infinit's [`crate::infinit::view`] too)
//! serialise to the JSON below, and their TypeScript declarations (ts-rs)
//! are what the web board reads.
//!
//! Schema (all cells named as in move text; colours `"white"`/`"black"`):
//!
//! ```text
//! {
//!   "game": "amakta",
//!   "board": { "name": "hex5", "text": "<doubled-width board text>" },
//!   "cells": [ { "q": 0, "r": 0, "name": "e1", "row": 4, "column": 1,
//!                "base": "white" | null,
//!                "arrows": { "white": 1, "black": 0 },     // unblocked, before circles
//!                "effective": { "white": 1, "black": 0 },  // circles included
//!                "control": "white" | "black" | "tie" | "free",
//!                "stone": null | <stone> } ],               // every playable cell
//!   "holes": [ { "q": 4, "r": 0, "name": "e5", "row": 4, "column": 5 } ],
//!   "bases": { "white": "e1", "black": "e9" },
//!   "stones": [ <stone> ],          // every piece of the game, wherever it is
//!   "arrows": [ { "from": "e1", "to": "e4", "direction": 0, "distance": 3,
//!                 "owner": "white", "blocked": true } ],  // every stone arrow aiming at a cell
//!   "inventories": { "white": ["100000", …], "black": […] },  // canonical codes
//!   "removed": ["w:300000", …],
//!   "phase": "circles" | "colour" | "play",
//!   "next_circle": "w:100000" | null,       // piece whose circle is assigned next
//!   "to_move": { "seat": "p1" | "p2", "colour": "white" | "black" | null },
//!   "p1_colour": "white" | "black" | null,
//!   "winner": { "seat": "p1", "colour": "white" } | null,
//!   "orientations": { "100000": ["000001", …] },  // per set stone, all orientations
//!   "legal": {
//!     "count": 1234,                       // number of legal moves
//!     "pass": true,
//!     "setup": ["circle w:100000=n", …],    // setup moves as text (setup phase only)
//!     "place": { "cells": ["e1"], "stones": ["100000"] },  // any stone × cell × orientation
//!     "stones": [ { "cell": "e1",          // per stone on the board, what the mover may do
//!                   "rotate": ["010000"], "take": true, "relocate": ["e2"],
//!                   "replace": true,         // with any inventory stone, any orientation
//!                   "expropriate": true, "remove": true, "appropriate": ["010000"],
//!                   "release": true, "release_place": true } ]
//!   }
//! }
//! <stone> = { "piece": "w:100000", "code": "100000", "colour": "white", "owner": "black",
//!             "expropriated": true, "circle": "none" | "reinforcement" | "damage",
//!             "orientation": "001000", "location": "board" | "inventory" | "removed",
//!             "cell": "e3" | null, "free": true | null }
//! ```
//!
//! A move's text follows from the parts: `place S F o`, `relocate F G o`,
//! `replace F S o`, `release-place F S o`, `rotate F o`, `appropriate F o`,
//! `take F`, `expropriate F`, `remove F`, `release F`, `pass`.

use crate::Amakta;
use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Location, Phase, Position};
use game::{Game, Player};
use serde::Serialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// A standard-game position as the boards draw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaView {
    /// Always `"amakta"`.
    #[ts(type = "\"amakta\"")]
    pub game: &'static str,
    /// The board: its name and its text.
    pub board: AmaktaBoard,
    /// Every playable cell.
    pub cells: Vec<AmaktaCell>,
    /// The places of the board's rows where no stone goes.
    pub holes: Vec<AmaktaHole>,
    /// The cells of the bases.
    pub bases: AmaktaPair<String>,
    /// Every piece of the game, wherever it is.
    pub stones: Vec<AmaktaStone>,
    /// Every stone arrow aiming at a cell, blocked or not.
    pub arrows: Vec<AmaktaArrow>,
    /// The canonical codes of the stones in each colour's inventory.
    pub inventories: AmaktaPair<Vec<String>>,
    /// The pieces removed from the game (`w:300000`).
    pub removed: Vec<String>,
    /// The phase of the game.
    pub phase: AmaktaPhase,
    /// The piece whose circle is assigned next (`w:100000`), or `null`.
    pub next_circle: Option<String>,
    /// The seat to move and, in play, its colour.
    pub to_move: AmaktaToMove,
    /// The first player's colour, `null` before it is chosen.
    pub p1_colour: Option<AmaktaColour>,
    /// The winner once the game is over, else `null`.
    pub winner: Option<AmaktaWinner>,
    /// Per stone code of the game, all its orientations.
    pub orientations: BTreeMap<String, Vec<String>>,
    /// The legal moves decomposed.
    pub legal: AmaktaLegal,
}

/// The board of a standard game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaBoard {
    /// Its name (`hex5`).
    pub name: String,
    /// Its text (doubled width).
    pub text: String,
}

/// A value per colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaPair<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}

impl<T> AmaktaPair<T> {
    /// White's and Black's value, each of `value(colour)`.
    pub(crate) fn of(mut value: impl FnMut(Colour) -> T) -> Self {
        AmaktaPair { white: value(Colour::White), black: value(Colour::Black) }
    }
}

/// A colour: `"white"` or `"black"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum AmaktaColour {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Colour> for AmaktaColour {
    fn from(colour: Colour) -> Self {
        match colour {
            Colour::White => AmaktaColour::White,
            Colour::Black => AmaktaColour::Black,
        }
    }
}

/// A seat: `"p1"` or `"p2"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum AmaktaSeat {
    /// The first player.
    P1,
    /// The second player.
    P2,
}

impl From<Player> for AmaktaSeat {
    fn from(player: Player) -> Self {
        match player {
            Player::P1 => AmaktaSeat::P1,
            Player::P2 => AmaktaSeat::P2,
        }
    }
}

/// A stone's circle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum AmaktaCircle {
    /// No circle.
    None,
    /// Reinforcement.
    Reinforcement,
    /// Damage.
    Damage,
}

impl From<Circle> for AmaktaCircle {
    fn from(circle: Circle) -> Self {
        match circle {
            Circle::None => AmaktaCircle::None,
            Circle::Reinforcement => AmaktaCircle::Reinforcement,
            Circle::Damage => AmaktaCircle::Damage,
        }
    }
}

/// Who holds a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum AmaktaControl {
    /// White has more effective arrows there.
    White,
    /// Black has more effective arrows there.
    Black,
    /// Equal non-zero counts.
    Tie,
    /// No arrows point at it.
    Free,
}

impl From<Control> for AmaktaControl {
    fn from(control: Control) -> Self {
        match control {
            Control::Free => AmaktaControl::Free,
            Control::Tie => AmaktaControl::Tie,
            Control::Of(Colour::White) => AmaktaControl::White,
            Control::Of(Colour::Black) => AmaktaControl::Black,
        }
    }
}

/// The phase of a standard game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum AmaktaPhase {
    /// The circles are assigned.
    Circles,
    /// A colour is chosen.
    Colour,
    /// The game proper.
    Play,
}

/// Where a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum AmaktaLocation {
    /// On the board.
    Board,
    /// In its owner's inventory.
    Inventory,
    /// Removed from the game.
    Removed,
}

/// A playable cell of the board, what points at it and its stone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaCell {
    /// Axial column coordinate.
    pub q: i32,
    /// Axial row coordinate.
    pub r: i32,
    /// The cell's name in move text (`e1`).
    pub name: String,
    /// The row of the drawing, from 0.
    pub row: usize,
    /// The place in the row, from 1.
    pub column: usize,
    /// The colour whose base it is, or `null`.
    pub base: Option<AmaktaColour>,
    /// Unblocked arrows of each colour aiming at it, before circles.
    pub arrows: AmaktaPair<u8>,
    /// Arrows of each colour counting there, circles included.
    pub effective: AmaktaPair<u8>,
    /// Who holds it.
    pub control: AmaktaControl,
    /// The stone on it, or `null`.
    pub stone: Option<AmaktaStone>,
}

/// A place of the board's rows where no stone goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaHole {
    /// Axial column coordinate.
    pub q: i32,
    /// Axial row coordinate.
    pub r: i32,
    /// Its name by row letter and place (`e5`).
    pub name: String,
    /// The row of the drawing, from 0.
    pub row: usize,
    /// The place in the row, from 1.
    pub column: usize,
}

/// A piece of the game, wherever it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaStone {
    /// The piece in move text (`w:100000`).
    pub piece: String,
    /// Its canonical stone code.
    pub code: String,
    /// The colour it belongs to originally.
    pub colour: AmaktaColour,
    /// The colour that owns it now.
    pub owner: AmaktaColour,
    /// Whether the opponent of its colour has expropriated it.
    pub expropriated: bool,
    /// Its circle.
    pub circle: AmaktaCircle,
    /// Its orientation on the board; off the board its canonical code.
    pub orientation: String,
    /// Where it is.
    pub location: AmaktaLocation,
    /// Its cell on the board, else `null`.
    pub cell: Option<String>,
    /// On the board whether it is free, else `null`.
    pub free: Option<bool>,
}

/// A stone arrow aiming at a cell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaArrow {
    /// The stone's cell.
    pub from: String,
    /// The cell aimed at.
    pub to: String,
    /// The direction, 0 to 5 counter-clockwise from east.
    pub direction: usize,
    /// The reach in cells.
    pub distance: i32,
    /// The colour owning the stone.
    pub owner: AmaktaColour,
    /// Whether another stone blocks it.
    pub blocked: bool,
}

/// The seat to move and its colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaToMove {
    /// The seat to move.
    pub seat: AmaktaSeat,
    /// Its colour, `null` while colours are not in play yet.
    pub colour: Option<AmaktaColour>,
}

/// The winner of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaWinner {
    /// The winner's seat (`null` if the colour has no seat).
    pub seat: Option<AmaktaSeat>,
    /// The winner's colour.
    pub colour: AmaktaColour,
}

/// The legal moves decomposed for a user interface.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaLegal {
    /// The number of legal moves.
    pub count: usize,
    /// Whether passing is legal.
    pub pass: bool,
    /// The setup moves as text (setup phase only).
    pub setup: Vec<String>,
    /// Where stones of the inventory go: any stone × cell × orientation.
    pub place: AmaktaPlace,
    /// Per stone on the board, what the mover may do with it.
    pub stones: Vec<AmaktaStoneMoves>,
}

/// The cells and stones of the legal placements.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaPlace {
    /// The cells a stone may be placed on.
    pub cells: Vec<String>,
    /// The codes of the stones that may be placed.
    pub stones: Vec<String>,
}

/// What the mover may do with the stone on a cell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AmaktaStoneMoves {
    /// The stone's cell.
    pub cell: String,
    /// The orientations it may be turned to.
    pub rotate: Vec<String>,
    /// The cells it may be moved to.
    pub relocate: Vec<String>,
    /// The orientations it may be appropriated in.
    pub appropriate: Vec<String>,
    /// Whether it may be taken into the inventory.
    pub take: bool,
    /// Whether it may be replaced by any inventory stone, in any orientation.
    pub replace: bool,
    /// Whether it may be expropriated.
    pub expropriate: bool,
    /// Whether it may be removed.
    pub remove: bool,
    /// Whether it may be released.
    pub release: bool,
    /// Whether it may be released and another placed on its cell.
    pub release_place: bool,
}

impl AmaktaStoneMoves {
    /// Nothing yet for the stone on `cell`.
    fn new(cell: String) -> Self {
        AmaktaStoneMoves {
            cell,
            rotate: Vec::new(),
            relocate: Vec::new(),
            appropriate: Vec::new(),
            take: false,
            replace: false,
            expropriate: false,
            remove: false,
            release: false,
            release_place: false,
        }
    }
}

/// The entry of the stone on `cell` in `stones`, made when missing.
fn moves_of(stones: &mut BTreeMap<String, AmaktaStoneMoves>, cell: String) -> &mut AmaktaStoneMoves {
    stones.entry(cell.clone()).or_insert_with(|| AmaktaStoneMoves::new(cell))
}

/// Adds `value` to `list` unless it is there already.
fn add_once(list: &mut Vec<String>, value: String) {
    if !list.contains(&value) {
        list.push(value);
    }
}

impl<B: Board> Position<B> {
    /// The stone of piece `id`.
    pub(crate) fn stone_view(&self, id: usize) -> AmaktaStone {
        let state = self.pieces()[id];
        let info = &self.catalog()[id];
        let (location, cell, free) = match state.location {
            Location::Board(at) => {
                (AmaktaLocation::Board, Some(self.board().cell_name(at)), Some(self.is_free(id, at)))
            }
            Location::Inventory => (AmaktaLocation::Inventory, None, None),
            Location::Removed => (AmaktaLocation::Removed, None, None),
        };
        AmaktaStone {
            piece: self.piece_text(id),
            code: info.stone.to_string(),
            colour: info.colour.into(),
            owner: self.owner(id).into(),
            expropriated: state.expropriated,
            circle: state.circle.into(),
            orientation: state.orientation.to_string(),
            location,
            cell,
            free,
        }
    }

    /// Every stone arrow aiming at a cell, blocked or not.
    pub(crate) fn arrows_view(&self) -> Vec<AmaktaArrow> {
        let mut arrows = Vec::new();
        for (id, state) in self.pieces().iter().enumerate() {
            let Location::Board(at) = state.location else { continue };
            for d in 0..6 {
                for &k in state.orientation.arrows(d) {
                    let k = i32::from(k);
                    let target = at.step(d, k);
                    if !self.board().contains(target) {
                        continue;
                    }
                    arrows.push(AmaktaArrow {
                        from: self.board().cell_name(at),
                        to: self.board().cell_name(target),
                        direction: d,
                        distance: k,
                        owner: self.owner(id).into(),
                        blocked: self.is_blocked(at, d, k),
                    });
                }
            }
        }
        arrows
    }

    /// The base at `cell`, the arrows of each colour there (unblocked and
    /// effective) and its control: the parts of a cell both views share.
    pub(crate) fn cell_parts(
        &self,
        cell: Hex,
    ) -> (Option<AmaktaColour>, AmaktaPair<u8>, AmaktaPair<u8>, AmaktaControl) {
        let base = Colour::BOTH.into_iter().find(|&c| self.board().base(c) == cell).map(AmaktaColour::from);
        let [rw, rb] = self.raw_arrows(cell);
        let [ew, eb] = self.effective_arrows(cell);
        (
            base,
            AmaktaPair { white: rw, black: rb },
            AmaktaPair { white: ew, black: eb },
            self.control(cell).into(),
        )
    }

    /// The canonical codes of each colour's inventory.
    pub(crate) fn inventories_view(&self) -> AmaktaPair<Vec<String>> {
        AmaktaPair::of(|c| self.inventory(c).map(|id| self.catalog()[id].stone.to_string()).collect())
    }

    /// The pieces removed from the game, as move text.
    pub(crate) fn removed_view(&self) -> Vec<String> {
        (0..self.pieces().len())
            .filter(|&id| self.pieces()[id].location == Location::Removed)
            .map(|id| self.piece_text(id))
            .collect()
    }

    /// Per stone code of the game, all its orientations.
    pub(crate) fn orientations_view(&self) -> BTreeMap<String, Vec<String>> {
        self.catalog()
            .iter()
            .map(|info| (info.stone.to_string(), info.orientations.iter().map(ToString::to_string).collect()))
            .collect()
    }

    /// The legal moves `moves` decomposed for a user interface.
    pub(crate) fn legal_parts(&self, moves: &[Move]) -> AmaktaLegal {
        let name = |h: Hex| self.board().cell_name(h);
        let mut setup = Vec::new();
        let mut pass = false;
        let mut place = AmaktaPlace { cells: Vec::new(), stones: Vec::new() };
        let mut stones: BTreeMap<String, AmaktaStoneMoves> = BTreeMap::new();
        for &mv in moves {
            match mv {
                Move::Circle { .. } | Move::CirclesNone | Move::Colour(_) => setup.push(self.move_text(mv)),
                Move::Pass => pass = true,
                Move::Place { piece, at, .. } => {
                    add_once(&mut place.cells, name(at));
                    add_once(&mut place.stones, self.catalog()[piece as usize].stone.to_string());
                }
                Move::Rotate { at, orientation } => {
                    add_once(&mut moves_of(&mut stones, name(at)).rotate, orientation.to_string())
                }
                Move::Appropriate { at, orientation } => {
                    add_once(&mut moves_of(&mut stones, name(at)).appropriate, orientation.to_string());
                }
                Move::Relocate { from, to, .. } => {
                    add_once(&mut moves_of(&mut stones, name(from)).relocate, name(to))
                }
                Move::Take { at } => moves_of(&mut stones, name(at)).take = true,
                Move::Replace { at, .. } => moves_of(&mut stones, name(at)).replace = true,
                Move::Expropriate { at } => moves_of(&mut stones, name(at)).expropriate = true,
                Move::Remove { at } => moves_of(&mut stones, name(at)).remove = true,
                Move::Release { at } => moves_of(&mut stones, name(at)).release = true,
                Move::ReleasePlace { at, .. } => moves_of(&mut stones, name(at)).release_place = true,
            }
        }
        AmaktaLegal { count: moves.len(), pass, setup, place, stones: stones.into_values().collect() }
    }
}

impl From<&Amakta> for AmaktaView {
    fn from(game: &Amakta) -> Self {
        let board = game.board();
        let mut cells = Vec::new();
        let mut holes = Vec::new();
        for (row, (_, row_cells)) in board.rows().into_iter().enumerate() {
            for (column, (cell, playable)) in row_cells.into_iter().enumerate() {
                let column = column + 1;
                if !playable {
                    let name = format!("{}{column}", char::from(b'a' + row as u8));
                    holes.push(AmaktaHole { q: cell.q, r: cell.r, name, row, column });
                    continue;
                }
                let (base, arrows, effective, control) = game.cell_parts(cell);
                cells.push(AmaktaCell {
                    q: cell.q,
                    r: cell.r,
                    name: board.cell_name(cell),
                    row,
                    column,
                    base,
                    arrows,
                    effective,
                    control,
                    stone: game.occupant(cell).map(|id| game.stone_view(id)),
                });
            }
        }
        let phase = match game.phase() {
            Phase::Circles(_) => AmaktaPhase::Circles,
            Phase::Colour => AmaktaPhase::Colour,
            Phase::Play => AmaktaPhase::Play,
        };
        let colour = (game.phase() == Phase::Play).then(|| game.colour_to_move().into());
        let winner = game
            .outcome()
            .and_then(|_| game.winner())
            .map(|c| AmaktaWinner { seat: game.seat_of(c).map(AmaktaSeat::from), colour: c.into() });
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        AmaktaView {
            game: "amakta",
            board: AmaktaBoard { name: board.name().to_owned(), text: board.text() },
            cells,
            holes,
            bases: AmaktaPair::of(|c| board.cell_name(board.base(c))),
            stones: (0..game.pieces().len()).map(|id| game.stone_view(id)).collect(),
            arrows: game.arrows_view(),
            inventories: game.inventories_view(),
            removed: game.removed_view(),
            phase,
            next_circle: game.next_circle_piece().map(|id| game.piece_text(id)),
            to_move: AmaktaToMove { seat: game.side_to_move().into(), colour },
            p1_colour: game.p1_colour().map(AmaktaColour::from),
            winner,
            orientations: game.orientations_view(),
            legal: game.legal_parts(&legal),
        }
    }
}
