//! Flags and help as a new user meets them: one spelling per concept,
//! per-game help from the registry, defaults in the help equal to what
//! runs, and the argument parser in German with `--lang de`.

use std::process::{Command, Output};

fn spielwerk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spielwerk")).args(args).output().expect("the binary runs")
}

/// `spielwerk` with `args` where the terminal is `columns` wide (clap and
/// the program read `COLUMNS` when standard output is no terminal).
fn spielwerk_in(columns: usize, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(args)
        .env("COLUMNS", columns.to_string())
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn help_of_a_named_game_lists_its_options_only() {
    let uai = stdout(&spielwerk(&["uai", "--game", "ataxx", "--help"]));
    assert!(uai.contains("--rules") && !uai.contains("--layout") && !uai.contains("--distance"), "{uai}");
    let uai = stdout(&spielwerk(&["uai", "--help"]));
    assert!(uai.contains("--rules") && !uai.contains("--circles"), "uai speaks Ataxx only: {uai}");
    let play = stdout(&spielwerk(&["play", "formation", "--help"]));
    assert!(
        play.contains("--board") && play.contains("Die Formation:") && !play.contains("Amakta"),
        "{play}"
    );
    let ugi = stdout(&spielwerk(&["ugi", "--game=amakta-infinit", "--help"]));
    assert!(ugi.contains("--arrow-cap") && !ugi.contains("--rules"), "{ugi}");
    let output = spielwerk(&["uai", "--game", "abalone"]);
    assert!(stderr(&output).contains("spielwerk ugi --game abalone"), "{}", stderr(&output));
}

#[test]
fn help_for_a_game_and_games_name_the_engines() {
    let help = stdout(&spielwerk(&["help", "ataxx"]));
    assert!(help.starts_with("ataxx — Ataxx\n"), "{help}");
    assert!(help.contains("--rules … [seed|community] (default seed; engine commands: community)"), "{help}");
    assert!(help.contains("engines (--engine): alphabeta, "), "{help}");
    let games = stdout(&spielwerk(&["games"]));
    assert_eq!(games.matches("engines (--engine): ").count(), 5, "every game's engines: {games}");
    assert!(games.contains("--ply-limit …") && !games.contains("--plylimit"), "{games}");
    let matches = stdout(&spielwerk(&["match", "--help"]));
    let flat = matches.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("a game option: `--ply-limit N`") && !flat.contains("plylimit"), "{matches}");
    let analyse = stdout(&spielwerk(&["analyse", "--help"]));
    assert!(analyse.contains("spielwerk help GAME"), "{analyse}");
    // `help` of a command stays clap's.
    assert!(stdout(&spielwerk(&["help", "perft"])).contains("Usage: spielwerk perft"));
}

#[test]
fn defaults_in_the_help_are_what_runs() {
    let datagen = stdout(&spielwerk(&["datagen", "--game", "ataxx", "--help"]));
    assert!(datagen.contains("(default community)"), "datagen uses the engine defaults: {datagen}");
    let matches = stdout(&spielwerk(&["match", "--game", "amakta", "--help"]));
    let circles =
        matches.lines().skip_while(|l| !l.contains("--circles")).take(4).collect::<Vec<_>>().join(" ");
    assert!(circles.contains("(default none)"), "{circles}");
    let play = stdout(&spielwerk(&["play", "amakta", "--help"]));
    let circles = play.lines().skip_while(|l| !l.contains("--circles")).take(4).collect::<Vec<_>>().join(" ");
    assert!(circles.contains("(default play)"), "play starts from the game's defaults: {circles}");
}

