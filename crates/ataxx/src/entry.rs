//! The registry entry: name, options, rules texts, engines, network.

use crate::{Ataxx, Ruleset};
use game::{Choice, Engines, GameError, OptionSpec, Options, StaticText};
#[cfg(feature = "presentation")]
use game::{DynGame, GameEntry, Session};

/// The registered name of the game.
pub const NAME: &str = "ataxx";

/// The options of Ataxx: `rules` = `seed` (default) or `community`.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "rules",
    label: StaticText::new("Rules", "Regeln"),
    default: "seed",
    choices: &[
        Choice::new("seed", "Original (repetition rule)", "Original (Wiederholungsregel)"),
        Choice::new("community", "Community (50-move rule)", "Community (50-Züge-Regel)"),
    ],
    bounds: None,
    help: StaticText::new(
        "Original: when a position comes up for the third time the game ends and whoever has more \
         stones wins. Community (as in other Ataxx programs): no repetition rule, but a draw after \
         50 moves each without a clone.",
        "Original: Kommt eine Stellung zum dritten Mal vor, endet das Spiel, und wer mehr Steine \
         hat, gewinnt. Community (wie in anderen Ataxx-Programmen): keine Wiederholungsregel, aber \
         Remis nach je 50 Zügen ohne Teilen.",
    ),
}];

/// The options engine-facing commands (perft, analyse, UAI/UGI, matches)
/// use unless told otherwise: the community rules of other Ataxx programs.
pub const ENGINE_DEFAULTS: &[(&str, &str)] = &[("rules", "community")];

/// The search constants tuned for Ataxx (`spielwerk tune-search`; two
/// SPSA runs over 1,000 game pairs each at 1 s + 10 ms, each then an SPRT
/// win over the values before: +59.2 ± 27.1 Elo in 628 games, +87.7 ±
/// 34.5 in 372): far stronger late-move reductions sparing one move,
/// futility pruning at a third of the evaluation's margin, sharper
/// late-move pruning, a narrower first aspiration window.
pub const SEARCH_DEFAULTS: game::SearchDefaults = &[
    ("AspirationWindow", 42),
    ("LmrBase", 34),
    ("LmrDivisor", 139),
    ("LmrSpared", 1),
    ("FutilityScale", 31),
    ("LmpBase", 1),
    ("LmpFactor", 32),
    ("SingularMargin", 23),
];

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
#[cfg(feature = "presentation")]
#[must_use]
pub fn entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: StaticText::new("Ataxx", "Ataxx"),
        players: crate::game_impl::PLAYERS,
        other_side_names: &[],
        options: OPTIONS,
        engine_defaults: ENGINE_DEFAULTS,
        rules: StaticText::new(include_str!("../rules/en.md"), include_str!("../rules/de.md")),
        board_module: "ataxx",
        // The network of the engine's evaluation; none without the `engine` feature.
        #[cfg(feature = "engine")]
        network: Some(crate::nnue::net_spec()),
        #[cfg(not(feature = "engine"))]
        network: None,
        tunable: None,
        search_defaults: crate::SEARCH_DEFAULTS,
        create,
        lesson: crate::lesson::LESSON,
        puzzles: Some(&crate::puzzles::PUZZLES),
    }
}

#[cfg(feature = "presentation")]
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
