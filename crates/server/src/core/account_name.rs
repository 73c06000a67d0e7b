//! The name of an account, checked once where a request names one.
//!
//! A name is 3 to 20 of `A-Z a-z 0-9 _ -`, unique whatever its case (the
//! store compares names without case). Every request that names an
//! account — signing up and in, a profile, a rating history, the search's
//! `player`, a challenge, a mute — reads it as an [`AccountName`] first:
//! what is not one is refused (422, in both languages) before the
//! database sees it, so that no text the database cannot hold (PostgreSQL
//! refuses NUL) reaches it. The `http` layer reads a name from a route's
//! path the same way.

use crate::core::error::DomainError;
use game::text;
use std::fmt;

/// The fewest characters of a name.
pub const MIN_NAME: usize = 3;
/// The most characters of a name.
pub const MAX_NAME: usize = 20;
/// The most characters of a refused name that a refusal quotes.
const QUOTED: usize = 40;

/// A valid account name (see the module documentation); made only by
/// [`AccountName::parse`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AccountName(String);

impl AccountName {
    /// Reads a name as sent, blanks around it aside; 422 on the field
    /// `name` for anything that is not 3 to 20 of `A-Z a-z 0-9 _ -`.
    pub fn parse(text: &str) -> Result<AccountName, DomainError> {
        let name = text.trim();
        let valid = (MIN_NAME..=MAX_NAME).contains(&name.len())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if valid {
            return Ok(AccountName(name.to_owned()));
        }
        let shown: String = name.chars().filter(|c| !c.is_control()).take(QUOTED).collect();
        let message = if shown.is_empty() {
            text!(
                "a name has {MIN_NAME} to {MAX_NAME} letters, digits, _ or -",
                "ein Name hat {MIN_NAME} bis {MAX_NAME} Buchstaben, Ziffern, _ oder -"
            )
        } else {
            text!(
                "'{shown}' is no name: a name has {MIN_NAME} to {MAX_NAME} letters, digits, _ or -",
                "„{shown}“ ist kein Name: ein Name hat {MIN_NAME} bis {MAX_NAME} Buchstaben, Ziffern, _ \
                 oder -"
            )
        };
        Err(DomainError::unprocessable(message).on_field("name"))
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for AccountName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorKind;

    #[test]
    fn names_are_three_to_twenty_plain_characters() {
        for good in ["anna", "B_o-b", "abc", "a2345678901234567890", " anna "] {
            assert_eq!(AccountName::parse(good).unwrap().as_str(), good.trim(), "{good}");
        }
        for bad in
            ["ab", "a23456789012345678901", "an na", "änna", "a/b", "", "an\0na", "anna\u{7}", "ａｎｎａ"]
        {
            let error = AccountName::parse(bad).unwrap_err();
            assert_eq!((error.kind, error.field), (ErrorKind::Rejected, Some("name")), "{bad:?}");
            assert!(error.message.en.contains("3 to 20 letters"), "{error:?}");
            assert!(error.message.de.contains("3 bis 20 Buchstaben"), "{error:?}");
        }
    }

    #[test]
    fn a_refusal_quotes_the_name_without_control_characters_and_cut() {
        let error = AccountName::parse("an\0na").unwrap_err();
        assert!(error.message.en.starts_with("'anna' is no name"), "{error:?}");
        let error = AccountName::parse(&"x".repeat(1000)).unwrap_err();
        assert!(error.message.en.len() < 200, "{error:?}");
        let error = AccountName::parse("\0\u{1}").unwrap_err();
        assert!(error.message.en.starts_with("a name has"), "{error:?}");
    }
}
