//! `GET /api/players/{name}/ratings`: a player's rating history, the
//! rating after each of their latest rated games, per game, read from the
//! finished rated games' seats (the rating after the game is stored with
//! the seat when the game ends).

use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::account::storage;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use game::text;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The most rated games a history reaches back (over all games).
pub const HISTORY_LIMIT: usize = 1000;

/// `GET /api/players/{name}/ratings`: `{"name", "games": [{"game",
/// "correspondence", "title", "points": [{"time_ms", "rating", "id"}]}]}`,
/// the points oldest first, the games by name (a game's correspondence
/// rating apart, after its other one); 404 for no such player, 422 for a
/// name that is none (see [`AccountName`]).
pub async fn history(State(app): State<Arc<App>>, name: AccountName) -> Result<Response, DomainError> {
    let account = app
        .store
        .account_by_name(name.as_str())
        .await
        .map_err(storage)?
        .ok_or_else(|| DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")))?;
    let points = app.store.rating_history(&account.id, HISTORY_LIMIT).await.map_err(storage)?;
    let mut by_game: BTreeMap<(&str, bool), Vec<Value>> = BTreeMap::new();
    for point in &points {
        by_game.entry((&point.game, point.correspondence)).or_default().push(json!({
            "time_ms": point.time_ms,
            "rating": point.rating.round(),
            "id": point.game_id,
        }));
    }
    let games: Vec<Value> = by_game
        .into_iter()
        .map(|((game, correspondence), points)| {
            let title = app.registry.get(game).map_or("", |entry| entry.title.en);
            json!({ "game": game, "correspondence": correspondence, "title": title, "points": points })
        })
        .collect();
    Ok(axum::Json(json!({ "name": account.name, "games": games })).into_response())
}
