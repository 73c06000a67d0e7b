//! `spielwerk play`: a game in the terminal.

use crate::args::{ColorChoice, GameArgs};
use crate::cmd::rules::{Language, rules_text};
use crate::cmd::{moves, review};
use anyhow::Context;
use clap::{Args, ValueEnum};
use game::{DynGame, GameError, GameResult, Limits, Outcome, Player, Record, Registry, Style, Text, text};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Who plays against the person at the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Opponent {
    /// Another person at the same keyboard.
    Human,
    /// The engine.
    Engine,
}

/// Arguments of `spielwerk play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Play against the engine or another person.
    #[arg(long, value_enum, default_value = "engine")]
    pub vs: Opponent,
    /// Your side against the engine: the player's name (`red`, `black`,
    /// `white`, or its first letter), `x`/`p1`/`first` or `o`/`p2`/`second`.
    #[arg(long, default_value = "p1")]
    pub side: String,
    /// The engine's time per move in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub movetime: u64,
    /// Which engine plays (the game's strongest by default).
    #[arg(long)]
    pub engine: Option<String>,
    /// Where the record is saved after every move (default: a new file
    /// `spielwerk-<game>-<time>.txt` in the current folder).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Continue the game saved in this record file (saving goes on there
    /// unless `--record` says otherwise).
    #[arg(long, conflicts_with = "position")]
    pub resume: Option<PathBuf>,
    /// Language of the messages, the board's legends and the rules.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: Language,
    /// Colours in the board drawing: `auto` when the output is a terminal
    /// and `NO_COLOR` is not set.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorChoice,
    /// Full-screen mode: the board stays in place with the move list,
    /// clocks, the engine's line and a prompt with completion.
    #[arg(long)]
    pub tui: bool,
    /// The engine's strength 1–10 as on the web (full-screen mode; without
    /// it the engine thinks --movetime a move).
    #[arg(long, requires = "tui", value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Play on a clock: MINUTES+SECONDS per side and move, e.g. 3+2
    /// (full-screen mode); who runs out of time loses.
    #[arg(long, requires = "tui")]
    pub clock: Option<crate::tui::clock::TimeControl>,
}

/// Parses a side name for this game, or says (in both languages) which
/// names there are.
pub(crate) fn parse_side(game: &dyn DynGame, side: &str) -> Result<Player, Text> {
    let side = side.trim().to_ascii_lowercase();
    match side.as_str() {
        "p1" | "1" | "first" | "x" => return Ok(Player::P1),
        "p2" | "2" | "second" | "o" => return Ok(Player::P2),
        _ => {}
    }
    let matches: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|&p| !side.is_empty() && game.player_name(p).to_ascii_lowercase().starts_with(&side))
        .collect();
    match matches.as_slice() {
        [player] => Ok(*player),
        _ => {
            let first = game.player_name(Player::P1).to_ascii_lowercase();
            let second = game.player_name(Player::P2).to_ascii_lowercase();
            Err(text!(
                "unknown side '{side}': say {first} or {second} (or p1/p2)",
                "unbekannte Seite „{side}“: {first} oder {second} (oder p1/p2)"
            ))
        }
    }
}

fn commands() -> Text {
    Text::new(
        "Commands: a move in the game's notation, `moves` (legal moves; `moves e5` those with e5), `board` (draw it again), \
         `cell e5` / `stone e5` (explain a cell, where the game offers it), `undo`, \
         `hint`, `history` (numbered moves), `rules`, `resign`, `draw` (offer a draw to the other person, or \
         accept theirs), `record`, `help`, `quit` (the game stays saved; continue it with --resume).",
        "Befehle: ein Zug in der Notation des Spiels, `moves` (zulässige Züge; `moves e5` die mit e5), `board` (Brett neu zeichnen), \
         `cell e5` / `stone e5` (ein Feld erklären, wo das Spiel es anbietet), \
         `undo` (zurücknehmen), `hint` (Tipp), `history` (nummerierte Züge), `rules` (Regeln), `resign` \
         (aufgeben), `draw` (dem Gegenüber Remis anbieten oder sein Angebot annehmen), `record` \
         (Aufzeichnung), `help`, `quit` (die Partie bleibt gespeichert; weiter mit --resume).",
    )
}

