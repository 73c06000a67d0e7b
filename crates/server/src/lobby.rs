//! `GET /api/games?offset=N&limit=M`: the running games, a page at a time,
//! read from the database (the games in memory are only a cache).

use crate::app::App;
use crate::error::ApiError;
use crate::store::LobbyRow;
use crate::table::seat_name;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use game::{Options, Player, Registry, text};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// Games per page when the request names no limit.
pub const DEFAULT_LIMIT: usize = 50;

/// The page sizes a request may ask for.
pub const LIMITS: RangeInclusive<usize> = 1..=200;

/// The query of a lobby request.
#[derive(Deserialize)]
pub struct LobbyQuery {
    /// How many games to skip.
    offset: Option<String>,
    /// How many games to list.
    limit: Option<String>,
}

/// The names of P1 and P2 of every game, from a game with default options.
pub fn player_names(registry: &Registry) -> HashMap<&'static str, [&'static str; 2]> {
    registry
        .entries()
        .iter()
        .filter_map(|entry| {
            let sample = registry.create(entry.name, &Options::new(), None).ok()?;
            Some((entry.name, Player::BOTH.map(|p| sample.player_name(p))))
        })
        .collect()
}

/// `GET /api/games`: `{"games": [...], "offset", "limit", "total"}`, the
/// game with the latest move first; 422 for a bad offset or limit.
pub async fn list(
    State(app): State<Arc<App>>,
    query: Result<Query<LobbyQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|rejection| {
        let detail = rejection.body_text();
        ApiError::bad_request(text!("{detail}", "Anfrage abgelehnt: {detail}"))
    })?;
    let offset = number(query.offset.as_deref(), 0, 0..=usize::MAX, "offset")?;
    let limit = number(query.limit.as_deref(), DEFAULT_LIMIT, LIMITS, "limit")?;
    let page = app
        .store
        .lobby(offset, limit)
        .await
        .map_err(|e| ApiError::internal(text!("{e}", "Serverfehler: {e}")))?;
    let games: Vec<Value> = page.games.iter().map(|row| line(&app, row)).collect();
    Ok(axum::Json(json!({ "games": games, "offset": offset, "limit": limit, "total": page.total }))
        .into_response())
}

/// A query number: `default` if absent, 422 unless a whole number in `range`.
fn number(
    text: Option<&str>,
    default: usize,
    range: RangeInclusive<usize>,
    name: &str,
) -> Result<usize, ApiError> {
    let Some(text) = text else {
        return Ok(default);
    };
    text.trim().parse().ok().filter(|n| range.contains(n)).ok_or_else(|| {
        let (min, max) = (range.start(), range.end());
        ApiError::unprocessable(text!(
            "{name} '{text}' is not a whole number from {min} to {max}",
            "{name} „{text}“ ist keine ganze Zahl von {min} bis {max}"
        ))
    })
}

/// The lobby's line for a stored game.
fn line(app: &App, row: &LobbyRow) -> Value {
    let title = app.registry.get(&row.game).map_or("", |entry| entry.title);
    let names = app.player_names.get(row.game.as_str()).copied().unwrap_or(["", ""]);
    let seats: Vec<Value> = Player::BOTH
        .into_iter()
        .map(|player| {
            let seat = row.seats.iter().find(|s| s.seat == player);
            let engine = seat.is_some_and(|s| s.engine);
            json!({
                "seat": seat_name(player),
                "name": names[player.index()],
                "player": if engine { "engine" } else { "human" },
                "joined": engine || seat.is_some_and(|s| s.token_hash.is_some()),
            })
        })
        .collect();
    let to_move = row.to_move.unwrap_or(Player::P1);
    json!({
        "id": row.id,
        "game": row.game,
        "title": title,
        "opponent": row.kind,
        "level": row.level,
        "seats": seats,
        "ply": row.ply,
        "side_to_move": seat_name(to_move),
        "to_move_name": names[to_move.index()],
        "watchers": app.watchers(&row.id),
        "created_ms": row.created_ms,
        "updated_ms": row.updated_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_and_limits_default_and_stay_in_range() {
        assert_eq!(number(None, DEFAULT_LIMIT, LIMITS, "limit").unwrap(), DEFAULT_LIMIT);
        assert_eq!(number(Some("200"), DEFAULT_LIMIT, LIMITS, "limit").unwrap(), 200);
        assert_eq!(number(Some(" 7 "), 0, 0..=usize::MAX, "offset").unwrap(), 7);
        for bad in ["0", "201", "-1", "x", ""] {
            let error = number(Some(bad), DEFAULT_LIMIT, LIMITS, "limit").unwrap_err();
            assert_eq!(error.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
            assert!(error.message.de.contains("keine ganze Zahl"), "{bad}");
        }
    }
}
