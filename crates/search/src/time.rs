//! Time management: turning [`Limits`] into deadlines, and polling them.

use game::{Clock, Limits, Player};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Moves assumed left in the game when the clock does not say.
const DEFAULT_MOVES_TO_GO: u32 = 25;
/// The most kept back from a fixed move time.
const MOVETIME_MARGIN: Duration = Duration::from_millis(8);
/// The time a clock keeps in hand against the host's delays (a busy
/// machine may take tens of milliseconds to pass a move on): a move is
/// planned to end with at least a twentieth of the time left, and from
/// [`MIN_RESERVE`] to [`MAX_RESERVE`], before the increment arrives.
const RESERVE_DIVISOR: u32 = 20;
/// The least reserve (see [`RESERVE_DIVISOR`]).
const MIN_RESERVE: Duration = Duration::from_millis(10);
/// The greatest reserve (see [`RESERVE_DIVISOR`]).
const MAX_RESERVE: Duration = Duration::from_millis(100);
/// How far beyond its target a clock search may run to finish an iteration.
const HARD_FACTOR: u32 = 3;
/// The soft limit's scale that leaves it as planned, in thousandths.
const UNSCALED: u32 = 1000;

/// When a search must stop: the deadlines and node budget of one search,
/// and the stop flag.
pub(crate) struct Budget<'a> {
    start: Instant,
    /// The time the search aims for, unscaled: no new iteration starts
    /// after it (scaled by `soft_scale`).
    soft: Option<Instant>,
    /// The scale of the soft limit's span from `start`, in thousandths
    /// (see [`Budget::scale_soft`]).
    soft_scale: AtomicU32,
    /// The time the search stops, whatever it is doing.
    hard: Option<Instant>,
    nodes: Option<u64>,
    clock: bool,
    stop: &'a AtomicBool,
}

impl<'a> Budget<'a> {
    /// The budget of a search for `side` under `limits`, started at `start`,
    /// with `moves_left` the game's estimate of the moves `side` still
    /// makes ([`Evaluate::moves_left`](crate::Evaluate::moves_left)).
    ///
    /// - `movetime`: stop at the move time less a margin of
    ///   min(8 ms, a fifth of it);
    /// - `clock`: see [`clock_deadlines`];
    /// - `infinite`: nothing but the stop flag counts.
    pub(crate) fn new(
        limits: &Limits,
        side: Player,
        moves_left: Option<u32>,
        start: Instant,
        stop: &'a AtomicBool,
    ) -> Budget<'a> {
        let mut budget = Budget {
            start,
            soft: None,
            soft_scale: AtomicU32::new(UNSCALED),
            hard: None,
            nodes: limits.nodes,
            clock: false,
            stop,
        };
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
            deadlines.push(clock_deadlines(&clock, side, moves_left, limits.move_overhead));
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

    /// Stretches (above 1) or shortens (below 1) the span from the start
    /// to the soft limit as planned, by `factor`: how sure the search is
    /// of its move. The hard limit stays.
    pub(crate) fn scale_soft(&self, factor: f64) {
        self.soft_scale
            .store((factor * f64::from(UNSCALED)).round().clamp(0.0, 1e6) as u32, Ordering::Relaxed);
    }

    /// The soft limit, scaled, never beyond the hard limit.
    fn soft(&self) -> Option<Instant> {
        let scale = self.soft_scale.load(Ordering::Relaxed);
        let soft = self.soft.map(|soft| {
            let span = (soft - self.start).saturating_mul(scale) / UNSCALED;
            self.start.checked_add(span).unwrap_or(soft)
        });
        match (soft, self.hard) {
            (Some(soft), Some(hard)) => Some(soft.min(hard)),
            (soft, _) => soft,
        }
    }

    /// Whether the aimed-for time has passed (an anytime search such as
    /// MCTS stops here).
    pub(crate) fn soft_passed(&self) -> bool {
        self.soft().is_some_and(|soft| Instant::now() >= soft)
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
        self.soft().is_none_or(|soft| now < soft) && self.hard.is_none_or(|hard| now + expected <= hard)
    }
}

/// The reserve kept on a clock showing `time` (see [`RESERVE_DIVISOR`]).
fn reserve(time: Duration) -> Duration {
    (time / RESERVE_DIVISOR).clamp(MIN_RESERVE, MAX_RESERVE)
}

