//! The terminal the full screen runs on: set up, given back, and watched
//! for going away.
//!
//! ratatui's own `init` and `restore` are not used: once the terminal is
//! gone, `restore` prints its error to standard error, which panics, and
//! the panic hook `init` installs calls `restore` again, which panics
//! inside the hook and aborts the program. Here every write to the
//! terminal that is given back ignores its error.
//!
//! A terminal that goes away (a closed `tmux` session, a closed window)
//! leaves crossterm's `event::poll` reading nothing from it, again and
//! again, without ever returning (crossterm-rs/crossterm#793): the
//! screen's loop never turns again, and a `SIGHUP` or `SIGTERM` it would
//! see stays unseen. The [`Watchdog`] ends the program then.

use ratatui::DefaultTerminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Once, mpsc};
use std::thread;
use std::time::{Duration, Instant};

/// How often the [`Watchdog`] looks at the terminal and the signals.
const WATCH: Duration = Duration::from_millis(250);

/// How long a signal may wait for the screen's loop to end the program
/// by itself before the [`Watchdog`] ends it.
const GRACE: Duration = Duration::from_secs(5);

/// How long the [`Watchdog`] waits for the terminal to be given back
/// before it ends the program anyway.
const GIVING_BACK: Duration = Duration::from_secs(1);

/// The exit status of a program ended by `signal`: 128 + its number.
#[must_use]
pub fn exit_status(signal: usize) -> i32 {
    128 + i32::try_from(signal).unwrap_or_default()
}

/// The signal number of a hang-up, as the screen's loop records it when
/// the terminal is gone.
#[must_use]
pub fn hang_up() -> usize {
    usize::try_from(signal_hook::consts::SIGHUP).unwrap_or_default()
}

/// Sets the terminal up for the full screen: raw mode, the alternate
/// screen and mouse reporting (terminals without it ignore the request).
/// The first call also installs a panic hook that gives the terminal back
/// when the thread that set it up panics; a panic of another thread (an
/// engine's search, which the screen survives) leaves it to the screen.
pub fn set_up() -> io::Result<DefaultTerminal> {
    static PANIC_HOOK: Once = Once::new();
    let screen = thread::current().id();
    PANIC_HOOK.call_once(|| {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if thread::current().id() == screen {
                give_back();
            }
            hook(info);
        }));
    });
    let terminal = enable_raw_mode()
        .and_then(|()| execute!(io::stdout(), EnterAlternateScreen))
        .and_then(|()| ratatui::Terminal::new(CrosstermBackend::new(io::stdout())));
    match terminal {
        Ok(_) => {
            let _ = execute!(io::stdout(), EnableMouseCapture);
        }
        Err(_) => give_back(),
    }
    terminal
}

/// Gives the terminal back as it was before [`set_up`] as far as it can:
/// errors (a terminal that is gone) are ignored.
pub fn give_back() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    // Raw mode off first, as ratatui does: it has more effects than the
    // alternate screen.
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen);
}

/// Shows the cursor and lets `terminal` go. A terminal whose cursor
/// cannot be shown (it is gone) is forgotten rather than dropped: its
/// `Drop` would try again and print the error to standard error, which
/// panics when that is the same gone terminal.
pub fn release(mut terminal: DefaultTerminal) {
    if terminal.show_cursor().is_err() {
        std::mem::forget(terminal);
    }
}

/// Whether the terminal is gone: standard input or output hung up, in
/// error or closed.
#[must_use]
pub fn is_gone() -> bool {
    hung_up(io::stdin().as_raw_fd()) || hung_up(io::stdout().as_raw_fd())
}

/// Whether descriptor `fd` is hung up, in error or not open.
fn hung_up(fd: RawFd) -> bool {
    let mut polled = libc::pollfd { fd, events: 0, revents: 0 };
    // SAFETY: `polled` is one pollfd structure that poll may write the
    // result into; a timeout of 0 returns at once. Hang-up, error and an
    // invalid descriptor are reported whatever the events asked for.
    let ready = unsafe { libc::poll(&raw mut polled, 1, 0) };
    ready > 0 && polled.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
}

