//! `GET /api/players/{name}?game=&result=&page=`: a player's profile: the
//! Glicko-2 rating of every game they played rated, and their games, 20 a
//! page, the latest first, filtered by game and by result (`won`, `lost`,
//! `drawn`, `running`).

use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::correspondence::split_rating_key;
use crate::core::error::DomainError;
use crate::core::rating::Glicko;
use crate::core::table::seat_name;
use crate::features::account::storage;
use crate::store::{ProfileGameRow, ProfileQuery};
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use game::{Outcome, text};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// Games per page of a profile.
pub const PAGE_SIZE: usize = 20;

/// The query of a profile.
#[derive(Deserialize)]
pub struct ProfileParams {
    game: Option<String>,
    result: Option<String>,
    page: Option<String>,
}

/// The player's result of a stored game: `won`, `lost`, `drawn`,
/// `aborted` or `abandoned` (no result: these count nowhere) or `running`.
fn result_of(row: &ProfileGameRow) -> &'static str {
    let Some((result, reason)) = &row.result else {
        return "running";
    };
    match Outcome::from_texts(result, reason) {
        Some(outcome) if !outcome.has_result() => outcome.reason,
        Some(outcome) => match outcome.winner() {
            Some(winner) if winner == row.seat => "won",
            Some(_) => "lost",
            None => "drawn",
        },
        None => "drawn",
    }
}

/// `GET /api/players/{name}`: `{"name", "created_ms", "ratings": [...],
/// "games": [...], "page", "pages", "total"}`; 404 for no such player, 422
/// for a name that is none (see [`AccountName`]), a bad filter or page.
pub async fn profile(
    State(app): State<Arc<App>>,
    name: AccountName,
    Query(params): Query<ProfileParams>,
) -> Result<Response, DomainError> {
    let account = app
        .store
        .account_by_name(name.as_str())
        .await
        .map_err(storage)?
        .ok_or_else(|| DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")))?;
    let game = params.game.filter(|g| !g.is_empty());
    if let Some(game) = &game {
        app.registry.get(game)?;
    }
    let result = params.result.filter(|r| !r.is_empty());
    if let Some(result) = result.as_deref()
        && !["won", "lost", "drawn", "running"].contains(&result)
    {
        return Err(DomainError::unprocessable(text!(
            "result '{result}' is not won, lost, drawn or running",
            "Ergebnis „{result}“ ist nicht won, lost, drawn oder running"
        )));
    }
    let page: usize = match params.page.as_deref() {
        None | Some("") => 1,
        Some(text) => text.trim().parse().ok().filter(|p| (1..=1_000_000).contains(p)).ok_or_else(|| {
            DomainError::unprocessable(text!(
                "page '{text}' is not a whole number from 1 on",
                "Seite „{text}“ ist keine ganze Zahl ab 1"
            ))
        })?,
    };
    let query = ProfileQuery { game, result, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
    let (games, total) = app.store.profile_games(&account.id, query).await.map_err(storage)?;
    let ratings: Vec<Value> = app
        .store
        .ratings(&account.id)
        .await
        .map_err(storage)?
        .iter()
        .map(|r| {
            let (game, correspondence) = split_rating_key(&r.game);
            json!({
                "game": game,
                "correspondence": correspondence,
                "title": app.registry.get(game).map_or("", |entry| entry.title.en),
                "rating": r.rating.round(),
                "deviation": r.deviation.round(),
                "provisional": Glicko::of(r).provisional(),
                "games": r.games,
            })
        })
        .collect();
    let games: Vec<Value> = games
        .iter()
        .map(|row| {
            json!({
                "id": row.id,
                "game": row.game,
                "title": app.registry.get(&row.game).map_or("", |entry| entry.title.en),
                "opponent": row.kind,
                "opponent_name": row.opponent,
                "seat": seat_name(row.seat),
                "result": result_of(row),
                "reason": row.result.as_ref().map(|(_, reason)| reason),
                "rated": row.rated,
                "clock": row.clock.map(|(initial, increment)| json!({ "initial_ms": initial, "increment_ms": increment })),
                "correspondence": row.days_per_move,
                "rating_before": row.rating.0.map(f64::round),
                "rating_after": row.rating.1.map(f64::round),
                "created_ms": row.created_ms,
            })
        })
        .collect();
    Ok(axum::Json(json!({
        "name": account.name,
        "created_ms": account.created_ms,
        "ratings": ratings,
        "games": games,
        "page": page,
        "pages": total.div_ceil(PAGE_SIZE).max(1),
        "total": total,
    }))
    .into_response())
}
