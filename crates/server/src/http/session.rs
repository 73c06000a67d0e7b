//! Who a request comes from: the account of its session cookie, checked
//! against cross-site requests, and the cookie a session is carried in
//! (see [`crate::features::account`] for sessions themselves).

use crate::core::app::App;
use crate::core::error::{DomainError, ErrorKind};
use crate::features::account::{self, Account, COOKIE, SESSION_MS};
use crate::features::api_tokens::{self, Scope, TokenHolder};
use crate::features::bots::Caller;
use crate::http::request::bearer;
use axum::http::{HeaderMap, HeaderValue, header};
use game::text;

/// The session secret the request's cookie carries, if any.
pub fn session_cookie(headers: &HeaderMap) -> Option<&str> {
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
    match session_cookie(headers) {
        Some(secret) => account::by_session(app, secret).await,
        None => Ok(None),
    }
}

/// The holder of the personal API token the request carries as
/// `Authorization: Bearer spw_…`; 401 without one or for a token that is
/// unknown or revoked. (Programs send no `Origin`, and a token is never
/// sent by a browser on its own, so there is no cross-site check.)
pub async fn token_holder(app: &App, headers: &HeaderMap) -> Result<TokenHolder, DomainError> {
    let unknown = || {
        DomainError::new(
            ErrorKind::Unauthenticated,
            text!(
                "no valid API token: send Authorization: Bearer spw_…",
                "kein gültiges API-Token: sende Authorization: Bearer spw_…"
            ),
        )
    };
    let secret = bearer(headers).ok_or_else(unknown)?;
    api_tokens::by_token(app, secret).await?.ok_or_else(unknown)
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
/// it). Requests without an `Origin` (programs, not browsers: browsers
/// send it with every POST) are let through; `SameSite=Lax` keeps
/// browsers from sending the cookie with cross-site POSTs besides.
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

/// Whether the request came over https: what a trusted proxy says with
/// `X-Forwarded-Proto` (the edge removes the header from other peers).
pub fn forwarded_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// The `Set-Cookie` header of a session (`None`: the deleting one):
/// `HttpOnly; SameSite=Lax; Path=/`, `Secure` when the request came over
/// https.
pub fn cookie(secret: Option<&str>, headers: &HeaderMap) -> Result<HeaderValue, DomainError> {
    let secure = if forwarded_https(headers) { "; Secure" } else { "" };
    let value = match secret {
        Some(secret) => {
            format!(
                "{COOKIE}={secret}; HttpOnly; SameSite=Lax; Path=/; Max-Age={}{secure}",
                SESSION_MS / 1000
            )
        }
        None => format!("{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}"),
    };
    HeaderValue::from_str(&value).map_err(|e| DomainError::internal(text!("{e}", "Serverfehler: {e}")))
}

/// Who calls: the holder of the request's personal token, else the
/// signed-in account (401 for neither).
pub async fn caller(app: &App, headers: &HeaderMap) -> Result<Caller, DomainError> {
    Ok(match bearer(headers) {
        Some(_) => Caller::Token(token_holder(app, headers).await?),
        None => Caller::Session(require(app, headers).await?),
    })
}

/// The account of a request that needs one of `scopes` (or a session).
pub async fn account_with(app: &App, headers: &HeaderMap, scopes: &[Scope]) -> Result<Account, DomainError> {
    caller(app, headers).await?.account_with(scopes)
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
        let text = |value: HeaderValue| value.to_str().expect("ascii").to_owned();
        let mut headers = HeaderMap::new();
        let plain = text(cookie(Some("s"), &headers).expect("a cookie"));
        assert!(plain.contains("HttpOnly; SameSite=Lax; Path=/") && !plain.contains("Secure"));
        headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(text(cookie(Some("s"), &headers).expect("a cookie")).ends_with("; Secure"));
        assert!(text(cookie(None, &headers).expect("a cookie")).contains("Max-Age=0"));
    }
}
