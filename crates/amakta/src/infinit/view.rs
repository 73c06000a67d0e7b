//! The view of an Amakta Infinit position for graphical interfaces
//! ([`game::Presentation::view`]) as a type: [`InfinitView`] serialises to
//! the JSON below, and its TypeScript declaration (ts-rs) is what the web
//! board reads.
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
use crate::position::Location;
use crate::rules::{FIRST_BIDDER, NO_CAPTURE_LIMIT};
use crate::view::{
    AmaktaArrow, AmaktaCircle, AmaktaColour, AmaktaControl, AmaktaLegal, AmaktaPair, AmaktaSeat, AmaktaStone,
    AmaktaToMove,
};
use game::Game;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use ts_rs::TS;

/// An Amakta Infinit position as the boards draw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitView {
    /// Always `"amakta-infinit"`.
    #[ts(type = "\"amakta-infinit\"")]
    pub game: &'static str,
    /// The agreed distance of the bases.
    pub distance: i32,
    /// The cells of the bases.
    pub bases: AmaktaPair<InfinitHex>,
    /// The part of the plane worth drawing.
    pub viewport: InfinitViewport,
    /// Every cell within reach: bases, stones, arrow targets.
    pub cells: Vec<InfinitCell>,
    /// Every piece, wherever it is.
    pub stones: Vec<InfinitStone>,
    /// Every stone arrow aiming at a cell, blocked or not.
    pub arrows: Vec<AmaktaArrow>,
    /// The sets the colours create.
    pub sets: AmaktaPair<InfinitSet>,
    /// The canonical codes of the stones in each colour's inventory.
    pub inventories: AmaktaPair<Vec<String>>,
    /// The pieces removed from the game (`w:000003`).
    pub removed: Vec<String>,
    /// The stage of the game.
    pub stage: InfinitStage,
    /// The bidding for White's points.
    pub bidding: InfinitBidding,
    /// The seat to move and, once known, its colour.
    pub to_move: AmaktaToMove,
    /// The first player's colour, `null` before the bidding ends.
    pub p1_colour: Option<AmaktaColour>,
    /// The plies without a capture and their limit.
    pub quiet: InfinitQuiet,
    /// How the game ended, `null` while it goes on.
    pub outcome: Option<InfinitOutcome>,
    /// Per created stone code, all its orientations.
    pub orientations: BTreeMap<String, Vec<String>>,
    /// The legal moves decomposed.
    pub legal: InfinitLegal,
}

/// A cell of the plane by its coordinates and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitHex {
    /// Axial column coordinate.
    pub q: i32,
    /// Axial row coordinate.
    pub r: i32,
    /// Its name in move text (`q,r`).
    pub name: String,
}

/// The part of the plane worth drawing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitViewport {
    /// The range of `r`.
    pub rows: [i32; 2],
    /// The range of `x = 2q + r`.
    pub columns: [i32; 2],
}

/// A cell within reach, what points at it and its stone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitCell {
    /// Axial column coordinate.
    pub q: i32,
    /// Axial row coordinate.
    pub r: i32,
    /// Its name in move text (`q,r`).
    pub name: String,
    /// The colour whose base it is, or `null`.
    pub base: Option<AmaktaColour>,
    /// Unblocked arrows of each colour aiming at it, before circles.
    pub arrows: AmaktaPair<u8>,
    /// Arrows of each colour counting there, circles included.
    pub effective: AmaktaPair<u8>,
    /// Who holds it.
    pub control: AmaktaControl,
    /// The stone on it, or `null`.
    pub stone: Option<InfinitStone>,
}

/// A piece of the game with its coordinates on the plane.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitStone {
    /// The piece as in the standard game.
    #[serde(flatten)]
    pub stone: AmaktaStone,
    /// Its column coordinate on the plane, else `null`.
    pub q: Option<i32>,
    /// Its row coordinate on the plane, else `null`.
    pub r: Option<i32>,
}

/// A colour's set being created, and its points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitSet {
    /// The colour's points, `null` before the bidding ends.
    pub points: Option<u32>,
    /// The points left to spend, `null` before the bidding ends.
    pub left: Option<u32>,
    /// Whether the colour has closed its set.
    pub closed: bool,
    /// The stones created so far.
    pub stones: Vec<InfinitSetStone>,
}

/// A created stone and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitSetStone {
    /// The piece in move text (`w:000001`).
    pub piece: String,
    /// Its canonical stone code.
    pub code: String,
    /// Its circle.
    pub circle: AmaktaCircle,
    /// Its value in points.
    pub value: u32,
}

/// The stage of an Infinit game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum InfinitStage {
    /// The seats bid for White's points.
    Bidding,
    /// The colours create their sets.
    Creation,
    /// The game proper.
    Play,
}

/// The bidding for White's points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitBidding {
    /// White's agreed points.
    pub white_points: u32,
    /// The offer standing, or `null`.
    pub offer: Option<u32>,
    /// The number of offers made.
    pub offers: u32,
    /// The highest offer allowed.
    pub cap: u32,
    /// The seat making the first offer.
    pub first_bidder: AmaktaSeat,
    /// Black's points, `null` before the bidding ends.
    pub black_points: Option<u32>,
}

