//! Command-line arguments shared by the commands that take a game.

use crate::messages::{Failure, game_error_text};
use clap::{Arg, ArgMatches, Args, Command, ValueEnum};
use game::{DynGame, GameError, Options, Registry, Text, text};
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

/// The command-line flag of game option `name`: the option's name, except
/// where that would give one concept two spellings across commands — the
/// ply limit of Abalone and Die Formation (`plylimit`) is `--ply-limit` as
/// in Amakta Infinit, and Amakta's colour of P1 (`colour`, beside the
/// terminal's `--color`) is `--p1` as in Amakta's position text.
pub fn option_flag(name: &str) -> &str {
    match name {
        "plylimit" => "ply-limit",
        "colour" => "p1",
        other => other,
    }
}

/// The old spelling of a flag that [`option_flag`] renamed, kept as a
/// hidden alias so that scripts keep working.
fn option_flag_alias(name: &'static str) -> Option<&'static str> {
    (option_flag(name) != name).then_some(name)
}

/// The id of the flag `flag` of a game option.
fn option_flag_id(flag: &str) -> String {
    format!("game-option-{flag}")
}

/// The game options of `games` (every registered game when `None`), as
/// (flag, option name) pairs, each flag once, in registry order.
fn option_flags(registry: &Registry, games: Option<&str>) -> Vec<(&'static str, &'static str)> {
    let mut flags: Vec<(&'static str, &'static str)> = Vec::new();
    for entry in registry.entries().iter().filter(|entry| games.is_none_or(|game| game == entry.name)) {
        for spec in entry.options {
            let flag = option_flag(spec.name);
            if !flags.iter().any(|&(known, _)| known == flag) {
                flags.push((flag, spec.name));
            }
        }
    }
    flags
}

/// The subcommands whose game is the first word (`spielwerk play ataxx`);
/// the others take it as `--game NAME`. Both forms work with every one
/// ([`game_either_way`]).
const GAME_AS_WORD: [&str; 4] = ["play", "perft", "analyse", "rules"];

/// The subcommands whose game is `--game NAME`.
const GAME_AS_FLAG: [&str; 5] = ["uai", "ugi", "match", "datagen", "tune-search"];

/// Where the subcommand stands in a command line: the first word after
/// the program that is neither a flag nor the value of the global
/// `--lang`.
fn subcommand_at(words: &[String]) -> Option<usize> {
    let mut at = 1;
    while at < words.len() && words[at].starts_with('-') {
        at += if words[at] == "--lang" { 2 } else { 1 };
    }
    (at < words.len()).then_some(at)
}

/// When `error` is a flag unknown to the game the command line names
/// (`play ataxx --layout standard`) that is an option of other games:
/// whose option it is and the flags the game has, as a usage error,
/// instead of clap's tip to pass it as a value.
pub fn option_of_other_games(
    registry: &Registry,
    game: Option<&str>,
    error: &clap::Error,
) -> Option<Failure> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else { return None };
    let flag = given.strip_prefix("--")?.split('=').next()?;
    let entry = registry.get(game?).ok()?;
    let owners: Vec<&game::StaticText> = registry
        .entries()
        .iter()
        .filter(|other| other.options.iter().any(|spec| option_flag(spec.name) == flag))
        .map(|other| &other.title)
        .collect();
    if owners.is_empty() {
        return None;
    }
    let names = |german: bool| {
        let names: Vec<&str> = owners.iter().map(|title| if german { title.de } else { title.en }).collect();
        names.join(", ")
    };
    let (owners, owners_de) = (names(false), names(true));
    let (title, title_de) = (entry.title.en, entry.title.de);
    let own: Vec<String> = entry.options.iter().map(|spec| format!("--{}", option_flag(spec.name))).collect();
    let own = own.join(", ");
    let text = if own.is_empty() {
        text!(
            "--{flag} is an option of {owners}; {title} has no options",
            "--{flag} ist eine Option von {owners_de}; {title_de} hat keine Optionen"
        )
    } else {
        text!(
            "--{flag} is an option of {owners}; {title}'s options are {own} (`spielwerk games` lists them)",
            "--{flag} ist eine Option von {owners_de}; die Optionen von {title_de} sind {own} (`spielwerk games` \
             listet sie)"
        )
    };
    Some(Failure::usage(text))
}

