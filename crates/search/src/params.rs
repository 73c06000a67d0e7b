//! Search constants that can be changed at run time, for tuning them
//! (SPSA through the engine protocols' `setoption`, see `spielwerk
//! tune-search`).
//!
//! A fixed table of named integer parameters, each with a default (the
//! value the engine plays with unless told otherwise), a least and a
//! largest value. The values are process-wide atomics: the alpha-beta
//! search reads them when a search starts (the reduction table, the
//! aspiration window of each iteration) or, for cheap integers, where it
//! uses them. Changing one during a search is allowed but takes effect
//! at the next read; the protocols change them only between searches.

use std::sync::atomic::{AtomicI32, Ordering};
use thiserror::Error;

/// One tunable integer of the search.
#[derive(Debug)]
pub struct Param {
    /// The name it is set by (`setoption name LmrDivisor value 230`).
    pub name: &'static str,
    /// The value the engine plays with unless told otherwise.
    pub default: i32,
    /// The least value it takes.
    pub min: i32,
    /// The largest value it takes.
    pub max: i32,
    value: AtomicI32,
}

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
        Param { name, default, min, max, value: AtomicI32::new(default) }
    }

    /// The current value.
    #[inline]
    pub fn get(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
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

    /// Back to the default.
    pub fn reset(&self) {
        self.value.store(self.default, Ordering::Relaxed);
    }
}

/// The half-width of the first aspiration window, in centipawns.
pub(crate) static ASPIRATION_WINDOW: Param = Param::new("AspirationWindow", 50, 10, 200);
/// The constant term of the late-move reduction formula `base + ln(depth)
/// · ln(move number) / divisor`, ×100.
pub(crate) static LMR_BASE: Param = Param::new("LmrBase", 50, 0, 200);
/// The divisor of the late-move reduction formula, ×100.
pub(crate) static LMR_DIVISOR: Param = Param::new("LmrDivisor", 225, 100, 500);
/// How many moves at the front of the list late-move reductions spare.
pub(crate) static LMR_SPARED: Param = Param::new("LmrSpared", 3, 1, 10);

/// Every parameter, in the order engines list them.
static ALL: [&Param; 4] = [&ASPIRATION_WINDOW, &LMR_BASE, &LMR_DIVISOR, &LMR_SPARED];

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
        let before = LMR_SPARED.get();
        let error = LMR_SPARED.set(LMR_SPARED.max + 1).unwrap_err();
        assert_eq!(error.to_string(), "LmrSpared: 11 is outside 1..=10");
        assert_eq!(LMR_SPARED.set(LMR_SPARED.min - 1).unwrap_err().value, 0);
        assert_eq!(LMR_SPARED.get(), before);
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
