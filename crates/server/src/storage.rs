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
