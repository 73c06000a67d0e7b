//! The transposition table: search results by position hash, kept between
//! the moves of a game and shared by all search threads.
//!
//! Lock-free: a slot is two atomic words, the entry's data and the key
//! XOR the data. A reader accepts a slot only when the two agree, so an
//! entry torn by two threads writing at once reads as missing, never as
//! another position's result. Moves are stored as their index in the
//! position's legal-move list (which [`Game::legal_moves`](game::Game::legal_moves)
//! produces in a fixed order), so the table serves any game's move type.

use crate::evaluate::DECIDED;
use std::alloc::{Layout, alloc, handle_alloc_error};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(crate) enum Bound {
    /// An empty slot (0: a zeroed slot is empty).
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

impl Bound {
    fn from_bits(bits: u64) -> Bound {
        match bits & 7 {
            1 => Bound::MoveOnly,
            2 => Bound::Lower,
            3 => Bound::Upper,
            4 => Bound::Exact,
            _ => Bound::Empty,
        }
    }
}

/// The largest move index the table can hold (moves further down a
/// longer list are stored without their move).
pub(crate) const MAX_MOVE_INDEX: usize = (1 << 24) - 2;

/// One stored search result, as read from the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The index of the best (or refuting) move in the position's
    /// legal-move list, if any.
    pub(crate) move_index: Option<usize>,
    score: i32,
    /// The remaining depth the score was searched to.
    pub(crate) depth: i32,
    /// What the score means.
    pub(crate) bound: Bound,
}

impl Entry {
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

/// The data word of a slot: score (bits 0–23, two's complement), depth
/// (24–31), bound (32–34), age (35–39), move index + 1 (40–63, 0 = none).
#[derive(Clone, Copy)]
struct Data(u64);

const SCORE_BITS: u32 = 24;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;

impl Data {
    fn pack(score: i32, depth: u8, bound: Bound, age: u8, move_index: Option<usize>) -> Data {
        let moved = move_index.filter(|&i| i <= MAX_MOVE_INDEX).map_or(0, |i| i as u64 + 1);
        Data(
            (score as u64 & SCORE_MASK)
                | u64::from(depth) << 24
                | (bound as u64) << 32
                | u64::from(age & 31) << 35
                | moved << 40,
        )
    }

    fn score(self) -> i32 {
        ((self.0 << (64 - SCORE_BITS)) as i64 >> (64 - SCORE_BITS)) as i32
    }

    fn depth(self) -> u8 {
        (self.0 >> 24) as u8
    }

    fn bound(self) -> Bound {
        Bound::from_bits(self.0 >> 32)
    }

    fn age(self) -> u8 {
        (self.0 >> 35 & 31) as u8
    }

    fn move_index(self) -> Option<usize> {
        (self.0 >> 40).checked_sub(1).map(|i| i as usize)
    }
}

/// A slot: the key XOR the data, and the data (all zero: empty).
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's data if it holds `key`.
    fn read(&self, key: u64) -> Option<Data> {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        (check ^ data == key && Data(data).bound() != Bound::Empty).then_some(Data(data))
    }

    /// The slot's data and the key it holds (garbage if torn, which only
    /// affects which slot is replaced).
    fn peek(&self) -> (u64, Data) {
        let data = self.data.load(Relaxed);
        (self.check.load(Relaxed) ^ data, Data(data))
    }

    fn write(&self, key: u64, data: Data) {
        self.data.store(data.0, Relaxed);
        self.check.store(key ^ data.0, Relaxed);
    }
}

/// A hash table of two-slot buckets: the first slot keeps the deeper
/// result (or a newer search's), the second always takes the newest.
pub(crate) struct Table {
    buckets: Vec<[Slot; 2]>,
    age: AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub(crate) fn new(megabytes: usize) -> Table {
        let count = (megabytes.saturating_mul(1 << 20) / size_of::<[Slot; 2]>()).max(1);
        let layout = Layout::array::<[Slot; 2]>(count).expect("a table that fits in memory");
        // SAFETY: the layout is not empty; the memory comes from the global
        // allocator with exactly the layout a vector of `count` buckets
        // uses; all-zero bytes are valid atomics (an empty slot). The zeros
        // are written here rather than left to the operating system's lazy
        // zeroed pages: otherwise the first search of a game pays for
        // faulting the pages in (80 ms for 32 MiB on a 2-core machine),
        // on its clock.
        let buckets = unsafe {
            let pointer = alloc(layout).cast::<[Slot; 2]>();
            if pointer.is_null() {
                handle_alloc_error(layout);
            }
            std::ptr::write_bytes(pointer, 0, count);
            Vec::from_raw_parts(pointer, count, count)
        };
        Table { buckets, age: AtomicU8::new(0) }
    }

    fn bucket(&self, key: u64) -> &[Slot; 2] {
        &self.buckets[((u128::from(key) * self.buckets.len() as u128) >> 64) as usize]
    }

    /// Marks the start of a new search: entries of older searches are
    /// replaced first.
    pub(crate) fn new_search(&self) {
        self.age.store(self.age.load(Relaxed).wrapping_add(1) & 31, Relaxed);
    }

