//! The routes of challenges and the account's event stream (see
//! [`crate::features::challenges`]).

use crate::contract::social::{Challenge, ChallengeAccepted, ChallengeList, DeclineRequest};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::challenges::{self, ChallengeRequest};
use crate::http::client_ip::ClientIp;
use crate::http::players::reader;
use crate::http::request::JsonBody;
use crate::http::session::require;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use std::convert::Infallible;
use std::sync::Arc;

/// The routes of challenges and the account's event stream.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/challenges", get(list).post(create))
        .route("/api/challenges/{id}", get(one).delete(cancel))
        .route("/api/challenges/{id}/accept", post(accept))
        .route("/api/challenges/{id}/decline", post(decline))
        .route("/api/events", get(events))
}

/// `GET /api/challenges`: the account's challenges.
async fn list(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<ChallengeList>, DomainError> {
    let account = reader(&app, &headers).await?;
    Ok(Json(challenges::list(&app, &account).await?))
}

/// `GET /api/challenges/{id}`.
async fn one(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Challenge>, DomainError> {
    let account = reader(&app, &headers).await?;
    Ok(Json(challenges::one(&app, &account, &id).await?))
}

/// `POST /api/challenges`: 201 with the challenge (see
/// [`challenges::create`] for the refusals).
async fn create(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ChallengeRequest>,
) -> Result<(StatusCode, Json<Challenge>), DomainError> {
    let account = require(&app, &headers).await?;
    Ok((StatusCode::CREATED, Json(challenges::create(&app, &account, client, request).await?)))
}

/// `POST /api/challenges/{id}/accept` by the challenged account: 201
/// `{"id", "seat"}` of the game made.
async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<ChallengeAccepted>), DomainError> {
    let account = require(&app, &headers).await?;
    Ok((StatusCode::CREATED, Json(challenges::accept(&app, &account, &id).await?)))
}

/// `POST /api/challenges/{id}/decline` `{"reason"}` by the challenged
/// account: 200 with the challenge.
async fn decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<DeclineRequest>,
) -> Result<Json<Challenge>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(challenges::decline(&app, &account, &id, request).await?))
}

/// `DELETE /api/challenges/{id}` by the challenger: withdraws it; 200 with
/// the challenge.
async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Challenge>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(challenges::cancel(&app, &account, &id).await?))
}

/// `GET /api/events`: an event stream for the signed-in account (401
/// otherwise): `challenges` with the account's challenges at once and
/// whenever they change; ends when the server stops.
async fn events(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    let account = reader(&app, &headers).await?;
    let stream = challenges::changes(app, account).map(|list| {
        let data = serde_json::to_string(&list).unwrap_or_default();
        Ok::<_, Infallible>(Event::default().event("challenges").data(data))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}
