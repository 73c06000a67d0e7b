//! An assembled board: the colour of every square and the move tables that
//! follow from the colours.

use crate::square::{bit, file, rank};
use crate::tiles::{Color, Layout};
use crate::zobrist::board_key;
use std::fmt;

const ROOK_STEPS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The square `(df, dr)` away from `square`, if on the board.
fn offset(square: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let f = file(square) as i8 + df;
    let r = rank(square) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

/// A board: its layout, the colour of each square and, per square, the
/// squares a piece standing there can reach on an empty board.
///
/// Sliding moves are kept as four rays per square, each running from the
/// square outwards up to and including its stop square (the first square of
/// the piece's own colour) or the edge; rays 0 and 1 run towards higher
/// square numbers, rays 2 and 3 towards lower ones.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    layout: Layout,
    colors: [Color; 64],
    steps: [u64; 64],
    rays: [[u64; 4]; 64],
    key: u64,
}

impl Board {
    /// The board of `layout` with its move tables.
    #[must_use]
    pub fn new(layout: Layout) -> Board {
        let colors = layout.colors();
        let mut steps = [0; 64];
        let mut rays = [[0; 4]; 64];
        for square in 0..64u8 {
            let color = colors[usize::from(square)];
            match color {
                Color::Green | Color::Blue => {
                    let table: &[(i8, i8)] = if color == Color::Green { &KNIGHT_STEPS } else { &KING_STEPS };
                    steps[usize::from(square)] =
                        table.iter().filter_map(|&d| offset(square, d)).fold(0, |set, to| set | bit(to));
                }
                Color::Red | Color::Yellow => {
                    let directions = if color == Color::Red { ROOK_STEPS } else { BISHOP_STEPS };
                    for (ray, direction) in rays[usize::from(square)].iter_mut().zip(directions) {
                        let mut at = square;
                        while let Some(next) = offset(at, direction) {
                            *ray |= bit(next);
                            if colors[usize::from(next)] == color {
                                break;
                            }
                            at = next;
                        }
                    }
                }
            }
        }
        Board { layout, colors, steps, rays, key: board_key(layout.index()) }
    }

    /// The layout the board was assembled from.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The colour of `square`.
    #[must_use]
    pub fn color(&self, square: u8) -> Color {
        self.colors[usize::from(square)]
    }

    /// The hash key of this assembly.
    pub(crate) fn key(&self) -> u64 {
        self.key
    }

    /// The empty squares a piece on `square` can move to when the squares of
    /// `occupied` hold pieces.
    #[inline]
    #[must_use]
    pub fn targets(&self, square: u8, occupied: u64) -> u64 {
        let index = usize::from(square);
        let [up_a, up_b, down_a, down_b] = self.rays[index];
        let mut reach = self.steps[index] & !occupied;
        for ray in [up_a, up_b] {
            let blockers = ray & occupied;
            reach |= if blockers == 0 { ray } else { ray & (bit(blockers.trailing_zeros() as u8) - 1) };
        }
        for ray in [down_a, down_b] {
            let blockers = ray & occupied;
            reach |= if blockers == 0 { ray } else { ray & (u64::MAX << (64 - blockers.leading_zeros())) };
        }
        reach
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::{name, parse, squares};

    fn reach(board: &Board, from: &str, occupied: &[&str]) -> Vec<String> {
        let occupied = occupied.iter().fold(0, |set, s| set | bit(parse(s).unwrap()));
        squares(board.targets(parse(from).unwrap(), occupied)).map(name).collect()
    }

    #[test]
    fn knight_and_king_steps_stay_on_the_board() {
        let board = Board::new(Layout::DEFAULT);
        // a7 is green: a knight from a7 reaches b5, c6 and c8.
        assert_eq!(reach(&board, "a7", &[]), ["b5", "c6", "c8"]);
        // a1 is green too; d1 is blue: a king.
        assert_eq!(reach(&board, "a1", &[]), ["c2", "b3"]);
        assert_eq!(reach(&board, "d1", &[]), ["c1", "e1", "c2", "d2", "e2"]);
        assert_eq!(reach(&board, "d1", &["e2", "c1"]), ["e1", "c2", "d2"]);
    }

    #[test]
    fn red_slides_stop_on_the_first_red_square() {
        let board = Board::new(Layout::DEFAULT);
        // a4 is red; rank 4 reads R G B Y R…, file a (up) G B Y R B Y G R.
        assert_eq!(
            reach(&board, "a4", &[]),
            ["a1", "a2", "a3", "b4", "c4", "d4", "e4", "a5", "a6", "a7", "a8"]
        );
        assert_eq!(reach(&board, "a4", &["a2", "c4"]), ["a3", "b4", "a5", "a6", "a7", "a8"]);
        // b1 is red: file b (up) R B Y G G Y R B stops on b7, never b8;
        // rank 1 reads G R Y B G R: stops on f1.
        assert_eq!(
            reach(&board, "b1", &[]),
            ["a1", "c1", "d1", "e1", "f1", "b2", "b3", "b4", "b5", "b6", "b7"]
        );
    }

    #[test]
    fn yellow_slides_stop_on_the_first_yellow_square() {
        let board = Board::new(Layout::DEFAULT);
        // c1 is yellow: b2 B, a3 Y (stop); d2 G, e3 Y (stop).
        assert_eq!(reach(&board, "c1", &[]), ["b2", "d2", "a3", "e3"]);
        assert_eq!(reach(&board, "c1", &["d2"]), ["b2", "a3"]);
        // f7 is yellow: e6 B, d5 Y (stop); g6 G, h5 G; e8 R; g8 G.
        assert_eq!(reach(&board, "f7", &[]), ["d5", "h5", "e6", "g6", "e8", "g8"]);
        assert_eq!(reach(&board, "f7", &["e6", "g8"]), ["h5", "g6", "e8"]);
    }
}
