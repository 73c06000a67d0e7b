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
    /// The size of the engine's hash table, MiB: enough for the nodes the
    /// level searches, so short searches do not clear a large table.
    pub hash_mb: usize,
}

/// The settings of `level` (clamped to 1–10).
#[must_use]
pub fn level(level: u8) -> Level {
    let cap = Duration::from_millis(2000);
    let depth = |d: u32| Limits { depth: Some(d), movetime: Some(cap), ..Limits::default() };
    let time = |ms: u64| Limits::movetime(Duration::from_millis(ms));
    let (engine, limits, hash_mb) = match level.clamp(*LEVELS.start(), *LEVELS.end()) {
        1 => (Some("random"), depth(1), 1),
        2 => (Some("greedy"), depth(1), 1),
        3 => (None, depth(1), 1),
        4 => (None, depth(2), 1),
        5 => (None, depth(3), 2),
        6 => (None, depth(4), 4),
        7 => (None, time(300), 8),
        8 => (None, time(1000), 16),
        9 => (None, time(2500), 32),
        _ => (None, time(5000), 64),
    };
    Level { engine, limits, hash_mb }
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
        let tables: Vec<usize> = LEVELS.map(|l| level(l).hash_mb).collect();
        assert!(tables.windows(2).all(|pair| pair[0] <= pair[1]), "tables grow with the level: {tables:?}");
        assert_eq!(level(10).hash_mb, 64, "the strongest level has the engine's default table");
    }
}
