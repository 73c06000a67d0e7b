//! How a terminal drawing looks: its language and whether it is coloured.
//!
//! A game draws its position as text for a terminal
//! ([`Presentation::render`](crate::Presentation::render)). The drawing must read the same
//! without colour — every fact is in the characters — and colour only makes
//! it quicker to read: the sides, the last move, a square's colour, a
//! cell's control. Games choose a [`Paint`] for each part and let the
//! [`Style`] decide whether it turns into ANSI escape sequences.

use crate::{Language, Outcome, Text};

/// The look of a terminal drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// The language of legends and status lines.
    pub language: Language,
    /// Whether ANSI colours are written.
    pub colour: bool,
    /// Whether the drawing leaves out its legends (what the letters and
    /// marks mean), for a terminal game that showed them once already.
    pub brief: bool,
    /// Whether the board is drawn zoomed out, in as few lines as the game
    /// can (Amakta: two lines a row of cells), for a small screen.
    pub compact: bool,
    /// How the game ended, also from outside the board (resignation,
    /// agreement, time), which the drawing shows where it would show the
    /// side to move; set by [`DynGame::render`](crate::DynGame::render).
    pub outcome: Option<Outcome>,
}

impl Style {
    /// A style in `language`, with or without colour.
    #[must_use]
    pub fn new(language: Language, colour: bool) -> Style {
        Style { language, colour, brief: false, compact: false, outcome: None }
    }

    /// This style without legends in the drawing (its field `brief` set).
    #[must_use]
    pub fn brief(self) -> Style {
        Style { brief: true, ..self }
    }

    /// This style for a game that ended with `outcome` (or has not, for
    /// `None`): the drawing shows the result instead of the side to move.
    #[must_use]
    pub fn with_outcome(self, outcome: Option<Outcome>) -> Style {
        Style { outcome, ..self }
    }

    /// The game's end as the drawing shows it: the style's
    /// ([`Style::with_outcome`]) or else the one the position itself has
    /// (`board`).
    #[must_use]
    pub fn end(&self, board: Option<Outcome>) -> Option<Outcome> {
        self.outcome.or(board)
    }

    /// This style with the board zoomed out (`on`) or not (its field
    /// `compact` set).
    #[must_use]
    pub fn compact(self, on: bool) -> Style {
        Style { compact: on, ..self }
    }

    /// `text` in `paint` when colour is on; `text` as it is otherwise.
    #[must_use]
    pub fn paint(&self, paint: Paint, text: &str) -> String {
        if !self.colour || text.is_empty() || paint == Paint::NONE {
            return text.to_owned();
        }
        format!("{}{text}{RESET}", paint.escape())
    }

    /// The wording of `text` in this style's language.
    #[must_use]
    pub fn text<'a>(&self, text: &'a Text) -> &'a str {
        text.get(self.language)
    }
}

/// The escape sequence that ends a paint.
const RESET: &str = "\x1b[0m";

/// Colours and emphasis of a part of a drawing: foreground and background
/// as colours of the 256-colour palette, bold, and reverse video.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Paint {
    /// The foreground colour (a 256-colour palette index).
    pub fg: Option<u8>,
    /// The background colour (a 256-colour palette index).
    pub bg: Option<u8>,
    /// Bold text.
    pub bold: bool,
    /// Foreground and background swapped (for warnings that must stand out
    /// whatever the terminal's colours).
    pub reverse: bool,
}

impl Paint {
    /// No paint: the terminal's own colours.
    pub const NONE: Paint = Paint { fg: None, bg: None, bold: false, reverse: false };

    /// Text in colour `fg`.
    #[must_use]
    pub const fn fg(fg: u8) -> Paint {
        Paint { fg: Some(fg), ..Paint::NONE }
    }

    /// Text on a background of colour `bg`.
    #[must_use]
    pub const fn bg(bg: u8) -> Paint {
        Paint { bg: Some(bg), ..Paint::NONE }
    }

    /// This paint in bold.
    #[must_use]
    pub const fn bold(self) -> Paint {
        Paint { bold: true, ..self }
    }

    /// This paint in reverse video.
    #[must_use]
    pub const fn reverse(self) -> Paint {
        Paint { reverse: true, ..self }
    }

    /// This paint on the background `bg`.
    #[must_use]
    pub const fn on(self, bg: u8) -> Paint {
        Paint { bg: Some(bg), ..self }
    }

    /// The ANSI escape sequence that starts this paint.
    fn escape(self) -> String {
        let mut codes: Vec<String> = Vec::new();
        if self.bold {
            codes.push("1".to_owned());
        }
        if self.reverse {
            codes.push("7".to_owned());
        }
        if let Some(fg) = self.fg {
            codes.push(format!("38;5;{fg}"));
        }
        if let Some(bg) = self.bg {
            codes.push(format!("48;5;{bg}"));
        }
        format!("\x1b[{}m", codes.join(";"))
    }
}

/// A line of a drawing whose characters each carry a paint, for drawings
/// laid out in columns: the layout counts characters, and the paint is
/// written only when the line is finished ([`Painted::render`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Painted {
    chars: Vec<(char, Paint)>,
}

impl Painted {
    /// An empty line.
    #[must_use]
    pub fn new() -> Painted {
        Painted::default()
    }

