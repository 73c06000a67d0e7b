//! The rule texts (Markdown) drawn for a terminal: headings underlined,
//! paragraphs and list items wrapped to the width at word boundaries,
//! `**bold**`, `*emphasis*` and `` `code` `` as terminal styles (their
//! marks removed), code blocks and tables as written.

use game::{Paint, Style};

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
    let width = width.max(20);
    let mut out = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        let starts_block = trimmed.is_empty()
            || trimmed.starts_with('#')
            || trimmed.starts_with("```")
            || trimmed.starts_with('|')
            || list_marker(line).is_some();
        if starts_block && !paragraph.is_empty() {
            flush(&mut out, &mut paragraph, width, style);
        }
        if trimmed.is_empty() {
            out.push(String::new());
        } else if trimmed.starts_with("```") {
            for code in lines.by_ref().take_while(|code| !code.trim_start().starts_with("```")) {
                out.push(style.paint(Span::Code.paint(), &format!("    {code}")));
            }
        } else if trimmed.starts_with('#') {
            let level = trimmed.chars().take_while(|&c| c == '#').count();
            let title = inline_words(trimmed[level..].trim()).iter().map(plain).collect::<Vec<_>>();
            let title = title.join(" ");
            out.push(style.paint(Paint::NONE.bold(), &title));
            if level <= 2 {
                let rule = if level == 1 { '═' } else { '─' };
                out.push(rule.to_string().repeat(title.chars().count().min(width)));
            }
        } else if trimmed.starts_with('|') {
            out.push(table_row(line));
        } else if list_marker(line).is_some() {
            let mut item = vec![line];
            item.extend(take_continuation(&mut lines));
            out.extend(list_item(&item.join(" "), width, style));
        } else {
            paragraph.push(line);
        }
    }
    flush(&mut out, &mut paragraph, width, style);
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out.join("\n")
}

/// A table row as written, its inline marks taken out and a separator
/// row (`|---|---|`) drawn as a line.
fn table_row(line: &str) -> String {
    if line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) {
        return line.chars().map(|c| if c == '|' { '┼' } else { '─' }).collect();
    }
    line.replace("**", "").replace('`', "")
}

/// The marker of a list item line (`- `, `* `, `1. `) with its
/// indentation, if the line starts one.
fn list_marker(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let indent = line.len() - trimmed.len();
    let marker_end = if trimmed.starts_with("- ") || trimmed.starts_with("* ") {
        2
    } else {
        let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && trimmed[digits..].starts_with(". ") { digits + 2 } else { return None }
    };
    Some(&line[..indent + marker_end])
}

/// The lines that continue a list item: indented, not a new item, not
/// blank. Consumes them from `lines`.
fn take_continuation<'a>(lines: &mut std::str::Lines<'a>) -> Vec<&'a str> {
    let mut taken = Vec::new();
    let mut peek = lines.clone();
    while let Some(next) = peek.next() {
        if next.trim().is_empty() || !next.starts_with(' ') || list_marker(next).is_some() {
            break;
        }
        taken.push(next.trim());
        *lines = peek.clone();
    }
    taken
}

/// A list item, its marker as a bullet (`•` for `-`/`*`, the number kept)
/// and its text wrapped with a hanging indent.
fn list_item(item: &str, width: usize, style: Style) -> Vec<String> {
    let marker = list_marker(item).unwrap_or_default();
    let indent = marker.len() - marker.trim_start().len();
    let bullet = match marker.trim() {
        "-" | "*" => "•".to_owned(),
        number => number.to_owned(),
    };
    let first = format!("{}{bullet} ", " ".repeat(indent));
    let hanging = " ".repeat(first.chars().count());
    let words = inline_words(&item[marker.len()..]);
    wrap(&words, width - hanging.len(), style)
        .into_iter()
        .enumerate()
        .map(|(index, line)| format!("{}{line}", if index == 0 { &first } else { &hanging }))
        .collect()
}

/// Writes the collected paragraph, wrapped, and empties it.
fn flush(out: &mut Vec<String>, paragraph: &mut Vec<&str>, width: usize, style: Style) {
    let words = inline_words(&paragraph.join(" "));
    out.extend(wrap(&words, width, style));
    paragraph.clear();
}

/// A word: its pieces, each with how it is drawn (`**bold**,` is a bold
/// piece and a plain comma).
type Word = Vec<(String, Span)>;

/// A word's text without its styles.
fn plain(word: &Word) -> String {
    word.iter().map(|(piece, _)| piece.as_str()).collect()
}

/// The words of inline Markdown; the marks of bold, emphasis and code are
/// taken out.
fn inline_words(text: &str) -> Vec<Word> {
    let mut words: Vec<Word> = Vec::new();
    let mut current = String::new();
    let mut span = Span::Plain;
    let mut pieces: Vec<(String, Span)> = Vec::new();
    let mut chars = text.chars().peekable();
    let push = |piece: &mut String, span: Span, pieces: &mut Vec<(String, Span)>| {
        if !piece.is_empty() {
            pieces.push((std::mem::take(piece), span));
        }
    };
    while let Some(c) = chars.next() {
        let toggle = match c {
            '`' if span != Span::Strong && span != Span::Emphasis => Some(Span::Code),
            '*' if span != Span::Code && chars.peek() == Some(&'*') => {
                chars.next();
                Some(Span::Strong)
            }
            '*' if span == Span::Emphasis
                || span == Span::Plain && chars.peek().is_some_and(|next| !next.is_whitespace()) =>
            {
                Some(Span::Emphasis)
            }
            _ => None,
        };
        match toggle {
            Some(kind) => {
                push(&mut current, span, &mut pieces);
                span = if span == kind { Span::Plain } else { kind };
            }
            None => current.push(c),
        }
    }
    push(&mut current, span, &mut pieces);
    // Split the pieces at spaces into words; a word may join pieces of
    // several spans (`**bold**,`).
    let mut word: Word = Vec::new();
    for (piece, span) in pieces {
        for (index, part) in piece.split(' ').enumerate() {
            if index > 0 && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            if !part.is_empty() {
                word.push((part.to_owned(), span));
            }
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Words laid into lines of at most `width` columns (a longer word stands
/// alone), each word drawn in its span.
fn wrap(words: &[Word], width: usize, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for word in words {
        let length = plain(word).chars().count();
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
}
