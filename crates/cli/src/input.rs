//! The prompt of a terminal game: line editing and history (rustyline)
//! when standard input is a terminal, plain lines otherwise (a script, a
//! pipe); and what was typed while the engine thought is thrown away, not
//! played.

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use std::io::{self, BufRead, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Instant;

/// Where the lines typed at the prompt come from.
pub enum Prompt {
    /// A terminal: ←/→ move in the line, ↑/↓ go through the history,
    /// Ctrl-L clears the screen, Ctrl-C clears the line (and says how to
    /// leave, in the language given; a second Ctrl-C in a row leaves),
    /// Ctrl-D ends.
    Editor(Box<DefaultEditor>, game::Language),
    /// Standard input read a line at a time.
    Lines(io::Lines<io::StdinLock<'static>>),
}

impl Prompt {
    /// The prompt for standard input: an editor on a terminal (when one
    /// can be set up) speaking `language`, plain lines otherwise.
    #[must_use]
    pub fn stdin(language: game::Language) -> Prompt {
        if io::stdin().is_terminal()
            && let Ok(editor) = DefaultEditor::new()
        {
            return Prompt::Editor(Box::new(editor), language);
        }
        Prompt::Lines(io::stdin().lock().lines())
    }

    /// Shows `prompt` and reads a line (without its end); `None` when the
    /// input has ended (Ctrl-D, end of file). A prompt that cannot be
    /// written is an [`OutputError`](crate::messages::OutputError).
    pub fn read(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        self.read_before(prompt, None)
    }

    /// As [`Prompt::read`], but on a terminal the prompt gives up at
    /// `deadline` (a clock running out) and returns an empty line then,
    /// the line typed so far left as it stands; plain lines (a pipe) are
    /// waited for.
    pub fn read_before(&mut self, prompt: &str, deadline: Option<Instant>) -> anyhow::Result<Option<String>> {
        match self {
            Prompt::Editor(editor, language) => {
                let mut interrupted = false;
                loop {
                    let alarm = deadline.map(Alarm::at);
                    let read = editor.readline(prompt);
                    let rang = alarm.is_some_and(Alarm::stop);
                    match read {
                        Err(ReadlineError::Interrupted) if rang => return Ok(Some(String::new())),
                        Ok(line) => {
                            if !line.trim().is_empty() {
                                let _ = editor.add_history_entry(line.as_str());
                            }
                            return Ok(Some(line));
                        }
                        // Ctrl-C clears the line, as in a shell, and says how
                        // to leave; a second one in a row leaves.
                        Err(ReadlineError::Interrupted) if interrupted => return Ok(None),
                        Err(ReadlineError::Interrupted) => {
                            interrupted = true;
                            let hint = game::text!(
                                "(Ctrl-C again, Ctrl-D or `quit` leave; the game stays saved.)",
                                "(Noch einmal Strg-C, Strg-D oder `ende` beenden; die Partie bleibt gespeichert.)"
                            );
                            crate::messages::write_line(hint.get(*language))?;
                        }
                        Err(ReadlineError::Eof) => return Ok(None),
                        Err(ReadlineError::Io(error)) => return Err(error.into()),
                        Err(error) => return Err(error.into()),
                    }
                }
            }
            Prompt::Lines(lines) => {
                crate::messages::write_part(prompt)?;
                Ok(lines.next().transpose()?)
            }
        }
    }
}

/// Interrupts the prompt at a deadline, as Ctrl-C does: rustyline's
/// prompt takes `SIGINT` (which its own handler turns into
/// [`ReadlineError::Interrupted`]) while it waits, and nothing else
/// stops it. The signal is sent to this process only while the prompt
/// waits: [`Alarm::stop`] comes right after it. (Were Enter pressed in
/// the very moment the alarm rings, the signal would interrupt the next
/// prompt instead, as a Ctrl-C does; the clock has run out by then.)
struct Alarm {
    state: Arc<(Mutex<Ring>, Condvar)>,
    thread: JoinHandle<()>,
}

/// Whether an [`Alarm`] waits, was stopped, or rang.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ring {
    Waiting,
    Stopped,
    Rang,
}

impl Alarm {
    /// An alarm that rings at `deadline` unless stopped before.
    fn at(deadline: Instant) -> Alarm {
        let state = Arc::new((Mutex::new(Ring::Waiting), Condvar::new()));
        let shared = Arc::clone(&state);
        let thread = std::thread::spawn(move || {
            let (ring, wake) = &*shared;
            let mut ring = ring.lock().unwrap_or_else(PoisonError::into_inner);
            while *ring == Ring::Waiting {
                let now = Instant::now();
                if now >= deadline {
                    // Without rustyline's handler (a prompt on no terminal
                    // output, `TERM=dumb`) the signal would end the program:
                    // then the line typed is waited for.
                    if sigint_is_caught() {
                        // SAFETY: sending a signal to this process has no
                        // memory effects; rustyline's handler only writes a
                        // byte to its pipe.
                        unsafe { libc::kill(libc::getpid(), libc::SIGINT) };
                        *ring = Ring::Rang;
                    }
                    return;
                }
                ring = wake.wait_timeout(ring, deadline - now).unwrap_or_else(PoisonError::into_inner).0;
            }
        });
        Alarm { state, thread }
    }

    /// Stops the alarm if it has not rung; whether it rang.
    fn stop(self) -> bool {
        let (ring, wake) = &*self.state;
        let rang = {
            let mut ring = ring.lock().unwrap_or_else(PoisonError::into_inner);
            if *ring == Ring::Waiting {
                *ring = Ring::Stopped;
            }
            *ring == Ring::Rang
        };
        wake.notify_all();
        let _ = self.thread.join();
        rang
    }
}

/// Whether a handler of this process's catches `SIGINT` (neither the
/// default action, which ends the program, nor ignored).
fn sigint_is_caught() -> bool {
    // SAFETY: sigaction is plain data, filled in by sigaction, which with
    // a null new action only reads the current one.
    let mut current: libc::sigaction = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    let read = unsafe { libc::sigaction(libc::SIGINT, std::ptr::null(), &raw mut current) };
    read == 0 && current.sa_sigaction != libc::SIG_DFL && current.sa_sigaction != libc::SIG_IGN
}

/// Whether `error` (from [`Prompt::read`]) is a line that was not UTF-8
/// text (a terminal set to Latin-1, a binary file): its bytes are read and
/// dropped, so the next line can be read.
#[must_use]
pub fn not_text(error: &anyhow::Error) -> bool {
    error.downcast_ref::<io::Error>().is_some_and(|error| error.kind() == io::ErrorKind::InvalidData)
}

/// What is said when a line was not UTF-8 text ([`not_text`]).
#[must_use]
pub fn not_text_said() -> game::Text {
    game::text!(
        "That line was not UTF-8 text (is the terminal set to UTF-8?); type it again.",
        "Diese Zeile war kein UTF-8-Text (ist das Terminal auf UTF-8 gestellt?); gib sie noch einmal ein."
    )
}

/// While alive, keys typed on the terminal are neither echoed nor given
/// to the prompt: they are read and thrown away, and Ctrl-C among them
/// asks the engine to move now (as in the full-screen mode and gnuchess),
/// the terminal restored after. For the time the engine thinks: what is
/// typed then would otherwise garble the thinking line and be played as
/// the next move without a prompt.
pub struct Quiet {
    /// The terminal's settings before, to restore; `None` when standard
    /// input is no terminal (nothing to do).
    saved: Option<libc::termios>,
    /// The thread reading the keys typed meanwhile, while it runs.
    watcher: Option<Watcher>,
    /// Whether anything but Ctrl-C was typed.
    typed: Arc<AtomicBool>,
}

/// The thread that reads the keys typed while the engine thinks.
struct Watcher {
    /// Set to end the thread.
    done: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// The byte of Ctrl-C on a terminal whose signals are off.
const CTRL_C: u8 = 3;

impl Quiet {
    /// Stops echo and signals on the terminal of standard input, if it is
    /// one; Ctrl-C typed meanwhile sets `interrupt`.
    #[must_use]
    pub fn while_thinking(interrupt: Arc<AtomicBool>) -> Quiet {
        let typed = Arc::new(AtomicBool::new(false));
        if !io::stdin().is_terminal() {
            return Quiet { saved: None, watcher: None, typed };
        }
        // SAFETY: termios is plain data, filled in by tcgetattr.
        let mut settings: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: standard input is a terminal and settings is ours.
        if unsafe { libc::tcgetattr(libc::STDIN_FILENO, &mut settings) } != 0 {
            return Quiet { saved: None, watcher: None, typed };
        }
        let saved = settings;
        settings.c_lflag &= !(libc::ECHO | libc::ICANON | libc::ISIG);
        settings.c_cc[libc::VMIN] = 1;
        settings.c_cc[libc::VTIME] = 0;
        // SAFETY: as above; the settings are a changed copy of the current.
        unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &settings) };
        let done = Arc::new(AtomicBool::new(false));
        let thread = {
            let (done, typed) = (Arc::clone(&done), Arc::clone(&typed));
            std::thread::spawn(move || watch_keys(&done, &interrupt, &typed))
        };
        Quiet { saved: Some(saved), watcher: Some(Watcher { done, thread }), typed }
    }

    /// Stops reading the keys and throws away what was typed so far;
    /// whether there was anything but Ctrl-C.
    pub fn discard_typed(&mut self) -> bool {
        if self.saved.is_none() {
            return false;
        }
        self.stop_watching();
        let mut pending: libc::c_int = 0;
        // SAFETY: FIONREAD writes the number of waiting bytes into an int
        // we own; TCIFLUSH drops them.
        unsafe {
            libc::ioctl(libc::STDIN_FILENO, libc::FIONREAD, &mut pending);
            libc::tcflush(libc::STDIN_FILENO, libc::TCIFLUSH);
        }
        pending > 0 || self.typed.load(Ordering::SeqCst)
    }

    /// Ends the thread that reads the keys, if it runs.
    fn stop_watching(&mut self) {
        if let Some(watcher) = self.watcher.take() {
            watcher.done.store(true, Ordering::SeqCst);
            let _ = watcher.thread.join();
        }
    }
}

