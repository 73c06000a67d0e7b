//! The JSON view of an Amakta Infinit position for graphical interfaces.
//!
//! Schema (cells named as in move text, `q,r`; colours `"white"`/`"black"`;
//! `<stone>` and the `legal` parts of play as in the standard game's
//! [`crate::view`], with `q`/`r` added to stones on the plane):
//!
//! ```text
//! {
//!   "game": "amakta-infinit",
//!   "distance": 8,                                   // agreed distance of the bases
//!   "bases": { "white": { "q": 0, "r": 0, "name": "0,0" }, "black": { "q": 8, "r": 0, "name": "8,0" } },
//!   "viewport": { "rows": [-2, 2], "columns": [-3, 19] },  // r range and x = 2q + r range worth drawing
//!   "cells": [ { "q": 1, "r": 0, "name": "1,0", "base": "white" | null,
//!                "arrows": { "white": 1, "black": 0 }, "effective": { … },
//!                "control": "white" | "black" | "tie" | "free",
//!                "stone": null | <stone> } ],   // every cell within reach: bases, stones, arrow targets
//!   "stones": [ <stone> + { "q": 0 | null, "r": 0 | null } ],   // every piece, wherever it is
//!   "arrows": [ { "from", "to", "direction", "distance", "owner", "blocked" } ],
//!   "sets": { "white": { "points": 50, "left": 3, "closed": true,
//!                        "stones": [ { "piece": "w:000001", "code": "000001",
//!                                      "circle": "reinforcement", "value": 8 } ] },
//!             "black": { … } },                 // points/left: null before the bidding ends
//!   "inventories": { "white": ["000001"], "black": [] },
//!   "removed": ["w:000003"],
//!   "stage": "bidding" | "creation" | "play",
//!   "bidding": { "white_points": 50, "offer": 15 | null, "offers": 2, "cap": 500,
//!                "first_bidder": "p1", "black_points": 15 | null },
//!   "to_move": { "seat": "p1" | "p2", "colour": "white" | "black" | null },
//!   "p1_colour": "white" | "black" | null,
//!   "quiet": { "plies": 12, "limit": 86185 },
//!   "outcome": { "result": "1-0" | "0-1" | "1/2-1/2", "reason": "base" } | null,
//!   "orientations": { "000001": ["000001", …] },    // per created stone
//!   "legal": {
//!     "count": 1234,                                 // number of legal moves
//!     "bid": { "min": 16, "max": 500 } | null,        // any whole number in between: "bid N"
//!     "accept": true,
//!     "create": { "max_value": 12, "count": 503 } | null,  // any stone not in the mover's set,
//!                                                          // any circle, value ≤ max_value:
//!                                                          // "create CODE n|r|d"
//!     "close": true,
//!     "pass": true, "setup": [], "place": { … }, "stones": [ … ]   // play, as in the standard view
//!   }
//! }
//! ```

use super::{Infinit, InfinitMove, Stage, stone_value};
use crate::board::Board;
use crate::colour::Colour;
use crate::hex::Hex;
use crate::position::{Control, Location};
use crate::rules::{FIRST_BIDDER, NO_CAPTURE_LIMIT};
use crate::view::colour_name;
use game::Game;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

impl Infinit {
    fn hex_json(&self, cell: Hex) -> Value {
        json!({ "q": cell.q, "r": cell.r, "name": self.position.board().cell_name(cell) })
    }

    fn piece_json(&self, id: usize) -> Value {
        let mut value = self.position.stone_json(id);
        let (q, r) = match self.position.pieces()[id].location {
            Location::Board(at) => (json!(at.q), json!(at.r)),
            _ => (Value::Null, Value::Null),
        };
        value["q"] = q;
        value["r"] = r;
        value
    }

    fn cells_json(&self) -> Vec<Value> {
        let board = self.position.board();
        let mut cells: BTreeSet<(i32, i32)> = Colour::BOTH.map(|c| board.base(c)).map(|h| (h.r, h.q)).into();
        cells.extend(self.position.cells_with_arrows().map(|(h, _)| (h.r, h.q)));
        cells.extend(self.position.pieces().iter().filter_map(|s| match s.location {
            Location::Board(at) => Some((at.r, at.q)),
            _ => None,
        }));
        cells
            .into_iter()
            .map(|(r, q)| {
                let cell = Hex::new(q, r);
                let mut value = self.hex_json(cell);
                let base = Colour::BOTH.into_iter().find(|&c| board.base(c) == cell);
                let [rw, rb] = self.position.raw_arrows(cell);
                let [ew, eb] = self.position.effective_arrows(cell);
                value["base"] = json!(base.map(colour_name));
                value["arrows"] = json!({ "white": rw, "black": rb });
                value["effective"] = json!({ "white": ew, "black": eb });
                value["control"] = json!(match self.position.control(cell) {
                    Control::Free => "free",
                    Control::Tie => "tie",
                    Control::Of(c) => colour_name(c),
                });
                value["stone"] = self.position.occupant(cell).map_or(Value::Null, |id| self.piece_json(id));
                value
            })
            .collect()
    }

