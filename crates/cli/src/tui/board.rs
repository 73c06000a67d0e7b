//! The game's own terminal drawing on screen: its ANSI colours turned into
//! styled lines, the board part apart from the notes below it (legend,
//! inventories, phase), and the viewport that scrolls a board larger than
//! the screen and maps a click back to the drawing's line and column.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// A game's drawing, split at its first blank line into the board and the
/// notes after it.
#[derive(Debug, Clone, Default)]
pub struct Drawing {
    /// The board's lines, line 0 being the drawing's first line.
    pub board: Vec<Line<'static>>,
    /// The lines after the first blank line (legend, inventories, phase).
    pub notes: Vec<Line<'static>>,
}

impl Drawing {
    /// Reads a drawing as [`game::DynGame::render`] writes it.
    #[must_use]
    pub fn new(text: &str) -> Drawing {
        let lines: Vec<&str> = text.lines().collect();
        let blank = lines.iter().position(|line| game::strip_escapes(line).trim().is_empty());
        let (board, notes) = lines.split_at(blank.unwrap_or(lines.len()));
        let notes = notes.iter().skip_while(|line| line.trim().is_empty());
        let mut notes: Vec<Line<'static>> = notes.map(|line| styled_line(line)).collect();
        while notes.last().is_some_and(|line| line.width() == 0) {
            notes.pop();
        }
        Drawing { board: board.iter().map(|line| styled_line(line)).collect(), notes }
    }

    /// The notes with the lines that the game wrapped for a terminal of
    /// its own width joined again (a line that goes on the one before
    /// starts with two spaces: Amakta's inventories), so that a panel
    /// wraps them once, to its own width.
    #[must_use]
    pub fn unwrapped_notes(&self) -> Vec<Line<'static>> {
        let mut joined: Vec<Line<'static>> = Vec::new();
        for line in &self.notes {
            let text: String = line.spans.iter().map(|span| span.content.as_ref()).collect();
            let goes_on = text.starts_with("  ") && !text[2..].starts_with(' ') && text.len() > 2;
            match joined.last_mut() {
                Some(previous) if goes_on && previous.width() > 0 => {
                    previous.spans.push(Span::raw(" "));
                    let mut spans = line.spans.clone();
                    // The continuation's indent goes with the break.
                    while let Some(first) = spans.first_mut() {
                        let kept = first.content.trim_start().to_owned();
                        if kept.is_empty() {
                            spans.remove(0);
                        } else {
                            first.content = kept.into();
                            break;
                        }
                    }
                    previous.spans.extend(spans);
                }
                _ => joined.push(line.clone()),
            }
        }
        joined
    }

    /// The board's size in characters: widest line and number of lines.
    #[must_use]
    pub fn size(&self) -> (u16, u16) {
        let width = self.board.iter().map(Line::width).max().unwrap_or(0);
        (clamp_u16(width), clamp_u16(self.board.len()))
    }
}

impl Drawing {
    /// The lines that carry a row's label: those starting with a
    /// character other than a space (Amakta's `e  1 w1:0 …`).
    fn label_lines(&self) -> Vec<usize> {
        let starts_labelled = |line: &Line| {
            line.spans.iter().flat_map(|span| span.content.chars()).next().is_some_and(|c| c != ' ')
        };
        (0..self.board.len()).filter(|&index| starts_labelled(&self.board[index])).collect()
    }

