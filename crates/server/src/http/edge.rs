//! The edge of every request: a request id, a log line, and error replies
//! made whole.
//!
//! Every request gets a random id, sent back as `X-Request-Id`, and one
//! log event (`tracing`, target `spielwerk::request`) with its method,
//! path (never the query, which may carry secrets), client address (as
//! the rate limits see it: behind a trusted proxy, the client it names;
//! see [`crate::http::client_ip`]), status, latency and id; a server
//! error logs its cause there, and its reply names only the id (a 503
//! marked as a refusal, `http::error::Refusal`, keeps its reason and is
//! logged as a warning). Every error reply is JSON (`{"error", "message":
//! {"en", "de"}}`): the ones that the router or hyper's layers make
//! themselves (405, 413, a rejected WebSocket upgrade…) are rewritten, and
//! a 429 always says `Retry-After`. The web UI's own "not found" page
//! stays a page. A request whose head hyper itself refuses (malformed,
//! 400; too large, 431; a URI too long, 414) never gets here:
//! [`crate::http::connections`] answers and logs it the same way.
//!
//! The edge also removes `X-Forwarded-Proto` unless the peer is a trusted
//! proxy, so that only such a proxy can make a request count as https
//! (the session cookie's `Secure`, the Origin check).

use crate::core::app::App;
use crate::http::client_ip::client_ip;
use crate::http::error::{Cause, Refusal, error_body, server_failure};
use crate::http::request::BodyTimeout;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use game::{Text, text};
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

/// The header that carries the request id.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The header in which a TLS proxy says the scheme the client used.
const FORWARDED_PROTO: HeaderName = HeaderName::from_static("x-forwarded-proto");

/// The longest body of a non-JSON error reply read to be quoted.
const QUOTED_BODY: usize = 4096;

/// Seconds a 429 without its own `Retry-After` asks a client to wait.
const DEFAULT_RETRY_AFTER: u64 = 1;

/// A new request id: 16 random hex digits.
pub fn request_id() -> String {
    let bytes: [u8; 8] = rand::random();
    bytes.iter().fold(String::with_capacity(16), |mut id, byte| {
        let _ = write!(id, "{byte:02x}");
        id
    })
}

/// The middleware of every request (see the module documentation).
pub async fn edge(State(app): State<Arc<App>>, mut request: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = request_id();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    request.extensions_mut().insert(BodyTimeout(app.body_timeout));
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(peer)| peer.ip());
    if !peer.is_some_and(|peer| app.trusted_proxies.contains(&peer.to_canonical())) {
        // Only a trusted proxy may say that the request came over https.
        request.headers_mut().remove(FORWARDED_PROTO);
    }
    let client = peer.map_or_else(
        || "-".to_owned(),
        |peer| client_ip(peer, request.headers(), &app.trusted_proxies).to_canonical().to_string(),
    );
    let response = next.run(request).await;
    let mut response = complete(response, &method, &id).await;
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    let status = response.status().as_u16();
    let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
    let refusal = response.extensions().get::<Refusal>().is_some();
    match response.extensions_mut().remove::<Cause>() {
        Some(Cause(cause)) => tracing::error!(
            target: "spielwerk::request", %method, path, client, status, latency_ms, request_id = id, cause,
            "request failed"
        ),
        None if refusal => tracing::warn!(
            target: "spielwerk::request", %method, path, status, latency_ms, request_id = id,
            "request refused"
        ),
        None if status >= 500 => tracing::error!(
            target: "spielwerk::request", %method, path, client, status, latency_ms, request_id = id,
            "request failed"
        ),
        None => tracing::info!(
            target: "spielwerk::request", %method, path, client, status, latency_ms, request_id = id, "request"
        ),
    }
    response
}

/// Whether a response already carries a body for people or programs that
/// must stay: JSON, the UI's pages, an event stream.
fn kept(response: &Response) -> bool {
    let Some(kind) = response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = kind.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || essence == "text/html" || essence == "text/event-stream"
}

/// Whether headers say the body is JSON.
fn kept_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|kind| kind.trim().to_ascii_lowercase().starts_with("application/json"))
}

/// A body's text, trimmed.
fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).trim().to_owned()
}