/// The soft and hard time limits of a move of `side` on `clock` when the
/// host charges `overhead` on top of each search and the game estimates
/// `moves_left` moves of `side` to come.
///
/// - The cap: what leaves the [`reserve`] on the clock after the move and its
///   overhead, and, if the increment does not cover the overhead, the
///   overheads of the other moves to go; when the clock is already below
///   that, the increment less the overhead (at most half the clock), so
///   that the clock does not shrink.
/// - Soft: (time − reserve) / moves-to-go + ¾ increment − overhead, where
///   moves-to-go is the host's, else the game's estimate, else 25.
/// - Hard: three times the soft limit.
///
/// Neither goes beyond the cap.
fn clock_deadlines(
    clock: &Clock,
    side: Player,
    moves_left: Option<u32>,
    overhead: Duration,
) -> (Duration, Duration) {
    let side = side.index();
    let (time, increment) = (clock.time[side], clock.increment[side]);
    let reserve = reserve(time);
    let moves_to_go =
        clock.moves_to_go.filter(|&n| n > 0).or(moves_left.map(|n| n.max(1))).unwrap_or(DEFAULT_MOVES_TO_GO);
    let later_overheads = overhead.saturating_sub(increment) * (moves_to_go - 1);
    let cap = time
        .saturating_sub(reserve + overhead + later_overheads)
        .max(increment.min(time / 2).saturating_sub(overhead));
    let share = time.saturating_sub(reserve) / moves_to_go + increment * 3 / 4;
    let soft = share.saturating_sub(overhead).min(cap);
    (soft, (soft * HARD_FACTOR).min(cap))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_keeps_a_small_margin() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let budget = Budget::new(&Limits::movetime(ms(1000)), Player::P1, None, start, &stop);
        assert_eq!(budget.hard, Some(start + ms(992)));
        let budget = Budget::new(&Limits::movetime(ms(20)), Player::P1, None, start, &stop);
        assert_eq!(budget.hard, Some(start + ms(16)));
    }

    fn clock(time: u64, increment: u64) -> Clock {
        Clock { time: [ms(time); 2], increment: [ms(increment); 2], moves_to_go: None }
    }

    /// The soft and hard limits of P1, through [`Budget::new`].
    fn limits_of(clock: Clock, overhead: u64) -> (Duration, Duration) {
        limits_with_estimate(clock, overhead, None)
    }

    /// [`limits_of`] when the game estimates `moves_left`.
    fn limits_with_estimate(clock: Clock, overhead: u64, moves_left: Option<u32>) -> (Duration, Duration) {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let limits = Limits { clock: Some(clock), move_overhead: ms(overhead), ..Limits::default() };
        let budget = Budget::new(&limits, Player::P1, moves_left, start, &stop);
        assert!(budget.is_clock());
        (budget.soft.unwrap() - start, budget.hard.unwrap() - start)
    }

    #[test]
    fn clock_budget_follows_moves_to_go_increment_and_overhead() {
        // (50 000 − 100) / 25 + ¾ · 1000 − 10 = 2736; hard three times that.
        let mut both = clock(50_000, 1000);
        both.time[1] = ms(10_000);
        both.increment[1] = ms(0);
        assert_eq!(limits_of(both, 10), (ms(2736), ms(8208)));
        // P2's own clock counts for P2: (10 000 − 100) / 25 − 10 = 386.
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let limits = Limits { clock: Some(both), move_overhead: ms(10), ..Limits::default() };
        let budget = Budget::new(&limits, Player::P2, None, start, &stop);
        assert_eq!(budget.soft, Some(start + ms(386)));
        // A larger overhead is taken off the target.
        assert_eq!(limits_of(both, 30).0, ms(2716));
        // Ten moves to go: 49 900 / 10 + 750 − 10.
        assert_eq!(limits_of(Clock { moves_to_go: Some(10), ..both }, 10).0, ms(5730));
        // The last move before the time control may use all but the reserve.
        let last = Clock { moves_to_go: Some(1), ..both };
        assert_eq!(limits_of(last, 10), (ms(50_000 - 110), ms(50_000 - 110)));
    }

    #[test]
    fn short_controls_still_think() {
        // 1+0.01 at the start, reserve 50 ms: 950 / 25 + 7.5 − 10 = 35.5 ms,
        // hard 106.5 ms.
        let (soft, hard) = limits_of(clock(1000, 10), 10);
        assert_eq!((soft, hard), (Duration::from_micros(35_500), Duration::from_micros(106_500)));
        // 8+0.08: 7900 / 25 + 60 − 10 = 366 ms.
        assert_eq!(limits_of(clock(8000, 80), 10).0, ms(366));
    }

    /// Plays `moves` moves on `clock`, each taking the hard limit plus the
    /// overhead (the worst a search may do), and returns the least time
    /// left before an increment arrived.
    fn lowest_clock_at_worst(mut clock: Clock, overhead: u64, moves: u32) -> Duration {
        let period = clock.moves_to_go;
        let base = clock.time[0];
        let mut lowest = clock.time[0];
        for played in 1..=moves {
            let (_, hard) = limits_of(clock, overhead);
            let left = clock.time[0].checked_sub(hard + ms(overhead)).expect("lost on time");
            lowest = lowest.min(left);
            clock.time[0] = left + clock.increment[0];
            if let Some(period) = period {
                let done = played % period;
                clock.moves_to_go = Some(period - done);
                if done == 0 {
                    clock.time[0] += base;
                }
            }
        }
        lowest
    }

    #[test]
    fn the_clock_keeps_its_reserve_even_at_the_hard_limit() {
        // (An overhead above the increment drains any clock in a long
        // enough game; these do not.)
        let cases = [
            (1000, 10, 10),
            (1000, 10, 0),
            (8000, 80, 10),
            (8000, 80, 25),
            (60_000, 600, 10),
            (300, 10, 5),
            (500, 0, 0),
        ];
        for (time, increment, overhead) in cases {
            let lowest = lowest_clock_at_worst(clock(time, increment), overhead, 400);
            assert!(lowest >= MIN_RESERVE, "{time}+{increment}, overhead {overhead}: {lowest:?}");
        }
        let periods = Clock { moves_to_go: Some(20), ..clock(2000, 0) };
        assert!(lowest_clock_at_worst(periods, 10, 100) >= MIN_RESERVE);
    }

    #[test]
    fn a_clock_below_the_reserve_moves_on_the_increment() {
        // Below the least reserve (10 ms) and the increment: half the
        // clock less the overhead at most.
        assert_eq!(limits_of(clock(8, 80), 2), (ms(2), ms(2)));
        // Below the reserve, above the increment: the increment less the
        // overhead, so the clock does not shrink.
        assert_eq!(limits_of(clock(9, 2), 1).1, ms(1));
        assert_eq!(limits_of(clock(9, 10), 10), (ms(0), ms(0)));
        // Above the reserve, but the overheads of the moves to go without
        // an increment take the rest.
        assert_eq!(limits_of(clock(20, 0), 10), (ms(0), ms(0)));
        // A delay that left 20 ms at 8+0.08: the clock climbs back above
        // the reserve and never runs out.
        let mut late = clock(20, 80);
        late.time[0] = ms(20);
        assert!(lowest_clock_at_worst(late, 10, 50) > ms(0));
        let (_, hard) = limits_of(Clock { time: [ms(200); 2], ..late }, 10);
        assert!(hard >= ms(90), "{hard:?}");
    }

    #[test]
    fn the_reserve_is_a_twentieth_of_the_clock_within_bounds() {
        assert_eq!(reserve(ms(60_000)), MAX_RESERVE);
        assert_eq!(reserve(ms(2000)), ms(100));
        assert_eq!(reserve(ms(1000)), ms(50));
        assert_eq!(reserve(ms(300)), ms(15));
        assert_eq!(reserve(ms(100)), MIN_RESERVE);
        assert_eq!(reserve(ms(0)), MIN_RESERVE);
    }

    #[test]
    fn the_games_estimate_of_moves_left_replaces_the_fixed_count() {
        // 1+0.01 with 10 moves left: 950 / 10 + 7.5 − 10 = 92.5 ms.
        let soft = limits_with_estimate(clock(1000, 10), 10, Some(10)).0;
        assert_eq!(soft, Duration::from_micros(92_500));
        // An estimate of none counts as one move: all but the reserve and overhead.
        assert_eq!(limits_with_estimate(clock(1000, 10), 10, Some(0)), (ms(940), ms(940)));
        // The host's moves-to-go wins over the estimate.
        let told = Clock { moves_to_go: Some(25), ..clock(1000, 10) };
        assert_eq!(limits_with_estimate(told, 10, Some(10)), limits_of(clock(1000, 10), 10));
        // At the worst a search may do, the estimate keeps the reserve
        // over a whole game whose estimate shrinks by one a move.
        let mut game = clock(1000, 10);
        for left in (1..=30).rev() {
            let (_, hard) = limits_with_estimate(game, 10, Some(left));
            let after = game.time[0].checked_sub(hard + ms(10)).expect("lost on time");
            assert!(after >= MIN_RESERVE, "{left} moves left: {after:?}");
            game.time[0] = after + ms(10);
        }
    }

    #[test]
    fn the_soft_limit_scales_up_to_the_hard_one() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let limits = Limits { clock: Some(clock(8000, 80)), move_overhead: ms(10), ..Limits::default() };
        let budget = Budget::new(&limits, Player::P1, None, start, &stop);
        assert_eq!(budget.soft(), Some(start + ms(366)));
        budget.scale_soft(0.5);
        assert_eq!(budget.soft(), Some(start + ms(183)));
        budget.scale_soft(2.0);
        assert_eq!(budget.soft(), Some(start + ms(732)));
        budget.scale_soft(10.0);
        assert_eq!(budget.soft(), budget.hard);
    }

    #[test]
    fn infinite_ignores_every_other_limit() {
        let stop = AtomicBool::new(false);
        let limits = Limits { infinite: true, nodes: Some(5), ..Limits::movetime(ms(1)) };
        let budget = Budget::new(&limits, Player::P1, None, Instant::now(), &stop);
        assert!(!budget.is_bounded());
        assert!(!budget.must_stop());
        stop.store(true, Ordering::Relaxed);
        assert!(budget.must_stop());
    }
}
