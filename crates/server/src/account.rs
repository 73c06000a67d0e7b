//! Accounts: sign-up, log-in and log-out, sessions by cookie.
//!
//! Accounts are optional: every game can be played with a seat token.
//! A name is 3 to 20 letters, digits, `_` or `-`, unique whatever its
//! case; a password has at least 8 characters and is stored as an
//! argon2id PHC string (hashed on the blocking pool: it takes a while on
//! purpose). Sign-ups and log-ins are limited per client address.
//!
//! A session is a random secret in the cookie `spielwerk_session`
//! (`HttpOnly; SameSite=Lax; Path=/`, 30 days), stored as its hash in the
//! `sessions` table; log-out deletes it. The cookie gets `Secure` when the
//! request came over https, which is what a TLS proxy in front of the
//! server says with `X-Forwarded-Proto: https` (the server itself speaks
//! plain http).
//!
//! Cross-site requests: `SameSite=Lax` keeps browsers from sending the
//! cookie with cross-site POSTs, and every state-changing request that
//! the cookie authenticates is also refused (403) when its `Origin` names
//! another host than its `Host` ([`check_origin`]). Requests without an
//! `Origin` (programs, not browsers: browsers send it with every POST) are
//! let through.

use crate::app::App;
use crate::body::JsonBody;
use crate::client_ip::ClientIp;
use crate::error::ApiError;
use crate::limits::Action;
use crate::secret::{hash_secret, new_game_id, new_secret};
use crate::store::{AccountRow, Op, StoreError};
use crate::table::now_ms;
use argon2::password_hash::{PasswordHash, SaltString};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
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
pub async fn signed_in(app: &App, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let Some(secret) = session_cookie(headers) else {
        return Ok(None);
    };
    let found = app.store.session(&hash_secret(secret), now_ms()).await.map_err(storage)?;
    Ok(found.map(|(id, name)| Account { id, name }))
}

/// The signed-in account of a request that acts for a seat (which a seat
/// token may do instead), checked against cross-site requests.
pub async fn acting(app: &App, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    check_origin(headers)?;
    signed_in(app, headers).await
}

/// The signed-in account of a state-changing request, or 401; checked
/// against cross-site requests (see [`check_origin`]).
pub async fn require(app: &App, headers: &HeaderMap) -> Result<Account, ApiError> {
    check_origin(headers)?;
    signed_in(app, headers).await?.ok_or_else(|| {
        ApiError::new(StatusCode::UNAUTHORIZED, text!("sign in first", "melde dich zuerst an"))
    })
}

/// 403 when the request's `Origin` is another host than its `Host`: a
/// page of another site sent it (see the module doc).
pub fn check_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let origin_host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    if origin_host.eq_ignore_ascii_case(host) {
        Ok(())
    } else {
        Err(ApiError::forbidden(text!(
            "requests from other sites are refused",
            "Anfragen von anderen Seiten werden abgelehnt"
        )))
    }
}

/// A 500 for a failed database request.
pub fn storage(error: StoreError) -> ApiError {
    crate::storage::reply(error)
}

/// Whether a name is 3 to 20 of `A-Z a-z 0-9 _ -`.
pub fn valid_name(name: &str) -> bool {
    (3..=20).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// `POST /api/account/signup` and `/login`: `{"name", "password"}`.
#[derive(Deserialize)]
struct Credentials {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
}

/// A refusal of a field: `field` (`name` or `password`) says where the
/// page shows it.
fn field_error(status: StatusCode, field: &str, message: game::Text) -> Response {
    let mut response = ApiError::new(status, message).into_response();
    if let Ok(value) = HeaderValue::from_str(field) {
        response.headers_mut().insert("x-field", value);
    }
    response
}

/// The `Set-Cookie` value of a session (`None`: the deleting one).
fn cookie(secret: Option<&str>, headers: &HeaderMap) -> String {
    let https = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
    let secure = if https { "; Secure" } else { "" };
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
async fn start_session(app: &App, account: &AccountRow, headers: &HeaderMap) -> Result<Response, ApiError> {
    let secret = new_secret();
    let op = Op::CreateSession {
        id_hash: hash_secret(&secret),
        account_id: account.id.clone(),
        expires_ms: now_ms() + SESSION_MS,
    };
    app.store.write(vec![op]).await.map_err(storage)?;
    let mut response = axum::Json(json!({ "name": account.name })).into_response();
    let value = HeaderValue::from_str(&cookie(Some(&secret), headers))
        .map_err(|e| ApiError::internal(text!("{e}", "Serverfehler: {e}")))?;
    response.headers_mut().insert(header::SET_COOKIE, value);
    Ok(response)
}

/// Hashes a password with argon2id and a random salt, on the blocking pool.
async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt_bytes: [u8; 16] = rand::random();
        let salt = SaltString::encode_b64(&salt_bytes).map_err(|e| e.to_string())?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|hashed| hashed)
    .map_err(|e| {
        ApiError::internal(text!("password hashing failed: {e}", "Passwort-Hashing fehlgeschlagen: {e}"))
    })
}

