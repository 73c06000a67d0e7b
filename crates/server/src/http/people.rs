//! The routes of abort, claim and takeback in games between people (see
//! [`crate::features::people`]).

use crate::contract::game::{ClaimRequest, OfferRequest};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::people;
use crate::http::games::{Acting, GameReply};
use crate::http::request::JsonBody;
use axum::Router;
use axum::extract::{Path, State};
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
    Acting(actor): Acting,
) -> Result<GameReply, DomainError> {
    Ok(GameReply(people::abort(app, id, actor).await?))
}

/// `POST /api/games/{id}/claim` `{"result": "win"|"draw"}`: the update.
async fn claim(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(actor): Acting,
    JsonBody(request): JsonBody<ClaimRequest>,
) -> Result<GameReply, DomainError> {
    Ok(GameReply(people::claim(app, id, actor, request).await?))
}

/// `POST /api/games/{id}/takeback` `{"action": "offer"|"accept"|"decline"}`:
/// the update, or the whole state after moves were taken back.
async fn takeback(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(actor): Acting,
    JsonBody(request): JsonBody<OfferRequest>,
) -> Result<GameReply, DomainError> {
    Ok(GameReply(people::takeback(app, id, actor, request).await?))
}
