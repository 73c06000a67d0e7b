//! Search constants that can be changed at run time, for tuning them
//! (SPSA through the engine protocols' `setoption`, see `spielwerk
//! tune-search`).
//!
//! A fixed table of named integer parameters, each with a default, a
//! least and a largest value. A game may bring its own defaults (its
//! registry entry's and [`crate::Evaluate::search_defaults`], as tuned for
//! it); the value a search uses is the one set by `setoption`, else the
//! game's default, else the parameter's. The set values are process-wide
//! atomics: the alpha-beta search reads them when a search starts (the
//! reduction table, the aspiration window). Changing one during a search
//! takes effect at the next; the protocols change them only between
//! searches.

use game::SearchDefaults;
use std::sync::atomic::{AtomicI32, Ordering};
use thiserror::Error;

/// One tunable integer of the search.
#[derive(Debug)]
pub struct Param {
    /// The name it is set by (`setoption name LmrDivisor value 230`).
    pub name: &'static str,
    /// The value the engine plays with unless told otherwise or the game
    /// brings its own.
    pub default: i32,
    /// The least value it takes.
    pub min: i32,
    /// The largest value it takes.
    pub max: i32,
    /// The value set by `setoption`, or [`UNSET`].
    value: AtomicI32,
}

/// The stored value of a parameter nobody set.
const UNSET: i32 = i32::MIN;

/// A value outside a parameter's range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{name}: {value} is outside {min}..={max}")]
pub struct OutOfRange {
    /// The parameter's name.
    pub name: &'static str,
    /// The value refused.
    pub value: i32,
    /// The least value allowed.
    pub min: i32,
    /// The largest value allowed.
    pub max: i32,
}

impl Param {
    const fn new(name: &'static str, default: i32, min: i32, max: i32) -> Param {
        Param { name, default, min, max, value: AtomicI32::new(UNSET) }
    }

    /// The default for a game with the own defaults `game`: its value if it
    /// names this parameter, else the parameter's.
    #[must_use]
    pub fn default_for(&self, game: SearchDefaults) -> i32 {
        game.iter().find(|(name, _)| *name == self.name).map_or(self.default, |&(_, value)| value)
    }

    /// The value a search of a game with the own defaults `game` uses: the
    /// one set, else [`Param::default_for`].
    #[must_use]
    pub fn value(&self, game: SearchDefaults) -> i32 {
        match self.value.load(Ordering::Relaxed) {
            UNSET => self.default_for(game),
            value => value,
        }
    }

    /// Sets the value; one outside `min..=max` is refused and the value
    /// stays.
    ///
    /// # Errors
    /// [`OutOfRange`] for a value outside the range.
    pub fn set(&self, value: i32) -> Result<(), OutOfRange> {
        if !(self.min..=self.max).contains(&value) {
            return Err(OutOfRange { name: self.name, value, min: self.min, max: self.max });
        }
        self.value.store(value, Ordering::Relaxed);
        Ok(())
    }

    /// Back to the default (the game's, where it has one).
    pub fn reset(&self) {
        self.value.store(UNSET, Ordering::Relaxed);
    }
}

/// The half-width of the first aspiration window, in centipawns.
pub(crate) static ASPIRATION_WINDOW: Param = Param::new("AspirationWindow", 50, 10, 200);
/// The constant term of the late-move reduction formula `base + ln(depth)
/// · ln(move number) / divisor`, ×100.
pub(crate) static LMR_BASE: Param = Param::new("LmrBase", 50, 0, 200);
/// The divisor of the late-move reduction formula, ×100.
pub(crate) static LMR_DIVISOR: Param = Param::new("LmrDivisor", 225, 50, 500);
/// How many moves at the front of the list late-move reductions spare.
pub(crate) static LMR_SPARED: Param = Param::new("LmrSpared", 3, 1, 10);

/// The game's futility margin (reverse futility pruning and futility
/// pruning of moves), in percent.
pub(crate) static FUTILITY_SCALE: Param = Param::new("FutilityScale", 100, 30, 300);
/// Late-move pruning keeps `base + factor · depth²` moves (improving; half
/// as many elsewhere): the base …
pub(crate) static LMP_BASE: Param = Param::new("LmpBase", 4, 0, 20);
/// … and the factor, ×10.
pub(crate) static LMP_FACTOR: Param = Param::new("LmpFactor", 20, 5, 60);

/// A singular search's margin below the table score, per ply of depth,
/// ×10.
pub(crate) static SINGULAR_MARGIN: Param = Param::new("SingularMargin", 20, 5, 80);

/// How much below an even score the engine values a draw by repetition
/// for the side it searches for (and above it for the opponent), in
/// points: positive avoids repetitions in positions it judges level or
/// better (against weaker engines), negative seeks them (against
/// stronger ones); 0, the default, scores them as even.
pub(crate) static CONTEMPT: Param = Param::new("Contempt", 0, -200, 200);

