//! Errors of the HTTP API: a status and a message in English and German, sent
//! as `{"error": "<English>", "message": {"en": "…", "de": "…"}}`.
//!
//! A server error (5xx) never shows its cause: the reply says that the
//! server failed, and [`crate::edge`] logs the cause under the request's
//! id, which the reply names (`"request_id"`).

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use game::{GameError, Text, text};

/// A failed API request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for people, in both languages; for a server error
    /// the cause, which is logged, not sent.
    pub message: Text,
    /// For a 429: after how many seconds the client may try again
    /// (`Retry-After`).
    pub retry_after: Option<u64>,
}

/// The cause of a server error, kept with its response until
/// [`crate::edge`] logs it.
#[derive(Clone, Debug)]
pub struct Cause(pub String);

impl ApiError {
    /// An error with the given status and message.
    pub fn new(status: StatusCode, message: Text) -> ApiError {
        ApiError { status, message, retry_after: None }
    }

    /// 429: too many requests; the client may try again after
    /// `retry_after` seconds (at least one).
    pub fn too_many(message: Text, retry_after: u64) -> ApiError {
        ApiError {
            retry_after: Some(retry_after.max(1)),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
        }
    }

    /// 400: the request cannot be read.
    pub fn bad_request(message: Text) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: no token, or a token that does not belong to a seat of the game.
    pub fn forbidden(message: Text) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such game (or resource).
    pub fn not_found(message: Text) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the request conflicts with the game's state (a seat already taken).
    pub fn conflict(message: Text) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 422: a well-formed request the game's rules or state do not allow.
    pub fn unprocessable(message: Text) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 500: the server failed (storage); `message` is the cause, logged
    /// and not sent.
    pub fn internal(message: Text) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> ApiError {
        ApiError::unprocessable(error.text())
    }
}

/// A query string that cannot be read: 400, naming what is wrong.
impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        let detail = rejection.body_text();
        ApiError::bad_request(text!("{detail}", "Anfrage abgelehnt: {detail}"))
    }
}

/// The JSON body of an error: `{"error": "<English>", "message": {"en", "de"}}`.
pub fn error_body(message: &Text) -> serde_json::Value {
    serde_json::json!({ "error": message.en, "message": message })
}

/// What a server error says to the client: that it failed, and the id
/// under which its cause is logged.
pub fn server_failure(request_id: &str) -> Text {
    text!(
        "the server failed; its log names the cause under request id {request_id}",
        "der Server hat einen Fehler; sein Protokoll nennt die Ursache unter der Anfrage-Nummer \
         {request_id}"
    )
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            // The edge adds the request id and logs the cause.
            let mut response = (self.status, Json(error_body(&server_failure("(none)")))).into_response();
            response.extensions_mut().insert(Cause(self.message.en));
            return response;
        }
        let mut response = (self.status, Json(error_body(&self.message))).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