/// Reads the keys typed on standard input until `done`: Ctrl-C sets
/// `interrupt`, any other key `typed`.
fn watch_keys(done: &AtomicBool, interrupt: &AtomicBool, typed: &AtomicBool) {
    while !done.load(Ordering::SeqCst) {
        let mut wanted = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
        // SAFETY: one pollfd of ours; a short wait so that `done` is seen.
        let ready = unsafe { libc::poll(&mut wanted, 1, 50) };
        if ready < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return;
        }
        if ready <= 0 {
            continue;
        }
        let mut buffer = [0u8; 64];
        // SAFETY: reads at most the buffer's length into the buffer; poll
        // said that a byte is waiting, so it does not block.
        let read = unsafe { libc::read(libc::STDIN_FILENO, buffer.as_mut_ptr().cast(), buffer.len()) };
        let Ok(read @ 1..) = usize::try_from(read) else { return };
        let keys = &buffer[..read];
        if keys.contains(&CTRL_C) {
            interrupt.store(true, Ordering::SeqCst);
        }
        if keys.iter().any(|&key| key != CTRL_C) {
            typed.store(true, Ordering::SeqCst);
        }
    }
}

impl Drop for Quiet {
    fn drop(&mut self) {
        self.stop_watching();
        if let Some(saved) = &self.saved {
            // SAFETY: restores the settings read in `while_thinking`.
            unsafe {
                libc::tcflush(libc::STDIN_FILENO, libc::TCIFLUSH);
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, saved);
            }
        }
    }
}
