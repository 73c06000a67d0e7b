//! The registry entry of Amakta: options, rule texts and engines.
//!
//! Options:
//!
//! - `board`: a built-in board (`hex3`, `hex4`, `hex5` — the default —,
//!   `hex6`, `hex5-holes`) or board text with `/` between lines and `_` for
//!   spaces;
//! - `set`: a named set (`default`, `beginner`, `long-range`, `doubles`,
//!   `fair-hex4`, `fair-hex5`, `fair-hex6`) or
//!   stone codes separated by commas;
//! - `circles`: `play` (the default: the setup phase is played as moves —
//!   P1 assigns a circle to every stone, P2 then chooses a colour), `none`
//!   (no circles, the setup is skipped) or an assignment such as
//!   `w:100000=r,b:300000=d` (unnamed stones get none; the setup is skipped);
//! - `colour`: P1's colour: `auto` (the default: chosen by P2 in the setup
//!   phase when `circles=play`, otherwise White), `white` or `black` (no
//!   colour choice is played).
//!
//! So `spielwerk play amakta --circles none` starts at once with P1 as White.
//! Engine-facing commands (perft, analyse, engine protocols) default to
//! `circles=none` ([`ENGINE_DEFAULTS`]), so perft counts from the start of
//! play.

use crate::Amakta;
#[cfg(feature = "engine")]
use crate::engine::ENGINES;
use game::{DynGame, GameEntry, GameError, OptionSpec, Options, RulesText, Session};

/// Without the `engine` feature Amakta offers no engines.
#[cfg(not(feature = "engine"))]
const ENGINES: game::Engines<Amakta> = &[];

/// The registered name.
pub const NAME: &str = "amakta";

/// The options (see the module documentation).
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "board",
        default: "hex5",
        choices: &[],
        help: "board: hex3, hex4, hex5, hex6, hex5-holes, or board text (rows separated by /, _ for spaces)",
    },
    OptionSpec {
        name: "set",
        default: "default",
        choices: &[],
        help: "stone set: default, beginner, long-range, doubles, fair-hex4, fair-hex5, fair-hex6, or stone codes separated by commas",
    },
    OptionSpec {
        name: "circles",
        default: "play",
        choices: &[],
        help: "play (assigned in the setup phase), none, or e.g. w:100000=r,b:300000=d (skips the setup)",
    },
    OptionSpec {
        name: "colour",
        default: "auto",
        choices: &["auto", "white", "black"],
        help: "colour of P1: auto (chosen by P2 in the setup phase if circles=play, else white), white, black",
    },
];

/// Engine-facing commands (perft, analysis, engine protocols, matches)
/// start at the start of play: no circles, P1 White, no setup moves.
pub const ENGINE_DEFAULTS: &[(&str, &str)] = &[("circles", "none")];

fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new(NAME, options.clone(), setup, Amakta::from_options, ENGINES)?))
}

/// The registry entry.
#[must_use]
pub fn entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: "Amakta",
        options: OPTIONS,
        engine_defaults: ENGINE_DEFAULTS,
        rules: RulesText { en: include_str!("../rules/en.md"), de: include_str!("../rules/de.md") },
        create,
        puzzles: Some(&crate::puzzles::PUZZLES),
    }
}
