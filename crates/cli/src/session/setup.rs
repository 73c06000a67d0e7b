//! Starting a session: the game (new or resumed from its record) and
//! where it is saved, the person's side, the players' names and the
//! announcement of the end.

use super::settings;
use crate::args::GameArgs;
use crate::cmd::record;
use crate::messages::Failure;
use clap::ValueEnum;
use game::{DynGame, GameError, GameResult, Outcome, Player, Record, Registry, Text, text};
use std::path::{Path, PathBuf};

/// Who plays against the person at the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Opponent {
    /// Another person at the same keyboard.
    Human,
    /// The engine.
    Engine,
}

/// A side name as compared: lower case, `ß` as `ss`.
fn side_key(name: &str) -> String {
    name.trim().to_lowercase().replace('ß', "ss")
}

/// Parses a side name for this game, in English or German, or says which
/// names there are.
pub fn parse_side(game: &dyn DynGame, side: &str) -> Result<Player, Text> {
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

/// A player's name in `language`.
pub fn player_name(game: &dyn DynGame, player: Player, language: game::Language) -> &'static str {
    game.player_name(player).get(language)
}

/// Both wordings of a game error (an unknown game's with the games there
/// are).
pub fn both(error: &GameError) -> Text {
    crate::messages::game_error_text(error)
}

/// Opens the game to play: the one resumed from the record at `resume`
/// (whose game `args` need not name) or a new game from `args`, and where
/// its record is saved (`save_to`, else the resumed file or a new one),
/// once it is sure that the record can be saved there, and the settings
/// (level, clock) the resumed record holds. A bad game, option or
/// position on the command line is a usage error; a record that is
/// missing, unreadable or wrong a failure while running.
pub fn open_game(
    registry: &Registry,
    args: &GameArgs,
    resume: Option<&Path>,
    save_to: Option<&Path>,
) -> Result<(Box<dyn DynGame>, PathBuf, settings::Saved), Failure> {
    let failed = |error: GameError| Failure::running(both(&error));
    let Some(path) = resume else {
        let game = args.create(registry, false)?;
        let path = match save_to {
            Some(path) => path.to_path_buf(),
            None => record::default_path(game.name()).map_err(Failure::running)?,
        };
        record::check(&path).map_err(Failure::running)?;
        return Ok((game, path, settings::Saved::default()));
    };
    let shown = path.display();
    if !args.options.is_empty() {
        let given = args.options.join(", ");
        return Err(Failure::usage(text!(
            "a resumed game keeps the options of its record; leave out {given}",
            "eine fortgesetzte Partie behält die Optionen ihrer Aufzeichnung; lass {given} weg"
        )));
    }
    // The game's name, when given, must be one (before the file is read).
    let named = match args.game.as_str() {
        "" => None,
        name => Some(registry.get(name).map_err(|error| Failure::usage(both(&error)))?.name),
    };
    let text = std::fs::read_to_string(path)
        .map_err(|error| Failure::running(crate::messages::record_unreadable(&shown.to_string(), &error)))?;
    let parsed = Record::parse(&text).map_err(failed)?;
    let game = registry.load_record(&parsed).map_err(failed)?;
    // The record names its game; a name given as well must agree.
    let wanted = named.unwrap_or(game.name());
    if wanted != game.name() {
        let found = game.name();
        return Err(Failure::running(text!(
            "{shown} holds a game of {found}, not {wanted}",
            "{shown} enthält eine Partie {found}, nicht {wanted}"
        )));
    }
    let record_path = save_to.unwrap_or(path).to_path_buf();
    record::check(&record_path).map_err(Failure::running)?;
    let saved = settings::read(&parsed).map_err(|error| {
        let (en, de) = (error.en, error.de);
        Failure::running(text!(
            "{shown}: {en}; correct or delete that line",
            "{shown}: {de}; berichtige oder lösche diese Zeile"
        ))
    })?;
    Ok((game, record_path, saved))
}

/// The announcement of a finished game.
pub fn announce(game: &dyn DynGame, outcome: &Outcome) -> Text {
    let result = result_line(game, outcome);
    let (en, de) = (result.en, result.de);
    text!("Game over: {en}.", "Spielende: {de}.")
}

/// The result of a finished game in a few words: who won, why and the
/// score (`Black wins — time forfeit (0-1)`), for the full screen's status
/// line.
pub fn result_line(game: &dyn DynGame, outcome: &Outcome) -> Text {
    let result = match outcome.result {
        GameResult::Win(player) => {
            let (en, de) = (game.player_name(player), player_name(game, player, game::Language::German));
            text!("{en} wins", "{de} gewinnt")
        }
        GameResult::Draw => text!("Draw", "Remis"),
    };
    let (description, score) = (outcome.description(), outcome.result.as_text());
    let (result_en, result_de, why_en, why_de) = (result.en, result.de, description.en, description.de);
    text!("{result_en} — {why_en} ({score})", "{result_de} — {why_de} ({score})")
}
