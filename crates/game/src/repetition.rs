//! [`RepetitionCounts`]: how often each repetition key has stood, kept move
//! by move instead of scanning the whole game for every move.

use std::collections::HashMap;

/// The repetition key of every position of a game, and how often each key
/// stands since the last irreversible move (see
/// [`Game::is_irreversible`](crate::Game::is_irreversible)): no earlier
/// position can come back, so only those since then are counted.
///
/// Playing a move and asking for the count are O(1); taking back an
/// irreversible move recounts the stretch before it.
#[derive(Clone, Debug)]
pub(crate) struct RepetitionCounts {
    /// The key of every position, the start first.
    keys: Vec<u64>,
    /// Where each stretch between irreversible moves starts: indices into
    /// `keys`, the first 0, increasing.
    stretches: Vec<usize>,
    /// How often each key stands in the last stretch.
    counts: HashMap<u64, usize>,
}

impl RepetitionCounts {
    /// The counts of a game that starts in a position with key `start`.
    pub(crate) fn new(start: u64) -> RepetitionCounts {
        RepetitionCounts { keys: vec![start], stretches: vec![0], counts: HashMap::from([(start, 1)]) }
    }

    /// Enters the key of the position a move led to; `irreversible` if the
    /// move left every earlier position behind.
    pub(crate) fn push(&mut self, key: u64, irreversible: bool) {
        if irreversible {
            self.stretches.push(self.keys.len());
            self.counts.clear();
        }
        self.keys.push(key);
        *self.counts.entry(key).or_insert(0) += 1;
    }

    /// Leaves the newest position (its move was taken back). The start
    /// position always stays.
    pub(crate) fn pop(&mut self) {
        if self.keys.len() <= 1 {
            return;
        }
        let Some(key) = self.keys.pop() else { return };
        if self.stretches.last() == Some(&self.keys.len()) {
            self.stretches.pop();
            let from = self.stretches.last().copied().unwrap_or(0);
            self.counts.clear();
            for &earlier in &self.keys[from..] {
                *self.counts.entry(earlier).or_insert(0) += 1;
            }
        } else if let Some(count) = self.counts.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                self.counts.remove(&key);
            }
        }
    }

    /// How often the newest position's key has stood, the newest occurrence
    /// included.
    pub(crate) fn current(&self) -> usize {
        self.keys.last().and_then(|key| self.counts.get(key)).copied().unwrap_or(0)
    }

    /// The keys of all positions, the start first.
    pub(crate) fn keys(&self) -> &[u64] {
        &self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::RepetitionCounts;

    #[test]
    fn counts_follow_moves_and_undos_across_irreversible_moves() {
        let mut counts = RepetitionCounts::new(1);
        counts.push(2, false);
        counts.push(1, false);
        assert_eq!(counts.current(), 2);
        counts.push(3, true);
        counts.push(1, false);
        assert_eq!(counts.current(), 1, "positions before an irreversible move are not counted");
        counts.pop();
        counts.pop();
        assert_eq!(counts.current(), 2, "taking back the irreversible move counts the stretch before again");
        counts.pop();
        counts.pop();
        assert_eq!((counts.current(), counts.keys()), (1, &[1][..]));
        counts.pop();
        assert_eq!(counts.keys(), &[1], "the start stays");
    }
}