/// Whether `password` matches the stored PHC string, on the blocking pool.
async fn verify_password(password: String, stored: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored)
            .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .unwrap_or(false)
}

/// `POST /api/account/signup`: 200 with `{"name"}` and the session
/// cookie of the new account, signed in; 422 for a bad name or password (header `x-field`
/// names the field), 409 for a name taken.
async fn signup(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    app.rates.check(Action::Login, client)?;
    let name = request.name.trim().to_owned();
    if !valid_name(&name) {
        return Ok(field_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "name",
            text!(
                "a name has 3 to 20 letters, digits, _ or -",
                "ein Name hat 3 bis 20 Buchstaben, Ziffern, _ oder -"
            ),
        ));
    }
    let length = request.password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
        return Ok(field_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "password",
            text!(
                "a password has at least {MIN_PASSWORD} (at most {MAX_PASSWORD}) characters",
                "ein Passwort hat mindestens {MIN_PASSWORD} (höchstens {MAX_PASSWORD}) Zeichen"
            ),
        ));
    }
    let taken = || {
        field_error(
            StatusCode::CONFLICT,
            "name",
            text!("the name '{name}' is taken", "der Name „{name}“ ist schon vergeben"),
        )
    };
    if app.store.account_by_name(&name).await.map_err(storage)?.is_some() {
        return Ok(taken());
    }
    let account = AccountRow {
        id: new_game_id(),
        name: name.clone(),
        password_hash: hash_password(request.password).await?,
        created_ms: now_ms(),
    };
    if let Err(error) = app.store.write(vec![Op::CreateAccount(account.clone())]).await {
        // Two sign-ups of one name at once: the unique name refused one.
        if app.store.account_by_name(&name).await.map_err(storage)?.is_some() {
            return Ok(taken());
        }
        return Err(storage(error));
    }
    start_session(&app, &account, &headers).await
}

/// `POST /api/account/login`: 200 with `{"name"}` and the session cookie,
/// 401 for an unknown name or a wrong password (`x-field` names which).
async fn login(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    app.rates.check(Action::Login, client)?;
    let name = request.name.trim();
    let Some(account) = app.store.account_by_name(name).await.map_err(storage)? else {
        return Ok(field_error(
            StatusCode::UNAUTHORIZED,
            "name",
            text!("there is no account '{name}'", "es gibt kein Konto „{name}“"),
        ));
    };
    if !verify_password(request.password, account.password_hash.clone()).await {
        return Ok(field_error(
            StatusCode::UNAUTHORIZED,
            "password",
            text!("wrong password", "falsches Passwort"),
        ));
    }
    start_session(&app, &account, &headers).await
}

/// `POST /api/account/logout`: ends the session (and withdraws the
/// account's open seeks); 200 `{"name": null}` whether or not there was one.
async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    if let Some(secret) = session_cookie(&headers)
        && let Some(account) = signed_in(&app, &headers).await?
    {
        let op = Op::DeleteSession { id_hash: hash_secret(secret), account_id: account.id };
        app.store.write(vec![op]).await.map_err(storage)?;
    }
    let mut response = axum::Json(json!({ "name": null })).into_response();
    let value = HeaderValue::from_str(&cookie(None, &headers))
        .map_err(|e| ApiError::internal(text!("{e}", "Serverfehler: {e}")))?;
    response.headers_mut().insert(header::SET_COOKIE, value);
    Ok(response)
}

/// `GET /api/account`: `{"name": "<name>"}` when signed in, else
/// `{"name": null}`.
async fn whoami(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = signed_in(&app, &headers).await?;
    Ok(axum::Json(json!({ "name": account.map(|a| a.name) })).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_three_to_twenty_plain_characters() {
        for good in ["anna", "B_o-b", "abc", "a2345678901234567890"] {
            assert!(valid_name(good), "{good}");
        }
        for bad in ["ab", "a23456789012345678901", "an na", "änna", "a/b", ""] {
            assert!(!valid_name(bad), "{bad}");
        }
    }

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
        assert_eq!(check_origin(&headers).unwrap_err().status, StatusCode::FORBIDDEN);
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
