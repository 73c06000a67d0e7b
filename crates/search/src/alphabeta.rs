//! Iterative-deepening alpha-beta search.

use crate::evaluate::WIN_SCORE;
use crate::{Evaluate, terminal_score};
use game::{Analyzer, History, Info, Limits, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Iterative-deepening negamax alpha-beta over any [`Evaluate`] game.
pub struct AlphaBeta {
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    aborted: bool,
}

impl AlphaBeta {
    /// A new engine.
    #[must_use]
    pub fn new() -> AlphaBeta {
        AlphaBeta { nodes: 0, deadline: None, node_limit: None, aborted: false }
    }

    fn out_of_budget(&mut self, stop: &AtomicBool) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let full = self.node_limit.is_some_and(|n| self.nodes >= n);
            self.aborted = late || full || stop.load(Ordering::Relaxed);
        }
        self.aborted
    }

    fn negamax<G: Evaluate>(
        &mut self,
        position: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        path: &mut Vec<u64>,
        stop: &AtomicBool,
    ) -> (i32, Vec<G::Move>) {
        self.nodes += 1;
        if let Some(outcome) = position.outcome() {
            return (terminal_score(position, outcome, ply), Vec::new());
        }
        if let Some(rule) = position.repetition() {
            let key = position.repetition_key();
            if ply > 0 && path.iter().filter(|&&k| k == key).count() + 1 >= rule.occurrences {
                return (terminal_score(position, position.repetition_outcome(), ply), Vec::new());
            }
        }
        if depth == 0 || self.out_of_budget(stop) {
            return (position.evaluate(), Vec::new());
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves.sort_by_key(|&mv| std::cmp::Reverse(position.order_hint(mv)));
        let mut best = (-WIN_SCORE - 1, Vec::new());
        path.push(position.repetition_key());
        for mv in moves {
            let mut child = position.clone();
            child.play(mv);
            let (score, line) = self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, path, stop);
            let score = -score;
            if score > best.0 {
                let mut pv = vec![mv];
                pv.extend(line);
                best = (score, pv);
            }
            alpha = alpha.max(score);
            if alpha >= beta || self.aborted {
                break;
            }
        }
        path.pop();
        best
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

fn to_score(score: i32) -> Score {
    if score >= WIN_SCORE - 1000 {
        Score::Win((WIN_SCORE - score) as u32)
    } else if score <= -(WIN_SCORE - 1000) {
        Score::Loss((WIN_SCORE + score) as u32)
    } else {
        Score::Cp(score)
    }
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
        let mut moves = Vec::new();
        history.legal_moves(&mut moves);
        let mut best = *moves.first()?;
        let budget = limits.movetime.or_else(|| {
            limits.clock.map(|clock| {
                let side = history.current().side_to_move().index();
                clock.time[side] / clock.moves_to_go.unwrap_or(30).max(1) + clock.increment[side] / 2
            })
        });
        self.deadline = if limits.infinite { None } else { budget.map(|b| start + b) };
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.aborted = false;
        let max_depth = if limits.infinite { 64 } else { limits.depth.unwrap_or(64) };
        let mut path: Vec<u64> = history.repetition_keys();
        path.pop();
        for depth in 1..=max_depth {
            let (score, pv) =
                self.negamax(history.current(), depth, 0, -WIN_SCORE - 1, WIN_SCORE + 1, &mut path, stop);
            if self.aborted && depth > 1 {
                break;
            }
            if let Some(&first) = pv.first() {
                best = first;
            }
            on_info(&Info {
                depth,
                seldepth: depth,
                score: to_score(score),
                nodes: self.nodes,
                time: start.elapsed(),
                pv,
            });
            if self.aborted || score.abs() >= WIN_SCORE - 1000 {
                break;
            }
            if let Some(deadline) = self.deadline {
                let spent = start.elapsed();
                if Instant::now() + spent > deadline + Duration::from_millis(1) {
                    break;
                }
            }
        }
        Some(best)
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _megabytes: usize) {}
}
