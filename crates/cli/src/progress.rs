//! A progress line on standard error: rewritten in place (`\r`) on a
//! terminal, and in a log file or a pipe a plain line now and then, so that
//! logs hold readable lines instead of one line of carriage returns.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often a progress line is written where standard error is no
/// terminal.
const LOG_EVERY: Duration = Duration::from_secs(10);

/// The progress of a long command on standard error.
pub struct Progress {
    terminal: bool,
    /// When the last line went to a log; `None` before the first.
    logged: Option<Instant>,
    /// The last line shown, written once more at the end where lines are
    /// only written now and then.
    last: String,
}

impl Progress {
    /// A progress line on standard error, in place when it is a terminal.
    #[must_use]
    pub fn new() -> Progress {
        Progress { terminal: std::io::stderr().is_terminal(), logged: None, last: String::new() }
    }

    /// Shows `line` as the progress now.
    pub fn show(&mut self, line: &str) {
        let mut stderr = std::io::stderr().lock();
        if self.terminal {
            // A line wider than the terminal would wrap, and `\r` would
            // then rewrite only its last row: it is cut to fit.
            let line = fitted(line, crate::args::terminal_width());
            let _ = write!(stderr, "\r{line}\x1b[K");
            let _ = stderr.flush();
        } else if self.logged.is_none_or(|at| at.elapsed() >= LOG_EVERY) {
            let _ = writeln!(stderr, "{line}");
            self.logged = Some(Instant::now());
            self.last.clear();
            return;
        }
        line.clone_into(&mut self.last);
    }

    /// Ends the progress: the line stays on the terminal; a log gets the
    /// last line if it was not written yet.
    pub fn finish(self) {
        let mut stderr = std::io::stderr().lock();
        if self.terminal {
            let _ = writeln!(stderr);
        } else if !self.last.is_empty() {
            let _ = writeln!(stderr, "{}", self.last);
        }
    }
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

/// `line` cut to fewer than `width` characters (the cursor keeps the
/// last column), with "…" where it was cut.
fn fitted(line: &str, width: usize) -> String {
    let room = width.saturating_sub(1).max(1);
    if line.chars().count() <= room {
        return line.to_owned();
    }
    let mut cut: String = line.chars().take(room - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::fitted;

    #[test]
    fn a_line_is_cut_to_the_terminals_width() {
        assert_eq!(fitted("Partien 3/3", 80), "Partien 3/3");
        let long = "Partien 1/3 (0 in der Datei)  Stellungen 1234 (560/s)  P1 0 P2 1 Remis 0 und mehr";
        let shown = fitted(long, 40);
        assert_eq!(shown.chars().count(), 39);
        assert!(shown.starts_with("Partien 1/3") && shown.ends_with('…'), "{shown}");
    }
}
