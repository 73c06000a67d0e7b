//! The HTTP face of [`DomainError`]: a status by its kind and the JSON
//! body `{"error": "<English>", "kind": "…", "message": {"en": "…", "de":
//! "…"}}`.
//!
//! A server error (5xx) never shows its cause: the reply says that the
//! server failed, and [`crate::http::edge`] logs the cause under the
//! request's id, which the reply names (`"request_id"`). A 503 of
//! [`ErrorKind::Unavailable`] is no failure but a refusal of the moment (a
//! full queue): it says its reason and `Retry-After` as a 4xx does, marked
//! [`Refusal`] so that the edge keeps it and logs it as a warning.

use crate::contract::common::ErrorBody;
use crate::core::error::{DomainError, ErrorKind};
use axum::Json;
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use game::{Text, text};
use serde::Serialize;

/// The cause of a server error, kept with its response until
/// [`crate::http::edge`] logs it.
#[derive(Clone, Debug)]
pub struct Cause(pub String);

/// Marks a 5xx reply that is a refusal with its reason, not a failure of
/// the server (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct Refusal;

/// The status of an error of this kind.
pub fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Unreadable => StatusCode::BAD_REQUEST,
        ErrorKind::Unauthenticated => StatusCode::UNAUTHORIZED,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Timeout => StatusCode::REQUEST_TIMEOUT,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ErrorKind::Rejected => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::TooMany => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        ErrorKind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// The JSON body of an error: `{"error": "<English>", "message": {"en", "de"}}`,
/// with `"kind"` when the error has one.
pub fn error_body(message: &Text, kind: Option<ErrorKind>) -> serde_json::Value {
    let body = ErrorBody {
        error: message.en.clone(),
        message: message.clone().into(),
        kind: kind.map(|kind| kind.name().to_owned()),
        request_id: None,
    };
    serde_json::to_value(body).unwrap_or_default()
}

/// The JSON body of an error reply made without a [`DomainError`]: what
/// [`error_body`] holds, and the request id.
#[derive(Debug, Serialize)]
pub struct ErrorReply<'a> {
    /// The English text.
    pub error: &'a str,
    /// What kind of error it is ([`ErrorKind::name`]).
    pub kind: &'static str,
    /// The text in both languages.
    pub message: &'a Text,
    /// The request's id, as its log line names it.
    pub request_id: &'a str,
}

/// The kind and message of a request whose head hyper refused with
/// `status` before any route saw it (see [`crate::http::connections`]).
pub fn refused_head(status: StatusCode) -> (ErrorKind, Text) {
    match status {
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => (
            ErrorKind::TooLarge,
            text!(
                "the request head is too large: too long or too many header fields",
                "der Kopf der Anfrage ist zu groß: zu lange oder zu viele Kopfzeilen"
            ),
        ),
        StatusCode::URI_TOO_LONG => (
            ErrorKind::TooLarge,
            text!("the request's address (URI) is too long", "die Adresse (URI) der Anfrage ist zu lang"),
        ),
        StatusCode::BAD_REQUEST => (
            ErrorKind::Unreadable,
            text!(
                "the request head cannot be read: a malformed method, address, version or header field",
                "der Kopf der Anfrage ist nicht lesbar: Methode, Adresse, Version oder eine Kopfzeile ist \
                 fehlerhaft"
            ),
        ),
        _ => {
            let reason = status.canonical_reason().unwrap_or("error").to_ascii_lowercase();
            let kind = if status.is_server_error() { ErrorKind::Internal } else { ErrorKind::Unreadable };
            (kind, text!("the request was refused: {reason}", "die Anfrage wurde abgelehnt: {reason}"))
        }
    }
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

impl IntoResponse for DomainError {
    fn into_response(self) -> Response {
        let status = status_of(self.kind);
        if status.is_server_error() && self.kind != ErrorKind::Unavailable {
            // The edge adds the request id and logs the cause.
            let body = error_body(&server_failure("(none)"), Some(self.kind));
            let mut response = (status, Json(body)).into_response();
            response.extensions_mut().insert(Cause(self.message.en));
            return response;
        }
        let mut response = (status, Json(error_body(&self.message, Some(self.kind)))).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        if let Some(field) = self.field {
            response.headers_mut().insert("x-field", HeaderValue::from_static(field));
        }
        if status.is_server_error() {
            response.extensions_mut().insert(Refusal);
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body a reply sends.
    async fn body_of(response: Response) -> serde_json::Value {
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    #[tokio::test]
    async fn an_internal_error_sends_no_cause_and_a_refusal_sends_its_kind_and_field() {
        let cause = "SQLite: UNIQUE constraint failed: accounts.name_key";
        let response = DomainError::internal(text!("{cause}", "{cause}")).into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.extensions().get::<Cause>().map(|c| c.0.as_str()), Some(cause));
        let body = body_of(response).await;
        assert!(!body.to_string().contains("UNIQUE") && body["kind"] == "internal", "{body}");

        let refusal = DomainError::conflict(text!("taken", "vergeben")).on_field("name");
        let response = refusal.into_response();
        assert_eq!(response.status(), StatusCode::CONFLICT);
        assert_eq!(response.headers()["x-field"], "name");
        let body = body_of(response).await;
        assert_eq!(
            (&body["error"], &body["kind"], &body["message"]["de"]),
            (&"taken".into(), &"conflict".into(), &"vergeben".into())
        );

        let full = DomainError {
            retry_after: Some(30),
            ..DomainError::new(ErrorKind::Unavailable, text!("the queue is full", "die Schlange ist voll"))
        };
        let response = full.into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[RETRY_AFTER], "30");
        assert!(response.extensions().get::<Refusal>().is_some());
        assert!(response.extensions().get::<Cause>().is_none(), "nothing failed");
        let body = body_of(response).await;
        assert_eq!((&body["error"], &body["kind"]), (&"the queue is full".into(), &"unavailable".into()));
    }
}
