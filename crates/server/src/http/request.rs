//! Reading requests: JSON (or form-encoded) bodies with fitting errors,
//! and bearer tokens.

use crate::core::error::{DomainError, ErrorKind};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use game::text;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// A JSON request body. A body must come as JSON (`Content-Type:
/// application/json` or another `…/…+json` type), else 415; an empty body
/// reads as `{}` whatever its type. Unreadable JSON is a 400, a body over
/// the route's limit a 413, a body that takes longer than the request's
/// [`BodyTimeout`] to arrive a 408.
pub struct JsonBody<T>(pub T);

/// How long a request's body may take to arrive, all of it (the edge puts
/// it into every request's extensions; without it, [`DEFAULT_BODY_TIMEOUT`]).
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub Duration);

/// The deadline of a body when the request names none.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(30);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = DomainError;

    async fn from_request(request: Request, state: &S) -> Result<Self, DomainError> {
        let declared_json = is_json(request.headers());
        let BodyTimeout(deadline) =
            request.extensions().get().copied().unwrap_or(BodyTimeout(DEFAULT_BODY_TIMEOUT));
        let read = tokio::time::timeout(deadline, Bytes::from_request(request, state)).await;
        let bytes = read
            .map_err(|_| {
                let seconds = deadline.as_secs_f64();
                DomainError::new(
                    ErrorKind::Timeout,
                    text!(
                        "the request body did not arrive within {seconds} s",
                        "der Inhalt der Anfrage kam nicht innerhalb von {seconds} s an"
                    ),
                )
            })?
            .map_err(|rejection| {
                let detail = rejection.body_text();
                DomainError::new(
                    kind_of(rejection.status()),
                    text!("{detail}", "Anfrage abgelehnt: {detail}"),
                )
            })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else if declared_json {
            &bytes
        } else {
            return Err(DomainError::new(
                ErrorKind::NotJson,
                text!(
                    "the request body must be JSON with Content-Type: application/json",
                    "der Inhalt der Anfrage muss JSON sein, mit Content-Type: application/json"
                ),
            ));
        };
        serde_json::from_slice(text).map(JsonBody).map_err(|error| {
            DomainError::bad_request(text!(
                "malformed JSON request: {error}",
                "Anfrage ist kein gültiges JSON: {error}"
            ))
        })
    }
}

/// A request body form-encoded (`application/x-www-form-urlencoded`, as
/// lichess's clients send it) or else JSON (read as [`JsonBody`]).
pub struct FormOrJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for FormOrJson<T> {
    type Rejection = DomainError;

    async fn from_request(request: Request, state: &S) -> Result<Self, DomainError> {
        let form =
            request.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
                v.trim().to_ascii_lowercase().starts_with("application/x-www-form-urlencoded")
            });
        if !form {
            return JsonBody::from_request(request, state).await.map(|JsonBody(body)| FormOrJson(body));
        }
        let axum::Form(body) = axum::Form::<T>::from_request(request, state).await.map_err(|rejection| {
            let detail = rejection.body_text();
            DomainError::bad_request(text!("{detail}", "Anfrage abgelehnt: {detail}"))
        })?;
        Ok(FormOrJson(body))
    }
}

/// The kind of error of a body that could not be read, by the status
/// axum gave it: too large, or else unreadable.
fn kind_of(status: StatusCode) -> ErrorKind {
    if status == StatusCode::PAYLOAD_TOO_LARGE { ErrorKind::TooLarge } else { ErrorKind::Unreadable }
}

/// A query string that cannot be read: 400, naming what is wrong.
impl From<QueryRejection> for DomainError {
    fn from(rejection: QueryRejection) -> DomainError {
        let detail = rejection.body_text();
        DomainError::bad_request(text!("{detail}", "Anfrage abgelehnt: {detail}"))
    }
}

/// Whether the request says its body is JSON: `application/json` or a
/// `+json` type, parameters (`; charset=utf-8`) aside.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json"
        || essence.split_once('/').is_some_and(|(kind, sub)| kind == "application" && sub.ends_with("+json"))
}

/// The bearer token of the request, if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with_type(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn json_types_are_recognised_with_parameters_and_suffixes() {
        for json in ["application/json", "Application/JSON; charset=utf-8", "application/merge-patch+json"] {
            assert!(is_json(&with_type(json)), "{json}");
        }
        for other in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "json"] {
            assert!(!is_json(&with_type(other)), "{other}");
        }
        assert!(!is_json(&HeaderMap::new()));
    }
}
