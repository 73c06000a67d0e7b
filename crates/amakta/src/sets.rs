//! Sets of stones: set text, validation and the named sets.

use crate::stones::Stone;
use game::{GameError, text};

/// Most stones a set may hold.
pub const MAX_SET_SIZE: usize = 32;

/// The named sets: name, stones, description.
pub const NAMED_SETS: [(&str, &str, &str); 7] = [
    (
        "default",
        "000000 100000 300000 400000 110000 101000 200200 111000 800000 100100",
        "ten varied stones: a blocker, short and long arrows, a double, fans and lines (the default)",
    ),
    (
        "beginner",
        "100000 110000 101000 200000 111000 000000",
        "six simple stones for a first game (best on hex3 or hex4; drawish on hex5)",
    ),
    (
        "long-range",
        "300000 330000 303000 200200 500000 900000 300300 000000",
        "red and green arrows that reach far and block each other",
    ),
    (
        "doubles",
        "400000 500000 600000 404000 440000 100000 000000",
        "double arrows: few stones, strong pushes",
    ),
    // The fairest decisive sets of `spielwerk amakta balance` (docs/amakta-research.md):
    // first player's score over 200 self-play games with its 95 % interval.
    (
        "fair-hex4",
        "002203 000222 001103 000028 000131 000204 000016",
        "measured fair on hex4: first player 0.483 (0.414-0.551), 97.5 % decisive",
    ),
    (
        "fair-hex5",
        "000036 000123 001002 001008 003007 002203 001011",
        "measured fair on hex5: first player 0.498 (0.429-0.566), 98.5 % decisive; fair on hex4 and hex6 too",
    ),
    (
        "fair-hex6",
        "003013 001202 000303 000000 000206 002009 002022",
        "measured fair on hex6: first player 0.483 (0.415-0.550), 94.5 % decisive",
    ),
];

/// A validated set: distinct stones (up to symmetry), in their canonical
/// codes, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneSet {
    stones: Vec<Stone>,
}

impl StoneSet {
    /// The set of an option value: a name from [`NAMED_SETS`] or set text.
    pub fn from_option(value: &str) -> Result<StoneSet, GameError> {
        let trimmed = value.trim();
        if let Some((_, codes, _)) = NAMED_SETS.iter().find(|(name, _, _)| *name == trimmed) {
            return StoneSet::parse(codes);
        }
        if trimmed.chars().any(|c| c.is_ascii_alphabetic()) {
            let names = NAMED_SETS.iter().map(|(n, _, _)| *n).collect::<Vec<&str>>().join(", ");
            return Err(GameError::option(
                "set",
                text!(
                    "'{trimmed}' is not a named set ({names}) nor a list of stone codes",
                    "„{trimmed}“ ist weder ein benannter Satz ({names}) noch eine Liste von Steincodes"
                ),
            ));
        }
        StoneSet::parse(trimmed)
    }

    /// Reads set text: stone codes separated by commas and/or whitespace, in
    /// any orientation. Rejects bad codes, duplicates up to symmetry, an
    /// empty set and more than [`MAX_SET_SIZE`] stones.
    pub fn parse(text: &str) -> Result<StoneSet, GameError> {
        let mut stones: Vec<Stone> = Vec::new();
        let tokens = text.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty());
        for (index, token) in tokens.enumerate() {
            let number = index + 1;
            let stone = Stone::parse(token)
                .map_err(|_| {
                    GameError::option(
                        "set",
                        text!(
                            "stone {number}: '{token}' is not a stone code (six digits 0-9)",
                            "Stein {number}: „{token}“ ist kein Steincode (sechs Ziffern 0–9)"
                        ),
                    )
                })?
                .canonical();
            if let Some(earlier) = stones.iter().position(|&s| s == stone) {
                let earlier = earlier + 1;
                return Err(GameError::option(
                    "set",
                    text!(
                        "stone {number} ('{token}') is the same stone as stone {earlier} ({stone}) up to \
                         rotation and mirroring",
                        "Stein {number} („{token}“) ist bis auf Drehen und Spiegeln derselbe Stein wie Stein \
                         {earlier} ({stone})"
                    ),
                ));
            }
            stones.push(stone);
        }
        if stones.is_empty() {
            return Err(GameError::option(
                "set",
                text!("the set holds no stones", "der Satz enthält keine Steine"),
            ));
        }
        if stones.len() > MAX_SET_SIZE {
            let count = stones.len();
            return Err(GameError::option(
                "set",
                text!(
                    "the set holds {count} stones, at most {MAX_SET_SIZE} are allowed",
                    "der Satz enthält {count} Steine, erlaubt sind höchstens {MAX_SET_SIZE}"
                ),
            ));
        }
        Ok(StoneSet { stones })
    }

    /// The stones, canonical codes, in set order.
    #[must_use]
    pub fn stones(&self) -> &[Stone] {
        &self.stones
    }

    /// The set text: canonical codes separated by commas.
    #[must_use]
    pub fn text(&self) -> String {
        self.stones.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets_are_valid() {
        for (name, _, _) in NAMED_SETS {
            assert!(StoneSet::from_option(name).is_ok(), "{name}");
        }
        assert_eq!(StoneSet::from_option("beginner").unwrap().stones().len(), 6);
    }

    #[test]
    fn set_text_is_canonicalised_and_round_trips() {
        let set = StoneSet::parse("010000,\n 300000  220000").unwrap();
        assert_eq!(set.text(), "000001,000003,000022");
        assert_eq!(StoneSet::parse(&set.text()).unwrap(), set);
    }

    #[test]
    fn bad_sets_are_rejected_clearly() {
        assert_eq!(
            StoneSet::parse("100000,010000").unwrap_err().to_string(),
            "invalid option 'set': stone 2 ('010000') is the same stone as stone 1 (000001) up to rotation and mirroring"
        );
        assert_eq!(
            StoneSet::parse("100000 1000a0").unwrap_err().to_string(),
            "invalid option 'set': stone 2: '1000a0' is not a stone code (six digits 0-9)"
        );
        assert_eq!(
            StoneSet::parse(" , ").unwrap_err().to_string(),
            "invalid option 'set': the set holds no stones"
        );
        assert_eq!(
            StoneSet::from_option("fancy").unwrap_err().to_string(),
            "invalid option 'set': 'fancy' is not a named set (default, beginner, long-range, doubles, fair-hex4, fair-hex5, fair-hex6) nor a list of stone codes"
        );
    }
}
