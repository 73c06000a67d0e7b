//! A fixed, fast hash of moves, for tables indexed by move (history
//! heuristic). Moves only promise `Hash`, so they are hashed with a
//! deterministic multiply-rotate hasher instead of the randomised default.

use std::hash::{Hash, Hasher};

const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

#[derive(Default)]
struct MoveHasher(u64);

impl MoveHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for MoveHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(u64::from(value));
    }

    fn write_u16(&mut self, value: u16) {
        self.add(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.add(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(MULTIPLIER) ^ (h >> 32)
    }
}

/// The index of `mv` in a table of `1 << bits` slots; equal moves always get
/// the same index.
pub(crate) fn move_index<M: Hash>(mv: &M, bits: u32) -> usize {
    let mut hasher = MoveHasher::default();
    mv.hash(&mut hasher);
    (hasher.finish() >> (64 - bits)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_moves_share_an_index_and_small_moves_spread() {
        assert_eq!(move_index(&(3u8, 7u8), 12), move_index(&(3u8, 7u8), 12));
        let indices: std::collections::HashSet<usize> = (0u16..49 * 49).map(|m| move_index(&m, 14)).collect();
        assert!(indices.len() > 49 * 49 * 8 / 10, "only {} distinct indices", indices.len());
    }
}