    /// Asks the processor to load the bucket of `key` into the cache, so
    /// that a probe soon after does not wait for memory.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const [Slot; 2] = self.bucket(key);
            // SAFETY: every x86-64 processor has SSE, and a prefetch of a
            // valid address only moves memory into the cache.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of the position with hash `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| slot.read(key)).map(|data| Entry {
            move_index: data.move_index(),
            score: data.score(),
            depth: i32::from(data.depth()),
            bound: data.bound(),
        })
    }

    /// Stores a result for the position with hash `key`, `ply` plies from the
    /// root. A missing move keeps the move already stored for the position.
    pub(crate) fn store(
        &self,
        key: u64,
        ply: u32,
        move_index: Option<usize>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age.load(Relaxed);
        let depth = depth.clamp(0, 255) as u8;
        let bucket = self.bucket(key);
        let (first_key, first) = bucket[0].peek();
        let (second_key, _) = bucket[1].peek();
        let slot = if second_key == key && first_key != key {
            &bucket[1]
        } else if first_key == key
            || first.bound() == Bound::Empty
            || first.age() != age
            || depth >= first.depth()
        {
            &bucket[0]
        } else {
            &bucket[1]
        };
        let move_index = move_index.or_else(|| slot.read(key).and_then(Data::move_index));
        let ply = ply as i32;
        let score = if score > DECIDED {
            score + ply
        } else if score < -DECIDED {
            score - ply
        } else {
            score
        };
        slot.write(key, Data::pack(score, depth, bound, age, move_index));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::WIN_SCORE;

    #[test]
    fn decided_scores_are_stored_relative_to_the_node() {
        let table = Table::new(1);
        table.store(42, 3, Some(7), WIN_SCORE - 5, 4, Bound::Exact);
        let entry = table.probe(42).expect("stored");
        assert_eq!(entry.move_index, Some(7));
        assert_eq!(entry.score(3), WIN_SCORE - 5);
        assert_eq!(entry.score(1), WIN_SCORE - 3);
        table.store(43, 2, None, -(WIN_SCORE - 4), 4, Bound::Upper);
        assert_eq!(table.probe(43).expect("stored").score(6), -(WIN_SCORE - 8));
        assert!(table.probe(44).is_none());
    }

    #[test]
    fn every_field_survives_packing() {
        for (score, depth, bound, age, index) in [
            (-(WIN_SCORE + 200), 255, Bound::Exact, 31, Some(MAX_MOVE_INDEX)),
            (WIN_SCORE + 200, 0, Bound::Lower, 0, None),
            (-1, 7, Bound::Upper, 3, Some(0)),
            (0, 1, Bound::MoveOnly, 17, Some(258_555)),
        ] {
            let data = Data::pack(score, depth, bound, age, index);
            assert_eq!(
                (data.score(), data.depth(), data.bound(), data.age(), data.move_index()),
                (score, depth, bound, age, index)
            );
        }
        assert_eq!(Data::pack(0, 1, Bound::Exact, 0, Some(MAX_MOVE_INDEX + 1)).move_index(), None);
    }

    #[test]
    fn bounds_decide_cutoffs_and_moves_survive_updates() {
        let table = Table::new(1);
        table.store(9, 0, Some(1), 50, 3, Bound::Lower);
        let entry = table.probe(9).expect("stored");
        assert!(entry.cuts(3, entry.score(0), 0, 40));
        assert!(!entry.cuts(3, entry.score(0), 0, 60));
        assert!(!entry.cuts(4, entry.score(0), 0, 40));
        table.store(9, 0, None, 10, 5, Bound::MoveOnly);
        let entry = table.probe(9).expect("stored");
        assert_eq!(entry.move_index, Some(1));
        assert!(!entry.cuts(1, entry.score(0), -100, 100));
    }

    #[test]
    fn a_one_bucket_table_keeps_the_deeper_and_the_newest_entry() {
        let table = Table::new(0);
        table.store(1, 0, Some(1), 0, 8, Bound::Exact);
        table.store(2, 0, Some(2), 0, 2, Bound::Exact);
        table.store(3, 0, Some(3), 0, 1, Bound::Exact);
        assert!(table.probe(1).is_some());
        assert!(table.probe(2).is_none());
        assert_eq!(table.probe(3).and_then(|e| e.move_index), Some(3));
    }

    #[test]
    fn a_torn_slot_reads_as_missing() {
        let table = Table::new(0);
        table.store(5, 0, Some(1), 10, 3, Bound::Exact);
        let slot = &table.bucket(5)[0];
        slot.data.store(Data::pack(99, 3, Bound::Exact, 0, None).0, Relaxed);
        assert!(table.probe(5).is_none(), "data of another write with this key's check");
    }

    #[test]
    fn threads_share_the_table() {
        let table = Table::new(1);
        std::thread::scope(|scope| {
            for thread in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    for key in 0..1000u64 {
                        table.store(key * 2 + thread, 0, Some(thread as usize), 1, 1, Bound::Exact);
                    }
                });
            }
        });
        let found = (0..2000u64).filter(|&key| table.probe(key).is_some()).count();
        assert!(found > 0);
        for key in 0..2000u64 {
            if let Some(entry) = table.probe(key) {
                assert_eq!(entry.move_index, Some((key % 2) as usize));
            }
        }
    }
}
