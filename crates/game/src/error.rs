//! The error type of the game model.

use thiserror::Error;

/// Everything that can go wrong when reading or applying game input.
///
/// Every variant names what was wrong so that it can be shown to a person
/// as it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// Move text that does not follow the game's notation.
    #[error("malformed move '{text}': {reason}")]
    MalformedMove {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Well-formed move text naming a move that is not legal now.
    #[error("illegal move '{text}': {reason}")]
    IllegalMove {
        /// The text as given.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
    /// Position text that cannot be read or describes an impossible position.
    #[error("invalid position: {0}")]
    InvalidPosition(String),
    /// A game option with a bad value, or an option the game does not know.
    #[error("invalid option '{name}': {reason}")]
    InvalidOption {
        /// The option's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No game of that name is registered.
    #[error("unknown game '{0}'")]
    UnknownGame(String),
    /// The game is over; no more moves are accepted.
    #[error("the game is over")]
    GameOver,
    /// A game record that cannot be read.
    #[error("invalid record: {0}")]
    InvalidRecord(String),
}

impl GameError {
    /// Shorthand for [`GameError::MalformedMove`].
    pub fn malformed(text: &str, reason: impl Into<String>) -> GameError {
        GameError::MalformedMove { text: text.to_owned(), reason: reason.into() }
    }

    /// Shorthand for [`GameError::IllegalMove`].
    pub fn illegal(text: &str, reason: impl Into<String>) -> GameError {
        GameError::IllegalMove { text: text.to_owned(), reason: reason.into() }
    }

    /// Shorthand for [`GameError::InvalidPosition`].
    pub fn position(reason: impl Into<String>) -> GameError {
        GameError::InvalidPosition(reason.into())
    }

    /// Shorthand for [`GameError::InvalidOption`].
    pub fn option(name: &str, reason: impl Into<String>) -> GameError {
        GameError::InvalidOption { name: name.to_owned(), reason: reason.into() }
    }
}
