//! The registry entry of Amakta Infinit: options, rule texts and engines.
//!
//! Options (the agreement before the bidding):
//!
//! - `distance`: the distance of the bases on their row, 1 to 100 (default
//!   8, as on `hex5`);
//! - `points`: White's points, 0 to 1000 (default 50);
//! - `arrow-cap` and `ply-limit`: the amendments against the bunker
//!   loophole ([`super::Amendments`]), `none` by default (the original
//!   rules).
//!
//! The bidding, the creation of the sets and play are all moves; see
//! [`super`]. `spielwerk play amakta-infinit --distance 6 --points 40`
//! starts with P1's first offer; `spielwerk perft amakta-infinit
//! --position TEXT DEPTH` counts from any position text ([`super::text`](mod@super::text)).

use super::Infinit;
#[cfg(feature = "engine")]
use super::engine::ENGINES;
use game::{DynGame, GameEntry, GameError, OptionSpec, Options, RulesText, Session};

/// Without the `engine` feature Amakta Infinit offers no engines.
#[cfg(not(feature = "engine"))]
const ENGINES: game::Engines<Infinit> = &[];

/// The registered name.
pub const NAME: &str = "amakta-infinit";

/// The options (see the module documentation).
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "distance",
        default: "8",
        choices: &[],
        help: "distance of the two bases on their row, 1 to 100",
    },
    OptionSpec {
        name: "points",
        default: "50",
        choices: &[],
        help: "White's points for creating stones, 0 to 1000",
    },
    OptionSpec {
        name: "arrow-cap",
        default: "none",
        choices: &[],
        help: "amendment: most arrows a stone may have (a double arrow counts two), 1 to 12, or none",
    },
    OptionSpec {
        name: "ply-limit",
        default: "none",
        choices: &[],
        help: "amendment: plies of play after which the tie-break decides (nearest stone to the other base, then cells controlled), or none",
    },
];

fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new(NAME, options.clone(), setup, Infinit::from_options, ENGINES)?))
}

/// The registry entry of Amakta Infinit.
#[must_use]
pub fn infinit_entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: "Amakta Infinit",
        options: OPTIONS,
        engine_defaults: &[],
        rules: RulesText {
            en: include_str!("../../rules/infinit-en.md"),
            de: include_str!("../../rules/infinit-de.md"),
        },
        create,
        puzzles: None,
    }
}
