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
//! - [`editor`]: the prompt's line editor,
//! - [`terminal`]: the terminal set up, given back and watched.

pub mod app;
pub mod board;
pub mod editor;
pub mod input;
pub mod layout;
pub mod terminal;
pub mod view;

#[cfg(test)]
mod tests;

use crate::messages::{wrapped, write_line};
use crate::session::Session;
use app::{App, Screen};
use game::text;
use ratatui::crossterm::event::{self, Event};
use signal_hook::consts::{SIGHUP, SIGTERM};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use terminal::Watchdog;

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
/// number); a terminal that goes away ends it as a hang-up does (129).
/// Where the screen's loop cannot see either, the [`Watchdog`] ends the
/// program.
pub fn run(session: Session, screen: Screen) -> anyhow::Result<()> {
    let mut app = App::new(session, screen);
    let signalled = Arc::new(AtomicUsize::new(0));
    for signal in [SIGTERM, SIGHUP] {
        let number = usize::try_from(signal).unwrap_or_default();
        signal_hook::flag::register_usize(signal, Arc::clone(&signalled), number)?;
    }
    let mut terminal = terminal::set_up()?;
    let result = match Watchdog::start(Arc::clone(&signalled)) {
        // The watch ends with the loop, when the watchdog is dropped.
        Ok(_watchdog) => run_screen(&mut terminal, &mut app, &signalled),
        Err(error) => Err(error.into()),
    };
    terminal::release(terminal);
    terminal::give_back();
    result?;
    let farewell = write_line(wrapped(&app.session.leave()));
    match signalled.load(Ordering::SeqCst) {
        // The terminal may be gone after a hang-up: nothing more to say.
        0 => farewell?,
        signal => std::process::exit(terminal::exit_status(signal)),
    }
    Ok(())
}

/// Draws, reads events and lets time pass until the person leaves or a
/// signal in `signalled` ends the program. A terminal that is gone is
/// recorded there as a hang-up.
fn run_screen(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    signalled: &AtomicUsize,
) -> anyhow::Result<()> {
    while !app.quit && signalled.load(Ordering::SeqCst) == 0 {
        let turn = turn(terminal, app);
        if terminal::is_gone() {
            signalled.store(terminal::hang_up(), Ordering::SeqCst);
        } else {
            turn?;
        }
    }
    Ok(())
}

/// One turn of the screen's loop: the screen drawn, an event read if one
/// comes within a [`FRAME`], the program suspended if asked, time passed.
fn turn(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> anyhow::Result<()> {
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
    Ok(())
}

/// Suspends the program as Ctrl-Z does in a shell: the terminal is given
/// back as it was, the process stops until the shell continues it (`fg`),
/// and then the screen is set up and drawn anew.
fn suspend(terminal: &mut ratatui::DefaultTerminal) -> anyhow::Result<()> {
    let _ = terminal.show_cursor();
    terminal::give_back();
    // SAFETY: raising a signal has no memory effects; SIGTSTP's default
    // action stops the process until SIGCONT.
    unsafe {
        libc::raise(libc::SIGTSTP);
    }
    terminal::release(std::mem::replace(terminal, terminal::set_up()?));
    terminal.clear()?;
    Ok(())
}