/// Rewrites a command line so that the game may be named either way in
/// every subcommand that takes one: `--game NAME` (or `--game=NAME`)
/// becomes the word `NAME` where the subcommand takes it as a word, and a
/// game's name standing alone (not the value of a flag) becomes `--game
/// NAME` where the subcommand takes a flag.
pub fn game_either_way(registry: &Registry, words: Vec<String>) -> Vec<String> {
    let Some(at) = subcommand_at(&words) else { return words };
    let sub = words[at].clone();
    let (head, tail) = words.split_at(at + 1);
    let mut out = head.to_vec();
    if GAME_AS_WORD.contains(&sub.as_str()) {
        let mut tail = tail.iter();
        while let Some(word) = tail.next() {
            match word.strip_prefix("--game") {
                Some("") => out.extend(tail.next().cloned()),
                Some(rest) if rest.starts_with('=') => out.push(rest[1..].to_owned()),
                _ => out.push(word.clone()),
            }
        }
    } else if GAME_AS_FLAG.contains(&sub.as_str()) {
        // Without `--game`, the first word standing alone is the game even
        // when it is none (`datagen chess`), so that it is reported as an
        // unknown game with the games there are, not as a stray word.
        let flagged = tail.iter().any(|word| word == "--game" || word.starts_with("--game="));
        let mut named = flagged;
        for (index, word) in tail.iter().enumerate() {
            let after_flag = index > 0 && tail[index - 1].starts_with('-');
            let alone = !after_flag && !word.starts_with('-');
            if alone && (registry.get(word).is_ok() || !named) {
                out.push("--game".to_owned());
                named = true;
            }
            out.push(word.clone());
        }
    } else {
        out.extend_from_slice(tail);
    }
    out
}

/// Names the game of `spielwerk play --resume FILE` when the command line
/// does not: the record holds it (its `Game` tag), so the game's name is
/// put after `play`. Other command lines, and records that cannot be read
/// (reported when the game opens), stay as they are.
pub fn game_of_resumed(registry: &Registry, words: Vec<String>) -> Vec<String> {
    let Some(at) = subcommand_at(&words).filter(|&at| words[at] == "play") else { return words };
    if named_game(registry, &words).is_some() {
        return words;
    }
    let text = resumed_file(&words[at + 1..]).and_then(|file| std::fs::read_to_string(file).ok());
    let record = text.and_then(|text| game::Record::parse(&text).ok());
    let Some(name) = record.as_ref().and_then(|record| record.tag("Game")).map(str::to_owned) else {
        return words;
    };
    let mut words = words;
    words.insert(at + 1, name);
    words
}

/// The file of the last `--resume FILE` (or `--resume=FILE`) among `words`.
fn resumed_file(words: &[String]) -> Option<&str> {
    let mut tail = words.iter();
    let mut file = None;
    while let Some(word) = tail.next() {
        match word.strip_prefix("--resume") {
            Some("") => file = tail.next().map(String::as_str),
            Some(rest) => file = rest.strip_prefix('=').or(file),
            None => {}
        }
    }
    file
}

/// Why the record of `--resume FILE` among `words` names no game: it cannot
/// be read or is no record with a `Game` tag; `None` without `--resume`.
#[must_use]
pub fn unresumable(words: &[String]) -> Option<Text> {
    let file = resumed_file(words)?;
    Some(match std::fs::read_to_string(file).map(|text| game::Record::parse(&text)) {
        Err(error) => crate::messages::record_unreadable(file, &error),
        // A record that does not read may name its game all the same: the
        // reason is what is wrong (a tag without its `]`).
        Ok(Err(error)) => {
            let Text { en, de } = game_error_text(&error);
            text!("{file}: {en}", "{file}: {de}")
        }
        Ok(Ok(_)) => text!(
            "{file} is no game record: it names no game (a line [Game \"…\"])",
            "{file} ist keine Partieaufzeichnung: sie nennt kein Spiel (eine Zeile [Game \"…\"])"
        ),
    })
}

/// The game options given as `NAME=VALUE` with each name as `game` calls
/// it: a flag's spelling (`ply-limit` for Abalone's `plylimit`, `p1` for
/// Amakta's `colour`) or a name that differs only in `-` and case is the
/// game's option name, so that `-o ply-limit=100` works in every game.
pub fn with_option_names(registry: &Registry, game: Option<&str>, pairs: Vec<String>) -> Vec<String> {
    let Some(entry) = game.and_then(|game| registry.get(game).ok()) else { return pairs };
    let key = |name: &str| name.replace('-', "").to_ascii_lowercase();
    pairs
        .into_iter()
        .map(|pair| {
            let Some((name, value)) = pair.split_once('=') else { return pair };
            let name = name.trim();
            let spec = entry.options.iter().find(|spec| spec.name == name).or_else(|| {
                entry.options.iter().find(|spec| {
                    option_flag(spec.name) == name
                        || key(spec.name) == key(name)
                        || key(option_flag(spec.name)) == key(name)
                })
            });
            match spec {
                Some(spec) => format!("{}={value}", spec.name),
                None => pair,
            }
        })
        .collect()
}

