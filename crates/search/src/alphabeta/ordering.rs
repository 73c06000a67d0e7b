//! Move ordering: the game's hints first, then killer moves and the history
//! heuristic, with the transposition-table move before everything.

use crate::move_hash::move_index;
use game::Player;
use std::hash::Hash;

const HISTORY_BITS: u32 = 14;
/// History scores stay within ± this.
pub(crate) const HISTORY_MAX: i32 = 1 << 14;
/// The countermove table has `2 << COUNTER_BITS` slots.
const COUNTER_BITS: u32 = 12;
/// The ordering key of the transposition-table move.
const TT_MOVE: i64 = i64::MAX;
/// Tie-break bonuses of the two killer moves and the countermove (above
/// any history score).
const KILLER_BONUS: [i64; 3] = [1 << 31, 1 << 30, 1 << 29];
/// The rank [`order_key`] takes for the countermove, after the killers.
pub(crate) const COUNTER_RANK: usize = 2;
/// Hints are clamped to ± this so that keys cannot overflow.
const HINT_LIMIT: i32 = 1 << 30;

/// The slot of `mv` for `side` in a table of `2 << bits` slots by side
/// and a hash of the move.
#[inline]
fn side_move_slot<M: Hash>(side: Player, mv: &M, bits: u32) -> usize {
    (side.index() << bits) | move_index(mv, bits)
}

/// The history heuristic: how often a quiet move caused a cutoff, per side,
/// by a hash of the move, with gravity towards zero.
pub(crate) struct HistoryTable {
    scores: Vec<i32>,
}

impl HistoryTable {
    pub(crate) fn new() -> HistoryTable {
        HistoryTable { scores: vec![0; 2 << HISTORY_BITS] }
    }

    /// The history score of `mv` for `side`.
    #[inline]
    pub(crate) fn get<M: Hash>(&self, side: Player, mv: &M) -> i32 {
        self.scores[side_move_slot(side, mv, HISTORY_BITS)]
    }

    fn update<M: Hash>(&mut self, side: Player, mv: &M, bonus: i32) {
        let score = &mut self.scores[side_move_slot(side, mv, HISTORY_BITS)];
        *score += bonus - *score * bonus.abs() / HISTORY_MAX;
    }

    /// Rewards a move that caused a cutoff at `depth` and punishes the quiet
    /// moves tried before it.
    pub(crate) fn cutoff<M: Hash>(&mut self, side: Player, mv: &M, tried: &[M], depth: i32) {
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        self.update(side, mv, bonus);
        for other in tried {
            self.update(side, other, -bonus);
        }
    }

    /// Halves every score, so that a new search trusts the old one less.
    pub(crate) fn age(&mut self) {
        for score in &mut self.scores {
            *score /= 2;
        }
    }
}