    /// How many columns at the left the row labels take (`f ` in Amakta's
    /// `f  1 w1:0`), kept in view when the board scrolls sideways: up to
    /// the second word of the labelled lines, and no further than any
    /// other line begins; none when no line carries a label.
    #[must_use]
    pub fn label_columns(&self) -> u16 {
        let texts: Vec<String> = self.board.iter().map(ToString::to_string).collect();
        let labelled = self.label_lines();
        let second_word = |text: &str| {
            let first_space = text.find(' ')?;
            text[first_space..].find(|c| c != ' ').map(|at| first_space + at)
        };
        let labels = labelled.iter().filter_map(|&line| second_word(&texts[line])).min();
        let others = (0..texts.len())
            .filter(|line| !labelled.contains(line))
            .filter_map(|line| texts[line].find(|c| c != ' '))
            .min();
        let columns = match (labels, others) {
            (Some(labels), Some(others)) => labels.min(others),
            (Some(labels), None) => labels,
            (None, _) => 0,
        };
        clamp_u16(columns.min(LABEL_COLUMNS_MOST))
    }

    /// Whether the board's rows, labelled at the left (at least three),
    /// can take `lines_most` lines: at least two lines a row (Amakta's
    /// blocks of lines), so that it can be drawn wider alone (see
    /// [`Scale::WIDER`]).
    #[must_use]
    pub fn rows_of_several_lines(&self, lines_most: u16) -> bool {
        let rows = self.label_lines().len();
        rows >= 3 && usize::from(lines_most) >= 2 * rows
    }

    /// How many lines each row of the board takes: a row's lines end with
    /// its labelled line; the lines after the last label are a last group.
    fn row_groups(&self) -> Vec<usize> {
        let mut groups = Vec::new();
        let mut start = 0;
        for label in self.label_lines() {
            groups.push(label + 1 - start);
            start = label + 1;
        }
        groups.push(self.board.len() - start);
        groups
    }

    /// This drawing with every row as tall as it has been before
    /// (`heights`, raised to this drawing's rows and kept for the next
    /// one), blank lines above a row's own lines (the lines after the last
    /// row below them), so that a row does not move up or down when the
    /// row above loses a line or gains back one it had: a board whose rows
    /// grow with their stones (Amakta's) only ever grows. `heights` starts
    /// anew when the drawing has another number of rows (Amakta Infinit's
    /// plane grew). Also returns the line of this drawing that each line of
    /// the new one shows (a blank line: the first line of its row, or the
    /// last line after the last row).
    #[must_use]
    pub fn padded(&self, heights: &mut Vec<usize>) -> (Drawing, Vec<usize>) {
        let groups = self.row_groups();
        if heights.len() == groups.len() {
            heights.iter_mut().zip(&groups).for_each(|(kept, &own)| *kept = (*kept).max(own));
        } else {
            heights.clone_from(&groups);
        }
        let (mut board, mut map) = (Vec::new(), Vec::new());
        let mut start = 0;
        for (index, (&own, &height)) in groups.iter().zip(heights.iter()).enumerate() {
            let blank = height - own;
            let last = index + 1 == groups.len();
            let first = start.min(self.board.len().saturating_sub(1));
            if !last {
                board.extend(std::iter::repeat_n(Line::default(), blank));
                map.extend(std::iter::repeat_n(first, blank));
            }
            board.extend(self.board[start..start + own].iter().cloned());
            map.extend(start..start + own);
            if last {
                board.extend(std::iter::repeat_n(Line::default(), blank));
                map.extend(std::iter::repeat_n(self.board.len().saturating_sub(1), blank));
            }
            start += own;
        }
        (Drawing { board, notes: self.notes.clone() }, map)
    }

    /// For each board line of this (zoomed-out) drawing, the line of the
    /// `full` drawing of the same position that carries the same row's
    /// label: rows are told apart by their labelled lines, a row's lines
    /// ending with its label.
    #[must_use]
    pub fn lines_in(&self, full: &Drawing) -> Vec<usize> {
        let (own, theirs) = (self.label_lines(), full.label_lines());
        (0..self.board.len())
            .map(|line| {
                let row = own.iter().position(|&label| label >= line).unwrap_or(own.len());
                theirs.get(row).copied().unwrap_or(usize::MAX)
            })
            .collect()
    }
}

/// The most columns kept in view as row labels.
const LABEL_COLUMNS_MOST: usize = 8;

