//! `GET /api/players/{name}/ratings`: a player's rating history, the
//! rating after each of their latest rated games, per game, with the
//! rating they started from (1500) unless the history was cut, read from the
//! finished rated games' seats (the rating after the game is stored with
//! the seat when the game ends).

use crate::contract::accounts::{RatingHistory, RatingHistoryGame, RatingPoint};
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::rating::START_RATING;
use crate::features::game_names::titles;
use game::text;
use std::collections::BTreeMap;

/// The most rated games a history reaches back (over all games).
pub const HISTORY_LIMIT: usize = 1000;

/// The rating history of the player `name`: the points oldest first, the
/// games by name (a game's correspondence rating apart, after its other
/// one); 404 for no such player.
pub async fn history(app: &App, name: &AccountName) -> Result<RatingHistory, DomainError> {
    let account = app
        .read(|db| db.account_by_name(name.as_str()))
        .await?
        .ok_or_else(|| DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")))?;
    let points = app.read(|db| db.rating_history(&account.id, HISTORY_LIMIT)).await?;
    // Unless the history was cut, each game's first point is its first rated game.
    let start = (points.len() < HISTORY_LIMIT).then_some(START_RATING);
    let mut by_game: BTreeMap<(&str, bool), Vec<RatingPoint>> = BTreeMap::new();
    for point in &points {
        by_game.entry((&point.game, point.correspondence)).or_default().push(RatingPoint {
            time_ms: point.time_ms,
            rating: point.rating.round(),
            id: point.game_id.clone(),
        });
    }
    let games = by_game
        .into_iter()
        .map(|((game, correspondence), points)| {
            let (title, titles) = titles(app, game);
            RatingHistoryGame { game: game.to_owned(), correspondence, title, titles, start, points }
        })
        .collect();
    Ok(RatingHistory { name: account.name, games })
}