    fn sets_json(&self) -> Value {
        let known = self.stage != Stage::Bidding;
        let set = |colour: Colour| {
            let stones: Vec<Value> = self
                .set_of(colour)
                .map(|id| {
                    let stone = self.position.catalog()[id].stone;
                    let circle = self.position.pieces()[id].circle;
                    json!({
                        "piece": self.position.piece_text(id),
                        "code": stone.to_string(),
                        "circle": circle.name(),
                        "value": stone_value(stone, circle),
                    })
                })
                .collect();
            json!({
                "points": known.then_some(self.budget[colour.index()]),
                "left": known.then_some(self.left[colour.index()]),
                "closed": self.closed[colour.index()],
                "stones": stones,
            })
        };
        json!({ "white": set(Colour::White), "black": set(Colour::Black) })
    }

    fn legal_json(&self) -> Value {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut play = Vec::new();
        let (mut bids, mut accept, mut creations, mut close) = (Vec::new(), false, 0, false);
        for &mv in &moves {
            match mv {
                InfinitMove::Bid(points) => bids.push(points),
                InfinitMove::Accept => accept = true,
                InfinitMove::Create(..) => creations += 1,
                InfinitMove::Close => close = true,
                InfinitMove::Play(mv) => play.push(mv),
            }
        }
        let mut legal = self.position.legal_parts(&play);
        legal["count"] = json!(moves.len());
        legal["bid"] = match (bids.first(), bids.last()) {
            (Some(min), Some(max)) => json!({ "min": min, "max": max }),
            _ => Value::Null,
        };
        legal["accept"] = json!(accept);
        legal["create"] = match self.stage {
            Stage::Creation(colour) if creations > 0 => {
                json!({ "max_value": self.left[colour.index()], "count": creations })
            }
            _ => Value::Null,
        };
        legal["close"] = json!(close);
        legal
    }

    /// The JSON view (schema in the module documentation).
    pub(crate) fn view_json(&self) -> Value {
        let board = self.position.board();
        let ((r0, r1), (x0, x1)) = self.viewport();
        let inventories: BTreeMap<&str, Vec<String>> = Colour::BOTH
            .into_iter()
            .map(|c| {
                let codes =
                    self.position.inventory(c).map(|id| self.position.catalog()[id].stone.to_string());
                (colour_name(c), codes.collect())
            })
            .collect();
        let removed: Vec<String> = (0..self.position.pieces().len())
            .filter(|&id| self.position.pieces()[id].location == Location::Removed)
            .map(|id| self.position.piece_text(id))
            .collect();
        let orientations: BTreeMap<String, Vec<String>> = self
            .position
            .catalog()
            .iter()
            .map(|info| (info.stone.to_string(), info.orientations.iter().map(ToString::to_string).collect()))
            .collect();
        let colour_to_move = match self.stage {
            Stage::Bidding => None,
            Stage::Creation(colour) => Some(colour),
            Stage::Play => Some(self.position.colour_to_move()),
        };
        json!({
            "game": "amakta-infinit",
            "distance": board.distance(),
            "bases": {
                "white": self.hex_json(board.base(Colour::White)),
                "black": self.hex_json(board.base(Colour::Black)),
            },
            "viewport": { "rows": [r0, r1], "columns": [x0, x1] },
            "cells": self.cells_json(),
            "stones": (0..self.position.pieces().len()).map(|id| self.piece_json(id)).collect::<Vec<_>>(),
            "arrows": self.position.arrows_json(),
            "sets": self.sets_json(),
            "inventories": inventories,
            "removed": removed,
            "stage": match self.stage {
                Stage::Bidding => "bidding",
                Stage::Creation(_) => "creation",
                Stage::Play => "play",
            },
            "bidding": {
                "white_points": self.points,
                "offer": self.offer,
                "offers": self.offers,
                "cap": self.bid_cap(),
                "first_bidder": FIRST_BIDDER.to_string(),
                "black_points": (self.stage != Stage::Bidding).then_some(self.budget[1]),
            },
            "to_move": { "seat": self.seat_to_move().to_string(), "colour": colour_to_move.map(colour_name) },
            "p1_colour": self.position.p1_colour().map(colour_name),
            "quiet": { "plies": self.quiet, "limit": NO_CAPTURE_LIMIT },
            "outcome": self.outcome().map(|o| json!({ "result": o.result.as_text(), "reason": o.reason })),
            "orientations": orientations,
            "legal": self.legal_json(),
        })
    }
}
