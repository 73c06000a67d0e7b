//! A baseline player that picks a uniformly random legal move.

use game::{Analyzer, Game, History, Info, Limits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;

/// Plays a uniformly random legal move.
pub struct RandomMover {
    rng: SmallRng,
}

impl RandomMover {
    /// A random mover seeded from the operating system.
    #[must_use]
    pub fn new() -> RandomMover {
        RandomMover { rng: SmallRng::from_os_rng() }
    }

    /// A random mover whose choices follow `seed` (reproducible games).
    #[must_use]
    pub fn seeded(seed: u64) -> RandomMover {
        RandomMover { rng: SmallRng::seed_from_u64(seed) }
    }
}

impl Default for RandomMover {
    fn default() -> Self {
        RandomMover::new()
    }
}

/// A boxed [`RandomMover`], for a game's engine table.
pub fn random<G: Game>() -> Box<dyn Analyzer<G>> {
    Box::new(RandomMover::new())
}

impl<G: Game> Analyzer<G> for RandomMover {
    fn think(
        &mut self,
        history: &History<G>,
        _limits: &Limits,
        _stop: &AtomicBool,
        _on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<G::Move> {
        let mut moves = Vec::new();
        history.legal_moves(&mut moves);
        if moves.is_empty() { None } else { Some(moves[self.rng.random_range(0..moves.len())]) }
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _megabytes: usize) {}
}
