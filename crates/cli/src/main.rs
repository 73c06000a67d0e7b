//! `spielwerk`: play, analyse and test the games of Spielwerk, speak the
//! engine protocols, run engine matches and serve the web platform.

mod args;
mod cmd;
mod command_groups;
#[cfg(test)]
mod doc_commands;
mod help_de;
mod input;
mod markdown;
mod messages;
mod progress;
mod session;
mod suggest;
mod tui;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// mimalloc instead of the system allocator: the server allocates many
/// small strings per request from many threads, where glibc's allocator
/// spent a fifth of the server's time and contended on its arena locks.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Spielwerk — Ataxx, Abalone, Die Formation and Amakta, with exact rules
/// and strong engines.
#[derive(Parser)]
#[command(name = "spielwerk", version, about, long_about = None)]
struct Cli {
    /// Language of the messages (errors included), the board's legends
    /// and the rules (without it: German when SPIELWERK_LANG, else
    /// LC_ALL, LC_MESSAGES or LANG, begins with `de`).
    #[arg(long, value_enum, default_value = "en", hide_default_value = true, global = true)]
    lang: cmd::rules::Language,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games with their options and engines.
    Games(cmd::rules::GamesArgs),
    /// Print the rules of a game.
    Rules(cmd::rules::RulesArgs),
    /// Play a game in the terminal, against the engine or another person.
    Play(cmd::play::PlayArgs),
    /// Count move paths (perft); the node count is the last line.
    Perft(cmd::perft::PerftArgs),
    /// Let the engine analyse a position.
    Analyse(cmd::analyse::AnalyseArgs),
    /// Self-play training data: positions with search scores and results.
    Datagen(cmd::datagen::DatagenArgs),
    /// Puzzles: mine them from self-play games of a game's engine.
    Puzzles(cmd::puzzles::PuzzlesArgs),
    /// Tune the weights of a game's hand-written evaluation on self-play data.
    Tune(cmd::tune::TuneArgs),
    /// Train a game's neural-network evaluation (NNUE) on self-play data.
    Train(cmd::train::TrainArgs),
    /// Amakta's stones: count them, show one, value one for Amakta Infinit.
    Amakta(cmd::amakta::AmaktaArgs),
    /// Amakta Infinit's tools: the bunker search and its amendments.
    #[command(name = "amakta-infinit")]
    AmaktaInfinit(cmd::bunker::InfinitArgs),
    // protocol commands (uai, ugi, match) — added by the protocol crate's wiring
    /// Speak UAI, the Ataxx engine protocol, on standard input and output.
    Uai(cmd::engine::UaiArgs),
    /// Speak UGI, the game-neutral engine protocol, for any game.
    Ugi(cmd::engine::UgiArgs),
    /// Play a match between two engine programs (UAI/UGI) and measure the Elo difference.
    Match(cmd::matches::MatchArgs),
    /// Tune the engine's search constants (spin options) by SPSA over game pairs.
    TuneSearch(cmd::tune_search::TuneSearchArgs),
    // server commands (serve, loadtest) — added by the server crate's wiring
    /// Serve the web platform (HTTP API, WebSocket and browser UI).
    Serve(cmd::serve::ServeArgs),
    /// Play many concurrent games against a running server and measure move round trips.
    Loadtest(cmd::loadtest::LoadtestArgs),
    /// Create or upgrade the server's database (SQLite file or PostgreSQL) and exit.
    Migrate(cmd::serve::MigrateArgs),
    /// Play on a Spielwerk server as a bot: an engine program (this program's own by default) answers challenges.
    Bot(cmd::bot::BotArgs),
    /// Look after the server's accounts: a new recovery code for an owner who lost password and code.
    Account(cmd::account::AccountArgs),
}

impl Command {
    /// The game a command that takes game options is about, as given.
    fn game_name(&self) -> Option<&str> {
        match self {
            Command::Play(args) => Some(&args.game.game),
            Command::Perft(args) => Some(&args.game.game),
            Command::Analyse(args) => Some(&args.game.game),
            Command::Datagen(args) => Some(&args.game),
            Command::Match(args) => Some(&args.play.game),
            Command::TuneSearch(args) => Some(&args.play.game),
            Command::Uai(_) => Some("ataxx"),
            Command::Ugi(args) => args.game.as_deref(),
            _ => None,
        }
    }

    /// The game options (`NAME=VALUE`) of a command that takes them.
    fn game_options(&mut self) -> Option<&mut Vec<String>> {
        match self {
            Command::Play(args) => Some(&mut args.game.options),
            Command::Perft(args) => Some(&mut args.game.options),
            Command::Analyse(args) => Some(&mut args.game.options),
            Command::Datagen(args) => Some(&mut args.options),
            Command::Match(args) => Some(&mut args.play.options),
            Command::TuneSearch(args) => Some(&mut args.play.options),
            Command::Uai(args) => Some(&mut args.engine.options),
            Command::Ugi(args) => Some(&mut args.engine.options),
            _ => None,
        }
    }

