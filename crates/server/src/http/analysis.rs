//! The routes of the analysis board (see [`crate::features::analysis`]):
//! the engine's analysis as Server-Sent Events, positions off the main
//! line, the evaluation graph ([`crate::features::evaluation`]) and the
//! rules' diagrams ([`crate::features::diagram`]).

use crate::contract::study::{AnalysisEvent, DiagramReply, EvaluationReply, ExploreReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::analysis::{self, AnalysisQuery, ExploreQuery};
use crate::features::{diagram, evaluation};
use crate::http::client_ip::ClientIp;
use crate::http::session::signed_in;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use futures_util::StreamExt;
use serde::Serialize;
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;

/// The routes of the analysis board, evaluations and diagrams.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games/{id}/analysis", get(analyse))
        .route("/api/games/{id}/explore", get(explore))
        .route("/api/games/{id}/evaluation", get(status).post(start))
        .route("/api/diagram", get(diagram))
}

/// `GET /api/games/{id}/analysis`: the engine's analysis as an event
/// stream, an `info` event per report and one `done` event.
async fn analyse(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    query: Result<Query<AnalysisQuery>, QueryRejection>,
) -> Result<Response, DomainError> {
    let Query(query) = query?;
    let events = analysis::analyse(app, &id, client, query).await?;
    let events = events.map(|event| Ok::<_, Infallible>(sent(&event)));
    Ok(Sse::new(events).keep_alive(KeepAlive::default()).into_response())
}

/// An analysis event as a server-sent event: its name and its data.
fn sent(event: &AnalysisEvent) -> Event {
    fn data(value: &impl Serialize) -> String {
        serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
    }
    let sent = Event::default().event(event.name());
    match event {
        AnalysisEvent::Info(info) => sent.data(data(info)),
        AnalysisEvent::Done(done) => sent.data(data(done)),
    }
}

/// `GET /api/games/{id}/explore?ply=N&moves=M1;M2`: a position off the
/// main line with its legal moves.
async fn explore(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<ExploreQuery>, QueryRejection>,
) -> Result<Json<ExploreReply>, DomainError> {
    let Query(query) = query?;
    Ok(Json(analysis::explore(&app, &id, query).await?))
}

/// `POST /api/games/{id}/evaluation`: asks for the evaluation graph; 202
/// with its progress.
async fn start(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<EvaluationReply>), DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok((StatusCode::ACCEPTED, Json(evaluation::start(&app, &id, account.as_ref(), ip).await?)))
}

/// `GET /api/games/{id}/evaluation`: the evaluation graph so far.
async fn status(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<EvaluationReply>, DomainError> {
    Ok(Json(evaluation::status(&app, &id).await?))
}

/// `GET /api/diagram?game=G&moves=M1;M2&setup=TEXT&OPTION=VALUE…`: a
/// position for a diagram of the rules.
async fn diagram(
    State(app): State<Arc<App>>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<DiagramReply>, DomainError> {
    let Query(query) = query?;
    Ok(Json(diagram::position(&app.registry, &query)?))
}
