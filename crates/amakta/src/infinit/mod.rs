//! Amakta Infinit (rules section 8): the standard rules engine
//! ([`Position`]) on the unbounded [`Plane`], with a start played as moves.
//!
//! A game goes through three stages, every step a move of the record:
//!
//! 1. **Bidding** (the options `distance` and `points` are the agreement of
//!    the base distance and White's points): P1 offers points for Black
//!    (`bid 12`), then the players alternate strictly increasing offers
//!    (`bid 15`, at most [`BID_CAP_FACTOR`] × White's points) until the
//!    player to move accepts the last offer (`accept`): the acceptor plays
//!    Black with the offered points, the other White with White's points.
//! 2. **Creation**, White first, alternately: a stone with arrows and circle
//!    worth at most the creator's remaining points enters their set
//!    (`create 000001 r`, any orientation of the code accepted), or the
//!    creator closes their set for good (`close`). When both sets are
//!    closed, play begins.
//! 3. **Play**, White first: the eleven moves of the standard game
//!    ([`Move`]), cells named `q,r` (White's base `0,0`, Black's `d,0`). A
//!    stone on the opponent's base wins (`"base"`); the third occurrence of
//!    a situation draws (`"repetition"`); 86185 plies without an
//!    expropriation or release draw (`"no-captures"`).
//!
//! Every decision is listed in [`crate::rules`]. The stone value is
//! [`stone_value`]; the engines are in [`engine`]; the registry entry is
//! [`infinit_entry()`]; the text formats, the terminal drawing and the JSON
//! view are documented in [`text`](mod@text) and [`view`].

#[cfg(test)]
mod amendment_tests;
#[cfg(feature = "research")]
pub mod bunker;
#[cfg(test)]
mod consistency;
#[cfg(feature = "engine")]
pub mod engine;
pub mod entry;
#[cfg(feature = "engine")]
pub mod eval;
mod game_impl;
#[cfg(feature = "presentation")]
pub mod lesson;
#[cfg(feature = "presentation")]
mod render;
mod start;
pub mod text;
pub mod value;
#[cfg(feature = "presentation")]
pub mod view;

#[cfg(feature = "presentation")]
pub use entry::infinit_entry;
pub use value::{all_stones, arrow_counts, arrow_total, stone_value, value_text};

use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::moves::Move;
use crate::plane::Plane;
use crate::position::{Phase, Position};
use crate::rules::{BID_CAP_FACTOR, FIRST_BIDDER};
use crate::stones::Stone;
use game::{Player, Text, text};
use std::sync::Arc;

/// Largest number of points White may be given.
pub const MAX_POINTS: u32 = 1000;

/// The stage of a game of Amakta Infinit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    /// Offers of points for Black.
    Bidding,
    /// This colour creates a stone or closes its set next.
    Creation(Colour),
    /// The game proper.
    Play,
}

/// A move of Amakta Infinit: a start step or a move of play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum InfinitMove {
    /// Offer this many points for Black.
    Bid(u32),
    /// Accept the last offer and play Black with it.
    Accept,
    /// Create a stone (canonical code) with a circle.
    Create(Stone, Circle),
    /// Close the own set for good.
    Close,
    /// A move of play.
    Play(Move),
}

/// Rule amendments against the bunker loophole (see
/// `docs/amakta-research.md`); the defaults are the original rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Amendments {
    /// `arrow-cap`: a stone may have at most this many arrows (a double
    /// arrow counts two); stones with more cannot be created.
    pub arrow_cap: Option<u32>,
    /// `ply-limit`: after this many plies of play without a winner the
    /// game ends by the tie-break [`Infinit::tie_break`].
    pub ply_limit: Option<u32>,
}

/// The amendments as the game options that set them (`arrow-cap 5,
/// ply-limit 120`), or `original rules` when there are none.
impl std::fmt::Display for Amendments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = [("arrow-cap", self.arrow_cap), ("ply-limit", self.ply_limit)]
            .into_iter()
            .filter_map(|(name, value)| value.map(|v| format!("{name} {v}")))
            .collect();
        if parts.is_empty() { f.write_str("original rules") } else { f.write_str(&parts.join(", ")) }
    }
}

impl Amendments {
    /// Whether a stone may be created under the arrow cap.
    #[must_use]
    pub fn allows(&self, stone: Stone) -> bool {
        self.arrow_cap.is_none_or(|cap| value::arrow_total(stone) <= cap)
    }
}

/// A position of Amakta Infinit: the rules engine's position on the plane
/// plus the state of the start and the counter of quiet plies.
#[derive(Clone, Debug)]
pub struct Infinit {
    pub(crate) position: Position<Plane>,
    pub(crate) points: u32,
    pub(crate) stage: Stage,
    pub(crate) offer: Option<u32>,
    pub(crate) offers: u32,
    pub(crate) budget: [u32; 2],
    pub(crate) left: [u32; 2],
    pub(crate) closed: [bool; 2],
    pub(crate) quiet: u32,
    /// Plies of play so far (counted for the ply limit).
    pub(crate) plies: u32,
    /// The rule amendments in force.
    pub(crate) amendments: Amendments,
}

impl Infinit {
    /// A new game: bases `distance` apart, White's points agreed, P1 to
    /// make the first offer.
    pub fn new(distance: i32, points: u32) -> Result<Infinit, Text> {
        let plane = Plane::new(distance)?;
        if points > MAX_POINTS {
            return Err(text!(
                "White's points must be at most {MAX_POINTS}, not {points}",
                "die Punktzahl von Weiß darf höchstens {MAX_POINTS} betragen, nicht {points}"
            ));
        }
        Ok(Infinit {
            position: Position::empty(plane, Arc::new(Vec::new()), Phase::Play, None),
            points,
            stage: Stage::Bidding,
            offer: None,
            offers: 0,
            budget: [points, 0],
            left: [0, 0],
            closed: [false, false],
            quiet: 0,
            plies: 0,
            amendments: Amendments::default(),
        })
    }