/// An error response made whole: a server error names the request id
/// (its cause stays in the extensions for the log), an error without a
/// JSON body gets one, a 429 a `Retry-After`.
async fn complete(response: Response, method: &Method, id: &str) -> Response {
    let status = response.status();
    if !status.is_client_error() && !status.is_server_error() {
        return response;
    }
    // A refusal (a 503 that says its reason) is no failure of the server.
    let failure = status.is_server_error() && response.extensions().get::<Refusal>().is_none();
    let rewrite = failure || !kept(&response);
    let mut response = if rewrite {
        let (mut parts, body) = response.into_parts();
        let read = axum::body::to_bytes(body, QUOTED_BODY).await.unwrap_or_default();
        let mut json = serde_json::from_slice::<serde_json::Value>(&read)
            .ok()
            .filter(serde_json::Value::is_object)
            .unwrap_or_else(|| serde_json::json!({}));
        let quoted = if kept_json(&parts.headers) { String::new() } else { lossy(&read) };
        let message = if failure {
            if parts.extensions.get::<Cause>().is_none() {
                let cause = if quoted.is_empty() { status.to_string() } else { quoted };
                parts.extensions.insert(Cause(cause));
            }
            json["request_id"] = id.into();
            server_failure(id)
        } else {
            client_error(status, method, &quoted)
        };
        if let (Some(object), serde_json::Value::Object(error)) =
            (json.as_object_mut(), error_body(&message, None))
        {
            object.extend(error);
        }
        parts.headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        parts.headers.remove(CONTENT_LENGTH);
        Response::from_parts(parts, Body::from(json.to_string()))
    } else {
        response
    };
    if status == StatusCode::REQUEST_TIMEOUT {
        // The rest of a slow body is not waited for.
        response.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
    }
    if status == StatusCode::TOO_MANY_REQUESTS && !response.headers().contains_key(RETRY_AFTER) {
        response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(DEFAULT_RETRY_AFTER));
    }
    response
}

/// The message of a client error that came without one of the API's
/// messages; `detail` is what its text body said.
fn client_error(status: StatusCode, method: &Method, detail: &str) -> Text {
    let mut message = match status {
        StatusCode::NOT_FOUND => text!("not found", "nicht gefunden"),
        StatusCode::METHOD_NOT_ALLOWED => {
            text!("method {method} is not allowed here", "die Methode {method} ist hier nicht erlaubt")
        }
        StatusCode::REQUEST_TIMEOUT => text!("the request came too slowly", "die Anfrage kam zu langsam"),
        StatusCode::PAYLOAD_TOO_LARGE => text!("the request body is too large", "die Anfrage ist zu groß"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => text!(
            "the request body must be JSON with Content-Type: application/json",
            "der Inhalt der Anfrage muss JSON sein, mit Content-Type: application/json"
        ),
        StatusCode::TOO_MANY_REQUESTS => {
            text!("too many requests; try again shortly", "zu viele Anfragen; versuch es gleich noch einmal")
        }
        _ => {
            let reason = status.canonical_reason().unwrap_or("error").to_ascii_lowercase();
            text!("request refused: {reason}", "Anfrage abgelehnt: {reason}")
        }
    };
    if !detail.is_empty() {
        message.en = format!("{}: {detail}", message.en);
        message.de = format!("{}: {detail}", message.de);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::response::IntoResponse;

    #[tokio::test]
    async fn bare_errors_become_json_and_server_errors_name_only_the_request_id() {
        let bare = StatusCode::METHOD_NOT_ALLOWED.into_response();
        let made = complete(bare, &Method::DELETE, "abc").await;
        assert_eq!(made.status(), StatusCode::METHOD_NOT_ALLOWED);
        let body = axum::body::to_bytes(made.into_body(), 10_000).await.unwrap();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(json["error"], "method DELETE is not allowed here");
        assert!(json["message"]["de"].as_str().unwrap().contains("nicht erlaubt"));

        let failed = (StatusCode::INTERNAL_SERVER_ERROR, "db error: secret table").into_response();
        let made = complete(failed, &Method::GET, "0123").await;
        assert_eq!(made.extensions().get::<Cause>().map(|c| c.0.as_str()), Some("db error: secret table"));
        let body = axum::body::to_bytes(made.into_body(), 10_000).await.unwrap();
        let text = String::from_utf8_lossy(&body);
        assert!(!text.contains("secret table") && text.contains("\"request_id\":\"0123\""), "{text}");

        let full = crate::core::error::DomainError::new(
            crate::core::error::ErrorKind::Unavailable,
            text!("the queue is full", "die Schlange ist voll"),
        );
        let made = complete(full.into_response(), &Method::POST, "0124").await;
        assert_eq!(made.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(made.extensions().get::<Cause>().is_none());
        let body = axum::body::to_bytes(made.into_body(), 10_000).await.unwrap();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(json["error"], "the queue is full", "a refusal says its reason");

        let limited = complete(StatusCode::TOO_MANY_REQUESTS.into_response(), &Method::GET, "x").await;
        assert_eq!(limited.headers()[RETRY_AFTER], "1");
    }

    #[test]
    fn request_ids_are_sixteen_hex_digits() {
        let id = request_id();
        assert_eq!(id.len(), 16);
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(id, request_id());
    }
}
