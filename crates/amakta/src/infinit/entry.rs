//! The registry entry of Amakta Infinit: options, rule texts and engines.
//!
//! Options (the agreement before the bidding):
//!
//! - `distance`: the distance of the bases on their row, 1 to 100 (default
//!   8, as on `hex5`);
//! - `points`: White's points, 0 to 1000 (default 50);
//! - `arrow-cap` and `ply-limit`: the amendments against the bunker
//!   loophole ([`super::Amendments`]), `0` (or `none`: no amendment) by
//!   default (the original rules).
//!
//! The bidding, the creation of the sets and play are all moves; see
//! [`super`]. `spielwerk play amakta-infinit --distance 6 --points 40`
//! starts with P1's first offer; `spielwerk perft amakta-infinit
//! --position TEXT DEPTH` counts from any position text ([`super::text`](mod@super::text)).

#[cfg(feature = "presentation")]
use super::Infinit;
use super::MAX_POINTS;
#[cfg(all(feature = "presentation", feature = "engine"))]
use super::engine::ENGINES;
use crate::plane::DISTANCE_RANGE;
use crate::rules::NO_CAPTURE_LIMIT;
use game::{Bounds, OptionSpec, StaticText};
#[cfg(feature = "presentation")]
use game::{DynGame, GameEntry, GameError, Options, Session, TunableEval};

/// Without the `engine` feature Amakta Infinit offers no engines.
#[cfg(all(feature = "presentation", not(feature = "engine")))]
const ENGINES: game::Engines<Infinit> = &[];

/// The registered name.
pub const NAME: &str = "amakta-infinit";

/// The values of the option `distance`.
pub const DISTANCE_BOUNDS: Bounds = Bounds::new(DISTANCE_RANGE.0 as i64, DISTANCE_RANGE.1 as i64);

/// The values of the option `points`.
pub const POINTS_BOUNDS: Bounds = Bounds::new(0, MAX_POINTS as i64);

/// The values of the amendment `arrow-cap` (0: none).
pub const ARROW_CAP_BOUNDS: Bounds = Bounds::new(0, 12);

/// The values of the amendment `ply-limit` (0: none).
pub const PLY_LIMIT_BOUNDS: Bounds = Bounds::new(0, NO_CAPTURE_LIMIT as i64);

/// The options (see the module documentation).
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "distance",
        label: StaticText::new("Distance of the bases", "Abstand der Basisfelder"),
        default: "8",
        choices: &[],
        bounds: Some(DISTANCE_BOUNDS),
        help: StaticText::new(
            "distance of the two bases on their row, 1 to 100",
            "Abstand der beiden Basisfelder in ihrer Reihe, 1 bis 100",
        ),
    },
    OptionSpec {
        name: "points",
        label: StaticText::new("White's points", "Punktzahl für Weiß"),
        default: "50",
        choices: &[],
        bounds: Some(POINTS_BOUNDS),
        help: StaticText::new(
            "White's points for creating stones, 0 to 1000",
            "Punktzahl von Weiß für das Erschaffen von Steinen, 0 bis 1000",
        ),
    },
    OptionSpec {
        name: "arrow-cap",
        label: StaticText::new("Arrow cap", "Pfeilgrenze"),
        default: "0",
        choices: &[],
        bounds: Some(ARROW_CAP_BOUNDS),
        help: StaticText::new(
            "amendment against bunkers: no stone may be created with more arrows than this (a double arrow counts two), 1 to 12; 0 (the default) means no cap",
            "Ergänzung gegen Bunker: kein Stein darf mit mehr Pfeilen kreiert werden (ein Doppelpfeil zählt zwei), 1 bis 12; 0 (Vorgabe) heißt keine Grenze",
        ),
    },
    OptionSpec {
        name: "ply-limit",
        label: StaticText::new("Ply limit", "Zuglimit"),
        default: "0",
        choices: &[],
        bounds: Some(PLY_LIMIT_BOUNDS),
        help: StaticText::new(
            "amendment against bunkers: after this many moves of play (each player's move counts) without a winner, the player nearer the other base wins (then: more cells controlled, else a draw); 0 (the default) means no limit",
            "Ergänzung gegen Bunker: nach so vielen Zügen der Partie (jeder Zug eines Spielers zählt) ohne Sieger gewinnt, wer näher am gegnerischen Basisfeld steht (dann: wer mehr Felder kontrolliert, sonst Remis); 0 (Vorgabe) heißt kein Limit",
        ),
    },
];

#[cfg(feature = "presentation")]
fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new(NAME, options.clone(), setup, Infinit::from_options, ENGINES)?))
}

/// The registry entry of Amakta Infinit.
#[cfg(feature = "presentation")]
#[must_use]
pub fn infinit_entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: StaticText::new("Amakta Infinit", "Amakta Infinit"),
        players: crate::colour::PLAYERS,
        other_side_names: &crate::colour::COLOUR_NAMES,
        options: OPTIONS,
        engine_defaults: &[],
        rules: StaticText::new(
            include_str!("../../rules/infinit-en.md"),
            include_str!("../../rules/infinit-de.md"),
        ),
        // Amakta's board without its lobby form for stone sets.
        board_module: "amakta-infinit",
        network: None,
        tunable: tunable(),
        search_defaults: &[],
        create,
        lesson: super::lesson::LESSON,
        puzzles: None,
    }
}

/// The tunable evaluation of play.
#[cfg(all(feature = "presentation", feature = "engine"))]
fn tunable() -> Option<TunableEval> {
    Some(super::eval::tunable())
}

/// Without the `engine` feature there is no evaluation to tune.
#[cfg(all(feature = "presentation", not(feature = "engine")))]
fn tunable() -> Option<TunableEval> {
    None
}
