//! Keys, mouse clicks and the commands typed at the prompt of the
//! full-screen mode.

use crate::cmd::moves::{annotated, clones_from, moves_text, with_kinds_explained};
use crate::session::command::{self, Command};
use crate::session::review::history;
use crate::tui::app::{App, Panel};
use crate::tui::editor::Completion;
use game::{Text, text};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::text::Line;

/// The keys and commands, for the help panel; `cell` a cell of the game
/// for the `cell` command, which only games that explain cells have.
fn help(cell: Option<&str>) -> Text {
    let (cell, cell_de, cell_en) = match cell {
        Some(cell) => (
            format!(" · cell {cell} / stone {cell} (explain a cell)"),
            format!(" · zelle {cell} (ein Feld erklären)"),
            " · cell",
        ),
        None => (String::new(), String::new(), ""),
    };
    text!(
        "Type a move and press Enter; Tab completes it from the legal moves (twice: lists them).\n\
         Click a cell to add it to the move (Amakta: type `place 000001`, click the cell, Tab).\n\
         ↑/↓ earlier lines · ←/→ Home End move the cursor · Ctrl-W deletes a word · Ctrl-U the line\n\
         PgUp/PgDn, Shift-←/→, the mouse wheel: scroll the board (a panel: PgDn or Space a page, Home/End)\n\
         F1 this help · F2 legend and notes · F3 engine line on/off · F4 move list on/off · Esc closes\n\
         F5 zooms the board out or in (a board taller than the screen starts zoomed out) · F6 all messages\n\
         Ctrl-C while the engine thinks: it moves now; else Ctrl-C twice, Ctrl-D or `quit` leave (the game stays \
         saved; continue with --resume) · Ctrl-Z suspends (`fg` continues)\n\
         \n\
         Commands (in any case): moves [filter] · undo · hint · go (the engine plays the side to move, you the other) \
         · switch (change sides) · level 1-10 · resign · draw (between people) · legend · zoom · history · \
         rules · record{cell} · help · quit\n\
         After the game: ←/→ or n/p step through it with the engine's evaluation, a number jumps.",
        "Zug tippen und Enter; Tab ergänzt ihn aus den zulässigen Zügen (zweimal: listet sie).\n\
         Ein Klick auf ein Feld fügt es dem Zug an (Amakta: `place 000001` tippen, Feld klicken, Tab).\n\
         ↑/↓ frühere Zeilen · ←/→ Pos1 Ende bewegen den Cursor · Strg-W löscht ein Wort · Strg-U die Zeile\n\
         Bild↑/Bild↓, Umschalt-←/→, das Mausrad: Brett verschieben (eine Tafel: Bild↓ oder Leertaste eine Seite, \
         Pos1/Ende)\n\
         F1 diese Hilfe · F2 Legende und Angaben · F3 Engine-Zeile an/aus · F4 Zugliste an/aus · Esc schließt\n\
         F5 verkleinert das Brett oder zeigt es ganz (ein Brett höher als der Bildschirm beginnt verkleinert)\n\
         F6 alle Meldungen · Strg-C, während der Computer rechnet: er zieht sofort; sonst beenden zweimal Strg-C, \
         Strg-D oder `ende` (die Partie bleibt gespeichert; weiter mit --resume) · Strg-Z hält an (`fg` setzt fort)\n\
         Züge in der Notation des Spiels (ihre Wörter, etwa Amaktas place, sind englisch).\n\
         \n\
         Befehle: züge [Filter] · zurück · tipp · go (der Computer spielt die Seite am Zug, du die andere) \
         · tauschen (Seiten tauschen) · stufe 1-10 · aufgeben · remis (unter Menschen) · legende · zoom · \
         verlauf · regeln · aufzeichnung{cell_de} · hilfe · ende\n\
         Auch englisch, groß oder klein: moves · undo · hint · switch · level · resign · draw · legend · history · \
         rules · record{cell_en} · help · quit\n\
         Nach der Partie: ←/→ oder n/p blättern mit der Bewertung des Computers, eine Zahl springt."
    )
}

impl App {
    /// A cell of the game for the help's `cell` example; `None` where the
    /// game explains no cells.
    fn example_cell(&self) -> Option<String> {
        crate::session::example::example_cell(self.session.game.as_ref())
    }

