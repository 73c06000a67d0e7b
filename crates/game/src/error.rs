//! The error type of the game model.

use thiserror::Error;

use crate::{Language, Text, text};

/// Everything that can go wrong when reading or applying game input.
///
/// Every variant names what was wrong so that it can be shown to a person
/// as it is: `Display` in English, [`GameError::message`] in either language.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// Move text that does not follow the game's notation.
    #[error("malformed move '{text}': {reason}")]
    MalformedMove {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: Text,
    },
    /// Well-formed move text naming a move that is not legal now.
    #[error("illegal move '{text}': {reason}")]
    IllegalMove {
        /// The text as given.
        text: String,
        /// Why it is not legal.
        reason: Text,
    },
    /// Position text that cannot be read or describes an impossible position.
    #[error("invalid position: {0}")]
    InvalidPosition(Text),
    /// A game option with a bad value, or an option the game does not know.
    #[error("invalid option '{name}': {reason}")]
    InvalidOption {
        /// The option's name.
        name: String,
        /// What is wrong with it.
        reason: Text,
    },
    /// No game of that name is registered.
    #[error("unknown game '{0}'")]
    UnknownGame(String),
    /// The game is over; no more moves are accepted.
    #[error("the game is over")]
    GameOver,
    /// A game record that cannot be read.
    #[error("invalid record: {0}")]
    InvalidRecord(Text),
    /// The game (by name) offers no engine: its crate was built without
    /// the engines (the game crates' `engine` feature), so it cannot think.
    #[error("{0} has no engine")]
    NoEngine(String),
}

impl GameError {
    /// Shorthand for [`GameError::MalformedMove`].
    pub fn malformed(text: &str, reason: Text) -> GameError {
        GameError::MalformedMove { text: text.to_owned(), reason }
    }

    /// Shorthand for [`GameError::IllegalMove`].
    pub fn illegal(text: &str, reason: Text) -> GameError {
        GameError::IllegalMove { text: text.to_owned(), reason }
    }

    /// Shorthand for [`GameError::InvalidPosition`].
    pub fn position(reason: Text) -> GameError {
        GameError::InvalidPosition(reason)
    }

    /// Shorthand for [`GameError::InvalidOption`].
    pub fn option(name: &str, reason: Text) -> GameError {
        GameError::InvalidOption { name: name.to_owned(), reason }
    }

    /// The whole message in both languages (the English one is `Display`'s).
    #[must_use]
    pub fn text(&self) -> Text {
        let reason_of = |reason: &Text, language| reason.get(language).to_owned();
        match self {
            GameError::MalformedMove { text, reason } => {
                let (en, de) = (reason_of(reason, Language::English), reason_of(reason, Language::German));
                text!("malformed move '{text}': {en}", "Zug „{text}“ nicht lesbar: {de}")
            }
            GameError::IllegalMove { text, reason } => {
                let (en, de) = (reason_of(reason, Language::English), reason_of(reason, Language::German));
                text!("illegal move '{text}': {en}", "unzulässiger Zug „{text}“: {de}")
            }
            GameError::InvalidPosition(reason) => {
                let (en, de) = (&reason.en, &reason.de);
                text!("invalid position: {en}", "ungültige Stellung: {de}")
            }
            GameError::InvalidOption { name, reason } => {
                let (en, de) = (&reason.en, &reason.de);
                text!("invalid option '{name}': {en}", "ungültige Einstellung „{name}“: {de}")
            }
            GameError::UnknownGame(name) => text!("unknown game '{name}'", "unbekanntes Spiel „{name}“"),
            GameError::GameOver => text!("the game is over", "das Spiel ist vorbei"),
            GameError::InvalidRecord(reason) => {
                let (en, de) = (&reason.en, &reason.de);
                text!("invalid record: {en}", "ungültige Partieaufzeichnung: {de}")
            }
            GameError::NoEngine(name) => text!("{name} has no engine", "{name} hat keine Engine"),
        }
    }

    /// The whole message in `language`.
    #[must_use]
    pub fn message(&self, language: Language) -> String {
        self.text().get(language).to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_message_is_the_display_text() {
        let errors = [
            GameError::malformed("zz", text!("no such square", "kein solches Feld")),
            GameError::illegal("a1", text!("a1 is taken", "a1 ist besetzt")),
            GameError::position(text!("empty", "leer")),
            GameError::option("rules", text!("unknown", "unbekannt")),
            GameError::UnknownGame("go".into()),
            GameError::GameOver,
            GameError::InvalidRecord(text!("no moves", "keine Züge")),
            GameError::NoEngine("ataxx".into()),
        ];
        for error in errors {
            assert_eq!(error.message(Language::English), error.to_string());
            assert_ne!(error.message(Language::German), error.to_string());
        }
    }

    #[test]
    fn german_message_carries_the_german_reason() {
        let error = GameError::illegal("a1", text!("a1 is taken", "a1 ist besetzt"));
        assert_eq!(error.message(Language::German), "unzulässiger Zug „a1“: a1 ist besetzt");
    }
}
