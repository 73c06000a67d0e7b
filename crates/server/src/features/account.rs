//! Accounts: sign-up, log-in and log-out, sessions by cookie.
//!
//! Accounts are optional: every game can be played with a seat token.
//! A name is 3 to 20 letters, digits, `_` or `-`, unique whatever its
//! case ([`AccountName`]: a name that is none is refused with 422, at
//! sign-up and log-in alike); a password has at least 8 characters and is stored as an
//! argon2id PHC string (hashed on the server's own hashing threads: it takes a while on
//! purpose). Sign-ups and log-ins are limited per client address, and
//! the server hashes at most [`crate::Limits::password_hashes`] passwords
//! at once ([`PasswordHashes`](crate::core::passwords::PasswordHashes)). A log-in with an unknown name hashes
//! against a dummy hash and gets the same reply as a wrong password
//! ("wrong name or password"), so that names cannot be told apart.
//!
//! A session is a random secret in the cookie `spielwerk_session`
//! (`HttpOnly; SameSite=Lax; Path=/`, 30 days), stored as its hash in the
//! `sessions` table; log-out deletes it. The cookie gets `Secure` when the
//! request came over https, which only a trusted proxy (`spielwerk serve
//! --trusted-proxy`) can say, with `X-Forwarded-Proto: https` (the server
//! itself speaks plain http; [`crate::http::edge`] drops the header from anyone
//! else).
//!
//! Cross-site requests: `SameSite=Lax` keeps browsers from sending the
//! cookie with cross-site POSTs, and every state-changing request that
//! the cookie authenticates is also refused (403) when its `Origin` is not
//! the request's own scheme and `Host` ([`check_origin`]). Requests without an
//! `Origin` (programs, not browsers: browsers send it with every POST) are
//! let through.

use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::{DomainError, ErrorKind};
use crate::core::limits::Action;
use crate::core::passwords::dummy_hash;
use crate::core::secret::{hash_secret, new_game_id, new_secret};
use crate::core::table::now_ms;
use crate::features::client_ip::ClientIp;
use crate::features::request::JsonBody;
use crate::store::{AccountRow, Op, StoreError};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use game::text;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

/// The name of the session cookie.
pub const COOKIE: &str = "spielwerk_session";
/// How long a session lasts, ms (30 days).
pub const SESSION_MS: i64 = 30 * 24 * 3_600_000;
/// The shortest password.
pub const MIN_PASSWORD: usize = 8;
/// The longest password (hashing a huge one would cost a lot).
pub const MAX_PASSWORD: usize = 200;

/// The signed-in account of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// The routes of accounts.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/account", get(whoami))
        .route("/api/account/signup", post(signup))
        .route("/api/account/login", post(login))
        .route("/api/account/logout", post(logout))
}

/// The session secret the request's cookie carries, if any.
fn session_cookie(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
        .filter(|value| !value.is_empty())
}

/// The account whose live session the request's cookie carries.
pub async fn signed_in(app: &App, headers: &HeaderMap) -> Result<Option<Account>, DomainError> {
    let Some(secret) = session_cookie(headers) else {
        return Ok(None);
    };
    let found = app.store.session(&hash_secret(secret), now_ms()).await.map_err(storage)?;
    Ok(found.map(|(id, name)| Account { id, name }))
}

/// The signed-in account of a request that acts for a seat (which a seat
/// token may do instead), checked against cross-site requests.
pub async fn acting(app: &App, headers: &HeaderMap) -> Result<Option<Account>, DomainError> {
    check_origin(headers)?;
    signed_in(app, headers).await
}

/// The signed-in account of a state-changing request, or 401; checked
/// against cross-site requests (see [`check_origin`]).
pub async fn require(app: &App, headers: &HeaderMap) -> Result<Account, DomainError> {
    check_origin(headers)?;
    signed_in(app, headers).await?.ok_or_else(|| {
        DomainError::new(ErrorKind::Unauthenticated, text!("sign in first", "melde dich zuerst an"))
    })
}

