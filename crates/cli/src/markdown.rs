//! The rule texts (Markdown) drawn for a terminal: read by
//! [pulldown-cmark](https://docs.rs/pulldown-cmark) (the parser the server
//! renders them with for the web), headings underlined, paragraphs and
//! list items wrapped to the width at word boundaries, strong text,
//! emphasis and inline code as terminal styles (their marks removed),
//! code blocks indented and tables as aligned rows.

use game::{Paint, Style};
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// How a run of inline text is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Span {
    Plain,
    Strong,
    Emphasis,
    Code,
}

impl Span {
    fn paint(self) -> Paint {
        match self {
            Span::Plain => Paint::NONE,
            Span::Strong => Paint::NONE.bold(),
            Span::Emphasis => Paint::NONE,
            Span::Code => Paint::fg(37),
        }
    }
}

/// `markdown` drawn for a terminal `width` columns wide in `style`.
#[must_use]
pub fn render(markdown: &str, width: usize, style: Style) -> String {
    let mut writer = Writer::new(width.max(20), style);
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        writer.event(event);
    }
    writer.finish()
}

/// A table being read: its rows of cells (plain text), the head first.
#[derive(Default)]
struct Table {
    rows: Vec<Vec<String>>,
    head_rows: usize,
}

/// The terminal text being written from the parser's events.
struct Writer {
    out: Vec<String>,
    width: usize,
    style: Style,
    /// The words of the paragraph, heading or list item being read.
    words: Vec<Word>,
    /// The word being read.
    word: Word,
    /// The inline styles open, innermost last.
    spans: Vec<Span>,
    /// The lists open, innermost last: the next number of an ordered one.
    lists: Vec<Option<u64>>,
    /// The marker of the list item being read (`•`, `3.`) until its first
    /// line is written.
    marker: Option<String>,
    /// The text of the code block being read.
    code: Option<String>,
    /// The table being read.
    table: Option<Table>,
}

impl Writer {
    fn new(width: usize, style: Style) -> Writer {
        Writer {
            out: Vec::new(),
            width,
            style,
            words: Vec::new(),
            word: Vec::new(),
            spans: Vec::new(),
            lists: Vec::new(),
            marker: None,
            code: None,
            table: None,
        }
    }

    /// Takes one event of the parser.
    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => self.text(&text),
            Event::Code(code) => {
                self.spans.push(Span::Code);
                self.text(&code);
                self.spans.pop();
            }
            Event::SoftBreak | Event::HardBreak => self.end_word(),
            Event::Rule => {
                self.out.push("─".repeat(self.width));
                self.out.push(String::new());
            }
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Strong => self.spans.push(Span::Strong),
            Tag::Emphasis | Tag::Strikethrough => self.spans.push(Span::Emphasis),
            Tag::CodeBlock(_) => self.code = Some(String::new()),
            Tag::List(first) => {
                self.flush_item();
                self.lists.push(first);
            }
            Tag::Item => {
                let marker = match self.lists.last_mut() {
                    Some(Some(number)) => {
                        *number += 1;
                        format!("{}.", *number - 1)
                    }
                    _ => "•".to_owned(),
                };
                self.marker = Some(marker);
            }
            Tag::Table(_) => self.table = Some(Table::default()),
            Tag::TableHead | Tag::TableRow => {
                if let Some(table) = self.table.as_mut() {
                    table.rows.push(Vec::new());
                }
            }
            Tag::TableCell => {
                if let Some(row) = self.table.as_mut().and_then(|table| table.rows.last_mut()) {
                    row.push(String::new());
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Strong | TagEnd::Emphasis | TagEnd::Strikethrough => {
                self.spans.pop();
            }
            TagEnd::Paragraph if !self.lists.is_empty() => self.flush_item(),
            TagEnd::Paragraph => {
                let words = self.take_words();
                self.out.extend(wrap(&words, self.width, self.style));
                self.out.push(String::new());
            }
            TagEnd::Heading(level) => self.heading(level),
            TagEnd::Item => self.flush_item(),
            TagEnd::List(_) => {
                self.lists.pop();
                if self.lists.is_empty() {
                    self.out.push(String::new());
                }
            }
            TagEnd::CodeBlock => {
                let code = self.code.take().unwrap_or_default();
                for line in code_lines(&code, self.width) {
                    self.out.push(self.style.paint(Span::Code.paint(), &line));
                }
                self.out.push(String::new());
            }
            TagEnd::TableHead => {
                if let Some(table) = self.table.as_mut() {
                    table.head_rows = table.rows.len();
                }
            }
            TagEnd::Table => {
                if let Some(table) = self.table.take() {
                    self.out.extend(table_lines(&table, self.width, self.style));
                    self.out.push(String::new());
                }
            }
            _ => {}
        }
    }

