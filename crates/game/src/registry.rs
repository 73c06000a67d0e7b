//! The registry: every game by name, with everything it brings — its
//! names and options in English and German, its rule texts, its web board
//! module, its network and its tunable evaluation.

use crate::StaticText;
#[cfg(feature = "presentation")]
use crate::{
    DynGame, GameError, GameResult, Language, NetSpec, Outcome, PuzzleRules, Record, TunableEval, text,
};
use std::collections::BTreeMap;

/// Game options by name, e.g. `rules = community`, `layout = belgian-daisy`.
/// Values are text; each game reads and validates its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options(BTreeMap<String, String>);

impl Options {
    /// No options (every option takes its default when a game is created).
    #[must_use]
    pub fn new() -> Options {
        Options::default()
    }

    /// Options from `name=value` pairs.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Options {
        Options(pairs.into_iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect())
    }

    /// Sets an option (names are case-insensitive and stored lower-case).
    pub fn set(&mut self, name: &str, value: &str) {
        self.0.insert(name.to_ascii_lowercase(), value.to_owned());
    }

    /// Builder form of [`Options::set`].
    #[must_use]
    pub fn with(mut self, name: &str, value: &str) -> Options {
        self.set(name, value);
        self
    }

    /// The value of an option, if set.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// All options, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// One option a game accepts.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// Lower-case name (`rules`).
    pub name: &'static str,
    /// What a form calls it (`Rules` / `Regeln`).
    pub label: StaticText,
    /// The value used when the option is not given.
    pub default: &'static str,
    /// The allowed values with their labels; empty if the value is free
    /// text the game checks.
    pub choices: &'static [Choice],
    /// The bounds of a whole-number option (protocols advertise it as a
    /// `spin` with them, and the game refuses a number outside them);
    /// `None` for a choice or free text.
    pub bounds: Option<Bounds>,
    /// One line of help.
    pub help: StaticText,
}

/// The smallest and the largest value of a whole-number option, both
/// allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The smallest allowed value.
    pub min: i64,
    /// The largest allowed value.
    pub max: i64,
}

impl Bounds {
    /// The numbers from `min` to `max`.
    #[must_use]
    pub const fn new(min: i64, max: i64) -> Bounds {
        Bounds { min, max }
    }

    /// Whether `number` is within the bounds.
    #[must_use]
    pub const fn contains(&self, number: i64) -> bool {
        self.min <= number && number <= self.max
    }

    /// `value` (surrounding spaces ignored) as a whole number within the
    /// bounds, or `None`.
    #[must_use]
    pub fn parse(&self, value: &str) -> Option<i64> {
        value.trim().parse().ok().filter(|&n| self.contains(n))
    }

    /// `value` as a ply limit within the bounds (`0`: no limit), or the
    /// error of the option `name` that gives the bounds.
    pub fn ply_limit(&self, name: &str, value: &str) -> Result<u32, crate::GameError> {
        self.parse(value).and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
            let Bounds { min, max } = *self;
            crate::GameError::option(
                name,
                crate::text!(
                    "'{value}' is not a number of plies from {min} to {max} (0 = no limit)",
                    "„{value}“ ist keine Anzahl von Halbzügen von {min} bis {max} (0 = kein Limit)"
                ),
            )
        })
    }
}

/// One allowed value of an option, with what a form shows for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as options, records and protocols write it (`community`).
    pub value: &'static str,
    /// What a form shows for it, in English and German.
    pub label: StaticText,
}

impl Choice {
    /// The choice `value`, shown as `en` / `de`.
    #[must_use]
    pub const fn new(value: &'static str, en: &'static str, de: &'static str) -> Choice {
        Choice { value, label: StaticText::new(en, de) }
    }
}

impl OptionSpec {
    /// The allowed values (empty for free text), in order.
    pub fn values(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.choices.iter().map(|choice| choice.value)
    }
}

/// Builds a game from complete options and optional position text.
#[cfg(feature = "presentation")]
pub type CreateGame = fn(&Options, Option<&str>) -> Result<Box<dyn DynGame>, GameError>;

/// A game's own values of tunable search constants, by option name.
pub type SearchDefaults = &'static [(&'static str, i32)];

/// Everything a game brings, in one registration: what the command line,
/// the server, the protocols, the trainer and the web UI know of it.
#[derive(Clone, Copy, Debug)]
#[cfg(feature = "presentation")]
pub struct GameEntry {
    /// Registered name (`"ataxx"`), used on the command line and in records.
    pub name: &'static str,
    /// Display title (`"Ataxx"`).
    pub title: StaticText,
    /// The names of the first and the second player at the standard start
    /// ([`Game::player_name`](crate::Game::player_name) there).
    pub players: [StaticText; 2],
    /// Further names [`Game::player_name`](crate::Game::player_name) can
    /// give a player (Amakta's colours once they are chosen); usually
    /// empty.
    pub other_side_names: &'static [StaticText],
    /// The options the game accepts.
    pub options: &'static [OptionSpec],
    /// Option values that engine-facing commands (perft, analyse, UAI/UGI,
    /// engine matches) use in place of the defaults, so that numbers and
    /// behaviour match the community's tools — e.g. Ataxx's
    /// `("rules", "community")`. Usually empty.
    pub engine_defaults: &'static [(&'static str, &'static str)],
    /// The rules for people to read (Markdown).
    pub rules: StaticText,
    /// The name of the web UI's board module that draws the game
    /// (`web/src/games/<module>.ts`; the generic board when there is none).
    pub board_module: &'static str,
    /// The game's trained network, if its evaluation is one (with the
    /// game crate's `engine` feature).
    pub network: Option<NetSpec>,
    /// The game's tunable linear evaluation, if it has one (with the game
    /// crate's `engine` feature).
    pub tunable: Option<TunableEval>,
    /// The game's own values of the search's tunable constants, by their
    /// option names (`("LmrDivisor", 125)`), as tuned for it; the
    /// constants not named keep the search's defaults. Usually empty.
    pub search_defaults: SearchDefaults,
    /// Builds a game; called with every option present (defaults filled in).
    pub create: CreateGame,
    /// The lesson that teaches the game, step by step (see [`crate::lesson`]).
    pub lesson: &'static [crate::lesson::Step],
    /// How the game's puzzles are mined and its committed puzzle set;
    /// `None` for a game without puzzles.
    pub puzzles: Option<&'static PuzzleRules>,
}

