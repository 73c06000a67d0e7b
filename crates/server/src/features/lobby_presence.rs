//! The rows of the lobby's live connections in the database (see
//! [`crate::core::lobby_live`]): stored when an account's first
//! connection opens here, replaced when its last one closes by a row that
//! keeps the account present for [`App::lobby_grace_ms`] (a reload or
//! another page connects again in time; after it the heartbeat takes its
//! pool entry and seeks with a clock, unless another instance holds a
//! connection), renewed by this instance's heartbeat every [`LOBBY_BEAT`] and lapsing
//! [`LOBBY_TTL_MS`] after a stopped instance's last beat; and the telling
//! of pairings to the players' connections on every instance.

use crate::core::app::App;
use crate::core::periodic;
use crate::core::table::now_ms;
use crate::store::Op;
use std::sync::Weak;
use std::time::Duration;

/// How often an instance renews its lobby connections' rows.
pub const LOBBY_BEAT: Duration = Duration::from_secs(5);
/// How long a lobby connection's row lasts without its heartbeat, ms.
pub const LOBBY_TTL_MS: i64 = 15_000;

impl App {
    /// A lobby connection of `account_id` opened here: the first one
    /// stores its row, after forgetting what lapsed (so that an account
    /// back after its grace does not find its withdrawn pool entry and
    /// seeks again before the next heartbeat).
    pub async fn enter_lobby(&self, account_id: &str) {
        if self.lobby.count(account_id, true) {
            let now = now_ms();
            let ops = vec![
                Op::PruneLobby { now_ms: now, joined_before_ms: now - self.lobby_grace_ms },
                Op::PutLobbyPresence {
                    account_id: account_id.to_owned(),
                    instance: self.lobby.instance.clone(),
                    expires_ms: now + LOBBY_TTL_MS,
                },
            ];
            if let Err(error) = self.write(ops).await {
                tracing::warn!(error = error.message.en, "lobby presence not stored");
            }
        }
    }

    /// A lobby connection of `account_id` closed here: the last one
    /// replaces its row by one that lapses after [`App::lobby_grace_ms`],
    /// after which the heartbeat withdraws the account's seeks with a
    /// clock and its pool entry unless it connected again.
    pub async fn leave_lobby(&self, account_id: &str) {
        if self.lobby.count(account_id, false) {
            let op = Op::DeleteLobbyPresence {
                account_id: account_id.to_owned(),
                instance: self.lobby.instance.clone(),
                grace_until_ms: now_ms() + self.lobby_grace_ms,
            };
            if let Err(error) = self.write(vec![op]).await {
                tracing::warn!(error = error.message.en, "lobby presence not deleted");
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
        if self.shared().is_none() {
            for (account_id, seat) in players {
                self.lobby.tell(account_id, game, seat);
            }
        }
    }
}

/// Renews this instance's lobby rows every [`LOBBY_BEAT`] and forgets
/// lapsed rows and the pool entries and seeks with a clock of accounts
/// gone from the lobby (made more than [`App::lobby_grace_ms`] ago); ends
/// when the server stops.
pub async fn keep_lobby(app: Weak<App>) {
    periodic::every(app, LOBBY_BEAT, |app| async move {
        let now = now_ms();
        let joined_before_ms = now - app.lobby_grace_ms;
        let mut ops = vec![Op::PruneLobby { now_ms: now, joined_before_ms }];
        if app.lobby.any() {
            ops.insert(
                0,
                Op::RefreshLobbyPresence {
                    instance: app.lobby.instance.clone(),
                    expires_ms: now + LOBBY_TTL_MS,
                },
            );
        }
        if let Err(error) = app.write(ops).await {
            tracing::warn!(error = error.message.en, "lobby heartbeat not stored");
        }
    })
    .await;
}
