//! The terminal drawing and the JSON view of a position.

use crate::notation::{german_name, letter};
use crate::square::SIZE;
use crate::{Ataxx, Move, Ruleset, Square};
use game::{Language, Paint, Player, Style, text};
use std::fmt::Write as _;

/// Red's stones: bold red.
const RED: Paint = Paint::fg(196).bold();
/// Blue's stones: bold blue.
const BLUE: Paint = Paint::fg(33).bold();
/// Empty squares, blockers and coordinates: grey.
const FAINT: Paint = Paint::fg(244);
/// The brackets of the last move: bold yellow.
const MARK: Paint = Paint::fg(220).bold();

/// The paint of a player's stones.
fn side_paint(player: Player) -> Paint {
    if player == Player::P1 { RED } else { BLUE }
}

/// A player's name in the style's language.
fn name(player: Player, style: Style) -> &'static str {
    match style.language {
        Language::English if player == Player::P1 => "Red",
        Language::English => "Blue",
        Language::German => german_name(player),
    }
}

/// The board with coordinates, the last move's destination in brackets
/// (`[x]`) and a jump's vacated square in parentheses (`(.)`), then the
/// stone counts, the side to move, the 50-move counter (community rules)
/// and the last move, and unless `style` is brief a legend of letters and
/// marks after a blank line; Red and Blue in their colours when `style`
/// has colour.
pub(crate) fn render(position: &Ataxx, last: Option<Move>, style: Style) -> String {
    let (from, to) = match last {
        Some(Move::Jump(from, to)) => (Some(from), Some(to)),
        Some(Move::Clone(to)) => (None, Some(to)),
        Some(Move::Pass) | None => (None, None),
    };
    let files = format!("{}\n", style.paint(FAINT, "     a  b  c  d  e  f  g"));
    let mut text = files.clone();
    for rank in (0..SIZE).rev() {
        let _ = write!(text, "  {} ", style.paint(FAINT, &(rank + 1).to_string()));
        for file in 0..SIZE {
            let square = Square::new(file, rank).expect("file and rank are on the board");
            let c = position.char_at(square);
            let paint = match c {
                'x' => RED,
                'o' => BLUE,
                _ => FAINT,
            };
            let (open, close) = if Some(square) == to {
                ("[", "]")
            } else if Some(square) == from {
                ("(", ")")
            } else {
                (" ", " ")
            };
            let (open, close) = (style.paint(MARK, open), style.paint(MARK, close));
            let _ = write!(text, "{open}{}{close}", style.paint(paint, &c.to_string()));
        }
        let _ = writeln!(text, " {}", style.paint(FAINT, &(rank + 1).to_string()));
    }
    text.push_str(&files);
    let side = position.side();
    let count = |player: Player| {
        let label = format!("{} ({})", name(player, style), letter(player));
        format!("{}: {}", style.paint(side_paint(player), &label), position.count(player))
    };
    let (red, blue) = (count(Player::P1), count(Player::P2));
    // At the end (also by resignation, agreement or time) the result
    // stands where the side to move would
    // (on a line of its own, so that the drawing grows no wider).
    let status = match style.end(game::Game::outcome(position)) {
        Some(outcome) => {
            let over =
                outcome.game_over(|player, language| name(player, Style { language, ..style }).to_owned());
            let over = style.text(&over);
            text!("{red}   {blue}\n{over}", "{red}   {blue}\n{over}")
        }
        None => {
            let mover = style.paint(side_paint(side), &format!("{} ({})", name(side, style), letter(side)));
            text!("{red}   {blue}   {mover} to move", "{red}   {blue}   {mover} am Zug")
        }
    };
    let _ = writeln!(text, "{}", style.text(&status));
    if position.rules() == Ruleset::Community {
        let halfmove = position.halfmove();
        let counter = text!(
            "50-move rule: {halfmove} of 100 half-moves without a clone",
            "50-Züge-Regel: {halfmove} von 100 Halbzügen ohne Klonen"
        );
        let _ = writeln!(text, "{}", style.text(&counter));
    }
    if let Some(mv) = last {
        let mover = letter(side.other());
        let line = if mv == Move::Pass {
            text!("Last move: {mv} ({mover} passed)", "Letzter Zug: {mv} ({mover} hat gepasst)")
        } else {
            text!("Last move: {mv} ({mover})", "Letzter Zug: {mv} ({mover})")
        };
        let _ = writeln!(text, "{}", style.text(&line));
    }
    if !style.brief {
        text.push_str(&legend(last, style));
    }
    text
}

/// The legend below the drawing, after a blank line: the stones' letters,
/// and the marks of the last move when there is one to mark.
fn legend(last: Option<Move>, style: Style) -> String {
    let (red, blue) = (name(Player::P1, style), name(Player::P2, style));
    let letters = text!(
        "x {red} · o {blue} · . an empty square · - a blocked one",
        "x {red} · o {blue} · . ein leeres Feld · - ein gesperrtes"
    );
    let mut text = format!("\n{}\n", style.text(&letters));
    let marks = match last {
        Some(Move::Jump(..)) => Some(text!(
            "[x] the square the last move went to · (.) the square its jump left",
            "[x] das Feld des letzten Zugs · (.) das Feld, das sein Sprung verlassen hat"
        )),
        Some(Move::Clone(_)) => {
            Some(text!("[x] the square the last move went to", "[x] das Feld des letzten Zugs"))
        }
        Some(Move::Pass) | None => None,
    };
    if let Some(marks) = marks {
        let _ = writeln!(text, "{}", style.text(&marks));
    }
    text
}

/// Characters before the first square of a rank line of [`render`]
/// (`"  7 "`), and the width of a square (`" x "`).
const LEFT_MARGIN: usize = 4;
const SQUARE_WIDTH: usize = 3;

/// The square drawn at character `column` of line `line` of [`render`]'s
/// drawing: line 0 holds the files, lines 1–7 the ranks 7 down to 1.
pub(crate) fn cell_at(line: usize, column: usize) -> Option<Square> {
    let size = usize::from(SIZE);
    let rank = size.checked_sub(line)?;
    let file = column.checked_sub(LEFT_MARGIN)? / SQUARE_WIDTH;
    if line == 0 || file >= size {
        return None;
    }
    Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every square's stone stands in the drawing where `cell_at` says that
    /// square is, and the coordinates around the board map to no square.
    #[test]
    fn cell_at_finds_each_square_where_it_is_drawn() {
        let position = Ataxx::from_fen("x5o/7/2-1-2/7/2-1-2/7/o4xx x 0 1", Ruleset::Community).unwrap();
        let drawing = render(&position, None, Style::default());
        let lines: Vec<Vec<char>> = drawing.lines().map(|line| line.chars().collect()).collect();
        let mut found = 0;
        for (line, chars) in lines.iter().enumerate() {
            for (column, &c) in chars.iter().enumerate() {
                let Some(square) = cell_at(line, column) else { continue };
                if column % SQUARE_WIDTH == (LEFT_MARGIN + 1) % SQUARE_WIDTH {
                    assert_eq!(c, position.char_at(square), "line {line} column {column}");
                    found += 1;
                }
            }
        }
        assert_eq!(found, 49);
        assert_eq!(cell_at(0, 5), None);
        assert_eq!(cell_at(1, 2), None);
        assert_eq!(cell_at(8, 5), None);
        assert_eq!(cell_at(1, 5).map(|s| s.to_string()), Some("a7".to_owned()));
        assert_eq!(cell_at(7, 23).map(|s| s.to_string()), Some("g1".to_owned()));
    }
}
