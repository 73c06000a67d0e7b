//! What a game between people keeps besides its moves, as lichess does:
//! when the first moves are due (each side's first move is untimed but
//! limited; past it the game is aborted), whether the players may ask
//! each other to take moves back and the pending request, each seat's
//! last draw offer (one per [`DRAW_OFFER_PLIES`] plies), and who left the
//! game when (the one who stays may then claim the win or a draw).
//!
//! It is stored as one JSON text per game (`game_people`) and written
//! with the change that changes it, so it survives restarts and is shared
//! by the server instances of one database.

use crate::core::app::{App, Change, Slot};
use crate::core::table::{Kind, Table, now_ms};
use crate::store::Op;
use game::Player;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, PoisonError};
use std::time::Duration;

/// A player may offer a draw again only this many plies after their last
/// offer.
pub const DRAW_OFFER_PLIES: usize = 10;

/// How long the first moves and an absence may last; `spielwerk serve`
/// sets them (tests make them short).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// How long each side has for its first move in a clock game before
    /// the game is aborted (30 s).
    pub first_move: Duration,
    /// How long a player may be gone before the other may claim the win or
    /// a draw (60 s, or less when the gone player's clock has less).
    pub absence: Duration,
}

impl Default for Patience {
    /// 30 s for a first move, 60 s of absence.
    fn default() -> Patience {
        Patience { first_move: Duration::from_secs(30), absence: Duration::from_secs(60) }
    }
}

/// The stored state between the players (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct People {
    /// Since when the side to move's first move is due, ms since the
    /// epoch: set when both seats are held and at the first move (the
    /// game's creation when it is not set).
    pub first_move_since_ms: Option<i64>,
    /// Whether the players may ask each other to take moves back.
    pub takebacks: bool,
    /// The seat that asks to take back its last move.
    pub takeback_offer: Option<Player>,
    /// The ply at which each seat last offered a draw.
    pub draw_offer_plies: [Option<usize>; 2],
    /// The seat whose draw offer was declined (until the next move or offer).
    pub draw_declined: Option<Player>,
    /// Whether each seat's player has been connected to the game.
    pub seen: [bool; 2],
    /// Since when each seat's player is gone (their last connection to the
    /// game closed), ms since the epoch.
    pub gone_ms: [Option<i64>; 2],
}

impl People {
    /// Reads the stored JSON text.
    pub fn parse(text: &str) -> Result<People, String> {
        serde_json::from_str(text).map_err(|e| format!("state between the players: {e}"))
    }

    /// What a move (the `ply`-th, counted from 1) changes: the next first
    /// move is due from now, a takeback request and a declined draw are
    /// forgotten.
    pub fn after_move(&mut self, ply: usize) {
        self.first_move_since_ms = (ply < 2).then(now_ms);
        self.takeback_offer = None;
        self.draw_declined = None;
    }

    /// The JSON text to store.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Table {
    /// The op that stores the table's state between the players.
    pub fn people_op(&self) -> Op {
        Op::SetPeople { game: self.id.clone(), state: self.people.to_text() }
    }

    /// When the game is aborted unless the side to move makes its first
    /// move, ms since the epoch: in a running clock game between people
    /// whose seats are held, before the second move.
    pub fn first_move_deadline_ms(&self) -> Option<i64> {
        let waiting = self.kind == Kind::Human
            && self.clock.is_some()
            && self.game.outcome().is_none()
            && self.seats_filled()
            && self.moves.len() < 2;
        let since = self.people.first_move_since_ms.unwrap_or(self.created_ms);
        waiting.then(|| since.saturating_add(duration_ms(self.patience.first_move)))
    }

    /// How long `gone`'s opponent waits from `gone` leaving until they may
    /// claim: the absence allowed, or less when `gone`'s clock has less.
    pub fn absence_allowed_ms(&self, gone: Player) -> i64 {
        let allowed = duration_ms(self.patience.absence);
        match &self.clock {
            Some(clock) if clock.turn_start.is_some() => {
                let to_move = self.game.side_to_move();
                allowed.min(clock.left(gone, to_move, std::time::Instant::now()).max(0))
            }
            _ => allowed,
        }
    }

    /// When the opponent of the gone seat `gone` may claim, ms since the
    /// epoch: while the game runs after its second move and `gone` is away.
    pub fn claim_from_ms(&self, gone: Player) -> Option<i64> {
        let since = self.people.gone_ms[gone.index()]?;
        let running = self.kind == Kind::Human && self.game.outcome().is_none() && self.moves.len() >= 2;
        running.then(|| since.saturating_add(self.absence_allowed_ms(gone)))
    }

    /// Ms from now until `at` (ms since the epoch), at least 0.
    pub fn ms_until(at: i64) -> i64 {
        (at - now_ms()).max(0)
    }
}

impl App {
    /// A WebSocket of `seat`'s player opened here: the first one tells
    /// the opponent that the player joined or came back.
    pub async fn arrive(self: &Arc<Self>, slot: &Arc<Slot>, seat: Player) {
        let first = {
            let mut present = slot.present.lock().unwrap_or_else(PoisonError::into_inner);
            present[seat.index()] += 1;
            present[seat.index()] == 1
        };
        if first {
            self.mark_presence(slot, seat, true).await;
        }
    }

    /// A WebSocket of `seat`'s player closed here: the last one tells the
    /// opponent that the player left, from when the absence counts.
    pub async fn depart(self: &Arc<Self>, slot: &Arc<Slot>, seat: Player) {
        let last = {
            let mut present = slot.present.lock().unwrap_or_else(PoisonError::into_inner);
            present[seat.index()] = present[seat.index()].saturating_sub(1);
            present[seat.index()] == 0
        };
        if last {
            self.mark_presence(slot, seat, false).await;
        }
    }

    /// Stores whether `seat`'s player is here, in a running game between
    /// people, and tells the watchers; tries again when another server
    /// instance changed the game meanwhile.
    async fn mark_presence(self: &Arc<Self>, slot: &Arc<Slot>, seat: Player, here: bool) {
        for _ in 0..3 {
            let mut table = slot.table.lock().await;
            if let Err(error) = self.sync(slot, &mut table).await {
                tracing::warn!(game = table.id, error = error.message.en, "presence not stored");
                return;
            }
            if table.kind != Kind::Human || table.game.outcome().is_some() {
                return;
            }
            let mut people = table.people.clone();
            people.seen[seat.index()] |= here;
            people.gone_ms[seat.index()] = (!here).then(now_ms);
            if people == table.people {
                return;
            }
            let op = Op::SetPeople { game: table.id.clone(), state: people.to_text() };
            match self.commit_change(&table, vec![op]).await {
                Ok(()) => {
                    table.people = people;
                    let from = table.moves.len();
                    self.changed(slot, &mut table, Change::Added { from });
                    return;
                }
                Err(error) => tracing::info!(game = table.id, error = error.message.en, "presence: again"),
            }
        }
    }
}

/// Milliseconds of a duration, saturating.
fn duration_ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_reads_back_and_old_texts_get_defaults() {
        let people = People {
            first_move_since_ms: Some(5),
            takebacks: true,
            takeback_offer: Some(Player::P2),
            draw_offer_plies: [Some(3), None],
            draw_declined: Some(Player::P1),
            seen: [true, false],
            gone_ms: [None, Some(9)],
        };
        assert_eq!(People::parse(&people.to_text()).unwrap(), people);
        assert_eq!(People::parse("{}").unwrap(), People::default());
        assert!(People::parse("[").is_err());
    }
}
