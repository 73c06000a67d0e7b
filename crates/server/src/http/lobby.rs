//! The routes of the lobby's lists (see [`crate::features::lobby`] and
//! [`crate::features::featured`]): the running games and the featured one.

use crate::contract::lobby::{FeaturedReply, LobbyGamesReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::lobby::LobbyQuery;
use crate::features::{featured, lobby};
use crate::http::session::signed_in;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of the lobby's lists. `POST /api/games` (a new game) is the
/// game's own route, merged beside `GET` by the router.
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/lobby/featured", get(featured_game))
}

/// `GET /api/games?offset=N&limit=M` (or `page=P`, `mine=1`, `ids=a,b`):
/// 200 with a page of games; 400 for an offset, page or limit that is no
/// whole number in its range.
pub async fn list(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    query: Result<Query<LobbyQuery>, QueryRejection>,
) -> Result<Json<LobbyGamesReply>, DomainError> {
    let Query(query) = query?;
    let account = if query.mine() { signed_in(&app, &headers).await? } else { None };
    Ok(Json(lobby::list(&app, &query, account.as_ref()).await?))
}

/// `GET /api/lobby/featured`: 200 `{"game": LINE}` or `{"game": null}`.
async fn featured_game(State(app): State<Arc<App>>) -> Result<Json<FeaturedReply>, DomainError> {
    Ok(Json(featured::featured(&app).await?))
}
