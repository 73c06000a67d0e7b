//! Time management: turning [`Limits`] into deadlines, and polling them.

use game::{Limits, Player};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Moves assumed left in the game when the clock does not say.
const DEFAULT_MOVES_TO_GO: u32 = 25;
/// The most kept back from a fixed move time.
const MOVETIME_MARGIN: Duration = Duration::from_millis(8);
/// Kept back from the remaining clock time, plus 2 % of it.
const CLOCK_MARGIN: Duration = Duration::from_millis(10);
/// How far beyond its target a clock search may run to finish an iteration.
const HARD_FACTOR: u32 = 3;

/// When a search must stop: the deadlines and node budget of one search,
/// and the stop flag.
pub(crate) struct Budget<'a> {
    start: Instant,
    /// The time the search aims for: no new iteration starts after it.
    soft: Option<Instant>,
    /// The time the search stops, whatever it is doing.
    hard: Option<Instant>,
    nodes: Option<u64>,
    clock: bool,
    stop: &'a AtomicBool,
}

impl<'a> Budget<'a> {
    /// The budget of a search for `side` under `limits`, started at `start`.
    ///
    /// - `movetime`: stop at the move time less a margin of
    ///   min(8 ms, a fifth of it);
    /// - `clock`: aim for time / moves-to-go (25 if unknown) + 0.8 ×
    ///   increment, stop at three times that, never beyond the remaining time
    ///   less 10 ms and 2 %;
    /// - `infinite`: nothing but the stop flag counts.
    pub(crate) fn new(limits: &Limits, side: Player, start: Instant, stop: &'a AtomicBool) -> Budget<'a> {
        let mut budget = Budget { start, soft: None, hard: None, nodes: limits.nodes, clock: false, stop };
        if limits.infinite {
            budget.nodes = None;
            return budget;
        }
        let mut deadlines: Vec<(Duration, Duration)> = Vec::new();
        if let Some(movetime) = limits.movetime {
            let usable = movetime - MOVETIME_MARGIN.min(movetime / 5);
            deadlines.push((usable, usable));
        }
        if let Some(clock) = limits.clock {
            let side = side.index();
            let time = clock.time[side];
            let usable = time.saturating_sub(CLOCK_MARGIN + time / 50);
            let moves_to_go = clock.moves_to_go.filter(|&n| n > 0).unwrap_or(DEFAULT_MOVES_TO_GO);
            let target = (time / moves_to_go + clock.increment[side].mul_f64(0.8)).min(usable);
            let hard = (target * HARD_FACTOR).min(usable);
            deadlines.push((target, hard));
            budget.clock = true;
        }
        budget.soft = deadlines.iter().map(|d| start + d.0).min();
        budget.hard = deadlines.iter().map(|d| start + d.1).min();
        budget
    }

    /// The node budget, if any.
    pub(crate) fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// Whether the engine budgets its own time from a clock (and so may save
    /// time on forced moves).
    pub(crate) fn is_clock(&self) -> bool {
        self.clock
    }

    /// Whether there is any limit besides the stop flag.
    pub(crate) fn is_bounded(&self) -> bool {
        self.hard.is_some() || self.nodes.is_some()
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the stop flag is set or the hard deadline has passed.
    pub(crate) fn must_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.hard.is_some_and(|hard| Instant::now() >= hard)
    }

    /// Whether the aimed-for time has passed (an anytime search such as
    /// MCTS stops here).
    pub(crate) fn soft_passed(&self) -> bool {
        self.soft.is_some_and(|soft| Instant::now() >= soft)
    }

    /// Whether an iteration expected to take `expected` more time should
    /// start: not after the soft deadline, and not if it would end after the
    /// hard one (under a fixed move time an unfinished iteration still may
    /// find a better move, so only the hard deadline counts there).
    pub(crate) fn worth_iteration(&self, expected: Duration) -> bool {
        let now = Instant::now();
        if !self.clock {
            return self.hard.is_none_or(|hard| now < hard);
        }
        self.soft.is_none_or(|soft| now < soft) && self.hard.is_none_or(|hard| now + expected <= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Clock;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_keeps_a_small_margin() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let budget = Budget::new(&Limits::movetime(ms(1000)), Player::P1, start, &stop);
        assert_eq!(budget.hard, Some(start + ms(992)));
        let budget = Budget::new(&Limits::movetime(ms(20)), Player::P1, start, &stop);
        assert_eq!(budget.hard, Some(start + ms(16)));
    }

    #[test]
    fn clock_budget_follows_moves_to_go_and_increment() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let clock = Clock { time: [ms(50_000), ms(10_000)], increment: [ms(1000), ms(0)], moves_to_go: None };
        let limits = Limits { clock: Some(clock), ..Limits::default() };
        let budget = Budget::new(&limits, Player::P1, start, &stop);
        assert_eq!(budget.soft, Some(start + ms(2000 + 800)));
        assert_eq!(budget.hard, Some(start + ms(8400)));
        let budget = Budget::new(&limits, Player::P2, start, &stop);
        assert_eq!(budget.soft, Some(start + ms(400)));
        let last = Clock { moves_to_go: Some(1), ..clock };
        let budget = Budget::new(&Limits { clock: Some(last), ..limits }, Player::P2, start, &stop);
        assert_eq!(budget.hard, Some(start + ms(10_000 - 10 - 200)));
        assert_eq!(budget.soft, budget.hard);
    }

    #[test]
    fn infinite_ignores_every_other_limit() {
        let stop = AtomicBool::new(false);
        let limits = Limits { infinite: true, nodes: Some(5), ..Limits::movetime(ms(1)) };
        let budget = Budget::new(&limits, Player::P1, Instant::now(), &stop);
        assert!(!budget.is_bounded());
        assert!(!budget.must_stop());
        stop.store(true, Ordering::Relaxed);
        assert!(budget.must_stop());
    }
}