/// 403 when the request's `Origin` is not its own scheme and `Host` (a
/// page of another site, or of the same host over another scheme, sent
/// it; see the module doc).
pub fn check_origin(headers: &HeaderMap) -> Result<(), DomainError> {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let scheme = if forwarded_https(headers) { "https" } else { "http" };
    if !host.is_empty() && origin.trim().eq_ignore_ascii_case(&format!("{scheme}://{host}")) {
        Ok(())
    } else {
        Err(DomainError::forbidden(text!(
            "requests from other sites are refused",
            "Anfragen von anderen Seiten werden abgelehnt"
        )))
    }
}

/// A 500 for a failed database request (the cause is logged, not sent).
pub fn storage(error: StoreError) -> DomainError {
    crate::core::storage::error_of(error)
}

/// Whether the request came over https: what a trusted proxy says with
/// `X-Forwarded-Proto` (the edge removes the header from other peers).
pub fn forwarded_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// A refusal of a field: `field` (`name` or `password`) says where the
/// page shows it.
fn field_error(kind: ErrorKind, field: &'static str, message: game::Text) -> DomainError {
    DomainError::new(kind, message).on_field(field)
}

/// `POST /api/account/signup` and `/login`: `{"name", "password"}`.
#[derive(Deserialize)]
struct Credentials {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
}

/// The `Set-Cookie` value of a session (`None`: the deleting one).
fn cookie(secret: Option<&str>, headers: &HeaderMap) -> String {
    let secure = if forwarded_https(headers) { "; Secure" } else { "" };
    match secret {
        Some(secret) => {
            format!(
                "{COOKIE}={secret}; HttpOnly; SameSite=Lax; Path=/; Max-Age={}{secure}",
                SESSION_MS / 1000
            )
        }
        None => format!("{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}"),
    }
}

/// Starts a session of `account`: 200 with the account and the cookie.
async fn start_session(
    app: &App,
    account: &AccountRow,
    headers: &HeaderMap,
) -> Result<Response, DomainError> {
    let secret = new_secret();
    let op = Op::CreateSession {
        id_hash: hash_secret(&secret),
        account_id: account.id.clone(),
        expires_ms: now_ms() + SESSION_MS,
    };
    app.store.write(vec![op]).await.map_err(storage)?;
    let mut response = axum::Json(json!({ "name": account.name })).into_response();
    let value = HeaderValue::from_str(&cookie(Some(&secret), headers))
        .map_err(|e| DomainError::internal(text!("{e}", "Serverfehler: {e}")))?;
    response.headers_mut().insert(header::SET_COOKIE, value);
    Ok(response)
}

/// `POST /api/account/signup`: 200 with `{"name"}` and the session
/// cookie of the new account, signed in; 422 for a bad name or password (header `x-field`
/// names the field), 409 for a name taken.
async fn signup(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    app.rates.check(Action::Login, client)?;
    let name = AccountName::parse(&request.name)?;
    let length = request.password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
        return Err(field_error(
            ErrorKind::Rejected,
            "password",
            text!(
                "a password has at least {MIN_PASSWORD} (at most {MAX_PASSWORD}) characters",
                "ein Passwort hat mindestens {MIN_PASSWORD} (höchstens {MAX_PASSWORD}) Zeichen"
            ),
        ));
    }
    let taken = || {
        field_error(
            ErrorKind::Conflict,
            "name",
            text!("the name '{name}' is taken", "der Name „{name}“ ist schon vergeben"),
        )
    };
    if app.store.account_by_name(name.as_str()).await.map_err(storage)?.is_some() {
        return Err(taken());
    }
    let account = AccountRow {
        id: new_game_id(),
        name: name.to_string(),
        password_hash: app.password_hashes.hash(request.password).await?,
        created_ms: now_ms(),
    };
    if let Err(error) = app.store.write(vec![Op::CreateAccount(account.clone())]).await {
        // Two sign-ups of one name at once: the unique name refused one.
        if app.store.account_by_name(name.as_str()).await.map_err(storage)?.is_some() {
            return Err(taken());
        }
        return Err(storage(error));
    }
    start_session(&app, &account, &headers).await
}

