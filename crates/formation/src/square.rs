//! Squares: index a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63; bitboards
//! use bit `square`.

/// The bit of a square.
#[must_use]
pub const fn bit(square: u8) -> u64 {
    1 << square
}

/// The square's file, 0 (a) to 7 (h).
#[must_use]
pub const fn file(square: u8) -> u8 {
    square % 8
}

/// The square's rank, 0 (rank 1) to 7 (rank 8).
#[must_use]
pub const fn rank(square: u8) -> u8 {
    square / 8
}

/// The square's name, like `b1`.
#[must_use]
pub fn name(square: u8) -> String {
    format!("{}{}", (b'a' + file(square)) as char, rank(square) + 1)
}

/// Reads a square name (`a1`..`h8`, either case).
#[must_use]
pub fn parse(text: &str) -> Option<u8> {
    let &[file, rank] = text.as_bytes() else { return None };
    let file = file.to_ascii_lowercase();
    ((b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank)).then(|| (rank - b'1') * 8 + file - b'a')
}

/// The squares of a bitboard, lowest first.
pub use game::bits::indices as squares;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for square in 0..64 {
            assert_eq!(parse(&name(square)), Some(square));
        }
        assert_eq!(name(0), "a1");
        assert_eq!(name(63), "h8");
        assert_eq!(parse("B1"), Some(1));
        for bad in ["", "a", "a9", "i1", "a0", "a10"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn squares_iterates_the_bits() {
        assert_eq!(squares(bit(3) | bit(40) | bit(63)).collect::<Vec<_>>(), vec![3, 40, 63]);
        assert_eq!(squares(0).count(), 0);
    }
}
