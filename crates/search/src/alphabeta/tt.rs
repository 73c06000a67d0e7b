//! The transposition table: search results by position hash, kept between
//! the moves of a game.

use crate::evaluate::DECIDED;
use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::mem::MaybeUninit;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(crate) enum Bound {
    /// An empty slot (discriminant 0: a zeroed slot is empty).
    Empty = 0,
    /// Only the move is worth keeping (the score depended on the path,
    /// e.g. on a repetition); it orders moves but proves nothing.
    MoveOnly,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
    /// The value is the score.
    Exact,
}

/// One stored search result, as read from the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    /// The best (or refuting) move found, if any.
    pub(crate) mv: Option<M>,
    score: i32,
    /// The remaining depth the score was searched to.
    pub(crate) depth: i32,
    /// What the score means.
    pub(crate) bound: Bound,
}

impl<M> Entry<M> {
    /// The score as seen from a node `ply` plies from the root (decided
    /// scores are stored relative to the node and re-based here).
    pub(crate) fn score(&self, ply: u32) -> i32 {
        let ply = ply as i32;
        if self.score > DECIDED {
            self.score - ply
        } else if self.score < -DECIDED {
            self.score + ply
        } else {
            self.score
        }
    }

    /// Whether the entry settles a search of `depth` with window
    /// (`alpha`, `beta`) by itself.
    pub(crate) fn cuts(&self, depth: i32, score: i32, alpha: i32, beta: i32) -> bool {
        self.depth >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
                Bound::Empty | Bound::MoveOnly => false,
            }
    }
}

/// A slot as stored. Every field is valid as all-zero bytes (an empty
/// slot), so a table can be allocated zeroed, which the operating system
/// does lazily: a large table costs nothing until it is used.
struct Slot<M> {
    key: u64,
    /// Initialised exactly when `has_move`.
    mv: MaybeUninit<M>,
    score: i32,
    depth: i16,
    bound: Bound,
    has_move: bool,
    age: u8,
}

impl<M: Copy> Slot<M> {
    fn mv(&self) -> Option<M> {
        // SAFETY: `mv` is written whenever `has_move` is set (see `store`).
        self.has_move.then(|| unsafe { self.mv.assume_init() })
    }
}

/// A hash table of two-slot buckets: the first slot keeps the deeper
/// result (or a newer search's), the second always takes the newest.
pub(crate) struct Table<M> {
    buckets: Vec<[Slot<M>; 2]>,
    age: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub(crate) fn new(megabytes: usize) -> Table<M> {
        let count = (megabytes.saturating_mul(1 << 20) / size_of::<[Slot<M>; 2]>()).max(1);
        let layout = Layout::array::<[Slot<M>; 2]>(count).expect("a table that fits in memory");
        // SAFETY: the layout is not empty (a slot holds a key); the memory
        // comes from the global allocator with exactly the layout a vector
        // of `count` buckets uses; all-zero bytes are a valid slot (integers
        // 0, `MaybeUninit` anything, `false`, `Bound::Empty` = 0).
        let buckets = unsafe {
            let pointer = alloc_zeroed(layout).cast::<[Slot<M>; 2]>();
            if pointer.is_null() {
                handle_alloc_error(layout);
            }
            Vec::from_raw_parts(pointer, count, count)
        };
        Table { buckets, age: 0 }
    }

    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Marks the start of a new search: entries of older searches are
    /// replaced first.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Asks the processor to load the bucket of `key` into the cache, so
    /// that a probe soon after does not wait for memory.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const [Slot<M>; 2] = &raw const self.buckets[self.bucket(key)];
            // SAFETY: every x86-64 processor has SSE, and a prefetch of a
            // valid address only moves memory into the cache.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of the position with hash `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.buckets[self.bucket(key)].iter().find(|s| s.key == key && s.bound != Bound::Empty).map(|slot| {
            Entry { mv: slot.mv(), score: slot.score, depth: i32::from(slot.depth), bound: slot.bound }
        })
    }

    /// Stores a result for the position with hash `key`, `ply` plies from the
    /// root. A missing move keeps the move already stored for the position.
    pub(crate) fn store(&mut self, key: u64, ply: u32, mv: Option<M>, score: i32, depth: i32, bound: Bound) {
        let age = self.age;
        let depth = depth.clamp(0, i32::from(i16::MAX)) as i16;
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let first = &bucket[0];
        let slot = if bucket[1].key == key && first.key != key {
            1
        } else if first.key == key || first.bound == Bound::Empty || first.age != age || depth >= first.depth
        {
            0
        } else {
            1
        };
        let slot = &mut bucket[slot];
        let mv = mv.or(if slot.key == key { slot.mv() } else { None });
        let ply = ply as i32;
        let score = if score > DECIDED {
            score + ply
        } else if score < -DECIDED {
            score - ply
        } else {
            score
        };
        *slot = Slot {
            key,
            mv: mv.map_or(MaybeUninit::uninit(), MaybeUninit::new),
            score,
            depth,
            bound,
            has_move: mv.is_some(),
            age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::WIN_SCORE;

    #[test]
    fn decided_scores_are_stored_relative_to_the_node() {
        let mut table: Table<u8> = Table::new(1);
        table.store(42, 3, Some(7), WIN_SCORE - 5, 4, Bound::Exact);
        let entry = table.probe(42).expect("stored");
        assert_eq!(entry.mv, Some(7));
        assert_eq!(entry.score(3), WIN_SCORE - 5);
        assert_eq!(entry.score(1), WIN_SCORE - 3);
        table.store(43, 2, None, -(WIN_SCORE - 4), 4, Bound::Upper);
        assert_eq!(table.probe(43).expect("stored").score(6), -(WIN_SCORE - 8));
        assert!(table.probe(44).is_none());
    }

    #[test]
    fn bounds_decide_cutoffs_and_moves_survive_updates() {
        let mut table: Table<u8> = Table::new(1);
        table.store(9, 0, Some(1), 50, 3, Bound::Lower);
        let entry = table.probe(9).expect("stored");
        assert!(entry.cuts(3, entry.score(0), 0, 40));
        assert!(!entry.cuts(3, entry.score(0), 0, 60));
        assert!(!entry.cuts(4, entry.score(0), 0, 40));
        table.store(9, 0, None, 10, 5, Bound::MoveOnly);
        let entry = table.probe(9).expect("stored");
        assert_eq!(entry.mv, Some(1));
        assert!(!entry.cuts(1, entry.score(0), -100, 100));
    }

    #[test]
    fn a_one_bucket_table_keeps_the_deeper_and_the_newest_entry() {
        let mut table: Table<u8> = Table::new(0);
        table.store(1, 0, Some(1), 0, 8, Bound::Exact);
        table.store(2, 0, Some(2), 0, 2, Bound::Exact);
        table.store(3, 0, Some(3), 0, 1, Bound::Exact);
        assert!(table.probe(1).is_some());
        assert!(table.probe(2).is_none());
        assert_eq!(table.probe(3).and_then(|e| e.mv), Some(3));
    }
}
