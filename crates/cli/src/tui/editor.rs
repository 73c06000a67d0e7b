//! The prompt's line editor: the text and cursor, the history of entered
//! lines, and completion of the word at the cursor from candidates (the
//! legal moves and the commands).

/// A one-line editor with history and completion.
#[derive(Debug, Default, Clone)]
pub struct Editor {
    /// The characters of the line.
    text: Vec<char>,
    /// The cursor, 0..=text.len().
    cursor: usize,
    /// Entered lines, oldest first.
    history: Vec<String>,
    /// While walking the history: the index shown and the line that was
    /// being typed before.
    browsing: Option<(usize, String)>,
}

/// What completing the word at the cursor did.
#[derive(Debug, PartialEq, Eq)]
pub enum Completion {
    /// No candidate starts with the word.
    None,
    /// The word was completed (as far as all candidates agree).
    Completed,
    /// Several candidates remain: how many, and the first of them (at
    /// most a screenful).
    Choices {
        /// How many candidates fit.
        count: usize,
        /// The first of them.
        first: Vec<String>,
    },
}

/// The most candidates a [`Completion::Choices`] holds.
const CHOICES_SHOWN: usize = 200;

impl Editor {
    /// The line as typed.
    #[must_use]
    pub fn text(&self) -> String {
        self.text.iter().collect()
    }

    /// The cursor position in characters.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Replaces the line, the cursor at its end.
    pub fn set_text(&mut self, text: &str) {
        self.text = text.chars().collect();
        self.cursor = self.text.len();
    }

    /// Inserts a character at the cursor.
    pub fn insert(&mut self, c: char) {
        self.text.insert(self.cursor, c);
        self.cursor += 1;
    }

