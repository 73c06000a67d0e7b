//! The command-line help in German (`--lang de`): clap's frame (the usage
//! line, the headings, defaults and possible values, the help and version
//! flags), the summary of every command, and the options of the commands
//! a player uses (`games`, `rules`, `play`, `perft`, `analyse`, `uai`,
//! `ugi`). The options of the tools for engine authors and operators
//! (`datagen`, `match`, `serve`, …) keep their English descriptions.

use clap::{Arg, ArgAction, ArgMatches, Command};

/// The German placeholders of the values (`<GAME>` → `<SPIEL>`), by the
/// English name clap shows (the value name, else the id in capitals).
const PLACEHOLDERS: &[(&str, &str)] = &[
    ("GAME", "SPIEL"),
    ("FILE", "DATEI"),
    ("RESUME", "DATEI"),
    ("VALUE", "WERT"),
    ("NAME=VALUE", "NAME=WERT"),
    ("POSITION", "STELLUNG"),
    ("VS", "GEGNER"),
    ("SIDE", "SEITE"),
    ("MOVETIME", "MS"),
    ("LEVEL", "STUFE"),
    ("CLOCK", "UHR"),
    ("COLOR", "FARBE"),
    ("LANG", "SPRACHE"),
    ("DEPTH", "TIEFE"),
    ("MOVES", "ZÜGE"),
    ("NODES", "KNOTEN"),
    ("CIRCLE", "KREIS"),
    ("SUBCOMMAND", "BEFEHL"),
];

/// The words of clap's own frame that no setting changes, in German.
const FRAME: &[(&str, &str)] = &[("[OPTIONS]", "[OPTIONEN]")];

/// The name of the German `help` command (clap's own speaks English only).
const HELP: &str = "help";

/// The German summary of each command.
const ABOUT: &[(&str, &str)] = &[
    ("games", "Die Spiele mit ihren Optionen und Engines auflisten."),
    ("rules", "Die Regeln eines Spiels zeigen."),
    ("play", "Ein Spiel im Terminal spielen, gegen den Computer oder einen Menschen."),
    ("perft", "Zugpfade zählen (perft); die Knotenzahl ist die letzte Zeile."),
    ("analyse", "Eine Stellung vom Computer untersuchen lassen."),
    ("datagen", "Trainingsdaten aus Selbstspiel: Stellungen mit Suchwerten und Ergebnissen."),
    ("puzzles", "Rätsel: aus Selbstspielpartien der Engine eines Spiels gewinnen."),
    ("tune", "Die Gewichte der handgeschriebenen Bewertung eines Spiels an Selbstspieldaten einstellen."),
    ("train", "Die Netz-Bewertung (NNUE) eines Spiels an Selbstspieldaten trainieren."),
    ("amakta", "Amaktas Steine: zählen, einen zeigen, einen für Amakta Infinit bewerten."),
    ("amakta-infinit", "Werkzeuge für Amakta Infinit: die Bunkersuche und ihre Ergänzungen."),
    ("uai", "UAI sprechen, das Engine-Protokoll von Ataxx, auf Standardein- und -ausgabe."),
    ("ugi", "UGI sprechen, das spielneutrale Engine-Protokoll, für jedes Spiel."),
    ("match", "Zwei Engine-Programme (UAI/UGI) gegeneinander spielen lassen und den Elo-Abstand messen."),
    ("tune-search", "Die Suchkonstanten der Engine (spin-Optionen) per SPSA über Partiepaare einstellen."),
    ("serve", "Die Web-Plattform bereitstellen (HTTP-API, WebSocket und Browser-Oberfläche)."),
    ("loadtest", "Viele Partien gleichzeitig gegen einen laufenden Server spielen und die Zugzeiten messen."),
    ("migrate", "Die Datenbank des Servers (SQLite-Datei oder PostgreSQL) anlegen oder erneuern und enden."),
    (
        "stones",
        "Den kanonischen Code jedes verschiedenen Steins auflisten (bis auf Drehen und Spiegeln gleiche \
      Steine sind einer).",
    ),
    ("stone", "Einen Stein zeigen: seinen kanonischen Code, seine verschiedenen Ausrichtungen und ein Bild."),
    ("value", "Den Wert eines Steins in Amakta Infinit (was seine Erschaffung kostet)."),
    (
        "balance",
        "Selbstspiel gleich starker Engines: welche Sätze auf einem Brett für beide Farben fair sind und \
      welche Kreise einen Satz fair machen.",
    ),
    ("mine", "Rätsel aus Selbstspielpartien der Engine des Spiels gewinnen."),
    ("bunker", "Die billigsten Bunker suchen (Steine um die eigene Basis, die der Gegner nie brechen kann)."),
];

