//! The server's edge to the store: a [`StoreError`] becomes a reply by its
//! kind, in English and German; what the database itself said is logged,
//! never sent.

use crate::error::ApiError;
use crate::store::{ErrorKind, StoreError};
use game::text;

/// Logs what the database said behind `error`, if it said anything (a
/// failure of the backend or data it cannot read), and returns the
/// error's own text, which holds none of it.
pub fn logged(error: &StoreError) -> String {
    if matches!(error.kind(), ErrorKind::Backend | ErrorKind::Invalid) {
        tracing::error!(cause = %error.detail(), "database");
    }
    error.to_string()
}

/// The reply to a request the store failed: 409 when what it changes
/// changed meanwhile (or is gone), else 500, whose cause — what the
/// database said — the edge logs under the request id and never sends.
pub fn reply(error: StoreError) -> ApiError {
    match error.kind() {
        ErrorKind::Conflict | ErrorKind::NotFound => {
            let text = error.to_string();
            ApiError::conflict(text!(
                "{text}; nothing was changed",
                "die Daten haben sich inzwischen geändert; nichts wurde geändert"
            ))
        }
        ErrorKind::Invalid | ErrorKind::Backend => {
            let cause = error.detail();
            ApiError::internal(text!("{cause}; nothing was changed", "{cause}; nichts wurde geändert"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::BackendError;
    use axum::http::StatusCode;
    use axum::response::IntoResponse;

    /// The body a reply sends.
    async fn body_of(reply: ApiError) -> String {
        let body = reply.into_response().into_body();
        String::from_utf8(axum::body::to_bytes(body, usize::MAX).await.unwrap().to_vec()).unwrap()
    }

    #[tokio::test]
    async fn a_failed_database_is_a_500_whose_cause_is_logged_not_sent() {
        let said = "SQLite: UNIQUE constraint failed: accounts.name_key";
        let reply = reply(StoreError::Backend(BackendError::new(said)));
        assert_eq!(reply.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(reply.message.en.contains(said), "the cause for the log: {}", reply.message.en);
        let body = body_of(reply).await;
        assert!(!body.contains("UNIQUE") && body.contains("request id"), "{body}");
    }

    #[tokio::test]
    async fn what_changed_meanwhile_or_is_gone_is_a_409() {
        for error in [StoreError::Conflict("game g1".into()), StoreError::NotFound("seek k1".into())] {
            let reply = reply(error);
            assert_eq!(reply.status, StatusCode::CONFLICT);
            assert!(reply.message.en.ends_with("; nothing was changed"), "{}", reply.message.en);
        }
        let invalid = reply(StoreError::Invalid("options of game g1: expected value".into()));
        assert_eq!(invalid.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!body_of(invalid).await.contains("expected value"));
    }
}
