//! The registry of games as the browser reads it (`GET /api/registry`):
//! each game's names, options, players and board in both languages, and
//! the engine levels; and a game's rules as HTML (`GET /api/rules/{game}`),
//! which the registry leaves out.

use super::common::Names;
use serde::Serialize;
use ts_rs::{Config, ExportError, TS};

/// `GET /api/registry`: every game and the engine levels.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Registry {
    /// The games, in the registry's order.
    pub games: Vec<RegistryGame>,
    /// The engine levels a game against the engine may have.
    pub levels: RegistryLevels,
}

/// One game of the registry: everything the browser shows of it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RegistryGame {
    /// Registered name (`ataxx`), used in paths, records and requests.
    pub name: String,
    /// The English title (`titles.en`).
    pub title: String,
    /// The title in both languages.
    pub titles: Names,
    /// The name of the web UI's board module that draws the game.
    pub board: String,
    /// The options the game accepts.
    pub options: Vec<RegistryOption>,
    /// The players' names at the standard start.
    pub players: RegistryPlayers,
    /// The board's view of the default start position (the lobby draws
    /// its picture from it); `null` if the game cannot start without
    /// options.
    #[ts(type = "Record<string, unknown> | null")]
    pub start_view: Option<serde_json::Value>,
}

/// One option a game accepts, with what a form shows for it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RegistryOption {
    /// Lower-case name (`rules`).
    pub name: String,
    /// What a form calls it.
    pub label: Names,
    /// The value used when the option is not given.
    pub default: String,
    /// The allowed values (empty: free text the game checks).
    pub choices: Vec<String>,
    /// What the form shows for each of `choices`, in the same order.
    pub choice_labels: Vec<Names>,
    /// One line of help.
    pub help: Names,
}

/// The names of the first and the second player.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RegistryPlayers {
    /// The first player (moves first).
    pub p1: Names,
    /// The second player.
    pub p2: Names,
}

/// The engine levels: from `min` to `max`, `default` when none is asked for.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RegistryLevels {
    /// The weakest level.
    pub min: u8,
    /// The strongest level.
    pub max: u8,
    /// The level of a game that names none.
    pub default: u8,
    /// How each level from `min` to `max` plays, in that order.
    pub each: Vec<RegistryLevel>,
}

/// How the engine plays at one level (what the level picker says of it).
#[derive(Clone, Debug, Serialize, TS)]
pub struct RegistryLevel {
    /// The level.
    pub level: u8,
    /// The engine that plays, when not the game's strongest: `random`
    /// (random moves) or `greedy` (the best move by the evaluation alone).
    pub engine: Option<String>,
    /// The depth of the search in plies (moves of either side), when the
    /// level searches to a depth.
    pub depth: Option<u32>,
    /// The time the engine thinks per move, ms, when the level searches
    /// for a time and not to a depth.
    pub movetime_ms: Option<u64>,
}

/// `GET /api/rules/{game}?lang=en|de`: a game's rules in one language as
/// safe HTML (rendered from the game's Markdown: raw HTML in it escaped,
/// links only http(s) and relative). A diagram is a
/// `<figure class="rules-diagram" data-diagram="…">` whose data is the
/// query of `GET /api/diagram` (without the game) and whose
/// `<div class="rules-board">` the browser draws the position into.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameRules {
    /// The game's registered name.
    pub game: String,
    /// The language of the text: `en` or `de`.
    pub lang: String,
    /// The rules as HTML.
    pub html: String,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<Registry>(cfg)?;
    super::export_type::<GameRules>(cfg)?;
    Ok(())
}
