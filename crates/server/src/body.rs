//! Reading requests: JSON bodies with fitting errors, and bearer tokens.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::HeaderMap;
use game::text;
use serde::de::DeserializeOwned;

/// A JSON request body. Any content type is accepted; an empty body reads
/// as `{}`. Unreadable JSON is a 400, a body over the route's limit a 413.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(request, state).await.map_err(|rejection| {
            let detail = rejection.body_text();
            ApiError::new(rejection.status(), text!("{detail}", "Anfrage abgelehnt: {detail}"))
        })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { &bytes };
        serde_json::from_slice(text).map(JsonBody).map_err(|error| {
            ApiError::bad_request(text!(
                "malformed JSON request: {error}",
                "Anfrage ist kein gültiges JSON: {error}"
            ))
        })
    }
}

/// The bearer token of the request, if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}
