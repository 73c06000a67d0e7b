//! Die Formation: the connection game on the Katarenga board.
//!
//! Each player has 8 pieces on the edge of an 8×8 board of red, yellow,
//! green and blue squares, assembled from four double-sided tiles. A piece
//! moves by the colour of the square it leaves — red like a rook up to the
//! first red square, yellow like a bishop up to the first yellow square,
//! green like a knight, blue like a king — always onto an empty square,
//! never capturing. Whoever first brings all 8 pieces into one orthogonally
//! connected group wins. The rules as implemented are in `rules/en.md`.
//!
//! White is [`Player::P1`](game::Player::P1), Black
//! [`Player::P2`](game::Player::P2); White moves first unless the option
//! `first` says `black`.
//!
//! # Texts
//!
//! - Board text: four tile tokens like `1a0 2a0 3a0 4a0`, see [`tiles`].
//! - Move text: from- and to-square, `b1c3`; a pass (only when the side to
//!   move has no move) is `0000` (`pass` is read too).
//! - Position text: `<board text> <pieces> <w|b> <plies>`, see [`text`].
//!
//! # Options
//!
//! - `board`: `default` (`1a0 2a0 3a0 4a0`), `random:SEED` (see
//!   [`Layout::random`]) or board text. Position text carries its own
//!   board, which then wins over this option.
//! - `first`: `white` or `black`, who moves first from the start.
//! - `plylimit`: a draw (`ply-limit`) once that many plies are played; `0`
//!   means no limit.
//!
//! # Engines
//!
//! The evaluation ([`search::Evaluate`] for [`Formation`], its features and
//! tunable weights) and [`ENGINES`] come with the default feature `engine`;
//! without it the crate is the rules alone and [`ENGINES`] is empty.
//!
//! # Endings (reason keys)
//!
//! `connection` (the mover's 8 pieces form one group; only the mover's own
//! move can complete it), `no-moves` (draw: neither player can move; a
//! player alone without a move passes), `repetition` (draw: the same
//! position with the same side to move for the third time), `ply-limit`.
//!
//! # View
//!
//! [`Presentation::view`](game::Presentation::view) returns
//! [`view::FormationView`] as JSON:
//!
//! ```json
//! {"game": "formation",
//!  "colors": ["RYBGRGYB", …],   // 8 strings, rank 8 first, files a..h: R/Y/G/B
//!  "pieces": [".B.WB.W.", …],   // 8 strings, rank 8 first: W white, B black, . empty
//!  "to_move": "white",          // or "black"
//!  "board": "1a0 2a0 3a0 4a0"}  // board text
//! ```

mod board;
mod config;
mod connect;
#[cfg(feature = "engine")]
mod evaluate;
#[cfg(feature = "presentation")]
pub mod lesson;
mod moves;
#[cfg(feature = "engine")]
pub mod nnue;
mod position;
#[cfg(feature = "presentation")]
pub mod puzzles;
#[cfg(feature = "presentation")]
mod render;
pub mod square;
pub mod text;
pub mod tiles;
#[cfg(feature = "presentation")]
pub mod view;
mod zobrist;

pub use board::Board;
pub use config::Config;
pub use connect::{groups, is_connected};
#[cfg(feature = "engine")]
pub use evaluate::WIN_NEXT;
pub use moves::Move;
pub use position::{BLACK_START, Formation, PIECES, WHITE_START, color_name};
pub use tiles::{ASSEMBLIES, Color, Layout, Placement, Side, TILE_SIDES};
pub use zobrist::mix64;

use game::{Bounds, Choice, Engines, GameError, OptionSpec, Options, StaticText};
#[cfg(feature = "presentation")]
use game::{DynGame, GameEntry, Session};

/// The registered name.
pub const NAME: &str = "formation";

/// The engines offered, the default first.
#[cfg(feature = "engine")]
pub const ENGINES: Engines<Formation> = &[
    ("alphabeta", search::alpha_beta::<Formation>),
    ("greedy", search::greedy::<Formation>),
    ("random", search::random::<Formation>),
];

/// Without the `engine` feature Die Formation offers no engines.
#[cfg(not(feature = "engine"))]
pub const ENGINES: Engines<Formation> = &[];

/// The options of the game.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "board",
        label: StaticText::new("Board", "Spielplan"),
        default: "default",
        choices: &[],
        bounds: None,
        help: StaticText::new(
            "the board: 'default', 'random:SEED' or four tiles like '1a0 2a0 3a0 4a0' \
             (tile 1-4, side a/b, quarter turns 0-3; top-left, top-right, bottom-left, bottom-right)",
            "Der Spielplan: 'default', 'random:ZAHL' oder vier Tableaus wie '1a0 2a0 3a0 4a0' \
             (Tableau 1–4, Seite a/b, Vierteldrehungen 0–3; oben links, oben rechts, unten links, unten rechts)",
        ),
    },
    OptionSpec {
        name: "first",
        label: StaticText::new("First to move", "Wer beginnt"),
        default: "white",
        choices: &[Choice::new("white", "White", "Weiß"), Choice::new("black", "Black", "Schwarz")],
        bounds: None,
        help: StaticText::new("who moves first", "Wer den ersten Zug macht"),
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

/// Builds the start position from the options, or the position of `setup`
/// (position text, whose board wins over the `board` option).
pub fn make_position(options: &Options, setup: Option<&str>) -> Result<Formation, GameError> {
    let config = Config::from_options(options)?;
    match setup {
        Some(text) => Formation::from_text(text, config.ply_limit),
        None => Ok(Formation::start(&config)),
    }
}

#[cfg(feature = "presentation")]
fn create(options: &Options, setup: Option<&str>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Session::new(NAME, options.clone(), setup, make_position, ENGINES)?))
}

/// The registry entry of Die Formation.
#[cfg(feature = "presentation")]
#[must_use]
pub fn entry() -> GameEntry {
    GameEntry {
        name: NAME,
        title: StaticText::new("Die Formation", "Die Formation"),
        players: position::PLAYERS,
        other_side_names: &[],
        options: OPTIONS,
        engine_defaults: &[],
        rules: StaticText::new(include_str!("../rules/en.md"), include_str!("../rules/de.md")),
        board_module: "formation",
        // The network of the engine's evaluation; none without the `engine` feature.
        #[cfg(feature = "engine")]
        network: Some(nnue::net_spec()),
        #[cfg(not(feature = "engine"))]
        network: None,
        tunable: None,
        search_defaults: &[],
        create,
        lesson: crate::lesson::LESSON,
        puzzles: Some(&puzzles::PUZZLES),
    }
}
