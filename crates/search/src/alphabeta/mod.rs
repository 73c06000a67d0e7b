//! The alpha-beta engine: iterative deepening over a principal-variation
//! search, with time management.

mod correction;
mod ordering;
mod pvs;
mod tt;

use crate::Evaluate;
use crate::evaluate::{DECIDED, WIN_SCORE, to_score};
use crate::repetition::Repetitions;
use crate::time::Budget;
use game::{Analyzer, History, Info, Limits, Score};
use pvs::{Heuristics, MAX_PLY, Progress, Searcher};
use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, PoisonError};
use std::time::{Duration, Instant};
use tt::Table;

/// The transposition table size of a new engine, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// The most search threads an engine runs.
pub const MAX_THREADS: usize = 256;

/// How often a search that has not finished a depth reports its progress
/// (the root move it searches and its nodes).
const PROGRESS_PERIOD: Duration = Duration::from_secs(1);

/// Assumed ratio of the time of one iteration to the previous one until
/// two iterations have been measured.
const DEFAULT_GROWTH: f64 = 4.0;

/// Node-based time management starts at this depth: the soft limit is
/// scaled by [`soft_scale`] after each iteration from here on.
const TIME_SCALING_DEPTH: u32 = 5;

/// The scale of the soft time limit after an iteration whose best move
/// has been the best for `stable` iterations in a row before it and got
/// `share` of the root's nodes so far: a move that keeps changing or that
/// the search has barely looked at gets more time, a settled one less.
fn soft_scale(stable: usize, share: f64) -> f64 {
    const BY_STABILITY: [f64; 5] = [2.2, 1.4, 1.1, 0.9, 0.8];
    BY_STABILITY[stable.min(BY_STABILITY.len() - 1)] * (1.5 - share) * 1.35
}

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
/// game's history and the search path. Scores that depended on a
/// repetition are not trusted from the transposition table.
///
/// Threads ([`Analyzer::set_threads`]): Lazy SMP — helper threads search
/// the same root with their own history and killers, sharing the
/// lock-free transposition table; the main thread keeps time, reports and
/// chooses the move. A node limit counts the main thread's nodes.
///
/// Nodes: [`Limits::nodes`] is a hard limit (the search stops at once when
/// the main thread passes it); [`Limits::soft_nodes`] a soft one (no
/// iteration after the first starts once the main thread has searched
/// that many). Together they give self-play the deeper iterations of a
/// hard limit without wasting the nodes of an iteration that cannot end.
///
/// Time: a fixed move time is used up to a margin of at most 8 ms; under a
/// clock the engine aims for (time − a 100 ms reserve) / moves-to-go (25
/// if unknown) + ¾ of the increment − the move overhead, stops at three
/// times that, never lets the clock fall below the reserve, and does not
/// start an iteration it does not expect to finish. From depth 5 on, the
/// aim is scaled after every iteration by how long the best move has
/// stayed best and by its share of the root's nodes. A report goes out
/// after every completed iteration.
///
/// Multi-PV ([`Limits::multipv`] above 1): each iteration searches the
/// root once per line, leaving out the first moves of the better lines
/// found in that iteration, and reports the lines together, ordered by
/// score (a later line's search can score above an earlier one's); the
/// move played is the first of the best line. With one line the search is
/// unchanged.
pub struct AlphaBeta {
    hash_mb: usize,
    threads: usize,
    tt: Option<Arc<Table>>,
    /// One [`Heuristics`] per thread, for the move type of the game last
    /// searched.
    heuristics: Vec<Box<dyn Any + Send>>,
}

impl AlphaBeta {
    /// A new engine on one thread with a transposition table of
    /// [`DEFAULT_HASH_MB`] MiB (made at a new game, or when it first
    /// thinks).
    #[must_use]
    pub fn new() -> AlphaBeta {
        AlphaBeta { hash_mb: DEFAULT_HASH_MB, threads: 1, tt: None, heuristics: Vec::new() }
    }