    /// The same game under `amendments`.
    #[must_use]
    pub fn with_amendments(mut self, amendments: Amendments) -> Infinit {
        self.amendments = amendments;
        self
    }

    /// The rule amendments in force.
    #[must_use]
    pub fn amendments(&self) -> Amendments {
        self.amendments
    }

    /// Plies of play so far.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The tie-break of the amendment `ply-limit`: the colour whose nearest
    /// own stone on the board stands nearer to the opponent's base wins
    /// (no stone counts as infinitely far); equal, the colour that controls
    /// more cells; equal again, nobody (a draw).
    #[must_use]
    pub fn tie_break(&self) -> Option<Colour> {
        let position = &self.position;
        let nearest = |colour: Colour| {
            let target = position.board().base(colour.other());
            (0..position.pieces().len())
                .filter_map(|id| match position.pieces()[id].location {
                    crate::Location::Board(at) if position.owner(id) == colour => Some(at.distance(target)),
                    _ => None,
                })
                .min()
                .unwrap_or(i32::MAX)
        };
        let (white, black) = (nearest(Colour::White), nearest(Colour::Black));
        if white != black {
            return Some(if white < black { Colour::White } else { Colour::Black });
        }
        let mut controlled = [0u32; 2];
        for (cell, _) in position.cells_with_arrows() {
            if let crate::Control::Of(colour) = position.control(cell) {
                controlled[colour.index()] += 1;
            }
        }
        match controlled[0].cmp(&controlled[1]) {
            std::cmp::Ordering::Greater => Some(Colour::White),
            std::cmp::Ordering::Less => Some(Colour::Black),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The rules engine's position (board, pieces, control).
    #[must_use]
    pub fn position(&self) -> &Position<Plane> {
        &self.position
    }

    /// The stage.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// White's agreed points.
    #[must_use]
    pub fn points(&self) -> u32 {
        self.points
    }

    /// The highest offer allowed: [`BID_CAP_FACTOR`] × White's points.
    #[must_use]
    pub fn bid_cap(&self) -> u32 {
        BID_CAP_FACTOR * self.points
    }

    /// The last offer of points for Black and how many offers were made.
    #[must_use]
    pub fn offer(&self) -> (Option<u32>, u32) {
        (self.offer, self.offers)
    }

    /// The points each colour started creation with (Black's are known
    /// once an offer was accepted).
    #[must_use]
    pub fn budget(&self, colour: Colour) -> u32 {
        self.budget[colour.index()]
    }

    /// The points a colour has left to create stones with.
    #[must_use]
    pub fn left(&self, colour: Colour) -> u32 {
        self.left[colour.index()]
    }

    /// Whether a colour has closed its set.
    #[must_use]
    pub fn is_closed(&self, colour: Colour) -> bool {
        self.closed[colour.index()]
    }

    /// Plies of play since the last expropriation or release.
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The seat to move.
    #[must_use]
    pub fn seat_to_move(&self) -> Player {
        match self.stage {
            Stage::Bidding if self.offers.is_multiple_of(2) => FIRST_BIDDER,
            Stage::Bidding => FIRST_BIDDER.other(),
            Stage::Creation(colour) => self.position.seat_of(colour).expect("colours are known"),
            Stage::Play => self.position.seat_to_move(),
        }
    }

    /// The pieces of a colour's set (ids), in creation order.
    pub fn set_of(&self, colour: Colour) -> impl Iterator<Item = usize> + '_ {
        (0..self.position.catalog().len()).filter(move |&id| self.position.catalog()[id].colour == colour)
    }

    /// The stage after `colour` created a stone or closed its set.
    fn after_creation(&self, colour: Colour) -> Stage {
        if !self.closed[colour.other().index()] {
            Stage::Creation(colour.other())
        } else if !self.closed[colour.index()] {
            Stage::Creation(colour)
        } else {
            Stage::Play
        }
    }

    /// Plays a legal move.
    pub fn apply(&mut self, mv: InfinitMove) {
        match mv {
            InfinitMove::Bid(points) => {
                self.offer = Some(points);
                self.offers = self.offers.saturating_add(1);
            }
            InfinitMove::Accept => {
                let black = self.seat_to_move();
                self.position.p1_colour =
                    Some(if black == Player::P1 { Colour::Black } else { Colour::White });
                self.budget = [self.points, self.offer.unwrap_or(0)];
                self.left = self.budget;
                self.stage = Stage::Creation(Colour::White);
            }
            InfinitMove::Create(stone, circle) => {
                let Stage::Creation(colour) = self.stage else { return };
                self.position.add_piece(colour, stone, circle);
                self.left[colour.index()] -= stone_value(stone, circle);
                self.stage = self.after_creation(colour);
            }
            InfinitMove::Close => {
                let Stage::Creation(colour) = self.stage else { return };
                self.closed[colour.index()] = true;
                self.stage = self.after_creation(colour);
            }
            InfinitMove::Play(mv) => {
                let captures = mv.expropriates_or_releases();
                self.position.apply(mv);
                self.quiet = if captures { 0 } else { self.quiet.saturating_add(1) };
                self.plies = self.plies.saturating_add(1);
            }
        }
    }
}