    /// Deletes the character before the cursor.
    pub fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            self.text.remove(self.cursor);
        }
    }

    /// Deletes the character under the cursor.
    pub fn delete(&mut self) {
        if self.cursor < self.text.len() {
            self.text.remove(self.cursor);
        }
    }

    /// Deletes the word before the cursor (Ctrl-W).
    pub fn delete_word(&mut self) {
        let mut start = self.cursor;
        while start > 0 && self.text[start - 1] == ' ' {
            start -= 1;
        }
        while start > 0 && self.text[start - 1] != ' ' {
            start -= 1;
        }
        self.text.drain(start..self.cursor);
        self.cursor = start;
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    pub fn delete_to_start(&mut self) {
        self.text.drain(..self.cursor);
        self.cursor = 0;
    }

    /// Moves the cursor one character left.
    pub fn left(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// Moves the cursor one character right.
    pub fn right(&mut self) {
        self.cursor = (self.cursor + 1).min(self.text.len());
    }

    /// Moves the cursor to the start of the line.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// Moves the cursor to the end of the line.
    pub fn end(&mut self) {
        self.cursor = self.text.len();
    }

    /// Takes the line (Enter): returns it and remembers it in the history
    /// unless it is empty or repeats the last entry.
    pub fn take(&mut self) -> String {
        let line = self.text();
        self.text.clear();
        self.cursor = 0;
        self.browsing = None;
        let trimmed = line.trim();
        if !trimmed.is_empty() && self.history.last().map(String::as_str) != Some(trimmed) {
            self.history.push(trimmed.to_owned());
        }
        line
    }

    /// Shows the previous line of the history (↑).
    pub fn previous(&mut self) {
        let index = match &self.browsing {
            Some((0, _)) => return,
            Some((index, _)) => index - 1,
            None if self.history.is_empty() => return,
            None => {
                self.browsing = Some((self.history.len(), self.text()));
                self.history.len() - 1
            }
        };
        if let Some((shown, _)) = &mut self.browsing {
            *shown = index;
        }
        let line = self.history[index].clone();
        self.set_text(&line);
    }

    /// Shows the next line of the history, or the line that was being typed
    /// after the newest (↓).
    pub fn next(&mut self) {
        let Some((index, typed)) = self.browsing.take() else { return };
        if index + 1 < self.history.len() {
            self.browsing = Some((index + 1, typed));
            let line = self.history[index + 1].clone();
            self.set_text(&line);
        } else {
            self.set_text(&typed);
        }
    }

    /// The line up to the cursor without its leading blanks, which
    /// completion extends (moves may hold blanks: `circles none`), and
    /// where it starts.
    fn prefix(&self) -> (usize, String) {
        let start = self.text[..self.cursor].iter().take_while(|c| **c == ' ').count();
        (start, self.text[start..self.cursor].iter().collect())
    }

    /// The text before the cursor that completion extends.
    #[must_use]
    pub fn typed(&self) -> String {
        self.prefix().1
    }

    /// Completes the line up to the cursor from `candidates` (Tab): to the
    /// candidate if one fits, to the longest common start if several do.
    pub fn complete<'a>(&mut self, candidates: impl IntoIterator<Item = &'a str>) -> Completion {
        let (start, word) = self.prefix();
        let fitting: Vec<&str> = candidates.into_iter().filter(|c| c.starts_with(word.as_str())).collect();
        let Some(first) = fitting.first() else { return Completion::None };
        let common = fitting.iter().fold(first.chars().count(), |length, candidate| {
            first.chars().zip(candidate.chars()).take(length).take_while(|(a, b)| a == b).count()
        });
        let mut completed: Vec<char> = first.chars().take(common).collect();
        if fitting.len() == 1 {
            completed.push(' ');
        }
        let grew = completed.len() > word.chars().count();
        self.text.splice(start..self.cursor, completed.iter().copied());
        self.cursor = start + completed.len();
        match fitting.len() {
            1 => Completion::Completed,
            _ if grew => Completion::Completed,
            count => Completion::Choices {
                count,
                first: fitting.iter().take(CHOICES_SHOWN).map(|c| (*c).to_owned()).collect(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> Editor {
        let mut editor = Editor::default();
        text.chars().for_each(|c| editor.insert(c));
        editor
    }

    #[test]
    fn edits_at_the_cursor() {
        let mut editor = typed("a7b6");
        editor.left();
        editor.left();
        editor.backspace();
        assert_eq!(editor.text(), "ab6");
        editor.insert('1');
        editor.home();
        editor.delete();
        assert_eq!(editor.text(), "1b6");
        editor.end();
        editor.insert(' ');
        editor.insert('x');
        editor.delete_word();
        assert_eq!(editor.text(), "1b6 ");
        editor.delete_to_start();
        assert_eq!(editor.text(), "");
    }

    #[test]
    fn history_walks_back_and_returns_to_the_typed_line() {
        let mut editor = typed("a7b6");
        assert_eq!(editor.take(), "a7b6");
        editor.set_text("g1f2");
        editor.take();
        editor.set_text("g1f2");
        editor.take();
        editor.set_text("ha");
        editor.previous();
        assert_eq!(editor.text(), "g1f2");
        editor.previous();
        assert_eq!(editor.text(), "a7b6");
        editor.previous();
        assert_eq!(editor.text(), "a7b6");
        editor.next();
        assert_eq!(editor.text(), "g1f2");
        editor.next();
        assert_eq!(editor.text(), "ha");
    }

    #[test]
    fn completes_to_the_common_start_then_lists_choices() {
        let moves = ["a7a5", "a7b5", "a7c5", "g1f2", "circles none"];
        let mut editor = typed("g");
        assert_eq!(editor.complete(moves), Completion::Completed);
        assert_eq!(editor.text(), "g1f2 ");
        let mut editor = typed("a");
        assert_eq!(editor.complete(moves), Completion::Completed);
        assert_eq!(editor.text(), "a7");
        let choices = editor.complete(moves);
        let first = vec!["a7a5".into(), "a7b5".into(), "a7c5".into()];
        assert_eq!(choices, Completion::Choices { count: 3, first });
        // The count is of all that fit, not of the listed.
        let many: Vec<String> = (0..300).map(|n| format!("create {n:06} r")).collect();
        let Completion::Choices { count, first } =
            typed("create 000").complete(many.iter().map(String::as_str))
        else {
            panic!("choices")
        };
        assert_eq!((count, first.len()), (300, CHOICES_SHOWN));
        assert_eq!(typed("z").complete(moves), Completion::None);
        let mut editor = typed("circles n");
        assert_eq!(editor.complete(moves), Completion::Completed);
        assert_eq!(editor.text(), "circles none ");
    }
}