/// How much larger than the game draws it a board is shown on a large
/// screen: its columns spread apart, and a blank line after each line
/// (a board grows both ways, or not at all).
/// Nothing is drawn wider: the characters of a word (a cell's `w1:0`,
/// `[o]`) stay together, and a line of words (`Red (x) to move`) moves as
/// a whole; the game's columns keep their proportions, so a board keeps
/// its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    /// How far apart the columns go, in quarters: 4 as drawn, 5 a quarter
    /// as far again, 6 half as far again, 8 twice as far.
    across: usize,
    /// Whether a blank line follows each line of the board.
    down: bool,
}

impl Scale {
    /// The board as the game draws it.
    pub const AS_DRAWN: Scale = Scale { across: 4, down: false };

    /// The larger scales, the largest first.
    pub const LARGER: [Scale; 2] = [Scale { across: 8, down: true }, Scale { across: 6, down: true }];

    /// The scales that draw a board wider only, the widest first: for a
    /// board whose rows take several lines each (Amakta's blocks of
    /// lines), where a blank line after each line would leave its rows
    /// too tall for the screen.
    pub const WIDER: [Scale; 3] = [
        Scale { across: 8, down: false },
        Scale { across: 6, down: false },
        Scale { across: 5, down: false },
    ];

    /// How large this scale draws a board, to compare scales: its
    /// spacing across, twice that where a blank line follows each line.
    #[must_use]
    pub fn size(self) -> usize {
        if self.down { self.across * 2 } else { self.across }
    }

    /// The lines `lines` lines of a drawing take at this scale (at most:
    /// lines of words take no blank line between them).
    #[must_use]
    pub fn lines(self, lines: u16) -> u16 {
        if self.down { (lines * 2).saturating_sub(1) } else { lines }
    }

    /// The column at this scale where column `column` of a drawing whose
    /// lines start at column `origin` or later goes.
    fn column(self, column: usize, origin: usize) -> usize {
        origin + column.saturating_sub(origin) * self.across / 4
    }

    /// The column as drawn that column `column` at this scale spreads.
    fn drawn(self, column: usize, origin: usize) -> usize {
        origin.min(column) + column.saturating_sub(origin) * 4 / self.across
    }
}

/// Where the clicks on a scaled board are looked up: for each of its
/// lines, the line of the drawing as drawn and the column there of each
/// of its columns.
#[derive(Debug, Clone, Default)]
pub struct ScaleMap {
    /// The line as drawn of each line, and its columns.
    lines: Vec<(usize, Vec<usize>)>,
}

impl ScaleMap {
    /// The line and column as drawn of `line` and `column` of the scaled
    /// board; `None` past its end.
    #[must_use]
    pub fn position(&self, line: usize, column: usize) -> Option<(usize, usize)> {
        let (drawn, columns) = self.lines.get(line)?;
        Some((*drawn, *columns.get(column).or(columns.last())?))
    }
}

impl Drawing {
    /// This drawing's board at `scale`, and where its clicks are looked up.
    #[must_use]
    pub fn scaled(&self, scale: Scale) -> (Drawing, ScaleMap) {
        let mut board = Vec::new();
        let mut map = ScaleMap::default();
        let cells: Vec<Vec<(char, Style)>> = self.board.iter().map(cells_of).collect();
        let origin = cells.iter().filter_map(|line| line.iter().position(|(c, _)| *c != ' ')).min();
        for (index, line) in cells.iter().enumerate() {
            let (scaled, columns) = scaled_line(line, scale, origin.unwrap_or(0));
            board.push(scaled);
            map.lines.push((index, columns.clone()));
            let words = |line: &[(char, Style)]| is_words(line);
            let next = cells.get(index + 1);
            if scale.down && next.is_some_and(|next| !(words(line) && words(next))) {
                board.push(Line::default());
                map.lines.push((index, columns));
            }
        }
        (Drawing { board, notes: self.notes.clone() }, map)
    }
}

