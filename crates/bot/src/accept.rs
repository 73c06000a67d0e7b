//! Which challenges the bot accepts: the rules its owner sets, and the
//! reason it gives (lichess's decline reasons) for the others.

use std::time::Duration;

/// Whether the bot plays rated games, casual games or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RatedChoice {
    /// Rated and casual games.
    #[default]
    Any,
    /// Only rated games.
    Rated,
    /// Only casual games.
    Casual,
}

/// The time a challenge offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferedTime {
    /// A clock: the starting time and the increment per move.
    Clock {
        /// Each player's starting time.
        base: Duration,
        /// What each move adds.
        increment: Duration,
    },
    /// Correspondence: days per move.
    Days(u32),
    /// No time limit.
    Unlimited,
}

/// A challenge as the rules judge it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The game's registry name (`ataxx`, `abalone`, …).
    pub game: String,
    /// Whether the game would be rated.
    pub rated: bool,
    /// Its time.
    pub time: OfferedTime,
    /// Whether the challenger is a bot.
    pub from_bot: bool,
}

/// Why a challenge is declined; [`Decline::reason`] is the word the Bot
/// API takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decline {
    /// The bot plays as many games as it may already.
    Later,
    /// The clock is shorter than the bot accepts.
    TooFast,
    /// The clock is longer than the bot accepts, or correspondence or no
    /// limit where the bot does not play those.
    TooSlow,
    /// A rated game from a bot that plays only casual ones.
    Casual,
    /// A casual game from a bot that plays only rated ones.
    Rated,
    /// A game the bot does not play.
    Variant,
    /// A challenge from another bot, which this bot does not accept.
    NoBot,
}

impl Decline {
    /// The reason as the Bot API's decline takes it (lichess's words).
    #[must_use]
    pub fn reason(self) -> &'static str {
        match self {
            Decline::Later => "later",
            Decline::TooFast => "tooFast",
            Decline::TooSlow => "tooSlow",
            Decline::Casual => "casual",
            Decline::Rated => "rated",
            Decline::Variant => "variant",
            Decline::NoBot => "noBot",
        }
    }
}

/// The owner's rules for accepting challenges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcceptRules {
    /// The games the bot plays (registry names); empty: every game.
    pub games: Vec<String>,
    /// Rated, casual or both.
    pub rated: RatedChoice,
    /// The shortest starting time of a clock it accepts.
    pub min_base: Duration,
    /// The longest starting time of a clock it accepts.
    pub max_base: Duration,
    /// Whether it plays correspondence games and games without a limit.
    pub correspondence: bool,
    /// Whether it accepts challenges from other bots.
    pub bots: bool,
    /// How many games it plays at once.
    pub max_games: usize,
}

impl Default for AcceptRules {
    /// Every game, rated or casual, clocks from 30 s to 1 hour, no
    /// correspondence, people and bots, one game at a time.
    fn default() -> AcceptRules {
        AcceptRules {
            games: Vec::new(),
            rated: RatedChoice::Any,
            min_base: Duration::from_secs(30),
            max_base: Duration::from_secs(3600),
            correspondence: false,
            bots: true,
            max_games: 1,
        }
    }
}

impl AcceptRules {
    /// Whether to accept `offer` while `running` games are being played.
    pub fn judge(&self, offer: &Offer, running: usize) -> Result<(), Decline> {
        if !self.games.is_empty() && !self.games.iter().any(|game| game.eq_ignore_ascii_case(&offer.game)) {
            return Err(Decline::Variant);
        }
        if offer.from_bot && !self.bots {
            return Err(Decline::NoBot);
        }
        match (self.rated, offer.rated) {
            (RatedChoice::Rated, false) => return Err(Decline::Rated),
            (RatedChoice::Casual, true) => return Err(Decline::Casual),
            _ => {}
        }
        match offer.time {
            OfferedTime::Clock { base, .. } if base < self.min_base => return Err(Decline::TooFast),
            OfferedTime::Clock { base, .. } if base > self.max_base => return Err(Decline::TooSlow),
            OfferedTime::Days(_) | OfferedTime::Unlimited if !self.correspondence => {
                return Err(Decline::TooSlow);
            }
            _ => {}
        }
        if running >= self.max_games {
            return Err(Decline::Later);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blitz(game: &str) -> Offer {
        Offer {
            game: game.to_owned(),
            rated: false,
            time: OfferedTime::Clock { base: Duration::from_secs(180), increment: Duration::from_secs(2) },
            from_bot: false,
        }
    }

    #[test]
    fn the_default_rules_take_a_blitz_game_of_any_kind_when_free() {
        let rules = AcceptRules::default();
        assert_eq!(rules.judge(&blitz("abalone"), 0), Ok(()));
        assert_eq!(rules.judge(&Offer { rated: true, from_bot: true, ..blitz("ataxx") }, 0), Ok(()));
        assert_eq!(rules.judge(&blitz("abalone"), 1), Err(Decline::Later));
    }

    #[test]
    fn each_rule_declines_with_its_own_reason() {
        let only_ataxx = AcceptRules { games: vec!["ataxx".into()], ..AcceptRules::default() };
        assert_eq!(only_ataxx.judge(&blitz("Ataxx"), 0), Ok(()));
        assert_eq!(only_ataxx.judge(&blitz("formation"), 0), Err(Decline::Variant));
        let people_only = AcceptRules { bots: false, ..AcceptRules::default() };
        assert_eq!(people_only.judge(&Offer { from_bot: true, ..blitz("ataxx") }, 0), Err(Decline::NoBot));
        let rated_only = AcceptRules { rated: RatedChoice::Rated, ..AcceptRules::default() };
        assert_eq!(rated_only.judge(&blitz("ataxx"), 0), Err(Decline::Rated));
        let casual_only = AcceptRules { rated: RatedChoice::Casual, ..AcceptRules::default() };
        assert_eq!(casual_only.judge(&Offer { rated: true, ..blitz("ataxx") }, 0), Err(Decline::Casual));
        let bullet = OfferedTime::Clock { base: Duration::from_secs(15), increment: Duration::ZERO };
        assert_eq!(
            AcceptRules::default().judge(&Offer { time: bullet, ..blitz("ataxx") }, 0),
            Err(Decline::TooFast)
        );
        let classical = OfferedTime::Clock { base: Duration::from_secs(7200), increment: Duration::ZERO };
        let default = AcceptRules::default();
        assert_eq!(default.judge(&Offer { time: classical, ..blitz("ataxx") }, 0), Err(Decline::TooSlow));
        assert_eq!(
            default.judge(&Offer { time: OfferedTime::Days(3), ..blitz("ataxx") }, 0),
            Err(Decline::TooSlow)
        );
        let correspondence = AcceptRules { correspondence: true, ..AcceptRules::default() };
        assert_eq!(correspondence.judge(&Offer { time: OfferedTime::Days(3), ..blitz("ataxx") }, 0), Ok(()));
    }

    #[test]
    fn decline_reasons_are_the_bot_apis_words() {
        let words: Vec<_> = [
            Decline::Later,
            Decline::TooFast,
            Decline::TooSlow,
            Decline::Casual,
            Decline::Rated,
            Decline::Variant,
            Decline::NoBot,
        ]
        .map(Decline::reason)
        .into();
        assert_eq!(words, ["later", "tooFast", "tooSlow", "casual", "rated", "variant", "noBot"]);
    }
}
