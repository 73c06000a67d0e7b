//! The routes of accounts (see [`crate::features::account`]): sign-up,
//! log-in and log-out set or delete the session cookie.

use crate::contract::accounts::AccountReply;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::account::{self, Credentials, Session};
use crate::http::client_ip::ClientIp;
use crate::http::request::{JsonBody, bearer};
use crate::http::session::{check_origin, cookie, session_cookie, signed_in, token_holder};
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
}

/// 200 with the account and the cookie of its new session.
fn with_cookie(
    reply: AccountReply,
    secret: Option<&str>,
    headers: &HeaderMap,
) -> Result<Response, DomainError> {
    let mut response = Json(reply).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie(secret, headers)?);
    Ok(response)
}

/// `POST /api/account/signup`: 200 with `{"name"}` and the session
/// cookie of the new account, signed in; 422 for a bad name or password
/// (header `x-field` names the field), 409 for a name taken.
async fn signup(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    let Session { reply, secret } = account::signup(&app, client, request).await?;
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
