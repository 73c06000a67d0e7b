//! The routes of seeks (see [`crate::features::seeks`]).

use crate::contract::lobby::{LobbySeek, PairedGame, PairingTerms, SeekCancelled, SeeksReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::seeks;
use crate::http::request::JsonBody;
use crate::http::session::{require, signed_in};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of seeks.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/seeks", get(list).post(create))
        .route("/api/seeks/{id}", get(one).delete(cancel))
        .route("/api/seeks/{id}/accept", post(accept))
}

/// `GET /api/seeks`: 200 `{"seeks": [...]}`, the oldest first.
async fn list(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<SeeksReply>, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(Json(seeks::list(&app, account.as_ref()).await?))
}

/// `GET /api/seeks/{id}`: 200 with the seek (`game_id` once accepted), 404
/// for an unknown one.
async fn one(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<LobbySeek>, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(Json(seeks::one(&app, &id, account.as_ref()).await?))
}

/// `POST /api/seeks`: 201 with the new seek, 200 with the same one already
/// open; 401 signed out, 422 for a bad seek or too many.
async fn create(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<PairingTerms>,
) -> Result<(StatusCode, Json<LobbySeek>), DomainError> {
    let account = require(&app, &headers).await?;
    let made = seeks::create(&app, &account, request).await?;
    let status = if made.new { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(made.seek)))
}

/// `DELETE /api/seeks/{id}`: 200 `{"cancelled": true}`; 403 for another's
/// seek, 409 for one accepted already.
async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<SeekCancelled>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(seeks::cancel(&app, &id, &account).await?))
}

/// `POST /api/seeks/{id}/accept`: 201 `{"id", "seat"}` (the accepting
/// account's seat); 409 if the seek was taken or withdrawn meanwhile, 422
/// for one's own seek.
async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<PairedGame>), DomainError> {
    let account = require(&app, &headers).await?;
    Ok((StatusCode::CREATED, Json(seeks::accept(&app, &id, &account).await?)))
}
