//! The alpha-beta engine: iterative deepening over a principal-variation
//! search, with time management.

mod ordering;
mod pvs;
mod tt;

use crate::Evaluate;
use crate::evaluate::{DECIDED, WIN_SCORE, to_score};
use crate::repetition::Repetitions;
use crate::time::Budget;
use game::{Analyzer, History, Info, Limits};
use pvs::{MAX_PLY, Searcher, Tables};
use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The transposition table size of a new engine, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// Assumed ratio of the time of one iteration to the previous one until
/// two iterations have been measured.
const DEFAULT_GROWTH: f64 = 4.0;

/// Iterative-deepening principal-variation search over any [`Evaluate`]
/// game.
///
/// Features: aspiration windows, a transposition table keyed by
/// [`Game::hash`](game::Game::hash) (kept between the moves of a game,
/// cleared by [`Analyzer::new_game`], sized by [`Analyzer::set_hash_mb`]),
/// transposition-table move first, then the game's
/// [`order_hint`](Evaluate::order_hint) with killer moves and the history
/// heuristic breaking ties, late-move reductions, late-move pruning,
/// null-move pruning and quiescence search where the game allows them, and
/// repetition endings (the game's own rule and outcome) counted over the
/// game's history and the search path. Scores that depended on a repetition are not trusted from
/// the transposition table.
///
/// Time: a fixed move time is used up to a margin of at most 8 ms; under a
/// clock the engine aims for (time − a 100 ms reserve) / moves-to-go (25
/// if unknown) + ¾ of the increment − the move overhead, stops at three
/// times that, never lets the clock fall below the reserve, and does not
/// start an iteration it does not expect to finish. A report goes out
/// after every completed iteration.
pub struct AlphaBeta {
    hash_mb: usize,
    tables: Option<Box<dyn Any + Send>>,
}

impl AlphaBeta {
    /// A new engine with a transposition table of [`DEFAULT_HASH_MB`] MiB
    /// (allocated when it first thinks).
    #[must_use]
    pub fn new() -> AlphaBeta {
        AlphaBeta { hash_mb: DEFAULT_HASH_MB, tables: None }
    }

    /// The tables for moves of type `M`, created if missing or made for
    /// another game.
    fn tables<M: Copy + Eq + Send + 'static>(&mut self) -> &mut Tables<M> {
        if !self.tables.as_ref().is_some_and(|tables| tables.is::<Tables<M>>()) {
            self.tables = Some(Box::new(Tables::<M>::new(self.hash_mb)));
        }
        self.tables
            .as_mut()
            .and_then(|tables| tables.downcast_mut::<Tables<M>>())
            .expect("the tables were just made for this move type")
    }
}

impl Default for AlphaBeta {
    fn default() -> Self {
        AlphaBeta::new()
    }
}

/// A boxed [`AlphaBeta`], for a game's engine table.
pub fn alpha_beta<G: Evaluate>() -> Box<dyn Analyzer<G>> {
    Box::new(AlphaBeta::new())
}

/// Whether `value`, found by a search of `depth` plies, is a win or loss
/// within the searched depth (deeper search cannot change it).
fn proven(value: i32, depth: u32) -> bool {
    value.abs() > DECIDED && (WIN_SCORE - value.abs()) as u32 <= depth
}

impl<G: Evaluate> Analyzer<G> for AlphaBeta {
    fn think(
        &mut self,
        history: &History<G>,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<G::Move> {
        let start = Instant::now();
        let root = history.current();
        let mut moves = Vec::new();
        history.legal_moves(&mut moves);
        let budget = Budget::new(limits, root.side_to_move(), start, stop);
        let tables = self.tables::<G::Move>();
        tables.tt.new_search();
        tables.history.age();
        tables.killers.clear();
        let tt_move = tables.tt.probe(root.hash()).and_then(|entry| entry.mv).filter(|mv| moves.contains(mv));
        let mut best = tt_move.or_else(|| moves.iter().copied().max_by_key(|&mv| root.order_hint(mv)))?;

        let max_depth = match limits.depth {
            Some(depth) if !limits.infinite => depth.clamp(1, MAX_PLY as u32 - 1),
            _ => MAX_PLY as u32 - 1,
        };
        let mut searcher: Searcher<'_, G> = Searcher::new(tables, &budget, Repetitions::new(history));
        // Scores of many games swing between odd and even depths, so the
        // aspiration window is centred on the score two iterations back.
        let mut previous = None;
        let mut same_parity = None;
        let mut times: [Duration; 2] = [Duration::ZERO; 2];
        for depth in 1..=max_depth {
            let growth = if times[0].is_zero() {
                DEFAULT_GROWTH
            } else {
                (times[1].as_secs_f64() / times[0].as_secs_f64()).clamp(1.5, 8.0)
            };
            if depth > 1 && !budget.worth_iteration(times[1].mul_f64(growth)) || budget.must_stop() {
                break;
            }
            let iteration_start = budget.elapsed();
            let Some(value) = searcher.iterate(root, depth, same_parity.or(previous)) else {
                best = searcher.root_best.unwrap_or(best);
                break;
            };
            let pv = searcher.principal_variation();
            best = pv.first().copied().or(searcher.root_best).unwrap_or(best);
            on_info(&Info {
                depth,
                seldepth: searcher.seldepth.max(depth),
                score: to_score(value),
                nodes: searcher.nodes,
                time: budget.elapsed(),
                pv,
            });
            same_parity = previous;
            previous = Some(value);
            times = [times[1], budget.elapsed() - iteration_start];
            if !limits.infinite && (proven(value, depth) || budget.is_clock() && moves.len() == 1) {
                break;
            }
        }
        if limits.infinite {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        Some(best)
    }

    fn new_game(&mut self) {
        self.tables = None;
    }

    fn set_hash_mb(&mut self, megabytes: usize) {
        self.hash_mb = megabytes;
        self.tables = None;
    }
}
