//! The short commands that the README and `docs/` show run to the end and
//! succeed, and where the documentation says what a command prints last
//! (`spielwerk amakta stones --count   # 86185`), it prints that. (That every
//! documented command parses is a unit test of the binary.)

#[path = "../src/doc_commands.rs"]
mod doc_commands;

use std::process::Command;

/// Subcommands that finish in about a second: these run fully.
fn is_short(args: &[String]) -> bool {
    match args.first().map(String::as_str) {
        Some("games" | "rules" | "help") => true,
        Some("amakta") => matches!(args.get(1).map(String::as_str), Some("stone" | "stones" | "value")),
        // Perft to depth 5 at the most (depth 6 of Ataxx is 141 million leaves).
        Some("perft") => args.iter().filter_map(|arg| arg.parse::<u32>().ok()).all(|depth| depth <= 5),
        _ => false,
    }
}

#[test]
fn short_documented_commands_run_and_print_what_the_documents_say() {
    let commands: Vec<_> = doc_commands::commands().into_iter().filter(|c| is_short(&c.args)).collect();
    assert!(commands.len() >= 5, "only {} short documented commands found", commands.len());
    for command in commands {
        let output = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
            .args(&command.args)
            .env("NO_COLOR", "1")
            .output()
            .expect("spielwerk runs");
        let shown = format!("{}: spielwerk {}", command.place, command.args.join(" "));
        assert!(output.status.success(), "{shown} failed: {}", String::from_utf8_lossy(&output.stderr));
        let stdout = String::from_utf8_lossy(&output.stdout);
        // A comment that starts with a number says what the last line is.
        let expected = command.comment.as_deref().and_then(|c| c.split_whitespace().next());
        if let Some(number) = expected.filter(|word| word.chars().all(|c| c.is_ascii_digit())) {
            let last = stdout.lines().last().unwrap_or("").trim();
            assert_eq!(last, number, "{shown} printed {last:?} last, the document says {number}");
        }
    }
}
