//! The JSON view of a standard-game position for graphical interfaces.
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
use crate::colour::Colour;
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Location, Phase, Position};
use game::Game;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// `"white"` or `"black"`.
pub(crate) fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

impl<B: Board> Position<B> {
    /// The `<stone>` object of piece `id`.
    pub(crate) fn stone_json(&self, id: usize) -> Value {
        let state = self.pieces()[id];
        let info = &self.catalog()[id];
        let (location, cell, free) = match state.location {
            Location::Board(at) => ("board", json!(self.board().cell_name(at)), json!(self.is_free(id, at))),
            Location::Inventory => ("inventory", Value::Null, Value::Null),
            Location::Removed => ("removed", Value::Null, Value::Null),
        };
        json!({
            "piece": self.piece_text(id),
            "code": info.stone.to_string(),
            "colour": colour_name(info.colour),
            "owner": colour_name(self.owner(id)),
            "expropriated": state.expropriated,
            "circle": state.circle.name(),
            "orientation": state.orientation.to_string(),
            "location": location,
            "cell": cell,
            "free": free,
        })
    }

    /// Every stone arrow aiming at a cell, blocked or not.
    pub(crate) fn arrows_json(&self) -> Vec<Value> {
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
                    let blocked = self.is_blocked(at, d, k);
                    arrows.push(json!({
                        "from": self.board().cell_name(at),
                        "to": self.board().cell_name(target),
                        "direction": d,
                        "distance": k,
                        "owner": colour_name(self.owner(id)),
                        "blocked": blocked,
                    }));
                }
            }
        }
        arrows
    }

    /// The legal moves `moves` decomposed for a user interface (the
    /// `legal` object of the schema).
    pub(crate) fn legal_parts(&self, moves: &[Move]) -> Value {
        let name = |h: Hex| self.board().cell_name(h);
        let mut setup = Vec::new();
        let mut pass = false;
        let mut place_cells = Vec::new();
        let mut place_stones = Vec::new();
        let mut stones: BTreeMap<String, serde_json::Map<String, Value>> = BTreeMap::new();
        let mut entry = |cell: Hex, key: &str, value: Option<String>| {
            let map = stones.entry(name(cell)).or_insert_with(|| {
                let mut map = serde_json::Map::new();
                map.insert("cell".into(), json!(name(cell)));
                for list in ["rotate", "relocate", "appropriate"] {
                    map.insert(list.into(), json!([]));
                }
                for flag in ["take", "replace", "expropriate", "remove", "release", "release_place"] {
                    map.insert(flag.into(), json!(false));
                }
                map
            });
            match value {
                Some(v) => {
                    let list = map.get_mut(key).and_then(Value::as_array_mut).expect("list field");
                    if !list.contains(&json!(v)) {
                        list.push(json!(v));
                    }
                }
                None => {
                    map.insert(key.into(), json!(true));
                }
            }
        };
        for &mv in moves {
            match mv {
                Move::Circle { .. } | Move::CirclesNone | Move::Colour(_) => setup.push(self.move_text(mv)),
                Move::Pass => pass = true,
                Move::Place { piece, at, .. } => {
                    let (cell, code) = (name(at), self.catalog()[piece as usize].stone.to_string());
                    if !place_cells.contains(&cell) {
                        place_cells.push(cell);
                    }
                    if !place_stones.contains(&code) {
                        place_stones.push(code);
                    }
                }
                Move::Rotate { at, orientation } => entry(at, "rotate", Some(orientation.to_string())),
                Move::Appropriate { at, orientation } => {
                    entry(at, "appropriate", Some(orientation.to_string()))
                }
                Move::Relocate { from, to, .. } => entry(from, "relocate", Some(name(to))),
                Move::Take { at } => entry(at, "take", None),
                Move::Replace { at, .. } => entry(at, "replace", None),
                Move::Expropriate { at } => entry(at, "expropriate", None),
                Move::Remove { at } => entry(at, "remove", None),
                Move::Release { at } => entry(at, "release", None),
                Move::ReleasePlace { at, .. } => entry(at, "release_place", None),
            }
        }
        json!({
            "count": moves.len(),
            "pass": pass,
            "setup": setup,
            "place": { "cells": place_cells, "stones": place_stones },
            "stones": stones.into_values().collect::<Vec<_>>(),
        })
    }
}

