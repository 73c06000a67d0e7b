//! The routes of tournaments, arenas and Swiss (see
//! [`crate::features::tournaments`]):
//! anyone reads them; making and chatting need a signed-in account (401
//! without); joining and leaving take a signed-in account or a personal
//! token with `bot:play` (as a bot joins on lichess).

use crate::contract::social::ChatRequest;
use crate::contract::tournaments::{
    CreateTournamentRequest, TournamentGames, TournamentReply, TournamentsReply,
};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::api_tokens::Scope;
use crate::features::tournaments;
use crate::http::request::JsonBody;
use crate::http::session::{account_with, require, signed_in};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of the tournaments.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(details))
        .route("/api/tournaments/{id}/games", get(games))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/leave", post(leave))
        .route("/api/tournaments/{id}/chat", post(chat))
}

/// `GET /api/tournaments`: 200 with the upcoming, running and finished
/// tournaments.
async fn list(State(app): State<Arc<App>>) -> Result<Json<TournamentsReply>, DomainError> {
    Ok(Json(tournaments::list(&app).await?))
}

/// `POST /api/tournaments`: 201 with the new arena or Swiss; 422 for a bad
/// game, clock, duration, number of rounds, start, rating range or name.
async fn create(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<CreateTournamentRequest>,
) -> Result<(StatusCode, Json<TournamentReply>), DomainError> {
    let account = require(&app, &headers).await?;
    Ok((StatusCode::CREATED, Json(tournaments::create(&app, &account, request).await?)))
}

/// `GET /api/tournaments/{id}`: 200 with the standings and games (a
/// Swiss's rounds too, and the signed-in account's part); 404 for an
/// unknown id.
async fn details(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentReply>, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(Json(tournaments::details(&app, &id, account.as_ref()).await?))
}

/// `GET /api/tournaments/{id}/games`: 200 with every game of the tournament
/// (lichess's tournament game export, as JSON).
async fn games(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<TournamentGames>, DomainError> {
    Ok(Json(tournaments::games(&app, &id).await?))
}

/// `POST /api/tournaments/{id}/join`: 200 with the tournament joined.
async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentReply>, DomainError> {
    let account = account_with(&app, &headers, &[Scope::BotPlay]).await?;
    Ok(Json(tournaments::join(&app, &account, &id).await?))
}

/// `POST /api/tournaments/{id}/leave`: 200 with the tournament left
/// (paused).
async fn leave(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentReply>, DomainError> {
    let account = account_with(&app, &headers, &[Scope::BotPlay]).await?;
    Ok(Json(tournaments::leave(&app, &account, &id).await?))
}

/// `POST /api/tournaments/{id}/chat` `{"text"}`: 200 with the tournament
/// and its chat.
async fn chat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ChatRequest>,
) -> Result<Json<TournamentReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(tournaments::chat(&app, &account, &id, request).await?))
}
