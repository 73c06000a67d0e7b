//! `spielwerk games` and `spielwerk rules`.

use clap::{Args, ValueEnum};
use game::Registry;

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
    /// Language of the text.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: Language,
}

/// Prints every game with its options.
pub fn list_games(registry: &Registry) -> anyhow::Result<()> {
    for entry in registry.entries() {
        println!("{} — {}", entry.name, entry.title);
        for spec in entry.options {
            let choices = if spec.choices.is_empty() {
                String::new()
            } else {
                format!(" [{}]", spec.choices.join("|"))
            };
            println!("    --option {}=…{choices} (default {}): {}", spec.name, spec.default, spec.help);
        }
    }
    Ok(())
}

/// Prints the rules of a game.
pub fn run(registry: &Registry, args: &RulesArgs) -> anyhow::Result<()> {
    println!("{}", rules_text(registry, &args.game, args.lang)?);
    Ok(())
}

/// The rule text of a game in a language.
pub fn rules_text(registry: &Registry, game: &str, lang: Language) -> anyhow::Result<&'static str> {
    let entry = registry.get(game)?;
    Ok(match lang {
        Language::En => entry.rules.en,
        Language::De => entry.rules.de,
    })
}
