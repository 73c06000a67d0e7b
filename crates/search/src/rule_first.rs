//! An engine that plays the moves a rule of thumb gives (a game's setup or
//! start, say) and searches the other positions with another engine.

use game::{Analyzer, Game, History, Info, Limits};
use std::sync::atomic::AtomicBool;

/// The move a rule of thumb plays in a position, or `None` where the
/// position is to be searched.
pub type Rule<G> = fn(&G) -> Option<<G as Game>::Move>;

/// Plays `rule`'s move where it gives one and searches with `inner`
/// elsewhere; no move once the game is over.
pub struct RuleFirst<G: Game> {
    rule: Rule<G>,
    inner: Box<dyn Analyzer<G>>,
}

impl<G: Game> RuleFirst<G> {
    /// Wraps the search engine `inner` with `rule`.
    #[must_use]
    pub fn new(rule: Rule<G>, inner: Box<dyn Analyzer<G>>) -> RuleFirst<G> {
        RuleFirst { rule, inner }
    }
}

impl<G: Game> Analyzer<G> for RuleFirst<G> {
    fn think(
        &mut self,
        history: &History<G>,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<G::Move> {
        if history.outcome().is_some() {
            return None;
        }
        (self.rule)(history.current()).or_else(|| self.inner.think(history, limits, stop, on_info))
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }

    fn set_hash_mb(&mut self, megabytes: usize) {
        self.inner.set_hash_mb(megabytes);
    }

    fn set_threads(&mut self, threads: usize) {
        self.inner.set_threads(threads);
    }
}
