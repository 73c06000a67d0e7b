//! The routes of puzzles (see [`crate::features::puzzles`]; the pages
//! `/puzzles` and `/puzzles/{game}` are the web UI's).

use crate::contract::study::{
    PuzzleReply, PuzzleSolveReply, PuzzleSolveRequest, PuzzleStreakReply, PuzzleSummary,
};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::puzzles::{self, NextQuery};
use crate::http::client_ip::ClientIp;
use crate::http::request::JsonBody;
use crate::http::session::{acting, signed_in};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;

/// The routes of puzzles.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/puzzles", get(list))
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/streak", get(streak))
        .route("/api/puzzles/{id}/solve", post(solve))
}

/// The query of a streak.
#[derive(Deserialize)]
struct StreakParams {
    /// The game.
    game: String,
}

/// `GET /api/puzzles`: every game with puzzles.
async fn list(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<Vec<PuzzleSummary>>, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(Json(puzzles::list(&app, account.as_ref()).await?))
}

/// `GET /api/puzzles/next?game=G&after=ID&theme=T&id=ID`: a puzzle.
async fn next(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    query: Result<Query<NextQuery>, QueryRejection>,
) -> Result<Json<PuzzleReply>, DomainError> {
    let Query(query) = query?;
    let account = signed_in(&app, &headers).await?;
    Ok(Json(puzzles::next(&app, query, account.as_ref(), client).await?))
}

/// `GET /api/puzzles/streak?game=G`: the puzzles of a streak.
async fn streak(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    query: Result<Query<StreakParams>, QueryRejection>,
) -> Result<Json<PuzzleStreakReply>, DomainError> {
    let Query(query) = query?;
    let account = signed_in(&app, &headers).await?;
    Ok(Json(puzzles::streak(&app, &query.game, account.as_ref(), client).await?))
}

/// `POST /api/puzzles/{id}/solve`: judges the learner's moves.
async fn solve(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<PuzzleSolveRequest>,
) -> Result<Json<PuzzleSolveReply>, DomainError> {
    let account = acting(&app, &headers).await?;
    Ok(Json(puzzles::solve(&app, &id, account.as_ref(), client, body).await?))
}