/// The registered name of the game a command line names, if it names one:
/// the value of `--game` or the first word after the subcommand that is a
/// registered game. Used before parsing, so that the help of
/// `spielwerk play ataxx --help` lists Ataxx's options only.
pub fn named_game<'r>(registry: &'r Registry, words: &[String]) -> Option<&'r str> {
    let mut words = words.iter().skip(1).skip_while(|word| word.starts_with('-')).skip(1);
    while let Some(word) = words.next() {
        let value = match word.strip_prefix("--game") {
            Some("") => words.next().map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None if !word.starts_with('-') => Some(word.as_str()),
            None => None,
        };
        if let Some(entry) = value.and_then(|value| registry.get(value).ok()) {
            return Some(entry.name);
        }
    }
    None
}

/// `command` with the usage lines its subcommands write themselves
/// (`override_usage`, which clap shows as written) naming the program as it
/// was run (the file name of `program`), as clap's own usage lines do:
/// `Usage: sw-review datagen …` for a copy named `sw-review`.
pub fn with_program_name(command: Command, program: &str) -> Command {
    let Some(name) = std::path::Path::new(program).file_name().and_then(|name| name.to_str()) else {
        return command;
    };
    let usages: Vec<(String, String)> = command
        .get_subcommands()
        .filter_map(|sub| {
            let usage = sub.get_overridden_usage()?.to_string();
            let rest = usage.strip_prefix("spielwerk ")?;
            Some((sub.get_name().to_owned(), format!("{name} {rest}")))
        })
        .collect();
    usages
        .into_iter()
        .fold(command, |command, (sub, usage)| command.mut_subcommand(sub, |sub| sub.override_usage(usage)))
}

/// Adds a flag for every game option of the registry (`--rules seed`,
/// `--distance 8`, …) — or of `game` only, when the command line names one
/// — to each subcommand that takes a game (that has `--option`), unless
/// the subcommand has a flag of that name already; the help lists, per
/// game, what the option does, its values and its default. New options of
/// a game need no change here. `uai` speaks Ataxx only and gets Ataxx's.
pub fn with_game_options(
    command: Command,
    registry: &Registry,
    game: Option<&str>,
    language: game::Language,
) -> Command {
    let subcommands: Vec<String> = command
        .get_subcommands()
        .filter(|sub| sub.get_arguments().any(|arg| arg.get_id() == "options"))
        .map(|sub| sub.get_name().to_owned())
        .collect();
    subcommands.into_iter().fold(command, |command, sub| {
        let games = if sub == "uai" { Some("ataxx") } else { game };
        let flags = option_flags(registry, games);
        // Only `play` starts from the games' own defaults; every other
        // command uses the engine defaults (Ataxx's community rules).
        let engine_facing = sub != "play";
        command.mut_subcommand(sub, |mut sub| {
            for &(flag, name) in &flags {
                if sub.get_arguments().any(|arg| arg.get_long() == Some(flag)) {
                    continue;
                }
                let mut arg = Arg::new(option_flag_id(flag))
                    .long(flag)
                    .value_name("VALUE")
                    .help(option_help(registry, games, flag, engine_facing, language));
                if let Some(alias) = option_flag_alias(name) {
                    arg = arg.alias(alias);
                }
                sub = sub.arg(arg);
            }
            sub
        })
    })
}

/// One line per game (of `games`, or every game) that has an option with
/// the flag `flag`: what it does, its values and its default — the engine
/// default where the command is `engine_facing` and the game has one, so
/// that the help says what actually runs.
fn option_help(
    registry: &Registry,
    games: Option<&str>,
    flag: &str,
    engine_facing: bool,
    language: game::Language,
) -> String {
    let lines: Vec<String> = registry
        .entries()
        .iter()
        .filter(|entry| games.is_none_or(|game| game == entry.name))
        .flat_map(|entry| {
            entry.options.iter().filter(|spec| option_flag(spec.name) == flag).map(move |spec| (entry, spec))
        })
        .map(|(entry, spec)| {
            let choices = if spec.choices.is_empty() {
                String::new()
            } else {
                format!(" [{}]", spec.values().collect::<Vec<_>>().join("|"))
            };
            let default = entry
                .engine_defaults
                .iter()
                .find(|(name, _)| engine_facing && *name == spec.name)
                .map_or(spec.default, |&(_, value)| value);
            let (title, help) = (entry.title.get(language), spec.help.get(language));
            let default = game::text!("(default {default})", "(Vorgabe {default})");
            format!("{title}: {help}{choices} {}", default.get(language))
        })
        .collect();
    lines.join("; ")
}

