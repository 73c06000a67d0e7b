//! The registry of games as the browser reads it, and each game's rules
//! as HTML in either language. Both are built once, when the server
//! starts (they do not change while it runs), and sent with an ETag.

use crate::contract::registry::{
    GameRules, Registry, RegistryGame, RegistryLevel, RegistryLevels, RegistryOption, RegistryPlayers,
};
use crate::core::app::App;
use crate::core::encoded::Encoded;
use crate::core::error::DomainError;
use crate::features::rules_html;
use game::level::{DEFAULT_LEVEL, LEVELS, level};
use game::{GameEntry, Language, Options, text};
use std::collections::HashMap;

/// The rules pages of every game in both languages, by game and language.
pub type RulesPages = HashMap<(&'static str, Language), Encoded>;

/// The registry: every game with its texts in English and German, its web
/// board module and the view of its start; and the engine levels.
#[must_use]
pub fn registry(registry: &game::Registry) -> Registry {
    Registry {
        games: registry.entries().iter().map(|entry| game_of(registry, entry)).collect(),
        levels: RegistryLevels {
            min: *LEVELS.start(),
            max: *LEVELS.end(),
            default: DEFAULT_LEVEL,
            each: LEVELS.map(level_of).collect(),
        },
    }
}

/// What the level picker says of `number`: its engine, and its depth or
/// else its time per move.
fn level_of(number: u8) -> RegistryLevel {
    let settings = level(number);
    let depth = settings.limits.depth;
    RegistryLevel {
        level: number,
        engine: settings.engine.map(str::to_owned),
        depth,
        movetime_ms: if depth.is_some() {
            None
        } else {
            settings.limits.movetime.map(|time| u64::try_from(time.as_millis()).unwrap_or(u64::MAX))
        },
    }
}

/// One game of the registry.
fn game_of(registry: &game::Registry, entry: &GameEntry) -> RegistryGame {
    let sample = registry.create(entry.name, &Options::new(), None).ok();
    let [p1, p2] = entry.players;
    RegistryGame {
        name: entry.name.to_owned(),
        title: entry.title.en.to_owned(),
        titles: entry.title.into(),
        board: entry.board_module.to_owned(),
        options: entry
            .options
            .iter()
            .map(|option| RegistryOption {
                name: option.name.to_owned(),
                label: option.label.into(),
                default: option.default.to_owned(),
                choices: option.values().map(str::to_owned).collect(),
                choice_labels: option.choices.iter().map(|choice| choice.label.into()).collect(),
                help: option.help.into(),
            })
            .collect(),
        players: RegistryPlayers { p1: p1.into(), p2: p2.into() },
        start_view: sample.as_ref().map(|game| game.view()),
    }
}

/// The body of `GET /api/registry` (JSON), to be built once.
#[must_use]
pub fn registry_body(registry: &game::Registry) -> Encoded {
    Encoded::new(serde_json::to_string(&self::registry(registry)).unwrap_or_default())
}

/// The rules of every game in both languages as the JSON of
/// [`GameRules`], rendered once.
#[must_use]
pub fn rules_pages(registry: &game::Registry) -> RulesPages {
    let mut pages = HashMap::new();
    for entry in registry.entries() {
        for (language, code, markdown) in
            [(Language::English, "en", entry.rules.en), (Language::German, "de", entry.rules.de)]
        {
            let reply = GameRules {
                game: entry.name.to_owned(),
                lang: code.to_owned(),
                html: rules_html::render(markdown),
            };
            pages.insert(
                (entry.name, language),
                Encoded::new(serde_json::to_string(&reply).unwrap_or_default()),
            );
        }
    }
    pages
}

/// The rules of `game` in the language `lang` (`en` when none is given),
/// ready to send; 404 for an unknown game, 400 for another language.
pub fn rules<'a>(app: &'a App, game: &str, lang: Option<&str>) -> Result<&'a Encoded, DomainError> {
    let language = match lang {
        None => Language::English,
        Some(code) => Language::from_code(code).ok_or_else(|| {
            DomainError::bad_request(text!(
                "unknown language '{code}' (en or de)",
                "unbekannte Sprache „{code}“ (en oder de)"
            ))
        })?,
    };
    let entry = app.registry.get(game).map_err(|error| DomainError::not_found(error.text()))?;
    app.rules_pages
        .get(&(entry.name, language))
        .ok_or_else(|| DomainError::not_found(text!("no rules of {game}", "keine Regeln von {game}")))
}
