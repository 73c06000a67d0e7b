//! The registry entry: name, options, rules texts, engines.

use crate::{Ataxx, Ruleset};
use game::{DynGame, Engines, GameEntry, GameError, OptionSpec, Options, RulesText, Session};

/// The registered name of the game.
pub const NAME: &str = "ataxx";

/// The options of Ataxx: `rules` = `seed` (default) or `community`.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "rules",
    default: "seed",
    choices: &["seed", "community"],
    help: "seed: threefold repetition ends the game, more stones wins; \
           community: 50-move rule (draw at half-move clock 100), no repetition rule",
}];

/// The options engine-facing commands (perft, analyse, UAI/UGI, matches)
/// use unless told otherwise: the community rules of other Ataxx programs.
pub const ENGINE_DEFAULTS: &[(&str, &str)] = &[("rules", "community")];

/// The engines offered for Ataxx; the first is the default.
#[cfg(feature = "engine")]
pub const ENGINES: Engines<Ataxx> = &[
    ("alphabeta", search::alpha_beta::<Ataxx>),
    ("greedy", search::greedy::<Ataxx>),
    ("random", search::random::<Ataxx>),
];

/// Without the `engine` feature Ataxx offers no engines.
#[cfg(not(feature = "engine"))]
pub const ENGINES: Engines<Ataxx> = &[];

/// The registry entry of Ataxx.
#[must_use]
pub fn entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: "Ataxx",
        options: OPTIONS,
        engine_defaults: ENGINE_DEFAULTS,
        rules: RulesText { en: include_str!("../rules/en.md"), de: include_str!("../rules/de.md") },
        create,
        puzzles: Some(&crate::puzzles::PUZZLES),
    }
}

fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new(NAME, options.clone(), setup, make_position, ENGINES)?))
}

/// The start position for `options` (`rules` defaults to `seed`), or the
/// position of the FEN `setup` under those rules.
pub fn make_position(options: &Options, setup: Option<&str>) -> Result<Ataxx, GameError> {
    let rules = options.get("rules").map_or(Ok(Ruleset::Seed), Ruleset::from_name)?;
    match setup {
        None => Ok(Ataxx::start(rules)),
        Some(fen) => Ataxx::from_fen(fen, rules),
    }
}
