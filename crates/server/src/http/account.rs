//! The routes of accounts (see [`crate::features::account`] and
//! [`crate::features::account_care`]): sign-up, log-in, recovery and
//! log-out set or delete the session cookie; a signed-in owner changes
//! the password, makes a new recovery code, closes the account and keeps
//! settings on it.

use crate::contract::accounts::{AccountReply, AccountSettings, RecoveryCodeReply, SettingsReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::secret::hash_secret;
use crate::features::account::{self, Credentials, Session};
use crate::features::account_care::{self, PasswordChange, PasswordOnly, Recovery};
use crate::http::client_ip::ClientIp;
use crate::http::request::{JsonBody, bearer};
use crate::http::session::{check_origin, cookie, require, session_cookie, signed_in, token_holder};
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of accounts.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/account", get(whoami))
        .route("/api/account/signup", post(signup))
        .route("/api/account/login", post(login))
        .route("/api/account/logout", post(logout))
        .route("/api/account/recover", post(recover))
        .route("/api/account/password", post(change_password))
        .route("/api/account/recovery-code", post(renew_recovery_code))
        .route("/api/account/close", post(close))
        .route("/api/settings", get(settings).post(save_settings))
}

/// 200 with the reply and the cookie of a new session (`None`: the
/// deleting cookie).
fn with_cookie(
    reply: impl serde::Serialize,
    secret: Option<&str>,
    headers: &HeaderMap,
) -> Result<Response, DomainError> {
    let mut response = Json(reply).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie(secret, headers)?);
    Ok(response)
}

/// `POST /api/account/signup`: 200 with `{"name", "recovery_code"}` and
/// the session cookie of the new account, signed in; 422 for a bad name
/// or password (header `x-field` names the field), 409 for a name taken.
async fn signup(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    let (Session { reply, secret }, recovery_code) = account::signup(&app, client, request).await?;
    let reply = RecoveryCodeReply { name: reply.name.unwrap_or_default(), recovery_code };
    with_cookie(reply, Some(&secret), &headers)
}

/// `POST /api/account/login`: 200 with `{"name"}` and the session cookie,
/// 401 "wrong name or password", 422 for a name that is none.
async fn login(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    let Session { reply, secret } = account::login(&app, client, request).await?;
    with_cookie(reply, Some(&secret), &headers)
}

/// `POST /api/account/logout`: ends the session; 200 `{"name": null}`
/// whether or not there was one, with the deleting cookie.
async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    let reply = match session_cookie(&headers) {
        Some(secret) => account::logout(&app, secret).await?,
        None => account::whoami(None),
    };
    with_cookie(reply, None, &headers)
}

/// `GET /api/account`: `{"name": "<name>"}` when signed in, else
/// `{"name": null}`.
async fn whoami(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<AccountReply>, DomainError> {
    // A program signed in by its personal token (the bot bridge) asks who
    // it is as a page asks by its cookie.
    let account = match bearer(&headers) {
        Some(_) => Some(token_holder(&app, &headers).await?.account),
        None => signed_in(&app, &headers).await?,
    };
    Ok(Json(account::whoami(account)))
}

/// `POST /api/account/recover` `{"name", "recovery_code", "new_password"}`:
/// 200 with `{"name", "recovery_code"}` (the new code) and the cookie of
/// a new session, every other one ended; 401 "wrong name or recovery
/// code", 422 for a bad name or new password.
async fn recover(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Recovery>,
) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    let (Session { secret, .. }, reply) = account_care::recover(&app, client, request).await?;
    with_cookie(reply, Some(&secret), &headers)
}

/// `POST /api/account/password` `{"password", "new_password"}` (signed
/// in): 200 `{"name"}`, the account's other sessions ended; 401 on the
/// field `password` for a wrong one, 422 on `new_password`.
async fn change_password(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<PasswordChange>,
) -> Result<Json<AccountReply>, DomainError> {
    let account = require(&app, &headers).await?;
    let keep = session_cookie(&headers).map(hash_secret);
    account_care::change_password(&app, client, &account, keep, request).await?;
    Ok(Json(account::whoami(Some(account))))
}

/// `POST /api/account/recovery-code` `{"password"}` (signed in): 200
/// `{"name", "recovery_code"}`, the old code no longer works; 401 on the
/// field `password` for a wrong one.
async fn renew_recovery_code(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<PasswordOnly>,
) -> Result<Json<RecoveryCodeReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(account_care::renew_recovery_code(&app, client, &account, request).await?))
}

/// `POST /api/account/close` `{"password"}` (signed in): closes the
/// account for good; 200 `{"name": null}` with the deleting cookie; 401
/// on the field `password` for a wrong one.
async fn close(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<PasswordOnly>,
) -> Result<Response, DomainError> {
    let account = require(&app, &headers).await?;
    account_care::close(&app, client, &account, request).await?;
    with_cookie(account::whoami(None), None, &headers)
}

/// `GET /api/settings` (signed in): `{"settings"}`, `null` until first
/// saved; 401 signed out.
async fn settings(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<SettingsReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(account_care::settings(&app, &account).await?))
}

/// `POST /api/settings` with the whole settings (signed in): kept on the
/// account, 200 `{"settings"}`; 422 for settings that are none.
async fn save_settings(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<AccountSettings>,
) -> Result<Json<SettingsReply>, DomainError> {
    let account = require(&app, &headers).await?;
    Ok(Json(account_care::save_settings(&app, &account, request).await?))
}
