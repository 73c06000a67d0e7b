//! Abalone for Spielwerk: rules, move and position text, evaluation, and
//! the registry entry.
//!
//! The board has 61 cells in rows A (bottom) to I (top) and diagonals 1–9;
//! cell (row, diagonal) exists when they differ by at most 4 (centre e5).
//! Black ([`game::Player::P1`]) moves first. A turn moves 1–3 own marbles in
//! a line one cell, in-line (pushing weaker opponent lines: 2→1, 3→1, 3→2,
//! off the board ejects) or broadside. Six ejections win; threefold
//! repetition draws; an optional ply limit draws.
//!
//! - Moves: [`Move`], text in AbaPro notation (`a1b2`, broadside `c3c5d4`).
//! - Positions: [`Position`], text PlayStrategy style
//!   (`sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 0 0 b 0 1`).
//! - Options: `layout` (`standard`, `belgian-daisy`, `german-daisy`) and
//!   `plylimit` (plies until a draw, `0` = none).
//! - Engines: the evaluation ([`search::Evaluate`] for [`Position`], the
//!   learned network of [`nnue`]) and the engines of the registry entry come
//!   with the default feature `engine`; without it the crate is the rules
//!   alone and the entry offers no engines.
//!
//! # View schema
//!
//! [`game::Presentation::view`] returns [`view::AbaloneView`] as JSON:
//!
//! ```json
//! {"game": "abalone",
//!  "cells": [{"cell": "a1", "row": 1, "diag": 1, "marble": "b"}, …],
//!  "ejected": {"black": 0, "white": 0},
//!  "to_move": "b",
//!  "legal": [{"move": "c3c4d4", "marbles": ["c3", "c4"], "direction": "NE"}, …]}
//! ```
//!
//! - `cells`: all 61 cells ordered by row then diagonal (`a1`, `a2`, …,
//!   `i9`); `marble` is `"b"` (black), `"w"` (white) or `null`.
//! - `ejected`: opponent marbles each colour has pushed off (6 win).
//! - `to_move`: `"b"` or `"w"`.
//! - `legal`: one entry per legal move (none when the game is decided by
//!   the position): its canonical text, the own marbles that move, and the
//!   direction they move: `E` (0, +1), `W` (0, −1), `NE` (+1, +1), `NW`
//!   (+1, 0), `SE` (−1, 0), `SW` (−1, −1) as (Δrow, Δdiagonal).

mod board;
#[cfg(feature = "engine")]
mod eval;
mod layout;
#[cfg(feature = "presentation")]
pub mod lesson;
mod move_text;
mod movegen;
mod moves;
#[cfg(feature = "engine")]
pub mod nnue;
mod position;
mod position_text;
#[cfg(feature = "presentation")]
pub mod puzzles;
#[cfg(feature = "presentation")]
mod render;
mod rules;
#[cfg(feature = "presentation")]
pub mod view;

pub use board::{ALL_CELLS, CELL_COUNT, Cell, Direction};
pub use layout::Layout;
pub use moves::Move;
pub use position::{EJECTIONS_TO_WIN, MARBLES_PER_PLAYER, Position};

use game::{Bounds, Choice, Engines, GameError, OptionSpec, Options, StaticText, text};
#[cfg(feature = "presentation")]
use game::{DynGame, GameEntry, Session};

/// The registered name of the game.
pub const NAME: &str = "abalone";

/// The options of the game.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "layout",
        label: StaticText::new("Start layout", "Startaufstellung"),
        default: "standard",
        choices: &[
            Choice::new("standard", "Standard", "Standard"),
            Choice::new("belgian-daisy", "Belgian daisy", "Belgische Margerite"),
            Choice::new("german-daisy", "German daisy", "Deutsche Margerite"),
        ],
        bounds: None,
        help: StaticText::new("start layout", "Startaufstellung"),
    },
    OptionSpec {
        name: "plylimit",
        label: StaticText::new("Ply limit", "Zuglimit"),
        default: "0",
        choices: &[],
        bounds: Some(PLY_LIMIT_BOUNDS),
        help: StaticText::new(
            "the game is drawn after this many plies (0 = no limit, at most 1000000)",
            "Remis nach so vielen Halbzügen (0 = kein Limit, höchstens 1000000)",
        ),
    },
];

/// The values of the option `plylimit`: 0 (no limit) to a million plies.
pub const PLY_LIMIT_BOUNDS: Bounds = Bounds::new(0, 1_000_000);

/// The engines offered, the default first.
#[cfg(feature = "engine")]
pub const ENGINES: Engines<Position> = &[
    ("alphabeta", search::alpha_beta::<Position>),
    ("mcts", search::mcts::<Position>),
    ("greedy", search::greedy::<Position>),
    ("random", search::random::<Position>),
];

/// Without the `engine` feature Abalone offers no engines.
#[cfg(not(feature = "engine"))]
pub const ENGINES: Engines<Position> = &[];

impl std::str::FromStr for Position {
    type Err = GameError;

    /// Reads position text (no ply limit).
    fn from_str(text: &str) -> Result<Position, GameError> {
        position_text::parse(text)
    }
}

/// The start position from the options (`layout`, `plylimit`; missing ones
/// take their defaults), or from `setup` position text when given.
pub fn make_position(options: &Options, setup: Option<&str>) -> Result<Position, GameError> {
    let ply_limit = PLY_LIMIT_BOUNDS.ply_limit("plylimit", options.get("plylimit").unwrap_or("0"))?;
    let position = match setup {
        Some(text) => text.parse::<Position>()?,
        None => {
            let name = options.get("layout").unwrap_or("standard");
            let layout = Layout::from_name(name).ok_or_else(|| {
                GameError::option(
                    "layout",
                    text!(
                        "'{name}' is not one of standard, belgian-daisy, german-daisy",
                        "„{name}“ ist weder standard noch belgian-daisy noch german-daisy"
                    ),
                )
            })?;
            Position::new(layout)
        }
    };
    Ok(position.with_ply_limit(ply_limit))
}

#[cfg(feature = "presentation")]
fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new(NAME, options.clone(), setup, make_position, ENGINES)?))
}

/// Abalone's own values of the search's constants (issue 55; each an SPRT
/// win at 20,000 nodes a move, see docs/engine-authors.md): countermoves
/// on.
pub const SEARCH_DEFAULTS: game::SearchDefaults = &[("CounterMoves", 1)];

/// The registry entry of Abalone.
#[cfg(feature = "presentation")]
#[must_use]
pub fn entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: StaticText::new("Abalone", "Abalone"),
        players: rules::PLAYERS,
        other_side_names: &[],
        options: OPTIONS,
        engine_defaults: &[],
        rules: StaticText::new(include_str!("../rules/en.md"), include_str!("../rules/de.md")),
        board_module: "abalone",
        // The network of the engine's evaluation; none without the `engine` feature.
        #[cfg(feature = "engine")]
        network: Some(nnue::net_spec()),
        #[cfg(not(feature = "engine"))]
        network: None,
        tunable: None,
        search_defaults: SEARCH_DEFAULTS,
        create,
        lesson: crate::lesson::LESSON,
        puzzles: Some(&puzzles::PUZZLES),
    }
}