/// A line's characters, each with its style.
fn cells_of(line: &Line) -> Vec<(char, Style)> {
    line.spans.iter().flat_map(|span| span.content.chars().map(|c| (c, span.style))).collect()
}

/// Whether a line is of words rather than of cells: it has a word of three
/// letters or more (`Red (x): 2   Blue (o): 2`, `ejected: …`); a board's
/// cells and labels have fewer (`x`, `Yx`, `w1:0`).
fn is_words(line: &[(char, Style)]) -> bool {
    let mut letters = 0;
    for (c, _) in line {
        letters = if c.is_alphabetic() { letters + 1 } else { 0 };
        if letters >= 3 {
            return true;
        }
    }
    false
}

/// The brackets that open a mark around a cell (`[O]` the last move, `(.)`
/// a target).
const OPENING_MARKS: [char; 2] = ['[', '('];
/// The brackets that close a mark around a cell.
const CLOSING_MARKS: [char; 2] = [']', ')'];

/// `line` of a drawing whose lines start at column `origin` or later, at
/// `scale`: each word (characters between spaces) starts at its column's
/// scaled column, a line of words at its first word's; the spaces between
/// keep the style of the space they spread. Also returns the column as
/// drawn of each column.
fn scaled_line(line: &[(char, Style)], scale: Scale, origin: usize) -> (Line<'static>, Vec<usize>) {
    let mut words: Vec<(usize, usize)> = Vec::new();
    for (at, (c, _)) in line.iter().enumerate() {
        // A mark's opening bracket starts a word of its own and its closing
        // one ends it (`O[O].` is three cells, the middle one marked), so that
        // each cell lands on its own scaled column.
        let opens = OPENING_MARKS.contains(c);
        let after_close = at > 0 && CLOSING_MARKS.contains(&line[at - 1].0);
        match words.last_mut() {
            Some((_, end)) if *c != ' ' && *end == at && !opens && !after_close => *end = at + 1,
            _ if *c != ' ' => words.push((at, at + 1)),
            _ => {}
        }
    }
    if is_words(line)
        && let (Some(&(first, _)), Some(&(_, last))) = (words.first(), words.last())
    {
        words = vec![(first, last)];
    }
    let (mut cells, mut columns) = (Vec::new(), Vec::new());
    for &(start, end) in &words {
        // A marked cell's bracket goes just before the cell's own column.
        let marked = end - start > 1 && OPENING_MARKS.contains(&line[start].0);
        let anchor = if marked {
            scale.column(start + 1, origin).saturating_sub(1)
        } else {
            scale.column(start, origin)
        };
        let to = anchor.max(cells.len());
        while cells.len() < to {
            let drawn = scale.drawn(cells.len(), origin).min(line.len().saturating_sub(1));
            let style = line.get(drawn).filter(|(c, _)| *c == ' ').map_or_else(Style::default, |(_, s)| *s);
            cells.push((' ', style));
            columns.push(drawn);
        }
        cells.extend_from_slice(&line[start..end]);
        columns.extend(start..end);
    }
    let mut spans: Vec<Span<'static>> = Vec::new();
    for (c, style) in cells {
        match spans.last_mut() {
            Some(span) if span.style == style => span.content.to_mut().push(c),
            _ => spans.push(Span::styled(c.to_string(), style)),
        }
    }
    (Line::from(spans), columns)
}

fn clamp_u16(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// A line with the SGR escapes of [`game::Paint`] (bold, reverse,
/// 256-colour foreground and background, reset) turned into styles;
/// other escapes are dropped.
#[must_use]
pub fn styled_line(text: &str) -> Line<'static> {
    let mut spans = Vec::new();
    let mut style = Style::default();
    let mut run = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            run.push(c);
            continue;
        }
        let mut sequence = String::new();
        for c in chars.by_ref() {
            if c.is_ascii_alphabetic() {
                if c == 'm' && !run.is_empty() {
                    spans.push(Span::styled(std::mem::take(&mut run), style));
                }
                if c == 'm' {
                    style = apply_sgr(style, &sequence);
                }
                break;
            }
            sequence.push(c);
        }
    }
    if !run.is_empty() {
        spans.push(Span::styled(run, style));
    }
    Line::from(spans)
}