/// The game options given as flags of [`with_game_options`] in a
/// subcommand's `matches`, as `NAME=VALUE` with the option's name in
/// `game` (the first registered game with that flag when `game` is `None`
/// or has no such option).
pub fn game_option_values(matches: &ArgMatches, registry: &Registry, game: Option<&str>) -> Vec<String> {
    option_flags(registry, None)
        .into_iter()
        .filter_map(|(flag, first_name)| {
            let value = matches.try_get_one::<String>(&option_flag_id(flag)).ok().flatten()?;
            let name = game
                .and_then(|game| registry.get(game).ok())
                .and_then(|entry| entry.options.iter().find(|spec| option_flag(spec.name) == flag))
                .map_or(first_name, |spec| spec.name);
            Some(format!("{name}={value}"))
        })
        .collect()
}

/// The terminal's width in columns: the window of standard output when it
/// is a terminal, else what the shell tells (`COLUMNS`), else 80.
pub fn terminal_width() -> usize {
    let mut size = libc::winsize { ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: TIOCGWINSZ writes a winsize into the one we own; on a
    // descriptor that is no terminal it fails and leaves it zero.
    let status = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
    if status == 0 && size.ws_col > 1 {
        return usize::from(size.ws_col);
    }
    std::env::var("COLUMNS").ok().and_then(|columns| columns.parse().ok()).filter(|&c| c > 1).unwrap_or(80)
}

/// Which game, with which options, from which position. The flag of each
/// game option comes from the registry ([`with_game_options`]).
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: ataxx, abalone, formation, amakta, amakta-infinit (also
    /// as --game NAME).
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
    pub fn options(&self) -> Result<Options, Failure> {
        let mut options = Options::new();
        for pair in &self.options {
            let (name, value) = pair.split_once('=').ok_or_else(|| {
                let error = GameError::option(pair, text!("expected NAME=VALUE", "erwartet: NAME=WERT"));
                Failure::usage(error.text())
            })?;
            let name = name.trim();
            options.set(name, &read_if_file(name, value.trim())?);
        }
        Ok(options)
    }

    /// Creates the game; `engine_facing` commands use the game's engine
    /// defaults (e.g. Ataxx's community rules) for options not given. A
    /// bad name, option or position is a usage error, with the closest
    /// name or value when there is one ("did you mean 'ataxx'?").
    pub fn create(&self, registry: &Registry, engine_facing: bool) -> Result<Box<dyn DynGame>, Failure> {
        let usage = |error: &GameError| Failure::usage(game_error_text(error));
        let entry = registry.get(&self.game).map_err(|error| usage(&error))?;
        let mut options = self.options()?;
        if engine_facing {
            options = entry.with_engine_defaults(&options);
        }
        registry.create(entry.name, &options, self.position.as_deref()).map_err(|error| {
            let mut failure = usage(&error);
            if let Some(hint) = value_hint(entry, &options, &error) {
                failure.text = Text::new(
                    format!("{}; {}", failure.text.en, hint.en),
                    format!("{}; {}", failure.text.de, hint.de),
                );
            }
            failure
        })
    }
}

/// "did you mean 'community'?" when `error` is a bad value of an option
/// of `entry` with named values and one of them is close to the value
/// given in `options`.
fn value_hint(entry: &game::GameEntry, options: &Options, error: &GameError) -> Option<Text> {
    let GameError::InvalidOption { name, .. } = error else { return None };
    let spec = entry.options.iter().find(|spec| spec.name == name)?;
    let given = options.get(name)?;
    crate::suggest::did_you_mean(given, spec.values())
}

/// Board and set options may name a file; its contents are the value. A
/// file that cannot be read is a failure while running.
fn read_if_file(name: &str, value: &str) -> Result<String, Failure> {
    let path = std::path::Path::new(value);
    if (name == "board" || name == "set") && path.is_file() {
        std::fs::read_to_string(path).map_err(|e| {
            let Text { en, de } = crate::messages::os_reason(&e);
            let error =
                GameError::option(name, text!("cannot read {value}: {en}", "{value} ist nicht lesbar: {de}"));
            Failure::running(error.text())
        })
    } else {
        Ok(value.to_owned())
    }
}