/// Whether a quiet move that refuted the opponent's last move before is
/// tried right after the killers (countermoves): 1 on, 0 off.
pub(crate) static COUNTER_MOVES: Param = Param::new("CounterMoves", 0, 0, 1);
/// Late-move reductions reduce a quiet move a ply less for every this
/// many points of history score it has (a ply more for every this many
/// below zero; the scores stay within ±16,384 and a cutoff at depth d
/// adds d²); 0 leaves history out of them.
pub(crate) static LMR_HISTORY: Param = Param::new("LmrHistory", 0, 0, 16_384);
/// How many points of the game's ordering hint the best history score is
/// worth for a quiet move with a hint of at least 0 (so that history
/// reorders moves across the game's hints, not only among equal ones); 0
/// leaves history a tie-break.
pub(crate) static HISTORY_ORDER: Param = Param::new("HistoryOrder", 0, 0, 1000);

/// How much of the correction history's learned error (see
/// [`crate::Evaluate::correction_keys`]) is added to the static
/// evaluation, in percent; 0 leaves the evaluation alone.
pub(crate) static CORRECTION_HISTORY: Param = Param::new("CorrectionHistory", 0, 0, 200);

/// Every parameter, in the order engines list them.
static ALL: [&Param; 13] = [
    &ASPIRATION_WINDOW,
    &LMR_BASE,
    &LMR_DIVISOR,
    &LMR_SPARED,
    &FUTILITY_SCALE,
    &LMP_BASE,
    &LMP_FACTOR,
    &SINGULAR_MARGIN,
    &CONTEMPT,
    &COUNTER_MOVES,
    &LMR_HISTORY,
    &HISTORY_ORDER,
    &CORRECTION_HISTORY,
];

/// Every tunable parameter of the search.
#[must_use]
pub fn all() -> &'static [&'static Param] {
    &ALL
}

/// The parameter named `name` (case-insensitive).
#[must_use]
pub fn find(name: &str) -> Option<&'static Param> {
    ALL.iter().copied().find(|param| param.name.eq_ignore_ascii_case(name.trim()))
}

/// The late-move reduction of the move numbered `index` (from 0) at
/// `depth`, by the formula of [`LMR_BASE`] and [`LMR_DIVISOR`] (`base` and
/// `divisor` as read at the start of a search, ×100).
pub(crate) fn late_move_reduction(depth: usize, index: usize, base: i32, divisor: i32) -> u8 {
    let (base, divisor) = (f64::from(base) / 100.0, f64::from(divisor) / 100.0);
    (base + (depth as f64).ln() * (index as f64).ln() / divisor) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_defaults_inside_their_ranges() {
        for (index, param) in all().iter().enumerate() {
            assert!((param.min..=param.max).contains(&param.default), "{param:?}");
            assert!(param.min < param.max, "{param:?}");
            assert!(all()[..index].iter().all(|other| other.name != param.name), "{} twice", param.name);
            assert!(std::ptr::eq(find(&param.name.to_ascii_lowercase()).unwrap(), *param));
        }
        assert!(find("Hash").is_none());
    }

    #[test]
    fn a_value_outside_the_range_is_refused_and_changes_nothing() {
        let before = LMR_SPARED.value(&[]);
        let error = LMR_SPARED.set(LMR_SPARED.max + 1).unwrap_err();
        assert_eq!(error.to_string(), "LmrSpared: 11 is outside 1..=10");
        assert_eq!(LMR_SPARED.set(LMR_SPARED.min - 1).unwrap_err().value, 0);
        assert_eq!(LMR_SPARED.value(&[]), before);
    }

    #[test]
    fn the_set_value_comes_before_the_games_default_which_comes_before_the_parameters() {
        let param = Param::new("Width", 50, 10, 90);
        let game: SearchDefaults = &[("Other", 11), ("Width", 61)];
        assert_eq!((param.value(&[]), param.value(game)), (50, 61));
        assert_eq!((param.default_for(&[]), param.default_for(game)), (50, 61));
        param.set(70).unwrap();
        assert_eq!((param.value(&[]), param.value(game)), (70, 70));
        assert_eq!(param.default_for(game), 61, "the default stays");
        param.reset();
        assert_eq!(param.value(game), 61);
    }

    #[test]
    fn the_default_formula_is_the_one_of_before() {
        for depth in 1..64 {
            for index in 1..64 {
                let before = (0.5 + (depth as f64).ln() * (index as f64).ln() / 2.25) as u8;
                assert_eq!(late_move_reduction(depth, index, 50, 225), before, "{depth} {index}");
            }
        }
        assert_eq!(late_move_reduction(20, 20, 150, 225), late_move_reduction(20, 20, 50, 225) + 1);
        assert!(late_move_reduction(20, 20, 50, 150) > late_move_reduction(20, 20, 50, 300));
    }
}
