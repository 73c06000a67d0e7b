//! Security headers on every response: a Content-Security-Policy that lets
//! the web UI load only its own scripts, styles, images and connections
//! (its WebSocket and event streams included) and forbids framing, and
//! `X-Content-Type-Options`, `Referrer-Policy`.

use axum::http::HeaderValue;
use axum::http::header::{CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS};
use axum::response::Response;

/// The Content-Security-Policy of every response. The UI is modules from
/// `/assets/` with no inline script or style (styles set from scripts go
/// through the CSSOM), and talks only to its own origin (`'self'` covers
/// `ws:`/`wss:` to the same host).
pub const CONTENT_SECURITY_POLICY_VALUE: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

/// Adds the security headers to a response (a handler's own value wins).
pub async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in [
        (CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_VALUE),
        (X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (REFERRER_POLICY, "no-referrer"),
    ] {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
    response
}
