//! The `spielwerk` binary driven as a user would: perft, analyse, rules and
//! a terminal game through standard input.

mod common;

use common::spielwerk;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn perft_prints_the_count_last() {
    let output = spielwerk(&["perft", "ataxx", "5"], "");
    assert!(output.status.success());
    assert_eq!(last_line(&output), "4752668");
    let output = spielwerk(&["perft", "abalone", "--layout", "belgian-daisy", "2"], "");
    assert_eq!(last_line(&output), "2692");
    let output = spielwerk(&["perft", "formation", "3"], "");
    assert_eq!(last_line(&output), "38361");
}

#[test]
fn perft_divide_lists_each_first_move() {
    let output =
        spielwerk(&["perft", "ataxx", "--fen", "7/7/7/7/-------/-------/x5o x 0 1", "--divide", "2"], "");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "two first moves and the total: {text}");
    assert_eq!(lines[2], "4");
    assert!(lines[..2].iter().all(|l| l.ends_with(": 2")), "{text}");
}

#[test]
fn bad_input_is_named_and_fails() {
    let output = spielwerk(&["perft", "ataxx", "--fen", "x5o/7/7 x 0 1", "2"], "");
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.starts_with("error: invalid position"), "{error}");
    let output = spielwerk(&["perft", "chess", "1"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.starts_with("error: unknown game 'chess'; the games are ataxx, abalone"), "{error}");
    let output = spielwerk(&["perft", "chess", "1", "--lang", "de"], "");
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("Fehler: "), "the prefix in German");
    let output = spielwerk(&["perft", "ataxx", "-o", "colour=red", "1"], "");
    assert!(String::from_utf8_lossy(&output.stderr).contains("ataxx has no such option"));
}

#[test]
fn an_unknown_game_is_reported_in_german_by_rules_and_ugi() {
    for words in [&["--lang", "de", "rules", "schach"][..], &["--lang", "de", "ugi", "--game", "schach"]] {
        let output = spielwerk(words, "");
        assert!(!output.status.success(), "{words:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(
            error.contains("unbekanntes Spiel „schach“") && !error.contains("unknown"),
            "{words:?}: {error}"
        );
    }
}

#[test]
fn play_without_a_game_lists_the_games_and_a_missing_record_is_named() {
    for words in [&["play"][..], &["rules"], &["--lang", "de", "play"]] {
        let output = spielwerk(words, "");
        assert!(!output.status.success(), "{words:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains("ataxx, ") && !error.contains("required arguments"), "{words:?}: {error}");
    }
    let missing = std::env::temp_dir().join(format!("spielwerk-no-such-record-{}.txt", std::process::id()));
    let output = spielwerk(&["play", "--resume", missing.to_str().unwrap()], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(error.contains("cannot read the record") && error.contains(missing.to_str().unwrap()), "{error}");
    assert!(!error.contains("<GAME>"), "{error}");
}

#[test]
fn every_game_option_is_a_flag_of_its_own() {
    // Options that no hand-written flag names: they come from the registry.
    let output = spielwerk(
        &[
            "play",
            "amakta-infinit",
            "--distance",
            "8",
            "--points",
            "50",
            "--vs",
            "human",
            "--record",
            "/dev/null",
        ],
        "quit\n",
    );
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let output = spielwerk(&["perft", "formation", "--first", "black", "--plylimit", "2", "3"], "");
    assert_eq!(last_line(&output), "0", "a ply limit of 2 ends every game after two plies");
    let help = stdout(&spielwerk(&["play", "--help"], ""));
    for flag in [
        "--rules",
        "--layout",
        "--board",
        "--set",
        "--circles",
        "--p1",
        "--ply-limit",
        "--distance",
        "--points",
    ] {
        assert!(help.contains(flag), "{flag} is in the help of play");
    }
    // One spelling per concept: the old ones are hidden, not gone.
    assert!(!help.contains("--colour") && !help.contains("--plylimit"), "{help}");
    let output = spielwerk(&["perft", "formation", "--first", "black", "--ply-limit", "2", "3"], "");
    assert_eq!(last_line(&output), "0", "--ply-limit is Die Formation's plylimit");
    let output = spielwerk(&["perft", "amakta-infinit", "--ply-limit", "3", "0"], "");
    assert!(output.status.success(), "--ply-limit is Amakta Infinit's ply-limit");
    let record = std::env::temp_dir().join(format!("spielwerk-p1-{}.txt", std::process::id()));
    for flag in ["--p1", "--colour"] {
        let args = ["play", "amakta", "--vs", "human", "--circles", "none", flag, "black"];
        let output = spielwerk(&[&args[..], &["--record", record.to_str().unwrap()]].concat(), "quit\n");
        // P1 plays Black, so White, who opens, is P2.
        assert!(
            stdout(&output).contains("Phase: play: White (second player) to move"),
            "{flag}: {}",
            stdout(&output)
        );
    }
    // A named game has only its own options as flags.
    let output = spielwerk(&["perft", "ataxx", "--points", "5", "1"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success()
            && error.contains("--points is an option of Amakta Infinit; Ataxx's options are"),
        "{error}"
    );
}

#[test]
fn engine_facing_commands_use_community_rules() {
    let output = spielwerk(&["perft", "ataxx", "--fen", "x5o/7/7/7/7/7/o5x x 100 1", "1"], "");
    assert_eq!(last_line(&output), "0", "community: half-move clock 100 ends the game");
    let output =
        spielwerk(&["perft", "ataxx", "--rules", "seed", "--fen", "x5o/7/7/7/7/7/o5x x 100 1", "1"], "");
    assert_eq!(last_line(&output), "16", "seed has no 50-move rule");
}

/// Depth 5: Ataxx's tuned pruning (sharp futility and late-move pruning)
/// is blind below that, and at depth 3 it prefers a jump from the start.
#[test]
fn analyse_reports_and_names_a_legal_best_move() {
    let output = spielwerk(&["analyse", "ataxx", "--depth", "5"], "");
    let text = stdout(&output);
    assert!(text.lines().any(|l| l.starts_with("info depth 5 ")), "{text}");
    let best = last_line(&output);
    let mv = best.strip_prefix("bestmove ").expect("a bestmove line");
    let legal = ["f1", "f2", "g2", "a6", "b6", "b7"];
    assert!(legal.contains(&mv), "a clone is best at the start, got {mv}");
    // For a person: the same in words on standard error, scored for Red.
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.starts_with(&format!("Best move {mv} · Red ")) && said.contains("(depth 5)"), "{said}");
    let german = spielwerk(&["analyse", "ataxx", "--depth", "2", "--lang", "de"], "");
    let said = String::from_utf8_lossy(&german.stderr);
    assert!(
        said.starts_with("Bester Zug ") && said.contains(" · Rot ") && said.contains("(Tiefe 2)"),
        "{said}"
    );
}

/// A score for a person: `+0.54` in English,
/// `+0,54` in German; the protocol's `info … score cp` stays.
#[test]
fn a_score_for_a_person_takes_the_decimal_comma_in_german() {
    let score_after = |said: &str, name: &str| -> String {
        let rest = &said[said.find(name).unwrap_or_else(|| panic!("{name} in {said}")) + name.len()..];
        rest.split_whitespace().next().unwrap_or_default().to_owned()
    };
    let german = spielwerk(&["analyse", "ataxx", "--depth", "2", "--lang", "de"], "");
    let score = score_after(&String::from_utf8_lossy(&german.stderr), " · Rot ");
    let shape = |score: &str, mark: char| {
        score.len() == 5 && score.starts_with(['+', '-']) && score.chars().nth(2) == Some(mark)
    };
    assert!(shape(&score, ','), "German: {score}");
    assert!(stdout(&german).lines().any(|l| l.starts_with("info depth 2 ") && l.contains(" score cp ")));
    let english = spielwerk(&["analyse", "ataxx", "--depth", "2"], "");
    let score = score_after(&String::from_utf8_lossy(&english.stderr), " · Red ");
    assert!(shape(&score, '.'), "English: {score}");
}

/// Amakta's moves are words; the best move is printed as the one token
/// the protocols write, which `play` reads back.
#[test]
fn analyse_prints_an_amakta_best_move_as_one_token() {
    let output = spielwerk(&["analyse", "amakta", "--circles", "none", "--depth", "1"], "");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let best = last_line(&output);
    let parts: Vec<&str> = best.split(' ').collect();
    assert_eq!(parts.len(), 2, "bestmove and one token: {best}");
    assert_eq!(parts[0], "bestmove");
    assert!(parts[1].starts_with("place_") && parts[1].split('_').count() == 4, "{best}");
}

#[test]
fn analyse_prints_as_many_lines_as_multipv_asks() {
    let output = spielwerk(&["analyse", "ataxx", "--depth", "3", "--multipv", "3"], "");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    let deepest: Vec<&str> = text.lines().filter(|l| l.starts_with("info depth 3 ")).collect();
    let numbers: Vec<&str> =
        deepest.iter().map(|l| l.split(" multipv ").nth(1).unwrap().split(' ').next().unwrap()).collect();
    assert_eq!(numbers, ["1", "2", "3"], "{text}");
    let first_moves: std::collections::HashSet<&str> =
        deepest.iter().map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap()).collect();
    assert_eq!(first_moves.len(), 3, "three different lines: {text}");
    let best = last_line(&output);
    let best = best.strip_prefix("bestmove ").expect("a bestmove line");
    assert!(deepest[0].contains(&format!(" pv {best}")), "the first line is the best move's: {text}");
    let output = spielwerk(&["analyse", "ataxx", "--depth", "3", "--multipv", "0"], "");
    assert!(!output.status.success());
    let output = spielwerk(&["analyse", "ataxx", "--depth", "1", "--multipv", "17"], "");
    assert!(!output.status.success());
}

#[test]
fn rules_come_in_english_and_german() {
    for game in ["ataxx", "abalone", "formation", "amakta"] {
        let en = stdout(&spielwerk(&["rules", game], ""));
        let de = stdout(&spielwerk(&["rules", game, "--lang", "de"], ""));
        assert!(en.len() > 500 && de.len() > 500, "{game} has rule texts");
        assert_ne!(en, de);
    }
}

#[test]
fn german_calls_a_drawn_game_remis_everywhere() {
    let mut said = stdout(&spielwerk(&["games", "--lang", "de"], ""));
    for game in ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"] {
        said += &stdout(&spielwerk(&["rules", game, "--lang", "de"], ""));
        said += &stdout(&spielwerk(&["help", game, "--lang", "de"], ""));
    }
    for command in ["play", "match"] {
        said += &stdout(&spielwerk(&[command, "--help", "--lang", "de"], ""));
    }
    assert!(!said.to_lowercase().contains("unentschieden"), "{said}");
    assert!(said.matches("Remis").count() + said.matches(" remis").count() > 5, "{said}");
}

