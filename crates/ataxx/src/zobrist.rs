//! Zobrist keys: one random number per (colour, square), per blocker square
//! and for the side to move, generated at compile time.

/// Keys of the stones: `STONES[colour][square]`, colour 0 = `x`.
pub const STONES: [[u64; 49]; 2] = {
    let mut keys = [[0; 49]; 2];
    let mut i = 0;
    while i < 98 {
        keys[i / 49][i % 49] = splitmix(i as u64);
        i += 1;
    }
    keys
};

/// Keys of the blocker squares.
pub const BLOCKERS: [u64; 49] = {
    let mut keys = [0; 49];
    let mut i = 0;
    while i < 49 {
        keys[i] = splitmix(1000 + i as u64);
        i += 1;
    }
    keys
};

/// Key added when `o` is to move.
pub const SIDE: u64 = splitmix(2000);

const fn splitmix(n: u64) -> u64 {
    let mut z = n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