    /// The shared transposition table and each thread's heuristics for
    /// moves of type `M`, created if missing or made for another game.
    fn tables<M: Copy + Eq + std::hash::Hash + Send + 'static>(
        &mut self,
    ) -> (Arc<Table>, Vec<&mut Heuristics<M>>) {
        let tt = Arc::clone(self.tt.get_or_insert_with(|| Arc::new(Table::new(self.hash_mb))));
        if !self.heuristics.first().is_some_and(|h| h.is::<Heuristics<M>>()) {
            self.heuristics.clear();
        }
        while self.heuristics.len() < self.threads {
            self.heuristics.push(Box::new(Heuristics::<M>::new()));
        }
        let heuristics = self.heuristics[..self.threads]
            .iter_mut()
            .map(|h| h.downcast_mut::<Heuristics<M>>().expect("made for this move type"))
            .collect();
        (tt, heuristics)
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
        let budget = Budget::new(limits, root.side_to_move(), root.moves_left(), start, stop);
        let (tt, mut heuristics) = self.tables::<G::Move>();
        tt.new_search();
        for tables in &mut heuristics {
            tables.new_search();
        }
        // The root moves a restriction (`go searchmoves`) leaves out; the
        // table's move indexes count every legal move.
        let mut every = Vec::new();
        root.legal_moves(&mut every);
        let left_out: Vec<G::Move> = every.iter().copied().filter(|mv| !moves.contains(mv)).collect();
        let tt_move = tt
            .probe(root.hash())
            .and_then(|entry| entry.move_index)
            .and_then(|i| every.get(i).copied())
            .filter(|mv| moves.contains(mv));
        let mut best = tt_move.or_else(|| moves.iter().copied().max_by_key(|&mv| root.order_hint(mv)))?;
        let max_depth = match limits.depth {
            Some(depth) if !limits.infinite => depth.clamp(1, MAX_PLY as u32 - 1),
            _ => MAX_PLY as u32 - 1,
        };
        let (main_tables, helper_tables) = heuristics.split_first_mut().expect("at least one thread");
        let helpers_stop = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let progress = Progress::new();
        std::thread::scope(|scope| {
            for (index, tables) in helper_tables.iter_mut().enumerate() {
                let (tt, helpers_stop, helper_nodes) = (&*tt, &helpers_stop, &helper_nodes);
                let left_out = &left_out;
                scope.spawn(move || {
                    let unbounded = Limits { infinite: true, ..Limits::default() };
                    let budget = Budget::new(&unbounded, root.side_to_move(), None, start, helpers_stop);
                    let mut searcher: Searcher<'_, G> =
                        Searcher::new(tt, tables, &budget, Repetitions::new(history));
                    searcher.exclude_root_moves(left_out);
                    let mut previous = None;
                    let mut counted = 0;
                    for depth in (1 + index as u32 % 2)..MAX_PLY as u32 {
                        let value = searcher.iterate(root, depth, previous);
                        helper_nodes.fetch_add(searcher.nodes - counted, Ordering::Relaxed);
                        counted = searcher.nodes;
                        if value.is_none() {
                            break;
                        }
                        previous = value;
                    }
                });
            }
            let (reports, received) = mpsc::channel();
            let main = {
                let (tt, budget, progress, helper_nodes) = (&*tt, &budget, &progress, &helper_nodes);
                let (left_out, moves) = (&left_out, &moves);
                let mut best = best;
                scope.spawn(move || {
                    let mut searcher: Searcher<'_, G> =
                        Searcher::new(tt, main_tables, budget, Repetitions::new(history))
                            .with_progress(progress);
                    searcher.exclude_root_moves(left_out);
                    // Scores of many games swing between odd and even depths, so
                    // the aspiration window is centred on the score two
                    // iterations back.
                    let mut previous = None;
                    let mut same_parity = None;
                    // Multi-PV: the further lines, each with its scores
                    // of the last two iterations.
                    let lines = (limits.lines() as usize).min(moves.len()).max(1);
                    let mut further: Vec<(Option<i32>, Option<i32>)> = vec![(None, None); lines - 1];
                    let mut times: [Duration; 2] = [Duration::ZERO; 2];
                    let soft_nodes = limits.soft_nodes.filter(|_| !limits.infinite);
                    // How many iterations in a row before the last one
                    // found its best move.
                    let mut stable = 0;
                    let mut last_best = None;
                    // The report of line `multipv` of the iteration of
                    // `depth`: its value and principal variation `pv`.
                    let report = |searcher: &Searcher<'_, G>, depth, value, pv, multipv| Info {
                        depth,
                        seldepth: searcher.seldepth.max(depth),
                        score: to_score(value),
                        nodes: searcher.nodes + helper_nodes.load(Ordering::Relaxed),
                        time: budget.elapsed(),
                        pv,
                        currmove: None,
                        multipv,
                    };
                    for depth in 1..=max_depth {
                        let growth = if times[0].is_zero() {
                            DEFAULT_GROWTH
                        } else {
                            (times[1].as_secs_f64() / times[0].as_secs_f64()).clamp(1.5, 8.0)
                        };
                        if depth > 1
                            && (!budget.worth_iteration(times[1].mul_f64(growth))
                                || soft_nodes.is_some_and(|soft| searcher.nodes >= soft))
                            || budget.must_stop()
                        {
                            break;
                        }
                        let iteration_start = budget.elapsed();
                        let Some(value) = searcher.iterate(root, depth, same_parity.or(previous)) else {
                            // The stopped iteration may have found a better
                            // move already: it is played, so it is reported
                            // (the last line before `bestmove` begins with
                            // the move played), with its line so far.
                            if let Some((mv, value)) = searcher.root_best
                                && mv != best
                            {
                                best = mv;
                                let mut pv = searcher.principal_variation();
                                if pv.first() != Some(&mv) {
                                    pv = vec![mv];
                                }
                                let _ = reports.send(report(&searcher, depth, value, pv, 1));
                            }
                            break;
                        };
                        let pv = searcher.principal_variation();
                        best = pv.first().copied().or(searcher.root_best.map(|(mv, _)| mv)).unwrap_or(best);
                        let mut firsts = vec![best];
                        // This iteration's lines, reported together once
                        // searched (each alone with one line).
                        let mut found = vec![(value, report(&searcher, depth, value, pv, 1))];
                        same_parity = previous;
                        previous = Some(value);
                        let mut stopped = false;
                        // Deeper search changes nothing once every line is proven.
                        let mut settled = proven(value, depth);
                        for (line, (previous, same_parity)) in further.iter_mut().enumerate() {
                            searcher.exclude_root_moves(&[&firsts[..], left_out].concat());
                            let Some(value) = searcher.iterate(root, depth, same_parity.or(*previous)) else {
                                stopped = true;
                                break;
                            };
                            let pv = searcher.principal_variation();
                            let Some(first) = pv.first().copied().or(searcher.root_best.map(|(mv, _)| mv))
                            else {
                                break;
                            };
                            firsts.push(first);
                            settled &= proven(value, depth);
                            found.push((value, report(&searcher, depth, value, pv, line as u32 + 2)));
                            *same_parity = *previous;
                            *previous = Some(value);
                        }
                        if lines > 1 {
                            searcher.exclude_root_moves(left_out);
                        }
                        // A later line's search can score above an
                        // earlier one (its window and table differ): the
                        // lines go out best first, and the best is played.
                        found.sort_by_key(|(value, _)| std::cmp::Reverse(*value));
                        for (index, (_, mut info)) in found.into_iter().enumerate() {
                            if index == 0 {
                                best = info.pv.first().copied().unwrap_or(best);
                            }
                            info.multipv = index as u32 + 1;
                            let _ = reports.send(info);
                        }
                        if stopped {
                            break;
                        }
                        times = [times[1], budget.elapsed() - iteration_start];
                        stable = if last_best == Some(best) { stable + 1 } else { 0 };
                        last_best = Some(best);
                        if budget.is_clock() && lines == 1 && depth >= TIME_SCALING_DEPTH {
                            budget.scale_soft(soft_scale(stable, searcher.root_share(best)));
                        }
                        if !limits.infinite && (settled || budget.is_clock() && moves.len() == 1) {
                            break;
                        }
                    }
                    best
                })
            };
            let mut last: Option<Info<G::Move>> = None;
            let mut reported = Duration::ZERO;
            loop {
                match received.recv_timeout(PROGRESS_PERIOD) {
                    Ok(info) => {
                        reported = info.time;
                        on_info(&info);
                        if info.multipv == 1 {
                            last = Some(info);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        let time = budget.elapsed();
                        if time - reported < PROGRESS_PERIOD {
                            continue;
                        }
                        reported = time;
                        let Some(currmove) =
                            *progress.root_move.lock().unwrap_or_else(PoisonError::into_inner)
                        else {
                            continue;
                        };
                        let nodes =
                            progress.nodes.load(Ordering::Relaxed) + helper_nodes.load(Ordering::Relaxed);
                        let (score, seldepth, pv, depth) = match &last {
                            Some(last) => (last.score, last.seldepth, last.pv.clone(), last.depth + 1),
                            None => (Score::Cp(0), 0, Vec::new(), 1),
                        };
                        on_info(&Info {
                            depth,
                            seldepth,
                            score,
                            nodes,
                            time,
                            pv,
                            currmove: Some(currmove),
                            multipv: 1,
                        });
                    }
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
            best = main.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            if limits.infinite {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            helpers_stop.store(true, Ordering::Relaxed);
        });
        Some(best)
    }

    /// A fresh transposition table, made now (not on the clock of the
    /// game's first search).
    fn new_game(&mut self) {
        self.tt = Some(Arc::new(Table::new(self.hash_mb)));
        self.heuristics.clear();
    }

    fn set_hash_mb(&mut self, megabytes: usize) {
        self.hash_mb = megabytes;
        self.tt = None;
    }

    fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }
}

#[cfg(test)]
mod tests {
    use super::soft_scale;

    #[test]
    fn a_settled_move_gets_less_time_and_a_new_one_more() {
        assert!(soft_scale(4, 0.9) < 1.0);
        assert!(soft_scale(0, 0.2) > 2.0);
        // Each more iteration of stability, and each more share, less time.
        for stable in 0..6 {
            assert!(soft_scale(stable + 1, 0.5) <= soft_scale(stable, 0.5));
            assert!(soft_scale(stable, 0.6) < soft_scale(stable, 0.5));
        }
    }
}
