//! Who has the lobby open, and telling them when they were paired.
//!
//! A signed-in account's lobby connections (its browser tabs, see
//! `GET /api/lobby/ws`) are counted here per account; while it has one on
//! any server instance, the database holds a row of it per instance
//! (see `features::lobby_presence`), renewed by that instance's heartbeat
//! and lapsing when it stops. A
//! seek with a clock and a pool entry live only while their owner has
//! such a row: closing the last tab withdraws them at once.
//!
//! When a seek is accepted or a pool pairs two accounts, each account's
//! lobby connections — on whichever instance — are told the new game, so
//! that every tab of both players goes to it at once: with PostgreSQL
//! through a notification that every instance hears, with SQLite (one
//! instance) directly.

use crate::contract::common::SeatId;
use crate::contract::lobby::LobbySocketMessage;
use crate::core::secret::new_secret;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::broadcast;

/// An account paired into a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    /// The account.
    pub account_id: String,
    /// The new game's id.
    pub game: String,
    /// The account's seat.
    pub seat: SeatId,
}

impl Paired {
    /// The message the account's lobby connections send of it.
    pub fn message(&self) -> LobbySocketMessage {
        LobbySocketMessage::Paired { game: self.game.clone(), seat: self.seat }
    }
}

/// The lobby connections open on this instance, and the news of pairings.
pub struct LobbyLive {
    /// This server instance, as its lobby rows name it.
    pub instance: String,
    counts: Mutex<HashMap<String, usize>>,
    news: broadcast::Sender<Arc<Paired>>,
}

impl Default for LobbyLive {
    fn default() -> LobbyLive {
        LobbyLive {
            instance: new_secret(),
            counts: Mutex::new(HashMap::new()),
            news: broadcast::Sender::new(256),
        }
    }
}

impl LobbyLive {
    /// The pairings told from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Paired>> {
        self.news.subscribe()
    }

    /// Tells this instance's lobby connections of `account_id` that it was
    /// paired into `game` on `seat` (`p1` or `p2`, as the notification
    /// between instances carries it; another seat is logged and dropped).
    pub fn tell(&self, account_id: &str, game: &str, seat: &str) {
        let seat = match seat {
            "p1" => SeatId::P1,
            "p2" => SeatId::P2,
            _ => {
                tracing::warn!(seat, game, "a pairing told with an unknown seat");
                return;
            }
        };
        let paired = Paired { account_id: account_id.to_owned(), game: game.to_owned(), seat };
        let _ = self.news.send(Arc::new(paired));
    }

    /// Counts a lobby connection of `account_id` in or out; true when it
    /// was its first (in) or last (out) one here.
    pub fn count(&self, account_id: &str, opened: bool) -> bool {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if opened {
            let count = counts.entry(account_id.to_owned()).or_insert(0);
            *count += 1;
            *count == 1
        } else {
            let Some(count) = counts.get_mut(account_id) else { return false };
            *count -= 1;
            let last = *count == 0;
            if last {
                counts.remove(account_id);
            }
            last
        }
    }

    /// Whether this instance holds a lobby connection of any account.
    pub fn any(&self) -> bool {
        !self.counts.lock().unwrap_or_else(PoisonError::into_inner).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_and_last_connection_of_an_account_are_told() {
        let lobby = LobbyLive::default();
        assert!(lobby.count("a", true));
        assert!(!lobby.count("a", true));
        assert!(lobby.count("b", true));
        assert!(!lobby.count("a", false));
        assert!(lobby.count("a", false));
        assert!(!lobby.count("a", false), "no connection left to close");
        assert!(lobby.any());
        assert!(lobby.count("b", false));
        assert!(!lobby.any());
    }

    #[tokio::test]
    async fn pairings_reach_every_subscriber() {
        let lobby = LobbyLive::default();
        let (mut one, mut two) = (lobby.subscribe(), lobby.subscribe());
        lobby.tell("acc", "g1", "p2");
        for receiver in [&mut one, &mut two] {
            let paired = receiver.recv().await.unwrap();
            assert_eq!(
                (paired.account_id.as_str(), paired.game.as_str(), paired.seat),
                ("acc", "g1", SeatId::P2)
            );
            assert_eq!(
                serde_json::to_value(paired.message()).unwrap(),
                serde_json::json!({"type": "paired", "game": "g1", "seat": "p2"})
            );
        }
    }
}