/// The German help of an option (by its id) in the commands named.
const OPTIONS: &[(&[&str], &str, &str)] = &[
    (
        &["spielwerk"],
        "lang",
        "Sprache der Meldungen (auch der Fehler), der Legenden des Bretts und der Regeln.",
    ),
    (
        &["rules", "play", "perft", "analyse"],
        "game",
        "Das Spiel: ataxx, abalone, formation, amakta, amakta-infinit (auch als --game NAME).",
    ),
    (
        &["uai"],
        "game",
        "Das Spiel: UAI ist das Protokoll von Ataxx, also nur ataxx (die anderen sprechen UGI).",
    ),
    (
        &["ugi"],
        "game",
        "Das Spiel (Vorgabe: das erste, Ataxx); der Host kann mit `setoption name Game` wechseln.",
    ),
    (
        &["play", "perft", "analyse"],
        "position",
        "Startstellung als Stellungstext (Ataxx: FEN; `startpos` geht auch).",
    ),
    (
        &["play", "perft", "analyse", "uai", "ugi"],
        "options",
        "Eine Spieloption als NAME=WERT (wiederholbar); `spielwerk games` listet sie. Jede Option ist auch ein \
         eigener Schalter (`--rules seed`, `--distance 8`).",
    ),
    (
        &["rules", "play"],
        "color",
        "Farben und Hervorhebung: `auto`, wenn die Ausgabe ein Terminal ist und NO_COLOR nicht gesetzt ist.",
    ),
    (&["play"], "vs", "Gegen den Computer (engine) oder einen Menschen (human) spielen."),
    (
        &["play"],
        "side",
        "Deine Seite gegen den Computer: der Name des Spielers auf Deutsch oder Englisch (`rot`/`red`, \
         `schwarz`/`black`, `weiß`/`white` oder seine ersten Buchstaben), `x`/`p1`/`erster` oder \
         `o`/`p2`/`zweiter`.",
    ),
    (&["play"], "movetime", "Die Bedenkzeit des Computers je Zug in Millisekunden."),
    (
        &["play", "analyse", "uai", "ugi"],
        "engine",
        "Welche Engine des Programms rechnet (Vorgabe: die stärkste des Spiels; `spielwerk games` nennt sie): \
         alphabeta, greedy, random, …",
    ),
    (
        &["play"],
        "record",
        "Wohin die Aufzeichnung nach jedem Zug gespeichert wird, ab dem ersten (Vorgabe: eine neue Datei \
         `<spiel>-<datum>-<zeit>.txt` in `$XDG_DATA_HOME/spielwerk`, sonst `~/.local/share/spielwerk`).",
    ),
    (
        &["play"],
        "resume",
        "Die in dieser Datei gespeicherte Partie fortsetzen (gespeichert wird weiter dort, wenn --record nichts \
         anderes sagt); das Spiel darf fehlen, die Aufzeichnung nennt es.",
    ),
    (
        &["play"],
        "tui",
        "Vollbild: das Brett bleibt stehen (verkleinert, wenn es höher als der Bildschirm ist; F5), mit \
         Zugliste, Uhren, der Zeile des Computers und einer Eingabe mit Ergänzung. Ohne spielt man zeilenweise, \
         auch im Terminal.",
    ),
    (&["play"], "level", "Die Stärke des Computers 1–10 wie im Web (ohne sie denkt er --movetime je Zug)."),
    (
        &["play"],
        "clock",
        "Mit Uhr spielen: MINUTEN+SEKUNDEN je Seite und Zug, z. B. 3+2 (die Zeilenform zeigt beide Uhren in \
         der Eingabezeile); wessen Zeit abläuft, verliert.",
    ),
    (&["perft"], "divide", "Die Zahl unter jedem ersten Zug ausgeben."),
    (&["stones"], "count", "Nur ausgeben, wie viele es sind."),
    (
        &["stone"],
        "code",
        "Sechs Ziffern, eine je Richtung O NO NW W SW SO: 0 keiner, 1 blau, 2 grün, 3 rot, 4 blau+blau, \
         5 grün+grün, 6 rot+rot, 7 blau+grün, 8 blau+rot, 9 grün+rot.",
    ),
    (&["value"], "code", "Der sechsstellige Code des Steins."),
    (
        &["value"],
        "circle",
        "Sein Kreis: none (keiner), damage (Schaden) oder reinforcement (Verstärkung), auch n, d, r.",
    ),
    (&["perft"], "depth", "Tiefe in Halbzügen."),
    (
        &["analyse"],
        "moves",
        "Züge, die vor der Analyse von der Stellung aus gespielt werden (ein Zug aus mehreren Wörtern wie \
         Amaktas `place 000111 e1 110001` auch als ein Wort `place_000111_e1_110001`).",
    ),
    (&["analyse"], "depth", "Bis zu dieser Tiefe suchen."),
    (&["analyse"], "movetime", "So viele Millisekunden suchen."),
    (&["analyse"], "nodes", "So viele Knoten suchen."),
    (&["analyse"], "threads", "Suchthreads (Lazy SMP der Alpha-Beta-Engine)."),
    (&["analyse"], "multipv", "So viele beste Linien melden, jede `info`-Zeile mit `multipv K` nummeriert."),
    (
        &["uai", "ugi"],
        "hash",
        "Größe der Hashtabelle in MiB (der Host kann sie mit `setoption name Hash` ändern).",
    ),
    (&["uai", "ugi"], "threads", "Suchthreads (der Host kann sie mit `setoption name Threads` ändern)."),
    (
        &["uai", "ugi"],
        "max_depth",
        "Nie tiefer suchen als so, was auch immer der Host verlangt: eine schwächere Engine für Matches.",
    ),
];

