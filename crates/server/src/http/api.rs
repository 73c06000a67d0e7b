//! The HTTP API: the router of the whole server (each area's routes are
//! in its own module), the health check and the registry.

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::{analysis, chat, evaluation, lobby, players, records, seeks};
use crate::http::assets::{self, Caching};
use crate::http::{edge, headers, ws};
use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use game::level::{DEFAULT_LEVEL, LEVELS};
use game::{Options, text};
use serde_json::{Value, json};
use std::sync::Arc;

/// The largest request body of most routes.
const BODY_LIMIT: usize = 16 * 1024;

/// The router of the whole server: API, WebSocket and web UI.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/registry", get(registry))
        .route("/api/games", get(lobby::list))
        .merge(crate::http::games::routes())
        .route("/api/games/{id}/record", get(records::download))
        .route("/api/games/{id}/analysis", get(analysis::analyse))
        .route("/api/games/{id}/explore", get(analysis::explore))
        .route("/api/games/{id}/evaluation", get(evaluation::status).post(evaluation::start))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .merge(crate::http::rematch::routes())
        .merge(crate::http::people::routes())
        .route("/api/games/{id}/chat", get(chat::get).post(chat::post))
        .route("/api/players/{name}", get(players::profile))
        .route("/api/diagram", get(crate::features::diagram::diagram))
        .route("/api/players/{name}/ratings", get(crate::features::rating_history::history))
        .merge(crate::http::account::routes())
        .merge(seeks::routes())
        .merge(crate::features::pools::routes())
        .route("/api/lobby/ws", get(crate::http::lobby_ws::upgrade))
        .route("/api/lobby/featured", get(crate::features::featured::featured))
        .merge(crate::features::correspondence::routes())
        .merge(crate::features::search::routes())
        .merge(crate::features::challenges::routes())
        .merge(chat::routes().merge(crate::features::mutes::routes()))
        .merge(crate::features::learn::routes())
        .merge(crate::features::puzzles::routes())
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
    let db = app.store.backend();
    match app.store.ping().await {
        Ok(()) => axum::Json(json!({ "status": "ok", "db": db })).into_response(),
        Err(error) => {
            let mut response =
                (StatusCode::SERVICE_UNAVAILABLE, axum::Json(json!({ "status": "unavailable", "db": db })))
                    .into_response();
            response.extensions_mut().insert(crate::http::error::Cause(error.detail()));
            response
        }
    }
}

async fn registry(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    assets::fixed_reply(&app.registry_json, "application/json", Caching::Revalidate, &headers)
}

/// The registry as JSON: every game with its texts in English and German
/// (`{"en": …, "de": …}`: title, players, every name a side can have,
/// option labels and help, rules), its web board module and engines.
pub fn registry_json(registry: &game::Registry) -> Value {
    let games: Vec<Value> = registry
        .entries()
        .iter()
        .map(|entry| {
            let sample = registry.create(entry.name, &Options::new(), None).ok();
            let [p1, p2] = entry.players;
            json!({
                "name": entry.name,
                "title": entry.title.en,
                "titles": entry.title,
                "board": entry.board_module,
                "options": entry.options.iter().map(|o| json!({
                    "name": o.name, "label": o.label, "default": o.default, "choices": o.values().collect::<Vec<_>>(),
                    "choice_labels": o.choices.iter().map(|c| c.label).collect::<Vec<_>>(), "help": o.help,
                })).collect::<Vec<_>>(),
                "players": { "p1": p1, "p2": p2 },
                "sides": entry.side_names().collect::<Vec<_>>(),
                "engines": sample.as_ref().map(|g| g.engines()),
                "start_view": sample.as_ref().map(|g| g.view()),
                "rules": entry.rules,
            })
        })
        .collect();
    json!({
        "games": games,
        "levels": { "min": LEVELS.start(), "max": LEVELS.end(), "default": DEFAULT_LEVEL },
    })
}