    /// Whether the command writes only to standard output and files, so
    /// that a closed pipe (`spielwerk rules ataxx | head`) may end it
    /// quietly as it ends other Unix tools. The server and the match write
    /// to sockets and to engines, where a closed peer is an error to
    /// handle, not the end.
    fn ends_on_closed_pipe(&self) -> bool {
        !matches!(
            self,
            Command::Serve(_)
                | Command::Loadtest(_)
                | Command::Bot(_)
                | Command::Migrate(_)
                | Command::Account(_)
                | Command::Match(_)
                | Command::TuneSearch(_)
        )
    }
}

/// Reads the command line, with a flag for every game option of the
/// registry (see [`args::with_game_options`]); a bad command line is
/// reported in the language of `--lang`.
fn parse(registry: &game::Registry, words: &[String], language: game::Language) -> Cli {
    let named = args::named_game(registry, words);
    let command = args::with_game_options(Cli::command(), registry, named, language);
    let command = match words.first() {
        Some(program) => args::with_program_name(command, program),
        None => command,
    };
    let command = if language == game::Language::German { help_de::german(command) } else { command };
    let command = command_groups::grouped(command, language);
    let matches = command.clone().try_get_matches_from(words).unwrap_or_else(|error| {
        if error.kind() == clap::error::ErrorKind::MissingSubcommand && only_the_language(words) {
            // `spielwerk --lang de` alone: the help, as `spielwerk` alone
            // shows it (on standard error, exit code 2).
            let help = command.clone().render_help().to_string();
            eprint!("{}", if language == game::Language::German { help_de::frame(&help) } else { help });
            std::process::exit(2);
        }
        if let Some(failure) =
            no_game(registry, words, &error).or_else(|| args::option_of_other_games(registry, named, &error))
        {
            eprintln!("{} {}", messages::error_prefix(language), failure.text.get(language));
            std::process::exit(if failure.usage { messages::USAGE.into() } else { 1 });
        }
        messages::exit(&error, language)
    });
    if language == game::Language::German
        && let Some(path) = help_de::help_asked(&matches)
    {
        // `help play` is `play --help`: the German help of that command.
        let asked: Vec<String> = [words[0].as_str(), "--lang", "de"]
            .into_iter()
            .map(str::to_owned)
            .chain(path)
            .chain(std::iter::once("--help".to_owned()))
            .collect();
        return parse(registry, &asked, language);
    }
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| messages::exit(&error, language));
    if let Some((name, sub)) = matches.subcommand() {
        let game = cli.command.game_name().map(str::to_owned);
        let mut options = args::game_option_values(sub, registry, game.as_deref());
        match cli.command.game_options() {
            Some(given) => {
                options.append(given);
                *given = args::with_option_names(registry, game.as_deref(), options);
            }
            None if !options.is_empty() => {
                let (prefix, options) = (messages::error_prefix(language), options.join(", "));
                let text = game::text!(
                    "{prefix} '{name}' takes no game options ({options})",
                    "{prefix} '{name}' nimmt keine Spieloptionen ({options})"
                );
                eprintln!("{}", text.get(language));
                std::process::exit(2);
            }
            None => {}
        }
    }
    cli
}

/// Whether the command line names nothing but the language (`spielwerk
/// --lang de`).
fn only_the_language(words: &[String]) -> bool {
    let mut rest = words.iter().skip(1);
    while let Some(word) = rest.next() {
        match word.as_str() {
            "--lang" => {
                rest.next();
            }
            word if word.starts_with("--lang=") => {}
            _ => return false,
        }
    }
    true
}

/// Whether `placeholder` is the game's in the usage, in either language.
fn is_game(placeholder: &str) -> bool {
    placeholder == "<GAME>" || placeholder == "<SPIEL>"
}

/// When `error` is that a command taking a game names none: why the record
/// of `--resume FILE` names none (a failure of the file, exit code 1),
/// else the games to choose from (a usage error).
fn no_game(registry: &game::Registry, words: &[String], error: &clap::Error) -> Option<messages::Failure> {
    use clap::error::{ContextKind, ContextValue};
    let missing = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::Strings(names)) => names.iter().any(|name| is_game(name)),
        Some(ContextValue::String(name)) => is_game(name),
        _ => false,
    };
    // The game as the word clap misses (the usage line names it always).
    if error.kind() != clap::error::ErrorKind::MissingRequiredArgument || !missing {
        return None;
    }
    if let Some(why) = args::unresumable(words) {
        return Some(messages::Failure::running(why));
    }
    let names: Vec<&str> = registry.entries().iter().map(|entry| entry.name).collect();
    let names = names.join(", ");
    let text = game::text!("name a game; the games are {names}", "nenne ein Spiel; die Spiele sind {names}");
    Some(messages::Failure::usage(text))
}

