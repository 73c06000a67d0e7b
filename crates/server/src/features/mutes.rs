//! Muting in chats, per account and kept: `GET /api/account/mutes` lists
//! the names of the players the signed-in account mutes (`{"muted":
//! [...]}`), `PUT /api/account/mutes/{name}` mutes one, `DELETE` no longer.
//! The game page hides the messages of muted players, in the players' and
//! the spectators' chat alike (guests keep their mutes in the browser).

use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::{Account, storage};
use crate::http::session;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, put};
use game::text;
use serde_json::json;
use std::sync::Arc;

/// The routes of mutes.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/account/mutes", get(list))
        .route("/api/account/mutes/{name}", put(mute).delete(unmute))
}

/// `{"muted": [names]}` of `account`.
async fn muted_json(app: &App, account: &Account) -> Result<Response, DomainError> {
    let muted = app.store.muted(&account.id).await.map_err(storage)?;
    Ok(axum::Json(json!({ "muted": muted })).into_response())
}

/// `GET /api/account/mutes`, signed in (401 otherwise).
async fn list(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    let account = session::signed_in(&app, &headers).await?.ok_or_else(|| {
        DomainError::new(
            crate::core::error::ErrorKind::Unauthenticated,
            text!("sign in first", "melde dich zuerst an"),
        )
    })?;
    muted_json(&app, &account).await
}

/// Mutes or unmutes the player `name` for the signed-in account: 404 for
/// an unknown name, 422 for oneself (and for a name that is none, see
/// [`AccountName`]).
async fn set(
    app: &App,
    headers: &HeaderMap,
    name: &AccountName,
    muted: bool,
) -> Result<Response, DomainError> {
    let account = session::require(app, headers).await?;
    let Some(other) = app.store.account_by_name(name.as_str()).await.map_err(storage)? else {
        return Err(DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")));
    };
    if other.id == account.id {
        return Err(DomainError::unprocessable(text!(
            "you cannot mute yourself",
            "du kannst dich nicht selbst stummschalten"
        )));
    }
    let op = crate::store::Op::SetMute {
        account_id: account.id.clone(),
        muted_id: other.id,
        muted,
        at_ms: now_ms(),
    };
    app.store.write(vec![op]).await.map_err(storage)?;
    muted_json(app, &account).await
}

/// `PUT /api/account/mutes/{name}`.
async fn mute(
    State(app): State<Arc<App>>,
    name: AccountName,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    set(&app, &headers, &name, true).await
}

/// `DELETE /api/account/mutes/{name}`.
async fn unmute(
    State(app): State<Arc<App>>,
    name: AccountName,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    set(&app, &headers, &name, false).await
}
