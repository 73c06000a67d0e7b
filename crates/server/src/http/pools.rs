//! The routes of the quick-pairing pools (see [`crate::features::pools`]);
//! each needs a signed-in account (401 without).

use crate::contract::lobby::{PoolJoinRequest, PoolReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::pools;
use crate::http::request::JsonBody;
use crate::http::session::require;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of the pools.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/pool", get(status).post(join).delete(leave))
}

/// `GET /api/pool`: 200 with the account's entry and the pools' sizes.
async fn status(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<PoolReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(pools::status(&app, &account).await?))
}

/// `POST /api/pool`: 200 with the entry, and `paired` when paired at once;
/// 422 for an unknown game or a bad clock.
async fn join(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<PoolJoinRequest>,
) -> Result<Json<PoolReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(pools::join(&app, &account, request).await?))
}

/// `DELETE /api/pool`: 200 with no entry (leaving when in none is no error).
async fn leave(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<PoolReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(pools::leave(&app, &account).await?))
}
