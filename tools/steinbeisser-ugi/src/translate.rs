//! Translation between Spielwerk's Abalone (crate `spielwerk-abalone`) and
//! Steinbeisser's board.
//!
//! Both number the 61 cells row by row, bottom row first, each row in
//! increasing column: Spielwerk's cell index n (`a1` = 0 … `i9` = 60, rows
//! A..I, diagonals 1..9) is Steinbeisser's `CellId` n (row letter A..I,
//! column 1..len). With Spielwerk's (row R, diagonal D) Steinbeisser's axial
//! coordinates are q = D − R, r = R − 5, a linear map, so neighbours stay
//! neighbours and the directions correspond as
//!
//! | Spielwerk (Δrow, Δdiag) | Steinbeisser (Δq, Δr) |
//! |---|---|
//! | E (0, +1)   | East (+1, 0) |
//! | NE (+1, +1) | Se (0, +1)   |
//! | NW (+1, 0)  | Sw (−1, +1)  |
//! | W (0, −1)   | West (−1, 0) |
//! | SW (−1, −1) | Nw (0, −1)   |
//! | SE (−1, 0)  | Ne (+1, −1)  |
//!
//! Black (Spielwerk's P1, moves first) is Steinbeisser's `Color::Black`.
//! Steinbeisser keeps no ejection counters: it counts 14 − marbles on the
//! board, so a position whose marbles and ejection counts do not add up to
//! 14 per side is reported by [`ejection_mismatch`].

use abalone::{Cell, Direction, MARBLES_PER_PLAYER, Move, Position};
use game::{Game, Player};
use std::collections::HashMap;

/// Steinbeisser's direction for Spielwerk's `dir`.
pub fn direction_to_sb(dir: Direction) -> steinbeisser::Direction {
    match dir {
        Direction::E => steinbeisser::Direction::East,
        Direction::NE => steinbeisser::Direction::Se,
        Direction::NW => steinbeisser::Direction::Sw,
        Direction::W => steinbeisser::Direction::West,
        Direction::SW => steinbeisser::Direction::Nw,
        Direction::SE => steinbeisser::Direction::Ne,
    }
}

/// Steinbeisser's cell for Spielwerk's `cell` (the same index).
pub fn cell_to_sb(cell: Cell) -> steinbeisser::CellId {
    steinbeisser::CellId::new(cell.index() as u8).expect("Spielwerk has 61 cells, as Steinbeisser")
}

/// The cells of the bitboard `bits` as Steinbeisser's cells.
fn cells_to_sb(bits: u64) -> Vec<steinbeisser::CellId> {
    Cell::of_bits(bits).map(cell_to_sb).collect()
}

/// Steinbeisser's position for Spielwerk's `position` (marbles and side to
/// move; Steinbeisser infers the ejections from the marble counts).
pub fn position_to_sb(position: &Position) -> steinbeisser::Position {
    let side = match position.side_to_move() {
        Player::P1 => steinbeisser::Color::Black,
        Player::P2 => steinbeisser::Color::White,
    };
    steinbeisser::Position::new(
        side,
        cells_to_sb(position.marbles(Player::P1)),
        cells_to_sb(position.marbles(Player::P2)),
    )
    .expect("a Spielwerk position has at most 14 marbles a side on distinct cells")
}

/// A description of the mismatch when a side's marbles on the board plus
/// the marbles the opponent ejected are not 14 (Steinbeisser would then
/// count the ejections differently from Spielwerk).
pub fn ejection_mismatch(position: &Position) -> Option<String> {
    let mut problems = Vec::new();
    for (player, name) in [(Player::P1, "black"), (Player::P2, "white")] {
        let on_board = position.marbles(player).count_ones();
        let ejected = u32::from(position.ejected_by(player.other()));
        if on_board + ejected != MARBLES_PER_PLAYER {
            problems.push(format!("{name}: {on_board} marbles on the board + {ejected} ejected != 14"));
        }
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// A move as Steinbeisser identifies it: the moving marbles (cell indices,
/// ascending) and the direction.
pub type MoveKey = (Vec<u8>, steinbeisser::Direction);

/// The key of Spielwerk's move `mv`.
pub fn key_of_sw(mv: Move) -> MoveKey {
    let mut cells: Vec<u8> = mv.marbles().map(|cell| cell.index() as u8).collect();
    cells.sort_unstable();
    (cells, direction_to_sb(mv.direction()))
}

/// The key of Steinbeisser's move `mv`.
pub fn key_of_sb(mv: &steinbeisser::Move) -> MoveKey {
    let mut cells: Vec<u8> = mv.source_cells().iter().map(|cell| cell.as_u8()).collect();
    cells.sort_unstable();
    (cells, mv.direction())
}

/// Spielwerk's legal moves of `position` by their keys.
pub fn legal_moves_by_key(position: &Position) -> HashMap<MoveKey, Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.into_iter().map(|mv| (key_of_sw(mv), mv)).collect()
}

/// Spielwerk's move for Steinbeisser's `mv` in `position`, if it is legal
/// there.
pub fn move_to_sw(position: &Position, mv: &steinbeisser::Move) -> Option<Move> {
    legal_moves_by_key(position).remove(&key_of_sb(mv))
}

/// Steinbeisser's move for Spielwerk's `mv`.
pub fn move_to_sb(mv: Move) -> steinbeisser::Move {
    let cells: Vec<steinbeisser::CellId> = mv.marbles().map(cell_to_sb).collect();
    steinbeisser::Move::from_cells(&cells, direction_to_sb(mv.direction()))
        .expect("a Spielwerk move moves 1-3 marbles in a line")
}

/// The move that takes the marbles of `mv` back (Steinbeisser's "reverse
/// move" that its search penalises at the root against shuffling), if all
/// its marbles stay on the board.
pub fn reverse_of(mv: Move) -> Option<steinbeisser::Move> {
    let back = mv.direction().opposite();
    let cells: Vec<steinbeisser::CellId> = mv.destinations().map(cell_to_sb).collect();
    if cells.len() != usize::from(mv.count()) {
        return None;
    }
    steinbeisser::Move::from_cells(&cells, direction_to_sb(back)).ok()
}