/// The German help of option `id` of `command`, if there is one.
fn option_help(command: &str, id: &str) -> Option<&'static str> {
    OPTIONS.iter().find(|(commands, name, _)| *name == id && commands.contains(&command)).map(|entry| entry.2)
}

/// `command` (the whole command line's, with its subcommands) with its
/// help in German.
#[must_use]
pub fn german(command: Command) -> Command {
    let command =
        command.about("Der Befehl spielwerk: spielen, perft, analysieren, UAI/UGI, Matches, Server.");
    let command = command.disable_version_flag(true).arg(
        Arg::new("version").short('V').long("version").action(ArgAction::Version).help("Die Version zeigen."),
    );
    localize(command)
}

/// [`german`] for one command and, in turn, its subcommands.
fn localize(mut command: Command) -> Command {
    let name = command.get_name().to_owned();
    command = command
        .help_template("{before-help}{about-with-newline}\nAufruf: {usage}\n\n{all-args}{after-help}")
        .subcommand_help_heading("Befehle")
        .subcommand_value_name("BEFEHL")
        .disable_help_flag(true)
        .arg(Arg::new("help").short('h').long("help").action(ArgAction::Help).help("Diese Hilfe zeigen."));
    let ids: Vec<clap::Id> = command.get_arguments().map(|arg| arg.get_id().clone()).collect();
    for id in ids {
        command = command.mut_arg(id, |arg| localize_arg(arg, &name));
    }
    let subcommands: Vec<String> = command.get_subcommands().map(|sub| sub.get_name().to_owned()).collect();
    for sub in &subcommands {
        command = command.mut_subcommand(sub, |inner| {
            let inner = match ABOUT.iter().find(|(name, _)| name == sub) {
                Some((_, about)) => inner.about(*about),
                None => inner,
            };
            localize(inner)
        });
    }
    if subcommands.is_empty() {
        return command;
    }
    // clap's `help` command in German; what it asks for is shown by
    // `--help` instead ([`help_asked`]).
    let help = Command::new(HELP)
        .about("Diese Hilfe oder die Hilfe der genannten Befehle zeigen.")
        .disable_help_flag(true)
        .arg(
            Arg::new("subcommand")
                .action(ArgAction::Append)
                .num_args(..)
                .value_name("BEFEHL")
                .help("Die Befehle, deren Hilfe gezeigt wird."),
        );
    command.disable_help_subcommand(true).subcommand(help)
}

/// When the German command line asked for `help` (of a command, or of
/// the program): the words of the command whose help to show, e.g.
/// `["amakta", "stone"]` for `spielwerk amakta help stone`.
#[must_use]
pub fn help_asked(matches: &ArgMatches) -> Option<Vec<String>> {
    let mut path = Vec::new();
    let mut matches = matches;
    while let Some((name, sub)) = matches.subcommand() {
        if name == HELP {
            path.extend(sub.get_many::<String>("subcommand").into_iter().flatten().cloned());
            return Some(path);
        }
        path.push(name.to_owned());
        matches = sub;
    }
    None
}