fn main() -> ExitCode {
    let registry = games::registry();
    let words = args::game_either_way(&registry, std::env::args().collect());
    let words = args::game_of_resumed(&registry, words);
    let words = messages::with_language_of_environment(words);
    let language = messages::language_of(&words);
    if let Some(result) = cmd::rules::help_for_game(&registry, &words, language) {
        return finish(result, language);
    }
    if let Some([_, word]) = cmd::rules::asked_for_help(&words)
        && !word.starts_with('-')
        && Cli::command().find_subcommand(word).is_none()
        && let Err(error) = registry.get(word)
    {
        return finish(Err(error.into()), language);
    }
    let cli = parse(&registry, &words, language);
    if cli.command.ends_on_closed_pipe() {
        messages::end_quietly_on_closed_pipe();
    }
    let lang = cli.lang;
    let result = match cli.command {
        Command::Games(args) => cmd::rules::list_games(&registry, &args, game::Language::from(lang)),
        Command::Rules(args) => cmd::rules::run(&registry, &args, lang),
        Command::Play(args) => cmd::play::run(&registry, &args, lang),
        Command::Perft(args) => cmd::perft::run(&registry, &args, game::Language::from(lang)),
        Command::Analyse(args) => cmd::analyse::run(&registry, &args, game::Language::from(lang)),
        Command::Datagen(args) => cmd::datagen::run(&registry, &args, game::Language::from(lang)),
        Command::Puzzles(args) => cmd::puzzles::run(&registry, &args, game::Language::from(lang)),
        Command::Tune(args) => cmd::tune::run(&args, game::Language::from(lang)),
        Command::Train(args) => cmd::train::run(&args, game::Language::from(lang)),
        Command::Amakta(args) => cmd::amakta::run(&args, game::Language::from(lang)),
        Command::AmaktaInfinit(args) => cmd::bunker::run(&args, game::Language::from(lang)),
        // protocol dispatch
        Command::Uai(args) => cmd::engine::run_uai(&registry, &args),
        Command::Ugi(args) => cmd::engine::run_ugi(&registry, &args),
        Command::Match(args) => cmd::matches::run(&registry, &args, game::Language::from(lang)),
        Command::TuneSearch(args) => cmd::tune_search::run(&registry, &args, game::Language::from(lang)),
        // server dispatch
        Command::Serve(args) => cmd::serve::run(registry, &args),
        Command::Loadtest(args) => cmd::loadtest::run(&args),
        Command::Bot(args) => cmd::bot::run(registry, args),
        Command::Migrate(args) => cmd::serve::migrate(&args),
        Command::Account(args) => cmd::account::run(&args, game::Language::from(lang)),
    };
    finish(result, game::Language::from(lang))
}

/// The exit code of a command's result (see [`messages::exit_code`]),
/// its error reported in `language`.
fn finish(result: anyhow::Result<()>, language: game::Language) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let (prefix, message) = (messages::error_prefix(language), messages::describe(&error, language));
            // Standard error may be full as well; the exit code still tells.
            let _ = writeln!(std::io::stderr(), "{prefix} {message}");
            ExitCode::from(messages::exit_code(&error))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every usage line names the program as it was run, those the
    /// commands write themselves (`datagen`, `match`, `ugi`) as clap's own.
    #[test]
    fn usage_lines_name_the_program_as_run() {
        let command = args::with_program_name(Cli::command(), "/tmp/copies/sw-review");
        for sub in ["datagen", "match", "analyse", "ugi", "perft"] {
            let mut sub =
                command.find_subcommand(sub).expect("a command").clone().bin_name(format!("sw-review {sub}"));
            let usage = sub.render_usage().to_string();
            assert!(usage.starts_with(&format!("Usage: sw-review {}", sub.get_name())), "{usage}");
            assert!(!usage.contains("spielwerk"), "{usage}");
        }
    }

    /// Every command line the README and `docs/` show parses: its
    /// subcommand, flags, values and game option flags exist.
    #[test]
    fn every_documented_command_parses() {
        let registry = games::registry();
        let commands = doc_commands::commands();
        assert!(commands.len() >= 20, "only {} documented commands found", commands.len());
        let mut failures = Vec::new();
        for command in &commands {
            let words: Vec<String> =
                std::iter::once("spielwerk".to_string()).chain(command.args.iter().cloned()).collect();
            if cmd::rules::game_of_help(&registry, &words).is_some() {
                continue;
            }
            let named = args::named_game(&registry, &words);
            let parsed = args::with_game_options(Cli::command(), &registry, named, game::Language::English)
                .try_get_matches_from(&words)
                .and_then(|matches| Cli::from_arg_matches(&matches));
            if let Err(error) = parsed {
                failures.push(format!("{}: spielwerk {}\n{}", command.place, command.args.join(" "), error));
            }
        }
        assert!(failures.is_empty(), "documented commands that do not parse:\n{}", failures.join("\n"));
    }
}
