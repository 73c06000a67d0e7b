//! What a new player reads in the line mode without asking: how a move is
//! written (with a legal move as the example), what the review at the end
//! says, and `analyse` refusing a finished game in the session's language.

mod common;

use common::spielwerk;
use std::path::PathBuf;
use std::process::Output;

/// Standard output with the line breaks of the wrapping undone.
fn unwrapped(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).replace('\n', " ")
}

/// A record file of this test process.
fn record(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("spielwerk-first-steps-{name}-{}.txt", std::process::id()))
}

/// The examples in the lines that say how a move is written (`intro`
/// being the words before the example).
fn examples(text: &str, intro: &str) -> Vec<String> {
    text.split(intro)
        .skip(1)
        .map(|rest| {
            rest.trim_start().trim_start_matches('`').split('`').next().unwrap_or_default().to_owned()
        })
        .collect()
}

/// Plays `mv` at the start of `game` between two people; whether it was
/// played (the record is saved from the first move on).
fn is_legal_at_start(game: &str, mv: &str) -> bool {
    let path = record(&format!("{game}-legal"));
    let _ = std::fs::remove_file(&path);
    let output = spielwerk(
        &["play", game, "--vs", "human", "--record", path.to_str().unwrap()],
        &format!("{mv}\nquit\n"),
    );
    let saved = path.exists();
    let _ = std::fs::remove_file(&path);
    let text = unwrapped(&output);
    saved && !text.contains("malformed move") && !text.contains("illegal move")
}

#[test]
fn the_line_mode_shows_how_a_move_is_written_at_the_start_and_after_a_move_that_does_not_parse() {
    for game in ["abalone", "amakta", "amakta-infinit"] {
        let path = record(game);
        let output =
            spielwerk(&["play", game, "--vs", "human", "--record", path.to_str().unwrap()], "foo\nquit\n");
        let text = unwrapped(&output);
        let shown = examples(&text, "A move is written like this:");
        // Once at the start, once after `foo`.
        assert_eq!(shown.len(), 2, "{game}: {text}");
        assert_eq!(shown[0], shown[1], "{game}: {text}");
        assert!(text.find("malformed move 'foo'") < text.rfind("A move is written like this:"), "{text}");
        assert!(is_legal_at_start(game, &shown[0]), "{game}: the example {} is not legal", shown[0]);
    }
    // In the session's language.
    let path = record("de");
    let output = spielwerk(
        &["--lang", "de", "play", "abalone", "--vs", "human", "--record", path.to_str().unwrap()],
        "foo\nquit\n",
    );
    let text = unwrapped(&output);
    assert_eq!(examples(&text, "Ein Zug wird so geschrieben:").len(), 2, "{text}");
    assert!(!text.contains("A move is written"), "{text}");
}

#[test]
fn the_example_is_not_repeated_after_a_move_of_one_word() {
    for game in ["ataxx", "abalone", "formation"] {
        let path = record(&format!("{game}-repeat"));
        let args = ["play", game, "--vs", "human", "--record", path.to_str().unwrap()];
        let first = examples(&unwrapped(&spielwerk(&args, "quit\n")), "A move is written like this:");
        assert_eq!(first.len(), 1, "{game}: {first:?}");
        // The example played: the other side's turn shows none again.
        let text = unwrapped(&spielwerk(&args, &format!("{}\nquit\n", first[0])));
        let _ = std::fs::remove_file(&path);
        assert!(!text.contains("malformed move") && !text.contains("illegal move"), "{game}: {text}");
        assert_eq!(examples(&text, "A move is written like this:").len(), 1, "{game}: {text}");
    }
}

#[test]
fn amakta_infinit_says_how_a_bid_and_then_a_stone_creation_are_written() {
    let path = record("infinit");
    let output = spielwerk(
        &["play", "amakta-infinit", "--vs", "human", "--record", path.to_str().unwrap()],
        "bid 3\naccept\nquit\n",
    );
    let _ = std::fs::remove_file(&path);
    let text = unwrapped(&output);
    let shown = examples(&text, "A move is written like this:");
    // The bidding's example, then the creation's once its phase begins.
    assert_eq!(shown.len(), 2, "{text}");
    assert!(shown[0].starts_with("bid "), "{shown:?}");
    assert!(shown[1].starts_with("create "), "{shown:?}");
}

