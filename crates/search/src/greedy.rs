//! A baseline player that looks one ply ahead.

use crate::{Evaluate, terminal_score};
use game::{Analyzer, History, Info, Limits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;

/// Plays the move after which the static evaluation is best for the mover
/// (a win first), breaking ties at random.
pub struct Greedy {
    rng: SmallRng,
}

impl Greedy {
    /// A greedy player seeded from the operating system.
    #[must_use]
    pub fn new() -> Greedy {
        Greedy { rng: SmallRng::from_os_rng() }
    }

    /// A greedy player whose tie-breaks follow `seed` (reproducible games).
    #[must_use]
    pub fn seeded(seed: u64) -> Greedy {
        Greedy { rng: SmallRng::seed_from_u64(seed) }
    }
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new()
    }
}

/// A boxed [`Greedy`], for a game's engine table.
pub fn greedy<G: Evaluate>() -> Box<dyn Analyzer<G>> {
    Box::new(Greedy::new())
}

impl<G: Evaluate> Analyzer<G> for Greedy {
    fn think(
        &mut self,
        history: &History<G>,
        _limits: &Limits,
        _stop: &AtomicBool,
        _on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<G::Move> {
        let mut moves = Vec::new();
        history.legal_moves(&mut moves);
        let mut best = Vec::new();
        let mut best_score = i32::MIN;
        for mv in moves {
            let mut child = history.current().clone();
            child.play(mv);
            let score = match child.outcome() {
                Some(outcome) => -terminal_score(&child, outcome, 1),
                None => -child.evaluate(),
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(mv);
            }
        }
        if best.is_empty() { None } else { Some(best[self.rng.random_range(0..best.len())]) }
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _megabytes: usize) {}
}
