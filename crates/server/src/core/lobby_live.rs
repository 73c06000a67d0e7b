//! Who has the lobby open, and telling them when they were paired.
//!
//! A signed-in account's lobby connections (its browser tabs, see
//! `GET /api/lobby/ws`) are counted here per account; while it has one on
//! any server instance, the database holds a row of it per instance,
//! renewed by that instance's heartbeat every [`LOBBY_BEAT`] and expiring
//! [`LOBBY_TTL_MS`] after (so that a stopped instance's rows lapse). A
//! seek with a clock and a pool entry live only while their owner has
//! such a row: closing the last tab withdraws them at once.
//!
//! When a seek is accepted or a pool pairs two accounts, each account's
//! lobby connections — on whichever instance — are told the new game, so
//! that every tab of both players goes to it at once: with PostgreSQL
//! through a notification that every instance hears, with SQLite (one
//! instance) directly.

use crate::core::app::App;
use crate::core::secret::new_secret;
use crate::core::table::now_ms;
use crate::store::Op;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often an instance renews its lobby connections' rows.
pub const LOBBY_BEAT: Duration = Duration::from_secs(5);
/// How long a lobby connection's row lasts without its heartbeat, ms.
pub const LOBBY_TTL_MS: i64 = 15_000;

/// An account paired into a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    /// The account.
    pub account_id: String,
    /// The new game's id.
    pub game: String,
    /// The account's seat, `p1` or `p2`.
    pub seat: String,
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
    /// paired into `game` on `seat`.
    pub fn tell(&self, account_id: &str, game: &str, seat: &str) {
        let paired =
            Paired { account_id: account_id.to_owned(), game: game.to_owned(), seat: seat.to_owned() };
        let _ = self.news.send(Arc::new(paired));
    }

    /// Counts a lobby connection of `account_id` in or out; true when it
    /// was its first (in) or last (out) one here.
    fn count(&self, account_id: &str, opened: bool) -> bool {
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
    fn any(&self) -> bool {
        !self.counts.lock().unwrap_or_else(PoisonError::into_inner).is_empty()
    }
}

impl App {
    /// A lobby connection of `account_id` opened here: the first one
    /// stores its row.
    pub async fn enter_lobby(&self, account_id: &str) {
        if self.lobby.count(account_id, true) {
            let op = Op::PutLobbyPresence {
                account_id: account_id.to_owned(),
                instance: self.lobby.instance.clone(),
                expires_ms: now_ms() + LOBBY_TTL_MS,
            };
            if let Err(error) = self.store.write(vec![op]).await {
                tracing::warn!(%error, "lobby presence not stored");
            }
        }
    }

    /// A lobby connection of `account_id` closed here: the last one
    /// deletes its row, which withdraws the account's seeks with a clock
    /// and its pool entry unless another instance holds a connection.
    pub async fn leave_lobby(&self, account_id: &str) {
        if self.lobby.count(account_id, false) {
            let op = Op::DeleteLobbyPresence {
                account_id: account_id.to_owned(),
                instance: self.lobby.instance.clone(),
                now_ms: now_ms(),
            };
            if let Err(error) = self.store.write(vec![op]).await {
                tracing::warn!(%error, "lobby presence not deleted");
            }
        }
    }

    /// The ops that tell the players of a new game (accounts and their
    /// seats) that they were paired: a notification to every instance
    /// with PostgreSQL; commit them with the game, then call
    /// [`App::announce_pairing`].
    pub fn pairing_ops(game: &str, players: &[(&str, &str)]) -> Vec<Op> {
        players
            .iter()
            .map(|(account_id, seat)| Op::TellPaired {
                account_id: (*account_id).to_owned(),
                game: game.to_owned(),
                seat: (*seat).to_owned(),
            })
            .collect()
    }

    /// After the game is stored: with SQLite (no notification) tells the
    /// players' lobby connections here of their new game.
    pub fn announce_pairing(&self, game: &str, players: &[(&str, &str)]) {
        if self.store.shared().is_none() {
            for (account_id, seat) in players {
                self.lobby.tell(account_id, game, seat);
            }
        }
    }
}

/// Renews this instance's lobby rows every [`LOBBY_BEAT`] and forgets
/// lapsed rows and the pool entries of accounts gone from the lobby
/// (those that joined more than `grace_ms` ago); ends when the server
/// stops.
pub async fn keep_lobby(app: Weak<App>, grace_ms: i64) {
    let mut beat = tokio::time::interval(LOBBY_BEAT);
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        beat.tick().await;
        let Some(app) = app.upgrade() else { return };
        if *app.stopping.borrow() {
            return;
        }
        let now = now_ms();
        let mut ops = vec![Op::PruneLobby { now_ms: now, joined_before_ms: now - grace_ms }];
        if app.lobby.any() {
            ops.insert(
                0,
                Op::RefreshLobbyPresence {
                    instance: app.lobby.instance.clone(),
                    expires_ms: now + LOBBY_TTL_MS,
                },
            );
        }
        if let Err(error) = app.store.write(ops).await {
            tracing::warn!(%error, "lobby heartbeat not stored");
        }
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
                (paired.account_id.as_str(), paired.game.as_str(), paired.seat.as_str()),
                ("acc", "g1", "p2")
            );
        }
    }
}