#[test]
fn the_review_says_where_it_is_at_its_ends_and_when_it_is_over() {
    for (language, last, start, over) in [
        ("en", "This is the last position", "This is the start position", "The review is over."),
        ("de", "Das ist die letzte Stellung", "Das ist die Anfangsstellung", "Das Nachspielen ist beendet."),
    ] {
        let path = record(&format!("review-{language}"));
        let args = ["--lang", language, "play", "ataxx", "--vs", "human", "--record", path.to_str().unwrap()];
        // Enter shows the end, Enter again stays there; back to the
        // start, back again stays; `q` ends.
        let output = spielwerk(&args, "g2\nresign\ny\n\n\nfirst\np\nq\n");
        let text = unwrapped(&output);
        assert_eq!(text.matches(last).count(), 1, "{text}");
        assert_eq!(text.matches(start).count(), 1, "{text}");
        assert!(text.trim_end().ends_with(over), "{text}");
        // The end of the input ends the review as well, and says so.
        let output = spielwerk(&args, "g2\nresign\ny\n");
        let _ = std::fs::remove_file(&path);
        assert!(unwrapped(&output).contains(over), "{}", unwrapped(&output));
    }
}

#[test]
fn analyse_refuses_a_finished_game_in_the_sessions_language() {
    let finished = ["analyse", "ataxx", "--position", "x6/7/7/7/7/7/7 o", "--depth", "2"];
    let output = spielwerk(&[&["--lang", "de"][..], &finished[..]].concat(), "");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success(), "{error}");
    assert!(error.contains("Spielende: Rot gewinnt") && error.contains("nichts zu analysieren"), "{error}");
    assert!(!error.contains("the game is over") && !error.contains("no stones"), "{error}");
    let output = spielwerk(&finished, "");
    let error = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(error.contains("Game over: Red wins") && error.contains("nothing to analyse"), "{error}");
}

#[test]
fn the_first_lines_say_how_the_engine_plays_in_a_whole_sentence() {
    for (language, expected) in [
        ("en", "Your side: Red; the engine plays on its clock"),
        ("de", "Deine Seite: Rot; der Computer spielt nach seiner Uhr"),
    ] {
        let output = spielwerk(&["--lang", language, "play", "ataxx", "--clock", "3+2"], "quit\n");
        let text = unwrapped(&output);
        assert!(text.contains(expected), "{text}");
    }
    let output = spielwerk(&["play", "ataxx", "--level", "4"], "quit\n");
    assert!(
        unwrapped(&output).contains("Your side: Red; the engine plays at level 4."),
        "{}",
        unwrapped(&output)
    );
}

#[test]
fn a_game_ended_before_any_move_opens_no_empty_review() {
    for language in ["en", "de"] {
        let output = spielwerk(&["--lang", language, "play", "ataxx", "--vs", "human"], "resign\ny\n");
        let text = unwrapped(&output);
        assert!(text.contains("(0-1)"), "{text}");
        assert!(!text.contains("0/0"), "{text}");
        assert!(text.contains("No move was played") || text.contains("Kein Zug gespielt"), "{text}");
    }
}

#[test]
fn a_line_that_is_not_utf8_is_named_and_the_game_goes_on() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let path = record("not-utf8");
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["play", "ataxx", "--vs", "human", "--record", path.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // "ÿþ" as a Latin-1 terminal sends it, then a move and `quit`.
    child.stdin.take().expect("stdin").write_all(b"\xff\xfe\ng2\nquit\n").expect("input written");
    let output = child.wait_with_output().expect("the binary ends");
    let _ = std::fs::remove_file(&path);
    let text = unwrapped(&output);
    assert!(output.status.success(), "{text} {}", String::from_utf8_lossy(&output.stderr));
    assert!(text.contains("That line was not UTF-8 text"), "{text}");
    assert!(text.contains("--resume"), "the game went on and was saved: {text}");
}