#[test]
fn one_spelling_per_concept_with_the_old_ones_hidden() {
    for command in [&["match"][..], &["datagen"], &["amakta", "balance"]] {
        let help = stdout(&spielwerk(&[command, &["--help"]].concat()));
        assert!(help.contains("--draw-after") && !help.contains("--max-plies"), "{command:?}: {help}");
    }
    let bunker = stdout(&spielwerk(&["amakta-infinit", "bunker", "--help"]));
    assert!(bunker.contains("--draw-after") && bunker.contains("--ply-limit"), "{bunker}");
    // The old spellings still parse.
    let output = spielwerk(&[
        "datagen",
        "--game",
        "ataxx",
        "--games",
        "1",
        "--depth",
        "1",
        "--max-plies",
        "3",
        "--out",
        "/dev/null",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn the_argument_parser_speaks_german() {
    let output = spielwerk(&["play", "ataxx", "--vs", "katze", "--lang", "de"]);
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(
        error.starts_with("Fehler: ungültiger Wert „katze“ für --vs <GEGNER> (möglich: human, engine)"),
        "{error}"
    );
    let error = stderr(&spielwerk(&["--lang=de", "perft", "ataxx"]));
    assert!(error.starts_with("Fehler: es fehlen die Argumente <TIEFE>"), "{error}");
    let error = stderr(&spielwerk(&["perft", "ataxx", "2", "--tiefe", "--lang", "de"]));
    assert!(error.starts_with("Fehler: unbekanntes Argument „--tiefe“"), "{error}");
    let error = stderr(&spielwerk(&["play", "ataxx", "--vs", "katze"]));
    assert!(error.starts_with("error: invalid value 'katze'"), "English without --lang: {error}");
}

#[test]
fn the_help_speaks_german_under_lang_de() {
    let top = stdout(&spielwerk(&["--lang", "de", "--help"]));
    for german in
        ["Aufruf: spielwerk", "Befehle:", "Ein Spiel im Terminal spielen", "Optionen:", "Diese Hilfe zeigen."]
    {
        assert!(top.contains(german), "{german}: {top}");
    }
    assert!(!top.contains("Usage:") && !top.contains("Print help"), "{top}");
    let play = stdout(&spielwerk(&["play", "ataxx", "--help", "--lang", "de"]));
    for german in [
        "Argumente:",
        "Die Bedenkzeit des Computers je Zug in Millisekunden. [Vorgabe: 2000]",
        "[Werte: human, engine]",
        "Mit Uhr spielen",
        "(Vorgabe seed)",
    ] {
        assert!(play.contains(german), "{german}: {play}");
    }
    assert!(!play.contains("[default:") && !play.contains("possible values"), "{play}");
    let perft = stdout(&spielwerk(&["perft", "--help", "--lang", "de"]));
    assert!(perft.contains("Tiefe in Halbzügen."), "{perft}");
    // English stays English.
    let english = stdout(&spielwerk(&["play", "ataxx", "--help"]));
    assert!(english.contains("Usage:") && english.contains("[default: 2000]"), "{english}");
}

#[test]
fn help_and_game_lists_are_wrapped_to_the_terminal_width() {
    for columns in [80, 60] {
        for args in [
            &["play", "-h"][..],
            &["play", "ataxx", "--help"],
            &["--lang", "de", "play", "--help"],
            &["--lang", "de", "--help"],
            &["help", "ataxx"],
            &["games"],
            &["--lang", "de", "games"],
        ] {
            let output = spielwerk_in(columns, args);
            assert!(output.status.success(), "{args:?}: {}", stderr(&output));
            let text = stdout(&output);
            let wide: Vec<&str> = text.lines().filter(|line| line.chars().count() > columns).collect();
            assert!(wide.is_empty(), "{args:?} at {columns} columns has lines too wide: {wide:#?}");
        }
    }
    // Wrapped at spaces: an option's help goes on under its own column.
    let play = stdout(&spielwerk_in(80, &["play", "ataxx", "--help"]));
    assert!(play.contains("--movetime <MOVETIME>"), "{play}");
}

#[test]
fn the_german_help_has_german_frame_words_placeholders_and_help_command() {
    let top = stdout(&spielwerk(&["--lang", "de", "--help"]));
    assert!(top.contains("Aufruf: spielwerk [OPTIONEN] <BEFEHL>"), "{top}");
    assert!(top.contains("Diese Hilfe oder die Hilfe der genannten Befehle zeigen."), "{top}");
    assert!(!top.contains("[OPTIONS]") && !top.contains("Print this message"), "{top}");
    let play = stdout(&spielwerk(&["--lang", "de", "play", "--help"]));
    assert!(play.contains("Aufruf: spielwerk play [OPTIONEN] <SPIEL>"), "{play}");
    assert!(!play.contains("<GAME>"), "{play}");
    // `help play` is the German help of `play`.
    let output = spielwerk(&["--lang", "de", "help", "play"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), play);
    let stone = stdout(&spielwerk(&["--lang", "de", "amakta", "help", "stone"]));
    assert!(stone.contains("eine je Richtung O NO NW W SW SO"), "{stone}");
}

#[test]
fn unknown_games_and_compass_letters_speak_german() {
    for args in [&["--lang", "de", "rules", "schach"][..], &["--lang", "de", "ugi", "--game", "schach"]] {
        let output = spielwerk(args);
        assert!(!output.status.success(), "{args:?}");
        let error = stderr(&output);
        assert!(error.contains("unbekanntes Spiel „schach“") && !error.contains("unknown game"), "{error}");
    }
    let stone = stdout(&spielwerk(&["--lang", "de", "amakta", "stone", "017033"]));
    assert!(stone.contains("Pfeile: NO b, NW bg, SW r, SO r"), "{stone}");
    let stone = stdout(&spielwerk(&["amakta", "stone", "017033"]));
    assert!(stone.contains("arrows: NE b, NW bg, SW r, SE r"), "{stone}");
}

#[test]
fn the_tools_options_speak_german_too() {
    for (command, german, english) in [
        ("match", "Eine feste Zeit je Zug in Millisekunden.", "A fixed time per move"),
        ("datagen", "Die Datendatei neu beginnen, statt sie fortzusetzen.", "Start the data file over"),
        ("serve", "Die Adresse, an der der Server lauscht", "The address to listen on"),
    ] {
        let help = stdout(&spielwerk(&["--lang", "de", command, "--help"]));
        assert!(help.contains(german) && !help.contains(english), "{command}: {help}");
    }
}

#[test]
fn the_language_alone_shows_the_help_as_no_arguments_do() {
    for (args, usage) in [
        (&["--lang", "de"][..], "Aufruf: spielwerk [OPTIONEN]"),
        (&["--lang=en"][..], "Usage: spielwerk [OPTIONS]"),
    ] {
        let output = spielwerk(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let text = stderr(&output);
        assert!(text.contains(usage) && !text.starts_with("Fehler") && !text.starts_with("error"), "{text}");
    }
}

#[test]
fn the_help_to_a_full_output_is_an_error() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let output =
        Command::new(env!("CARGO_BIN_EXE_spielwerk")).arg("--help").stdout(full).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("cannot write to standard output"), "{}", stderr(&output));
}

#[test]
fn the_usage_of_ugi_names_the_game_word() {
    let output = spielwerk(&["ugi", "--help"]);
    assert!(stdout(&output).contains("Usage: spielwerk ugi [OPTIONS] [GAME]"), "{}", stdout(&output));
    let output = spielwerk(&["ugi", "--help", "--lang", "de"]);
    assert!(stdout(&output).contains("Aufruf: spielwerk ugi [OPTIONEN] [SPIEL]"), "{}", stdout(&output));
}

#[test]
fn every_usage_line_of_the_tools_fits_80_columns() {
    for command in ["perft", "match", "datagen", "rules", "play", "ugi", "uai", "analyse"] {
        for lang in ["en", "de"] {
            let output = spielwerk_in(80, &[command, "--help", "--lang", lang]);
            for line in stdout(&output).lines() {
                assert!(line.chars().count() <= 80, "{command} {lang}: {line}");
            }
        }
    }
    let match_help = stdout(&spielwerk_in(80, &["match", "--help", "--lang", "de"]));
    assert!(match_help.contains("--depth <TIEFE> | --nodes <KNOTEN>"), "{match_help}");
}

#[test]
fn the_tools_placeholders_are_german_too() {
    for command in ["datagen", "match"] {
        let help = stdout(&spielwerk_in(200, &[command, "--help", "--lang", "de"]));
        for english in ["<GAMES>", "<OUT>", "<PLIES>", "<SEED>", "<THREADS>", "<CONCURRENCY>", "<COMMAND>"] {
            assert!(!help.contains(english), "{command}: {english} in {help}");
        }
    }
}

#[test]
fn the_help_lists_the_player_s_commands_and_the_tools_in_groups_after_them() {
    for (args, tools, operators) in [
        (
            &["-h"][..],
            "Tools for engine authors and research: perft, uai, ugi,",
            "Server operators: serve, loadtest",
        ),
        (
            &["--lang", "de", "-h"],
            "Werkzeuge für Engine-Autoren und Forschung: perft,",
            "Für Server-Betreiber: serve,",
        ),
    ] {
        let output = spielwerk_in(100, args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let text = stdout(&output);
        let heading = if args.contains(&"de") { "Befehle:" } else { "Commands:" };
        let list = &text[text.find(heading).expect("the list")..];
        let list = &list[..list.find("\n\n").expect("its end")];
        for player in ["games", "rules", "play", "analyse"] {
            assert!(list.contains(&format!("\n  {player} ")), "{player}: {list}");
        }
        for tool in ["perft", "uai", "match", "serve", "loadtest", "migrate", "bot", "tune", "train"] {
            assert!(!list.contains(&format!("\n  {tool} ")), "{tool} in the player's list: {list}");
        }
        assert!(text.contains(tools) && text.contains(operators), "{args:?}: {text}");
    }
    // `--help` gives every tool its summary.
    let long = stdout(&spielwerk_in(100, &["--help"]));
    assert!(long.contains("Server operators:\n  serve           Serve the web platform"), "{long}");
    let long = stdout(&spielwerk_in(100, &["--lang", "de", "--help"]));
    assert!(long.contains("  serve           Die Web-Plattform bereitstellen"), "{long}");
    // The tools still run and have their help.
    let output = spielwerk(&["help", "serve"]);
    assert!(
        output.status.success() && stdout(&output).contains("Usage: spielwerk serve"),
        "{}",
        stderr(&output)
    );
}