    /// `text` in `paint`.
    #[must_use]
    pub fn from_text(text: &str, paint: Paint) -> Painted {
        let mut line = Painted::new();
        line.push_str(text, paint);
        line
    }

    /// Appends `text` in `paint`.
    pub fn push_str(&mut self, text: &str, paint: Paint) {
        self.chars.extend(text.chars().map(|c| (c, paint)));
    }

    /// Appends another painted line.
    pub fn append(&mut self, other: &Painted) {
        self.chars.extend_from_slice(&other.chars);
    }

    /// The number of characters (the width in a terminal's columns for the
    /// characters drawings use).
    #[must_use]
    pub fn width(&self) -> usize {
        self.chars.len()
    }

    /// Pads with unpainted spaces on both sides to `width` characters, the
    /// extra space on the right when the padding is odd (as `{:^width$}`
    /// does).
    #[must_use]
    pub fn centred(mut self, width: usize) -> Painted {
        let missing = width.saturating_sub(self.width());
        let left = missing / 2;
        let mut chars = vec![(' ', Paint::NONE); left];
        chars.append(&mut self.chars);
        chars.resize(chars.len() + missing - left, (' ', Paint::NONE));
        Painted { chars }
    }

    /// Sets the background of every character to `bg`, keeping the rest of
    /// each character's paint.
    pub fn set_background(&mut self, bg: u8) {
        for (_, paint) in &mut self.chars {
            paint.bg = Some(bg);
        }
    }

    /// The characters with their paints.
    pub fn chars(&self) -> impl Iterator<Item = (char, Paint)> + '_ {
        self.chars.iter().copied()
    }

    /// Whether the line has nothing but spaces.
    #[must_use]
    pub fn is_blank(&self) -> bool {
        self.chars.iter().all(|&(c, _)| c == ' ')
    }

    /// Removes the spaces at the end that show nothing in `style`: all of
    /// them without colour, those without a background with colour.
    pub fn trim_end(&mut self, style: Style) {
        while self.chars.last().is_some_and(|&(c, paint)| c == ' ' && (paint.bg.is_none() || !style.colour)) {
            self.chars.pop();
        }
    }

    /// The line's characters without paint.
    #[must_use]
    pub fn plain(&self) -> String {
        self.chars.iter().map(|&(c, _)| c).collect()
    }

    /// The line as text in `style`: painted runs of characters when colour
    /// is on, the plain characters otherwise.
    #[must_use]
    pub fn render(&self, style: Style) -> String {
        if !style.colour {
            return self.plain();
        }
        let mut out = String::new();
        let mut run = String::new();
        let mut current = Paint::NONE;
        for &(c, paint) in &self.chars {
            if paint != current {
                out.push_str(&style.paint(current, &run));
                run.clear();
                current = paint;
            }
            run.push(c);
        }
        out.push_str(&style.paint(current, &run));
        out
    }
}

/// `text` without the ANSI escape sequences a [`Style`] writes (those
/// ending in `m`), as a terminal without colour would show it.
#[must_use]
pub fn strip_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: Paint = Paint::fg(196);

    #[test]
    fn paint_writes_escapes_only_with_colour() {
        let plain = Style::new(Language::English, false);
        let coloured = Style::new(Language::English, true);
        assert_eq!(plain.paint(RED.bold(), "x"), "x");
        assert_eq!(coloured.paint(RED.bold(), "x"), "\x1b[1;38;5;196mx\x1b[0m");
        assert_eq!(coloured.paint(Paint::bg(229).reverse(), "!!"), "\x1b[7;48;5;229m!!\x1b[0m");
        assert_eq!(coloured.paint(Paint::NONE, "x"), "x");
        assert_eq!(coloured.paint(RED, ""), "");
    }

    #[test]
    fn painted_lines_lay_out_by_characters_and_paint_runs() {
        let mut line = Painted::from_text("→1", RED);
        line.push_str("  ", Paint::NONE);
        let mut cell = Painted::from_text("w1:0", Paint::NONE).centred(7);
        assert_eq!(cell.plain(), " w1:0  ");
        cell.set_background(229);
        line.append(&cell);
        line.push_str("   ", Paint::NONE);
        assert_eq!(line.width(), 14);
        let mut plain = line.clone();
        plain.trim_end(Style::default());
        assert_eq!(plain.plain(), "→1   w1:0", "without colour the shaded spaces show nothing");
        line.trim_end(Style::new(Language::English, true));
        assert_eq!(line.width(), 11, "the cell's shaded spaces stay");
        assert_eq!(line.plain(), "→1   w1:0  ");
        assert_eq!(line.render(Style::default()), "→1   w1:0  ");
        assert_eq!(
            line.render(Style::new(Language::German, true)),
            "\x1b[38;5;196m→1\x1b[0m  \x1b[48;5;229m w1:0  \x1b[0m"
        );
        assert!(Painted::from_text("   ", RED).is_blank());
        assert_eq!(strip_escapes(&line.render(Style::new(Language::English, true))), line.plain());
    }

    #[test]
    fn text_picks_the_language() {
        let text = Text::new("to move", "am Zug");
        assert_eq!(Style::new(Language::German, false).text(&text), "am Zug");
        assert_eq!(Style::default().text(&text), "to move");
    }
}
