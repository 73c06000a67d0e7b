//! Correction history: how far the static evaluation missed the searched
//! score in positions that share a part (such as one side's pieces), kept
//! as a running average per part and added to later evaluations of
//! positions with the same parts.

use game::Player;

/// Each part's table has `1 << BITS` slots per side to move.
const BITS: u32 = 14;
/// Entries are in 1/GRAIN points, for a smooth average.
const GRAIN: i32 = 256;
/// The average's weights are out of this.
const WEIGHT_SCALE: i32 = 256;
/// The largest update weight, reached at depth 15.
const WEIGHT_MAX: i32 = 16;
/// Entries stay within ± this many points.
const LIMIT: i32 = 64;

/// Running averages of the evaluation's error, per side to move, for each
/// of a position's two parts (see [`crate::Evaluate::correction_keys`]).
pub(crate) struct CorrectionTable {
    entries: Vec<i32>,
}

impl CorrectionTable {
    pub(crate) fn new() -> CorrectionTable {
        CorrectionTable { entries: vec![0; 4 << BITS] }
    }

    #[inline]
    fn slots(side: Player, keys: [u64; 2]) -> [usize; 2] {
        let mask = (1 << BITS) - 1;
        let base = side.index() << (BITS + 1);
        [base | (keys[0] as usize & mask), base | (1 << BITS) | (keys[1] as usize & mask)]
    }

    /// The correction in points for a position with `side` to move and
    /// parts `keys`: the mean of the two parts' averages.
    #[inline]
    pub(crate) fn get(&self, side: Player, keys: [u64; 2]) -> i32 {
        let [a, b] = Self::slots(side, keys);
        (self.entries[a] + self.entries[b]) / (2 * GRAIN)
    }

    /// Moves both parts' averages towards `error` (the searched score less
    /// the uncorrected evaluation), the more the deeper the search was.
    pub(crate) fn update(&mut self, side: Player, keys: [u64; 2], error: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, WEIGHT_MAX);
        let target = error.clamp(-LIMIT, LIMIT) * GRAIN;
        for slot in Self::slots(side, keys) {
            let entry = &mut self.entries[slot];
            *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_errors_are_learned_per_side_and_stay_bounded() {
        let mut table = CorrectionTable::new();
        let keys = [12, 345];
        assert_eq!(table.get(Player::P1, keys), 0);
        for _ in 0..200 {
            table.update(Player::P1, keys, 40, 15);
        }
        let learned = table.get(Player::P1, keys);
        assert!((35..=40).contains(&learned), "{learned}");
        assert_eq!(table.get(Player::P2, keys), 0, "the other side's table is apart");
        assert_eq!(table.get(Player::P1, [12, 999]), learned / 2, "one part shared: half");
        for _ in 0..500 {
            table.update(Player::P1, keys, 10_000, 15);
        }
        assert!(table.get(Player::P1, keys) <= LIMIT);
    }

    #[test]
    fn a_shallow_search_moves_the_average_less_than_a_deep_one() {
        let (mut shallow, mut deep) = (CorrectionTable::new(), CorrectionTable::new());
        shallow.update(Player::P2, [1, 2], 60, 1);
        deep.update(Player::P2, [1, 2], 60, 12);
        assert!(shallow.entries.iter().sum::<i32>() < deep.entries.iter().sum::<i32>());
    }
}
