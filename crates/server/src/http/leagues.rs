//! The routes of the correspondence leagues (see
//! [`crate::features::leagues`]): anyone reads them; signing up and
//! leaving need a signed-in account (401 without).

use crate::contract::leagues::{LeagueReply, LeaguesReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::leagues;
use crate::http::session::{require, signed_in};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of the leagues.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/leagues", get(list))
        .route("/api/leagues/{game}", get(details))
        .route("/api/leagues/{game}/join", post(join))
        .route("/api/leagues/{game}/leave", post(leave))
}

/// `GET /api/leagues`: 200 with every game's league.
async fn list(State(app): State<Arc<App>>) -> Result<Json<LeaguesReply>, DomainError> {
    Ok(Json(leagues::list(&app).await?))
}

/// `GET /api/leagues/{game}`: 200 with the league's season, divisions,
/// tables and games, and the signed-in account's part; 404 for an unknown
/// game.
async fn details(
    State(app): State<Arc<App>>,
    Path(game): Path<String>,
    headers: HeaderMap,
) -> Result<Json<LeagueReply>, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(Json(leagues::details(&app, &game, account.as_ref()).await?))
}

/// `POST /api/leagues/{game}/join`: 200 with the league signed up for
/// (403 for a bot account).
async fn join(
    State(app): State<Arc<App>>,
    Path(game): Path<String>,
    headers: HeaderMap,
) -> Result<Json<LeagueReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(leagues::join(&app, &account, &game).await?))
}

/// `POST /api/leagues/{game}/leave`: 200 with the league left (404 when
/// not signed up, 409 when the season started meanwhile).
async fn leave(
    State(app): State<Arc<App>>,
    Path(game): Path<String>,
    headers: HeaderMap,
) -> Result<Json<LeagueReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(leagues::leave(&app, &account, &game).await?))
}
