//! Arena tournaments, as lichess runs them: a game, a clock, a duration,
//! optionally a rating range and a start time. Signed-in accounts join
//! and leave at will (leaving pauses: they may join again); while the
//! arena runs, every instance looks every [`TICK`] for players waiting
//! for their next game and pairs them with players near them in the
//! standings ([`tournament::arena::pair_waiting`]). A finished game
//! scores 2 for a win, 1 for a draw, double on a streak of two wins
//! ([`tournament::arena::standings`]). At the end time nobody is paired
//! any more; the games still running count when they end, and then the
//! arena is finished with the first of the standings as its winner.
//!
//! The arena's games are ordinary games (made, stored, played and rated
//! as a pool's), linked to it in the store. Everything is read from the
//! store at each tick, so a restart or a second instance on the same
//! PostgreSQL database carries on where it was: a pairing is written
//! against the arena's version and a game scored once, so that of two
//! instances at work at once only one pairs and scores.
//!
//! Every signed-in account may write in an arena's chat (its latest
//! messages come with the arena, without those of muted accounts).
//!
//! A player whose game ends without a result (aborted or abandoned) while
//! it was to move is withdrawn, so that an absent player is not paired
//! again and again; they may join again.
//!
//! Swiss tournaments ([`swiss`]) share the list, the page, joining,
//! leaving and the chat: a game, a clock or days per move (rounds of
//! correspondence games), a number of rounds, a start time and optionally
//! a rating range. Accounts join and leave before and between rounds (one
//! who joins during a round is paired from the next). At the start time
//! the first round is paired by [`tournament::swiss::pair_round`]; once
//! every game of a round has been scored the next is paired; after the
//! last round the first of the standings (points, Buchholz cut 1,
//! Buchholz, Sonneborn-Berger) wins. A bye scores a point. Each round is
//! stored once with its games and bye, so that a restart or a second
//! instance carries on where the store says.

pub mod arena;
pub mod create;
pub mod presence;
pub mod schedule;
pub mod swiss;
pub mod swiss_view;
pub mod view;

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::periodic;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How often every instance starts, scores, pairs and ends its
/// tournaments.
pub const TICK: Duration = Duration::from_secs(1);

pub use create::{chat, create, join, leave};
pub use view::{details, games, joined_by, list};

/// One tick of the tournament `id`, an arena's or a Swiss's.
async fn tick(app: &Arc<App>, id: &str) -> Result<(), DomainError> {
    let stored = view::load(app, id).await?;
    app.tournament_live.look(&stored);
    if view::is_swiss(&stored.row) { swiss::tick(app, stored).await } else { arena::tick(app, stored).await }
}

/// Ticks every tournament that is not finished every [`TICK`] until the
/// server stops.
pub async fn keep_running(app: Weak<App>) {
    periodic::every(app, TICK, |app| async move {
        let ids = match app.read(|db| db.active_tournaments()).await {
            Ok(ids) => ids,
            Err(error) => {
                tracing::warn!(error = error.message.en, "reading the tournaments failed");
                return;
            }
        };
        for id in &ids {
            if let Err(error) = tick(&app, id).await {
                tracing::warn!(tournament = id, error = error.message.en, "a tournament's tick failed");
            }
        }
        app.tournament_live.keep_only(&ids);
    })
    .await;
}