/// A help text clap rendered for the German command, with the words of
/// its frame that no setting reaches (`[OPTIONS]`) in German.
#[must_use]
pub fn frame(help: &str) -> String {
    FRAME.iter().fold(help.to_owned(), |help, (english, german)| help.replace(english, german))
}

/// An option of `command` with German help (where there is one), heading,
/// default and possible values.
fn localize_arg(arg: Arg, command: &str) -> Arg {
    let heading = if arg.is_positional() { "Argumente" } else { "Optionen" };
    let mut help = match option_help(command, arg.get_id().as_str()) {
        Some(german) => german.to_owned(),
        None => arg.get_help().map(ToString::to_string).unwrap_or_default(),
    };
    let mut arg = arg.help_heading(heading);
    let shown = match arg.get_value_names() {
        Some([name, ..]) => name.to_string(),
        _ => arg.get_id().as_str().to_uppercase(),
    };
    if arg.get_action().takes_values()
        && let Some((_, german)) = PLACEHOLDERS.iter().find(|(english, _)| *english == shown)
    {
        arg = arg.value_name(*german);
    }
    if arg.get_action().takes_values() {
        let defaults: Vec<String> =
            arg.get_default_values().iter().map(|value| value.to_string_lossy().into_owned()).collect();
        if !defaults.is_empty() && !arg.is_hide_default_value_set() {
            help.push_str(&format!(" [Vorgabe: {}]", defaults.join(", ")));
            arg = arg.hide_default_value(true);
        }
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|value| !value.is_hide_set())
            .map(|value| value.get_name().to_owned())
            .collect();
        if !values.is_empty() && !arg.is_hide_possible_values_set() {
            help.push_str(&format!(" [Werte: {}]", values.join(", ")));
            arg = arg.hide_possible_values(true);
        }
    }
    arg.help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The German help of `words` (after `spielwerk`), as clap renders it.
    fn help_of(words: &[&str]) -> String {
        use clap::CommandFactory;
        let words = std::iter::once("spielwerk").chain(words.iter().copied());
        let error = german(crate::Cli::command()).try_get_matches_from(words).expect_err("help");
        frame(&error.render().to_string())
    }

    #[test]
    fn the_frame_help_command_and_placeholders_are_german() {
        let top = help_of(&["--help"]);
        assert!(top.contains("[OPTIONEN] <BEFEHL>"), "{top}");
        assert!(top.contains("Diese Hilfe oder die Hilfe der genannten Befehle zeigen."), "{top}");
        for english in ["[OPTIONS]", "Print this message", "<COMMAND>"] {
            assert!(!top.contains(english), "{english} in {top}");
        }
        let play = help_of(&["play", "--help"]);
        assert!(play.contains("play [OPTIONEN] <SPIEL>") && play.contains("--resume <DATEI>"), "{play}");
        assert!(!play.contains("<GAME>") && !play.contains("<RESUME>"), "{play}");
    }

    #[test]
    fn the_german_help_command_shows_the_help_of_the_command_named() {
        use clap::CommandFactory;
        let matches = german(crate::Cli::command())
            .try_get_matches_from(["spielwerk", "amakta", "help", "stone"])
            .expect("the help command parses");
        assert_eq!(help_asked(&matches), Some(vec!["amakta".to_owned(), "stone".to_owned()]));
        let matches =
            german(crate::Cli::command()).try_get_matches_from(["spielwerk", "help"]).expect("parses");
        assert_eq!(help_asked(&matches), Some(Vec::new()));
    }

    #[test]
    fn every_command_has_a_german_summary() {
        use clap::CommandFactory;
        let command = crate::Cli::command();
        let mut all: Vec<&Command> = vec![&command];
        let mut index = 0;
        while index < all.len() {
            all.extend(all[index].get_subcommands());
            index += 1;
        }
        for sub in &all[1..] {
            assert!(
                ABOUT.iter().any(|(name, _)| *name == sub.get_name()),
                "no German for {}",
                sub.get_name()
            );
        }
        // Every German option help names an option that is there.
        for (commands, id, _) in OPTIONS {
            for name in *commands {
                let owner = all.iter().find(|owner| owner.get_name() == *name).expect("the command");
                assert!(owner.get_arguments().any(|arg| arg.get_id() == *id), "{name} has no {id}");
            }
        }
    }
}
