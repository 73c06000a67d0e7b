//! [`Presentation`]: how a game shows itself to people — terminal drawings,
//! a JSON view for graphical interfaces and explanations — apart from its
//! rules ([`Game`]).

use crate::{Game, Style, Text};

/// The drawings, views and explanations of a game's positions, for people.
///
/// Kept apart from [`Game`] so that the rules need neither JSON nor terminal
/// styling: game crates implement it behind their `presentation` feature.
pub trait Presentation: Game {
    /// A drawing of the position for a terminal, marking `last` (the move
    /// that led here, if any), its legends in `style`'s language. Readable
    /// without colours; with them when `style` asks for colour.
    fn render(&self, last: Option<Self::Move>, style: Style) -> String;

    /// The cell of the board drawn at character `column` of line `line`
    /// (both from 0, escape sequences not counted) of [`Presentation::render`]'s
    /// drawing, in the notation's words (`e5`), so that a terminal can turn
    /// a mouse click into move text. `None` off the board, and for every
    /// character in games that do not map their drawing (the default).
    fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        let _ = (line, column);
        None
    }

    /// The column of the full drawing that column `column` of the
    /// zoomed-out drawing (in a compact [`Style`]) shows, on the line of
    /// the same row, so that [`Presentation::cell_at`] finds the cell
    /// clicked on a zoomed-out board. The same column (the default) where
    /// zooming out keeps the columns.
    fn full_column(&self, column: usize) -> usize {
        column
    }

    /// The most lines the board of [`Presentation::render`]'s drawing in
    /// `style` can take while its rows stay as they are: a board whose rows
    /// grow with the stones on them (Amakta's) says how tall it can get, so
    /// that a screen can keep room for it. `None` (the default): the
    /// board's height does not depend on the position.
    fn board_lines_most(&self, style: Style) -> Option<usize> {
        let _ = style;
        None
    }

    /// A JSON description of the position for graphical interfaces: board
    /// geometry, pieces and whatever the game's UI draws. The schema is the
    /// game crate's and is documented there.
    fn view(&self) -> serde_json::Value;

    /// Explains part of the position on request, for people: `what` is a
    /// command such as `cell e5` (the game chooses its words). `None` when
    /// the game has no such command (the default); otherwise the
    /// explanation, or why `what` names nothing of this position.
    fn explain(&self, what: &str) -> Option<Result<Text, Text>> {
        let _ = what;
        None
    }

    /// What a person choosing among the legal moves needs to know of the
    /// move written `mv` beyond its text (Amakta Infinit: what creating a
    /// stone costs); `None` for most moves and games (the default), and for
    /// a text that is no move here.
    fn move_note(&self, mv: &str) -> Option<Text> {
        let _ = mv;
        None
    }
}
