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
        eprintln!("database: {}", error.detail());
    }
    error.to_string()
}

/// The reply to a request the store failed: 409 when what it changes
/// changed meanwhile (or is gone), else 500; nothing was changed.
pub fn reply(error: StoreError) -> ApiError {
    let text = logged(&error);
    match error.kind() {
        ErrorKind::Conflict | ErrorKind::NotFound => ApiError::conflict(text!(
            "{text}; nothing was changed",
            "die Daten haben sich inzwischen geändert; nichts wurde geändert"
        )),
        ErrorKind::Invalid => ApiError::internal(text!(
            "stored data cannot be read; nothing was changed",
            "gespeicherte Daten sind nicht lesbar; nichts wurde geändert"
        )),
        ErrorKind::Backend => ApiError::internal(text!(
            "the database failed; nothing was changed",
            "die Datenbank hat versagt; nichts wurde geändert"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::BackendError;
    use axum::http::StatusCode;

    #[test]
    fn a_failed_database_is_a_500_that_does_not_tell_what_it_said() {
        let said = "SQLite: UNIQUE constraint failed: accounts.name_key";
        let reply = reply(StoreError::Backend(BackendError::new(said)));
        assert_eq!(reply.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(reply.message.en, "the database failed; nothing was changed");
        assert!(!reply.message.de.contains("UNIQUE") && !reply.message.de.is_empty());
    }

    #[test]
    fn what_changed_meanwhile_or_is_gone_is_a_409() {
        for error in [StoreError::Conflict("game g1".into()), StoreError::NotFound("seek k1".into())] {
            let reply = reply(error);
            assert_eq!(reply.status, StatusCode::CONFLICT);
            assert!(reply.message.en.ends_with("; nothing was changed"), "{}", reply.message.en);
        }
        let invalid = reply(StoreError::Invalid("options of game g1: expected value".into()));
        assert_eq!(invalid.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!invalid.message.en.contains("expected value"));
    }
}
