//! The routes of personal API tokens (the account page's) and of the Bot
//! API's account upgrade (see [`crate::features::api_tokens`] and
//! [`crate::features::bots`]).

use crate::contract::bots::{ApiTokenCreated, ApiTokenList, ApiTokenRequest, BotsReply, OkReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::bots::{self, Caller};
use crate::features::{api_tokens, bot_list};
use crate::http::request::{JsonBody, bearer};
use crate::http::session::{require, token_holder};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of tokens and bots.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/account/tokens", get(list).post(create))
        .route("/api/account/tokens/{id}", delete(revoke))
        .route("/api/bot/account/upgrade", post(upgrade))
        .route("/api/bots", get(list_bots))
}

/// `GET /api/bots`: the bot accounts, the connected ones first.
async fn list_bots(State(app): State<Arc<App>>) -> Result<Json<BotsReply>, DomainError> {
    Ok(Json(bot_list::list(&app).await?))
}

/// `GET /api/account/tokens`: the signed-in account's tokens (no
/// secrets) and whether it is a bot; 401 when nobody is signed in.
async fn list(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<ApiTokenList>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(api_tokens::list(&app, &account).await?))
}

/// `POST /api/account/tokens` `{"description", "scopes": [...]}`: 201 with
/// the token's id and its secret, shown this once; 422 for a bad
/// description or scope (header `x-field` names the field), 409 at the
/// most tokens.
async fn create(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ApiTokenRequest>,
) -> Result<(StatusCode, Json<ApiTokenCreated>), DomainError> {
    let account = require(&app, &headers).await?;
    Ok((StatusCode::CREATED, Json(api_tokens::create(&app, &account, request).await?)))
}

/// `DELETE /api/account/tokens/{id}`: `{"ok": true}` once revoked; 404
/// for a token the account does not hold.
async fn revoke(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, DomainError> {
    let account = require(&app, &headers).await?;
    api_tokens::revoke(&app, &account, &id).await?;
    Ok(Json(OkReply { ok: true }))
}

/// `POST /api/bot/account/upgrade` (with a `bot:play` token, or signed
/// in): `{"ok": true}`, the account a bot for good; 401 without a known
/// token or session, 403 for a token without the scope, 409 for an
/// account that is a bot already or has played.
async fn upgrade(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<OkReply>, DomainError> {
    let caller = match bearer(&headers) {
        Some(_) => Caller::Token(token_holder(&app, &headers).await?),
        None => Caller::Session(require(&app, &headers).await?),
    };
    Ok(Json(bots::upgrade(&app, caller).await?))
}
