//! `spielwerk play`: a game in the terminal.

use crate::args::{ColorChoice, GameArgs, terminal_width};
use crate::cmd::rules::{Language, rules_text, rules_text_at};
use crate::cmd::{moves, review};
use crate::input::{Prompt, Quiet, not_text, not_text_said};
use crate::messages::{Failure, wrapped, write_line};
use crate::session::clock::{GameClock, TimeControl, show};
use crate::session::command::{self, Command};
use crate::session::example::{all_circles_note, example_cell, example_move, how_moves_are_written, kind};
use crate::session::review::history;
use crate::session::search::{for_first_player, show_line, show_score};
use crate::session::{
    DrawAnswer, Opponent, Session, Setup, announce, both, open_game, parse_side, player_name,
};
use crate::tui::app::Screen;
use crate::tui::board::Drawing;
use anyhow::Context;
use clap::Args;
use game::{DynGame, GameError, Limits, Player, Registry, Style, Text, text};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Arguments of `spielwerk play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Play against the engine or another person (default: engine; a
    /// resumed game keeps its record's).
    #[arg(long, value_enum)]
    pub vs: Option<Opponent>,
    /// Your side against the engine: the player's name in English or
    /// German (`red`/`rot`, `black`/`schwarz`, `white`/`weiß`/`weiss`, or
    /// its first letters), `x`/`p1`/`first` or `o`/`p2`/`second` (default:
    /// p1; a resumed game keeps its record's).
    #[arg(long)]
    pub side: Option<String>,
    /// The engine's time per move in milliseconds.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: u64,
    /// Which engine plays (the game's strongest by default).
    #[arg(long)]
    pub engine: Option<String>,
    /// Where the record is saved after every move, from the first move on
    /// (default: a new file `<game>-<date>-<time>.txt` in
    /// `$XDG_DATA_HOME/spielwerk`, else `~/.local/share/spielwerk`).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Continue the game saved in this record file (saving goes on there
    /// unless `--record` says otherwise); the game's name may be left out,
    /// the record holds it.
    #[arg(long, conflicts_with = "position")]
    pub resume: Option<PathBuf>,
    /// Colours in the board drawing: `auto` when the output is a terminal
    /// and `NO_COLOR` is not set.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorChoice,
    /// Full-screen mode: the board stays in place (zoomed out when taller
    /// than the screen; F5) with the move list, clocks, the engine's line
    /// and a prompt with completion. Without it the game is played in
    /// lines, also on a terminal.
    #[arg(long)]
    pub tui: bool,
    /// The engine's strength 1–10 as on the web (without it the engine
    /// thinks --movetime a move).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Play on a clock: MINUTES+SECONDS per side and move, e.g. 3+2 (the
    /// line mode shows both clocks in the prompt); who runs out of time
    /// loses. As on lichess the clocks run from the first move on: the
    /// first move itself is untimed.
    #[arg(long)]
    pub clock: Option<TimeControl>,
}

/// The commands of the prompt; `cell` (with a cell of the game's own)
/// only where the game explains cells, `legend` only where its drawing has a legend to leave out.
/// In German the German command words come first, the English ones after.
fn commands(game: &dyn DynGame) -> Text {
    let example = example_cell(game);
    let (cell, cell_de) = match &example {
        Some(at) => (
            format!("`cell {at}` / `stone {at}` (explain a cell), "),
            format!("`zelle {at}` (ein Feld erklären), "),
        ),
        None => (String::new(), String::new()),
    };
    let at = example.as_deref().unwrap_or("e5");
    let has_legend = game.render(Style::default()) != game.render(Style::default().brief());
    let (legend, legend_de) = if has_legend {
        ("`legend` (the board with its legend), ", "`legende` (das Brett mit Legende), ")
    } else {
        ("", "")
    };
    // The English words of the commands this game has, for the German list.
    let legend_en = if has_legend { "`legend`, " } else { "" };
    let cell_en = if example.is_some() { "`cell`, " } else { "" };
    // Moves of several words (Amakta's `place 000001 e5`) keep the
    // notation's English words in German too.
    let worded = example_move(game).map(|mv| kind(&mv).to_owned()).filter(|kind| !kind.is_empty());
    let words_de =
        worded.map(|kind| format!(" (ihre Wörter wie `{kind}` sind englisch)")).unwrap_or_default();
    text!(
        "Commands: a move in the game's notation, `moves` (legal moves; `moves {at}` those with {at}), `board` (draw it \
         again), {legend}{cell}`zoom` (the board zoomed out or in), `undo`, `hint`, `go` (the engine plays the side to \
         move), `switch` (change sides), `level 1`–`10` (the engine's strength), `history` (numbered moves), `rules`, \
         `resign`, `draw` (offer a draw to the other person, or accept theirs), `record`, `help`, `quit` (the game \
         stays saved; continue it with --resume). ↑/↓ go through what you typed. Commands may be typed in any case.",
        "Befehle: ein Zug in der Notation des Spiels{words_de}, `züge` (zulässige Züge; `züge {at}` die mit {at}), \
         `brett` (Brett neu zeichnen), {legend_de}{cell_de}`zoom` (Brett verkleinern oder ganz zeigen), `zurück` (Zug \
         zurücknehmen), `tipp`, `go` (der Computer spielt die Seite am Zug), `tauschen` (Seiten tauschen), `stufe 1`–`10` \
         (Stärke des Computers), `verlauf` (nummerierte Züge), `regeln`, `aufgeben`, `remis` (dem Gegenüber Remis \
         anbieten oder sein Angebot annehmen), `aufzeichnung`, `hilfe`, `ende` (die Partie bleibt gespeichert; weiter \
         mit --resume). ↑/↓ holen Eingaben zurück. Groß oder klein geschrieben, und auch die englischen Wörter: `moves`, \
         `board`, {legend_en}{cell_en}`undo`, `hint`, `switch`, `level`, `history`, `rules`, `resign`, `draw`, `record`, \
         `help`, `quit`."
    )
}

/// Which engine plays, said when `--engine` named one: that one, or the
/// level's own (levels 1 and 2 play the random and greedy engines) in its
/// place.
fn engine_note(asked: Option<&str>, playing: Option<&str>) -> Option<Text> {
    let (asked, playing) = (asked?, playing?);
    Some(if asked.eq_ignore_ascii_case(playing) {
        text!("The engine is {playing}.", "Der Computer ist die Engine {playing}.")
    } else {
        text!(
            "The engine is {playing}, the level's own, not {asked} (--engine counts without --level or from level 3 on).",
            "Der Computer ist die Engine {playing} der Stufe, nicht {asked} (--engine gilt ohne --level oder ab Stufe 3)."
        )
    })
}

/// Plays a game in the terminal: full-screen with `--tui`, else in lines.
pub fn run(registry: &Registry, args: &PlayArgs, lang: Language) -> anyhow::Result<()> {
    let language = game::Language::from(lang);
    let fail = |message: Text| anyhow::anyhow!("{}", message.get(language));
    if args.tui {
        crate::tui::check_terminal().map_err(fail)?;
    }
    let (mut game, record, saved) =
        open_game(registry, &args.game, args.resume.as_deref(), args.record.as_deref())?;
    if let Some(engine) = &args.engine {
        game.set_engine(engine).map_err(|error| Failure::usage(both(&error)))?;
    }
    // A resumed game is played by whom its record says unless the command
    // line says otherwise.
    let human = match &args.side {
        Some(side) => parse_side(game.as_ref(), side).map_err(Failure::usage)?,
        None => saved.players.map_or(Player::P1, |players| players.human),
    };
    let opponent = args.vs.or(saved.players.map(|players| players.opponent)).unwrap_or(Opponent::Engine);
    let entry = registry.get(game.name())?;
    let session = Session::new(Setup {
        game,
        opponent,
        human,
        // A resumed game plays on at its record's level and clock unless
        // the command line says otherwise.
        level: args.level.or(saved.level),
        movetime: Duration::from_millis(args.movetime),
        engine: args.engine.clone(),
        clock: args.clock.map(GameClock::new).or(saved.clock),
        language,
        record,
    });
    if args.tui {
        // The rules panel draws its own lines, without terminal colours,
        // wrapped once to its inner width (its border and padding take
        // four columns).
        let width = terminal_width().saturating_sub(4).min(100);
        let rules = rules_text_at(registry, entry.name, lang, Style::new(language, false), width)?;
        let screen = Screen { colour: args.color.enabled(), title: entry.title.get(language), rules };
        return crate::tui::run(session, screen);
    }
    let style = Style::new(language, args.color.enabled());
    LineMode {
        registry,
        lang,
        style,
        session,
        prompt: Prompt::stdin(language),
        compact: false,
        warned: None,
        example_kind: None,
        resigning: false,
    }
    .run(entry.title.get(language))
}

/// The line mode: the board and messages printed line by line, a command
/// or move read at a prompt.
struct LineMode<'a> {
    /// The games, for `rules`.
    registry: &'a Registry,
    /// The language of the rules.
    lang: Language,
    /// The style of the drawings (with the legend).
    style: Style,
    /// The game being played.
    session: Session,
    /// The line editor the moves and commands are read with.
    prompt: Prompt,
    /// Whether the board is drawn zoomed out (`zoom`).
    compact: bool,
    /// The warning of a failed save shown since the last prompt, if any.
    warned: Option<String>,
    /// The kind of move (its first word) the last line on how a move is
    /// written showed, so that it is said again when the kind changes
    /// (Amakta Infinit's bidding, then its stone creation).
    example_kind: Option<String>,
    /// Whether `resign` asked for a yes: the next line answers.
    resigning: bool,
}

/// What an action at the prompt asks of the loop.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Read the next line.
    Prompt,
    /// The position changed: draw it.
    Draw,
    /// The person leaves.
    Leave,
}

impl LineMode<'_> {
    /// Prints `text` broken at spaces to the terminal's width.
    fn say(&self, text: &Text) -> anyhow::Result<()> {
        Ok(write_line(wrapped(text.get(self.session.language)))?)
    }

    /// The drawing of the position: with the legend once at the start and
    /// on `legend`, else without.
    fn board(&self, legend: bool) -> String {
        let style = if legend { self.style } else { self.style.brief() };
        prose_wrapped(&self.session.game.render(style.compact(self.compact)), terminal_width())
    }

    /// Says how a move is written, with a legal move as the example: when
    /// `always`, else only when the kind of move differs from the last
    /// shown (at the start and when a new phase begins).
    fn show_example(&mut self, always: bool) -> anyhow::Result<()> {
        let Some(example) = example_move(self.session.game.as_ref()) else { return Ok(()) };
        let shown = kind(&example).to_owned();
        if always || self.example_kind.as_deref() != Some(shown.as_str()) {
            self.say(&how_moves_are_written(&example))?;
            if let Some(note) = all_circles_note(self.session.game.as_ref()) {
                self.say(&note)?;
            }
            self.example_kind = Some(shown);
        }
        Ok(())
    }

    /// Writes the note of the last save, if any, to standard error,
    /// broken at spaces to the terminal's width: the warning when it
    /// failed (once between two prompts: the engine's reply to a move
    /// fails to save as the move did), or that saving works again.
    fn report_save(&mut self) {
        let Some(note) = &self.session.save_note else { return };
        if note.warning && self.warned.as_deref() == Some(note.text.as_str()) {
            return;
        }
        self.warned = note.warning.then(|| note.text.clone());
        // Standard error may fail as well; the game goes on regardless.
        let _ = writeln!(std::io::stderr(), "{}", wrapped(&note.text));
    }

    /// Plays the game from its start (or resumed position) to its end or
    /// until the person leaves.
    fn run(mut self, title: &str) -> anyhow::Result<()> {
        let language = self.session.language;
        // The commands in short, so that the welcome and the first board
        // fit a 24-row terminal; `help` lists them all.
        let finished = self.session.game.outcome().is_some();
        let short = if finished {
            // A finished game resumed: nothing to play or save, its review
            // follows.
            text!("a finished game; its review follows.", "eine beendete Partie; das Nachspielen folgt.")
        } else {
            text!(
                "`help` lists the commands, `moves` the legal moves; `quit` leaves (the game stays saved).",
                "`hilfe` zeigt die Befehle, `züge` die zulässigen Züge; `ende` beendet (die Partie bleibt gespeichert)."
            )
        };
        write_line(wrapped(&format!("{title} — {}", short.get(language))))?;
        if self.session.opponent == Opponent::Engine && !finished {
            let you = self.session.name(self.session.human);
            let engine = match (self.session.level, &self.session.clock) {
                (Some(n), _) => text!("the engine plays at level {n}", "der Computer spielt auf Stufe {n}"),
                (None, Some(_)) => text!(
                    "the engine plays on its clock (it shares out its own time)",
                    "der Computer spielt nach seiner Uhr (er teilt sich seine Zeit selbst ein)"
                ),
                (None, None) => {
                    let ms = self.session.movetime.as_millis();
                    text!("the engine thinks {ms} ms a move", "der Computer denkt {ms} ms je Zug")
                }
            };
            let (engine_en, engine_de) = (engine.en, engine.de);
            self.say(&text!("Your side: {you}; {engine_en}.", "Deine Seite: {you}; {engine_de}."))?;
            if let Some(note) =
                engine_note(self.session.engine_asked(), self.session.engine_name().as_deref())
            {
                self.say(&note)?;
            }
        }
        let path = self.session.record_path().display().to_string();
        if !finished {
            self.say(&text!(
                "The game is saved to {path} after every move, from the first on.\n",
                "Die Partie wird ab dem ersten Zug nach jedem Zug in {path} gespeichert.\n"
            ))?;
        }
        let mut next = Next::Draw;
        let mut legend = true;
        loop {
            if next == Next::Draw {
                write_line(self.board(std::mem::take(&mut legend)))?;
            }
            if let Some(outcome) = self.session.game.outcome() {
                write_line(announce(self.session.game.as_ref(), &outcome).get(language))?;
                // A game without moves has nothing to look back on.
                if self.session.game.moves().is_empty() {
                    write_line(wrapped(&self.session.farewell()))?;
                    return Ok(());
                }
                let style = self.style.brief().compact(self.compact);
                review::review(self.session.game.as_ref(), &mut self.prompt, style)?;
                if self.session.save_failed() {
                    write_line(wrapped(&self.session.farewell()))?;
                }
                return Ok(());
            }
            let to_move = self.session.game.side_to_move();
            let engine = self.session.engine_plays(to_move);
            if !engine {
                self.show_example(false)?;
            }
            next = if engine { self.engine_moves()? } else { self.person()? };
            if next == Next::Leave {
                write_line(wrapped(&self.session.leave()))?;
                return Ok(());
            }
        }
    }

    /// The engine plays the side to move.
    fn engine_moves(&mut self) -> anyhow::Result<Next> {
        let language = self.session.language;
        let to_move = self.session.game.side_to_move();
        let limits = self.session.limits(Instant::now());
        let interrupt = Arc::new(AtomicBool::new(false));
        let mut quiet = Quiet::while_thinking(Arc::clone(&interrupt));
        let best = think(self.session.game.as_mut(), &limits, &interrupt, language)?;
        let typed = quiet.discard_typed();
        drop(quiet);
        if interrupt.load(Ordering::SeqCst) {
            self.say(&text!("The engine moves now.", "Der Computer zieht jetzt."))?;
        }
        if self.session.flag_fall(Instant::now()) {
            self.report_save();
            return Ok(Next::Draw);
        }
        let names = self.session.names();
        let played = self.session.play(&best)?;
        self.report_save();
        if let Some(note) = self.session.choice_note(names, to_move) {
            self.say(&text!("{note}\n", "{note}\n"))?;
        } else {
            let engine = self.session.name_within(to_move);
            self.say(&text!("Engine ({engine}) plays {played}\n", "Computer ({engine}) spielt {played}\n"))?;
        }
        if typed {
            self.say(&text!(
                "(What you typed while the engine thought was not played; type your move now.)",
                "(Was du während des Rechnens getippt hast, wurde nicht gespielt; gib deinen Zug jetzt ein.)"
            ))?;
        }
        Ok(Next::Draw)
    }

    /// The prompt for the person to move: the clocks, if any, then whose
    /// turn it is.
    fn prompt_text(&self) -> String {
        let mover = self.session.name(self.session.game.side_to_move());
        // The answer to "Really resign?" is read at a prompt that asks it.
        let turn = if self.resigning {
            self.session.say(&text!("{mover}: resign? y/n> ", "{mover}: aufgeben? j/n> "))
        } else {
            self.session.say(&text!("{mover} to move> ", "{mover} am Zug> "))
        };
        let Some(clock) = &self.session.clock else { return turn };
        let now = Instant::now();
        let shown: Vec<String> = Player::BOTH
            .into_iter()
            .map(|player| format!("{} {}", self.session.name(player), show(clock.remaining(player, now))))
            .collect();
        format!("[{}] {turn}", shown.join(" · "))
    }

    /// Reads and carries out a line of the person to move.
    fn person(&mut self) -> anyhow::Result<Next> {
        let language = self.session.language;
        let to_move = self.session.game.side_to_move();
        if let Some(offerer) = self.session.draw_offered_by() {
            let offerer = self.session.name(offerer);
            self.say(&text!(
                "{offerer} offers a draw: `draw` accepts, a move declines.",
                "{offerer} bietet Remis an: `remis` nimmt an, ein Zug lehnt ab."
            ))?;
        }
        self.warned = None;
        // The clock running out ends the game there, not at the next Enter.
        let runs_out = self.session.clock.as_ref().and_then(GameClock::runs_out_at);
        let line = match self.prompt.read_before(&self.prompt_text(), runs_out) {
            Ok(Some(line)) => line,
            Ok(None) if self.session.flag_fall(Instant::now()) => {
                self.report_save();
                return Ok(Next::Draw);
            }
            Ok(None) => {
                write_line("")?;
                return Ok(Next::Leave);
            }
            Err(error) if not_text(&error) => {
                self.say(&not_text_said())?;
                return Ok(Next::Prompt);
            }
            Err(error) => return Err(error),
        };
        if self.session.flag_fall(Instant::now()) {
            self.report_save();
            return Ok(Next::Draw);
        }
        if std::mem::take(&mut self.resigning) {
            if command::confirms(&line) {
                self.session.resign();
                self.report_save();
                return Ok(Next::Draw);
            }
            self.say(&command::resign_declined())?;
            return Ok(Next::Prompt);
        }
        let game = self.session.game.as_ref();
        match command::parse(&line) {
            Command::Nothing => {}
            Command::Help => write_line(wrapped(commands(game).get(language)))?,
            Command::Board => write_line(self.board(false))?,
            Command::Legend => write_line(self.board(true))?,
            Command::Zoom if !has_smaller_drawing(game, self.style) => self.say(&text!(
                "This position has no smaller drawing: `board` draws it whole as it is.",
                "Diese Stellung hat keine kleinere Zeichnung: `brett` zeigt sie ganz, wie sie ist."
            ))?,
            Command::Zoom => {
                self.compact = !self.compact;
                return Ok(Next::Draw);
            }
            Command::Rules => write_line(rules_text(self.registry, game.name(), self.lang, self.style)?)?,
            Command::Moves(filter) => {
                let moves = game.legal_moves();
                let list = moves::moves_text(
                    moves::annotated(game, moves.clone(), language),
                    &filter,
                    language,
                    terminal_width(),
                );
                // The list breaks after its commas; the summary and the
                // kinds' lines break at spaces, never inside a word.
                write_line(wrapped(&moves::with_kinds_explained(game, list, &moves, language)))?;
            }
            Command::History => write_line(history(game, language))?,
            Command::Record => write_line(game.record().to_text())?,
            Command::Explain(line) => match game.explain(&line) {
                Some(answer) => self.say(&answer.unwrap_or_else(|error| error))?,
                None => {
                    self.say(&text!("This game explains no cells.", "Dieses Spiel erklärt keine Felder."))?
                }
            },
            Command::Hint => {
                let limits = Limits::movetime(self.session.movetime.min(Duration::from_secs(1)));
                let hint = think(self.session.game.as_mut(), &limits, &AtomicBool::new(false), language)?;
                self.say(&text!("The engine suggests {hint}", "Der Computer schlägt {hint} vor"))?;
            }
            Command::Level(Some(n)) => {
                self.session.set_level(n);
                self.say(&text!("The engine plays at level {n}.", "Der Computer spielt auf Stufe {n}."))?;
            }
            Command::Level(None) => self.say(&text!(
                "Say a level from 1 to 10: `level 5`.",
                "Nenne eine Stufe von 1 bis 10: `stufe 5`."
            ))?,
            Command::Switch | Command::Go if self.session.opponent == Opponent::Engine => {
                self.session.switch_sides();
                let you = self.session.name(self.session.human);
                self.say(&text!("You play {you} now.", "Du spielst jetzt {you}."))?;
            }
            Command::Switch => self.say(&text!(
                "Two people play: there are no sides to switch.",
                "Zwei Menschen spielen: es gibt keine Seiten zu tauschen."
            ))?,
            Command::Go => return self.engine_moves(),
            Command::Undo => return self.undo(),
            Command::Resign => {
                self.resigning = true;
                self.say(&command::resign_question())?;
            }
            Command::Draw => return self.draw(to_move),
            Command::Quit => return Ok(Next::Leave),
            Command::Move(mv) => return self.play(mv),
        }
        Ok(Next::Prompt)
    }

    /// Takes back moves: against the engine to the person's turn, else one.
    fn undo(&mut self) -> anyhow::Result<Next> {
        let steps = self.session.undo();
        self.report_save();
        if steps == 0 {
            self.say(&crate::session::nothing_to_undo(&self.session))?;
            return Ok(Next::Prompt);
        }
        let Text { en, de } = crate::messages::moves(steps);
        self.say(&text!("Took back {en}.", "{de} zurückgenommen."))?;
        Ok(Next::Draw)
    }

    /// `draw`: between people an offer, or the acceptance of the other's;
    /// the engine declines.
    fn draw(&mut self, to_move: Player) -> anyhow::Result<Next> {
        match self.session.draw() {
            DrawAnswer::Declined => self.say(&text!(
                "The engine declines; play on or resign.",
                "Der Computer lehnt ab; spiel weiter oder gib auf."
            ))?,
            DrawAnswer::Agreed => {
                self.report_save();
                return Ok(Next::Draw);
            }
            DrawAnswer::Offered => {
                let other = self.session.name(to_move.other());
                self.say(&text!(
                    "You offer a draw; {other} may accept it after your move.",
                    "Du bietest Remis an; {other} kann nach deinem Zug annehmen."
                ))?;
            }
            DrawAnswer::AlreadyOffered => {
                let other = self.session.name(to_move.other());
                self.say(&crate::session::already_offered(other))?;
            }
        }
        Ok(Next::Prompt)
    }

    /// Plays the person's move `mv`.
    fn play(&mut self, mv: &str) -> anyhow::Result<Next> {
        let (mover, names) = (self.session.game.side_to_move(), self.session.names());
        match self.session.play(mv) {
            Ok(_) => {
                self.report_save();
                // A choice of colours (Amakta's setup) is said, as the
                // engine's is and as the full screen says it.
                if let Some(note) = self.session.choice_note(names, mover) {
                    self.say(&text!("{note}", "{note}"))?;
                }
                // Against the engine the board is drawn once a move pair,
                // after its reply (or at the end).
                let replies = self.session.engine_plays(self.session.game.side_to_move());
                Ok(if replies && self.session.game.outcome().is_none() { Next::Prompt } else { Next::Draw })
            }
            Err(error) => {
                let message = error.message(self.session.language);
                if matches!(error, GameError::MalformedMove { .. }) {
                    // A move that does not parse: show how one is written.
                    self.say(&text!("{message}.", "{message}."))?;
                    self.show_example(true)?;
                } else {
                    self.say(&text!(
                        "{message}. Type `moves` for the legal moves, `help` for help.",
                        "{message}. `züge` zeigt die zulässigen Züge, `hilfe` die Hilfe."
                    ))?;
                }
                Ok(Next::Prompt)
            }
        }
    }
}

/// `drawing` with each line of prose wider than `width` (a note such as
/// Amakta Infinit's bidding or creation status: it begins with a word
/// that starts in upper case, `Bidding:`, `Gebote`) broken at spaces, its
/// colours left out; the board's lines (a row's label first, or spaces)
/// stay as they are, however wide.
fn prose_wrapped(drawing: &str, width: usize) -> String {
    let lines: Vec<String> = drawing
        .lines()
        .map(|line| {
            let plain = game::strip_escapes(line);
            let first = plain.split_whitespace().next().unwrap_or_default();
            let word = first.strip_suffix(':').unwrap_or(first);
            let prose = word.chars().next().is_some_and(char::is_uppercase)
                && word.chars().all(char::is_alphabetic)
                && plain.contains(' ');
            if prose && plain.chars().count() > width {
                crate::messages::wrapped_at(&plain, width, 0)
            } else {
                line.to_owned()
            }
        })
        .collect();
    let mut text = lines.join("\n");
    if drawing.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Whether the position of `game` has a zoomed-out drawing smaller than
/// its full one in `style`: its board's lines decide (a zoomed-out legend
/// alone, as Amakta Infinit's plane has, is none).
fn has_smaller_drawing(game: &dyn DynGame, style: Style) -> bool {
    let board = |compact| Drawing::new(&game.render(style.brief().compact(compact))).board;
    board(true) != board(false)
}

/// The engine's move within `limits` (or sooner, when `stop` is set), its
/// thinking shown on standard error when that is a terminal.
fn think(
    game: &mut dyn DynGame,
    limits: &Limits,
    stop: &AtomicBool,
    language: game::Language,
) -> anyhow::Result<String> {
    let show = std::io::stderr().is_terminal();
    // Scores are the first player's, labelled with its name, as in the
    // full-screen mode.
    let first = game.side_to_move() == Player::P1;
    let p1 = player_name(game, Player::P1, language);
    let result = game.think(limits, stop, &mut |info| {
        if show {
            let score = format!("{p1} {}", show_score(for_first_player(info.score, first), language));
            let (depth, line, nodes) = (info.depth, show_line(&info.pv), info.nodes);
            let progress = match &info.currmove {
                Some((mv, number)) => text!(
                    "thinking… depth {depth}, move {number}: {mv}, {nodes} nodes; so far {score} {line}",
                    "denkt… Tiefe {depth}, Zug {number}: {mv}, {nodes} Knoten; bisher {score} {line}"
                ),
                None => text!(
                    "thinking… depth {depth} score {score} {line}",
                    "denkt… Tiefe {depth} Wert {score} {line}"
                ),
            };
            let line: String = progress.get(language).chars().take(terminal_width() - 1).collect();
            eprint!("\r{line}\x1b[K");
        }
    });
    if show {
        eprint!("\r\x1b[K");
    }
    result?.best.context("the engine found no move")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_prose_under_the_board_is_wrapped_and_the_board_is_not() {
        let status =
            "Bidding: Second player to move: 'accept' (play Black with 50 points) or 'bid N' (N above 50)";
        let row = format!("r   0  0 w1:0 {}", "   1 .".repeat(20));
        let drawing = format!("{row}\n\n{status}\nLast move: bid 50\n");
        let wrapped = prose_wrapped(&drawing, 80);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert_eq!(lines[0], row, "the board's row stays whole");
        assert!(lines[2].starts_with("Bidding: ") && lines[2].chars().count() <= 80, "{wrapped}");
        assert!(lines[3].ends_with("(N above 50)"), "{wrapped}");
        assert_eq!(lines[4], "Last move: bid 50");
        assert!(wrapped.ends_with('\n'));
    }

    #[test]
    fn the_engine_named_on_the_command_line_is_confirmed_or_said_to_be_replaced_by_the_levels() {
        assert!(engine_note(None, Some("alphabeta")).is_none());
        let same = engine_note(Some("greedy"), Some("greedy")).expect("a note");
        assert_eq!(same.en, "The engine is greedy.");
        let other = engine_note(Some("greedy"), Some("random")).expect("a note");
        assert!(other.en.starts_with("The engine is random, the level's own, not greedy"), "{}", other.en);
        assert!(other.de.contains("nicht greedy"), "{}", other.de);
    }
}
