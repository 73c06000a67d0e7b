//! `spielwerk play`: a game in the terminal.

use crate::args::{ColorChoice, GameArgs, terminal_width};
use crate::cmd::rules::{Language, rules_text};
use crate::cmd::{moves, record, review};
use crate::input::{Prompt, Quiet};
use crate::messages::write_line;
use crate::tui::engine::{for_first_player, show_score};
use anyhow::Context;
use clap::{Args, ValueEnum};
use game::{DynGame, GameError, GameResult, Limits, Outcome, Player, Record, Registry, Style, Text, text};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

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
    /// Your side against the engine: the player's name in English or
    /// German (`red`/`rot`, `black`/`schwarz`, `white`/`weiß`/`weiss`, or
    /// its first letters), `x`/`p1`/`first` or `o`/`p2`/`second`.
    #[arg(long, default_value = "p1")]
    pub side: String,
    /// The engine's time per move in milliseconds.
    #[arg(long, default_value_t = 2000)]
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
    /// unless `--record` says otherwise).
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
    /// Play on a clock: MINUTES+SECONDS per side and move, e.g. 3+2
    /// (full-screen mode); who runs out of time loses.
    #[arg(long, requires = "tui")]
    pub clock: Option<crate::tui::clock::TimeControl>,
}

/// A side name as compared: lower case, `ß` as `ss`.
fn side_key(name: &str) -> String {
    name.trim().to_lowercase().replace('ß', "ss")
}

/// Parses a side name for this game, in English or German, or says which
/// names there are.
pub(crate) fn parse_side(game: &dyn DynGame, side: &str) -> Result<Player, Text> {
    let side = side_key(side);
    match side.as_str() {
        "p1" | "1" | "first" | "x" | "erster" => return Ok(Player::P1),
        "p2" | "2" | "second" | "o" | "zweiter" => return Ok(Player::P2),
        _ => {}
    }
    let names = |player| {
        [game::Language::English, game::Language::German]
            .map(|language| side_key(player_name(game, player, language)))
    };
    let matches: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|&p| !side.is_empty() && names(p).iter().any(|name| name.starts_with(&side)))
        .collect();
    match matches.as_slice() {
        [player] => Ok(*player),
        _ => {
            let [first, first_de] = names(Player::P1);
            let [second, second_de] = names(Player::P2);
            Err(text!(
                "unknown side '{side}': say {first} or {second} (or p1/p2)",
                "unbekannte Seite „{side}“: {first_de} oder {second_de} (oder p1/p2)"
            ))
        }
    }
}

/// The commands of the prompt; `cell e5` only where the game explains
/// cells, `legend` only where its drawing has a legend to leave out.
fn commands(game: &dyn DynGame) -> Text {
    let explains = game.explain("cell").is_some();
    let (cell, cell_de) = if explains {
        ("`cell e5` / `stone e5` (explain a cell), ", "`cell e5` / `stone e5` (ein Feld erklären), ")
    } else {
        ("", "")
    };
    let has_legend = game.render(Style::default()) != game.render(Style::default().brief());
    let (legend, legend_de) = if has_legend {
        ("`legend` (the board with its legend), ", "`legend` (das Brett mit Legende), ")
    } else {
        ("", "")
    };
    text!(
        "Commands: a move in the game's notation, `moves` (legal moves; `moves e5` those with e5), `board` (draw it \
         again), {legend}{cell}`undo`, `hint`, `history` (numbered moves), `rules`, `resign`, `draw` (offer a draw to \
         the other person, or accept theirs), `record`, `help`, `quit` (the game stays saved; continue it with \
         --resume). ↑/↓ go through what you typed.",
        "Befehle: ein Zug in der Notation des Spiels, `moves` (zulässige Züge; `moves e5` die mit e5), `board` (Brett \
         neu zeichnen), {legend_de}{cell_de}`undo` (zurücknehmen), `hint` (Tipp), `history` (nummerierte Züge), `rules` \
         (Regeln), `resign` (aufgeben), `draw` (dem Gegenüber Remis anbieten oder sein Angebot annehmen), `record` \
         (Aufzeichnung), `help`, `quit` (die Partie bleibt gespeichert; weiter mit --resume). ↑/↓ holen Eingaben zurück."
    )
}

/// A player's name in `language`.
pub(crate) fn player_name(game: &dyn DynGame, player: Player, language: game::Language) -> &'static str {
    game.player_name(player).get(language)
}

/// Both wordings of a game error.
fn both(error: &GameError) -> Text {
    Text::new(error.message(game::Language::English), error.message(game::Language::German))
}

