//! `spielwerk games`, `spielwerk rules` and `spielwerk help GAME`.

use crate::args::{ColorChoice, option_flag};
use crate::markdown;
use crate::messages::{Failure, game_error_text, wrapped, wrapped_hanging, write_line};
use clap::{Args, ValueEnum};
use game::{GameEntry, Options, Registry, Style, text};

/// A language of the rule texts and of terminal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Language {
    /// English.
    En,
    /// German.
    De,
}

impl From<Language> for game::Language {
    fn from(language: Language) -> game::Language {
        match language {
            Language::En => game::Language::English,
            Language::De => game::Language::German,
        }
    }
}

/// Arguments of `spielwerk rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The game.
    pub game: String,
    /// Colours and emphasis in the text: `auto` when the output is a
    /// terminal and `NO_COLOR` is not set.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorChoice,
}

/// Arguments of `spielwerk games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Show this game only (as `spielwerk help GAME` does, without the
    /// rules).
    pub game: Option<String>,
}

/// Prints every game with its options and its engines, or the one game
/// `args` names (an unknown name is a usage error with the games there
/// are).
pub fn list_games(registry: &Registry, args: &GamesArgs, language: game::Language) -> anyhow::Result<()> {
    let entries: Vec<&GameEntry> = match &args.game {
        Some(name) => vec![registry.get(name).map_err(|error| Failure::usage(game_error_text(&error)))?],
        None => registry.entries().iter().collect(),
    };
    for entry in entries {
        write_line(wrapped_hanging(&game_summary(registry, entry, language)?, 8))?;
    }
    let end = text!(
        "`spielwerk help GAME` shows one game; `spielwerk rules GAME` its rules.",
        "`spielwerk help SPIEL` zeigt ein Spiel; `spielwerk rules SPIEL` seine Regeln."
    );
    write_line(wrapped(end.get(language)))?;
    Ok(())
}

/// A game's name, title, options (as flags, with values and defaults) and
/// engines (the first is the default of `play`, `analyse`, `uai`/`ugi`),
/// in `language`.
fn game_summary(registry: &Registry, entry: &GameEntry, language: game::Language) -> anyhow::Result<String> {
    let german = language == game::Language::German;
    let mut out = format!("{} — {}\n", entry.name, entry.title.get(language));
    for spec in entry.options {
        let choices = if spec.choices.is_empty() {
            String::new()
        } else {
            format!(" [{}]", spec.values().collect::<Vec<_>>().join("|"))
        };
        let engine = entry
            .engine_defaults
            .iter()
            .find(|(name, _)| *name == spec.name)
            .map(|(_, value)| {
                if german {
                    format!("; Engine-Befehle: {value}")
                } else {
                    format!("; engine commands: {value}")
                }
            })
            .unwrap_or_default();
        let (flag, default, help) = (option_flag(spec.name), spec.default, spec.help.get(language));
        let line = text!(
            "    --{flag} …{choices} (default {default}{engine}): {help}\n",
            "    --{flag} …{choices} (Vorgabe {default}{engine}): {help}\n"
        );
        out.push_str(line.get(language));
    }
    let game = registry.create(entry.name, &Options::new(), None)?;
    let engines = game.engines();
    let (list, first) = (engines.join(", "), engines[0]);
    let line = text!(
        "    engines (--engine): {list} (default {first})",
        "    Engines (--engine): {list} (Vorgabe {first})"
    );
    out.push_str(line.get(language));
    Ok(out)
}

/// `spielwerk help GAME`: the game's options and engines, when the command
/// line is exactly that (`spielwerk help play` and the like stay clap's),
/// in `language`.
pub fn help_for_game(
    registry: &Registry,
    words: &[String],
    language: game::Language,
) -> Option<anyhow::Result<()>> {
    let entry = game_of_help(registry, words)?;
    Some(game_summary(registry, entry, language).and_then(|summary| {
        write_line(wrapped_hanging(&summary, 8))?;
        let name = entry.name;
        let end = text!(
            "Play it: spielwerk play {name}; its rules: spielwerk rules {name}; every flag: spielwerk play {name} --help",
            "Spielen: spielwerk play {name}; Regeln: spielwerk rules {name}; alle Schalter: spielwerk play {name} --help"
        );
        write_line(wrapped(end.get(language)))?;
        Ok(())
    }))
}

