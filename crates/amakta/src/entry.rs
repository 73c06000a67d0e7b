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

#[cfg(feature = "presentation")]
use crate::Amakta;
#[cfg(all(feature = "presentation", feature = "engine"))]
use crate::engine::ENGINES;
use game::{Choice, OptionSpec, StaticText};
#[cfg(feature = "presentation")]
use game::{DynGame, GameEntry, GameError, Options, Session, TunableEval};

/// Without the `engine` feature Amakta offers no engines.
#[cfg(all(feature = "presentation", not(feature = "engine")))]
const ENGINES: game::Engines<Amakta> = &[];

/// The registered name.
pub const NAME: &str = "amakta";

/// The options (see the module documentation).
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "board",
        label: StaticText::new("Board", "Spielfeld"),
        default: "hex5",
        choices: &[],
        bounds: None,
        help: StaticText::new(
            "board: hex3, hex4, hex5, hex6, hex5-holes, or board text (rows separated by /, _ for spaces)",
            "Spielfeld: hex3, hex4, hex5, hex6, hex5-holes oder Feldtext (Reihen durch / getrennt, _ für Leerzeichen)",
        ),
    },
    OptionSpec {
        name: "set",
        label: StaticText::new("Stone set", "Satz"),
        default: "default",
        choices: &[],
        bounds: None,
        help: StaticText::new(
            "stone set: default, beginner, long-range, doubles, fair-hex4, fair-hex5, fair-hex6, or stone codes separated by commas",
            "Satz: default, beginner, long-range, doubles, fair-hex4, fair-hex5, fair-hex6 oder Steincodes durch Kommas getrennt",
        ),
    },
    OptionSpec {
        name: "circles",
        label: StaticText::new("Circles", "Kreise"),
        default: "play",
        choices: &[],
        bounds: None,
        help: StaticText::new(
            "play (assigned in the setup phase), none, or e.g. w:100000=r,b:300000=d (skips the setup)",
            "play (Zuweisung in der Startphase), none oder z. B. w:100000=r,b:300000=d (überspringt die Startphase)",
        ),
    },
    OptionSpec {
        name: "colour",
        label: StaticText::new("Colour of the first player", "Farbe des ersten Spielers"),
        default: "auto",
        choices: &[
            Choice::new("auto", "Chosen in the setup", "Wahl in der Startphase"),
            Choice::new("white", "White", "Weiß"),
            Choice::new("black", "Black", "Schwarz"),
        ],
        bounds: None,
        help: StaticText::new(
            "colour of P1: auto (chosen by P2 in the setup phase if circles=play, else white), white, black",
            "Farbe des ersten Spielers: auto (wählt der zweite Spieler in der Startphase, sonst Weiß), white, black",
        ),
    },
];

/// Engine-facing commands (perft, analysis, engine protocols, matches)
/// start at the start of play: no circles, P1 White, no setup moves.
pub const ENGINE_DEFAULTS: &[(&str, &str)] = &[("circles", "none")];

#[cfg(feature = "presentation")]
fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new(NAME, options.clone(), setup, Amakta::from_options, ENGINES)?))
}

/// The registry entry.
#[cfg(feature = "presentation")]
#[must_use]
pub fn entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: StaticText::new("Amakta", "Amakta"),
        players: crate::colour::PLAYERS,
        other_side_names: &crate::colour::COLOUR_NAMES,
        options: OPTIONS,
        engine_defaults: ENGINE_DEFAULTS,
        rules: StaticText::new(include_str!("../rules/en.md"), include_str!("../rules/de.md")),
        board_module: "amakta",
        network: None,
        tunable: tunable(),
        search_defaults: &[],
        create,
        lesson: crate::lesson::LESSON,
        puzzles: Some(&crate::puzzles::PUZZLES),
    }
}

/// The tunable evaluation of play.
#[cfg(all(feature = "presentation", feature = "engine"))]
fn tunable() -> Option<TunableEval> {
    Some(crate::eval::tunable())
}

/// Without the `engine` feature there is no evaluation to tune.
#[cfg(all(feature = "presentation", not(feature = "engine")))]
fn tunable() -> Option<TunableEval> {
    None
}