#[test]
fn the_rules_diagrams_are_drawn_by_the_games_for_the_terminal() {
    for game in ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"] {
        for lang in ["en", "de"] {
            let output = spielwerk(&["rules", game, "--lang", lang, "--color", "never"], "");
            assert!(output.status.success(), "{game} {lang}: {}", String::from_utf8_lossy(&output.stderr));
            let text = stdout(&output);
            let raw = ["```", "caption:", "moves:", "setup:"];
            assert!(raw.iter().all(|r| !text.contains(r)), "{game} {lang}: {text}");
        }
    }
    let abalone = stdout(&spielwerk(&["rules", "abalone", "--color", "never"], ""));
    assert!(abalone.contains("Three push two"), "the caption under the drawing: {abalone}");
}

#[test]
fn rules_are_drawn_for_the_terminal_not_raw_markdown() {
    let output = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["rules", "amakta", "--color", "never"])
        .env("COLUMNS", "60")
        .output()
        .unwrap();
    let text = stdout(&output);
    assert!(text.starts_with("Amakta\n══════\n"), "{text}");
    assert!(text.contains("\n• An arrow points at the cell"), "list items get bullets: {text}");
    // Every line fits, the diagrams drawn by the game included (their
    // indent given up, their legends broken at spaces, where they are too
    // wide); the legends quote commands (`cell e5`) in the game's own words.
    for line in text.lines() {
        assert!(line.chars().count() <= 60, "wrapped to COLUMNS: {line}");
        assert!(!line.contains("**") && !line.starts_with("## ") && !line.starts_with('|'), "{line}");
        let quotes_a_command = line.contains("`cell ") || line.contains("`circle ");
        assert!(quotes_a_command || !line.contains('`'), "{line}");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["rules", "amakta", "--color", "always"])
        .output()
        .unwrap();
    assert!(stdout(&output).contains("\x1b[1marrows\x1b[0m"), "bold in colour");
}