/// The game a command line `spielwerk help GAME` asks about, if it is
/// exactly that.
pub fn game_of_help<'r>(registry: &'r Registry, words: &[String]) -> Option<&'r GameEntry> {
    let [help, game] = asked_for_help(words)?;
    registry.get(game).ok().filter(|_| help == "help")
}

/// The words of a command line `spielwerk help WORD` (`--lang` aside):
/// `["help", WORD]`; `None` for any other.
pub fn asked_for_help(words: &[String]) -> Option<[&str; 2]> {
    let mut kept = Vec::new();
    let mut rest = words.iter().skip(1);
    while let Some(word) = rest.next() {
        if word == "--lang" {
            rest.next();
        } else if !word.starts_with("--lang=") {
            kept.push(word.as_str());
        }
    }
    match kept[..] {
        ["help", word] => Some(["help", word]),
        _ => None,
    }
}

/// Prints the rules of a game, drawn for the terminal.
pub fn run(registry: &Registry, args: &RulesArgs, lang: Language) -> anyhow::Result<()> {
    let style = Style::new(lang.into(), args.color.enabled());
    write_line(rules_text(registry, &args.game, lang, style)?)?;
    Ok(())
}

/// The rule text of a game in a language, drawn for the terminal in
/// `style` (Markdown's marks made into terminal styles, wrapped to the
/// terminal's width).
pub fn rules_text(registry: &Registry, game: &str, lang: Language, style: Style) -> anyhow::Result<String> {
    rules_text_at(registry, game, lang, style, crate::args::terminal_width().min(100))
}

/// [`rules_text`] wrapped to `width` columns (a panel's inner width).
pub fn rules_text_at(
    registry: &Registry,
    game: &str,
    lang: Language,
    style: Style,
    width: usize,
) -> anyhow::Result<String> {
    let entry = registry.get(game)?;
    let text = match lang {
        Language::En => entry.rules.en,
        Language::De => entry.rules.de,
    };
    let text = with_diagrams(registry, game, text, style)?;
    Ok(markdown::render(&text, width, style))
}

/// The rule text with each diagram block (the web page draws them as
/// boards: `key: value` lines of a caption, the position's `moves`
/// separated by `;`, a `setup` and game options) drawn for the terminal by
/// the game itself, its caption below.
fn with_diagrams(registry: &Registry, game: &str, text: &str, style: Style) -> anyhow::Result<String> {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```diagram" {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("```")).collect();
        let field = |key: &str| {
            block
                .iter()
                .find_map(|l| l.split_once(':').filter(|(k, _)| k.trim() == key).map(|(_, v)| v.trim()))
        };
        let options = Options::from_pairs(
            block
                .iter()
                .filter_map(|l| l.split_once(':'))
                .map(|(k, v)| (k.trim(), v.trim()))
                .filter(|(k, _)| !["caption", "moves", "setup"].contains(k)),
        );
        let mut position = registry.create(game, &options, field("setup"))?;
        for mv in field("moves").unwrap_or("").split(';').map(str::trim).filter(|m| !m.is_empty()) {
            position.play(mv)?;
        }
        out.push_str(&format!("```\n{}\n```\n\n", position.render(style).trim_end()));
        if let Some(caption) = field("caption") {
            out.push_str(&format!("*{caption}*\n"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rules_line_fits_the_terminal_and_the_panel_in_both_languages() {
        // 80 columns: `spielwerk rules GAME` in an 80×24 terminal; 76: the
        // full screen's rules panel at 80 columns. Prose, tables (as lists
        // when too wide) and the drawn diagrams alike.
        let registry = games::registry();
        for width in [80, 76] {
            for (lang, language) in
                [(Language::En, game::Language::English), (Language::De, game::Language::German)]
            {
                for entry in registry.entries() {
                    let text = rules_text_at(&registry, entry.name, lang, Style::new(language, false), width)
                        .expect("the rules");
                    for line in text.lines() {
                        let columns = unicode_width::UnicodeWidthStr::width(line);
                        assert!(
                            columns <= width,
                            "{} {lang:?} at {width}: {columns} columns: {line:?}",
                            entry.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_table_too_wide_becomes_a_list_that_keeps_every_cell() {
        let registry = games::registry();
        let text =
            rules_text_at(&registry, "amakta", Language::En, Style::new(game::Language::English, false), 80)
                .expect("the rules");
        assert!(text.contains("• rotate\n"), "{text}");
        assert!(text.contains("  condition: the stone is free; o is new"), "{text}");
        assert!(text.contains("  first player: 0.483 (0.414–0.551)"), "{text}");
    }
}
