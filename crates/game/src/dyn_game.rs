//! [`DynGame`]: any game behind one object-safe, string-speaking interface.

use crate::{GameError, Info, Limits, Options, Outcome, Player, Record, Score, StaticText, Style, Text};
use std::any::Any;
use std::ops::Range;
use std::sync::atomic::AtomicBool;

/// What an engine search returned.
#[derive(Clone, Debug, PartialEq)]
pub struct ThinkResult {
    /// The best move found; `None` only when there was no legal move.
    pub best: Option<String>,
    /// The last completed report of the best line, if any iteration
    /// completed.
    pub info: Option<Info<String>>,
}

impl ThinkResult {
    /// The score of the last completed iteration, if any.
    pub fn score(&self) -> Option<Score> {
        self.info.as_ref().map(|i| i.score)
    }
}

/// A game's engine taken out of its game, with what it learnt (its hash
/// table), so that it can think again in a copy of the game a move later:
/// see [`DynGame::take_engine`] and [`DynGame::put_engine`]. Opaque: only
/// a game of the same kind, with the same engine chosen, takes it back.
pub struct EngineState {
    /// The game's registered name.
    game: &'static str,
    /// The engine's name.
    engine: &'static str,
    /// The engine itself (a `Box<dyn Analyzer<G>>` of the game's type `G`).
    analyzer: Box<dyn Any + Send>,
}

impl EngineState {
    /// Wraps `analyzer`, the engine `engine` of game `game`.
    pub(crate) fn new(
        game: &'static str,
        engine: &'static str,
        analyzer: Box<dyn Any + Send>,
    ) -> EngineState {
        EngineState { game, engine, analyzer }
    }

    /// The engine's name.
    #[must_use]
    pub fn engine(&self) -> &'static str {
        self.engine
    }

    /// The engine, if it belongs to game `game` and is the engine `engine`.
    pub(crate) fn into_analyzer(self, game: &str, engine: &str) -> Option<Box<dyn Any + Send>> {
        (self.game == game && self.engine == engine).then_some(self.analyzer)
    }
}

impl std::fmt::Debug for EngineState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineState").field("game", &self.game).field("engine", &self.engine).finish()
    }
}