/// Runs `spielwerk ARGS` with its standard output a pipe whose reading end
/// is already closed, as `spielwerk … | head -1` ends up; returns the exit
/// status and standard error.
fn into_closed_pipe(args: &[&str]) -> (std::process::ExitStatus, String) {
    // std's pipe is close-on-exec: a child that another test forks meanwhile
    // does not keep the reading end open (with libc::pipe it sometimes did,
    // and the output then went into the pipe's buffer without a SIGPIPE).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (output.status, String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::os::unix::process::ExitStatusExt;
    for args in [&["rules", "ataxx"][..], &["perft", "ataxx", "3", "--divide"], &["games"]] {
        let (status, stderr) = into_closed_pipe(args);
        assert_eq!(status.signal(), Some(libc::SIGPIPE), "{args:?}: {status:?} {stderr}");
        assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_terminal_game_is_saved_after_every_move_and_can_be_resumed() {
    let dir = std::env::temp_dir().join(format!("spielwerk-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    let record_arg = record.to_str().unwrap();
    let output = spielwerk(
        &["play", "ataxx", "--vs", "human", "--record", record_arg],
        "f2\nzz\nf6\nundo\ng6\nquit\n",
    );
    let text = stdout(&output);
    assert!(text.contains("malformed move 'zz'"), "{text}");
    assert!(text.contains("Took back 1 move."), "{text}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("1. f2 g6 *"), "{saved}");

    // The record names its game: `play --resume FILE` needs no more.
    // `resign` asks first: no plays on, yes resigns.
    let output =
        spielwerk(&["play", "--vs", "human", "--resume", record_arg], "g1e3\nresign\nn\nresign\ny\n");
    let text = stdout(&output);
    assert!(text.contains("Really resign? y/n") && text.contains("Not resigned: play on."), "{text}");
    // The answer is read at a prompt that asks the question.
    assert!(text.contains("Blue: resign? y/n> "), "{text}");
    assert!(text.contains("Game over: Red wins — resignation (1-0)."), "{text}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Termination \"resignation\"]") && saved.contains("2. g1e3 1-0"), "{saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_terminal_game_speaks_german() {
    let record = std::env::temp_dir().join(format!("spielwerk-cli-german-{}.txt", std::process::id()));
    let output = spielwerk(
        &["play", "ataxx", "--vs", "human", "--lang", "de", "--record", record.to_str().unwrap()],
        "d4\nresign\ny\n",
    );
    // No move was played, so no record was written.
    assert!(!record.exists());
    let text = stdout(&output);
    assert!(text.contains("Rot am Zug> "), "{text}");
    assert!(text.contains("unzulässiger Zug „d4“: kein Stein von Rot grenzt an d4."), "{text}");
    assert!(text.contains("Spielende: Blau gewinnt — aufgegeben (0-1)."), "{text}");
}

#[test]
fn the_engine_answers_in_a_terminal_game() {
    let record = std::env::temp_dir().join(format!("spielwerk-cli-engine-{}.txt", std::process::id()));
    let output = spielwerk(
        &["play", "formation", "--movetime", "50", "--record", record.to_str().unwrap()],
        "b1b2\nquit\n",
    );
    std::fs::remove_file(&record).unwrap();
    let text = stdout(&output);
    assert!(text.contains("Engine (Black) plays "), "{text}");
}

#[test]
fn the_line_mode_plays_at_a_level_on_a_clock() {
    let record = std::env::temp_dir().join(format!("spielwerk-cli-level-clock-{}.txt", std::process::id()));
    let args = ["play", "ataxx", "--level", "1", "--clock", "5+2", "--record", record.to_str().unwrap()];
    let output = spielwerk(&args, "g2\nlevel 2\nquit\n");
    std::fs::remove_file(&record).ok();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", String::from_utf8_lossy(&output.stderr));
    assert!(text.contains("the engine plays at level 1."), "{text}");
    assert!(text.contains("Engine (Blue) plays "), "{text}");
    assert!(text.contains("The engine plays at level 2."), "{text}");
    // Both clocks stand in the prompt: minutes and seconds of each side.
    let prompt = text.lines().find(|line| line.contains("Red to move> ")).expect("a prompt");
    let clocks = prompt.strip_prefix('[').and_then(|rest| rest.split_once(']')).expect("clocks").0;
    let [red, blue] = [0, 1].map(|side| clocks.split(" · ").nth(side).unwrap_or_default());
    for (clock, name) in [(red, "Red "), (blue, "Blue ")] {
        let time = clock.strip_prefix(name).unwrap_or_default();
        assert!(
            time.split_once(':').is_some_and(|(m, s)| (m == "4" || m == "5") && s.len() == 2),
            "{prompt}"
        );
    }
}

#[test]
fn amakta_stones_are_counted_and_shown() {
    assert_eq!(last_line(&spielwerk(&["amakta", "stones", "--count"], "")), "86185");
    let text = stdout(&spielwerk(&["amakta", "stone", "100000"], ""));
    assert!(text.contains("canonical code: 000001"), "{text}");
    assert!(text.contains("orientations (6): 000001 000010 000100 001000 010000 100000"), "{text}");
    let output = spielwerk(&["amakta", "stone", "12345x"], "");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("'x' is not a digit"));
    let german = stdout(&spielwerk(&["--lang", "de", "amakta", "stone", "100000"], ""));
    assert!(
        german.contains("kanonischer Code: 000001") && german.contains("Ausrichtungen (6): "),
        "{german}"
    );
    let output = spielwerk(&["amakta", "stone", "12345x", "--lang", "de"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.starts_with("Fehler: ") && error.contains("„x“ ist keine Ziffer"), "{error}");
}

#[test]
fn perft_errors_and_value_details_speak_german() {
    let output = spielwerk(&["perft", "ataxx", "1", "--position", "zz", "--lang", "de"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && error.starts_with("Fehler: ungültige Stellung"), "{error}");
    let output = spielwerk(&["play", "ataxx", "--movetime", "12x", "--lang", "de"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("„12x“ für --movetime <MS>: keine ganze Zahl"), "{error}");
    let output = spielwerk(&["play", "ataxx", "--clock", "3+x", "--lang", "de"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("eine Uhr ist MINUTEN+SEKUNDEN wie 3+2"), "{error}");
}

#[test]
fn amakta_infinit_values_stones() {
    for (code, circle, value) in
        [("000000", "none", "value=2"), ("100000", "none", "value=4"), ("400000", "n", "value=12")]
    {
        let text = stdout(&spielwerk(&["amakta", "value", code, "--circle", circle], ""));
        assert!(text.trim_end().ends_with(value), "{code} {circle}: {text}");
    }
    let output = spielwerk(&["amakta", "value", "100000", "--circle", "gold"], "");
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown circle 'gold'"));
}

#[test]
fn the_review_help_after_a_resignation_breaks_at_spaces_within_80_columns() {
    let record = std::env::temp_dir().join(format!("spielwerk-review-help-{}.txt", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["play", "ataxx", "--vs", "human", "--record", record.to_str().unwrap()])
        .env("COLUMNS", "80")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin").write_all(b"g2\nresign\ny\nq\n").expect("input written");
    let output = child.wait_with_output().expect("the binary ends");
    std::fs::remove_file(&record).ok();
    let text = stdout(&output);
    let help = &text[text.find("Review:").expect("the review's help")..];
    let help = &help[..help.find("review ").expect("the review's prompt")];
    assert!(help.lines().count() > 1, "{help}");
    assert!(help.lines().all(|line| line.chars().count() <= 80), "{help}");
    // Broken at spaces only: its words stay whole.
    assert!(
        help.replace('\n', " ").contains("a number N the position after N moves of either side"),
        "{help}"
    );
}

#[test]
fn amakta_infinit_legal_moves_in_line_mode_break_at_spaces_within_80_columns() {
    let record = std::env::temp_dir().join(format!("spielwerk-moves-wrap-{}.txt", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["play", "amakta-infinit", "--vs", "human", "--record", record.to_str().unwrap()])
        .env("COLUMNS", "80")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin").write_all(b"moves\nquit\n").expect("input written");
    let output = child.wait_with_output().expect("the binary ends");
    std::fs::remove_file(&record).ok();
    let text = stdout(&output);
    let start = text.find("Narrow them down").expect("the moves' summary");
    let summary = &text[text[..start].rfind("> ").map_or(0, |at| at + 2)..];
    let summary = &summary[..summary.find("> ").unwrap_or(summary.len())];
    assert!(summary.lines().all(|line| line.chars().count() <= 80), "{summary}");
    // Broken at spaces only: its words stay whole.
    assert!(summary.replace('\n', " ").contains("(every move containing all the words)"), "{summary}");
}

#[test]
fn a_second_draw_offer_in_one_turn_says_the_first_stands() {
    let record = std::env::temp_dir().join(format!("spielwerk-draw-again-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    for (lang, offered, stands) in [
        (
            "en",
            "You offer a draw; Blue may accept it after your move.",
            "Your draw offer already stands; Blue may",
        ),
        (
            "de",
            "Du bietest Remis an; Blau kann nach deinem Zug annehmen.",
            "Dein Remisangebot steht schon; Blau kann",
        ),
    ] {
        let args = ["play", "ataxx", "--vs", "human", "--record", record_arg, "--lang", lang];
        let text = stdout(&spielwerk(&args, "draw\ndraw\nquit\n"));
        std::fs::remove_file(&record).ok();
        assert_eq!(text.matches(offered).count(), 1, "{lang}: {text}");
        assert!(text.replace('\n', " ").contains(stands), "{lang}: {text}");
    }
}

#[test]
fn after_a_resignation_the_last_drawing_shows_the_result_not_the_side_to_move() {
    let record = std::env::temp_dir().join(format!("spielwerk-end-status-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    // The drawing's line (not the announcement "Game over: Red wins —
    // resignation (1-0)." after it), after a move (a game without one has
    // no review).
    for (game, lang, first, over, to_move) in [
        ("ataxx", "en", "g2\n", "game over: Red wins (resignation)", "to move"),
        ("formation", "de", "b1b4\n", "Spielende: 1-0 (aufgegeben)", "am Zug"),
        ("abalone", "en", "c3d3\n", "game over: Black wins (resignation)", "to move"),
        ("amakta-infinit", "de", "bid 5\n", "Erster Spieler gewinnt (aufgegeben)", "am Zug"),
    ] {
        let args = ["play", game, "--vs", "human", "--record", record_arg, "--lang", lang];
        let output = spielwerk(&args, &format!("{first}resign\ny\nq\n"));
        std::fs::remove_file(&record).ok();
        let text = stdout(&output);
        // The drawing after the resignation: from the game's last prompt
        // to the review's help.
        let review = text.find("Review: ").or_else(|| text.find("Nachspielen: ")).expect("the review");
        let drawing = &text[text[..review].rfind("> ").expect("a prompt")..review];
        assert!(drawing.contains(over), "{game}: {drawing}");
        assert!(!drawing.contains(to_move), "{game}: {drawing}");
    }
}

#[test]
fn people_agree_a_draw_and_look_through_the_finished_game() {
    let record = std::env::temp_dir().join(format!("spielwerk-draw-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    // Red offers and moves; Blue's move declines; Blue offers, Red accepts.
    let input = "draw\ng2\na2\ndraw\nf1\ndraw\nhistory\n1\nq\n";
    let output = spielwerk(&["play", "ataxx", "--vs", "human", "--record", record_arg], input);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert_eq!(text.matches("offers a draw").count(), 2, "each offer is shown once to the other: {text}");
    assert!(text.contains("Game over: Draw — draw agreed"), "{text}");
    assert!(text.contains("1. Red  g2   Blue a2\n2. Red  f1"), "history numbered as the record: {text}");
    assert!(text.contains("after 1. g2"), "the review steps back: {text}");
    let saved = std::fs::read_to_string(&record).unwrap();
    std::fs::remove_file(&record).ok();
    assert!(saved.contains("[Result \"1/2-1/2\"]"), "{saved}");
    // A resumed finished game opens in the review.
    std::fs::write(&record, &saved).unwrap();
    let output = spielwerk(&["play", "--resume", record_arg, "ataxx", "--vs", "human"], "first\nq\n");
    std::fs::remove_file(&record).ok();
    assert!(stdout(&output).contains("review 0/3>"), "{}", stdout(&output));
    // A resumed game keeps its record's options and game.
    std::fs::write(&record, &saved).unwrap();
    let output = spielwerk(&["play", "--resume", record_arg, "ataxx", "--rules", "seed"], "q\n");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success() && error.contains("keeps the options of its record"), "{error}");
    let output = spielwerk(&["play", "--resume", record_arg, "abalone"], "q\n");
    std::fs::remove_file(&record).ok();
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(error.contains("holds a game of ataxx, not abalone"), "{error}");
}

#[test]
fn amakta_cells_are_explained_while_playing() {
    let args = ["play", "amakta", "--vs", "human", "--circles", "none", "--record", "/dev/null"];
    let moves = "place 000003 e1 300000\npass\nplace 000001 e4 100000\n";
    let output = spielwerk(&args, &format!("{moves}cell e5\nstone e4\ncell e77\nquit\n"));
    let text = stdout(&output);
    assert!(
        text.contains(
            "Cell e5.\nWhite arrows: 1 (e4 →1)\nBlack arrows: 0\nCounted: White 1, Black 0 — White controls e5.\n\
             No stone on e5.\nNo legal move involves e5 now.\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Stone 000001 in orientation 100000: White's original stone, no circle."),
        "{text}"
    );
    assert!(text.contains("'e77': "), "{text}");
    let mut german = args.to_vec();
    german.extend(["--lang", "de"]);
    let text = stdout(&spielwerk(&german, &format!("{moves}cell e5\nquit\n")));
    assert!(text.contains("Feld e5.\nPfeile von Weiß: 1 (e4 →1)\n"), "{text}");
}

/// Runs `spielwerk ARGS` in `dir` with `HOME` and `XDG_DATA_HOME` as
/// given (unset when `None`), typing `input`.
fn play_in(
    dir: &std::path::Path,
    home: &std::path::Path,
    xdg: Option<&std::path::Path>,
    input: &str,
) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    command
        .args(["play", "ataxx", "--vs", "human"])
        .current_dir(dir)
        .env("HOME", home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match xdg {
        Some(path) => command.env("XDG_DATA_HOME", path),
        None => command.env_remove("XDG_DATA_HOME"),
    };
    let mut child = command.spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The files in `dir` (none when it does not exist).
fn files_in(dir: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries.map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect()
}

#[test]
fn records_are_kept_in_the_data_folder_once_a_move_is_played() {
    let root = std::env::temp_dir().join(format!("spielwerk-records-{}", std::process::id()));
    let (cwd, home, xdg) = (root.join("cwd"), root.join("home"), root.join("xdg"));
    for dir in [&cwd, &home, &xdg] {
        std::fs::create_dir_all(dir).unwrap();
    }
    // Quit at once: no file anywhere, and the person is told so.
    let output = play_in(&cwd, &home, Some(&xdg), "quit\n");
    assert!(stdout(&output).contains("No move was played, so no record was saved."), "{}", stdout(&output));
    assert!(files_in(&cwd).is_empty() && files_in(&xdg.join("spielwerk")).is_empty());
    // One move: a file named by game, date and time in $XDG_DATA_HOME/spielwerk.
    let output = play_in(&cwd, &home, Some(&xdg), "g2\nquit\n");
    let saved = files_in(&xdg.join("spielwerk"));
    assert_eq!(saved.len(), 1, "{saved:?}");
    let name = &saved[0];
    let date = name.strip_prefix("ataxx-").and_then(|rest| rest.strip_suffix(".txt")).unwrap_or_default();
    assert!(
        date.len() == 17
            && date.chars().enumerate().all(|(i, c)| if [4, 7, 10].contains(&i) {
                c == '-'
            } else {
                c.is_ascii_digit()
            }),
        "ataxx-YYYY-MM-DD-HHMMSS.txt: {name}"
    );
    let record = std::fs::read_to_string(xdg.join("spielwerk").join(name)).unwrap();
    assert!(record.contains("1. g2 *"), "{record}");
    // Messages are wrapped at spaces to the terminal's width.
    assert!(stdout(&output).replace('\n', " ").contains("continue with --resume"), "{}", stdout(&output));
    // Without XDG_DATA_HOME: ~/.local/share/spielwerk.
    play_in(&cwd, &home, None, "g2\nquit\n");
    assert_eq!(files_in(&home.join(".local/share/spielwerk")).len(), 1);
    assert!(files_in(&cwd).is_empty(), "nothing in the current folder: {:?}", files_in(&cwd));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn sides_are_named_in_english_or_german() {
    let cases = [
        ("ataxx", "rot", "Your side: Red"),
        ("ataxx", "Blau", "Your side: Blue"),
        ("formation", "weiß", "Your side: White"),
        ("formation", "weiss", "Your side: White"),
        ("formation", "schwarz", "Your side: Black"),
    ];
    for (game, side, expected) in cases {
        let output =
            spielwerk(&["play", game, "--side", side, "--movetime", "20", "--record", "/dev/null"], "quit\n");
        assert!(stdout(&output).contains(expected), "{game} {side}: {}", stdout(&output));
    }
    let output = spielwerk(&["play", "ataxx", "--side", "grün", "--lang", "de"], "quit\n");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("Fehler: unbekannte Seite „grün“: rot oder blau"), "{error}");
}

#[test]
fn the_amakta_legend_is_drawn_once_and_on_request() {
    let args = ["play", "amakta", "--vs", "human", "--circles", "none", "--record", "/dev/null"];
    let text = stdout(&spielwerk(&args, "place 000003 e1 300000\npass\nlegend\nhelp\nquit\n"));
    // Three drawings after the first: two moves and `legend`; only the
    // first and the asked-for one carry the legend.
    assert_eq!(text.matches("Arrows ↗→↘↙←↖").count(), 2, "{text}");
    assert_eq!(text.matches("`legend`: what the marks mean").count(), 2, "{text}");
    assert!(
        text.replace('\n', " ").contains("`legend` (the board with its legend)"),
        "the help names it: {text}"
    );
}

#[test]
fn cell_is_offered_only_by_games_that_explain_cells() {
    let amakta = stdout(&spielwerk(&["play", "amakta", "--vs", "human", "--record", "/dev/null"], "quit\n"));
    assert!(amakta.contains("`cell e5`"), "{amakta}");
    let formation =
        stdout(&spielwerk(&["play", "formation", "--vs", "human", "--record", "/dev/null"], "help\nquit\n"));
    assert!(!formation.contains("cell e5") && formation.contains("`undo`"), "{formation}");
}

#[test]
fn infinit_shows_stone_prices_before_creating() {
    let args = ["play", "amakta-infinit", "--vs", "human", "--record", "/dev/null"];
    let text = stdout(&spielwerk(&args, "bid 10\naccept\nmoves create 000001\nquit\n"));
    assert!(text.contains("create 000001 n (4 points)"), "{text}");
    assert!(text.contains("create 000001 r (") && text.contains("create 000001 d ("), "{text}");
}

#[test]
fn moves_wrap_between_moves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["play", "ataxx", "--vs", "human", "--record", "/dev/null"])
        .env("COLUMNS", "30")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"moves\nquit\n").unwrap();
    let text = stdout(&child.wait_with_output().unwrap());
    let listing: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.contains("to move> "))
        .take_while(|line| !line.contains("The game is saved"))
        .collect();
    let moves = listing.join(" ");
    let moves = moves.split("> ").nth(1).unwrap_or_default();
    assert_eq!(moves.split(", ").count(), 16, "Red's 16 moves at the start: {text}");
    for line in &listing[1..] {
        assert!(line.chars().count() <= 30, "{line}");
        assert!(line.split(", ").all(|mv| mv.len() >= 2 && mv.len() <= 5), "whole moves only: {line}");
    }
    assert!(listing.len() > 2, "{listing:?}");
}

#[test]
fn the_bunker_search_covers_its_radius_and_shows_progress() {
    let output =
        spielwerk(&["amakta-infinit", "bunker", "--radius", "1", "--beam", "4", "--points", "50,500"], "");
    let (text, progress) = (stdout(&output), String::from_utf8_lossy(&output.stderr).into_owned());
    assert!(output.status.success(), "{text}{progress}");
    // Up to every cell within the radius (7 at radius 1), not a fixed 19.
    assert!(text.starts_with("bunker search: distance 8, radius 1, up to 7 stones"), "{text}");
    assert!(progress.contains("1/7 stones") && progress.contains("7/7 stones"), "{progress}");
    assert!(progress.contains("checking the discs around the base"), "{progress}");
}

#[test]
fn the_bunker_search_speaks_german() {
    let args =
        ["amakta-infinit", "bunker", "--radius", "1", "--beam", "4", "--points", "50,500", "--lang", "de"];
    let output = spielwerk(&args, "");
    let (text, progress) = (stdout(&output), String::from_utf8_lossy(&output.stderr).into_owned());
    assert!(output.status.success(), "{text}{progress}");
    assert!(text.starts_with("Bunkersuche: Abstand 8, Radius 1, bis zu 7 Steine"), "{text}");
    assert!(text.contains("Schwelle: ") && text.contains("   500 Punkte: "), "{text}");
    assert!(!text.contains("points") && !text.contains("threshold"), "{text}");
    assert!(
        progress.contains("7/7 Steine") && progress.contains("Prüfung der Scheiben um die Basis"),
        "{progress}"
    );
    let output = spielwerk(&["amakta-infinit", "bunker", "--radius", "9", "--lang", "de"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("--radius muss zwischen 1 und 4 liegen"), "{error}");
}

#[test]
fn the_training_tools_speak_german() {
    let german = |args: &[&str]| {
        let output = spielwerk(&[args, &["--lang", "de"]].concat(), "");
        assert!(!output.status.success());
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let error = german(&["train", "--game", "chess", "--data", "x", "--out", "y"]);
    assert!(error.contains("„chess“ hat kein trainiertes Netz; Spiele mit einem: "), "{error}");
    let error = german(&["tune", "--game", "chess", "--data", "x"]);
    assert!(error.contains("„chess“ hat keine einstellbare Bewertung"), "{error}");
    let error = german(&["tune", "--game", "amakta", "--data", "x", "--lambda", "1.5"]);
    assert!(error.contains("--lambda 1,5 liegt nicht zwischen 0 und 1"), "{error}");
    let error = german(&["tune", "--game", "amakta", "--data", "/nonexistent/spielwerk.txt"]);
    assert!(error.contains("/nonexistent/spielwerk.txt kann nicht geöffnet werden"), "{error}");
    let error = german(&["puzzles", "mine", "--game", "ataxx", "--out", "/nonexistent/puzzles.txt"]);
    assert!(error.contains("/nonexistent/puzzles.txt kann nicht angelegt werden"), "{error}");
    // English stays.
    let output = spielwerk(&["tune", "--game", "amakta", "--data", "x", "--lambda", "1.5"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("--lambda 1.5 is not between 0 and 1"), "{error}");
}

/// A folder of its own for a test, empty.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("spielwerk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_record_that_cannot_be_saved_is_refused_before_the_game() {
    let dir = fresh_dir("unsavable");
    // A file where the record's folder should be, as in /etc/passwd/x.txt.
    let file = dir.join("file");
    std::fs::write(&file, "not a folder").unwrap();
    let record = file.join("x.txt");
    let record_arg = record.to_str().unwrap();
    let output = spielwerk(&["play", "ataxx", "--vs", "human", "--record", record_arg], "f2\nquit\n");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success(), "{error}");
    assert_eq!(
        error.trim_end(),
        format!(
            "error: cannot save the game to {record_arg}: Not a directory (os error 20); choose another file \
             with --record FILE"
        )
    );
    assert!(!stdout(&output).contains("to move>"), "no game starts: {}", stdout(&output));
    let args = ["play", "ataxx", "--vs", "human", "--lang", "de", "--record", record_arg];
    let error = String::from_utf8_lossy(&spielwerk(&args, "f2\nquit\n").stderr).into_owned();
    assert!(
        error.starts_with(&format!(
            "Fehler: die Partie kann nicht in {record_arg} gespeichert werden: ein Teil des Pfads ist eine \
             Datei, kein Ordner"
        )),
        "{error}"
    );
    // A folder as the record, and a record under a folder that is a file
    // further up.
    let output = spielwerk(&["play", "ataxx", "--record", dir.to_str().unwrap()], "quit\n");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success() && error.contains("Is a directory (os error 21)"), "{error}");
    let deep = file.join("a/b/x.txt");
    let output = spielwerk(&["play", "ataxx", "--record", deep.to_str().unwrap()], "quit\n");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success() && error.contains("Not a directory (os error 20)"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_check_before_the_game_leaves_records_and_folders_alone() {
    let dir = fresh_dir("check-alone");
    // Folders made for the check are gone again when no move is played.
    let record = dir.join("new/deeper/game.txt");
    let output =
        spielwerk(&["play", "ataxx", "--vs", "human", "--record", record.to_str().unwrap()], "quit\n");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    // A resumed record is checked, not emptied or left with a stray file.
    let record = dir.join("game.txt");
    let record_arg = record.to_str().unwrap();
    spielwerk(&["play", "ataxx", "--vs", "human", "--record", record_arg], "f2\nquit\n");
    let saved = std::fs::read_to_string(&record).unwrap();
    let output = spielwerk(&["play", "ataxx", "--vs", "human", "--resume", record_arg], "quit\n");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read_to_string(&record).unwrap(), saved);
    assert_eq!(files_in(&dir), ["game.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_that_fails_mid_game_warns_and_the_game_goes_on() {
    // /dev/full takes the check (it opens) but every write fails.
    let output = spielwerk(&["play", "ataxx", "--vs", "human", "--record", "/dev/full"], "f2\nf6\nquit\n");
    let (text, error) = (stdout(&output), String::from_utf8_lossy(&output.stderr).into_owned());
    assert!(output.status.success(), "{error}");
    let warning = "Warning: the game could not be saved to /dev/full (No space left on device (os error 28)). \
                   Play goes on; every move tries again.";
    // Broken at spaces to the terminal's width.
    assert!(error.lines().all(|line| line.chars().count() <= 80), "{error}");
    let error = error.replace('\n', " ");
    assert_eq!(error.matches(warning).count(), 2, "a warning for each move: {error}");
    assert_eq!(text.matches(" to move> ").count(), 3, "both moves were played: {text}");
    // Messages are wrapped at spaces to the terminal's width.
    assert!(
        text.replace('\n', " ").contains(
            "The game could not be saved to /dev/full (No space left on device (os error 28)); its record"
        ) && text.contains("1. f2 f6 *"),
        "the record is shown on leaving: {text}"
    );
    assert!(!text.contains("The game is saved in"), "{text}");
}

/// Standard output or error of a running child, collected on a thread.
fn collect(mut from: impl std::io::Read + Send + 'static) -> std::sync::Arc<std::sync::Mutex<String>> {
    let text = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let shared = text.clone();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = from.read(&mut buffer) {
            if n == 0 {
                break;
            }
            shared.lock().unwrap().push_str(&String::from_utf8_lossy(&buffer[..n]));
        }
    });
    text
}

#[test]
fn a_save_fails_when_the_folder_is_gone_and_works_again_when_it_is_back() {
    use std::time::{Duration, Instant};
    let dir = fresh_dir("save-fails");
    let folder = dir.join("games");
    let record = folder.join("game.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["play", "ataxx", "--vs", "human", "--record", record.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let (out, err) = (collect(child.stdout.take().unwrap()), collect(child.stderr.take().unwrap()));
    // Waits, for at most five minutes (a busy machine may be slow), until
    // `done` holds, failing at once if the game has ended.
    let mut wait = |what: &str, done: &dyn Fn() -> bool| {
        let deadline = Instant::now() + Duration::from_secs(300);
        while !done() {
            let ended = child.try_wait().unwrap();
            let (out, err) = (out.lock().unwrap().clone(), err.lock().unwrap().clone());
            assert!(ended.is_none() && Instant::now() < deadline, "{what}: {ended:?}\n{out}\n{err}");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let saved = || std::fs::read_to_string(&record).unwrap_or_default();
    input.write_all(b"f2\n").unwrap();
    wait("the first move is saved", &|| saved().contains("1. f2 *"));
    // The folder is removed and a file takes its place.
    std::fs::remove_dir_all(&folder).unwrap();
    std::fs::write(&folder, "in the way").unwrap();
    input.write_all(b"f6\n").unwrap();
    let warning = format!(
        "Warning: the game could not be saved to {} (Not a directory (os error 20)). Play goes on",
        record.display()
    );
    // Broken to the terminal's width, as every message.
    wait("the warning", &|| err.lock().unwrap().replace('\n', " ").contains(&warning));
    // The way is free again: the next move is saved, and that is said.
    std::fs::remove_file(&folder).unwrap();
    input.write_all(b"g2\n").unwrap();
    wait("the next move is saved", &|| saved().contains("1. f2 f6 2. g2 *"));
    let again = format!("The game is saved to {} again.", record.display());
    wait("the note that it is saved again", &|| err.lock().unwrap().replace('\n', " ").contains(&again));
    input.write_all(b"quit\n").unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
    // The reader of the output may still be catching up with the ended program.
    let note = format!("The game is saved in {}", record.display());
    let deadline = Instant::now() + Duration::from_secs(300);
    while !out.lock().unwrap().contains(&note) {
        let text = out.lock().unwrap().clone();
        assert!(Instant::now() < deadline, "{text}");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `spielwerk ARGS` with `/dev/full` as standard output (every write
/// fails with "No space left on device"), typing `input`.
fn into_full_output(args: &[&str], input: &str) -> Output {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Err(error) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "input written");
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_full_output_is_an_error_not_a_panic() {
    let record = std::env::temp_dir().join(format!("spielwerk-full-{}.txt", std::process::id()));
    let play = ["play", "ataxx", "--vs", "human", "--record", record.to_str().unwrap()];
    for args in [
        &["rules", "ataxx"][..],
        &["perft", "ataxx", "2"],
        &["perft", "ataxx", "2", "--divide"],
        &["games"],
        &["help", "ataxx"],
        &["analyse", "ataxx", "--depth", "2"],
        &["amakta", "stone", "000111"],
        &["amakta", "stones", "--count"],
        &play,
    ] {
        let output = into_full_output(args, "f2\nquit\n");
        let error = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(1), "{args:?}: {error}");
        assert!(!error.contains("panicked"), "{args:?}: {error}");
        assert!(
            error
                .ends_with("error: cannot write to standard output: No space left on device (os error 28)\n"),
            "{args:?}: {error}"
        );
    }
    assert!(!record.exists(), "the game ended before a move");
    let output = into_full_output(&["rules", "ataxx", "--lang", "de"], "");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(
        error,
        "Fehler: die Standardausgabe ist nicht schreibbar: kein Platz mehr auf dem Datenträger\n"
    );
}

#[test]
fn a_ply_limit_is_spelt_one_way_everywhere_and_the_old_forms_still_work() {
    for option in ["ply-limit=2", "plylimit=2", "Ply-Limit=2"] {
        let output = spielwerk(&["perft", "formation", "--first", "black", "-o", option, "3"], "");
        assert_eq!(last_line(&output), "0", "{option}: {}", String::from_utf8_lossy(&output.stderr));
    }
    let output = spielwerk(&["perft", "abalone", "-o", "ply-limit=1", "2"], "");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let output = spielwerk(&["perft", "amakta-infinit", "-o", "plylimit=3", "0"], "");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // A bad value is named by the flag, not by the game's inner name.
    let output = spielwerk(&["play", "abalone", "--ply-limit", "2000000"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("--ply-limit") && !error.contains("plylimit"), "{error}");
    // The engine protocol names it PlyLimit in every game.
    for game in ["abalone", "formation", "amakta-infinit"] {
        let output = spielwerk(&["ugi", "--game", game], "ugi\nquit\n");
        let text = stdout(&output);
        assert!(text.contains("option name PlyLimit type"), "{game}: {text}");
    }
}

#[test]
fn whole_number_game_options_are_spins_with_the_games_bounds() {
    let expected = [
        ("abalone", "option name PlyLimit type spin default 0 min 0 max 1000000"),
        ("formation", "option name PlyLimit type spin default 0 min 0 max 1000000"),
        ("amakta-infinit", "option name Distance type spin default 8 min 1 max 100"),
        ("amakta-infinit", "option name Points type spin default 50 min 0 max 1000"),
        ("amakta-infinit", "option name ArrowCap type spin default 0 min 0 max 12"),
        ("amakta-infinit", "option name PlyLimit type spin default 0 min 0 max 86185"),
    ];
    for (game, line) in expected {
        let text = stdout(&spielwerk(&["ugi", "--game", game], "ugi\nquit\n"));
        assert!(text.lines().any(|l| l == line), "{game}: {line} in {text}");
    }
    let input = "setoption name PlyLimit value 1000001\nsetoption name Distance value 0\n\
                 setoption name points value 1001\nsetoption name Points value 40\nugi\nquit\n";
    let text = stdout(&spielwerk(&["ugi", "--game", "amakta-infinit"], input));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "info string PlyLimit: '1000001' is not a whole number from 0 to 86185",
            "info string Distance: '0' is not a whole number from 1 to 100",
            "info string Points: '1001' is not a whole number from 0 to 1000",
        ]
    );
    assert!(lines.contains(&"option name Points type spin default 40 min 0 max 1000"), "{text}");
    let text = stdout(&spielwerk(&["ugi", "--game", "abalone"], "setoption name PlyLimit value -1\nquit\n"));
    assert_eq!(text.trim_end(), "info string PlyLimit: '-1' is not a whole number from 0 to 1000000");
}

#[test]
fn every_command_takes_the_game_as_a_word_or_as_game() {
    let by_flag = spielwerk(&["perft", "--game", "ataxx", "2"], "");
    let by_word = spielwerk(&["perft", "ataxx", "2"], "");
    assert!(by_flag.status.success(), "{}", String::from_utf8_lossy(&by_flag.stderr));
    assert_eq!(last_line(&by_flag), last_line(&by_word));
    let output = spielwerk(&["rules", "--game=formation"], "");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let output = spielwerk(&["analyse", "--game", "ataxx", "--depth", "1"], "");
    assert!(last_line(&output).starts_with("bestmove "), "{}", String::from_utf8_lossy(&output.stderr));
    let output = spielwerk(&["ugi", "abalone"], "ugi\nquit\n");
    assert!(stdout(&output).contains("option name Game type combo default abalone"), "{}", stdout(&output));
    let output = spielwerk(&["uai", "ataxx"], "uai\nquit\n");
    assert!(stdout(&output).contains("uaiok"), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn help_for_an_unknown_game_says_so() {
    let output = spielwerk(&["help", "chess"], "");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "a usage error: {error}");
    assert!(error.starts_with("error: unknown game 'chess'; the games are ataxx, "), "{error}");
    let output = spielwerk(&["help", "chess", "--lang", "de"], "");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(error.starts_with("Fehler: unbekanntes Spiel „chess“; die Spiele sind ataxx, "), "{error}");
    let output = spielwerk(&["help", "play"], "");
    assert!(output.status.success(), "help of a command still works");
}

#[test]
fn the_games_and_their_help_speak_german() {
    for args in [&["games", "--lang", "de"][..], &["--lang", "de", "help", "ataxx"]] {
        let output = spielwerk(args, "");
        let text = stdout(&output);
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        assert!(text.contains("(Vorgabe ") && text.contains("Engines (--engine): "), "{args:?}: {text}");
        assert!(!text.contains("(default "), "{args:?}: {text}");
    }
}

#[test]
fn the_locale_chooses_german_unless_the_command_line_or_spielwerk_lang_says_otherwise() {
    let games = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
        for name in ["SPIELWERK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            command.env_remove(name);
        }
        let output = command.args(args).envs(env.iter().copied()).output().expect("the binary runs");
        assert!(output.status.success(), "{args:?} {env:?}: {}", String::from_utf8_lossy(&output.stderr));
        stdout(&output).contains("(Vorgabe ")
    };
    assert!(!games(&["games"], &[]));
    assert!(games(&["games"], &[("LANG", "de_DE.UTF-8")]));
    assert!(games(&["games"], &[("LC_ALL", "de_AT.UTF-8"), ("LANG", "en_GB.UTF-8")]));
    assert!(!games(&["games", "--lang", "en"], &[("LANG", "de_DE.UTF-8")]));
    assert!(!games(&["games"], &[("LANG", "de_DE.UTF-8"), ("SPIELWERK_LANG", "en")]));
    assert!(games(&["games"], &[("LANG", "C"), ("SPIELWERK_LANG", "de")]));
    // Errors too, as with --lang de.
    let mut command = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    for name in ["SPIELWERK_LANG", "LC_ALL", "LC_MESSAGES"] {
        command.env_remove(name);
    }
    let output = command.args(["rules", "schach"]).env("LANG", "de_DE.UTF-8").output().unwrap();
    assert!(String::from_utf8_lossy(&output.stderr).contains("unbekanntes Spiel"), "{output:?}");
}

#[test]
fn a_level_works_in_line_mode_too() {
    let record = std::env::temp_dir().join(format!("spielwerk-level-{}.txt", std::process::id()));
    let output =
        spielwerk(&["play", "ataxx", "--level", "2", "--record", record.to_str().unwrap()], "f2\nquit\n");
    let text = stdout(&output);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(text.contains("the engine plays at level 2.") && text.contains("Engine (Blue) plays "), "{text}");
    let _ = std::fs::remove_file(&record);
}

#[test]
fn a_resumed_game_keeps_its_level_and_clock_unless_the_command_line_changes_them() {
    let record = std::env::temp_dir().join(format!("spielwerk-resume-settings-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let _ = std::fs::remove_file(&record);
    let args = ["play", "ataxx", "--vs", "human", "--level", "3", "--clock", "5+2", "--record", record_arg];
    let output = spielwerk(&args, "g2\nquit\n");
    assert!(output.status.success(), "{}", stdout(&output));
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[Level \"3\"]") && saved.contains("[TimeControl \"300+2\"]"), "{saved}");
    // Against the engine, which now plays Red, the person Blue to move.
    let output = spielwerk(&["play", "--vs", "engine", "--side", "blue", "--resume", record_arg], "quit\n");
    let text = stdout(&output);
    assert!(text.contains("the engine plays at level 3"), "{text}");
    // The clock goes on: Red moved within a second or two and gained the
    // increment.
    assert!(text.contains("[Red 5:0") && text.contains("] Blue to move> "), "{text}");
    assert!(!text.contains("2000 ms a move"), "{text}");
    // The command line wins.
    let output = spielwerk(
        &["play", "--vs", "engine", "--side", "blue", "--level", "5", "--resume", record_arg],
        "quit\n",
    );
    assert!(stdout(&output).contains("the engine plays at level 5"), "{}", stdout(&output));
    std::fs::remove_file(&record).ok();
}

#[test]
fn a_resumed_game_keeps_who_played_which_side() {
    let record = std::env::temp_dir().join(format!("spielwerk-resume-seats-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let _ = std::fs::remove_file(&record);
    // Blue against the engine: the engine opens, Blue clones b2, the engine replies.
    let args = ["play", "ataxx", "--side", "blue", "--level", "1", "--record", record_arg];
    let output = spielwerk(&args, "b2\nquit\n");
    assert!(output.status.success(), "{}", stdout(&output));
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("[P1 \"engine\"]") && saved.contains("[P2 \"human\"]"), "{saved}");
    // Resumed: the person is Blue again and to move; the engine moves for nobody.
    let output = spielwerk(&["play", "--resume", record_arg], "quit\n");
    let text = stdout(&output);
    assert!(text.contains("Your side: Blue; the engine plays at level 1."), "{text}");
    assert!(!text.contains("Engine (Blue)") && text.contains("Blue to move> "), "{text}");
    assert_eq!(std::fs::read_to_string(&record).unwrap(), saved, "no move was added");
    // Two people stay two people.
    std::fs::remove_file(&record).unwrap();
    let args = ["play", "ataxx", "--vs", "human", "--record", record_arg];
    assert!(spielwerk(&args, "g2\nb2\nquit\n").status.success());
    let output = spielwerk(&["play", "--resume", record_arg], "f1\nquit\n");
    let text = stdout(&output);
    assert!(!text.contains("engine") && text.contains("Blue to move> "), "{text}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("1. g2 b2 2. f1 *"), "the engine played no move: {saved}");
    // The command line wins: `--vs engine --side blue` plays on against the engine.
    let output = spielwerk(&["play", "--vs", "engine", "--side", "blue", "--resume", record_arg], "quit\n");
    assert!(stdout(&output).contains("Your side: Blue"), "{}", stdout(&output));
    std::fs::remove_file(&record).ok();
}

#[test]
fn the_line_mode_review_shows_the_evaluation_of_every_position_the_last_included() {
    let record = std::env::temp_dir().join(format!("spielwerk-review-scores-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    // Enter shows the end (after the last move), `p` steps back, twice.
    let input = "g2\na2\nresign\ny\n\np\np\np\nq\n";
    let output = spielwerk(&["play", "ataxx", "--vs", "human", "--record", record_arg], input);
    std::fs::remove_file(&record).ok();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    // Each step's line (after the prompt, which piped input leaves on it):
    // where it is, then the first player's score.
    let scored = |place: &str| {
        let label = format!("{place}: Red ");
        text.lines().any(|line| {
            line.split_once(&label).is_some_and(|(_, score)| {
                score.starts_with(['+', '-'])
                    && score[1..].starts_with(|c: char| c.is_ascii_digit() || c == 'M')
            })
        })
    };
    for place in ["after 1... a2", "after 1. g2", "the start"] {
        assert!(scored(place), "{place} has no evaluation: {text}");
    }
}

#[test]
fn the_review_starts_with_the_end_s_evaluation_and_says_when_a_number_is_past_the_end() {
    let record = std::env::temp_dir().join(format!("spielwerk-review-past-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    // Red's a6 takes Blue's last stone: the board decides the end, whose
    // evaluation is there at once.
    let position = "xo5/7/7/7/7/7/7 x 0 1";
    for (lang, evaluated, past, prompt) in [
        (
            "en",
            "after 1. a6: Red has won",
            "The game has only 1 ply (moves of either side), so 7 is past its end",
            "review 1/1> ",
        ),
        (
            "de",
            "nach 1. a6: Rot hat gewonnen",
            "Die Partie hat nur 1 Halbzug (Züge beider Seiten), 7 liegt also hinter",
            "Nachspielen 1/1> ",
        ),
    ] {
        let args = [
            "play",
            "ataxx",
            "--vs",
            "human",
            "--position",
            position,
            "--record",
            record_arg,
            "--lang",
            lang,
        ];
        let output = spielwerk(&args, "a6\n7\nq\n");
        std::fs::remove_file(&record).ok();
        let text = stdout(&output);
        let first_prompt = text.find(prompt).expect("the review's prompt");
        assert!(text[..first_prompt].contains(evaluated), "{lang}: {text}");
        let after = text[first_prompt..].split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(after.contains(past), "{lang}: {after}");
    }
}

#[test]
fn amakta_infinit_names_the_seats_in_words_and_explains_a_stone_code() {
    let record = std::env::temp_dir().join(format!("spielwerk-infinit-seats-{}.txt", std::process::id()));
    let args =
        ["play", "amakta-infinit", "--vs", "human", "--color", "never", "--record", record.to_str().unwrap()];
    let output = spielwerk(&args, "bid 5\naccept\ncreate\ncreate 12 n\nquit\n");
    let text = stdout(&output);
    assert!(text.contains("Bidding: First player to move: make the first offer"), "{text}");
    assert!(text.contains("Bidding: Second player to move: 'accept'"), "{text}");
    assert!(text.contains("the first player offers first"), "{text}");
    // The second player accepted, so it plays Black and White creates first.
    assert!(text.contains("Creation: White (first player) to move"), "{text}");
    assert!(!text.contains("(p1)") && !text.contains("(p2)") && !text.contains(": p1 "), "{text}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("malformed move 'create': 'create CODE CIRCLE', e.g. 'create 100000 n'"), "{flat}");
    assert!(flat.contains("'12' is not a stone code: 'create CODE CIRCLE'"), "{flat}");
    assert!(flat.contains("one per direction E NE NW W SW SE: 0 no arrow, 1 blue"), "{flat}");
    let german = spielwerk(&[&args[..], &["--lang", "de"]].concat(), "bid 5\naccept\nquit\n");
    let german = stdout(&german);
    assert!(german.contains("Erschaffung: Weiß (erster Spieler) am Zug"), "{german}");
    let _ = std::fs::remove_file(&record);
}

#[test]
fn an_amakta_move_written_wrong_says_how_it_is_written() {
    let record = std::env::temp_dir().join(format!("spielwerk-amakta-form-{}.txt", std::process::id()));
    let args = ["play", "amakta", "--vs", "human", "--circles", "none", "--p1", "white", "--record"];
    let output =
        spielwerk(&[&args[..], &[record.to_str().unwrap()]].concat(), "place 000001\nrotate e5\nquit\n");
    let flat = stdout(&output).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("'place' is written 'place STONE CELL ORIENTATION, e.g. place 000001 e5 010000"),
        "{flat}"
    );
    assert!(flat.contains("'rotate' is written 'rotate CELL ORIENTATION, e.g. rotate e5 010000"), "{flat}");
    let _ = std::fs::remove_file(&record);
}

/// The exit code and standard error of `spielwerk ARGS`.
fn failure(args: &[&str]) -> (Option<i32>, String) {
    let output = spielwerk(args, "");
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn a_command_line_that_cannot_be_used_exits_2_and_a_failure_while_running_1() {
    // 2: the command line cannot be used (docs/players.md, "Exit codes").
    for args in [
        &["rules"][..],
        &["play", "atax"],
        &["rules", "chess"],
        &["perft", "chess", "1"],
        &["help", "chess"],
        &["play", "ataxx", "--rules", "comunity"],
        &["perft", "ataxx", "--position", "zz", "1"],
        &["play", "ataxx", "--vs", "cat"],
    ] {
        let (code, error) = failure(args);
        assert_eq!(code, Some(2), "{args:?}: {error}");
    }
    // 1: a failure while running, a file named on the command line
    // included: missing, no record, a record with a bad move.
    let dir = std::env::temp_dir().join(format!("spielwerk-exit-codes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (missing, garbage, bad_move) =
        (dir.join("missing.txt"), dir.join("garbage.txt"), dir.join("bad.txt"));
    std::fs::write(&garbage, "no record at all\n").unwrap();
    std::fs::write(&bad_move, "[Game \"ataxx\"]\n\n1. g2 a2 2. g2 *\n").unwrap();
    let [missing, garbage, bad_move] =
        [&missing, &garbage, &bad_move].map(|path| path.to_str().unwrap().to_owned());
    for args in [
        vec!["play", "--resume", &missing],
        vec!["play", "ataxx", "--resume", &missing],
        vec!["play", "--resume", &garbage],
        vec!["play", "--resume", &bad_move],
    ] {
        let (code, error) = failure(&args);
        assert_eq!(code, Some(1), "{args:?}: {error}");
    }
    let (_, error) = failure(&["play", "--resume", &bad_move, "--lang", "de"]);
    assert!(error.starts_with("Fehler: ") && error.contains("Zug 3"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_close_name_or_value_is_suggested_in_either_language() {
    let (_, error) = failure(&["play", "atax"]);
    assert!(error.trim_end().ends_with("; did you mean 'ataxx'?"), "{error}");
    let (_, error) = failure(&["--lang", "de", "rules", "formaton"]);
    assert!(error.trim_end().ends_with("; meintest du „formation“?"), "{error}");
    let (_, error) = failure(&["play", "ataxx", "--rules", "comunity"]);
    let expected =
        "error: invalid option 'rules': 'comunity' is not one of seed, community; did you mean 'community'?";
    assert_eq!(error.trim_end(), expected);
    let (_, error) = failure(&["perft", "abalone", "--layout", "belgian", "1", "--lang", "de"]);
    assert!(error.trim_end().ends_with("meintest du „belgian-daisy“?"), "{error}");
    // Nothing close, nothing suggested.
    let (_, error) = failure(&["play", "chess"]);
    assert!(!error.contains("did you mean"), "{error}");
    // clap's own suggestion for a value, in German too.
    let (_, error) = failure(&["play", "ataxx", "--vs", "huma", "--lang", "de"]);
    assert!(error.contains("(meintest du „human“?)"), "{error}");
}

#[test]
fn an_unknown_game_is_answered_with_the_games_there_are_by_every_command() {
    for (args, expected) in [
        (vec!["play", "chess"], "unknown game 'chess'; the games are ataxx, "),
        (vec!["rules", "chess"], "unknown game 'chess'; the games are ataxx, "),
        (vec!["perft", "chess", "2"], "unknown game 'chess'; the games are ataxx, "),
        (vec!["--lang", "de", "rules", "chess"], "unbekanntes Spiel „chess“; die Spiele sind ataxx, "),
    ] {
        let output = spielwerk(&args, "");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success() && said.contains(expected), "{args:?}: {said}");
    }
}

/// `datagen` of one quick game of Ataxx (depth 1, a draw after 20 plies)
/// into `out`, with `extra` arguments.
fn one_quick_ataxx_game(out: &str, extra: &[&str]) -> Output {
    let datagen = ["datagen", "ataxx", "--games", "1", "--depth", "1", "--draw-after", "20", "--out", out];
    spielwerk(&[&datagen[..], extra].concat(), "")
}

#[test]
fn perft_datagen_and_match_speak_german_and_count_one_in_the_singular() {
    let stderr = |output: &Output| String::from_utf8_lossy(&output.stderr).into_owned();
    let output = spielwerk(&["perft", "ataxx", "3", "--lang", "de"], "");
    let timing = stderr(&output);
    // A rate, or (too quick to measure one) the German word for why not.
    assert!(
        output.status.success() && (timing.contains(" Knoten/s") || timing.contains("zu schnell")),
        "{timing}"
    );
    assert!(!timing.contains("nodes") && !timing.contains("too quick"), "{timing}");

    let dir = std::env::temp_dir().join(format!("spielwerk-german-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("data.txt");
    let out = out.to_str().unwrap();
    let output = one_quick_ataxx_game(out, &["--lang", "de"]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(text.starts_with("1 Partie (0 aus der Datei), "), "{text}");
    assert!(text.contains(" geschrieben in "), "{text}");
    let output = one_quick_ataxx_game(out, &["--lang", "de"]);
    assert!(stdout(&output).contains("enthält schon 1 Partie (--games 1)"), "{}", stdout(&output));
    let output = one_quick_ataxx_game(out, &[]);
    assert!(stdout(&output).contains("already holds 1 game (--games 1)"), "{}", stdout(&output));
    std::fs::remove_dir_all(&dir).unwrap();

    let output = spielwerk(
        &["match", "ataxx", "--depth", "1", "--games", "2", "--draw-after", "20", "--lang", "de"],
        "",
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{text}\n{}", stderr(&output));
    let first = text.lines().next().unwrap_or_default();
    assert!(first.starts_with("2 Partien ataxx bei Tiefe 1 (uai), 1 gleichzeitig"), "{text}");
    assert!(first.contains("1 Eröffnung aus 4 Zufallshalbzügen"), "{text}");
    assert_eq!(text.lines().filter(|line| line.starts_with("Partie ")).count(), 2, "{text}");
    assert!(text.contains("\nErgebnis von ") && text.contains("\nElo-Differenz: "), "{text}");
    for english in ["games", "openings", "Score of", "Elo difference", " vs "] {
        assert!(!text.contains(english), "{english}: {text}");
    }
}

#[test]
fn a_file_that_cannot_be_made_is_named_with_the_reason_in_german() {
    let output = one_quick_ataxx_game("/nonexistent-dir/data.txt", &["--lang", "de"]);
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{error}");
    assert_eq!(
        error.trim_end(),
        "Fehler: /nonexistent-dir/data.txt lässt sich nicht anlegen: die Datei oder ein Ordner auf dem Weg fehlt"
    );
    // A record to resume that is not there, in a German sentence.
    let output = spielwerk(&["--lang", "de", "play", "--resume", "/nonexistent-dir/x.txt"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(error.trim_end(), "Fehler: die Aufzeichnung /nonexistent-dir/x.txt gibt es nicht");
    let output = spielwerk(&["--lang", "de", "play", "ataxx", "--resume", "/nonexistent-dir/x.txt"], "");
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(error.trim_end(), "Fehler: die Aufzeichnung /nonexistent-dir/x.txt gibt es nicht");
}

#[test]
fn a_record_with_a_bad_tag_is_refused_naming_the_tag() {
    let record = std::env::temp_dir().join(format!("spielwerk-resume-bad-tag-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let with = |tags: &str| {
        std::fs::write(&record, format!("[Game \"ataxx\"]\n{tags}\n\n1. g2 b2 *\n")).unwrap();
        let output = spielwerk(&["play", "--resume", record_arg], "quit\n");
        assert!(!output.status.success(), "{}", stdout(&output));
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let error = with("[Level \"99\"]");
    assert_eq!(
        error.trim_end(),
        format!(
            "error: {record_arg}: the line [Level \"99\"] names no level from 1 to 10; correct or delete that line"
        )
    );
    let error = with("[TimeControl \"180+2\"]\n[TimeLeft \"abc 180\"]");
    assert!(error.contains("[TimeLeft \"abc 180\"]"), "{error}");
    // A tag without its `]`: what is wrong, not that no game is named.
    let error = with("[Setup \"x5o/7/7/7/7/7/o5x x 0 1\"");
    assert!(error.starts_with(&format!("error: {record_arg}: ")), "{error}");
    assert!(!error.contains("names no game"), "{error}");
    let _ = std::fs::remove_file(&record);
}

#[test]
fn datagen_names_an_unknown_game_with_the_games_there_are() {
    let out = std::env::temp_dir().join(format!("spielwerk-datagen-chess-{}.txt", std::process::id()));
    let out_arg = out.to_str().unwrap();
    for game in [&["chess"][..], &["--game", "atax"]] {
        let args = [&["datagen"][..], game, &["--games", "1", "--depth", "1", "--out", out_arg]].concat();
        let output = spielwerk(&args, "");
        assert_eq!(output.status.code(), Some(2), "a usage error: {args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        let name = game.last().unwrap();
        assert!(
            error.starts_with(&format!("error: unknown game '{name}'; the games are ataxx, abalone")),
            "{error}"
        );
    }
    let output =
        spielwerk(&["datagen", "--game", "atax", "--games", "1", "--depth", "1", "--out", out_arg], "");
    assert!(String::from_utf8_lossy(&output.stderr).contains("did you mean 'ataxx'?"));
    assert!(!out.exists(), "no file for an unknown game");
}

#[test]
fn the_line_mode_says_the_colour_a_person_chose() {
    let record = std::env::temp_dir().join(format!("spielwerk-colour-choice-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let _ = std::fs::remove_file(&record);
    let args = ["play", "amakta", "--vs", "human", "--record", record_arg];
    let output = spielwerk(&args, "circles none\ncolour white\nquit\n");
    let text = stdout(&output).replace('\n', " ");
    assert!(text.contains("The second player chose White; the first player plays Black."), "{text}");
    std::fs::remove_file(&record).ok();
}

#[test]
fn zoom_says_when_the_position_has_no_smaller_drawing() {
    let record = std::env::temp_dir().join(format!("spielwerk-zoom-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let output = spielwerk(&["play", "ataxx", "--vs", "human", "--record", record_arg], "zoom\nquit\n");
    let text = stdout(&output);
    assert!(text.contains("This position has no smaller drawing"), "{text}");
    assert_eq!(text.matches("Red (x): 2   Blue (o): 2").count(), 1, "the board is not drawn again: {text}");
    // Amakta with a stone on the board zooms out, without a word.
    let args = ["play", "amakta", "--circles", "none", "--vs", "human", "--record", record_arg];
    let output = spielwerk(&args, "place 000008 e1 000008\nzoom\nquit\n");
    assert!(!stdout(&output).contains("no smaller drawing"), "{}", stdout(&output));
    std::fs::remove_file(&record).ok();
}

#[test]
fn another_games_option_a_games_name_a_level_and_a_move_time_are_answered_in_words() {
    let error = |words: &[&str]| {
        let output = spielwerk(words, "");
        assert_eq!(output.status.code(), Some(2), "{words:?}");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let said = error(&["play", "ataxx", "--layout", "standard"]);
    assert!(
        said.starts_with("error: --layout is an option of Abalone; Ataxx's options are --rules"),
        "{said}"
    );
    let said = error(&["--lang", "de", "play", "ataxx", "--layout=standard"]);
    assert!(said.starts_with("Fehler: --layout ist eine Option von Abalone"), "{said}");
    let said = error(&["play", "ataxx", "--level", "11"]);
    assert!(said.contains("11 is not from 1 to 10") && !said.contains("..="), "{said}");
    let said = error(&["--lang", "de", "play", "ataxx", "--level", "11"]);
    assert!(said.contains("11 liegt nicht zwischen 1 und 10"), "{said}");
    let said = error(&["play", "ataxx", "--movetime", "0"]);
    assert!(said.contains("0 is less than 1"), "{said}");
    // `games GAME` shows that game alone; an unknown one is named.
    let output = spielwerk(&["games", "ataxx"], "");
    let text = stdout(&output);
    assert!(output.status.success() && text.starts_with("ataxx — Ataxx"), "{text}");
    assert!(!text.contains("abalone — "), "{text}");
    assert!(error(&["games", "chess"]).starts_with("error: unknown game 'chess'; the games are"));
}

#[test]
fn a_match_tells_its_engines_apart_by_their_options_and_refuses_no_games() {
    let output = spielwerk(&["match", "ataxx", "--games", "0", "--depth", "1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty(), "no header for no games: {}", stdout(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("a match needs at least one game"));
    let pgn = std::env::temp_dir().join(format!("spielwerk-match-labels-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let args = ["match", "ataxx", "--games", "1", "--depth", "1", "--option2", "Engine=greedy"];
    let output = spielwerk(&[&args[..], &["--draw-after", "4", "--pgn", pgn.to_str().unwrap()]].concat(), "");
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.lines().next().unwrap_or_default().ends_with("; engine 2 with Engine=greedy"), "{text}");
    assert!(
        text.contains(" #2 (Engine=greedy)") && text.contains("(drawn at the match's ply cap)"),
        "{text}"
    );
    let saved = std::fs::read_to_string(&pgn).unwrap_or_default();
    assert!(saved.contains("[Termination \"adjudication\"]"), "{saved}");
    let _ = std::fs::remove_file(&pgn);
    let out = std::env::temp_dir().join(format!("spielwerk-datagen-threads-{}.txt", std::process::id()));
    let args = ["datagen", "ataxx", "--games", "1", "--depth", "1", "--threads", "0", "--out"];
    let output = spielwerk(&[&args[..], &[out.to_str().unwrap()]].concat(), "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--threads 0 plays no game"));
    assert!(!out.exists());
}

#[test]
fn a_failed_save_warns_once_for_a_move_and_the_engines_reply() {
    let args = ["play", "ataxx", "--level", "1", "--record", "/dev/full"];
    let output = spielwerk(&args, "f2\nquit\n");
    let error = String::from_utf8_lossy(&output.stderr).replace('\n', " ");
    assert!(stdout(&output).contains("Engine (Blue) plays"), "{}", stdout(&output));
    assert_eq!(error.matches("Warning: the game could not be saved").count(), 1, "{error}");
}

#[test]
fn a_finished_game_resumed_opens_its_review_without_the_words_for_play() {
    let record = std::env::temp_dir().join(format!("spielwerk-resume-finished-{}.txt", std::process::id()));
    let record_arg = record.to_str().unwrap();
    let _ = std::fs::remove_file(&record);
    let args = ["play", "ataxx", "--vs", "human", "--record", record_arg];
    assert!(spielwerk(&args, "g2\nresign\ny\nq\n").status.success());
    let output = spielwerk(&["play", "--resume", record_arg], "zz\nq\n");
    let text = stdout(&output).replace('\n', " ");
    assert!(text.starts_with("Ataxx — a finished game; its review follows."), "{text}");
    assert!(!text.contains("is saved to") && !text.contains("`moves`"), "{text}");
    // A line the review does not know: its commands.
    assert!(text.contains("Not a review command: Enter or `n` next move, `p` previous"), "{text}");
    std::fs::remove_file(&record).ok();
}