    /// Text in the current style: into the code block or table cell being
    /// read, or split into words.
    fn text(&mut self, text: &str) {
        if let Some(code) = self.code.as_mut() {
            code.push_str(text);
            return;
        }
        if let Some(cell) = self.table.as_mut().and_then(|t| t.rows.last_mut()).and_then(|row| row.last_mut())
        {
            cell.push_str(text);
            return;
        }
        let span = self.spans.last().copied().unwrap_or(Span::Plain);
        for c in text.chars() {
            if c.is_whitespace() {
                self.end_word();
                continue;
            }
            match self.word.last_mut() {
                Some((piece, last)) if *last == span => piece.push(c),
                _ => self.word.push((c.to_string(), span)),
            }
        }
    }

    /// Ends the word being read.
    fn end_word(&mut self) {
        if !self.word.is_empty() {
            self.words.push(std::mem::take(&mut self.word));
        }
    }

    /// The words read since the last block, the word being read included.
    fn take_words(&mut self) -> Vec<Word> {
        self.end_word();
        std::mem::take(&mut self.words)
    }

    /// A heading: bold, underlined at levels 1 and 2.
    fn heading(&mut self, level: HeadingLevel) {
        let title = self.take_words().iter().map(plain).collect::<Vec<_>>().join(" ");
        self.out.push(self.style.paint(Paint::NONE.bold(), &title));
        let rule = match level {
            HeadingLevel::H1 => Some('═'),
            HeadingLevel::H2 => Some('─'),
            _ => None,
        };
        if let Some(rule) = rule {
            self.out.push(rule.to_string().repeat(title.chars().count().min(self.width)));
        }
        self.out.push(String::new());
    }

    /// Writes the words of the list item being read, wrapped with a
    /// hanging indent, its marker before the first line.
    fn flush_item(&mut self) {
        let words = self.take_words();
        if words.is_empty() || self.lists.is_empty() {
            return;
        }
        let indent = " ".repeat(2 * (self.lists.len() - 1));
        let marker = self.marker.take();
        let hanging_width = indent.len() + marker.as_ref().map_or(2, |m| m.chars().count() + 1);
        let hanging = " ".repeat(hanging_width);
        let first = match &marker {
            Some(marker) => format!("{indent}{marker} "),
            None => hanging.clone(),
        };
        let lines = wrap(&words, self.width.saturating_sub(hanging_width).max(10), self.style);
        for (index, line) in lines.into_iter().enumerate() {
            self.out.push(format!("{}{line}", if index == 0 { &first } else { &hanging }));
        }
    }

    /// The text written, without trailing blank lines.
    fn finish(mut self) -> String {
        let words = self.take_words();
        self.out.extend(wrap(&words, self.width, self.style));
        while self.out.last().is_some_and(String::is_empty) {
            self.out.pop();
        }
        self.out.join("\n")
    }
}

