//! Errors of the HTTP API: a status and a message in English and German, sent
//! as `{"error": "<English>", "message": {"en": "…", "de": "…"}}`.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use game::{GameError, Text, text};

/// A failed API request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for people, in both languages.
    pub message: Text,
}

impl ApiError {
    /// An error with the given status and message.
    pub fn new(status: StatusCode, message: Text) -> ApiError {
        ApiError { status, message }
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

    /// 500: the server failed (storage); nothing was changed.
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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message.en, "message": self.message })))
            .into_response()
    }
}
