//! The core's edge to the store, the only way to it: the core alone
//! holds the [`Store`] ([`Storage`], opaque outside the core), and the
//! layers above read through `App::read` and write through `App::write`,
//! `App::write_or`, `App::try_write` or a game's `App::commit` (in
//! [`crate::core::app`], the one caller of [`Store::write`]). A
//! [`StoreError`] becomes a [`DomainError`] here, once, by its kind, in
//! English and German; what the database itself said stays in an internal
//! error's cause, which the `http` layer logs and never sends.

use crate::core::error::DomainError;
use crate::store::{ErrorKind, Store, StoreError};
use game::text;

/// The store, as the [`crate::core::app::App`] holds it: nothing outside the core reaches
/// into it.
pub struct Storage(Store);

impl Storage {
    /// Holds `store` for the core.
    pub fn new(store: Store) -> Storage {
        Storage(store)
    }

    /// The store, for the core (the app's reads and writes).
    pub(in crate::core) fn store(&self) -> &Store {
        &self.0
    }
}

/// Logs what the database said behind `error`, if it said anything (a
/// failure of the backend or data it cannot read), and returns the
/// error's own text, which holds none of it.
pub fn logged(error: &StoreError) -> String {
    if matches!(error.kind(), ErrorKind::Backend | ErrorKind::Invalid) {
        tracing::error!(cause = %error.detail(), "database");
    }
    error.to_string()
}

/// The error of a request the store failed: a conflict when what it
/// changes changed meanwhile (or is gone), else an internal error whose
/// cause — what the database said — is logged under the request id and
/// never sent.
pub fn error_of(error: StoreError) -> DomainError {
    match error.kind() {
        ErrorKind::Conflict | ErrorKind::NotFound => {
            let text = error.to_string();
            DomainError::conflict(text!(
                "{text}; nothing was changed",
                "die Daten haben sich inzwischen geändert; nichts wurde geändert"
            ))
        }
        ErrorKind::Invalid | ErrorKind::Backend => {
            let cause = error.detail();
            DomainError::internal(text!("{cause}; nothing was changed", "{cause}; nichts wurde geändert"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorKind;
    use crate::store::BackendError;

    #[test]
    fn a_failed_database_is_internal_and_its_cause_is_only_the_text_to_log() {
        let said = "SQLite: UNIQUE constraint failed: accounts.name_key";
        let error = error_of(StoreError::Backend(BackendError::new(said)));
        assert_eq!(error.kind, ErrorKind::Internal);
        assert!(error.message.en.contains(said), "the cause for the log: {}", error.message.en);
    }

    #[test]
    fn what_changed_meanwhile_or_is_gone_is_a_conflict() {
        for error in [StoreError::Conflict("game g1".into()), StoreError::NotFound("seek k1".into())] {
            let error = error_of(error);
            assert_eq!(error.kind, ErrorKind::Conflict);
            assert!(error.message.en.ends_with("; nothing was changed"), "{}", error.message.en);
        }
        let invalid = error_of(StoreError::Invalid("options of game g1: expected value".into()));
        assert_eq!(invalid.kind, ErrorKind::Internal);
    }
}
