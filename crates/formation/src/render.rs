//! The terminal drawing and the JSON view of a position.

use crate::connect::groups;
use crate::moves::Move;
use crate::position::{Formation, color_name};
use crate::square::{bit, name};
use game::{Game, Player};
use std::fmt::Write as _;

/// The piece letter on `square` for the terminal: `o` White, `x` Black,
/// `.` empty.
fn piece_char(position: &Formation, square: u8) -> char {
    match position.piece_at(square) {
        Some(Player::P1) => 'o',
        Some(Player::P2) => 'x',
        None => '.',
    }
}

/// The drawing: ranks 8 to 1, files a to h; each square shows its colour
/// (`R`, `Y`, `G`, `B`) and its piece (`o` White, `x` Black, `.` empty);
/// the squares of the last move are bracketed.
pub(crate) fn render(position: &Formation, last: Option<Move>) -> String {
    let marked = match last {
        Some(Move::Step { from, to }) => bit(from) | bit(to),
        _ => 0,
    };
    let files = "    a   b   c   d   e   f   g   h\n";
    let mut text = String::from(files);
    for rank in (0..8u8).rev() {
        let _ = write!(text, "{}  ", rank + 1);
        for file in 0..8 {
            let square = rank * 8 + file;
            let (open, close) = if marked & bit(square) != 0 { ('[', ']') } else { (' ', ' ') };
            let color = position.board().color(square).letter();
            let _ = write!(text, "{open}{color}{}{close}", piece_char(position, square));
        }
        let _ = writeln!(text, "  {}", rank + 1);
    }
    text.push_str(files);
    for (player, letter) in [(Player::P1, 'o'), (Player::P2, 'x')] {
        let count = groups(position.pieces(player));
        let plural = if count == 1 { "" } else { "s" };
        let _ = writeln!(text, "{} ({letter}): {count} group{plural}", color_name(player));
    }
    match position.outcome() {
        Some(outcome) => {
            let _ = write!(text, "game over: {} ({})", outcome.result.as_text(), outcome.describe());
        }
        None => {
            let _ = write!(text, "{} to move", color_name(position.side_to_move()));
        }
    }
    let _ = write!(text, ", ply {}", position.plies());
    if position.ply_limit() > 0 {
        let _ = write!(text, " of {}", position.ply_limit());
    }
    match last {
        Some(Move::Step { from, to }) => {
            let _ = write!(text, ", last move {}{} [marked]", name(from), name(to));
        }
        Some(Move::Pass) => text.push_str(", last move 0000 (pass)"),
        None => {}
    }
    let _ = writeln!(text, "\nboard {}", position.board().layout());
    text.push_str(
        "R red: rook to the first red; Y yellow: bishop to the first yellow; G green: knight; B blue: king\n",
    );
    text
}

/// The JSON view for graphical interfaces (schema in the crate docs).
pub(crate) fn view(position: &Formation) -> serde_json::Value {
    let rows = |cell: &dyn Fn(u8) -> char| -> Vec<String> {
        (0..8u8).rev().map(|rank| (0..8).map(|file| cell(rank * 8 + file)).collect()).collect()
    };
    let colors = rows(&|square| position.board().color(square).letter());
    let pieces = rows(&|square| match position.piece_at(square) {
        Some(Player::P1) => 'W',
        Some(Player::P2) => 'B',
        None => '.',
    });
    let to_move = if position.side_to_move() == Player::P1 { "white" } else { "black" };
    serde_json::json!({
        "game": "formation",
        "colors": colors,
        "pieces": pieces,
        "to_move": to_move,
        "board": position.board().layout().to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn render_shows_colours_pieces_and_the_last_move() {
        let mut position = Formation::start(&Config::default());
        let mv = position.parse_move("b1b4").unwrap();
        position.play(mv);
        let text = position.render(Some(mv));
        let expected = "    a   b   c   d   e   f   g   h
8   R.  Yx  B.  Go  Rx  Y.  Go  B.   8
7   Go  R.  G.  B.  G.  Y.  R.  Yx   7
6   Y.  Y.  B.  R.  B.  B.  G.  R.   6
5   Bx  G.  R.  Y.  Y.  R.  B.  Go   5
4   Ro [Go] B.  Y.  R.  G.  B.  Yx   4
3   Y.  Y.  G.  R.  Y.  Y.  B.  R.   3
2   Bx  B.  R.  G.  B.  G.  R.  Go   2
1   G. [R.] Y.  Bx  Go  R.  Yx  B.   1
    a   b   c   d   e   f   g   h
White (o): 7 groups
Black (x): 8 groups
Black to move, ply 1, last move b1b4 [marked]
board 1a0 2a0 3a0 4a0
R red: rook to the first red; Y yellow: bishop to the first yellow; G green: knight; B blue: king
";
        assert_eq!(text, expected);
    }

    #[test]
    fn view_follows_the_schema() {
        let position = Formation::start(&Config { first: Player::P2, ..Config::default() });
        let expected = serde_json::json!({
            "game": "formation",
            "colors": ["RYBGRYGB", "GRGBGYRY", "YYBRBBGR", "BGRYYRBG", "RGBYRGBY", "YYGRYYBR", "BBRGBGRG", "GRYBGRYB"],
            "pieces": [".B.WB.W.", "W......B", "........", "B......W", "W......B", "........", "B......W", ".W.BW.B."],
            "to_move": "black",
            "board": "1a0 2a0 3a0 4a0",
        });
        assert_eq!(position.view(), expected);
    }
}
