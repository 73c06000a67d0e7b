//! A whole UAI/UGI conversation with the engine side (`protocol::serve`)
//! over fuzzed input: a byte picks the game and dialect, every line is
//! sent, with searches kept short (depth 1, one thread, 1 MiB of hash).
//! Every `go` before `quit`, good or bad, must be answered by exactly one
//! `bestmove`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::{Command, Dialect, EngineSettings, serve};
use spielwerk_fuzz::registry;

/// Lines that would make a conversation slow or huge rather than wrong:
/// searches without end and tables of many megabytes or threads.
fn is_costly(line: &str) -> bool {
    let line = line.to_ascii_lowercase();
    let words: Vec<&str> = line.split_whitespace().collect();
    (words.first() == Some(&"go") && words.contains(&"infinite"))
        || (words.first() == Some(&"setoption") && (line.contains("hash") || line.contains("threads")))
}

fuzz_target!(|input: (u8, &str)| {
    let registry = registry();
    let names: Vec<&str> = registry.entries().iter().map(|e| e.name).collect();
    let game = names[usize::from(input.0) % names.len()];
    let dialect = if game == "ataxx" && input.0 & 0x80 == 0 { Dialect::Uai } else { Dialect::Ugi };
    let mut settings = EngineSettings::new(dialect, game);
    settings.hash_mb = 1;
    settings.max_depth = Some(1);
    let script: String = input.1.lines().filter(|line| !is_costly(line)).flat_map(|line| [line, "\n"]).collect();
    let mut output = Vec::new();
    serve(&registry, settings, script.as_bytes(), &mut output).expect("the settings are valid and output works");
    let gos = script
        .split('\n')
        .map(Command::parse)
        .take_while(|command| *command != Command::Quit)
        .filter(|command| matches!(command, Command::Go(_) | Command::BadGo { .. }))
        .count();
    let output = String::from_utf8_lossy(&output);
    let bestmoves = output.lines().filter(|line| line.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, gos, "one bestmove per go");
});
