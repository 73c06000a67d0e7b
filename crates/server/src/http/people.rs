//! The routes of abort, claim and takeback in games between people (see
//! [`crate::features::people`]).

use crate::contract::game::{ClaimRequest, OfferRequest};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::people;
use crate::http::games::{actor, game_json};
use crate::http::request::JsonBody;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::post;
use std::sync::Arc;

/// The routes of abort, claim and takeback.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games/{id}/abort", post(abort))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/takeback", post(takeback))
}

/// `POST /api/games/{id}/abort`: the update.
async fn abort(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    let actor = actor(&app, &headers).await;
    Ok(game_json(StatusCode::OK, people::abort(app, id, actor).await?))
}

/// `POST /api/games/{id}/claim` `{"result": "win"|"draw"}`: the update.
async fn claim(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ClaimRequest>,
) -> Result<Response, DomainError> {
    let actor = actor(&app, &headers).await;
    Ok(game_json(StatusCode::OK, people::claim(app, id, actor, request).await?))
}

/// `POST /api/games/{id}/takeback` `{"action": "offer"|"accept"|"decline"}`:
/// the update, or the whole state after moves were taken back.
async fn takeback(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<OfferRequest>,
) -> Result<Response, DomainError> {
    let actor = actor(&app, &headers).await;
    Ok(game_json(StatusCode::OK, people::takeback(app, id, actor, request).await?))
}
