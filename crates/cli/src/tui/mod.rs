//! `spielwerk play … --tui`: the full-screen terminal mode. The board stays
//! in place with the move list, the clocks, the engine's line and a prompt
//! with line editing, history and completion; the mouse picks cells.
//!
//! - [`app`]: the game's state over time (engine, clock, saving, review),
//! - [`input`]: keys, clicks and typed commands,
//! - [`view`]: the screen's layout,
//! - [`board`]: the game's drawing as styled lines, scrolled and clickable,
//! - [`editor`]: the prompt's line editor,
//! - [`clock`]: the game clock,
//! - [`engine`] and [`review`]: searches on threads of their own.

pub mod app;
pub mod board;
pub mod clock;
pub mod editor;
pub mod engine;
pub mod input;
pub mod review;
pub mod view;

#[cfg(test)]
mod tests;

use crate::cmd::play::{Opponent as PlayOpponent, PlayArgs, open_game, parse_side};
use crate::cmd::record::save_record;
use crate::cmd::rules::Language;
use crate::messages::write_line;
use app::{App, Opponent, Setup};
use game::{Registry, text};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How long the screen waits for a key before it looks at the engine and
/// the clock again.
const FRAME: Duration = Duration::from_millis(100);

/// Plays a game full-screen.
pub fn run(registry: &Registry, args: &PlayArgs, lang: Language) -> anyhow::Result<()> {
    let language = game::Language::from(lang);
    let fail = |message: game::Text| anyhow::anyhow!("{}", message.get(language));
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(fail(text!(
            "the full-screen mode needs a terminal; leave out --tui",
            "der Vollbildmodus braucht ein Terminal; lass --tui weg"
        )));
    }
    let (mut game, record) = open_game(registry, args).map_err(fail)?;
    if let Some(engine) = &args.engine {
        game.set_engine(engine).map_err(|error| anyhow::anyhow!("{}", error.message(language)))?;
    }
    let human = parse_side(game.as_ref(), &args.side).map_err(fail)?;
    let title = registry.get(game.name())?.title.get(language);
    let setup = Setup {
        game,
        opponent: if args.vs == PlayOpponent::Engine { Opponent::Engine } else { Opponent::Human },
        human,
        level: args.level,
        movetime: Duration::from_millis(args.movetime),
        engine: args.engine.clone(),
        clock: args.clock.map(clock::GameClock::new),
        language,
        colour: args.color.enabled(),
        record,
        title,
        save: save_record,
    };
    let mut app = App::new(setup);
    let mut terminal = ratatui::init();
    // Terminals without mouse reporting ignore the request.
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let result = run_screen(&mut terminal, &mut app);
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result?;
    if let Some(failure) = &app.save_failure {
        write_line(app.say(&failure.unsaved(app.game.as_ref())))?;
    } else if app.saved {
        let path = app.record.display();
        write_line(app.say(&text!(
            "The game is saved in {path}; continue with --resume.",
            "Die Partie ist in {path} gespeichert; weiter mit --resume."
        )))?;
    }
    Ok(())
}

/// Draws, reads events and lets time pass until the person leaves.
fn run_screen(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> anyhow::Result<()> {
    while !app.quit {
        terminal.draw(|frame| view::draw(frame, app))?;
        if event::poll(FRAME)? {
            match event::read()? {
                Event::Key(key) => app.key(key),
                Event::Mouse(mouse) => app.mouse(mouse),
                _ => {}
            }
        }
        app.tick(Instant::now());
    }
    Ok(())
}
