//! The HTTP API: the router of the whole server (each area's routes are
//! in its own module) and the health check.

use crate::contract::common::HealthReply;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::http::assets;
use crate::http::{edge, headers, ws};
use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use game::text;
use std::sync::Arc;

/// The largest request body of most routes.
const BODY_LIMIT: usize = 16 * 1024;

/// The router of the whole server: API, WebSocket and web UI.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .merge(crate::http::registry::routes())
        .route("/api/games", get(crate::http::lobby::list))
        .merge(crate::http::games::routes())
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .merge(crate::http::rematch::routes())
        .merge(crate::http::people::routes())
        .merge(crate::http::account::routes())
        .merge(crate::http::bots::routes())
        .merge(crate::http::bot_api::routes())
        .merge(crate::http::seeks::routes())
        .merge(crate::http::pools::routes())
        .merge(crate::http::tournaments::routes())
        .merge(crate::http::leagues::routes())
        .route("/api/lobby/ws", get(crate::http::lobby_ws::upgrade))
        .merge(crate::http::lobby::routes())
        .merge(crate::http::players::routes())
        .merge(crate::http::challenges::routes())
        .merge(crate::http::chat::routes())
        .merge(crate::http::learn::routes())
        .merge(crate::http::puzzles::routes())
        .merge(crate::http::analysis::routes())
        .merge(crate::http::records::routes())
        .merge(assets::router())
        .fallback(unknown_path)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(crate::http::compress::json))
        .layer(axum::middleware::map_response(headers::secure))
        .layer(axum::middleware::from_fn_with_state(app.clone(), edge::edge))
        .with_state(app)
}

/// An unknown path: under `/api/` a JSON 404 with the message in both
/// languages; elsewhere the web UI's page, which shows its own friendly
/// "not found", with status 404.
async fn unknown_path(uri: Uri, request: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        DomainError::not_found(text!("no such API path: {path}", "keine solche API-Adresse: {path}"))
            .into_response()
    } else {
        assets::missing_page(&request)
    }
}

/// `GET /healthz`: 200 `{"status": "ok", "db": "sqlite"|"postgres"}` when
/// the database answers, else 503 `{"status": "unavailable", "db", …}`
/// with a request id under which the edge logs the error.
async fn healthz(State(app): State<Arc<App>>) -> Response {
    let (db, health) = app.health().await;
    match health {
        Ok(()) => axum::Json(HealthReply { status: "ok".into(), db: db.into() }).into_response(),
        Err(error) => {
            let mut response = (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(HealthReply { status: "unavailable".into(), db: db.into() }),
            )
                .into_response();
            response.extensions_mut().insert(crate::http::error::Cause(error));
            response
        }
    }
}
