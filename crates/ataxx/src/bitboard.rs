//! Bitboards: sets of squares as the low 49 bits of a `u64` (bit = square
//! index, see [`Square`](crate::Square)), with the neighbourhood tables and
//! whole-board shifts the move generator is built on.

/// Every square of the board.
pub const BOARD: u64 = (1 << 49) - 1;

/// The squares of file a.
pub const FILE_A: u64 = 0x0408_1020_4081;
/// The squares of file g.
pub const FILE_G: u64 = FILE_A << 6;

/// The squares of the files a and b.
const FILES_AB: u64 = FILE_A | FILE_A << 1;
/// The squares of the files f and g.
const FILES_FG: u64 = FILE_G | FILE_G >> 1;

/// The squares at distance exactly 1 of each square (clone targets).
pub const SINGLES: [u64; 49] = ring_table(1);
/// The squares at distance exactly 2 of each square (jump targets).
pub const DOUBLES: [u64; 49] = ring_table(2);

const fn ring_table(distance: i32) -> [u64; 49] {
    let mut table = [0; 49];
    let mut square: i32 = 0;
    while square < 49 {
        let (file, rank) = (square % 7, square / 7);
        let mut target: i32 = 0;
        while target < 49 {
            let (df, dr) = ((target % 7 - file).abs(), (target / 7 - rank).abs());
            let d = if df > dr { df } else { dr };
            if d == distance {
                table[square as usize] |= 1 << target;
            }
            target += 1;
        }
        square += 1;
    }
    table
}

/// The squares at distance at most 1 of some square of `set` (the set
/// itself included): a one-step dilation.
#[inline(always)]
pub fn dilate(set: u64) -> u64 {
    let row = set | (set & !FILE_A) >> 1 | (set & !FILE_G) << 1;
    (row | row << 7 | row >> 7) & BOARD
}

/// The squares at distance at most 2 of some square of `set`.
#[inline(always)]
pub fn dilate2(set: u64) -> u64 {
    let row =
        set | (set & !FILE_A) >> 1 | (set & !FILE_G) << 1 | (set & !FILES_AB) >> 2 | (set & !FILES_FG) << 2;
    (row | row << 7 | row >> 7 | row << 14 | row >> 14) & BOARD
}

/// The squares of `set` one by one, lowest index first.
pub use game::bits::indices as squares;

/// The number of (source, target) jump pairs from the squares of `from`
/// to the squares of `to`.
#[inline(always)]
pub fn count_jumps(from: u64, to: u64) -> u32 {
    squares(from).map(|square| (DOUBLES[square as usize] & to).count_ones()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_dilate(set: u64, distance: usize) -> u64 {
        squares(set).fold(set, |acc, s| {
            let ring =
                if distance == 1 { SINGLES[s as usize] } else { SINGLES[s as usize] | DOUBLES[s as usize] };
            acc | ring
        })
    }

    #[test]
    fn rings_have_the_expected_sizes() {
        assert_eq!(SINGLES[0].count_ones(), 3);
        assert_eq!(DOUBLES[0].count_ones(), 5);
        assert_eq!(SINGLES[24].count_ones(), 8);
        assert_eq!(DOUBLES[24].count_ones(), 16);
        assert_eq!(FILE_A.count_ones(), 7);
        assert_eq!(FILE_A, (0..7).fold(0, |set, rank| set | 1 << (7 * rank)));
    }

    #[test]
    fn dilations_match_the_tables() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let set = seed & (seed >> 3) & BOARD;
            assert_eq!(dilate(set), slow_dilate(set, 1));
            assert_eq!(dilate2(set), slow_dilate(set, 2));
        }
    }
}
