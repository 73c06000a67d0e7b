//! The deadlines of correspondence games on their tables (see
//! [`crate::core::correspondence`]): when a game starts, the next deadline
//! after a move, and how a game ends when its deadline passed.

use crate::core::correspondence::rating_key;
use crate::core::table::Table;
use game::{Outcome, Player};

impl Table {
    /// The key of the players' ratings this game counts for.
    pub fn rating_key(&self) -> String {
        rating_key(self.game.name(), self.correspondence.is_some())
    }

    /// The deadline of a correspondence turn starting at `now_ms`
    /// (correspondence games only).
    pub fn next_deadline(&self, now_ms: i64, day_ms: i64) -> Option<i64> {
        self.correspondence.map(|c| c.deadline_from(now_ms, day_ms))
    }

    /// The deadline that starts a correspondence game when `seat` is
    /// taken at `now_ms`: if the other seat is taken already and the game
    /// has not started.
    pub fn deadline_on_taking(&self, seat: Player, now_ms: i64, day_ms: i64) -> Option<i64> {
        let corr = self.correspondence.filter(|c| c.deadline_ms.is_none())?;
        let starts = self.seats[seat.other().index()].taken() && self.game.outcome().is_none();
        starts.then(|| corr.deadline_from(now_ms, day_ms))
    }

    /// Starts the first turn of a new correspondence game at `now_ms` if
    /// both seats are taken (before it is first stored).
    pub fn start_deadline(&mut self, now_ms: i64, day_ms: i64) {
        let filled = self.seats_filled() && self.game.outcome().is_none();
        if let Some(corr) = self.correspondence.as_mut().filter(|c| c.deadline_ms.is_none() && filled) {
            corr.deadline_ms = Some(corr.deadline_from(now_ms, day_ms));
        }
    }

    /// Records the deadline of a committed change, if it set one.
    pub fn set_deadline(&mut self, deadline_ms: Option<i64>) {
        if let (Some(corr), Some(deadline)) = (self.correspondence.as_mut(), deadline_ms) {
            corr.deadline_ms = Some(deadline);
        }
    }

    /// How the game ends because the side to move's deadline passed by
    /// `now_ms`, if it did: lost on time, or abandoned (a draw, unrated)
    /// while fewer than two moves were played.
    pub fn deadline_outcome(&self, now_ms: i64) -> Option<Outcome> {
        let deadline = self.correspondence?.deadline_ms?;
        if self.game.outcome().is_some() || now_ms < deadline {
            return None;
        }
        let loser: Player = self.game.side_to_move();
        Some(if self.moves.len() < 2 {
            Outcome::draw("abandoned")
        } else {
            Outcome::win(loser.other(), "time")
        })
    }
}
