//! The `EvalFile` option with Ataxx's network: loading the committed
//! network file, a network of the right shape with other weights, and
//! refusing a truncated copy, a text file and a missing file while keeping
//! the network in use. (Its own test binary: the network is the process's.)

use game::Registry;
use search::nnue::FloatNet;
use spielwerk_protocol::{Dialect, EngineSettings, serve};
use std::io::{BufRead, BufReader, PipeWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// White far ahead in stones: the embedded network scores it far above 0.
const AHEAD: &str = "xxxxxxx/xxxxxxx/7/7/7/7/o6 x 0 1";

/// How long the test waits for an answer that should come soon: generous,
/// so that it passes on a machine whose cores are busy.
const PATIENCE: Duration = Duration::from_secs(60);

/// The engine on its own thread, fed line by line.
struct Host {
    input: Option<PipeWriter>,
    lines: Receiver<String>,
    engine: Option<JoinHandle<()>>,
}

impl Host {
    fn start() -> Host {
        let (engine_input, input) = std::io::pipe().unwrap();
        let (output, engine_output) = std::io::pipe().unwrap();
        let engine = thread::spawn(move || {
            let settings = EngineSettings::new(Dialect::Uai, "ataxx");
            let registry = Registry::new(vec![ataxx::entry()]);
            serve(&registry, settings, BufReader::new(engine_input), engine_output).unwrap();
        });
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                if sender.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        Host { input: Some(input), lines, engine: Some(engine) }
    }

    /// Sends `line` and returns every answer up to and including the first
    /// line that starts with `until`.
    fn ask(&mut self, line: &str, until: &str) -> Vec<String> {
        writeln!(self.input.as_mut().unwrap(), "{line}").unwrap();
        let deadline = Instant::now() + PATIENCE;
        let mut lines = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .unwrap_or_else(|_| panic!("no line starting with '{until}': {lines:?}"));
            let done = line.starts_with(until);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// What the engine says to `setoption name EvalFile value {path}`.
    fn eval_file(&mut self, path: &str) -> String {
        let lines = self.ask(&format!("setoption name EvalFile value {path}"), "info string EvalFile: ");
        lines.last().unwrap()["info string EvalFile: ".len()..].to_owned()
    }

    /// The score of the depth-1 search of [`AHEAD`].
    fn score(&mut self) -> String {
        writeln!(self.input.as_mut().unwrap(), "position fen {AHEAD}").unwrap();
        let lines = self.ask("go depth 1", "bestmove ");
        let info = lines.iter().find(|line| line.starts_with("info depth 1 ")).expect("a depth-1 report");
        info.split(" score ").nth(1).unwrap().split(" time ").next().unwrap().to_owned()
    }

    fn close(mut self) {
        self.input.take();
        self.engine.take().unwrap().join().unwrap();
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("spielwerk-evalfile-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn eval_file_loads_a_network_and_keeps_it_on_a_bad_file() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ataxx/nets/ataxx.nnue");
    let bytes = std::fs::read(&committed).unwrap();
    let truncated = temp_file("truncated.nnue", &bytes[..bytes.len() / 2]);
    let text = temp_file("notes.txt", b"not a network\n");
    let (inputs, hidden) = (ataxx::nnue::INPUTS, ataxx::nnue::HIDDEN);
    let zero = FloatNet {
        inputs,
        hidden,
        feature_weights: vec![0.0; inputs * hidden],
        feature_bias: vec![0.0; hidden],
        output_weights: vec![0.0; 2 * hidden],
        output_bias: 0.0,
    };
    let zero = temp_file("zero.nnue", &zero.to_bytes());
    let missing = std::env::temp_dir().join("spielwerk-evalfile-no-such-file.nnue");
    let (committed, truncated, text, zero, missing) = (
        committed.display().to_string(),
        truncated.display().to_string(),
        text.display().to_string(),
        zero.display().to_string(),
        missing.display().to_string(),
    );
    let mut host = Host::start();
    let hello = host.ask("uai", "uaiok");
    assert!(hello.contains(&"option name EvalFile type string default <embedded>".to_owned()), "{hello:?}");
    let embedded = host.score();
    let value: i32 = embedded.strip_prefix("cp ").expect("a centipawn score").parse().unwrap();
    assert!(value > 300, "the embedded network sees White far ahead: {embedded}");

    assert_eq!(host.eval_file(&zero), format!("ataxx evaluates with {zero}"));
    assert_eq!(host.score(), "cp 0", "all-zero weights evaluate every position as 0");

    let said = host.eval_file(&truncated);
    let expected = format!("'{truncated}' is not a network of ataxx: the network file has ");
    assert!(said.starts_with(&expected) && said.ends_with(&format!("; still using {zero}")), "{said}");
    let said = host.eval_file(&text);
    let expected = format!("'{text}' is not a network of ataxx: not a Spielwerk network file");
    assert!(said.starts_with(&expected), "{said}");
    let said = host.eval_file(&missing);
    assert!(said.starts_with(&format!("cannot read '{missing}': ")), "{said}");
    assert!(said.ends_with(&format!("; still using {zero}")), "{said}");
    assert_eq!(host.score(), "cp 0", "the bad files left the zero network in use");
    let hello = host.ask("uai", "uaiok");
    assert!(hello.contains(&format!("option name EvalFile type string default {zero}")), "{hello:?}");

    assert_eq!(host.eval_file(&committed), format!("ataxx evaluates with {committed}"));
    assert_eq!(host.score(), embedded, "the committed file is the embedded network");
    assert_eq!(host.eval_file("<embedded>"), "ataxx evaluates with <embedded>");
    assert_eq!(host.score(), embedded);
    host.close();
}