/// Two killer moves per ply: quiet moves that recently caused a cutoff at
/// that ply.
pub(crate) struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    pub(crate) fn new(plies: usize) -> Killers<M> {
        Killers { slots: vec![[None, None]; plies] }
    }

    /// Remembers `mv` as the newest killer of `ply`.
    pub(crate) fn add(&mut self, ply: usize, mv: M) {
        let slot = &mut self.slots[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// 0 or 1 if `mv` is the first or second killer of `ply`.
    #[inline]
    pub(crate) fn rank(&self, ply: usize, mv: M) -> Option<usize> {
        self.slots[ply].iter().position(|&k| k == Some(mv))
    }

    /// Forgets every killer.
    pub(crate) fn clear(&mut self) {
        self.slots.fill([None, None]);
    }
}

/// Countermoves: per side, the quiet move that last refuted each move of
/// the opponent (by a hash of that move).
pub(crate) struct CounterMoves<M> {
    slots: Vec<Option<M>>,
}

impl<M: Copy + Hash> CounterMoves<M> {
    pub(crate) fn new() -> CounterMoves<M> {
        CounterMoves { slots: vec![None; 2 << COUNTER_BITS] }
    }

    /// The move of `side` that last refuted `previous`, if any.
    #[inline]
    pub(crate) fn get(&self, side: Player, previous: &M) -> Option<M> {
        self.slots[side_move_slot(side, previous, COUNTER_BITS)]
    }

    /// Remembers `mv` as `side`'s answer to `previous`.
    pub(crate) fn set(&mut self, side: Player, previous: &M, mv: M) {
        self.slots[side_move_slot(side, previous, COUNTER_BITS)] = Some(mv);
    }
}

/// The ordering key of `mv`: the transposition-table move first, then by
/// the game's hint, ties broken by killer rank (0 and 1 the killers,
/// [`COUNTER_RANK`] the countermove) and then history.
#[inline]
pub(crate) fn order_key<M: Copy + Eq + Hash>(
    mv: M,
    hint: i32,
    tt_move: Option<M>,
    killer: Option<usize>,
    history: i32,
) -> i64 {
    if tt_move == Some(mv) {
        return TT_MOVE;
    }
    let tie = killer.map_or(i64::from(history), |rank| KILLER_BONUS[rank]);
    (i64::from(hint.clamp(-HINT_LIMIT, HINT_LIMIT)) << 32) + tie
}

/// Whether an ordering key made by [`order_key`] comes from a negative
/// hint: the game expects the move to be bad.
pub(crate) fn hinted_bad(key: i64) -> bool {
    key <= -KILLER_BONUS[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_dominate_killers_which_dominate_history() {
        let tt = order_key(1u8, -5, Some(1), None, 0);
        let hinted = order_key(2u8, 1, None, None, -HISTORY_MAX);
        let killer = order_key(3u8, 0, None, Some(0), 0);
        let second_killer = order_key(4u8, 0, None, Some(1), 0);
        let good_history = order_key(5u8, 0, None, None, HISTORY_MAX);
        let bad_hint = order_key(6u8, -1, None, Some(0), HISTORY_MAX);
        let extreme = order_key(9u8, i32::MIN, None, None, -HISTORY_MAX);
        let keys = [tt, hinted, killer, second_killer, good_history, bad_hint, extreme];
        assert!(keys.windows(2).all(|w| w[0] > w[1]), "{keys:?}");
        assert!(keys[..5].iter().all(|&key| !hinted_bad(key)));
        assert!(keys[5..].iter().all(|&key| hinted_bad(key)));
    }

    #[test]
    fn history_rewards_cutoffs_and_stays_bounded() {
        let mut history = HistoryTable::new();
        for _ in 0..10_000 {
            history.cutoff(Player::P1, &7u32, &[8u32], 30);
        }
        assert!(history.get(Player::P1, &7u32) > 0 && history.get(Player::P1, &7u32) <= HISTORY_MAX);
        assert!(history.get(Player::P1, &8u32) < 0 && history.get(Player::P1, &8u32) >= -HISTORY_MAX);
        assert_eq!(history.get(Player::P2, &7u32), 0);
        history.age();
        assert!(history.get(Player::P1, &7u32) <= HISTORY_MAX / 2);
    }

    #[test]
    fn killers_keep_the_two_newest_distinct_moves() {
        let mut killers = Killers::new(4);
        killers.add(2, 5u8);
        killers.add(2, 5u8);
        killers.add(2, 6u8);
        assert_eq!(killers.rank(2, 6), Some(0));
        assert_eq!(killers.rank(2, 5), Some(1));
        killers.add(2, 7u8);
        assert_eq!(killers.rank(2, 5), None);
        killers.clear();
        assert_eq!(killers.rank(2, 7), None);
    }

    #[test]
    fn the_countermove_comes_after_the_killers_and_before_history() {
        let second_killer = order_key(4u8, 0, None, Some(1), 0);
        let counter = order_key(5u8, 0, None, Some(COUNTER_RANK), 0);
        let good_history = order_key(6u8, 0, None, None, HISTORY_MAX);
        assert!(second_killer > counter && counter > good_history);
        let mut counters = CounterMoves::new();
        assert_eq!(counters.get(Player::P1, &3u16), None);
        counters.set(Player::P1, &3u16, 9);
        assert_eq!((counters.get(Player::P1, &3u16), counters.get(Player::P2, &3u16)), (Some(9), None));
    }
}
