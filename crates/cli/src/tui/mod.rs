//! `spielwerk play … --tui`: the full-screen terminal mode. The board stays
//! in place with the move list, the clocks, the engine's line and a prompt
//! with line editing, history and completion; the mouse picks cells.
//!
//! The game itself is a [`Session`], as in the
//! line mode; this module shows it and reads the keys:
//!
//! - [`app`]: the screen's state over time (searches, the review),
//! - [`input`]: keys, clicks and typed commands,
//! - [`view`]: the screen's layout,
//! - [`layout`]: its middle: the board, its notes and the move list,
//! - [`board`]: the game's drawing as styled lines, scrolled and clickable,
//! - [`editor`]: the prompt's line editor.

pub mod app;
pub mod board;
pub mod editor;
pub mod input;
pub mod layout;
pub mod view;

#[cfg(test)]
mod tests;

use crate::messages::{wrapped, write_line};
use crate::session::Session;
use app::{App, Screen};
use game::text;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use signal_hook::consts::{SIGHUP, SIGTERM};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long the screen waits for a key before it looks at the engine and
/// the clock again.
const FRAME: Duration = Duration::from_millis(100);

/// Whether the full-screen mode can run here: `Err` says why not.
pub fn check_terminal() -> Result<(), game::Text> {
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        return Ok(());
    }
    Err(text!(
        "the full-screen mode needs a terminal; leave out --tui",
        "der Vollbildmodus braucht ein Terminal; lass --tui weg"
    ))
}

/// Plays `session`'s game full-screen. `SIGTERM` and `SIGHUP` end it as
/// a quit does (the terminal given back, the record saved, where it is
/// said), and then the program with the signal's exit status (128 + its
/// number).
pub fn run(session: Session, screen: Screen) -> anyhow::Result<()> {
    let mut app = App::new(session, screen);
    let signalled = Arc::new(AtomicUsize::new(0));
    for signal in [SIGTERM, SIGHUP] {
        let number = usize::try_from(signal).unwrap_or_default();
        signal_hook::flag::register_usize(signal, Arc::clone(&signalled), number)?;
    }
    let mut terminal = ratatui::init();
    // Terminals without mouse reporting ignore the request.
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let result = run_screen(&mut terminal, &mut app, &signalled);
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result?;
    let farewell = write_line(wrapped(&app.session.leave()));
    match signalled.load(Ordering::SeqCst) {
        // The terminal may be gone after a hang-up: nothing more to say.
        0 => farewell?,
        signal => std::process::exit(128 + i32::try_from(signal).unwrap_or_default()),
    }
    Ok(())
}

/// Draws, reads events and lets time pass until the person leaves or a
/// signal in `signalled` ends the program.
fn run_screen(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    signalled: &AtomicUsize,
) -> anyhow::Result<()> {
    while !app.quit && signalled.load(Ordering::SeqCst) == 0 {
        terminal.draw(|frame| view::draw(frame, app))?;
        if event::poll(FRAME)? {
            match event::read()? {
                Event::Key(key) => app.key(key),
                Event::Mouse(mouse) => app.mouse(mouse),
                _ => {}
            }
        }
        if std::mem::take(&mut app.suspend) {
            suspend(terminal)?;
        }
        app.tick(Instant::now());
    }
    Ok(())
}

/// Suspends the program as Ctrl-Z does in a shell: the terminal is given
/// back as it was, the process stops until the shell continues it (`fg`),
/// and then the screen is set up and drawn anew.
fn suspend(terminal: &mut ratatui::DefaultTerminal) -> anyhow::Result<()> {
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    // SAFETY: raising a signal has no memory effects; SIGTSTP's default
    // action stops the process until SIGCONT.
    unsafe {
        libc::raise(libc::SIGTSTP);
    }
    *terminal = ratatui::init();
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    terminal.clear()?;
    Ok(())
}