/// A table's rows with aligned columns (`| a | b |`), a line under the
/// head; a table wider than `width` columns as a list instead
/// ([`table_as_list`]).
fn table_lines(table: &Table, width: usize, style: Style) -> Vec<String> {
    let columns = table.rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|column| {
            table
                .rows
                .iter()
                .filter_map(|row| row.get(column))
                .map(|cell| columns_of(cell.trim()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    // `|` before each cell and after the last, a space either side of each.
    if 1 + widths.iter().map(|width| width + 3).sum::<usize>() > width {
        return table_as_list(table, width, style);
    }
    let mut lines = Vec::new();
    for (index, row) in table.rows.iter().enumerate() {
        if index == table.head_rows && index > 0 {
            let parts: Vec<String> = widths.iter().map(|width| "─".repeat(width + 2)).collect();
            lines.push(format!("|{}|", parts.join("┼")));
        }
        let cells: Vec<String> = widths
            .iter()
            .enumerate()
            .map(|(column, width)| {
                let cell = row.get(column).map_or("", |cell| cell.trim());
                format!(" {cell}{} ", " ".repeat(width - columns_of(cell)))
            })
            .collect();
        lines.push(format!("|{}|", cells.join("|")));
    }
    lines
}

/// A table too wide for the terminal as a list: each row of the body an
/// item headed by its first cell, its other cells below as
/// `heading: cell`, each wrapped to `width` with a hanging indent.
fn table_as_list(table: &Table, width: usize, style: Style) -> Vec<String> {
    let head = table.rows.get(..table.head_rows).and_then(<[Vec<String>]>::last);
    let words = |text: &str| -> Vec<Word> {
        text.split_whitespace().map(|word| vec![(word.to_owned(), Span::Plain)]).collect()
    };
    let item = |first: &str, hanging: &str, text: &str| -> Vec<String> {
        let lines = wrap(&words(text), width.saturating_sub(hanging.len()).max(10), style);
        lines
            .into_iter()
            .enumerate()
            .map(|(index, line)| format!("{}{line}", if index == 0 { first } else { hanging }))
            .collect()
    };
    let mut lines = Vec::new();
    for row in &table.rows[table.head_rows..] {
        let mut cells = row.iter().map(|cell| cell.trim());
        lines.extend(item("• ", "  ", cells.next().unwrap_or("")));
        for (column, cell) in cells.enumerate().filter(|(_, cell)| !cell.is_empty()) {
            let heading = head.and_then(|head| head.get(column + 1)).map_or("", |heading| heading.trim());
            let text = if heading.is_empty() { cell.to_owned() } else { format!("{heading}: {cell}") };
            lines.extend(item("  ", "      ", &text));
        }
    }
    lines
}

/// A code block's lines (a game's drawing) indented by four columns, or
/// by as few as keep its widest line within `width`; a line wider than
/// `width` even so (a legend) broken at spaces, its continuation under
/// its first word.
fn code_lines(code: &str, width: usize) -> Vec<String> {
    let widest = code.lines().map(columns_of).max().unwrap_or(0);
    let indent = " ".repeat(width.saturating_sub(widest).min(4));
    let mut lines = Vec::new();
    for line in code.lines() {
        let line = format!("{indent}{line}");
        if columns_of(&line) <= width {
            lines.push(line);
            continue;
        }
        let lead = line.len() - line.trim_start_matches(' ').len();
        let hanging = line[..lead].to_owned();
        let mut current = hanging.clone();
        for word in line[lead..].split(' ') {
            if columns_of(&current) > lead && columns_of(&current) + 1 + columns_of(word) > width {
                lines.push(std::mem::replace(&mut current, hanging.clone()));
            }
            if columns_of(&current) > lead {
                current.push(' ');
            }
            current.push_str(word);
        }
        lines.push(current);
    }
    lines
}

/// How many terminal columns `text` takes (a wide character two).
fn columns_of(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// A word: its pieces, each with how it is drawn (`**bold**,` is a bold
/// piece and a plain comma).
type Word = Vec<(String, Span)>;

/// A word's text without its styles.
fn plain(word: &Word) -> String {
    word.iter().map(|(piece, _)| piece.as_str()).collect()
}

/// Words laid into lines of at most `width` columns (a longer word stands
/// alone), each word drawn in its span.
fn wrap(words: &[Word], width: usize, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for word in words {
        let length = columns_of(&plain(word));
        if used > 0 && used + 1 + length > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if used > 0 {
            line.push(' ');
            used += 1;
        }
        for (piece, span) in word {
            line.push_str(&style.paint(span.paint(), piece));
        }
        used += length;
    }
    if used > 0 {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Language;

    const TEXT: &str = "# Amakta\n\nEach player has stones with **arrows** and `codes` that\ndecide who **controls** cells.\n\n## Board\n\n- An arrow points at the cell at its distance in its direction (or at\n  nothing, if that is off the board).\n- Short.\n";

    #[test]
    fn marks_are_taken_out_and_text_is_wrapped() {
        let plain = render(TEXT, 30, Style::new(Language::English, false));
        assert_eq!(
            plain,
            "Amakta\n══════\n\nEach player has stones with\narrows and codes that decide\nwho controls cells.\n\nBoard\n─────\n\n\
             • An arrow points at the cell\n  at its distance in its\n  direction (or at nothing, if\n  that is off the board).\n• Short."
        );
        assert!(plain.lines().all(|line| line.chars().count() <= 30), "{plain}");
    }

    #[test]
    fn marks_become_terminal_styles_in_colour() {
        let coloured = render(TEXT, 80, Style::new(Language::English, true));
        assert!(coloured.contains("\x1b[1marrows\x1b[0m"), "{coloured:?}");
        assert!(!coloured.contains("**") && !coloured.contains('`'), "{coloured:?}");
    }

    #[test]
    fn a_table_keeps_its_columns_where_it_fits_and_is_a_list_where_not() {
        let table =
            "| move | text | what |\n|---|---|---|\n| pass | `pass` | nothing at all, the turn goes over |\n";
        let style = Style::new(Language::English, false);
        let wide = render(table, 80, style);
        assert!(wide.starts_with("| move | text | what "), "{wide}");
        let narrow = render(table, 30, style);
        assert_eq!(narrow, "• pass\n  text: pass\n  what: nothing at all,\n      the turn goes over");
    }

    #[test]
    fn a_drawing_wider_than_the_terminal_loses_its_indent_then_breaks_at_spaces() {
        let style = Style::new(Language::English, false);
        // 20 columns, the narrowest the renderer draws at.
        let drawing = render("```\nabcdefghij\nlegend: one two three four\n```\n", 20, style);
        assert_eq!(drawing, "abcdefghij\nlegend: one two\nthree four");
    }
}
