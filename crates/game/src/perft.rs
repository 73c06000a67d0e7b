//! Perft: counting the leaves of the legal-move tree, the standard test of a
//! move generator.
//!
//! Conventions (shared by all games): `perft(0) = 1`; a forced pass is a
//! move and so one node; a position whose [`Game::outcome`] is decided has no
//! moves. History-dependent endings (repetition) are not applied.

use crate::Game;

/// Leaf count of the move tree `depth` plies below `position`, with the
/// straightforward recursion (bulk-counting at the last ply).
pub fn count<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    count_with(position, depth, &mut buffers)
}

fn count_with<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    position.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = position.clone();
        child.play(mv);
        total += count_with(&child, depth - 1, rest);
    }
    total
}
