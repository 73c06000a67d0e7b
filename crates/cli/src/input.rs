//! The prompt of a terminal game: line editing and history (rustyline)
//! when standard input is a terminal, plain lines otherwise (a script, a
//! pipe); and what was typed while the engine thought is thrown away, not
//! played.

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use std::io::{self, BufRead, IsTerminal};

/// Where the lines typed at the prompt come from.
pub enum Prompt {
    /// A terminal: ←/→ move in the line, ↑/↓ go through the history,
    /// Ctrl-L clears the screen, Ctrl-C clears the line, Ctrl-D ends.
    Editor(Box<DefaultEditor>),
    /// Standard input read a line at a time.
    Lines(io::Lines<io::StdinLock<'static>>),
}

impl Prompt {
    /// The prompt for standard input: an editor on a terminal (when one
    /// can be set up), plain lines otherwise.
    #[must_use]
    pub fn stdin() -> Prompt {
        if io::stdin().is_terminal()
            && let Ok(editor) = DefaultEditor::new()
        {
            return Prompt::Editor(Box::new(editor));
        }
        Prompt::Lines(io::stdin().lock().lines())
    }

    /// Shows `prompt` and reads a line (without its end); `None` when the
    /// input has ended (Ctrl-D, end of file). A prompt that cannot be
    /// written is an [`OutputError`](crate::messages::OutputError).
    pub fn read(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        match self {
            Prompt::Editor(editor) => loop {
                match editor.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        return Ok(Some(line));
                    }
                    // Ctrl-C clears the line, as in a shell.
                    Err(ReadlineError::Interrupted) => {}
                    Err(ReadlineError::Eof) => return Ok(None),
                    Err(ReadlineError::Io(error)) => return Err(error.into()),
                    Err(error) => return Err(error.into()),
                }
            },
            Prompt::Lines(lines) => {
                crate::messages::write_part(prompt)?;
                Ok(lines.next().transpose()?)
            }
        }
    }
}

/// While alive, keys typed on the terminal are neither echoed nor given
/// to the program; on drop, everything typed in the meantime is thrown
/// away and the terminal restored. For the time the engine thinks: what
/// is typed then would otherwise garble the thinking line and be played
/// as the next move without a prompt.
pub struct Quiet {
    /// The terminal's settings before, to restore; `None` when standard
    /// input is no terminal (nothing to do).
    saved: Option<libc::termios>,
}

impl Quiet {
    /// Stops echo on the terminal of standard input, if it is one.
    #[must_use]
    pub fn while_thinking() -> Quiet {
        if !io::stdin().is_terminal() {
            return Quiet { saved: None };
        }
        // SAFETY: termios is plain data, filled in by tcgetattr.
        let mut settings: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: standard input is a terminal and settings is ours.
        if unsafe { libc::tcgetattr(libc::STDIN_FILENO, &mut settings) } != 0 {
            return Quiet { saved: None };
        }
        let saved = settings;
        settings.c_lflag &= !(libc::ECHO | libc::ICANON);
        // SAFETY: as above; the settings are a changed copy of the current.
        unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &settings) };
        Quiet { saved: Some(saved) }
    }

    /// Throws away what was typed so far; whether there was anything.
    pub fn discard_typed(&self) -> bool {
        if self.saved.is_none() {
            return false;
        }
        let mut pending: libc::c_int = 0;
        // SAFETY: FIONREAD writes the number of waiting bytes into an int
        // we own; TCIFLUSH drops them.
        unsafe {
            libc::ioctl(libc::STDIN_FILENO, libc::FIONREAD, &mut pending);
            libc::tcflush(libc::STDIN_FILENO, libc::TCIFLUSH);
        }
        pending > 0
    }
}

impl Drop for Quiet {
    fn drop(&mut self) {
        if let Some(saved) = &self.saved {
            // SAFETY: restores the settings read in `while_thinking`.
            unsafe {
                libc::tcflush(libc::STDIN_FILENO, libc::TCIFLUSH);
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, saved);
            }
        }
    }
}
