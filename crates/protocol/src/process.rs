//! The host side of one engine: a child process spoken to in UAI/UGI.

use crate::Dialect;
use crate::command::split_at_word;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long an engine may take to start, to answer `isready` and to
/// prepare a new game.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine may take to exit after `quit` before it is killed.
const QUIT_TIMEOUT: Duration = Duration::from_millis(500);

/// An engine program and the options to set when it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line, run by the shell (`spielwerk uai --engine greedy`).
    pub command: String,
    /// Options sent as `setoption name N value V` after the handshake.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// An engine run by `command`, with no options to set.
    #[must_use]
    pub fn new(command: &str) -> EngineSpec {
        EngineSpec { command: command.to_owned(), options: Vec::new() }
    }
}

/// Why an engine did not give the answer it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// Its output ended or its input closed: it exited or crashed.
    Crashed,
    /// It did not answer in time.
    TimedOut,
}

/// A running engine program.
pub(crate) struct EngineProcess {
    /// The name it gave in `id name` (or its command).
    pub(crate) name: String,
    /// The options it offered, each line without its `option name `.
    pub(crate) option_lines: Vec<String>,
    dialect: Dialect,
    child: Child,
    stdin: ChildStdin,
    /// The engine's output lines, each with the time it was read (so that
    /// a host thread slow to wake up does not bill the engine).
    lines: Receiver<(Instant, String)>,
}

impl EngineProcess {
    /// Starts the engine and shakes hands: the greeting, then `setoption`
    /// for each of `game_options` the engine offers (the game itself as
    /// `Game`, then e.g. `Rules`), then the spec's own options, then
    /// `isready`. The error says what went wrong.
    pub(crate) fn start(
        spec: &EngineSpec,
        dialect: Dialect,
        game_options: &[(String, String)],
    ) -> Result<EngineProcess, String> {
        let mut child = shell(&spec.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|error| format!("cannot start '{}': {error}", spec.command))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match stdout.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer).trim().to_owned();
                        if sender.send((Instant::now(), line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let mut engine = EngineProcess {
            name: spec.command.clone(),
            option_lines: Vec::new(),
            dialect,
            child,
            stdin,
            lines,
        };
        let what = |failure: Failure, step: &str| match failure {
            Failure::Crashed => format!("'{}' exited during {step}", spec.command),
            Failure::TimedOut => {
                format!("'{}' did not finish {step} within {HANDSHAKE_TIMEOUT:?}", spec.command)
            }
        };
        // One name for the whole handshake: whether a dead engine shows
        // while sending or while reading is a matter of timing.
        let handshake = format!("the handshake ('{}' … '{}')", dialect.hello(), dialect.ok());
        engine.send(dialect.hello()).map_err(|f| what(f, &handshake))?;
        let deadline = Some(Instant::now() + HANDSHAKE_TIMEOUT);
        let mut offered = Vec::new();
        let mut option_lines = Vec::new();
        let mut name = None;
        engine
            .wait_for(deadline, |line| {
                if let Some(rest) = line.strip_prefix("id name ") {
                    name = Some(rest.trim().to_owned());
                } else if let Some(rest) = line.strip_prefix("option name ") {
                    let option = split_at_word(rest, "type").map_or(rest, |(name, _)| name);
                    offered.push(option.to_ascii_lowercase());
                    option_lines.push(rest.to_owned());
                }
                (line == dialect.ok()).then_some(())
            })
            .map_err(|f| what(f, &handshake))?;
        engine.name = name.unwrap_or_else(|| spec.command.clone());
        engine.option_lines = option_lines;
        let offered_game_options =
            game_options.iter().filter(|(name, _)| offered.contains(&name.to_ascii_lowercase()));
        for (name, value) in offered_game_options.chain(&spec.options) {
            engine.send(&format!("setoption name {name} value {value}")).map_err(|f| what(f, "setoption"))?;
        }
        engine.ready().map_err(|f| what(f, "'isready'"))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(|_| Failure::Crashed)
    }

    /// Reads lines until `accept` takes one, skipping all others; returns
    /// its answer and when that line was read.
    fn wait_for<T>(
        &mut self,
        deadline: Option<Instant>,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<(T, Instant), Failure> {
        loop {
            let (read, line) = match deadline {
                Some(deadline) => self
                    .lines
                    .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                    .map_err(|error| match error {
                        RecvTimeoutError::Timeout => Failure::TimedOut,
                        RecvTimeoutError::Disconnected => Failure::Crashed,
                    })?,
                None => self.lines.recv().map_err(|_| Failure::Crashed)?,
            };
            if let Some(answer) = accept(&line) {
                return Ok((answer, read));
            }
        }
    }

    /// `isready`, then waits for `readyok` (skipping anything else).
    fn ready(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for(Some(Instant::now() + HANDSHAKE_TIMEOUT), |line| (line == "readyok").then_some(()))
            .map(|_| ())
    }

    /// Announces a new game and waits until the engine is ready.
    pub(crate) fn new_game(&mut self) -> Result<(), Failure> {
        self.send(self.dialect.new_game())?;
        self.ready()
    }

    /// Sends the position and the `go` line and waits for `bestmove`
    /// until `deadline`; returns the move text as given (a `ponder` part
    /// dropped) and when the line was read.
    pub(crate) fn best_move(
        &mut self,
        position: &str,
        go: &str,
        deadline: Option<Instant>,
    ) -> Result<(String, Instant), Failure> {
        self.send(position)?;
        self.send(go)?;
        self.wait_for(deadline, |line| {
            let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            (word == "bestmove")
                .then(|| split_at_word(rest, "ponder").map_or(rest, |(mv, _)| mv).trim().to_owned())
        })
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + QUIT_TIMEOUT;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                _ => return,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The command that runs `command` through the system's shell.
#[cfg(unix)]
fn shell(command: &str) -> Command {
    let mut shell = Command::new("sh");
    shell.arg("-c").arg(format!("exec {command}"));
    shell
}

/// The command that runs `command` through the system's shell.
#[cfg(not(unix))]
fn shell(command: &str) -> Command {
    let mut shell = Command::new("cmd");
    shell.arg("/C").arg(command);
    shell
}
