//! The `EvalFile` option with Ataxx's network: loading the committed
//! network file, a network of the right shape with other weights, and
//! refusing a truncated copy, a text file and a missing file while keeping
//! the network in use. (Its own test binary: the network is the process's.)

use search::nnue::FloatNet;
use std::path::{Path, PathBuf};

mod common;
use common::Host;

/// White far ahead in stones: the embedded network scores it far above 0.
const AHEAD: &str = "xxxxxxx/xxxxxxx/7/7/7/7/o6 x 0 1";

/// Sends `line` and returns every answer up to and including the first
/// line that starts with `until`.
fn ask(host: &mut Host, line: &str, until: &str) -> Vec<String> {
    host.send(line);
    host.until(until)
}

/// What the engine says to `setoption name EvalFile value {path}`.
fn eval_file(host: &mut Host, path: &str) -> String {
    let lines = ask(host, &format!("setoption name EvalFile value {path}"), "info string EvalFile: ");
    lines.last().unwrap()["info string EvalFile: ".len()..].to_owned()
}

/// The score of the depth-1 search of [`AHEAD`].
fn score(host: &mut Host) -> String {
    host.send(&format!("position fen {AHEAD}"));
    let lines = ask(host, "go depth 1", "bestmove ");
    let info = lines.iter().find(|line| line.starts_with("info depth 1 ")).expect("a depth-1 report");
    info.split(" score ").nth(1).unwrap().split(" time ").next().unwrap().to_owned()
}

/// Writes `bytes` to the file `name` in `dir`; returns its path.
fn temp_file(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn eval_file_loads_a_network_and_keeps_it_on_a_bad_file() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ataxx/nets/ataxx.nnue");
    let bytes = std::fs::read(&committed).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let truncated = temp_file(dir.path(), "truncated.nnue", &bytes[..bytes.len() / 2]);
    let text = temp_file(dir.path(), "notes.txt", b"not a network\n");
    let (inputs, hidden) = (ataxx::nnue::INPUTS, ataxx::nnue::HIDDEN);
    let zero = FloatNet {
        inputs,
        hidden,
        feature_weights: vec![0.0; inputs * hidden],
        feature_bias: vec![0.0; hidden],
        output_weights: vec![0.0; 2 * hidden],
        output_bias: 0.0,
    };
    let zero = temp_file(dir.path(), "zero.nnue", &zero.to_bytes());
    let missing = dir.path().join("no-such-file.nnue");
    let (committed, truncated, text, zero, missing) = (
        committed.display().to_string(),
        truncated.display().to_string(),
        text.display().to_string(),
        zero.display().to_string(),
        missing.display().to_string(),
    );
    let mut host = Host::start();
    let hello = ask(&mut host, "uai", "uaiok");
    assert!(hello.contains(&"option name EvalFile type string default <embedded>".to_owned()), "{hello:?}");
    let embedded = score(&mut host);
    let value: i32 = embedded.strip_prefix("cp ").expect("a centipawn score").parse().unwrap();
    assert!(value > 300, "the embedded network sees White far ahead: {embedded}");

    assert_eq!(eval_file(&mut host, &zero), format!("ataxx evaluates with {zero}"));
    assert_eq!(score(&mut host), "cp 0", "all-zero weights evaluate every position as 0");

    let said = eval_file(&mut host, &truncated);
    let expected = format!("'{truncated}' is not a network of ataxx: the network file has ");
    assert!(said.starts_with(&expected) && said.ends_with(&format!("; still using {zero}")), "{said}");
    let said = eval_file(&mut host, &text);
    let expected = format!("'{text}' is not a network of ataxx: not a Spielwerk network file");
    assert!(said.starts_with(&expected), "{said}");
    let said = eval_file(&mut host, &missing);
    assert!(said.starts_with(&format!("cannot read '{missing}': ")), "{said}");
    assert!(said.ends_with(&format!("; still using {zero}")), "{said}");
    assert_eq!(score(&mut host), "cp 0", "the bad files left the zero network in use");
    let hello = ask(&mut host, "uai", "uaiok");
    assert!(hello.contains(&format!("option name EvalFile type string default {zero}")), "{hello:?}");

    assert_eq!(eval_file(&mut host, &committed), format!("ataxx evaluates with {committed}"));
    assert_eq!(score(&mut host), embedded, "the committed file is the embedded network");
    assert_eq!(eval_file(&mut host, "<embedded>"), "ataxx evaluates with <embedded>");
    assert_eq!(score(&mut host), embedded);
    host.close();
}