impl Amakta {
    fn cell_json(&self, cell: Hex, row: usize, column: usize) -> Value {
        json!({ "q": cell.q, "r": cell.r, "name": self.board().cell_name(cell), "row": row, "column": column })
    }

    /// The JSON view (schema in the module documentation).
    pub(crate) fn view_json(&self) -> Value {
        let mut cells = Vec::new();
        let mut holes = Vec::new();
        for (row, (_, row_cells)) in self.board().rows().into_iter().enumerate() {
            for (column, (cell, playable)) in row_cells.into_iter().enumerate() {
                let mut value = self.cell_json(cell, row, column + 1);
                if !playable {
                    value["name"] = json!(format!("{}{}", (b'a' + row as u8) as char, column + 1));
                    holes.push(value);
                    continue;
                }
                let base = Colour::BOTH.into_iter().find(|&c| self.board().base(c) == cell);
                let [rw, rb] = self.raw_arrows(cell);
                let [ew, eb] = self.effective_arrows(cell);
                value["base"] = json!(base.map(colour_name));
                value["arrows"] = json!({ "white": rw, "black": rb });
                value["effective"] = json!({ "white": ew, "black": eb });
                value["control"] = json!(match self.control(cell) {
                    Control::Free => "free",
                    Control::Tie => "tie",
                    Control::Of(c) => colour_name(c),
                });
                value["stone"] = self.occupant(cell).map_or(Value::Null, |id| self.stone_json(id));
                cells.push(value);
            }
        }
        let inventories: BTreeMap<&str, Vec<String>> = Colour::BOTH
            .into_iter()
            .map(|c| {
                (colour_name(c), self.inventory(c).map(|id| self.catalog()[id].stone.to_string()).collect())
            })
            .collect();
        let removed: Vec<String> = (0..self.pieces().len())
            .filter(|&id| self.pieces()[id].location == Location::Removed)
            .map(|id| self.piece_text(id))
            .collect();
        let orientations: BTreeMap<String, Vec<String>> = self
            .catalog()
            .iter()
            .map(|info| (info.stone.to_string(), info.orientations.iter().map(ToString::to_string).collect()))
            .collect();
        let phase = match self.phase() {
            Phase::Circles(_) => "circles",
            Phase::Colour => "colour",
            Phase::Play => "play",
        };
        let colour_to_move = (self.phase() == Phase::Play).then(|| colour_name(self.colour_to_move()));
        let winner = self
            .outcome()
            .and_then(|_| self.winner())
            .map(|c| json!({ "seat": self.seat_of(c).map(|p| p.to_string()), "colour": colour_name(c) }));
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        json!({
            "game": "amakta",
            "board": { "name": self.board().name(), "text": self.board().text() },
            "cells": cells,
            "holes": holes,
            "bases": {
                "white": self.board().cell_name(self.board().base(Colour::White)),
                "black": self.board().cell_name(self.board().base(Colour::Black)),
            },
            "stones": (0..self.pieces().len()).map(|id| self.stone_json(id)).collect::<Vec<_>>(),
            "arrows": self.arrows_json(),
            "inventories": inventories,
            "removed": removed,
            "phase": phase,
            "next_circle": self.next_circle_piece().map(|id| self.piece_text(id)),
            "to_move": { "seat": self.side_to_move().to_string(), "colour": colour_to_move },
            "p1_colour": self.p1_colour().map(colour_name),
            "winner": winner,
            "orientations": orientations,
            "legal": self.legal_parts(&legal),
        })
    }
}
