//! JSON replies of 1 KB and more compressed for the browsers that accept it
//! (the lobby's list of running games, a game's state, search results):
//! brotli or gzip at a quick setting, made for the one request. Fixed
//! bodies (the page, its files, the registry) are compressed once instead,
//! see [`crate::http::assets`]; event streams and sockets are left alone.

use crate::core::encoded::{Coding, compress_once};
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Compresses the JSON reply to `request` when the browser accepts it.
pub async fn json(request: Request, next: Next) -> Response {
    let accepted =
        request.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let coding = Coding::accepted(accepted);
    let response = next.run(request).await;
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|kind| kind.starts_with("application/json"));
    if coding == Coding::Identity || !is_json || response.headers().contains_key(header::CONTENT_ENCODING) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let body = match compress_once(&bytes, coding).zip(coding.header()) {
        Some((compressed, name)) => {
            parts.headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
            parts.headers.remove(header::CONTENT_LENGTH);
            compressed
        }
        None => bytes,
    };
    parts.headers.append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    Response::from_parts(parts, Body::from(body))
}