#[cfg(feature = "presentation")]
impl GameEntry {
    /// Every name a player can have in this game: [`GameEntry::players`],
    /// then [`GameEntry::other_side_names`].
    pub fn side_names(&self) -> impl Iterator<Item = StaticText> + '_ {
        self.players.iter().chain(self.other_side_names).copied()
    }

    /// `given` with the engine defaults added where an option is not given
    /// (see [`GameEntry::engine_defaults`]).
    #[must_use]
    pub fn with_engine_defaults(&self, given: &Options) -> Options {
        let mut options = given.clone();
        for (name, value) in self.engine_defaults {
            if options.get(name).is_none() {
                options.set(name, value);
            }
        }
        options
    }

    /// Checks `given` against the option specs and fills in defaults.
    pub fn complete_options(&self, given: &Options) -> Result<Options, GameError> {
        for (name, _) in given.iter() {
            if !self.options.iter().any(|spec| spec.name == name) {
                let known: Vec<&str> = self.options.iter().map(|s| s.name).collect();
                return Err(GameError::option(name, {
                    let (game, known) = (self.name, known.join(", "));
                    text!(
                        "{game} has no such option (options: {known})",
                        "{game} hat keine solche Einstellung (Einstellungen: {known})"
                    )
                }));
            }
        }
        let mut complete = Options::new();
        for spec in self.options {
            let value = given.get(spec.name).unwrap_or(spec.default);
            if !spec.choices.is_empty() && !spec.values().any(|allowed| allowed == value) {
                return Err(GameError::option(spec.name, {
                    let choices = spec.values().collect::<Vec<_>>().join(", ");
                    text!("'{value}' is not one of {choices}", "„{value}“ ist keiner der Werte {choices}")
                }));
            }
            complete.set(spec.name, value);
        }
        Ok(complete)
    }
}

/// All games known to the program, by name.
#[derive(Clone, Debug, Default)]
#[cfg(feature = "presentation")]
pub struct Registry {
    entries: Vec<GameEntry>,
}

#[cfg(feature = "presentation")]
impl Registry {
    /// A registry of the given games.
    #[must_use]
    pub fn new(entries: Vec<GameEntry>) -> Registry {
        Registry { entries }
    }

    /// Every registered game, in registration order.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// The entry of the game called `name`.
    pub fn get(&self, name: &str) -> Result<&GameEntry, GameError> {
        self.entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| GameError::UnknownGame(name.to_owned()))
    }

    /// A new game of `name` with `options` (missing ones take their
    /// defaults) from `setup` position text, or the standard start.
    pub fn create(
        &self,
        name: &str,
        options: &Options,
        setup: Option<&str>,
    ) -> Result<Box<dyn DynGame>, GameError> {
        let entry = self.get(name)?;
        let options = entry.complete_options(options)?;
        (entry.create)(&options, setup)
    }

    /// Rebuilds a game from a record: its game, options, setup and moves,
    /// and an ending from outside the board (resignation, time, agreement)
    /// if the record's result says the game ended where the moves do not.
    pub fn load_record(&self, record: &Record) -> Result<Box<dyn DynGame>, GameError> {
        let name = record
            .tag("Game")
            .ok_or_else(|| GameError::InvalidRecord(text!("no [Game] tag", "kein Tag [Game]")))?;
        let entry = self.get(name)?;
        let mut options = Options::new();
        for spec in entry.options {
            if let Some(value) = record.option(spec.name) {
                options.set(spec.name, value);
            }
        }
        let given = options.clone();
        let options = entry.complete_options(&options)?;
        let mut game = (entry.create)(&options, record.tag("Setup"))?;
        if record.tag("Setup").is_some() {
            game.check_start_options(&given)?;
        }
        for (index, mv) in record.moves.iter().enumerate() {
            game.play(mv).map_err(|e| {
                let (number, en, de) = (index + 1, e.message(Language::English), e.message(Language::German));
                GameError::InvalidRecord(text!("move {number} ('{mv}'): {en}", "Zug {number} („{mv}“): {de}"))
            })?;
        }
        let declared = record.tag("Result").and_then(GameResult::from_text);
        match (declared, game.outcome()) {
            (Some(result), None) => {
                let reason = record
                    .tag("Termination")
                    .and_then(Outcome::reason_from_text)
                    .unwrap_or(if result == GameResult::Draw { "agreement" } else { "resignation" });
                game.end(Outcome { result, reason });
            }
            (Some(result), Some(outcome)) if result != outcome.result => {
                let (said, played) = (result.as_text(), outcome.result.as_text());
                return Err(GameError::InvalidRecord(text!(
                    "the record says {said} but the moves end in {played}",
                    "die Aufzeichnung nennt {said}, aber die Züge enden mit {played}"
                )));
            }
            _ => {}
        }
        Ok(game)
    }
}
