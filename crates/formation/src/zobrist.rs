//! Hash keys: SplitMix64 and the Zobrist tables built from it at compile time.

/// SplitMix64's output function applied to `state + 0x9E37_79B9_7F4A_7C15`:
/// a fixed, well-mixed 64-bit hash. It names random boards (see
/// [`Layout::random`](crate::Layout::random)) and builds the Zobrist keys,
/// so it must never change.
#[must_use]
pub const fn mix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Key of a piece of player index `p` on square `sq`.
pub(crate) const PIECE_KEYS: [[u64; 64]; 2] = {
    let mut keys = [[0; 64]; 2];
    let mut i = 0;
    while i < 128 {
        keys[i / 64][i % 64] = mix64(0x5A17_0000 + i as u64);
        i += 1;
    }
    keys
};

/// Key toggled when P2 is to move.
pub(crate) const SIDE_KEY: u64 = mix64(0x5A17_1000);

/// Key of a ply count (used while a ply limit is active).
pub(crate) const fn ply_key(plies: u32) -> u64 {
    mix64(0x5A17_2000_0000 + plies as u64)
}

/// Key of a board assembly.
pub(crate) const fn board_key(index: u32) -> u64 {
    mix64(0x5A17_3000_0000 + index as u64)
}
