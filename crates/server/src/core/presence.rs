//! The rules between the players of a game that need the game and the
//! server (see [`crate::core::people`]): when a first move is overdue,
//! when an absent player may be claimed against, and the presence of the
//! players told by their WebSockets.

use crate::core::app::{App, Change, Slot};
use crate::core::table::{Kind, Table, now_ms};
use crate::store::Op;
use game::Player;
use std::sync::{Arc, PoisonError};
use std::time::Duration;

impl Table {
    /// The op that stores the table's state between the players.
    pub fn people_op(&self) -> Op {
        Op::SetPeople { game: self.id.clone(), state: self.people.to_text() }
    }

    /// When the game is aborted unless the side to move makes its first
    /// move, ms since the epoch: in a running clock game between people
    /// whose seats are held, before the second move. Setup steps count
    /// here (unlike for [`Table::begun`]): each side's first step shows
    /// that its player is there, and from the second step on the clock
    /// runs, which bounds the rest of a setup (a deadline per step would
    /// cut short Amakta Infinit's stone creation).
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
    /// epoch: while a game with a clock runs after its second move of play
    /// (see [`Table::begun`]) and `gone` is away; before, the one who stays
    /// may abort. As on lichess, a game without a clock (casual or by
    /// correspondence) is never claimed: its player may leave and come back.
    pub fn claim_from_ms(&self, gone: Player) -> Option<i64> {
        let since = self.people.gone_ms[gone.index()]?;
        let running =
            self.kind == Kind::Human && self.clock.is_some() && self.game.outcome().is_none() && self.begun();
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

    /// After a change read from the database (another instance's, see
    /// [`App::sync`]): a player that instance marked gone — their socket
    /// there closed — while one of theirs is still open here is marked
    /// present again, so that presence counts over all instances and the
    /// opponent cannot claim against a connected player.
    pub fn recount_presence(self: &Arc<Self>, slot: &Arc<Slot>, table: &Table) {
        let present = *slot.present.lock().unwrap_or_else(PoisonError::into_inner);
        for seat in Player::BOTH {
            if present[seat.index()] > 0 && table.people.gone_ms[seat.index()].is_some() {
                let (app, slot) = (self.clone(), slot.clone());
                tokio::spawn(async move { app.mark_presence(&slot, seat, true).await });
            }
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
            // Still here after all (another socket of the seat's opened
            // meanwhile), or gone again before the mark was stored.
            let count = slot.present.lock().unwrap_or_else(PoisonError::into_inner)[seat.index()];
            if (count > 0) != here {
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