/// `style` changed by the SGR parameters `codes` (`1;38;5;196`).
fn apply_sgr(mut style: Style, codes: &str) -> Style {
    let codes: Vec<&str> = codes.trim_start_matches('[').split(';').collect();
    let mut index = 0;
    while index < codes.len() {
        match codes[index] {
            "" | "0" => style = Style::default(),
            "1" => style = style.add_modifier(Modifier::BOLD),
            "2" => style = style.add_modifier(Modifier::DIM),
            "7" => style = style.add_modifier(Modifier::REVERSED),
            "38" | "48" if codes.get(index + 1) == Some(&"5") => {
                if let Some(colour) = codes.get(index + 2).and_then(|n| n.parse::<u8>().ok()) {
                    if codes[index] == "38" {
                        style = style.fg(Color::Indexed(colour));
                    } else {
                        style = style.bg(Color::Indexed(colour));
                    }
                }
                index += 2;
            }
            _ => {}
        }
        index += 1;
    }
    style
}

/// Which part of a board is on screen: the first line and column shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Viewport {
    /// The first line of the drawing shown.
    pub top: u16,
    /// The first column of the drawing shown after the row labels.
    pub left: u16,
    /// How many columns of row labels stay in view at the left while the
    /// board is scrolled sideways (see [`Drawing::label_columns`]).
    pub labels: u16,
}

impl Viewport {
    /// Scrolls by `lines` and `columns` (negative: up and left), kept
    /// within a drawing of `size` seen through an area of `area`.
    pub fn scroll(&mut self, lines: i32, columns: i32, size: (u16, u16), area: (u16, u16)) {
        let within = |at: u16, by: i32, content: u16, seen: u16| {
            let most = i32::from(content.saturating_sub(seen));
            u16::try_from((i32::from(at) + by).clamp(0, most)).unwrap_or(0)
        };
        self.top = within(self.top, lines, size.1, area.1);
        self.left = within(self.left, columns, size.0, area.0);
    }

    /// The drawing's line and column under screen cell (`x`, `y`) of a
    /// board drawn in `area`; `None` outside the area.
    #[must_use]
    pub fn drawing_position(&self, area: Rect, x: u16, y: u16) -> Option<(usize, usize)> {
        let inside = x >= area.x && x < area.right() && y >= area.y && y < area.bottom();
        inside.then(|| {
            let x = x - area.x;
            let column = if x < self.fixed() { x } else { x + self.left };
            (usize::from(y - area.y + self.top), usize::from(column))
        })
    }

    /// The columns that stay in view at the left: the row labels while the
    /// board is scrolled sideways.
    fn fixed(&self) -> u16 {
        if self.left > 0 { self.labels } else { 0 }
    }
}

