//! The shared game model of Spielwerk.
//!
//! Every game implements [`Game`]: a position type that only exists valid,
//! with a move type, text formats and an outcome. On top of it this crate
//! provides what all games share:
//!
//! - [`History`]: the moves of a game with undo and repetition tracking,
//! - [`perft`]: move-path counting for testing move generators,
//! - [`bits`]: the set bits of a bitboard,
//! - [`Record`]: the game-record format shared by all games,
//! - [`Text`]: messages for people in English and German,
//! - [`move_token`]: the single-token form of move text the engine
//!   protocols write,
//! - [`Presentation`] and [`Style`]: how a game draws, views and explains
//!   its positions for people, and the language and colours of terminal
//!   drawings (with the feature `presentation`, on by default),
//! - [`Analyzer`]: the interface an engine implements for a game,
//! - [`lesson`]: the steps of a game's lesson and their checks,
//! - [`level`]: the strength levels 1–10 of the web and the terminal,
//! - [`NetSpec`] and [`TunableEval`]: a game's trained network and its
//!   tunable evaluation, for the trainer,
//! - [`puzzle`]: puzzles, their set format and each game's mining rules,
//! - [`DynGame`], [`Session`] and [`Registry`]: an object-safe,
//!   string-speaking view of any game, so the command line, the protocols
//!   and the server handle every game the same way; each game is one
//!   [`GameEntry`] (with the feature `presentation`, since a `DynGame`
//!   draws and views its positions).
//!
//! Without the feature `presentation` the crate is the rules model alone:
//! no JSON, no terminal styling.

pub mod bits;
#[cfg(feature = "presentation")]
mod dyn_game;
mod engine;
mod error;
mod game;
mod history;
pub mod invariants;
#[cfg(feature = "presentation")]
pub mod lesson;
pub mod level;
mod move_token;
pub mod perft;
mod player;
#[cfg(feature = "presentation")]
mod presentation;
#[cfg(feature = "presentation")]
pub mod puzzle;
mod record;
mod registry;
mod repetition;
#[cfg(feature = "presentation")]
mod session;
#[cfg(feature = "presentation")]
mod style;
mod text;
mod training;

#[cfg(feature = "presentation")]
pub use dyn_game::{DynGame, EngineState, ThinkResult};
pub use engine::{Analyzer, AnalyzerFactory, Clock, Engines, Info, Limits, Score, engine_index};
pub use error::GameError;
pub use game::{Game, Repetition};
pub use history::History;
pub use move_token::{MOVE_JOINER, move_token, move_words};
pub use player::{GameResult, NO_RESULT_REASONS, Outcome, Player};
#[cfg(feature = "presentation")]
pub use presentation::Presentation;
#[cfg(feature = "presentation")]
pub use puzzle::{LeadIn, Puzzle, PuzzleError, PuzzleRules, puzzle_game, read_puzzles};
pub use record::Record;
pub use registry::{Bounds, Choice, OptionSpec, Options, SearchDefaults};
#[cfg(feature = "presentation")]
pub use registry::{CreateGame, GameEntry, Registry};
#[cfg(feature = "presentation")]
pub use session::{PositionFactory, Session};
#[cfg(feature = "presentation")]
pub use style::{Paint, Painted, Style, strip_escapes};
pub use text::{Language, StaticText, Text};
pub use training::{FeatureFn, NetSpec, Packed, ReplaceableNetwork, TunableEval};
