//! Orthogonal connection of a set of pieces, on bitboards.

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// The squares orthogonally next to a square of `set`, and `set` itself.
#[inline]
#[must_use]
pub fn grow(set: u64) -> u64 {
    set | set << 8 | set >> 8 | (set << 1 & NOT_FILE_A) | (set >> 1 & NOT_FILE_H)
}

/// The orthogonally connected part of `within` that contains `seed`.
#[inline]
#[must_use]
pub fn flood(seed: u64, within: u64) -> u64 {
    let mut group = seed & within;
    loop {
        let next = grow(group) & within;
        if next == group {
            return group;
        }
        group = next;
    }
}

/// Whether `set` is non-empty and forms one orthogonally connected group.
#[inline]
#[must_use]
pub fn is_connected(set: u64) -> bool {
    set != 0 && flood(set & set.wrapping_neg(), set) == set
}

/// The number of orthogonally connected groups in `set`.
#[must_use]
pub fn groups(mut set: u64) -> u32 {
    let mut count = 0;
    while set != 0 {
        set &= !flood(set & set.wrapping_neg(), set);
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::{bit, parse};

    fn set(squares: &[&str]) -> u64 {
        squares.iter().fold(0, |set, s| set | bit(parse(s).unwrap()))
    }

    #[test]
    fn groups_are_orthogonal_only() {
        assert!(is_connected(set(&["a1", "a2", "b2", "c2"])));
        assert!(!is_connected(set(&["a1", "b2"])));
        assert_eq!(groups(set(&["a1", "b2"])), 2);
        assert!(!is_connected(0));
        assert_eq!(groups(0), 0);
    }

    #[test]
    fn no_wrapping_across_the_edge() {
        assert!(!is_connected(set(&["h1", "a2"])));
        assert!(!is_connected(set(&["a1", "h1"])));
        assert!(is_connected(set(&["h1", "h2", "h3"])));
        assert_eq!(groups(set(&["h4", "a5", "a8", "h8", "h7"])), 4);
    }
}
