//! What can go wrong with the store, as a domain error: its kind tells the
//! server how to answer; a backend's own error text is only for the log
//! ([`StoreError::detail`]), never for a reply.

use std::fmt;
use thiserror::Error;

/// What can go wrong with the store.
#[derive(Debug, Error)]
pub enum StoreError {
    /// What a change was made against changed meanwhile (the game's
    /// version, an account's rating, a seek's acceptance; another server
    /// instance or request was first): nothing was written.
    #[error("{0} changed meanwhile")]
    Conflict(String),
    /// What a change needs is not stored (or no longer in the state the
    /// change needs): nothing was written.
    #[error("{0} was not found")]
    NotFound(String),
    /// Stored data this program cannot read.
    #[error("invalid stored data: {0}")]
    Invalid(String),
    /// The database was written by a newer version of the program.
    #[error("the database has schema version {found}, newer than this program's {known}")]
    TooNew {
        /// The database's version.
        found: usize,
        /// The newest version this program knows.
        known: usize,
    },
    /// The database failed (it cannot be reached, or refused a statement);
    /// whatever the request wrote was rolled back.
    #[error("the database failed")]
    Backend(#[source] BackendError),
}

/// The kinds of [`StoreError`], for mapping them to replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// [`StoreError::Conflict`].
    Conflict,
    /// [`StoreError::NotFound`].
    NotFound,
    /// [`StoreError::Invalid`] and [`StoreError::TooNew`].
    Invalid,
    /// [`StoreError::Backend`].
    Backend,
}

impl StoreError {
    /// The error's kind.
    pub fn kind(&self) -> ErrorKind {
        match self {
            StoreError::Conflict(_) => ErrorKind::Conflict,
            StoreError::NotFound(_) => ErrorKind::NotFound,
            StoreError::Invalid(_) | StoreError::TooNew { .. } => ErrorKind::Invalid,
            StoreError::Backend(_) => ErrorKind::Backend,
        }
    }

    /// The whole story, the backend's text included: for the log and for
    /// an operator starting the server, not for replies to clients.
    pub fn detail(&self) -> String {
        match self {
            StoreError::Backend(backend) => format!("{self}: {backend}"),
            _ => self.to_string(),
        }
    }
}

/// A failure of the database itself, with the backend's text.
#[derive(Debug)]
pub struct BackendError(String);

impl BackendError {
    /// A failure described by `text`.
    pub fn new(text: impl Into<String>) -> BackendError {
        BackendError(text.into())
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BackendError {}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError::Backend(BackendError(format!("SQLite: {error}")))
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(error: tokio_postgres::Error) -> StoreError {
        // The server's message (e.g. "invalid byte sequence") is in the
        // source, not in the error's own text.
        let text = match std::error::Error::source(&error) {
            Some(source) => format!("PostgreSQL: {error}: {source}"),
            None => format!("PostgreSQL: {error}"),
        };
        StoreError::Backend(BackendError(text))
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(error: deadpool_postgres::PoolError) -> StoreError {
        StoreError::Backend(BackendError(format!("no PostgreSQL connection: {error}")))
    }
}
