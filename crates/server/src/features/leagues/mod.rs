//! Correspondence leagues, as BrettspielNetz and Little Golem run them:
//! one league per registered game, played in seasons. Signed-in people
//! sign up for the next season (bot accounts are refused: a league is
//! for people) and may leave until it starts. A season starts at its
//! start time when two or more signed up (else its start moves on by one
//! sign-up period, `spielwerk serve --league-signup-minutes`, a week by
//! default): everyone is placed in a division of at most eight players
//! (one group; [`divisions::form_divisions`]) and every game of each
//! division's double round robin is made at once, everyone against
//! everyone with each colour once, as Little Golem does: ordinary
//! correspondence games of [`crate::contract::leagues::LEAGUE_DAYS_PER_MOVE`]
//! days per move, rated. Each division's table counts the games that
//! ended (1 a win, ½ a draw; then head-to-head, Sonneborn-Berger and
//! wins: [`tournament::league::table`]). Once every game of the season
//! has ended the season is finished: the top two of each division go up
//! and the bottom two go down ([`tournament::league::next_season`]), and
//! everyone is carried over into the next season, which starts a sign-up
//! period later; they may leave it, newcomers join the lowest division.
//!
//! Leagues are a feature of their own beside [`crate::features::tournaments`]
//! rather than a third kind of tournament: they have no organiser, run
//! for ever in seasons, and one exists per game, so they keep their own
//! tables and their own tick (by game rather than by tournament).
//!
//! Everything is read from the store at each tick, so a restart or a
//! second instance on the same PostgreSQL database carries on: a
//! season's start (with all its games) and its end are each written with
//! the move of its status, which only one instance makes.

pub mod divisions;
pub mod season;
pub mod view;

use crate::core::app::App;
use crate::core::periodic;
use crate::features::tournaments::TICK;
use std::sync::{Arc, Weak};

pub use view::{details, join, leave, list};

/// Ticks every game's league every [`TICK`] until the server stops.
pub async fn keep_running(app: Weak<App>) {
    periodic::every(app, TICK, |app: Arc<App>| async move {
        let seasons = match app.read(|db| db.league_seasons(None)).await {
            Ok(seasons) => seasons,
            Err(error) => {
                tracing::warn!(error = error.message.en, "reading the leagues failed");
                return;
            }
        };
        for entry in app.registry.entries() {
            let of_game: Vec<_> = seasons.iter().filter(|s| s.game == entry.name).collect();
            if let Err(error) = season::tick(&app, entry.name, &of_game).await {
                tracing::warn!(game = entry.name, error = error.message.en, "a league's tick failed");
            }
        }
    })
    .await;
}
