//! Engine tests on small games defined in `toys`.

extern crate spielwerk_search as search;

mod alphabeta;
mod limits;
mod mcts;
mod toys;

use game::{Analyzer, Game, History, Info, Limits};
use search::{Evaluate, WIN_SCORE, terminal_score};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// Lets `engine` think about `history` under `limits` and returns its move
/// and every report.
pub fn think<G: Game>(
    engine: &mut dyn Analyzer<G>,
    history: &History<G>,
    limits: Limits,
) -> (Option<G::Move>, Vec<Info<G::Move>>) {
    let stop = AtomicBool::new(false);
    let mut infos = Vec::new();
    let best = engine.think(history, &limits, &stop, &mut |info| infos.push(info.clone()));
    (best, infos)
}

/// Scores beyond this are decided games at a distance.
const DECIDED: i32 = WIN_SCORE - 1000;

/// The exact minimax value of `position` for its side to move, with wins
/// as `WIN_SCORE - plies` (quickest win, slowest loss), memoised by hash.
pub fn solve<G: Evaluate>(position: &G, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(outcome) = position.outcome() {
        return terminal_score(position, outcome, 0);
    }
    if let Some(&value) = memo.get(&position.hash()) {
        return value;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut best = -WIN_SCORE - 1;
    for mv in moves {
        let mut child = position.clone();
        child.play(mv);
        let value = one_ply_later(solve(&child, memo));
        best = best.max(if child.side_to_move() == position.side_to_move() { value } else { -value });
    }
    memo.insert(position.hash(), best);
    best
}

/// A value seen one ply further from the end (wins and losses one ply
/// further away).
pub fn one_ply_later(value: i32) -> i32 {
    if value > DECIDED {
        value - 1
    } else if value < -DECIDED {
        value + 1
    } else {
        value
    }
}