    /// Opens a panel with plain `text` lines.
    fn open(&mut self, title: &Text, text: &str) {
        let lines = text.lines().map(|line| Line::from(line.to_owned())).collect();
        self.panel = Some(Panel { title: self.say(title), lines, scroll: 0, of_position: false, rows: 0 });
    }

    /// Opens the log of every message shown, scrolled to the newest (F6).
    pub fn open_log(&mut self) {
        let lines: Vec<Line<'static>> = if self.log.is_empty() {
            vec![Line::from(self.say(&text!("No messages yet.", "Noch keine Meldungen.")))]
        } else {
            self.log
                .iter()
                .map(|message| {
                    let style = if message.error {
                        ratatui::style::Style::default().fg(ratatui::style::Color::Indexed(196))
                    } else {
                        ratatui::style::Style::default()
                    };
                    Line::styled(message.text.clone(), style)
                })
                .collect()
        };
        // The newest at the bottom of the panel: the scroll stops there.
        let scroll = u16::try_from(lines.len().saturating_sub(1)).unwrap_or(u16::MAX);
        let title = self.say(&text!("Messages", "Meldungen"));
        self.panel = Some(Panel { title, lines, scroll, of_position: false, rows: 0 });
    }

    /// Opens the legend and notes of the drawing (F2, `legend`).
    pub fn open_legend(&mut self) {
        let lines = if self.drawing.notes.is_empty() {
            vec![Line::from(self.say(&text!(
                "This game's drawing has no legend.",
                "Die Zeichnung dieses Spiels hat keine Legende."
            )))]
        } else {
            self.drawing.unwrapped_notes()
        };
        let title = self.say(&text!("Legend", "Legende"));
        self.panel = Some(Panel { title, lines, scroll: 0, of_position: false, rows: 0 });
    }

    /// Handles a key press.
    pub fn key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        // A Ctrl-C leaves only right after another, as in the line mode.
        let leaving = std::mem::take(&mut self.leaving);
        match key.code {
            KeyCode::Char('c') if control && self.move_now() => {}
            KeyCode::Char('c') if control && !leaving => {
                // As in a shell, and in the line mode: the line is cleared.
                self.editor.set_text("");
                self.leaving = true;
                self.inform(&text!(
                    "Ctrl-C again leaves (the game stays saved; continue with --resume); any other key plays on.",
                    "Noch einmal Strg-C beendet (die Partie bleibt gespeichert; weiter mit --resume); jede andere \
                     Taste spielt weiter."
                ));
            }
            KeyCode::Char('c' | 'd') if control => self.quit = true,
            KeyCode::Char('z') if control => self.suspend = true,
            KeyCode::Char('w') if control => self.editor.delete_word(),
            KeyCode::Char('u') if control => self.editor.delete_to_start(),
            KeyCode::Char('a') if control => self.editor.home(),
            KeyCode::Char('e') if control => self.editor.end(),
            KeyCode::Char('l') if control => self.refresh(),
            // Ctrl-J is a line feed: it ends the line as Enter does (text
            // pasted with LF line ends, without bracketed paste).
            KeyCode::Char('j') if control => {
                let line = self.editor.take();
                self.command(line.trim());
            }
            KeyCode::F(1) => {
                self.open(&text!("Help", "Hilfe"), &self.say(&help(self.example_cell().as_deref())))
            }
            KeyCode::F(2) => self.open_legend(),
            KeyCode::F(3) => self.show_engine = !self.show_engine,
            KeyCode::F(4) => self.toggle_moves(),
            KeyCode::F(5) => self.toggle_zoom(),
            KeyCode::F(6) => self.open_log(),
            KeyCode::Esc if self.panel.is_some() => self.panel = None,
            // In a panel, with nothing typed, as in `less`: Space a page
            // on, Home and End to its start and end.
            KeyCode::Char(' ') if self.panel.is_some() && self.editor.text().is_empty() => self.page(1),
            KeyCode::Home if self.panel.is_some() && self.editor.text().is_empty() => {
                self.scroll(-i32::from(u16::MAX), 0);
            }
            KeyCode::End if self.panel.is_some() && self.editor.text().is_empty() => {
                self.scroll(i32::from(u16::MAX), 0);
            }
            KeyCode::Esc => self.editor.set_text(""),
            KeyCode::Char(c) if !control => self.editor.insert(c),
            KeyCode::Enter => {
                let line = self.editor.take();
                self.command(line.trim());
            }
            KeyCode::Tab => self.complete(),
            KeyCode::Backspace => self.editor.backspace(),
            KeyCode::Delete => self.editor.delete(),
            KeyCode::Home => self.editor.home(),
            KeyCode::End => self.editor.end(),
            KeyCode::Left if shift || control => self.scroll(0, -8),
            KeyCode::Right if shift || control => self.scroll(0, 8),
            KeyCode::Left if self.review.is_some() && self.editor.text().is_empty() => self.step(-1),
            KeyCode::Right if self.review.is_some() && self.editor.text().is_empty() => self.step(1),
            KeyCode::Left => self.editor.left(),
            KeyCode::Right => self.editor.right(),
            KeyCode::Up if shift => self.scroll(-1, 0),
            KeyCode::Down if shift => self.scroll(1, 0),
            KeyCode::Up => self.editor.previous(),
            KeyCode::Down => self.editor.next(),
            KeyCode::PageUp if self.panel.is_some() => self.page(-1),
            KeyCode::PageDown if self.panel.is_some() => self.page(1),
            KeyCode::PageUp => self.scroll(-8, 0),
            KeyCode::PageDown => self.scroll(8, 0),
            _ => {}
        }
    }

    /// Shows or hides the move list beside the board (F4); where the
    /// screen is too narrow for it beside the whole board, says so.
    fn toggle_moves(&mut self) {
        if !self.moves_on_screen && !self.moves_fit {
            self.inform(&text!(
                "No room for the move list beside the board at this width: `history` lists the moves, F6 the \
                 messages.",
                "Kein Platz für die Zugliste neben dem Brett bei dieser Breite: `verlauf` listet die Züge, F6 die \
                 Meldungen."
            ));
            return;
        }
        self.show_moves = Some(!self.moves_on_screen);
    }

    /// Scrolls the open panel by `pages` of its rows (one row kept in
    /// sight); 8 rows a page before it is drawn.
    fn page(&mut self, pages: i32) {
        let rows = self.panel.as_ref().map_or(0, |panel| panel.rows);
        let page = if rows > 1 { i32::from(rows - 1) } else { 8 };
        self.scroll(pages * page, 0);
    }

    /// Scrolls the open panel, or else the board.
    fn scroll(&mut self, lines: i32, columns: i32) {
        if let Some(panel) = &mut self.panel {
            let most = i32::try_from(panel.lines.len()).unwrap_or(i32::MAX).saturating_sub(1);
            panel.scroll = u16::try_from((i32::from(panel.scroll) + lines).clamp(0, most)).unwrap_or(0);
            return;
        }
        let area = (self.board_area.width, self.board_area.height);
        self.viewport.scroll(lines, columns, self.drawing.size(), area);
    }

    /// Steps the review by `by` moves.
    fn step(&mut self, by: isize) {
        if let Some(review) = &self.review {
            self.review_to(review.ply.saturating_add_signed(by));
        }
    }

    /// Handles a mouse event: a click on the board adds the cell to the
    /// move, the wheel scrolls.
    pub fn mouse(&mut self, event: MouseEvent) {
        match event.kind {
            MouseEventKind::ScrollUp => self.scroll(-2, 0),
            MouseEventKind::ScrollDown => self.scroll(2, 0),
            MouseEventKind::Down(MouseButton::Left) => {
                let Some((line, column)) =
                    self.viewport.drawing_position(self.board_area, event.column, event.row)
                else {
                    return;
                };
                if let Some(cell) = self.cell_at(line, column) {
                    self.click(&cell);
                }
            }
            _ => {}
        }
    }

    /// A click on `cell`: it continues the move typed so far if a legal
    /// move goes on so, else starts a new one; a move that is complete and
    /// no other's beginning is played. In games whose moves are words
    /// (Amakta: `place 000001 e1 000010`) the cell is the next word.
    pub fn click(&mut self, cell: &str) {
        if self.review.is_some() || self.session.game.outcome().is_some() {
            return;
        }
        let typed = self.editor.text();
        let typed = typed.trim();
        if self.legal.iter().any(|mv| mv.contains(' ')) {
            let typed = typed.to_owned();
            self.click_word(&typed, cell);
            return;
        }
        let continued = format!("{typed}{cell}");
        let fitting = |start: &str| self.legal.iter().filter(|mv| mv.starts_with(start)).count();
        let text = if !typed.is_empty() && fitting(&continued) > 0 { continued } else { cell.to_owned() };
        let exact = self.legal.contains(&text);
        if exact && fitting(&text) == 1 {
            self.editor.set_text("");
            self.play(&text);
            return;
        }
        self.editor.set_text(&text);
        self.show_fitting(&text);
    }

    /// A click on `cell` in a game whose moves are words: the cell is the
    /// next word of the move typed so far if a legal move goes on so (a
    /// complete move that no other continues is played); with nothing
    /// typed, the status line lists the moves that name the cell; else the
    /// cell's name is added to the line (`cell e5`).
    fn click_word(&mut self, typed: &str, cell: &str) {
        let continued = if typed.is_empty() { cell.to_owned() } else { format!("{typed} {cell}") };
        let longer = format!("{continued} ");
        let fitting: Vec<&String> =
            self.legal.iter().filter(|mv| **mv == continued || mv.starts_with(&longer)).collect();
        match fitting.as_slice() {
            [only] if **only == continued => {
                self.editor.set_text("");
                self.play(&continued);
            }
            [] if typed.is_empty() => self.show_naming(cell),
            [] => {
                self.editor.set_text(&continued);
                self.message = None;
            }
            _ => {
                let open = fitting.iter().all(|mv| mv.len() > continued.len());
                self.editor.set_text(if open { &longer } else { &continued });
                self.show_fitting(&continued);
            }
        }
    }

    /// Shows in the status line the legal moves that name `cell`.
    fn show_naming(&mut self, cell: &str) {
        let naming: Vec<&str> = self
            .legal
            .iter()
            .filter(|mv| mv.split(' ').any(|word| word == cell))
            .map(String::as_str)
            .collect();
        let (count, shown) = (naming.len(), naming.iter().take(6).copied().collect::<Vec<_>>().join(" · "));
        if count == 0 {
            self.complain(&text!("No legal move names {cell}.", "Kein zulässiger Zug nennt {cell}."));
        } else {
            let game::Text { en, de } = crate::messages::moves(count);
            self.inform(&text!(
                "{en} with {cell}: {shown}. Type the start (take, place 000001 …), then click.",
                "{de} mit {cell}: {shown}. Tippe den Anfang (take, place 000001 …), dann klicke."
            ));
        }
    }

    /// Shows in the status line the legal moves that begin with `start`,
    /// after the [clones](Self::clones_from) of a stone on `start`.
    fn show_fitting(&mut self, start: &str) {
        let mut fitting = self.clones_from(start);
        fitting.extend(self.legal.iter().filter(|mv| mv.starts_with(start)).map(String::as_str));
        let (count, shown) = (fitting.len(), fitting.iter().take(12).copied().collect::<Vec<_>>().join(", "));
        if count == 0 {
            self.complain(&text!(
                "No legal move begins with {start}.",
                "Kein zulässiger Zug beginnt mit {start}."
            ));
        } else {
            let game::Text { en, de } = crate::messages::moves(count);
            self.inform(&text!("{en}: {shown}", "{de}: {shown}"));
        }
    }

    /// The clones of a stone on `cell` (see [`clones_from`]).
    fn clones_from(&self, cell: &str) -> Vec<&str> {
        clones_from(&self.legal, cell)
    }

    /// Completes the word at the cursor from the legal moves and commands.
    fn complete(&mut self) {
        let word = self.editor.typed();
        let mut candidates: Vec<&str> = self.legal.iter().map(String::as_str).collect();
        candidates.extend(command::WORDS);
        match self.editor.complete(candidates) {
            Completion::None => {
                self.complain(&text!("Nothing begins with '{word}'.", "Nichts beginnt mit „{word}“."));
            }
            Completion::Completed => self.message = None,
            Completion::Choices { count, first } => {
                let mut listed: Vec<&str> = self.clones_from(word.trim());
                let count = count + listed.len();
                listed.extend(first.iter().map(String::as_str));
                // Commas between them, as `moves` has: Amakta's moves hold
                // spaces.
                let more = if count > listed.len() { ", …" } else { "" };
                let shown = format!("{}{more}", listed.join(", "));
                self.inform(&text!("{count}: {shown}", "{count}: {shown}"));
            }
        }
    }

    /// Carries out a line typed at the prompt.
    pub fn command(&mut self, input: &str) {
        if self.review.is_some() {
            self.review_command(input);
            return;
        }
        if std::mem::take(&mut self.resigning) {
            if command::confirms(input) {
                self.resign();
            } else {
                self.inform(&command::resign_declined());
            }
            return;
        }
        match command::parse(input) {
            Command::Nothing => {}
            Command::Help => {
                self.open(&text!("Help", "Hilfe"), &self.say(&help(self.example_cell().as_deref())))
            }
            Command::Legend => self.open_legend(),
            // The board stays in place on this screen.
            Command::Board => self.refresh(),
            Command::Zoom => self.toggle_zoom(),
            Command::Rules => {
                let rules = self.rules.clone();
                self.open(&text!("Rules", "Regeln"), &rules);
            }
            Command::Quit => self.quit = true,
            Command::Moves(filter) => {
                // The panel's border and padding take four columns.
                let width = crate::args::terminal_width().saturating_sub(4);
                let (game, language) = (self.session.game.as_ref(), self.session.language);
                let moves = game.legal_moves();
                let list = with_kinds_explained(
                    game,
                    moves_text(annotated(game, moves.clone(), language), &filter, language, width),
                    &moves,
                    language,
                );
                self.open(&text!("Legal moves", "Zulässige Züge"), &list);
                // A move makes the list old: the move closes it.
                if let Some(panel) = &mut self.panel {
                    panel.of_position = true;
                }
            }
            Command::History => self.command_history(),
            Command::Record => {
                let record = self.session.game.record().to_text();
                self.open(&text!("Record", "Aufzeichnung"), &record);
            }
            Command::Explain(line) => match self.session.game.explain(&line) {
                Some(Ok(answer)) => self.open(&text!("Explanation", "Erklärung"), &self.say(&answer)),
                Some(Err(error)) => self.complain(&error),
                None => self
                    .complain(&text!("This game explains no cells.", "Dieses Spiel erklärt keine Felder.")),
            },
            Command::Undo => self.undo(),
            Command::Hint => self.hint(),
            Command::Go => self.go(),
            Command::Switch => self.switch_sides(),
            Command::Resign => {
                self.resigning = true;
                self.inform(&command::resign_question());
            }
            Command::Draw => self.draw(),
            Command::Level(Some(n)) => {
                self.set_level(n);
                self.inform(&text!("The engine plays at level {n}.", "Der Computer spielt auf Stufe {n}."));
            }
            Command::Level(None) => self.complain(&text!(
                "Say a level from 1 to 10: `level 5`.",
                "Nenne eine Stufe von 1 bis 10: `stufe 5`."
            )),
            Command::Move(_) if self.thinking() && self.engine_plays(self.session.game.side_to_move()) => {
                self.complain(&text!("Wait: the engine is to move.", "Warte: der Computer ist am Zug."));
            }
            Command::Move(mv) => {
                self.play(mv);
            }
        }
    }

    /// Opens the numbered moves of the game (`history`, in play and in
    /// the review).
    fn command_history(&mut self) {
        let list = history(self.session.game.as_ref(), self.session.language);
        self.open(&text!("Moves", "Züge"), &list);
    }

    /// Carries out a line typed during the review.
    fn review_command(&mut self, input: &str) {
        let Some(ply) = self.review.as_ref().map(|review| review.ply) else { return };
        let last = self.session.game.moves().len();
        match input {
            "" | "n" | "next" => self.review_to(ply + 1),
            "p" | "prev" | "back" | "b" => self.review_to(ply.saturating_sub(1)),
            "first" | "start" => self.review_to(0),
            "last" | "end" => self.review_to(last),
            "q" | "quit" | "exit" => self.quit = true,
            "undo" => self.undo(),
            "help" | "?" => {
                self.open(&text!("Help", "Hilfe"), &self.say(&help(self.example_cell().as_deref())))
            }
            "legend" => self.open_legend(),
            "history" | "h" | "verlauf" => self.command_history(),
            number => match number.parse::<usize>() {
                Ok(n) if n > last => {
                    self.review_to(last);
                    self.inform(&crate::session::review::past_the_end(n, last));
                }
                Ok(n) => self.review_to(n),
                Err(_) => self.complain(&text!(
                    "In the review: n, p, a move number, first, last, history, undo or q.",
                    "Beim Nachspielen: n, p, eine Zugnummer, first, last, history, undo oder q."
                )),
            },
        }
    }
}
