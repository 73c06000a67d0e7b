//! The routes of the registry (see [`crate::features::registry`]): the
//! games as the browser reads them, and each game's rules as HTML. Both
//! are fixed while the server runs: sent with an ETag, 304 when the
//! browser has them, compressed when it accepts that.

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::registry;
use crate::http::assets::{self, Caching};
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use serde::Deserialize;
use std::sync::Arc;

/// The routes of the registry.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/registry", get(games)).route("/api/rules/{game}", get(rules))
}

/// `GET /api/registry`: every game (see [`crate::contract::registry::Registry`]).
async fn games(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    assets::fixed_reply(&app.registry_json, "application/json", Caching::Revalidate, &headers)
}

/// The query of `GET /api/rules/{game}`.
#[derive(Deserialize)]
struct RulesQuery {
    /// `en` (the default) or `de`.
    lang: Option<String>,
}

/// `GET /api/rules/{game}?lang=en|de`: the game's rules as HTML (see
/// [`crate::contract::registry::GameRules`]); 404 for an unknown game, 400
/// for another language.
async fn rules(
    State(app): State<Arc<App>>,
    Path(game): Path<String>,
    query: Result<Query<RulesQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    let Query(query) = query?;
    let body = registry::rules(&app, &game, query.lang.as_deref())?;
    Ok(assets::fixed_reply(body, "application/json", Caching::Revalidate, &headers))
}
