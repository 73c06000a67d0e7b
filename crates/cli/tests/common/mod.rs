//! Running the `spielwerk` binary as a user would, for the test programs
//! that share it (`mod common;`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `spielwerk ARGS` with `input` on standard input and its output
/// 80 columns wide, as in a terminal of the classic size.
pub fn spielwerk(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(args)
        .env("COLUMNS", "80")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A command that fails on its arguments ends before it reads its input.
    if let Err(error) = child.stdin.take().expect("stdin").write_all(input.as_bytes()) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "input written");
    }
    child.wait_with_output().expect("the binary ends")
}