/// A game in progress, of any registered game, driven by text.
///
/// The command line, the engine protocols and the server use only this
/// interface, so a new game needs nothing but a registration. Obtain one
/// from the [`Registry`](crate::Registry).
pub trait DynGame: Send {
    /// The registered name of the game (`"ataxx"`).
    fn name(&self) -> &'static str;
    /// The options the game was created with, defaults filled in.
    fn options(&self) -> &Options;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// The display name of a player ("Red", "Black", …) in English and
    /// German.
    fn player_name(&self, player: Player) -> StaticText;
    /// The current position as position text.
    fn position(&self) -> String;
    /// The start position as position text.
    fn start_position(&self) -> String;
    /// Replaces the game with a new one from `setup` (position text; `None`
    /// for the standard start), keeping the options and the engine.
    fn set_position(&mut self, setup: Option<&str>) -> Result<(), GameError>;
    /// The legal moves as canonical move text; empty when the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// How many legal moves there are, and their text when there are at
    /// most `limit` (else none are written and the list is empty).
    fn legal_move_list(&self, limit: usize) -> (usize, Vec<String>);
    /// The legal moves of [`DynGame::legal_moves`] from index `range.start`
    /// up to (without) `range.end`, as text; only these are written, so a
    /// few of very many moves are cheap. The range is cut to the moves
    /// there are.
    fn legal_moves_in(&self, range: Range<usize>) -> Vec<String>;
    /// Reads, checks and plays a move; returns its canonical text.
    fn play(&mut self, mv: &str) -> Result<String, GameError>;
    /// Takes back the last move; returns its text.
    fn undo(&mut self) -> Option<String>;
    /// The moves played so far, as canonical text.
    fn moves(&self) -> Vec<String>;
    /// Whether the current position is in the game's setup phase (see
    /// [`Game::in_setup`](crate::Game::in_setup)).
    fn in_setup(&self) -> bool;
    /// How many of the moves played were moves of play, setup steps (see
    /// [`Game::in_setup`](crate::Game::in_setup)) not counted.
    fn play_moves(&self) -> usize;
    /// The outcome, if the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Ends the game from outside the board (resignation, agreement, time).
    fn end(&mut self, outcome: Outcome);
    /// The game as a record in the shared record format.
    fn record(&self) -> Record;
    /// Perft of the current position (history-dependent endings ignored).
    fn perft(&self, depth: u32) -> u64;
    /// A terminal drawing of the current position with the last move
    /// marked, in `style` (see [`Presentation::render`](crate::Presentation::render)).
    fn render(&self, style: Style) -> String;
    /// The cell under a character of [`DynGame::render`]'s drawing (see
    /// [`Presentation::cell_at`](crate::Presentation::cell_at)).
    fn cell_at(&self, line: usize, column: usize) -> Option<String>;
    /// The full drawing's column shown at a column of the zoomed-out one
    /// (see [`Presentation::full_column`](crate::Presentation::full_column)).
    fn full_column(&self, column: usize) -> usize;
    /// The most lines the board of [`DynGame::render`]'s drawing can take
    /// (see [`Presentation::board_lines_most`](crate::Presentation::board_lines_most)).
    fn board_lines_most(&self, style: Style) -> Option<usize>;
    /// The game's JSON description of the current position for graphical
    /// interfaces (see each game crate for its schema).
    fn view(&self) -> serde_json::Value;
    /// The game's explanation of part of the current position, such as
    /// `cell e5` (see [`Presentation::explain`](crate::Presentation::explain)); `None` when
    /// the game has no such command.
    fn explain(&self, what: &str) -> Option<Result<Text, Text>>;
    /// The game's note on the legal move written `mv` for a person choosing
    /// (see [`Presentation::move_note`](crate::Presentation::move_note)).
    fn move_note(&self, mv: &str) -> Option<Text>;
    /// Checks options given beside the game's start position against what
    /// the position fixes (see [`Game::check_options`](crate::Game::check_options)).
    fn check_start_options(&self, options: &Options) -> Result<(), GameError>;
    /// Lets the engine search the current position; fails with
    /// [`GameError::NoEngine`] when the game offers no engine.
    fn think(
        &mut self,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<String>),
    ) -> Result<ThinkResult, GameError> {
        self.think_among(&[], limits, stop, on_info)
    }
    /// [`DynGame::think`] choosing only among the moves `among` (move
    /// text, UCI's `go searchmoves`; empty for every legal move); fails
    /// with the game's error for a move of `among` that is not legal now.
    fn think_among(
        &mut self,
        among: &[String],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<String>),
    ) -> Result<ThinkResult, GameError>;
    /// Tells the engine that a new game starts (clears its tables).
    fn new_game(&mut self);
    /// The names of the engines this game offers (`alphabeta`, `greedy`,
    /// `random`, …); the first is the default. Empty when the game was
    /// built without engines (a game crate without its `engine` feature).
    fn engines(&self) -> Vec<&'static str>;
    /// Chooses the engine that [`DynGame::think`] uses
    /// ([`GameError::NoEngine`] when the game offers none).
    fn set_engine(&mut self, name: &str) -> Result<(), GameError>;
    /// Sets the engine's hash size in MiB.
    fn set_hash_mb(&mut self, megabytes: usize);
    /// Sets how many threads the engine searches on (engines that search
    /// on one thread ignore it).
    fn set_threads(&mut self, threads: usize);
    /// A copy of the game (the copy starts with a fresh engine).
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// Takes the engine out of the game, with its tables, if it has thought
    /// (so that a later copy can go on with it, see [`DynGame::put_engine`]).
    fn take_engine(&mut self) -> Option<EngineState>;
    /// Gives the game an engine taken from a game of the same kind; it is
    /// used when it is the engine chosen now (see [`DynGame::set_engine`]),
    /// else dropped. Returns whether it was taken. Its hash size and
    /// threads are the ones it had.
    fn put_engine(&mut self, state: EngineState) -> bool;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