/// The plies without a capture and their limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitQuiet {
    /// Plies since the last capture.
    pub plies: u32,
    /// The plies after which the game is drawn.
    pub limit: u32,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitOutcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[ts(type = "\"1-0\" | \"0-1\" | \"1/2-1/2\"")]
    pub result: &'static str,
    /// The reason key.
    pub reason: &'static str,
}

/// The legal moves decomposed: play's as in the standard game, and the
/// bidding's and the creation's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitLegal {
    /// The moves of play (`count` counts every legal move).
    #[serde(flatten)]
    pub play: AmaktaLegal,
    /// The offers allowed (any whole number in between: `bid N`), or `null`.
    pub bid: Option<InfinitBid>,
    /// Whether the standing offer may be accepted.
    pub accept: bool,
    /// The stones that may be created, or `null`.
    pub create: Option<InfinitCreate>,
    /// Whether the mover may close its set.
    pub close: bool,
}

/// The range of the offers allowed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitBid {
    /// The lowest offer.
    pub min: u32,
    /// The highest offer.
    pub max: u32,
}

/// The stones that may be created: any stone not in the mover's set, any
/// circle, of value at most `max_value` (`create CODE n|r|d`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct InfinitCreate {
    /// The highest value allowed.
    pub max_value: u32,
    /// The number of such moves.
    pub count: usize,
}

impl Infinit {
    fn hex_view(&self, cell: Hex) -> InfinitHex {
        InfinitHex { q: cell.q, r: cell.r, name: self.position.board().cell_name(cell) }
    }

    fn piece_view(&self, id: usize) -> InfinitStone {
        let (q, r) = match self.position.pieces()[id].location {
            Location::Board(at) => (Some(at.q), Some(at.r)),
            _ => (None, None),
        };
        InfinitStone { stone: self.position.stone_view(id), q, r }
    }

    fn cells_view(&self) -> Vec<InfinitCell> {
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
                let (base, arrows, effective, control) = self.position.cell_parts(cell);
                InfinitCell {
                    q,
                    r,
                    name: board.cell_name(cell),
                    base,
                    arrows,
                    effective,
                    control,
                    stone: self.position.occupant(cell).map(|id| self.piece_view(id)),
                }
            })
            .collect()
    }

    fn sets_view(&self) -> AmaktaPair<InfinitSet> {
        let known = self.stage != Stage::Bidding;
        AmaktaPair::of(|colour| InfinitSet {
            points: known.then_some(self.budget[colour.index()]),
            left: known.then_some(self.left[colour.index()]),
            closed: self.closed[colour.index()],
            stones: self
                .set_of(colour)
                .map(|id| {
                    let stone = self.position.catalog()[id].stone;
                    let circle = self.position.pieces()[id].circle;
                    InfinitSetStone {
                        piece: self.position.piece_text(id),
                        code: stone.to_string(),
                        circle: circle.into(),
                        value: stone_value(stone, circle),
                    }
                })
                .collect(),
        })
    }

    fn legal_view(&self) -> InfinitLegal {
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
        let mut parts = self.position.legal_parts(&play);
        parts.count = moves.len();
        InfinitLegal {
            play: parts,
            bid: match (bids.first(), bids.last()) {
                (Some(&min), Some(&max)) => Some(InfinitBid { min, max }),
                _ => None,
            },
            accept,
            create: match self.stage {
                Stage::Creation(colour) if creations > 0 => {
                    Some(InfinitCreate { max_value: self.left[colour.index()], count: creations })
                }
                _ => None,
            },
            close,
        }
    }
}

impl From<&Infinit> for InfinitView {
    fn from(game: &Infinit) -> Self {
        let board = game.position.board();
        let ((r0, r1), (x0, x1)) = game.viewport();
        let colour_to_move = match game.stage {
            Stage::Bidding => None,
            Stage::Creation(colour) => Some(colour),
            Stage::Play => Some(game.position.colour_to_move()),
        };
        InfinitView {
            game: "amakta-infinit",
            distance: board.distance(),
            bases: AmaktaPair::of(|c| game.hex_view(board.base(c))),
            viewport: InfinitViewport { rows: [r0, r1], columns: [x0, x1] },
            cells: game.cells_view(),
            stones: (0..game.position.pieces().len()).map(|id| game.piece_view(id)).collect(),
            arrows: game.position.arrows_view(),
            sets: game.sets_view(),
            inventories: game.position.inventories_view(),
            removed: game.position.removed_view(),
            stage: match game.stage {
                Stage::Bidding => InfinitStage::Bidding,
                Stage::Creation(_) => InfinitStage::Creation,
                Stage::Play => InfinitStage::Play,
            },
            bidding: InfinitBidding {
                white_points: game.points,
                offer: game.offer,
                offers: game.offers,
                cap: game.bid_cap(),
                first_bidder: FIRST_BIDDER.into(),
                black_points: (game.stage != Stage::Bidding).then_some(game.budget[1]),
            },
            to_move: AmaktaToMove {
                seat: game.seat_to_move().into(),
                colour: colour_to_move.map(AmaktaColour::from),
            },
            p1_colour: game.position.p1_colour().map(AmaktaColour::from),
            quiet: InfinitQuiet { plies: game.quiet, limit: NO_CAPTURE_LIMIT },
            outcome: game.outcome().map(|o| InfinitOutcome { result: o.result.as_text(), reason: o.reason }),
            orientations: game.position.orientations_view(),
            legal: game.legal_view(),
        }
    }
}
