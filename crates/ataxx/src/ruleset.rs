//! [`Ruleset`]: the two sets of rules a game can be played under.

use game::{GameError, text};
use std::fmt;

/// The rules of a game: how it ends apart from stones and moves running out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Ruleset {
    /// The rules of the seed text (default): threefold repetition ends the
    /// game and then the player with more stones wins; no 50-move rule.
    #[default]
    Seed,
    /// The community conventions of Ataxx engines (libataxx): a half-move
    /// clock of 100 ends the game in a draw unless a player has no stones or
    /// neither can move; no repetition rule.
    Community,
}

impl Ruleset {
    /// The option value naming the ruleset (`seed`, `community`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Seed => "seed",
            Ruleset::Community => "community",
        }
    }

    /// Reads an option value (case-insensitive).
    pub fn from_name(name: &str) -> Result<Ruleset, GameError> {
        match name.to_ascii_lowercase().as_str() {
            "seed" => Ok(Ruleset::Seed),
            "community" => Ok(Ruleset::Community),
            _ => Err(GameError::option(
                "rules",
                text!(
                    "'{name}' is not one of seed, community",
                    "„{name}“ ist keiner der Werte seed, community"
                ),
            )),
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
