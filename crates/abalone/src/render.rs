//! The terminal drawing and the JSON view of a position.

use crate::board::Cell;
use crate::move_text;
use crate::moves::Move;
use crate::position::Position;
use game::{Game, GameResult, Player};
use serde_json::{Value, json};

/// Column of a cell in the drawing: two characters per cell, one more
/// indent per row away from row E.
fn column(row: i32, diag: i32) -> usize {
    (2 * diag - row + 5) as usize
}

fn symbol(owner: Option<Player>) -> char {
    match owner {
        Some(Player::P1) => 'X',
        Some(Player::P2) => 'O',
        None => '.',
    }
}

/// Draws the board (rows I to A top to bottom, diagonals 1–9 along the
/// lower right edge), `X` Black, `O` White, `.` empty; the cells the last
/// move's marbles went to are bracketed. Below: ejections, the side to move
/// and the last move.
pub(crate) fn render(position: &Position, last: Option<Move>) -> String {
    let marked: u64 = last.map_or(0, |mv| mv.destinations().map(Cell::bit).sum());
    let is_marked = |row: u8, diag: u8| Cell::new(row, diag).is_some_and(|c| marked & c.bit() != 0);
    let mut out = String::new();
    for row in (1..=9u8).rev() {
        let mut line = vec![b' '; 22];
        let cells: Vec<Cell> = Cell::all().filter(|c| c.row() == row).collect();
        let first = cells[0];
        line[column(i32::from(row), i32::from(first.diag())) - 2] = b'A' + row - 1;
        for &cell in &cells {
            let x = column(i32::from(row), i32::from(cell.diag()));
            line[x] = symbol(position.marble_at(cell)) as u8;
            if is_marked(row, cell.diag()) {
                if !is_marked(row, cell.diag() - 1) {
                    line[x - 1] = b'[';
                }
                if !is_marked(row, cell.diag() + 1) {
                    line[x + 1] = b']';
                }
            }
        }
        if row <= 4 {
            let diag = i32::from(row) + 5;
            line[column(i32::from(row), diag)] = b'0' + diag as u8;
        }
        out.push_str(String::from_utf8_lossy(&line).trim_end());
        out.push('\n');
    }
    let mut numbers = vec![b' '; 16];
    for diag in 1..=5 {
        numbers[column(0, diag)] = b'0' + diag as u8;
    }
    out.push_str(String::from_utf8_lossy(&numbers).trim_end());
    out.push('\n');
    out.push_str(&format!(
        "ejected: by Black (X) {}, by White (O) {} (6 win)\n",
        position.ejected_by(Player::P1),
        position.ejected_by(Player::P2)
    ));
    match position.outcome() {
        Some(outcome) => {
            let result = match outcome.result {
                GameResult::Win(p) => format!("{} wins", position.player_name(p)),
                GameResult::Draw => "draw".to_owned(),
            };
            out.push_str(&format!("game over: {result} ({})\n", outcome.describe()));
        }
        None => {
            let side = position.side_to_move();
            out.push_str(&format!(
                "{} ({}) to move, move {}\n",
                position.player_name(side),
                symbol(Some(side)),
                position.move_number()
            ));
        }
    }
    if let Some(mv) = last {
        out.push_str(&format!("last move: {} (its marbles now in [ ])\n", move_text::format(mv)));
    }
    out
}

fn marble_code(player: Player) -> &'static str {
    match player {
        Player::P1 => "b",
        Player::P2 => "w",
    }
}

/// The JSON view (schema in the crate documentation).
pub(crate) fn view(position: &Position) -> Value {
    let cells: Vec<Value> = Cell::all()
        .map(|cell| {
            json!({
                "cell": cell.to_string(),
                "row": cell.row(),
                "diag": cell.diag(),
                "marble": position.marble_at(cell).map(marble_code),
            })
        })
        .collect();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let legal: Vec<Value> = moves
        .into_iter()
        .map(|mv| {
            json!({
                "move": move_text::format(mv),
                "marbles": mv.marbles().map(|c| c.to_string()).collect::<Vec<_>>(),
                "direction": mv.direction().name(),
            })
        })
        .collect();
    json!({
        "game": "abalone",
        "cells": cells,
        "ejected": {
            "black": position.ejected_by(Player::P1),
            "white": position.ejected_by(Player::P2),
        },
        "to_move": marble_code(position.side_to_move()),
        "legal": legal,
    })
}
