//! The host side of the engine tests: Spielwerk's Ataxx engine speaking
//! UAI on its own thread, in-process over pipes, fed line by line.

use game::Registry;
use spielwerk_protocol::{Dialect, EngineSettings, serve};
use std::io::{BufRead, BufReader, PipeWriter, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long a test waits for an answer that should come soon: generous, so
/// that the tests pass on a machine whose cores are busy.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// The engine's input and the lines it writes.
pub struct Host {
    input: Option<PipeWriter>,
    lines: Receiver<String>,
    engine: Option<JoinHandle<()>>,
}

impl Host {
    /// Starts the engine (UAI, Ataxx).
    pub fn start() -> Host {
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

    /// Sends `line` to the engine.
    pub fn send(&mut self, line: &str) {
        writeln!(self.input.as_mut().unwrap(), "{line}").unwrap();
    }

    /// Every line up to and including the first that starts with `prefix`,
    /// which must come within [`PATIENCE`].
    pub fn until(&self, prefix: &str) -> Vec<String> {
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

    /// Closes the engine's input and waits for it to end.
    pub fn close(mut self) {
        self.input.take();
        self.engine.take().unwrap().join().unwrap();
    }
}
