//! Bitboards: the set bits of a `u64`, for games whose boards fit in one.

/// The indices of the set bits of a `u64`, lowest first (see [`indices`]).
#[derive(Clone, Copy, Debug)]
pub struct Indices(u64);

impl Iterator for Indices {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        (self.0 != 0).then(|| {
            let index = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            index
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count_ones() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for Indices {}

/// The indices of the set bits of `set`, lowest first: the squares or cells
/// of a bitboard.
#[inline(always)]
#[must_use]
pub fn indices(set: u64) -> Indices {
    Indices(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_set_bits_lowest_first() {
        assert_eq!(indices(0).collect::<Vec<_>>(), Vec::<u8>::new());
        assert_eq!(indices(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(indices(1 << 63 | 1 << 48).collect::<Vec<_>>(), [48, 63]);
        assert_eq!(indices(u64::MAX).len(), 64);
    }
}
