//! Whether a tournament's players are there: a signed-in player whose
//! lobby socket watches the tournament (its page, or a game of it) is;
//! one whose last such socket stopped watching is marked away
//! (`tournament_players.away`), and an arena pairs only players not away,
//! as lichess pairs only players on the tournament's page or in its
//! games. Players who never watched (bots, programs on the API) count as
//! there. Each instance marks its watchers there again every
//! [`PRESENCE_BEAT`], so that a player watching on another instance than
//! the one whose socket closed is there again within a beat.

use crate::core::app::App;
use crate::core::periodic;
use crate::store::Op;
use std::sync::Weak;
use std::time::Duration;

/// How often an instance marks the players watching here as there.
pub const PRESENCE_BEAT: Duration = Duration::from_secs(5);

/// The op that marks `account_id` away from `tournament` or back.
fn away_op(tournament: &str, account_id: &str, away: bool) -> Op {
    Op::SetTournamentAway { tournament_id: tournament.to_owned(), account_id: account_id.to_owned(), away }
}

impl App {
    /// A lobby socket of `account_id` watches `tournament` (`true`) or
    /// stopped (`false`): its first one marks the player there, its last
    /// one away.
    pub async fn watch_tournament(&self, tournament: &str, account_id: &str, watching: bool) {
        if !self.tournament_live.count(tournament, account_id, watching) {
            return;
        }
        match self.write(vec![away_op(tournament, account_id, !watching)]).await {
            Ok(_) => self.tournament_live.changed(tournament),
            Err(error) => tracing::warn!(error = error.message.en, "tournament presence not stored"),
        }
    }
}

/// Marks the players watching on this instance there every
/// [`PRESENCE_BEAT`]; ends when the server stops.
pub async fn keep_present(app: Weak<App>) {
    periodic::every(app, PRESENCE_BEAT, |app| async move {
        let ops: Vec<Op> =
            app.tournament_live.watched().iter().map(|(t, account)| away_op(t, account, false)).collect();
        if ops.is_empty() {
            return;
        }
        if let Err(error) = app.write(ops).await {
            tracing::warn!(error = error.message.en, "tournament presence not renewed");
        }
    })
    .await;
}
