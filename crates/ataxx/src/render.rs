//! The terminal drawing and the JSON view of a position.

use crate::notation::letter;
use crate::square::SIZE;
use crate::{Ataxx, Move, Ruleset, Square};
use game::Player;
use serde_json::json;
use std::fmt::Write as _;

/// The board with coordinates, the last move's destination in brackets
/// (`[x]`) and a jump's vacated square in parentheses (`(.)`), then the
/// stone counts, the side to move and the last move.
pub(crate) fn render(position: &Ataxx, last: Option<Move>) -> String {
    let (from, to) = match last {
        Some(Move::Jump(from, to)) => (Some(from), Some(to)),
        Some(Move::Clone(to)) => (None, Some(to)),
        Some(Move::Pass) | None => (None, None),
    };
    let files = "     a  b  c  d  e  f  g\n";
    let mut text = String::from(files);
    for rank in (0..SIZE).rev() {
        let _ = write!(text, "  {} ", rank + 1);
        for file in 0..SIZE {
            let square = Square::new(file, rank).expect("file and rank are on the board");
            let c = position.char_at(square);
            let (open, close) = if Some(square) == to {
                ('[', ']')
            } else if Some(square) == from {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            let _ = write!(text, "{open}{c}{close}");
        }
        let _ = writeln!(text, " {}", rank + 1);
    }
    text.push_str(files);
    let side = position.side();
    let _ = writeln!(
        text,
        "Red (x): {}   Blue (o): {}   {} ({}) to move",
        position.count(Player::P1),
        position.count(Player::P2),
        if side == Player::P1 { "Red" } else { "Blue" },
        letter(side)
    );
    if position.rules() == Ruleset::Community {
        let _ = writeln!(text, "50-move rule: {} of 100 half-moves without a clone", position.halfmove());
    }
    if let Some(mv) = last {
        let mover = letter(side.other());
        let _ = writeln!(text, "Last move: {mv} ({mover}{})", if mv == Move::Pass { " passed" } else { "" });
    }
    text
}

/// The JSON view: `{"game":"ataxx","files":7,"ranks":7,"board":[7 strings,
/// rank 7 first, files a..g, chars x o - .],"counts":[x,o],"halfmove":n,
/// "fullmove":n,"rules":"seed"|"community"}`.
pub(crate) fn view(position: &Ataxx) -> serde_json::Value {
    let board: Vec<String> = (0..SIZE)
        .rev()
        .map(|rank| {
            (0..SIZE)
                .map(|file| {
                    position.char_at(Square::new(file, rank).expect("file and rank are on the board"))
                })
                .collect()
        })
        .collect();
    json!({
        "game": "ataxx",
        "files": SIZE,
        "ranks": SIZE,
        "board": board,
        "counts": [position.count(Player::P1), position.count(Player::P2)],
        "halfmove": position.halfmove(),
        "fullmove": position.fullmove(),
        "rules": position.rules().name(),
    })
}