/// A thread that ends the program when the screen's loop cannot: when
/// the terminal is gone (exit status 129, as for a hang-up), or when a
/// signal recorded in `signalled` has not ended the program within
/// [`GRACE`] (128 + the signal's number). It gives the terminal back as
/// far as it can first. Dropping it ends the watch: the program then
/// ends by itself.
pub struct Watchdog {
    /// Set when the watch is over.
    over: Arc<AtomicBool>,
}

impl Watchdog {
    /// Starts watching.
    pub fn start(signalled: Arc<AtomicUsize>) -> io::Result<Watchdog> {
        let over = Arc::new(AtomicBool::new(false));
        let watched = Arc::clone(&over);
        thread::Builder::new().name("terminal watchdog".into()).spawn(move || watch(&signalled, &watched))?;
        Ok(Watchdog { over })
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.over.store(true, Ordering::SeqCst);
    }
}

/// The [`Watchdog`]'s thread: looks every [`WATCH`] until `over`.
fn watch(signalled: &AtomicUsize, over: &AtomicBool) {
    let mut signal_since = None;
    loop {
        thread::sleep(WATCH);
        if over.load(Ordering::SeqCst) {
            return;
        }
        let signal = signalled.load(Ordering::SeqCst);
        if let Some(signal) = ending(is_gone(), signal, &mut signal_since, Instant::now()) {
            give_back_within(GIVING_BACK);
            std::process::exit(exit_status(signal));
        }
    }
}

/// The signal whose exit status the [`Watchdog`] ends the program with
/// at `now`, if it does: a hang-up when the terminal is `gone`, else
/// `signal` (0 for none) once it has waited [`GRACE`] since it was first
/// seen (`since`, set here).
fn ending(gone: bool, signal: usize, since: &mut Option<Instant>, now: Instant) -> Option<usize> {
    if gone {
        return Some(hang_up());
    }
    if signal == 0 {
        return None;
    }
    let first_seen = *since.get_or_insert(now);
    (now.duration_since(first_seen) >= GRACE).then_some(signal)
}

/// Gives the terminal back on a thread of its own, waiting for it at
/// most `time`: a write to a terminal that is not read may block.
fn give_back_within(time: Duration) {
    let (done, given_back) = mpsc::channel();
    let giving = thread::Builder::new().name("giving the terminal back".into()).spawn(move || {
        give_back();
        let _ = done.send(());
    });
    if giving.is_ok() {
        let _ = given_back.recv_timeout(time);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gone_terminal_ends_at_once_and_a_signal_after_the_grace() {
        let start = Instant::now();
        let term = usize::try_from(libc::SIGTERM).unwrap_or_default();
        assert_eq!(ending(true, 0, &mut None, start), Some(hang_up()));
        assert_eq!(ending(true, term, &mut None, start), Some(hang_up()));
        let mut since = None;
        assert_eq!(ending(false, 0, &mut since, start), None);
        assert_eq!(since, None, "no signal, no wait");
        assert_eq!(ending(false, term, &mut since, start), None, "the loop may still see it");
        let almost = start + GRACE - Duration::from_millis(1);
        assert_eq!(ending(false, term, &mut since, almost), None);
        assert_eq!(ending(false, term, &mut since, start + GRACE), Some(term));
        assert_eq!(exit_status(term), 143);
        assert_eq!(exit_status(hang_up()), 129);
    }

    #[test]
    fn a_terminal_that_is_here_is_not_gone() {
        // The test's standard streams may be anything but closed ones; a
        // pseudo-terminal of our own is here until its other side closes.
        let (mut controller, mut terminal) = (0, 0);
        // SAFETY: openpty writes two new descriptors into our integers.
        let opened = unsafe {
            libc::openpty(
                &mut controller,
                &mut terminal,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(opened, 0);
        assert!(!hung_up(terminal));
        // SAFETY: closing the controlling side we opened.
        unsafe { libc::close(controller) };
        assert!(hung_up(terminal));
        // SAFETY: closing the terminal side we opened.
        unsafe { libc::close(terminal) };
    }
}
