//! The interface between a game and an engine that plays it.

use crate::{Game, History};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A chess-style clock: remaining time and increment per player (indexed
/// by [`Player::index`](crate::Player::index)), and optionally the moves
/// until the next time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Remaining time of P1 and P2.
    pub time: [Duration; 2],
    /// Increment per move of P1 and P2.
    pub increment: [Duration; 2],
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. Several limits may be given; the first one reached
/// stops the search. No limit at all, or `infinite`, searches until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes: the hard node limit, which aborts the
    /// search wherever it is.
    pub nodes: Option<u64>,
    /// The soft node limit: an iterative-deepening search starts no new
    /// iteration once it has searched this many nodes (the main thread's),
    /// and finishes the one it is in unless [`Limits::nodes`] stops it
    /// first; an anytime search without iterations (MCTS) stops here as at
    /// a node limit. `None` leaves the search exactly as without it.
    pub soft_nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Clock play: the engine budgets its own time.
    pub clock: Option<Clock>,
    /// What the host's clock charges for a move on top of the search
    /// (process and pipe latency); clock budgets keep it back. Zero when
    /// the engine runs in the host's process.
    pub move_overhead: Duration,
    /// Search until told to stop, whatever else is given.
    pub infinite: bool,
    /// How many best lines to report (multi-PV), each in its own
    /// [`Info`] with [`Info::multipv`]; 0 and 1 both mean only the best
    /// line, searched exactly as without this field.
    pub multipv: u32,
}

impl Limits {
    /// Limits of a fixed depth.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Limits of a fixed time per move.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }

    /// The number of lines to report: [`Limits::multipv`], at least 1.
    #[must_use]
    pub fn lines(&self) -> u32 {
        self.multipv.max(1)
    }
}

/// An evaluation from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawn-like units (a game defines its own scale; 100 ≈ one stone
    /// or marble).
    Cp(i32),
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Score {
    /// The score as UCI-style text: `cp 35`, `mate 3`, `mate -2` (moves,
    /// i.e. plies rounded up to the mover's moves).
    #[must_use]
    pub fn uci(&self) -> String {
        match *self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Win(plies) => format!("mate {}", plies.div_ceil(2)),
            Score::Loss(plies) => format!("mate -{}", plies.div_ceil(2)),
        }
    }
}

/// A progress report of a search, for `info` lines: the report of a
/// completed depth, or, between them (`currmove` set), how far the search
/// of the next depth has come.
#[derive(Clone, Debug, PartialEq)]
pub struct Info<M> {
    /// Completed nominal depth (the depth being searched in a report
    /// between depths).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, best move first (of the last completed
    /// depth in a report between depths).
    pub pv: Vec<M>,
    /// In a report between depths: the root move being searched and its
    /// number (from 1) in the search's order; `None` in the report of a
    /// completed depth.
    pub currmove: Option<(M, u32)>,
    /// Which line this reports, from 1 (the best) to
    /// [`Limits::lines`]; always 1 in a single-line search.
    pub multipv: u32,
}

impl<M> Info<M> {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }

    /// The same report with the moves mapped (e.g. to text).
    pub fn map<N>(&self, mut f: impl FnMut(&M) -> N) -> Info<N> {
        Info {
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            nodes: self.nodes,
            time: self.time,
            pv: self.pv.iter().map(&mut f).collect(),
            currmove: self.currmove.as_ref().map(|(mv, number)| (f(mv), *number)),
            multipv: self.multipv,
        }
    }

    /// Whether this reports a completed depth (not progress between
    /// depths).
    pub fn is_complete(&self) -> bool {
        self.currmove.is_none()
    }
}

/// An engine for the game `G`.
pub trait Analyzer<G: Game>: Send {
    /// Searches the current position of `history` within `limits` (or until
    /// `stop` becomes true), reporting progress through `on_info`, and
    /// returns the best move found — some legal move even if stopped at
    /// once; `None` only when there is no legal move.
    fn think(
        &mut self,
        history: &History<G>,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<G::Move>;

    /// Forgets everything learnt about earlier games (transposition table,
    /// statistics).
    fn new_game(&mut self);

    /// Sets the size of the engine's hash table in MiB (engines without one
    /// ignore it).
    fn set_hash_mb(&mut self, megabytes: usize);

    /// Sets how many threads the engine searches on; engines that search on
    /// one thread keep the default, which ignores it.
    fn set_threads(&mut self, threads: usize) {
        let _ = threads;
    }
}

/// Builds a fresh engine for the game.
pub type AnalyzerFactory<G> = fn() -> Box<dyn Analyzer<G>>;

/// The engines a game offers, by name; the first is the default. Empty for
/// a game built without engines: its session plays, but cannot think.
pub type Engines<G> = &'static [(&'static str, AnalyzerFactory<G>)];

/// The index in `engines` of the engine called `name` (case ignored).
#[must_use]
pub fn engine_index<G>(engines: Engines<G>, name: &str) -> Option<usize> {
    engines.iter().position(|(n, _)| n.eq_ignore_ascii_case(name))
}