/// Opens the game to play: the resumed record or a new game from the
/// arguments, and where its record is saved, once it is sure that the
/// record can be saved there.
pub(crate) fn open_game(registry: &Registry, args: &PlayArgs) -> Result<(Box<dyn DynGame>, PathBuf), Text> {
    let message = |error: GameError| both(&error);
    let Some(path) = &args.resume else {
        let game = args.game.create(registry, false).map_err(message)?;
        let path = match &args.record {
            Some(path) => path.clone(),
            None => record::default_path(game.name())?,
        };
        record::check(&path)?;
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
    let record_path = args.record.clone().unwrap_or_else(|| path.clone());
    record::check(&record_path)?;
    Ok((game, record_path))
}

/// Plays a game in the terminal.
pub fn run(registry: &Registry, args: &PlayArgs, lang: Language) -> anyhow::Result<()> {
    if args.tui {
        return crate::tui::run(registry, args, lang);
    }
    let language = game::Language::from(lang);
    let fail = |message: Text| anyhow::anyhow!("{}", message.get(language));
    let (mut game, record_path) = open_game(registry, args).map_err(fail)?;
    if let Some(engine) = &args.engine {
        game.set_engine(engine).map_err(|error| fail(both(&error)))?;
    }
    // A level plays its engine (random, greedy at the lowest) where the
    // game offers it, and searches within its limits.
    let level = args.level.map(game::level::level);
    if let Some(engine) = level.and_then(|level| level.engine).filter(|name| game.engines().contains(name)) {
        game.set_engine(engine).map_err(|error| fail(both(&error)))?;
    }
    let engine_limits =
        level.map_or(Limits::movetime(Duration::from_millis(args.movetime)), |level| level.limits);
    let human = parse_side(game.as_ref(), &args.side).map_err(fail)?;
    let entry = registry.get(game.name())?;
    let style = Style::new(language, args.color.enabled());
    // The legend is drawn once, then on `legend`; not with every move.
    let mut board_style = style;
    let say = |message: Text| write_line(wrapped(message.get(language)));
    let name = |game: &dyn DynGame, player| player_name(game, player, language);
    let commands = commands(game.as_ref());
    write_line(wrapped(&format!("{} — {}", entry.title.get(language), commands.get(language))))?;
    if args.vs == Opponent::Engine {
        let (you, movetime) = (name(game.as_ref(), human), args.movetime);
        say(match args.level {
            Some(n) => text!(
                "Your side: {you}; the engine plays at level {n}.",
                "Deine Seite: {you}; der Computer spielt auf Stufe {n}."
            ),
            None => text!(
                "Your side: {you}; the engine thinks {movetime} ms a move.",
                "Deine Seite: {you}; der Computer denkt {movetime} ms je Zug."
            ),
        })?;
    }
    let path = record_path.display();
    say(text!(
        "The game is saved to {path} after every move, from the first on.\n",
        "Die Partie wird ab dem ersten Zug nach jedem Zug in {path} gespeichert.\n"
    ))?;
    let mut saver = record::Saver::new(record_path.clone());
    let mut prompt = Prompt::stdin();
    let mut changed = true;
    // The player who offered a draw to the other person, until it is
    // accepted or the other person moves.
    let mut draw_offer: Option<Player> = None;
    loop {
        if std::mem::take(&mut changed) {
            write_line(game.render(board_style))?;
            board_style = style.brief();
        }
        if let Some(outcome) = game.outcome() {
            write_line(announce(game.as_ref(), &outcome).get(language))?;
            save(&mut saver, game.as_ref(), language);
            review::review(game.as_ref(), &mut prompt, board_style)?;
            if saver.failed() {
                say(saver.farewell(game.as_ref()))?;
            }
            return Ok(());
        }
        let to_move = game.side_to_move();
        if args.vs == Opponent::Engine && to_move != human {
            let quiet = Quiet::while_thinking();
            let best = think(game.as_mut(), &engine_limits, language)?;
            let typed = quiet.discard_typed();
            drop(quiet);
            let played = game.play(&best)?;
            let engine = name(game.as_ref(), to_move);
            say(text!("Engine ({engine}) plays {played}\n", "Computer ({engine}) spielt {played}\n"))?;
            if typed {
                say(text!(
                    "(What you typed while the engine thought was not played; type your move now.)",
                    "(Was du während des Rechnens getippt hast, wurde nicht gespielt; gib deinen Zug jetzt ein.)"
                ))?;
            }
            save(&mut saver, game.as_ref(), language);
            changed = true;
            continue;
        }
        let mover = name(game.as_ref(), to_move);
        if draw_offer == Some(to_move.other()) {
            let offerer = name(game.as_ref(), to_move.other());
            say(text!(
                "{offerer} offers a draw: `draw` accepts, a move declines.",
                "{offerer} bietet Remis an: `draw` nimmt an, ein Zug lehnt ab."
            ))?;
        }
        let Some(line) = prompt.read(text!("{mover} to move> ", "{mover} am Zug> ").get(language))? else {
            write_line("")?;
            say(saver.farewell(game.as_ref()))?;
            return Ok(());
        };
        let input = line.trim();
        if let Some(explanation) = explain(game.as_ref(), input) {
            say(explanation)?;
            continue;
        }
        match input {
            "" => {}
            "help" | "?" => write_line(wrapped(commands.get(language)))?,
            "board" => write_line(game.render(board_style))?,
            "legend" => write_line(game.render(style))?,
            "rules" => write_line(rules_text(registry, game.name(), lang, style)?)?,
            words if words == "moves" || words.starts_with("moves ") => {
                let filter: Vec<&str> = words.split_whitespace().skip(1).collect();
                let listed = moves::annotated(game.as_ref(), game.legal_moves());
                write_line(moves::moves_text(listed, &filter, language, terminal_width()))?;
            }
            "history" => write_line(review::history(game.as_ref(), language))?,
            "record" => write_line(game.record().to_text())?,
            "hint" => {
                let limits = Limits::movetime(Duration::from_millis(args.movetime.min(1000)));
                let hint = think(game.as_mut(), &limits, language)?;
                say(text!("The engine suggests {hint}", "Der Computer schlägt {hint} vor"))?;
            }
            "undo" => {
                draw_offer = None;
                let steps = if args.vs == Opponent::Engine {
                    undo_to(game.as_mut(), human)
                } else {
                    undo_one(game.as_mut())
                };
                if steps == 0 {
                    say(text!("Nothing to undo.", "Nichts zurückzunehmen."))?;
                } else {
                    let Text { en, de } = crate::messages::moves(steps);
                    say(text!("Took back {en}.", "{de} zurückgenommen."))?;
                }
                changed = steps > 0;
                save(&mut saver, game.as_ref(), language);
            }
            "resign" => {
                changed = true;
                game.end(Outcome::win(to_move.other(), "resignation"));
                save(&mut saver, game.as_ref(), language);
            }
            "draw" if args.vs == Opponent::Human && draw_offer == Some(to_move.other()) => {
                changed = true;
                game.end(Outcome::draw("agreement"));
                save(&mut saver, game.as_ref(), language);
            }
            "draw" if args.vs == Opponent::Human => {
                draw_offer = Some(to_move);
                let other = name(game.as_ref(), to_move.other());
                say(text!(
                    "You offer a draw; {other} may accept it after your move.",
                    "Du bietest Remis an; {other} kann nach deinem Zug annehmen."
                ))?;
            }
            "draw" => say(text!(
                "The engine declines; play on or resign.",
                "Der Computer lehnt ab; spiel weiter oder gib auf."
            ))?,
            "quit" | "exit" => {
                say(saver.farewell(game.as_ref()))?;
                return Ok(());
            }
            mv => match game.play(mv) {
                Ok(_) => {
                    if draw_offer == Some(to_move.other()) {
                        draw_offer = None;
                    }
                    // Against the engine the board is drawn once a move
                    // pair, after its reply (or at the end).
                    let replies = args.vs == Opponent::Engine && game.side_to_move() != human;
                    changed = !replies || game.outcome().is_some();
                    save(&mut saver, game.as_ref(), language);
                }
                Err(error) => {
                    let message = error.message(language);
                    say(text!(
                        "{message}. Type `moves` for the legal moves, `help` for help.",
                        "{message}. `moves` zeigt die zulässigen Züge, `help` die Hilfe."
                    ))?;
                }
            },
        }
    }
}

/// Saves the record after a change. A save that fails does not end the
/// game: the warning (path and reason) goes to standard error and the next
/// change tries again, and a save that works again after one failed says
/// so there.
fn save(saver: &mut record::Saver, game: &dyn DynGame, language: game::Language) {
    let note = match saver.save(game) {
        Ok(None) => return,
        Ok(Some(note)) | Err(note) => note,
    };
    // Standard error may fail as well; the game goes on regardless.
    let _ = writeln!(std::io::stderr(), "{}", note.get(language));
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

/// The engine's move within `limits`, its thinking shown on standard error
/// when that is a terminal.
fn think(game: &mut dyn DynGame, limits: &Limits, language: game::Language) -> anyhow::Result<String> {
    let show = std::io::stderr().is_terminal();
    let stop = AtomicBool::new(false);
    // Scores are the first player's, labelled with its name, as in the
    // full-screen mode.
    let first = game.side_to_move() == Player::P1;
    let p1 = player_name(game, Player::P1, language);
    let result = game.think(limits, &stop, &mut |info| {
        if show {
            let score = format!("{p1} {}", show_score(for_first_player(info.score, first)));
            let (depth, line, nodes) = (info.depth, info.pv.join(" "), info.nodes);
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
/// terminal (a word longer than a line stays whole); its own line breaks
/// stay.
fn wrapped(text: &str) -> String {
    wrapped_to(text, terminal_width())
}

/// [`wrapped`] at `width` columns.
fn wrapped_to(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (index, paragraph) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let mut line = String::new();
        for word in paragraph.split(' ') {
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
    }
    out
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

#[cfg(test)]
mod tests {
    use super::wrapped_to;

    #[test]
    fn messages_break_at_spaces_and_keep_their_own_lines() {
        let text =
            "The game is saved to /home/someone/.local/share/spielwerk/ataxx.txt after every move.\nNext";
        let wrapped = wrapped_to(text, 40);
        for line in wrapped.lines() {
            assert!(line.chars().count() <= 40 || !line.contains(' '), "{wrapped}");
        }
        assert_eq!(wrapped.replace('\n', " "), text.replace('\n', " "));
        assert!(wrapped.ends_with("\nNext"), "{wrapped}");
    }
}
