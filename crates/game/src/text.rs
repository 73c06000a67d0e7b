//! Messages for people in both languages of Spielwerk.
//!
//! The rule texts come from German sources and the web UI speaks German and
//! English, so every message a game gives a person — why a move is illegal,
//! what is wrong with a position, a board or a set — is written in both.
//! The command line shows the English text; the server sends both and the
//! web UI shows the one of its language.

use std::fmt;

use serde::Serialize;

/// A language Spielwerk speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English (the default).
    #[default]
    English,
    /// German.
    German,
}

impl Language {
    /// The language of an ISO 639-1 code (`en`, `de`), ignoring case and any
    /// region (`de-AT`); `None` for other languages.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Language::English),
            "de" => Some(Language::German),
            _ => None,
        }
    }
}

/// One message in English and German.
///
/// `Display` shows the English text. Build one with [`text!`](crate::text!)
/// (format strings for both languages) or [`Text::new`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Text {
    /// English.
    pub en: String,
    /// German.
    pub de: String,
}

impl Text {
    /// A message from its English and German wording.
    pub fn new(en: impl Into<String>, de: impl Into<String>) -> Text {
        Text { en: en.into(), de: de.into() }
    }

    /// The wording in `language`.
    #[must_use]
    pub fn get(&self, language: Language) -> &str {
        match language {
            Language::English => &self.en,
            Language::German => &self.de,
        }
    }

    /// Both wordings with `prefix` put in front (for context such as a line
    /// number: `text!("line {n}: ", "Zeile {n}: ")`).
    #[must_use]
    pub fn prefixed(self, prefix: &Text) -> Text {
        Text { en: format!("{}{}", prefix.en, self.en), de: format!("{}{}", prefix.de, self.de) }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// A text fixed in the program, in English and German: a game's title, its
/// players' names, an option's label and help, its rules.
///
/// `Display` shows the English text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct StaticText {
    /// English.
    pub en: &'static str,
    /// German.
    pub de: &'static str,
}

impl StaticText {
    /// A text from its English and German wording.
    #[must_use]
    pub const fn new(en: &'static str, de: &'static str) -> StaticText {
        StaticText { en, de }
    }

    /// The wording in `language`.
    #[must_use]
    pub fn get(self, language: Language) -> &'static str {
        match language {
            Language::English => self.en,
            Language::German => self.de,
        }
    }
}

impl From<StaticText> for Text {
    fn from(text: StaticText) -> Text {
        Text::new(text.en, text.de)
    }
}

impl fmt::Display for StaticText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.en)
    }
}

/// A [`Text`] from an English and a German format string, each formatted with
/// the variables it names: `text!("{square} is taken", "{square} ist besetzt")`.
#[macro_export]
macro_rules! text {
    ($en:literal, $de:literal $(,)?) => {
        $crate::Text::new(format!($en), format!($de))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_language_codes_with_regions_and_case() {
        assert_eq!(Language::from_code("de"), Some(Language::German));
        assert_eq!(Language::from_code("DE-at"), Some(Language::German));
        assert_eq!(Language::from_code("en_GB"), Some(Language::English));
        assert_eq!(Language::from_code("fr"), None);
        assert_eq!(Language::from_code(""), None);
    }

    #[test]
    fn formats_both_wordings_and_shows_english() {
        let square = "c3";
        let message = crate::text!("{square} is taken", "{square} ist besetzt");
        assert_eq!(message.get(Language::German), "c3 ist besetzt");
        assert_eq!(message.to_string(), "c3 is taken");
        let line = 4;
        let message = message.prefixed(&crate::text!("line {line}: ", "Zeile {line}: "));
        assert_eq!(message.get(Language::English), "line 4: c3 is taken");
        assert_eq!(message.get(Language::German), "Zeile 4: c3 ist besetzt");
    }

    #[test]
    fn static_texts_give_either_wording() {
        const RED: StaticText = StaticText::new("Red", "Rot");
        assert_eq!(RED.get(Language::German), "Rot");
        assert_eq!(RED.to_string(), "Red");
        assert_eq!(Text::from(RED), Text::new("Red", "Rot"));
    }
}
