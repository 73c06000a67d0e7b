//! The baseline players of engine matches: a uniformly random legal move
//! ([`RandomMover`]) and the best move one ply ahead ([`Greedy`]), both
//! choosing at random among the moves their [`Policy`] keeps.

use crate::{Evaluate, terminal_score};
use game::{Analyzer, Game, History, Info, Limits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;

/// Which legal moves a [`Baseline`] player chooses among.
pub trait Policy<G: Game>: Send {
    /// Keeps in `moves` (the legal moves of `history`'s position, in their
    /// order) the moves to choose among, in the same order.
    fn keep(history: &History<G>, moves: &mut Vec<G::Move>);
}

/// Every legal move: [`RandomMover`]'s policy.
pub struct AnyMove;

impl<G: Game> Policy<G> for AnyMove {
    fn keep(_history: &History<G>, _moves: &mut Vec<G::Move>) {}
}

/// The moves after which the static evaluation is best for the mover (a
/// win first): [`Greedy`]'s policy.
pub struct BestAfterOnePly;

impl<G: Evaluate> Policy<G> for BestAfterOnePly {
    fn keep(history: &History<G>, moves: &mut Vec<G::Move>) {
        let scores: Vec<i32> = moves
            .iter()
            .map(|&mv| {
                let mut child = history.current().clone();
                child.play(mv);
                match child.outcome() {
                    Some(outcome) => -terminal_score(&child, outcome, 1),
                    None => -child.evaluate(),
                }
            })
            .collect();
        let best = scores.iter().copied().max();
        let mut scores = scores.into_iter();
        moves.retain(|_| scores.next() == best);
    }
}

/// A player that plays a uniformly random move among those its policy `P`
/// keeps.
pub struct Baseline<P> {
    rng: SmallRng,
    policy: PhantomData<P>,
}

/// Plays a uniformly random legal move.
pub type RandomMover = Baseline<AnyMove>;

/// Plays the move after which the static evaluation is best for the mover
/// (a win first), breaking ties at random.
pub type Greedy = Baseline<BestAfterOnePly>;

impl<P> Baseline<P> {
    /// A player seeded from the operating system.
    #[must_use]
    pub fn new() -> Baseline<P> {
        Baseline { rng: SmallRng::from_os_rng(), policy: PhantomData }
    }

    /// A player whose random choices follow `seed` (reproducible games).
    #[must_use]
    pub fn seeded(seed: u64) -> Baseline<P> {
        Baseline { rng: SmallRng::seed_from_u64(seed), policy: PhantomData }
    }
}

impl<P> Default for Baseline<P> {
    fn default() -> Self {
        Baseline::new()
    }
}

/// A boxed [`RandomMover`], for a game's engine table.
pub fn random<G: Game>() -> Box<dyn Analyzer<G>> {
    Box::new(RandomMover::new())
}

/// A boxed [`Greedy`], for a game's engine table.
pub fn greedy<G: Evaluate>() -> Box<dyn Analyzer<G>> {
    Box::new(Greedy::new())
}

impl<G: Game, P: Policy<G>> Analyzer<G> for Baseline<P> {
    fn think(
        &mut self,
        history: &History<G>,
        _limits: &Limits,
        _stop: &AtomicBool,
        _on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<G::Move> {
        let mut moves = Vec::new();
        history.legal_moves(&mut moves);
        P::keep(history, &mut moves);
        if moves.is_empty() { None } else { Some(moves[self.rng.random_range(0..moves.len())]) }
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _megabytes: usize) {}
}
