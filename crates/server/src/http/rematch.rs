//! The route of rematches (see [`crate::features::rematch`]).

use crate::contract::game::RematchRequest;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::rematch::{self, RematchReply};
use crate::http::client_ip::ClientIp;
use crate::http::games::GameReply;
use crate::http::request::{JsonBody, bearer};
use crate::http::session;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use std::sync::Arc;

/// The route of rematches.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/games/{id}/rematch", post(answer))
}

/// `POST /api/games/{id}/rematch` `{"action"}` with the seat's token: the
/// old game's update for an offer made, declined or withdrawn; 201 with
/// the seat in the new game when it starts; 200 with it for `claim`.
async fn answer(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<RematchRequest>,
) -> Result<Response, DomainError> {
    let token = bearer(&headers).map(str::to_owned);
    let account = session::acting(&app, &headers).await?;
    Ok(match rematch::rematch(app, id, client, token, account, request).await? {
        RematchReply::Offer(update) => GameReply(update).into_response(),
        RematchReply::Started(seat) => (StatusCode::CREATED, Json(seat)).into_response(),
        RematchReply::Claimed(seat) => Json(seat).into_response(),
    })
}
