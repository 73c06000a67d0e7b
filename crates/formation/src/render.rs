//! The terminal drawing and the JSON view of a position.

use crate::connect::groups;
use crate::moves::Move;
use crate::position::{Formation, color_name};
use crate::square::{bit, name as name_of};
use crate::tiles::Color;
use game::{Game, Language, Paint, Painted, Player, Style, text};
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

/// The background of a square of each colour when the drawing has colour.
fn ground(color: Color) -> u8 {
    match color {
        Color::Red => 167,
        Color::Yellow => 178,
        Color::Green => 71,
        Color::Blue => 68,
    }
}

/// A player's name in `language`.
fn name(player: Player, language: Language) -> &'static str {
    match (language, player) {
        (Language::English, _) => color_name(player),
        (Language::German, Player::P1) => "Weiß",
        (Language::German, Player::P2) => "Schwarz",
    }
}

/// The drawing: ranks 8 to 1, files a to h; each square shows its colour
/// (`R`, `Y`, `G`, `B` — red, yellow, green, blue, letters that stay apart
/// in German too: rot, gelb (Y), grün, blau) and its piece (`o` White, `x`
/// Black, `.` empty); the squares of the last move are bracketed. With
/// colour, each square has its colour as background, White's pieces are
/// white and Black's black. Below: groups, whose turn, the ply and, unless
/// `style` is brief, the legend after a blank line, in `style`'s language.
pub(crate) fn render(position: &Formation, last: Option<Move>, style: Style) -> String {
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
            let color = position.board().color(square);
            let piece = match position.piece_at(square) {
                Some(Player::P1) => Paint::fg(231).bold(),
                Some(Player::P2) => Paint::fg(16).bold(),
                None => Paint::fg(16),
            };
            let mut cell = Painted::from_text(&open.to_string(), Paint::fg(16).bold());
            cell.push_str(&color.letter().to_string(), Paint::fg(16));
            cell.push_str(&piece_char(position, square).to_string(), piece);
            cell.push_str(&close.to_string(), Paint::fg(16).bold());
            cell.set_background(ground(color));
            text.push_str(&cell.render(style));
        }
        let _ = writeln!(text, "  {}", rank + 1);
    }
    text.push_str(files);
    for (player, letter) in [(Player::P1, 'o'), (Player::P2, 'x')] {
        let count = groups(position.pieces(player));
        let who = name(player, style.language);
        let line = match count {
            1 => text!("{who} ({letter}): 1 group", "{who} ({letter}): 1 Gruppe"),
            _ => text!("{who} ({letter}): {count} groups", "{who} ({letter}): {count} Gruppen"),
        };
        let _ = writeln!(text, "{}", style.text(&line));
    }
    // At the end (also by resignation, agreement or time) the result
    // stands where the side to move would.
    let status = match style.end(position.outcome()) {
        Some(outcome) => {
            let (result, description) = (outcome.result.as_text(), outcome.description());
            let why = style.text(&description);
            text!("game over: {result} ({why})", "Spielende: {result} ({why})")
        }
        None => {
            let who = name(position.side_to_move(), style.language);
            text!("{who} to move", "{who} am Zug")
        }
    };
    text.push_str(style.text(&status));
    let plies = position.plies();
    let ply = match position.ply_limit() {
        0 => text!(", ply {plies}", ", Halbzug {plies}"),
        limit => text!(", ply {plies} of {limit}", ", Halbzug {plies} von {limit}"),
    };
    text.push_str(style.text(&ply));
    let last_text = match last {
        Some(Move::Step { from, to }) => {
            let (from, to) = (name_of(from), name_of(to));
            Some(text!(", last move {from}{to} [marked]", ", letzter Zug {from}{to} [markiert]"))
        }
        Some(Move::Pass) => Some(text!(", last move 0000 (pass)", ", letzter Zug 0000 (gepasst)")),
        None => None,
    };
    if let Some(last_text) = last_text {
        text.push_str(style.text(&last_text));
    }
    text.push('\n');
    if style.brief {
        return text;
    }
    // The legend after a blank line, as the other games draw it.
    let layout = position.board().layout();
    let legend = text!(
        "\no a piece of White · x a piece of Black · . an empty square\n\
         The letter before is the square's colour, which sets how a piece there moves\n\
         R red: like a rook, up to the first red square · G green: like a knight\n\
         Y yellow: like a bishop, up to the first yellow square · B blue: like a king\n\
         [ ] the squares of the last move · board {layout}\n",
        "\no eine Figur von Weiß · x eine Figur von Schwarz · . ein leeres Feld\n\
         Der Buchstabe davor ist die Farbe des Feldes; sie sagt, wie eine Figur dort zieht:\n\
         R rot: wie ein Turm, bis zum ersten roten Feld · G grün: wie ein Springer\n\
         Y gelb (yellow): wie ein Läufer, bis zum ersten gelben Feld · B blau: wie ein König\n\
         [ ] die Felder des letzten Zugs · Brett {layout}\n"
    );
    text.push_str(style.text(&legend));
    text
}

