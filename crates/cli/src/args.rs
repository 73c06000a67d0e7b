//! Command-line arguments shared by the commands that take a game.

use clap::{Arg, ArgMatches, Args, Command, ValueEnum};
use game::{DynGame, GameError, Options, Registry, text};
use std::io::IsTerminal;

/// When terminal drawings are coloured (`--color`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal, `NO_COLOR` is unset or empty and
    /// `TERM` is not `dumb`.
    Auto,
    /// Always, even into a file or a pipe.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether drawings on standard output are coloured.
    #[must_use]
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
                let dumb = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
                !no_color && !dumb && std::io::stdout().is_terminal()
            }
        }
    }
}

/// The id of the flag of game option `name`.
fn option_flag_id(name: &str) -> String {
    format!("game-option-{name}")
}

/// The names of every registered game's options, each once, in registry
/// order.
fn option_names(registry: &Registry) -> Vec<&'static str> {
    let mut names = Vec::new();
    for entry in registry.entries() {
        for spec in entry.options {
            if !names.contains(&spec.name) {
                names.push(spec.name);
            }
        }
    }
    names
}

/// Adds a flag for every game option of the registry (`--rules seed`,
/// `--distance 8`, …) to each subcommand that takes a game (that has
/// `--option`), unless the subcommand has a flag of that name already;
/// the help lists, per game, what the option does, its values and its
/// default. New options of a game need no change here.
pub fn with_game_options(command: Command, registry: &Registry) -> Command {
    let names = option_names(registry);
    let subcommands: Vec<String> = command
        .get_subcommands()
        .filter(|sub| sub.get_arguments().any(|arg| arg.get_id() == "options"))
        .map(|sub| sub.get_name().to_owned())
        .collect();
    subcommands.into_iter().fold(command, |command, sub| {
        command.mut_subcommand(sub, |mut sub| {
            for &name in &names {
                if sub.get_arguments().any(|arg| arg.get_long() == Some(name)) {
                    continue;
                }
                sub = sub.arg(
                    Arg::new(option_flag_id(name))
                        .long(name)
                        .value_name("VALUE")
                        .help(option_help(registry, name)),
                );
            }
            sub
        })
    })
}

/// One line per game that has option `name`: what it does, its values and
/// its default.
fn option_help(registry: &Registry, name: &str) -> String {
    let lines: Vec<String> = registry
        .entries()
        .iter()
        .flat_map(|entry| {
            entry.options.iter().filter(|spec| spec.name == name).map(move |spec| (entry, spec))
        })
        .map(|(entry, spec)| {
            let choices = if spec.choices.is_empty() {
                String::new()
            } else {
                format!(" [{}]", spec.choices.join("|"))
            };
            format!("{}: {}{choices} (default {})", entry.title, spec.help, spec.default)
        })
        .collect();
    lines.join("; ")
}

/// The game options given as flags of [`with_game_options`] in a
/// subcommand's `matches`, as `NAME=VALUE`.
pub fn game_option_values(matches: &ArgMatches, registry: &Registry) -> Vec<String> {
    option_names(registry)
        .into_iter()
        .filter_map(|name| {
            let id = option_flag_id(name);
            let value = matches.try_get_one::<String>(&id).ok().flatten()?;
            Some(format!("{name}={value}"))
        })
        .collect()
}

/// Which game, with which options, from which position. The flag of each
/// game option comes from the registry ([`with_game_options`]).
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: ataxx, abalone, formation, amakta, amakta-infinit.
    pub game: String,
    /// Start position as position text (Ataxx: FEN; `startpos` accepted).
    #[arg(long, alias = "fen")]
    pub position: Option<String>,
    /// A game option as NAME=VALUE (repeatable); `spielwerk games` lists
    /// them. Every option is also a flag of its own (`--rules seed`,
    /// `--distance 8`).
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

impl GameArgs {
    /// The options given on the command line.
    pub fn options(&self) -> Result<Options, GameError> {
        let mut options = Options::new();
        for pair in &self.options {
            let (name, value) = pair.split_once('=').ok_or_else(|| {
                GameError::option(pair, text!("expected NAME=VALUE", "erwartet: NAME=WERT"))
            })?;
            let name = name.trim();
            options.set(name, &read_if_file(name, value.trim())?);
        }
        Ok(options)
    }

    /// Creates the game; `engine_facing` commands use the game's engine
    /// defaults (e.g. Ataxx's community rules) for options not given.
    pub fn create(&self, registry: &Registry, engine_facing: bool) -> Result<Box<dyn DynGame>, GameError> {
        let entry = registry.get(&self.game)?;
        let mut options = self.options()?;
        if engine_facing {
            options = entry.with_engine_defaults(&options);
        }
        registry.create(entry.name, &options, self.position.as_deref())
    }
}

/// Board and set options may name a file; its contents are the value.
fn read_if_file(name: &str, value: &str) -> Result<String, GameError> {
    let path = std::path::Path::new(value);
    if (name == "board" || name == "set") && path.is_file() {
        std::fs::read_to_string(path).map_err(|e| {
            GameError::option(name, text!("cannot read {value}: {e}", "{value} ist nicht lesbar: {e}"))
        })
    } else {
        Ok(value.to_owned())
    }
}