/// `POST /api/account/login`: 200 with `{"name"}` and the session cookie,
/// 401 "wrong name or password" for an unknown name and a wrong password
/// alike, after the same work (a hash against a dummy for an unknown name);
/// 422 for a name that is none (which no account has: nothing is told).
async fn login(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    app.rates.check(Action::Login, client)?;
    let name = AccountName::parse(&request.name)?;
    let account = app.store.account_by_name(name.as_str()).await.map_err(storage)?;
    let stored = account.as_ref().map_or_else(|| dummy_hash().to_owned(), |a| a.password_hash.clone());
    let matches = app.password_hashes.verify(request.password, stored).await?;
    match account {
        Some(account) if matches => start_session(&app, &account, &headers).await,
        _ => Err(DomainError::new(ErrorKind::Unauthenticated, wrong_name_or_password())),
    }
}

/// The refusal of a log-in, whichever of name and password was wrong.
pub fn wrong_name_or_password() -> game::Text {
    text!("wrong name or password", "falscher Name oder falsches Passwort")
}

/// `POST /api/account/logout`: ends the session (and withdraws the
/// account's open seeks); 200 `{"name": null}` whether or not there was one.
async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    check_origin(&headers)?;
    if let Some(secret) = session_cookie(&headers)
        && let Some(account) = signed_in(&app, &headers).await?
    {
        let op = Op::DeleteSession { id_hash: hash_secret(secret), account_id: account.id };
        app.store.write(vec![op]).await.map_err(storage)?;
    }
    let mut response = axum::Json(json!({ "name": null })).into_response();
    let value = HeaderValue::from_str(&cookie(None, &headers))
        .map_err(|e| DomainError::internal(text!("{e}", "Serverfehler: {e}")))?;
    response.headers_mut().insert(header::SET_COOKIE, value);
    Ok(response)
}

/// `GET /api/account`: `{"name": "<name>"}` when signed in, else
/// `{"name": null}`.
async fn whoami(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(axum::Json(json!({ "name": account.map(|a| a.name) })).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_cookie_is_found_among_others_and_origins_are_checked() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_static("a=1; spielwerk_session=abc ; b=2"));
        assert_eq!(session_cookie(&headers), Some("abc"));
        headers.insert(header::HOST, HeaderValue::from_static("play.example:8080"));
        assert!(check_origin(&headers).is_ok(), "no Origin: not a browser");
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://play.example:8080"));
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, HeaderValue::from_static("https://evil.example"));
        assert_eq!(check_origin(&headers).unwrap_err().kind, ErrorKind::Forbidden);
    }

    #[test]
    fn origins_are_compared_with_their_scheme() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("play.example"));
        headers.insert(header::ORIGIN, HeaderValue::from_static("https://play.example"));
        assert!(check_origin(&headers).is_err(), "https is not this http server's origin");
        headers.insert(header::ORIGIN, HeaderValue::from_static("play.example"));
        assert!(check_origin(&headers).is_err(), "no scheme");
        headers.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(check_origin(&headers).is_err());
        // Behind a trusted TLS proxy (the edge keeps its header).
        headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        headers.insert(header::ORIGIN, HeaderValue::from_static("https://play.example"));
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://play.example"));
        assert!(check_origin(&headers).is_err());
    }

    #[test]
    fn cookies_are_secure_behind_https() {
        let mut headers = HeaderMap::new();
        let plain = cookie(Some("s"), &headers);
        assert!(plain.contains("HttpOnly; SameSite=Lax; Path=/") && !plain.contains("Secure"));
        headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(cookie(Some("s"), &headers).ends_with("; Secure"));
        assert!(cookie(None, &headers).contains("Max-Age=0"));
    }
}
