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
//! - [`Style`]: the language and colours of terminal drawings,
//! - [`Analyzer`]: the interface an engine implements for a game,
//! - [`level`]: the strength levels 1–10 of the web and the terminal,
//! - [`puzzle`]: puzzles, their set format and each game's mining rules,
//! - [`DynGame`], [`Session`] and [`Registry`]: an object-safe,
//!   string-speaking view of any game, so the command line, the protocols
//!   and the server handle every game the same way.

pub mod bits;
mod dyn_game;
mod engine;
mod error;
mod game;
mod history;
pub mod invariants;
pub mod level;
mod move_token;
pub mod perft;
mod player;
pub mod puzzle;
mod record;
mod registry;
mod repetition;
mod session;
mod style;
mod text;

pub use dyn_game::{DynGame, ThinkResult};
pub use engine::{Analyzer, Clock, Info, Limits, Score};
pub use error::GameError;
pub use game::{Game, Repetition};
pub use history::History;
pub use move_token::{MOVE_JOINER, move_token, move_words};
pub use player::{GameResult, Outcome, Player};
pub use puzzle::{Puzzle, PuzzleError, PuzzleRules, puzzle_game, read_puzzles};
pub use record::Record;
pub use registry::{GameEntry, OptionSpec, Options, Registry, RulesText};
pub use session::{AnalyzerFactory, Engines, PositionFactory, Session, engine_index};
pub use style::{Paint, Painted, Style, strip_escapes};
pub use text::{Language, Text};
