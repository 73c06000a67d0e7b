//! The commands of the top-level help in groups: the player's commands in
//! clap's list, the tools for engine authors and research and those for
//! server operators after it — named in the short help (`-h`), each with
//! its summary in the long one (`--help`).

use clap::Command;
use game::{Language, Text, text};

/// The tools, in groups, each with its heading: hidden from clap's list
/// of commands, which keeps those a player uses (`games`, `rules`,
/// `play`, `analyse`, `help`).
fn groups() -> [(Text, &'static [&'static str]); 2] {
    [
        (
            text!("Tools for engine authors and research", "Werkzeuge für Engine-Autoren und Forschung"),
            &[
                "perft",
                "uai",
                "ugi",
                "match",
                "tune-search",
                "datagen",
                "tune",
                "train",
                "puzzles",
                "amakta",
                "amakta-infinit",
            ],
        ),
        (
            text!("Server operators", "Für Server-Betreiber"),
            &["serve", "loadtest", "migrate", "account", "bot"],
        ),
    ]
}

/// `command` (the whole command line's, its summaries in `language`) with
/// the tools hidden from its list of commands and named after it, in
/// groups.
#[must_use]
pub fn grouped(command: Command, language: Language) -> Command {
    let width = crate::args::terminal_width().min(100);
    let mut short = Vec::new();
    let mut long = Vec::new();
    let column =
        groups().iter().flat_map(|(_, names)| names.iter()).map(|name| name.len()).max().unwrap_or(0);
    for (heading, names) in groups() {
        let heading = heading.get(language);
        let listed = names.join(", ");
        short.push(crate::messages::wrapped_at(&format!("{heading}: {listed}"), width, 2));
        long.push(format!("{heading}:"));
        for name in names {
            let about = command
                .find_subcommand(name)
                .and_then(Command::get_about)
                .map(ToString::to_string)
                .unwrap_or_default();
            let line = format!("  {name:<column$}  {about}");
            long.push(crate::messages::wrapped_at(&line, width, column + 4));
        }
        long.push(String::new());
    }
    let more = text!(
        "`spielwerk help COMMAND` shows the help of any of them.",
        "`spielwerk help BEFEHL` zeigt die Hilfe jedes dieser Befehle."
    );
    let more = crate::messages::wrapped_at(more.get(language), width, 0);
    short.push(more.clone());
    long.push(more);
    let command = groups()
        .iter()
        .flat_map(|(_, names)| names.iter())
        .fold(command, |command, name| command.mut_subcommand(name, |sub| sub.hide(true)));
    command.after_help(short.join("\n")).after_long_help(long.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every command is in the list or in one group, and once.
    #[test]
    fn every_command_is_listed_or_in_a_group_once() {
        let command = crate::Cli::command();
        let grouped: Vec<&str> = groups().iter().flat_map(|(_, names)| names.iter().copied()).collect();
        for sub in command.get_subcommands() {
            let count = grouped.iter().filter(|name| **name == sub.get_name()).count();
            assert!(count <= 1, "{} is in {count} groups", sub.get_name());
        }
        for name in &grouped {
            assert!(command.find_subcommand(name).is_some(), "no command {name}");
        }
        let listed: Vec<&str> =
            command.get_subcommands().map(Command::get_name).filter(|name| !grouped.contains(name)).collect();
        assert_eq!(listed, ["games", "rules", "play", "analyse"]);
    }
}
