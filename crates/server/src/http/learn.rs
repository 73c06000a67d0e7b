//! The routes of lessons (see [`crate::features::learn`]; the pages
//! `/learn` and `/learn/{game}` are the web UI's).

use crate::contract::study::{LessonCheckReply, LessonCheckRequest, LessonReply, LessonSummary};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::learn;
use crate::http::request::JsonBody;
use crate::http::session::{acting, signed_in};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;

/// The routes of lessons.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/learn", get(list))
        .route("/api/learn/{game}", get(lesson))
        .route("/api/learn/{game}/{step}/check", post(check))
}

/// The query of a lesson: the language of its texts, if only one.
#[derive(Deserialize)]
struct LessonQuery {
    /// `en` or `de`; both when absent.
    lang: Option<String>,
}

/// `GET /api/learn`: every game that has a lesson.
async fn list(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<Vec<LessonSummary>>, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(Json(learn::list(&app, account.as_ref()).await?))
}

/// `GET /api/learn/{game}?lang=en|de`: the lesson, and the signed-in
/// account's progress.
async fn lesson(
    State(app): State<Arc<App>>,
    Path(game): Path<String>,
    headers: HeaderMap,
    query: Result<Query<LessonQuery>, QueryRejection>,
) -> Result<Json<LessonReply>, DomainError> {
    let Query(query) = query?;
    let language = learn::language(query.lang.as_deref())?;
    let account = signed_in(&app, &headers).await?;
    Ok(Json(learn::lesson(&app, &game, language, account.as_ref()).await?))
}

/// `POST /api/learn/{game}/{step}/check`: judges the learner's moves.
async fn check(
    State(app): State<Arc<App>>,
    Path((game, step)): Path<(String, String)>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<LessonCheckRequest>,
) -> Result<Json<LessonCheckReply>, DomainError> {
    let account = acting(&app, &headers).await?;
    Ok(Json(learn::check(&app, &game, &step, account.as_ref(), body).await?))
}
