//! The search's tunable constants over UAI: `setoption` changes the
//! search, and the defaults search as before. A test program of its own,
//! as the parameters are process-wide.

use game::Registry;
use spielwerk_protocol::{Dialect, EngineSettings, serve};
use std::io::{BufRead, BufReader, PipeWriter, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long a test waits for an answer that should come soon: generous, so
/// that the tests pass on a machine whose cores are busy.
const PATIENCE: Duration = Duration::from_secs(120);

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
            let registry = Registry::new(vec![ataxx::entry()]);
            let settings = EngineSettings::new(Dialect::Uai, "ataxx");
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

    fn send(&mut self, line: &str) {
        writeln!(self.input.as_mut().unwrap(), "{line}").unwrap();
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut lines = Vec::new();
        loop {
            let line =
                self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())).unwrap_or_else(
                    |_| panic!("no line starting with '{prefix}' within {PATIENCE:?}: {lines:?}"),
                );
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The nodes of a fresh search of the start position to depth 7.
    fn nodes(&mut self) -> u64 {
        self.send("uainewgame");
        self.send("position startpos");
        self.send("go depth 7");
        let lines = self.until("bestmove ");
        let last =
            lines.iter().rev().find(|line| line.starts_with("info depth 7 ")).expect("depth 7 reported");
        let words: Vec<&str> = last.split_whitespace().collect();
        let at = words.iter().position(|&word| word == "nodes").expect("nodes in the info line");
        words[at + 1].parse().unwrap()
    }

    fn close(mut self) {
        self.input.take();
        self.engine.take().unwrap().join().unwrap();
    }
}

#[test]
fn setoption_changes_the_search_and_the_defaults_search_as_before() {
    let mut host = Host::start();
    let by_default = host.nodes();
    host.send("setoption name LmrDivisor value 100");
    host.send("setoption name LmrSpared value 1");
    let reduced_more = host.nodes();
    assert!(
        reduced_more < by_default,
        "stronger reductions search fewer nodes: {reduced_more} vs {by_default}"
    );
    host.send("uai");
    let options = host.until("uaiok");
    assert!(options.contains(&"option name LmrDivisor type spin default 100 min 100 max 500".into()));
    assert!(options.contains(&"option name LmrSpared type spin default 1 min 1 max 10".into()));
    host.send("setoption name LmrDivisor value 225");
    host.send("setoption name lmrspared value 3");
    assert_eq!(host.nodes(), by_default, "back at the defaults");
    host.close();
}
