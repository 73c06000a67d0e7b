//! The errors of the core and the features: what went wrong as a
//! machine-readable [`ErrorKind`] and as text for people in English and
//! German. Nothing here knows HTTP: the `http` layer maps each kind to a
//! status and a JSON body (see `http::error`).
//!
//! An [`ErrorKind::Internal`] error carries its cause (what the database or
//! the runtime said) as its text: the `http` layer logs it under the
//! request's id and never sends it.

use game::{GameError, Text, text};

/// What kind of failure an error is, for programs (the `http` layer picks
/// the status by it; the JSON body names it as `"kind"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The request cannot be read (malformed JSON, a bad query).
    Unreadable,
    /// Nobody is signed in where an account is needed.
    Unauthenticated,
    /// The request lacks the right to do this (token, invite, origin).
    Forbidden,
    /// No such game, seek, account or ply.
    NotFound,
    /// A request body did not arrive in time.
    Timeout,
    /// What the request changes changed meanwhile or is taken already.
    Conflict,
    /// A request body larger than allowed.
    TooLarge,
    /// A request body that is not declared as JSON.
    NotJson,
    /// A well-formed request the rules or the game's state do not allow.
    Rejected,
    /// Too many requests: the client may try again after a while.
    TooMany,
    /// The server failed (storage, a task); the cause is logged, not told.
    Internal,
    /// The server cannot take this now (a full queue); try again later: a
    /// 503 that says its reason (and `Retry-After`), logged as a warning,
    /// never as a failure of the server.
    Unavailable,
}

impl ErrorKind {
    /// The kind's name in replies: `"not_found"`, `"rejected"`, ….
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Unreadable => "unreadable",
            ErrorKind::Unauthenticated => "unauthenticated",
            ErrorKind::Forbidden => "forbidden",
            ErrorKind::NotFound => "not_found",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Conflict => "conflict",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::NotJson => "not_json",
            ErrorKind::Rejected => "rejected",
            ErrorKind::TooMany => "too_many",
            ErrorKind::Internal => "internal",
            ErrorKind::Unavailable => "unavailable",
        }
    }
}

/// A failed operation of the core or a feature.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", message.en)]
pub struct DomainError {
    /// What kind of failure it is.
    pub kind: ErrorKind,
    /// What went wrong, for people, in both languages; for
    /// [`ErrorKind::Internal`] the cause, which is logged, not told.
    pub message: Text,
    /// For [`ErrorKind::TooMany`]: after how many seconds the client may
    /// try again.
    pub retry_after: Option<u64>,
    /// The field of the request the error is about (`"name"`,
    /// `"password"`), for a form to show it there.
    pub field: Option<&'static str>,
}

impl DomainError {
    /// An error of the given kind and message.
    pub fn new(kind: ErrorKind, message: Text) -> DomainError {
        DomainError { kind, message, retry_after: None, field: None }
    }

    /// The same error, about the request's field `field`.
    pub fn on_field(self, field: &'static str) -> DomainError {
        DomainError { field: Some(field), ..self }
    }

    /// Too many requests; the client may try again after `retry_after`
    /// seconds (at least one).
    pub fn too_many(message: Text, retry_after: u64) -> DomainError {
        DomainError { retry_after: Some(retry_after.max(1)), ..DomainError::new(ErrorKind::TooMany, message) }
    }

    /// The request cannot be read.
    pub fn bad_request(message: Text) -> DomainError {
        DomainError::new(ErrorKind::Unreadable, message)
    }

    /// Nobody is signed in.
    pub fn unauthenticated(message: Text) -> DomainError {
        DomainError::new(ErrorKind::Unauthenticated, message)
    }

    /// No token, or a token that does not belong to a seat of the game.
    pub fn forbidden(message: Text) -> DomainError {
        DomainError::new(ErrorKind::Forbidden, message)
    }

    /// No such game (or other thing).
    pub fn not_found(message: Text) -> DomainError {
        DomainError::new(ErrorKind::NotFound, message)
    }

    /// The request conflicts with what is stored (a seat already taken).
    pub fn conflict(message: Text) -> DomainError {
        DomainError::new(ErrorKind::Conflict, message)
    }

    /// A well-formed request the game's rules or state do not allow.
    pub fn unprocessable(message: Text) -> DomainError {
        DomainError::new(ErrorKind::Rejected, message)
    }

    /// The server failed; `cause` is logged, never told.
    pub fn internal(cause: Text) -> DomainError {
        DomainError::new(ErrorKind::Internal, cause)
    }

    /// A task of the server failed (panicked or was cancelled).
    pub fn task_failed(error: &tokio::task::JoinError) -> DomainError {
        DomainError::internal(text!("task failed: {error}", "Aufgabe fehlgeschlagen: {error}"))
    }
}

impl From<GameError> for DomainError {
    fn from(error: GameError) -> DomainError {
        DomainError::unprocessable(error.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_their_kind_and_both_languages() {
        let error = DomainError::too_many(text!("slow down", "langsamer"), 0).on_field("name");
        assert_eq!((error.kind.name(), error.retry_after, error.field), ("too_many", Some(1), Some("name")));
        assert_eq!(error.to_string(), "slow down");
        let error = DomainError::from(GameError::NoEngine("x".into()));
        assert_eq!(error.kind, ErrorKind::Rejected);
        assert_ne!(error.message.en, error.message.de);
    }
}
