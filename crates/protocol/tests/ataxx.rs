//! The engine side speaking UAI about Ataxx, in-process over pipes.

use game::{Options, Registry};
use spielwerk_protocol::{Dialect, EngineSettings, serve};
use std::io::{BufRead, BufReader, PipeWriter, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

const START: &str = "x5o/7/7/7/7/7/o5x x 0 1";

/// How long a test waits for an answer that should come soon: generous, so
/// that the tests pass on a machine whose cores are busy.
const PATIENCE: Duration = Duration::from_secs(60);

fn registry() -> Registry {
    Registry::new(vec![ataxx::entry()])
}

/// The legal moves after `moves` from `fen`, under community rules.
fn legal_after(fen: &str, moves: &[&str]) -> Vec<String> {
    let options = Options::new().with("rules", "community");
    let mut game = registry().create("ataxx", &options, Some(fen)).unwrap();
    for mv in moves {
        game.play(mv).unwrap();
    }
    game.legal_moves()
}

fn legal_moves(fen: &str) -> Vec<String> {
    legal_after(fen, &[])
}

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
            serve(&registry(), settings, BufReader::new(engine_input), engine_output).unwrap();
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

    /// Every line up to and including the first that starts with `prefix`,
    /// which must come within [`PATIENCE`].
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

    fn best_move(&mut self, position: &str, go: &str) -> String {
        self.send(position);
        self.send(go);
        let lines = self.until("bestmove ");
        lines.last().unwrap()["bestmove ".len()..].to_owned()
    }

    fn close(mut self) {
        self.input.take();
        self.engine.take().unwrap().join().unwrap();
    }
}

#[test]
fn offers_the_ataxx_rules_with_community_as_default() {
    let mut host = Host::start();
    host.send("uai");
    let hello = host.until("uaiok");
    assert!(
        hello.contains(&"option name Rules type combo default community var seed var community".to_owned())
    );
    host.close();
}

#[test]
fn plays_legal_moves_and_passes() {
    let mut host = Host::start();
    let best = host.best_move("position startpos", "go depth 3");
    assert!(legal_moves(START).contains(&best), "{best}");
    let best = host.best_move(&format!("position fen {START} moves f2 f6 g1e3"), "go nodes 5000");
    assert!(legal_after(START, &["f2", "f6", "g1e3"]).contains(&best), "{best}");
    let pass = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1";
    assert_eq!(legal_moves(pass), ["0000"]);
    assert_eq!(host.best_move(&format!("position fen {pass}"), "go movetime 50"), "0000");
    let over = "x5o/7/7/7/7/7/o5x x 100 60";
    assert_eq!(host.best_move(&format!("position fen {over}"), "go depth 2"), "0000");
    host.close();
}

#[test]
fn btime_is_the_clock_of_x() {
    let mut host = Host::start();
    // The other side's clock is weeks long: read as the mover's, the engine
    // would think for hours and `best_move` would give up after PATIENCE.
    for (go, side) in [("go btime 40 wtime 2000000000", "x"), ("go btime 2000000000 wtime 40", "o")] {
        let best = host.best_move(&format!("position fen x5o/7/7/7/7/7/o5x {side} 0 1"), go);
        assert!(legal_moves(&format!("x5o/7/7/7/7/7/o5x {side} 0 1")).contains(&best));
    }
    host.close();
}

#[test]
fn a_long_depth_reports_the_root_move_it_searches() {
    let mut host = Host::start();
    host.send("position startpos");
    host.send("go infinite");
    // Between completed depths, at least a second apart, the engine tells
    // which root move it searches and how many nodes it has visited.
    let progress = loop {
        let line = host.until("info depth").pop().unwrap();
        if line.contains(" currmove ") {
            break line;
        }
    };
    host.send("stop");
    host.until("bestmove ");
    let words: Vec<&str> = progress.split_whitespace().collect();
    let after = |key: &str| words[words.iter().position(|&w| w == key).unwrap() + 1];
    assert!(legal_moves(START).contains(&after("currmove").to_owned()), "{progress}");
    let number: usize = after("currmovenumber").parse().unwrap();
    assert!((1..=legal_moves(START).len()).contains(&number), "{progress}");
    assert!(after("nodes").parse::<u64>().unwrap() > 0, "{progress}");
    assert!(!progress.contains(" pv "), "a progress line has no main line: {progress}");
    host.close();
}
