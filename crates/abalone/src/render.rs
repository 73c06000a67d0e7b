//! The terminal drawing and the JSON view of a position.

use crate::board::Cell;
use crate::move_text;
use crate::moves::Move;
use crate::position::Position;
use game::{Game, GameResult, Language, Paint, Painted, Player, Style, text};

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

/// The paint of a character of the board lines: Black's marbles in reverse
/// video and White's in bold (both readable on dark and light terminals),
/// the last move's brackets in yellow, the rest grey.
fn paint_of(c: char) -> Paint {
    match c {
        'X' => Paint::NONE.bold().reverse(),
        'O' => Paint::NONE.bold(),
        '[' | ']' => Paint::fg(220).bold(),
        _ => Paint::fg(244),
    }
}

/// A player's name in `language`.
fn name(position: &Position, player: Player, language: Language) -> &'static str {
    position.player_name(player).get(language)
}

/// Draws the board (rows I to A top to bottom, diagonals 1–9 along the
/// lower right edge), `X` Black, `O` White, `.` empty; the cells the last
/// move's marbles went to are bracketed. Below: ejections, the side to move
/// and the last move, and unless `style` is brief the legend after a blank
/// line, in `style`'s language.
pub(crate) fn render(position: &Position, last: Option<Move>, style: Style) -> String {
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
        let mut painted = Painted::new();
        for c in String::from_utf8_lossy(&line).trim_end().chars() {
            painted.push_str(&c.to_string(), if c == ' ' { Paint::NONE } else { paint_of(c) });
        }
        out.push_str(&painted.render(style));
        out.push('\n');
    }
    let mut numbers = vec![b' '; 16];
    for diag in 1..=5 {
        numbers[column(0, diag)] = b'0' + diag as u8;
    }
    out.push_str(String::from_utf8_lossy(&numbers).trim_end());
    out.push('\n');
    let (black, white) =
        (name(position, Player::P1, style.language), name(position, Player::P2, style.language));
    let (by_black, by_white) = (position.ejected_by(Player::P1), position.ejected_by(Player::P2));
    let ejected = text!(
        "ejected: by {black} (X) {by_black}, by {white} (O) {by_white} (6 win)\n",
        "hinausgestoßen von {black} (X) {by_black}, {white} (O) {by_white} (6 = Sieg)\n"
    );
    out.push_str(style.text(&ejected));
    // At the end (also by resignation, agreement or time) the result
    // stands where the side to move would.
    let status = match style.end(position.outcome()) {
        Some(outcome) => {
            let description = outcome.description();
            let why = style.text(&description);
            match outcome.result {
                GameResult::Win(p) => {
                    let winner = name(position, p, style.language);
                    text!("game over: {winner} wins ({why})\n", "Spielende: {winner} gewinnt ({why})\n")
                }
                GameResult::Draw => text!("game over: draw ({why})\n", "Spielende: Remis ({why})\n"),
            }
        }
        None => {
            let side = position.side_to_move();
            let (who, letter, number) =
                (name(position, side, style.language), symbol(Some(side)), position.move_number());
            text!("{who} ({letter}) to move, move {number}\n", "{who} ({letter}) am Zug, Zug {number}\n")
        }
    };
    out.push_str(style.text(&status));
    if let Some(mv) = last {
        let mv = move_text::format(mv);
        let line = text!(
            "last move: {mv} (its marbles now in [ ])\n",
            "letzter Zug: {mv} (seine Kugeln jetzt in [ ])\n"
        );
        out.push_str(style.text(&line));
    }
    if !style.brief {
        out.push_str(&legend(position, style));
    }
    out
}

/// The legend below the drawing, after a blank line: the marbles' letters,
/// the last move's marks and how the edge numbers name the cells.
fn legend(position: &Position, style: Style) -> String {
    let (black, white) =
        (name(position, Player::P1, style.language), name(position, Player::P2, style.language));
    let legend = text!(
        "\nX {black} · O {white} · . an empty cell\n\
         [ ] the cells the last move's marbles went to\n\
         A cell is its row letter and diagonal number (c3): the diagonals are\n\
         numbered 1–5 under the board and 6–9 along its lower right edge\n",
        "\nX {black} · O {white} · . eine leere Mulde\n\
         [ ] die Mulden, in die die Kugeln des letzten Zugs kamen\n\
         Eine Mulde ist ihr Reihenbuchstabe und ihre Diagonalzahl (c3): die\n\
         Diagonalen sind unter dem Brett 1–5 und am rechten unteren Rand 6–9\n"
    );
    style.text(&legend).to_owned()
}

/// The cell drawn at character `column` of line `line` of [`render`]'s
/// drawing (line 0 row I, line 8 row A): the marble's character and the
/// one before it, where the last move's bracket opens.
pub(crate) fn cell_at(line: usize, column: usize) -> Option<Cell> {
    let row = 9i32 - i32::try_from(line).ok()?;
    let twice = i32::try_from(column).ok()? + row - 5;
    let diag = (twice + 1).div_euclid(2);
    Cell::new(u8::try_from(row).ok()?, u8::try_from(diag).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    /// Every cell's marble stands in the drawing where `cell_at` says the
    /// cell is; labels, numbers and lines below the board are no cell.
    #[test]
    fn cell_at_finds_each_cell_where_it_is_drawn() {
        let position = Position::new(Layout::Standard);
        let drawing = render(&position, None, Style::default());
        let mut found = std::collections::HashSet::new();
        for (line, text) in drawing.lines().enumerate() {
            for (column, c) in text.chars().enumerate() {
                let Some(cell) = cell_at(line, column) else { continue };
                if matches!(c, 'X' | 'O' | '.') {
                    assert_eq!(c, symbol(position.marble_at(cell)), "line {line} column {column}");
                    assert_eq!(column, column_of(cell), "{cell}");
                    found.insert(cell);
                } else {
                    assert_eq!(column + 1, column_of(cell), "{cell}: only the character before");
                }
            }
        }
        assert_eq!(found.len(), 61);
        assert_eq!(cell_at(0, 6).map(|c| c.to_string()), Some("i5".to_owned()));
        assert_eq!(cell_at(8, 6).map(|c| c.to_string()), Some("a1".to_owned()));
        assert_eq!(cell_at(4, 0), None, "the row letter E");
        assert_eq!(cell_at(9, 7), None, "the diagonal numbers");
    }

    fn column_of(cell: Cell) -> usize {
        column(i32::from(cell.row()), i32::from(cell.diag()))
    }
}
