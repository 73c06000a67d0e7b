//! The routes of players (see [`crate::features::players`],
//! [`crate::features::rating_history`], [`crate::features::mutes`],
//! [`crate::features::correspondence`] and [`crate::features::search`]):
//! profiles and rating histories, the signed-in account's mutes and the
//! games waiting on its move, and the search of finished games.

use crate::contract::accounts::{
    MutesReply, PlayerNames, PlayerProfile, RatingHistory, SearchReply, YourTurnReply,
};
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::{DomainError, ErrorKind};
use crate::features::account::Account;
use crate::features::players::{NamesParams, ProfileParams};
use crate::features::search::SearchParams;
use crate::features::{correspondence, mutes, players, rating_history, search};
use crate::http::session::{require, signed_in};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method};
use axum::routing::{get, put};
use axum::{Json, Router};
use game::text;
use std::sync::Arc;

/// The routes of players, mutes, the "your turn" list and the search.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/players", get(names))
        .route("/api/players/{name}", get(profile))
        .route("/api/players/{name}/ratings", get(ratings))
        .route("/api/account/mutes", get(muted))
        .route("/api/account/mutes/{name}", put(set_muted).delete(set_muted))
        .route("/api/games/your-turn", get(your_turn))
        .route("/api/games/search", get(find_games))
}

/// The signed-in account of a reading request (no origin check: it
/// changes nothing), or 401.
pub(crate) async fn reader(app: &App, headers: &HeaderMap) -> Result<Account, DomainError> {
    signed_in(app, headers).await?.ok_or_else(|| {
        DomainError::new(ErrorKind::Unauthenticated, text!("sign in first", "melde dich zuerst an"))
    })
}

/// `GET /api/players/{name}?game=&result=&page=`: the profile; 404 for no
/// such player, 422 for a name that is none, a bad filter or page.
async fn profile(
    State(app): State<Arc<App>>,
    name: AccountName,
    params: Result<Query<ProfileParams>, QueryRejection>,
) -> Result<Json<PlayerProfile>, DomainError> {
    let Query(params) = params?;
    Ok(Json(players::profile(&app, &name, params).await?))
}

/// `GET /api/players?prefix=`: the names that start with the prefix (any
/// case), at most ten.
async fn names(
    State(app): State<Arc<App>>,
    params: Result<Query<NamesParams>, QueryRejection>,
) -> Result<Json<PlayerNames>, DomainError> {
    let Query(params) = params?;
    Ok(Json(players::names(&app, &params).await?))
}

/// `GET /api/players/{name}/ratings`: the rating history; 404 for no such
/// player, 422 for a name that is none.
async fn ratings(State(app): State<Arc<App>>, name: AccountName) -> Result<Json<RatingHistory>, DomainError> {
    Ok(Json(rating_history::history(&app, &name).await?))
}

/// `GET /api/account/mutes`, signed in (401 otherwise).
async fn muted(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<MutesReply>, DomainError> {
    let account = reader(&app, &headers).await?;
    Ok(Json(mutes::muted(&app, &account).await?))
}

/// `PUT /api/account/mutes/{name}` mutes the player, `DELETE` unmutes
/// them: the mutes then; 404 for an unknown name, 422 for oneself (and
/// for a name that is none).
async fn set_muted(
    State(app): State<Arc<App>>,
    name: AccountName,
    headers: HeaderMap,
    method: Method,
) -> Result<Json<MutesReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(mutes::set_muted(&app, &account, &name, method == Method::PUT).await?))
}

/// `GET /api/games/your-turn`: the games waiting on the signed-in
/// account's move (401 when signed out).
async fn your_turn(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<YourTurnReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(correspondence::your_turn(&app, &account).await?))
}

/// `GET /api/games/search?…`: a page of the finished games found (see
/// [`crate::features::search`]).
async fn find_games(
    State(app): State<Arc<App>>,
    params: Result<Query<SearchParams>, QueryRejection>,
) -> Result<Json<SearchReply>, DomainError> {
    let Query(params) = params?;
    Ok(Json(search::search(&app, &params).await?))
}