/// Characters before the first square of a rank line of [`render`]
/// (`"8  "`), and the width of a square (`" R. "`).
const LEFT_MARGIN: usize = 3;
const SQUARE_WIDTH: usize = 4;

/// The square drawn at character `column` of line `line` of [`render`]'s
/// drawing: line 0 holds the files, lines 1–8 the ranks 8 down to 1.
pub(crate) fn cell_at(line: usize, column: usize) -> Option<u8> {
    let rank = 8usize.checked_sub(line)?;
    let file = column.checked_sub(LEFT_MARGIN)? / SQUARE_WIDTH;
    if line == 0 || file >= 8 {
        return None;
    }
    u8::try_from(rank * 8 + file).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use game::Presentation;

    /// Every square's piece stands in the drawing where `cell_at` says
    /// that square is; the coordinates around the board are no square.
    #[test]
    fn cell_at_finds_each_square_where_it_is_drawn() {
        let mut position = Formation::start(&Config::default());
        let mv = position.parse_move("b1b4").unwrap();
        position.play(mv);
        let drawing = position.render(Some(mv), Style::default());
        let lines: Vec<Vec<char>> = drawing.lines().map(|line| line.chars().collect()).collect();
        let mut found = std::collections::HashSet::new();
        for (line, chars) in lines.iter().enumerate().take(10) {
            for (column, &c) in chars.iter().enumerate() {
                let Some(square) = cell_at(line, column) else { continue };
                if column % SQUARE_WIDTH == (LEFT_MARGIN + 2) % SQUARE_WIDTH {
                    assert_eq!(c, piece_char(&position, square), "line {line} column {column}");
                    found.insert(square);
                }
            }
        }
        assert_eq!(found.len(), 64);
        assert_eq!(cell_at(0, 5), None);
        assert_eq!(cell_at(1, 1), None);
        assert_eq!(cell_at(9, 5), None);
        assert_eq!(cell_at(1, 35), None);
        assert_eq!(cell_at(1, 4).map(name_of), Some("a8".to_owned()));
        assert_eq!(cell_at(5, 9).map(name_of), Some("b4".to_owned()));
        assert_eq!(cell_at(8, 34).map(name_of), Some("h1".to_owned()));
    }

    #[test]
    fn render_shows_colours_pieces_and_the_last_move() {
        let mut position = Formation::start(&Config::default());
        let mv = position.parse_move("b1b4").unwrap();
        position.play(mv);
        let text = position.render(Some(mv), Style::default());
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

o a piece of White · x a piece of Black · . an empty square
The letter before is the square's colour, which sets how a piece there moves
R red: like a rook, up to the first red square · G green: like a knight
Y yellow: like a bishop, up to the first yellow square · B blue: like a king
[ ] the squares of the last move · board 1a0 2a0 3a0 4a0
";
        assert_eq!(text, expected);
        let brief = position.render(Some(mv), Style::default().brief());
        assert_eq!(brief, expected.split("\n\n").next().unwrap().to_owned() + "\n", "the legend is left out");
    }

    #[test]
    fn render_speaks_german_and_colours_the_squares() {
        let mut position = Formation::start(&Config::default());
        let mv = position.parse_move("b1b4").unwrap();
        position.play(mv);
        let german = position.render(Some(mv), Style::new(Language::German, false));
        assert!(german.contains("Weiß (o): 7 Gruppen\nSchwarz (x): 8 Gruppen\n"), "{german}");
        assert!(
            german
                .contains("Schwarz am Zug, Halbzug 1, letzter Zug b1b4 [markiert]\n\no eine Figur von Weiß"),
            "{german}"
        );
        assert!(german.contains("Y gelb (yellow)") && german.contains("G grün"), "{german}");
        assert!(german.contains("· Brett 1a0 2a0 3a0 4a0\n"), "{german}");
        let coloured = position.render(Some(mv), Style::new(Language::English, true));
        assert!(coloured.contains("\x1b[38;5;16;48;5;167mR"), "a red square: {coloured:?}");
        assert!(coloured.contains("\x1b[38;5;16;48;5;178mY"), "a yellow square: {coloured:?}");
        assert_eq!(game::strip_escapes(&coloured), position.render(Some(mv), Style::default()));
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