/// The board of a [`Drawing`] seen through a [`Viewport`], with an arrow
/// in the corner where more of it lies beyond the area.
pub struct BoardView<'a> {
    /// The drawing.
    pub drawing: &'a Drawing,
    /// The part shown.
    pub viewport: Viewport,
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        let Viewport { top, left, .. } = self.viewport;
        let fixed = usize::from(self.viewport.fixed());
        let lines = self.drawing.board.iter().skip(usize::from(top)).take(usize::from(area.height));
        for (row, line) in lines.enumerate() {
            let y = area.y + clamp_u16(row);
            let mut x = area.x;
            let mut column = 0usize;
            for span in &line.spans {
                for c in span.content.chars() {
                    let width = clamp_u16(unicode_width(c));
                    if column < fixed || column >= usize::from(left) + fixed {
                        if x + width > area.right() {
                            break;
                        }
                        buffer[(x, y)].set_char(c).set_style(span.style);
                        x += width.max(1);
                    }
                    column += 1;
                }
            }
        }
        let (width, height) = self.drawing.size();
        let faint = Style::default().fg(Color::Indexed(244));
        let mut mark = |x: u16, y: u16, c: char| {
            if area.width > 0 && area.height > 0 {
                buffer[(x, y)].set_char(c).set_style(faint);
            }
        };
        if top > 0 {
            mark(area.right().saturating_sub(1), area.y, '▲');
        }
        if u32::from(top) + u32::from(area.height) < u32::from(height) {
            mark(area.right().saturating_sub(1), area.bottom().saturating_sub(1), '▼');
        }
        if left > 0 {
            mark(area.x + self.viewport.fixed(), area.bottom().saturating_sub(1), '◀');
        }
        if u32::from(left) + u32::from(area.width) < u32::from(width) {
            mark(area.right().saturating_sub(2), area.bottom().saturating_sub(1), '▶');
        }
    }
}