/// A player's name in `language` (German names as in the web UI).
pub(crate) fn player_name(game: &dyn DynGame, player: Player, language: game::Language) -> &'static str {
    let name = game.player_name(player);
    if language == game::Language::English {
        return name;
    }
    match name {
        "Red" => "Rot",
        "Blue" => "Blau",
        "White" => "Weiß",
        "Black" => "Schwarz",
        "First player" => "Erster Spieler",
        "Second player" => "Zweiter Spieler",
        other => other,
    }
}

/// Both wordings of a game error.
fn both(error: &GameError) -> Text {
    Text::new(error.message(game::Language::English), error.message(game::Language::German))
}

/// Opens the game to play: the resumed record or a new game from the
/// arguments, and where its record is saved.
pub(crate) fn open_game(registry: &Registry, args: &PlayArgs) -> Result<(Box<dyn DynGame>, PathBuf), Text> {
    let message = |error: GameError| both(&error);
    let Some(path) = &args.resume else {
        let game = args.game.create(registry, false).map_err(message)?;
        let path = args.record.clone().unwrap_or_else(|| default_record_path(game.name()));
        return Ok((game, path));
    };
    let shown = path.display();
    if !args.game.options.is_empty() {
        let given = args.game.options.join(", ");
        return Err(text!(
            "a resumed game keeps the options of its record; leave out {given}",
            "eine fortgesetzte Partie behält die Optionen ihrer Aufzeichnung; lass {given} weg"
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| text!("cannot read {shown}: {e}", "{shown} ist nicht lesbar: {e}"))?;
    let record = Record::parse(&text).map_err(message)?;
    let game = registry.load_record(&record).map_err(message)?;
    let wanted = registry.get(&args.game.game).map_err(message)?.name;
    if wanted != game.name() {
        let found = game.name();
        return Err(text!(
            "{shown} holds a game of {found}, not {wanted}",
            "{shown} enthält eine Partie {found}, nicht {wanted}"
        ));
    }
    Ok((game, args.record.clone().unwrap_or_else(|| path.clone())))
}

/// Plays a game in the terminal.
pub fn run(registry: &Registry, args: &PlayArgs) -> anyhow::Result<()> {
    if args.tui {
        return crate::tui::run(registry, args);
    }
    let language = game::Language::from(args.lang);
    let fail = |message: Text| anyhow::anyhow!("{}", message.get(language));
    let (mut game, record_path) = open_game(registry, args).map_err(fail)?;
    if let Some(engine) = &args.engine {
        game.set_engine(engine).map_err(|error| fail(both(&error)))?;
    }
    let human = parse_side(game.as_ref(), &args.side).map_err(fail)?;
    let entry = registry.get(game.name())?;
    let style = Style::new(language, args.color.enabled());
    let say = |message: Text| println!("{}", message.get(language));
    let name = |game: &dyn DynGame, player| player_name(game, player, language);
    let commands = commands();
    println!("{}", wrapped(&format!("{} — {}", entry.title, commands.get(language))));
    if args.vs == Opponent::Engine {
        let (you, movetime) = (name(game.as_ref(), human), args.movetime);
        say(text!(
            "Your side: {you}; the engine thinks {movetime} ms a move.",
            "Deine Seite: {you}; der Computer denkt {movetime} ms je Zug."
        ));
    }
    let path = record_path.display();
    say(text!(
        "The game is saved to {path} after every move.\n",
        "Die Partie wird nach jedem Zug in {path} gespeichert.\n"
    ));
    save(game.as_ref(), &record_path)?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut changed = true;
    // The player who offered a draw to the other person, until it is
    // accepted or the other person moves.
    let mut draw_offer: Option<Player> = None;
    loop {
        if std::mem::take(&mut changed) {
            println!("{}", game.render(style));
        }
        if let Some(outcome) = game.outcome() {
            println!("{}", announce(game.as_ref(), &outcome).get(language));
            save(game.as_ref(), &record_path)?;
            review::review(game.as_ref(), &mut lines, style)?;
            return Ok(());
        }
        let to_move = game.side_to_move();
        if args.vs == Opponent::Engine && to_move != human {
            let best = think(game.as_mut(), args.movetime, language)?;
            let played = game.play(&best)?;
            let engine = name(game.as_ref(), to_move);
            say(text!("Engine ({engine}) plays {played}\n", "Computer ({engine}) spielt {played}\n"));
            save(game.as_ref(), &record_path)?;
            changed = true;
            continue;
        }
        let mover = name(game.as_ref(), to_move);
        if draw_offer == Some(to_move.other()) {
            let offerer = name(game.as_ref(), to_move.other());
            say(text!(
                "{offerer} offers a draw: `draw` accepts, a move declines.",
                "{offerer} bietet Remis an: `draw` nimmt an, ein Zug lehnt ab."
            ));
        }
        print!("{}", text!("{mover} to move> ", "{mover} am Zug> ").get(language));
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            let path = record_path.display();
            say(text!(
                "\nInput ended; the game is saved in {path}.",
                "\nEingabe beendet; die Partie ist in {path} gespeichert."
            ));
            return Ok(());
        };
        let line = line?;
        let input = line.trim();
        if let Some(explanation) = explain(game.as_ref(), input) {
            say(explanation);
            continue;
        }
        match input {
            "" => {}
            "help" | "?" => println!("{}", wrapped(commands.get(language))),
            "board" => println!("{}", game.render(style)),
            "rules" => println!("{}", rules_text(registry, game.name(), args.lang)?),
            "moves" => println!("{}", moves::moves_text(game.legal_moves(), &[], language)),
            words if words.starts_with("moves ") => {
                let filter: Vec<&str> = words.split_whitespace().skip(1).collect();
                println!("{}", moves::moves_text(game.legal_moves(), &filter, language));
            }
            "history" => println!("{}", review::history(game.as_ref(), language)),
            "record" => println!("{}", game.record().to_text()),
            "hint" => {
                let hint = think(game.as_mut(), args.movetime.min(1000), language)?;
                say(text!("The engine suggests {hint}", "Der Computer schlägt {hint} vor"));
            }
            "undo" => {
                draw_offer = None;
                let steps = if args.vs == Opponent::Engine {
                    undo_to(game.as_mut(), human)
                } else {
                    undo_one(game.as_mut())
                };
                if steps == 0 {
                    say(text!("Nothing to undo.", "Nichts zurückzunehmen."));
                }
                changed = steps > 0;
                save(game.as_ref(), &record_path)?;
            }
            "resign" => {
                changed = true;
                game.end(Outcome::win(to_move.other(), "resignation"));
                save(game.as_ref(), &record_path)?;
            }
            "draw" if args.vs == Opponent::Human && draw_offer == Some(to_move.other()) => {
                changed = true;
                game.end(Outcome::draw("agreement"));
                save(game.as_ref(), &record_path)?;
            }
            "draw" if args.vs == Opponent::Human => {
                draw_offer = Some(to_move);
                let other = name(game.as_ref(), to_move.other());
                say(text!(
                    "You offer a draw; {other} may accept it after your move.",
                    "Du bietest Remis an; {other} kann nach deinem Zug annehmen."
                ));
            }
            "draw" => say(text!(
                "The engine declines; play on or resign.",
                "Der Computer lehnt ab; spiel weiter oder gib auf."
            )),
            "quit" | "exit" => {
                let path = record_path.display();
                say(text!(
                    "The game is saved in {path}; continue with --resume.",
                    "Die Partie ist in {path} gespeichert; weiter mit --resume."
                ));
                return Ok(());
            }
            mv => match game.play(mv) {
                Ok(_) => {
                    if draw_offer == Some(to_move.other()) {
                        draw_offer = None;
                    }
                    changed = true;
                    save(game.as_ref(), &record_path)?;
                }
                Err(error) => {
                    let message = error.message(language);
                    say(text!(
                        "{message}. Type `moves` for the legal moves, `help` for help.",
                        "{message}. `moves` zeigt die zulässigen Züge, `help` die Hilfe."
                    ));
                }
            },
        }
    }
}

/// The game's answer to `cell e5` / `stone e5` (the explanation or why
/// the cell is wrong); `None` for other input or when the game has no
/// such command (the input is then a move).
fn explain(game: &dyn DynGame, input: &str) -> Option<Text> {
    let word = input.split_whitespace().next()?;
    if !matches!(word, "cell" | "stone") {
        return None;
    }
    game.explain(input).map(|answer| answer.unwrap_or_else(|error| error))
}

fn undo_one(game: &mut dyn DynGame) -> usize {
    usize::from(game.undo().is_some())
}

/// Takes back moves until `human` is to move again after at least one
/// take-back of theirs; returns how many moves were taken back.
fn undo_to(game: &mut dyn DynGame, human: Player) -> usize {
    let mut steps = 0;
    while game.undo().is_some() {
        steps += 1;
        if game.side_to_move() == human && game.outcome().is_none() {
            break;
        }
    }
    steps
}

fn think(game: &mut dyn DynGame, movetime: u64, language: game::Language) -> anyhow::Result<String> {
    let show = std::io::stderr().is_terminal();
    let stop = AtomicBool::new(false);
    let limits = Limits::movetime(Duration::from_millis(movetime));
    let result = game.think(&limits, &stop, &mut |info| {
        if show {
            let (depth, score, line, nodes) = (info.depth, info.score.uci(), info.pv.join(" "), info.nodes);
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

/// `text` broken into lines at spaces so that none is wider than the
/// terminal (a word longer than a line stays whole).
fn wrapped(text: &str) -> String {
    let width = terminal_width();
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// The terminal's width in columns as the shell tells it (`COLUMNS`), 80
/// when it does not: progress lines are cut to it so that they never wrap.
fn terminal_width() -> usize {
    std::env::var("COLUMNS").ok().and_then(|columns| columns.parse().ok()).filter(|&c| c > 1).unwrap_or(80)
}

/// The announcement of a finished game.
pub fn announce(game: &dyn DynGame, outcome: &Outcome) -> Text {
    let result = match outcome.result {
        GameResult::Win(player) => {
            let (en, de) = (game.player_name(player), player_name(game, player, game::Language::German));
            text!("{en} wins", "{de} gewinnt")
        }
        GameResult::Draw => text!("Draw", "Remis"),
    };
    let (description, score) = (outcome.description(), outcome.result.as_text());
    let (result_en, result_de, why_en, why_de) = (result.en, result.de, description.en, description.de);
    text!("Game over: {result_en} — {why_en} ({score}).", "Spielende: {result_de} — {why_de} ({score}).")
}

fn default_record_path(game: &str) -> PathBuf {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    PathBuf::from(format!("spielwerk-{game}-{seconds}.txt"))
}

/// Writes the record atomically (a temporary file renamed over the old
/// one); a path that is not a regular file (a terminal, a pipe) is written
/// to directly.
pub(crate) fn save(game: &dyn DynGame, path: &Path) -> anyhow::Result<()> {
    if path.exists() && !path.is_file() {
        std::fs::write(path, game.record().to_text())
            .with_context(|| format!("cannot write {}", path.display()))?;
        return Ok(());
    }
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, game.record().to_text())
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
