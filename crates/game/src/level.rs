//! Engine levels 1–10: which engine plays and how long it may think.

use crate::Limits;
use std::time::Duration;

/// The lowest and highest level.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// The level used when a request names none.
pub const DEFAULT_LEVEL: u8 = 3;

/// How the engine plays at one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The engine's name, if the game offers it (otherwise its default
    /// engine plays): level 1 plays `random`, 2 `greedy`, the others the
    /// game's default (strongest) engine.
    pub engine: Option<&'static str>,
    /// The search limits.
    pub limits: Limits,
}

/// The settings of `level` (clamped to 1–10).
#[must_use]
pub fn level(level: u8) -> Level {
    let cap = Duration::from_millis(2000);
    let depth = |d: u32| Limits { depth: Some(d), movetime: Some(cap), ..Limits::default() };
    let time = |ms: u64| Limits::movetime(Duration::from_millis(ms));
    match level.clamp(*LEVELS.start(), *LEVELS.end()) {
        1 => Level { engine: Some("random"), limits: depth(1) },
        2 => Level { engine: Some("greedy"), limits: depth(1) },
        3 => Level { engine: None, limits: depth(1) },
        4 => Level { engine: None, limits: depth(2) },
        5 => Level { engine: None, limits: depth(3) },
        6 => Level { engine: None, limits: depth(4) },
        7 => Level { engine: None, limits: time(300) },
        8 => Level { engine: None, limits: time(1000) },
        9 => Level { engine: None, limits: time(2500) },
        _ => Level { engine: None, limits: time(5000) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_and_clamp() {
        assert_eq!(level(0), level(1));
        assert_eq!(level(1).engine, Some("random"));
        assert_eq!(level(11), level(10));
        assert_eq!(level(10).limits.movetime, Some(Duration::from_secs(5)));
        assert_eq!(level(6).limits.depth, Some(4));
    }
}