/// How many screen columns `c` takes (the drawings use narrow characters;
/// a wide one takes two).
fn unicode_width(c: char) -> usize {
    Span::raw(c.to_string()).width()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_cell_keeps_its_column_when_the_board_is_drawn_larger() {
        // Abalone's row after a move: the two marbles moved are marked `[O O]`,
        // the bracket taking the space before the first one; Die Formation's `[Gx]`.
        let plain: Vec<(char, Style)> = "G . . O O O O O .".chars().map(|c| (c, Style::default())).collect();
        let marked: Vec<(char, Style)> = "G . . O O O[O O].".chars().map(|c| (c, Style::default())).collect();
        let text = |line: &Line| line.spans.iter().map(|span| span.content.to_string()).collect::<String>();
        for scale in Scale::LARGER {
            let (plain, _) = scaled_line(&plain, scale, 0);
            let (marked, _) = scaled_line(&marked, scale, 0);
            let (plain, marked) = (text(&plain), text(&marked));
            let cells = |line: &str| {
                line.char_indices().filter(|(_, c)| !"[] ".contains(*c)).map(|(at, _)| at).collect::<Vec<_>>()
            };
            assert_eq!(cells(&plain), cells(&marked), "{plain:?} against {marked:?}");
            let at = |c: char| marked.find(c).expect("a bracket");
            assert_eq!(marked[at('[') + 1..].chars().next(), Some('O'), "{marked:?}");
            assert_eq!(marked[..at(']')].chars().last(), Some('O'), "{marked:?}");
        }
    }

    #[test]
    fn colours_become_styles_and_the_notes_split_off() {
        let text = "\x1b[1;38;5;196mx\x1b[0m .\n  7 o\n\nlegend one\nPhase: setup\n\n";
        let drawing = Drawing::new(text);
        assert_eq!(drawing.board.len(), 2);
        assert_eq!(drawing.notes.len(), 2);
        let first = &drawing.board[0].spans[0];
        assert_eq!(first.content, "x");
        assert_eq!(first.style.fg, Some(Color::Indexed(196)));
        assert!(first.style.add_modifier.contains(Modifier::BOLD));
        assert_eq!(drawing.board[0].spans[1].style, Style::default());
        assert_eq!(drawing.size(), (5, 2));
    }

    #[test]
    fn notes_wrapped_by_the_game_are_joined_for_the_panel() {
        let text = "board\n\nLegend line\nWhite inventory: 000000=- 000001=\x1b[38;5;33m↘1\x1b[0m\n  002002=↖2↘2 001001=↖1↘1\nPhase: setup\n";
        let notes = Drawing::new(text).unwrapped_notes();
        let texts: Vec<String> =
            notes.iter().map(|line| line.spans.iter().map(|span| span.content.as_ref()).collect()).collect();
        assert_eq!(
            texts,
            ["Legend line", "White inventory: 000000=- 000001=↘1 002002=↖2↘2 001001=↖1↘1", "Phase: setup"]
        );
        assert_eq!(
            notes[1].spans.iter().find(|span| span.content == "↘1").unwrap().style.fg,
            Some(Color::Indexed(33))
        );
    }

    #[test]
    fn rows_keep_the_lines_they_had_and_start_anew_with_other_rows() {
        let text = |lines: &[&str]| format!("{}\n", lines.join("\n"));
        let plain = |drawing: &Drawing| -> Vec<String> {
            drawing
                .board
                .iter()
                .map(|line| line.spans.iter().map(|span| span.content.as_ref()).collect())
                .collect()
        };
        let mut heights = Vec::new();
        let with_stone = Drawing::new(&text(&["a  1 .", "   W1", "b  1 w"]));
        let (padded, map) = with_stone.padded(&mut heights);
        assert_eq!(plain(&padded), ["a  1 .", "   W1", "b  1 w"]);
        assert_eq!(map, [0, 1, 2]);
        // The stone gone, row b keeps its line: it stays where it was.
        let without = Drawing::new(&text(&["a  1 .", "b  1 ."]));
        let (padded, map) = without.padded(&mut heights);
        assert_eq!(plain(&padded), ["a  1 .", "", "b  1 ."]);
        assert_eq!(map, [0, 1, 1]);
        // A third row: the rows start anew.
        let (padded, _) = Drawing::new(&text(&["a  1 .", "b  1 .", "c  1 ."])).padded(&mut heights);
        assert_eq!(padded.size().1, 3);
    }

    #[test]
    fn the_viewport_scrolls_within_the_drawing_and_maps_clicks() {
        let mut viewport = Viewport::default();
        viewport.scroll(5, 3, (70, 30), (40, 20));
        assert_eq!(viewport, Viewport { top: 5, left: 3, labels: 0 });
        viewport.scroll(100, 100, (70, 30), (40, 20));
        assert_eq!(viewport, Viewport { top: 10, left: 30, labels: 0 });
        viewport.scroll(-100, -1, (70, 30), (40, 20));
        assert_eq!(viewport, Viewport { top: 0, left: 29, labels: 0 });
        let area = Rect::new(2, 1, 40, 20);
        assert_eq!(viewport.drawing_position(area, 2, 1), Some((0, 29)));
        assert_eq!(viewport.drawing_position(area, 1, 1), None);
        assert_eq!(viewport.drawing_position(area, 10, 4), Some((3, 37)));
        // Row labels two columns wide stay where they are.
        viewport.labels = 2;
        assert_eq!(viewport.drawing_position(area, 3, 1), Some((0, 1)));
        assert_eq!(viewport.drawing_position(area, 4, 1), Some((0, 31)));
    }

    #[test]
    fn row_labels_stay_in_view_when_the_board_scrolls_sideways() {
        let text = |lines: &[&str]| lines.join("\n") + "\n";
        let drawing = Drawing::new(&text(&["  W000001", "f  1 w!    2 .     3 .", "g      1 .     2 b "]));
        assert_eq!(drawing.label_columns(), 2, "up to where the stone line begins");
        // A line more than the board: the scroll marks go there.
        let area = Rect::new(0, 0, 10, 4);
        let mut buffer = Buffer::empty(area);
        let viewport = Viewport { top: 0, left: 8, labels: drawing.label_columns() };
        BoardView { drawing: &drawing, viewport }.render(area, &mut buffer);
        let row = |y: u16| (0..10).map(|x| buffer[(x, y)].symbol().to_owned()).collect::<String>();
        assert_eq!(row(1).trim_end(), "f  2 .");
        assert_eq!(row(2).trim_end(), "g      2 b");
        assert_eq!(row(0).trim_end(), "", "the stone line's columns before the view");
        // No row labels: nothing stays.
        assert_eq!(Drawing::new(&text(&["   x", "   y"])).label_columns(), 0);
    }
}
