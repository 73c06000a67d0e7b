//! The engine side of UAI/UGI: a conversation with a host over any
//! registered game.
//!
//! The search runs on its own thread, so the engine answers `isready`,
//! `query` and `d` while it thinks; `stop` ends the search and the engine
//! answers `bestmove`. Commands are carried out in the order they come:
//! one that changes the game (`position`, `setoption`, `uainewgame`, `go`)
//! waits until the running search has ended by its own limits or by
//! `stop`, and so does every command after it but `isready`, which is
//! answered at once. A `stop` ends the running search at once, whatever
//! waits behind it (a `go` sent during a search is told to wait, with an
//! `info string`, and is searched and answered after it). `quit`
//! (or the end of the input) stops the search, and every `go` still
//! waiting is answered by a search stopped at once.
//!
//! A `position` the engine cannot set up (a bad position text or an illegal
//! move) leaves the engine without the host's position: until the next
//! good `position`, `uainewgame` or change of game, `go` searches nothing
//! and answers `bestmove 0000` with the reason, as it does for a malformed
//! `go`.

use crate::command::{Command, Go, Query};
use crate::{Dialect, play_words, root_moves};
use game::{
    DynGame, GameEntry, GameError, GameResult, Info, Limits, NetSpec, Options, Player, Record, Registry,
    ThinkResult, move_token,
};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, Scope, ScopedJoinHandle};
use std::time::Duration;
use thiserror::Error;

/// The hash size an engine starts with, in MiB.
pub const DEFAULT_HASH_MB: usize = 32;

/// The largest hash size the `Hash` option accepts, in MiB.
pub const MAX_HASH_MB: usize = 65_536;

/// The most search threads the `Threads` option accepts.
pub const MAX_THREADS: usize = 256;

/// What the engine assumes the host's clock charges for a move beyond its
/// search (pipes, process switches), in milliseconds, unless the
/// `MoveOverhead` option says otherwise. Clock budgets keep it back from
/// every move.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// The largest value the `MoveOverhead` option accepts, in milliseconds.
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The most lines the `MultiPV` option accepts.
pub const MAX_MULTIPV: u32 = 16;

/// The move text of "no move": `bestmove 0000` when the game is over.
pub const NULL_MOVE: &str = "0000";

/// The value of the `EvalFile` option that stands for the network
/// embedded in the program.
pub const EMBEDDED_NETWORK: &str = "<embedded>";

/// How an engine conversation is set up.
#[derive(Clone, Debug)]
pub struct EngineSettings {
    /// The dialect; under UGI the host may also switch games with
    /// `setoption name Game value NAME`.
    pub dialect: Dialect,
    /// The registered name of the game to play.
    pub game: String,
    /// Game options (e.g. `rules`); the game's engine defaults fill in
    /// those not given (see [`GameEntry::with_engine_defaults`]).
    pub options: Options,
    /// The engine to think with (`alphabeta`, `greedy`, …); `None` for the
    /// game's default.
    pub engine: Option<String>,
    /// The hash size in MiB.
    pub hash_mb: usize,
    /// How many threads the engine searches on.
    pub threads: usize,
    /// A cap on the search depth whatever `go` says, to play weaker,
    /// shallower versions of the engine in matches.
    pub max_depth: Option<u32>,
}

impl EngineSettings {
    /// Settings for `game` with its default options, engine and hash size.
    #[must_use]
    pub fn new(dialect: Dialect, game: &str) -> EngineSettings {
        EngineSettings {
            dialect,
            game: game.to_owned(),
            options: Options::new(),
            engine: None,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            max_depth: None,
        }
    }
}

/// Why an engine conversation could not start or had to end.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The settings name a game, option or engine that does not exist.
    #[error(transparent)]
    Setup(#[from] GameError),
    /// The host's input or output failed.
    #[error("engine input/output: {0}")]
    Io(#[from] io::Error),
}

/// The engine's name as `id name` gives it: `Spielwerk <version>`, with
/// the engine's name added when it is not the game's default.
#[must_use]
pub fn engine_name(game: &dyn DynGame, engine: Option<&str>) -> String {
    let name = format!("Spielwerk {}", env!("CARGO_PKG_VERSION"));
    match engine {
        Some(engine) if !game.engines().first().is_some_and(|e| e.eq_ignore_ascii_case(engine)) => {
            format!("{name} ({})", engine.to_ascii_lowercase())
        }
        _ => name,
    }
}

/// The protocol name of game option `option` (a registry name): its words
/// (split at `-`) capitalised and joined, as UCI names its options
/// (`arrow-cap` → `ArrowCap`), with one spelling for one concept across
/// games: the ply limit is `PlyLimit` in every game (Abalone's and Die
/// Formation's `plylimit` beside Amakta Infinit's `ply-limit`), and
/// Amakta's colour of the first player is `P1`, as the command line's
/// `--p1`. `setoption` also takes the registry name and any spelling that
/// differs only in case, `-`, `_` or spaces.
#[must_use]
pub fn option_name(option: &str) -> String {
    match option {
        "plylimit" => "PlyLimit".to_owned(),
        "colour" => "P1".to_owned(),
        _ => option.split('-').map(Record::tag_name).collect(),
    }
}

/// An option name as `setoption` compares it: lower case, without `-`,
/// `_` and spaces.
fn option_key(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '-' | '_' | ' ')).flat_map(char::to_lowercase).collect()
}

/// A search report as an `info` line: depth, score, nodes and main line
/// for a completed depth, `currmove` and `currmovenumber` between depths.
/// Moves are written in their single-token form ([`move_token`]).
#[must_use]
pub fn info_line(info: &Info<String>) -> String {
    info_line_of(info, false)
}

/// [`info_line`] of a multi-PV search: a completed depth's line also says
/// which line it reports (`multipv N`).
#[must_use]
pub fn multipv_info_line(info: &Info<String>) -> String {
    info_line_of(info, true)
}

/// An `info` line, with `multipv N` after the depths if `multipv`.
fn info_line_of(info: &Info<String>, multipv: bool) -> String {
    if let Some((mv, number)) = &info.currmove {
        return format!(
            "info depth {} currmove {} currmovenumber {number} time {} nodes {} nps {}",
            info.depth,
            move_token(mv),
            info.time.as_millis(),
            info.nodes,
            info.nps()
        );
    }
    let line_number = if multipv { format!(" multipv {}", info.multipv) } else { String::new() };
    let mut line = format!(
        "info depth {} seldepth {}{line_number} score {} time {} nodes {} nps {}",
        info.depth,
        info.seldepth,
        info.score.uci(),
        info.time.as_millis(),
        info.nodes,
        info.nps()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            line.push(' ');
            line.push_str(&move_token(mv));
        }
    }
    line
}

/// Speaks the engine side of UAI/UGI: reads commands from `input` until
/// `quit` or its end, and writes the answers to `output`, one flushed line
/// each. Nothing the host sends makes it fail; problems are reported as
/// `info string` lines. Fails only if the settings are bad or the input or
/// output fails. The input is read on a thread of its own, which is left
/// waiting for a line that may never come when `quit` ends the
/// conversation.
pub fn serve<R: BufRead + Send + 'static, W: Write + Send>(
    registry: &Registry,
    settings: EngineSettings,
    mut input: R,
    output: W,
) -> Result<(), ServeError> {
    let setup = Setup {
        registry,
        dialect: settings.dialect,
        entry: registry.get(&settings.game)?,
        given: settings.options,
        engine: settings.engine,
        hash_mb: settings.hash_mb.clamp(1, MAX_HASH_MB),
        threads: settings.threads.clamp(1, MAX_THREADS),
        max_depth: settings.max_depth,
        move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
        multipv: 1,
    };
    let game = setup.create()?;
    let out = Mutex::new(output);
    let (events, inbox) = mpsc::channel();
    let commands = events.clone();
    thread::spawn(move || read_commands(&mut input, &commands));
    thread::scope(|scope| {
        let mut conversation = Conversation {
            scope,
            out: &out,
            events,
            setup,
            game: Some(game),
            search: None,
            waiting: VecDeque::new(),
            eval_files: Vec::new(),
            rejected_position: None,
        };
        let talked = loop {
            let done = match inbox.recv() {
                Ok(Event::Command(Command::Quit) | Event::End(None)) | Err(_) => break Ok(()),
                Ok(Event::End(Some(error))) => break Err(error),
                Ok(Event::Command(command)) => conversation.receive(command, Arrival::FromHost),
                Ok(Event::SearchEnded) => conversation.search_ended(),
            };
            if let Err(error) = done {
                break Err(error);
            }
        };
        // Also after a failure, so that no search is left waiting for `stop`.
        let quit = conversation.quit();
        Ok(talked.and(quit)?)
    })
}

/// What the conversation waits for: the host's next command, the end of
/// its input, or the end of the running search.
enum Event {
    /// A line of the host's.
    Command(Command),
    /// The input ended, or could not be read.
    End(Option<io::Error>),
    /// The running search has answered `bestmove` (or failed).
    SearchEnded,
}

/// Reads the host's commands from `input` as [`Event`]s until its end, a
/// read error or `quit`, or until nobody listens any more.
fn read_commands<R: BufRead>(input: &mut R, events: &Sender<Event>) {
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let event = match input.read_until(b'\n', &mut buffer) {
            Ok(0) => Event::End(None),
            Ok(_) => Event::Command(Command::parse(&String::from_utf8_lossy(&buffer))),
            Err(error) => Event::End(Some(error)),
        };
        let last = matches!(event, Event::End(_) | Event::Command(Command::Quit));
        if events.send(event).is_err() || last {
            return;
        }
    }
}

/// Tells the conversation that the search ended when the search thread
/// finishes, however it finishes (a search that panics included).
struct EndNotice(Sender<Event>);

impl Drop for EndNotice {
    fn drop(&mut self) {
        let _ = self.0.send(Event::SearchEnded);
    }
}

/// The most characters of one `info string` line's text.
const LONGEST_INFO: usize = 1000;

/// `line` cut at [`LONGEST_INFO`] characters, saying how many were left out.
fn shortened(line: &str) -> std::borrow::Cow<'_, str> {
    match line.char_indices().nth(LONGEST_INFO) {
        None => line.into(),
        Some((cut, _)) => {
            let left_out = line[cut..].chars().count();
            format!("{}… ({left_out} more characters)", &line[..cut]).into()
        }
    }
}

/// Writes one line and flushes it.
fn say<W: Write>(out: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    writeln!(out, "{line}")?;
    out.flush()
}

/// What the game is made from; a change of game or game option rebuilds it.
struct Setup<'env> {
    registry: &'env Registry,
    dialect: Dialect,
    entry: &'env GameEntry,
    given: Options,
    engine: Option<String>,
    hash_mb: usize,
    threads: usize,
    max_depth: Option<u32>,
    move_overhead: Duration,
    /// How many lines `go` reports (`MultiPV`).
    multipv: u32,
}

impl Setup<'_> {
    fn create(&self) -> Result<Box<dyn DynGame>, GameError> {
        let options = self.entry.with_engine_defaults(&self.given);
        let mut game = self.registry.create(self.entry.name, &options, None)?;
        // Served games must be able to think (and have a default engine).
        if game.engines().is_empty() {
            return Err(GameError::NoEngine(self.entry.name.to_owned()));
        }
        if let Some(engine) = &self.engine {
            game.set_engine(engine)?;
        }
        game.set_hash_mb(self.hash_mb);
        game.set_threads(self.threads);
        Ok(game)
    }
}

/// Where a command comes from when it is taken in: straight from the host,
/// or from the commands that waited for a search to end (which were told
/// of their wait when they came).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrival {
    /// Read from the host just now.
    FromHost,
    /// Waited for the search before.
    Waited,
}

/// A search on its own thread, which hands the game back when it ends.
struct Search<'scope> {
    stop: Arc<AtomicBool>,
    /// Set just before the search writes its `bestmove`: a `go` after that
    /// may come from a host that has read it, and waits its turn.
    answered: Arc<AtomicBool>,
    handle: ScopedJoinHandle<'scope, Box<dyn DynGame>>,
    /// A copy of the game, to answer questions while the search runs and
    /// to go on with should the search thread fail.
    position: Box<dyn DynGame>,
}

struct Conversation<'scope, 'env, W> {
    scope: &'scope Scope<'scope, 'env>,
    out: &'env Mutex<W>,
    /// Where a search thread says that it ended.
    events: Sender<Event>,
    setup: Setup<'env>,
    /// The game while no search runs (then `search` holds it).
    game: Option<Box<dyn DynGame>>,
    search: Option<Search<'scope>>,
    /// Commands that wait for the running search to end, in their order.
    waiting: VecDeque<Command>,
    /// The network file loaded for each game in this conversation.
    eval_files: Vec<(&'static str, String)>,
    /// Why the last `position` was rejected, while no good `position`,
    /// `uainewgame` or new game has followed it: `go` then searches nothing.
    rejected_position: Option<String>,
}

impl<'scope, 'env, W: Write + Send> Conversation<'scope, 'env, W> {
    fn say(&self, line: &str) -> io::Result<()> {
        say(self.out, line)
    }

    /// Says `text` as `info string` lines, each cut at
    /// [`LONGEST_INFO`] characters (a host's malformed token is echoed in
    /// the reason, and may be megabytes long).
    fn inform(&self, text: &str) -> io::Result<()> {
        for line in text.lines() {
            self.say(&format!("info string {}", shortened(line)))?;
        }
        Ok(())
    }

    /// The current game, whether or not a search runs.
    fn current(&self) -> &dyn DynGame {
        match (&self.game, &self.search) {
            (Some(game), _) => game.as_ref(),
            (None, Some(search)) => search.position.as_ref(),
            (None, None) => unreachable!("the game is either idle or searched"),
        }
    }

    /// The game; commands that change it are only handled while no search
    /// runs (see [`Conversation::receive`]).
    fn idle_game(&mut self) -> &mut dyn DynGame {
        self.game.as_deref_mut().expect("no search runs, so the game is here")
    }

    /// Takes `command` in: handles it now if no search runs and no command
    /// waits, else answers `isready` at once, says with `info string` that
    /// a `go` from the host while the search runs unstopped and unanswered
    /// waits its turn (the running search goes on to its own `bestmove`,
    /// and the waiting `go` then searches and gets one too), stops the
    /// running search at a `stop` while it has not answered (a `go` waiting
    /// behind it then starts: a search that only `stop` ends is never stuck
    /// behind a later command; a `stop` after the search's `bestmove` waits
    /// in order, for the `go` that came before it), answers `query`, `d` and what cannot be read at
    /// once while nothing waits, and leaves every other command waiting for
    /// the search to end.
    fn receive(&mut self, command: Command, arrival: Arrival) -> io::Result<()> {
        if self.search.is_none() && self.waiting.is_empty() {
            return self.handle(command);
        }
        match command {
            Command::IsReady => self.say("readyok"),
            Command::Go(_) | Command::BadGo { .. }
                if arrival == Arrival::FromHost && self.searching_unasked() =>
            {
                self.waiting.push_back(command);
                self.inform("go: waits for the running search to end (stop ends it now)")
            }
            Command::Stop if self.search_unanswered() => {
                self.stop_search();
                Ok(())
            }
            Command::Query(_)
            | Command::Display
            | Command::Ignored
            | Command::Unknown(_)
            | Command::Malformed(_)
                if self.waiting.is_empty() =>
            {
                self.handle(command)
            }
            command => {
                self.waiting.push_back(command);
                Ok(())
            }
        }
    }

    /// The running search has ended: takes the game back and takes in the
    /// commands that waited for it, in order (a `go` among them may start
    /// the next search, for which the rest wait again).
    fn search_ended(&mut self) -> io::Result<()> {
        self.take_back();
        for command in std::mem::take(&mut self.waiting) {
            self.receive(command, Arrival::Waited)?;
        }
        Ok(())
    }

    /// `quit` or the end of the input: stops the running search and
    /// carries out the waiting commands, stopping at once every search
    /// they start.
    fn quit(&mut self) -> io::Result<()> {
        loop {
            self.stop_search();
            self.take_back();
            let Some(command) = self.waiting.pop_front() else { return Ok(()) };
            self.handle(command)?;
        }
    }

    /// Whether a search runs that has not answered yet (told to stop or
    /// not): a `stop` then is for it.
    fn search_unanswered(&self) -> bool {
        self.search.as_ref().is_some_and(|search| !search.answered.load(Ordering::Acquire))
    }

    /// Whether a search runs that was not told to stop and has not
    /// answered yet: a `go` then waits for it, and is told so.
    fn searching_unasked(&self) -> bool {
        self.search.as_ref().is_some_and(|search| {
            !search.stop.load(Ordering::Acquire) && !search.answered.load(Ordering::Acquire)
        })
    }

    /// Tells the running search (if any) to stop.
    fn stop_search(&self) {
        if let Some(search) = &self.search {
            search.stop.store(true, Ordering::Release);
            search.handle.thread().unpark();
        }
    }

    /// Waits for the running search (if any) to end and takes the game
    /// back; if the search failed, answers the first legal move for it.
    fn take_back(&mut self) {
        let Some(search) = self.search.take() else { return };
        self.game = Some(match search.handle.join() {
            Ok(game) => game,
            Err(_) => {
                let best = search.position.legal_moves().into_iter().next();
                let _ = self.inform("the search failed; answering with the first legal move");
                let _ = self.say(&bestmove_line(best.as_deref()));
                search.position
            }
        });
    }

    fn handle(&mut self, command: Command) -> io::Result<()> {
        match command {
            Command::Hello(dialect) => self.hello(dialect),
            Command::IsReady => self.say("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::NewGame => {
                let game = self.idle_game();
                game.new_game();
                match game.set_position(None) {
                    Ok(()) => {
                        self.rejected_position = None;
                        Ok(())
                    }
                    Err(error) => self.inform(&error.to_string()),
                }
            }
            Command::Position { setup, moves } => self.position(setup.as_deref(), &moves),
            Command::Go(go) => self.go(go),
            Command::BadGo { problem, infinite } => self.answer_no_move(&problem, infinite),
            Command::BadPosition(problem) => {
                self.rejected_position = Some(problem.clone());
                self.inform(&problem)
            }
            // No search runs: nothing to stop.
            Command::Stop => Ok(()),
            Command::Query(query) => self.query(query),
            Command::Display => self.inform(&self.current().render(game::Style::default())),
            Command::Ignored | Command::Quit => Ok(()),
            Command::Unknown(word) => self.inform(&format!("unknown command '{word}'")),
            Command::Malformed(message) => self.inform(&message),
        }
    }

    fn hello(&self, dialect: Dialect) -> io::Result<()> {
        let game = self.current();
        self.say(&format!("id name {}", engine_name(game, self.setup.engine.as_deref())))?;
        self.say("id author the Spielwerk authors")?;
        self.say(&format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            self.setup.hash_mb
        ))?;
        self.say(&format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            self.setup.threads
        ))?;
        self.say(&format!(
            "option name MoveOverhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            self.setup.move_overhead.as_millis()
        ))?;
        self.say(&format!(
            "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
            self.setup.multipv
        ))?;
        for param in search::params::all() {
            self.say(&format!(
                "option name {} type spin default {} min {} max {}",
                param.name,
                param.value(self.setup.entry.search_defaults),
                param.min,
                param.max
            ))?;
        }
        if self.network().is_some() {
            self.say(&format!("option name EvalFile type string default {}", self.eval_file()))?;
        }
        let engines = game.engines();
        let engine = self.setup.engine.as_deref().unwrap_or(engines[0]).to_ascii_lowercase();
        self.say(&combo("Engine", &engine, &engines))?;
        if self.setup.dialect == Dialect::Ugi {
            let names: Vec<&str> = self.setup.registry.entries().iter().map(|e| e.name).collect();
            self.say(&combo("Game", self.setup.entry.name, &names))?;
        }
        for spec in self.setup.entry.options {
            let name = option_name(spec.name);
            let value = game.options().get(spec.name).unwrap_or(spec.default);
            if let Some(bounds) = spec.bounds {
                // A word the game also takes (Amakta Infinit's `none` for
                // no amendment) is the default, which stands for it.
                let value = bounds.parse(value).or_else(|| bounds.parse(spec.default)).unwrap_or(bounds.min);
                self.say(&format!(
                    "option name {name} type spin default {value} min {} max {}",
                    bounds.min, bounds.max
                ))?;
            } else if spec.choices.is_empty() {
                let value = if value.is_empty() { "<empty>" } else { value };
                self.say(&format!("option name {name} type string default {value}"))?;
            } else {
                self.say(&combo(&name, value, &spec.values().collect::<Vec<_>>()))?;
            }
        }
        self.say(dialect.ok())
    }

    fn set_option(&mut self, name: &str, value: &str) -> io::Result<()> {
        let key = name.to_ascii_lowercase();
        match key.as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.setup.hash_mb = mb;
                    self.idle_game().set_hash_mb(mb);
                    Ok(())
                }
                _ => self.inform(&format!("Hash: '{value}' is not a size from 1 to {MAX_HASH_MB} MiB")),
            },
            "moveoverhead" | "move overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= MAX_MOVE_OVERHEAD_MS => {
                    self.setup.move_overhead = Duration::from_millis(ms);
                    Ok(())
                }
                _ => self.inform(&format!(
                    "MoveOverhead: '{value}' is not a time from 0 to {MAX_MOVE_OVERHEAD_MS} ms"
                )),
            },
            "multipv" => match value.parse::<u32>() {
                Ok(lines) if (1..=MAX_MULTIPV).contains(&lines) => {
                    self.setup.multipv = lines;
                    Ok(())
                }
                _ => self.inform(&format!("MultiPV: '{value}' is not a number from 1 to {MAX_MULTIPV}")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(threads) if (1..=MAX_THREADS).contains(&threads) => {
                    self.setup.threads = threads;
                    self.idle_game().set_threads(threads);
                    Ok(())
                }
                _ => self.inform(&format!("Threads: '{value}' is not a number from 1 to {MAX_THREADS}")),
            },
            "evalfile" => self.load_network(value),
            "engine" => match self.idle_game().set_engine(value) {
                Ok(()) => {
                    self.setup.engine = Some(value.to_owned());
                    Ok(())
                }
                Err(error) => self.inform(&error.to_string()),
            },
            "game" if self.setup.dialect == Dialect::Ugi => match self.setup.registry.get(value) {
                Ok(entry) => self.rebuild(|setup| {
                    setup.entry = entry;
                    setup.given = Options::new();
                }),
                Err(error) => self.inform(&error.to_string()),
            },
            _ if search::params::find(name).is_some() => self.set_search_param(name, value),
            _ => {
                let wanted = option_key(name);
                let spec = self.setup.entry.options.iter().find(|spec| {
                    option_key(spec.name) == wanted || option_key(&option_name(spec.name)) == wanted
                });
                match spec {
                    Some(spec) => match spec.bounds {
                        Some(bounds) if bounds.parse(value).is_none() => self.inform(&format!(
                            "{}: '{value}' is not a whole number from {} to {}",
                            option_name(spec.name),
                            bounds.min,
                            bounds.max
                        )),
                        _ => self.rebuild(|setup| setup.given.set(spec.name, value)),
                    },
                    None => self.inform(&format!("unknown option '{name}' ignored")),
                }
            }
        }
    }

    /// `setoption` of a search parameter ([`search::params`]); a value that is not a whole number in the
    /// parameter's range is answered with `info string` and the value
    /// stays.
    fn set_search_param(&mut self, name: &str, value: &str) -> io::Result<()> {
        let param = search::params::find(name).expect("the caller found it");
        match value.trim().parse::<i32>() {
            Ok(number) => match param.set(number) {
                Ok(()) => Ok(()),
                Err(error) => self.inform(&error.to_string()),
            },
            Err(_) => self.inform(&format!(
                "{}: '{value}' is not a whole number from {} to {}",
                param.name, param.min, param.max
            )),
        }
    }

    /// The network of the current game that `EvalFile` may replace.
    /// (its registry entry's; a game without one has no `EvalFile` option).
    fn network(&self) -> Option<NetSpec> {
        self.setup.entry.network
    }

    /// The network file the current game evaluates with: the one loaded
    /// last, or [`EMBEDDED_NETWORK`].
    fn eval_file(&self) -> &str {
        let game = self.setup.entry.name;
        self.eval_files.iter().find(|(name, _)| *name == game).map_or(EMBEDDED_NETWORK, |(_, path)| path)
    }

    /// `setoption name EvalFile value PATH`: loads the network file at
    /// `PATH` (or the embedded network for [`EMBEDDED_NETWORK`] or nothing)
    /// for the current game, and clears
    /// the engine's tables. A file that cannot be read or is not a network
    /// of the game is answered with `info string`, and the network in use
    /// stays.
    fn load_network(&mut self, path: &str) -> io::Result<()> {
        let game = self.setup.entry.name;
        let Some(network) = self.network() else {
            return self.inform(&format!("EvalFile: {game} evaluates without a network; ignored"));
        };
        let path = path.trim();
        if path.is_empty() || path == EMBEDDED_NETWORK {
            network.slot.restore_embedded();
        } else {
            let loaded = std::fs::read(path).map_err(|error| format!("cannot read '{path}': {error}"));
            if let Err(problem) = loaded.and_then(|bytes| {
                network
                    .slot
                    .replace(&bytes)
                    .map_err(|error| format!("'{path}' is not a network of {game}: {error}"))
            }) {
                let current = self.eval_file().to_owned();
                return self.inform(&format!("EvalFile: {problem}; still using {current}"));
            }
        }
        // The tables hold scores of the other network.
        self.idle_game().new_game();
        self.eval_files.retain(|(name, _)| *name != game);
        if !path.is_empty() && path != EMBEDDED_NETWORK {
            self.eval_files.push((game, path.to_owned()));
        }
        let current = self.eval_file().to_owned();
        self.inform(&format!("EvalFile: {game} evaluates with {current}"))
    }

    /// Rebuilds the game after changing the setup; keeps the old game and
    /// setup if the new ones are bad. An engine the new game lacks falls
    /// back to the game's default.
    fn rebuild(&mut self, change: impl FnOnce(&mut Setup<'env>)) -> io::Result<()> {
        let mut setup =
            Setup { given: self.setup.given.clone(), engine: self.setup.engine.clone(), ..self.setup };
        change(&mut setup);
        let mut created = setup.create();
        if let (Err(GameError::InvalidOption { name, .. }), Some(engine)) = (&created, &setup.engine)
            && name == "engine"
        {
            self.inform(&format!("{} has no engine '{engine}'; using its default", setup.entry.name))?;
            setup.engine = None;
            created = setup.create();
        }
        match created {
            Ok(game) => {
                self.game = Some(game);
                self.setup = setup;
                self.rejected_position = None;
                Ok(())
            }
            Err(error) => self.inform(&error.to_string()),
        }
    }

    /// `position`: sets the game up from `setup` (the start position for
    /// `None`) and plays `moves`. A problem is answered with `info string`
    /// and remembered, so that `go` refuses to search a position that is
    /// not the host's.
    fn position(&mut self, setup: Option<&str>, moves: &[String]) -> io::Result<()> {
        let game = self.idle_game();
        let problem = match game.set_position(setup) {
            Err(error) => Some((format!("position: {error}"), "")),
            Ok(()) => {
                let words: Vec<&str> = moves.iter().map(String::as_str).collect();
                play_words(game, &words).err().map(|error| {
                    let number = game.moves().len() + 1;
                    // Said, since the moves before it were played.
                    let note = "; position rejected, `go` searches nothing until the next valid `position`";
                    (format!("position: move {number}: {error}"), note)
                })
            }
        };
        self.rejected_position = problem.as_ref().map(|(problem, _)| problem.clone());
        match problem {
            Some((problem, note)) => self.inform(&format!("{problem}{note}")),
            None => Ok(()),
        }
    }

    /// `go`: starts a search of the current position on its own thread,
    /// among the moves of `searchmoves` if it names some. A `go` that
    /// cannot search (the last `position` was rejected, a move of
    /// `searchmoves` is not legal) is answered with the reason and
    /// `bestmove 0000` instead.
    fn go(&mut self, go: Go) -> io::Result<()> {
        if let Some(problem) = &self.rejected_position {
            let problem =
                format!("go: the last position command was rejected ({problem}); no search started");
            return self.answer_no_move(&problem, go.limits.infinite);
        }
        let words: Vec<&str> = go.searchmoves.iter().map(String::as_str).collect();
        let among = match root_moves(self.idle_game(), &words) {
            Ok(among) => among,
            Err(error) => {
                let problem = format!("go: searchmoves: {error}; no search started");
                return self.answer_no_move(&problem, go.limits.infinite);
            }
        };
        if let Some(outcome) = self.idle_game().outcome() {
            let problem = format!("the game is over ({}): no move", outcome.describe());
            return self.answer_no_move(&problem, go.limits.infinite);
        }
        let mut limits = go.limits;
        limits.move_overhead = self.setup.move_overhead;
        limits.multipv = self.setup.multipv;
        if let Some(cap) = self.setup.max_depth {
            limits.depth = Some(limits.depth.map_or(cap, |depth| depth.min(cap)));
        }
        let line_of = if limits.lines() > 1 { multipv_info_line } else { info_line };
        let out = self.out;
        self.spawn(limits.infinite, move |game, stop| {
            let mut report = |info: &Info<String>| {
                let _ = say(out, &line_of(info));
            };
            let mut result = game.think_among(&among, &limits, stop, &mut report);
            // A search stopped before its first depth (`go nodes 0`, `stop`
            // at once) still answers with a searched move.
            if let Ok(ThinkResult { best: Some(_), info: None }) = result {
                result = game.think_among(&among, &Limits::depth(1), &AtomicBool::new(false), &mut report);
            }
            match result {
                Ok(result) => {
                    // The last line reported begins with the move played,
                    // whatever the engine reported before (its score is
                    // not known, so the line has none).
                    if let (Some(best), Some(info)) = (&result.best, &result.info)
                        && info.pv.first() != Some(best)
                    {
                        let _ = say(out, &format!("info depth {} pv {}", info.depth, move_token(best)));
                    }
                    result.best
                }
                Err(error) => {
                    let _ = say(out, &format!("info string {error}"));
                    None
                }
            }
        });
        Ok(())
    }

    /// Answers a `go` that searches nothing: `problem` as `info string`,
    /// then `bestmove 0000` — at once, before anything said to a later
    /// command, or after `stop` if the `go` was `infinite`.
    fn answer_no_move(&mut self, problem: &str, infinite: bool) -> io::Result<()> {
        self.inform(problem)?;
        if infinite {
            self.spawn(true, |_, _| None);
            Ok(())
        } else {
            self.say(&bestmove_line(None))
        }
    }

    /// Runs `choose` on the game on the search thread and answers its move
    /// with `bestmove`; while `infinite`, only once `stop` (or the end of
    /// the conversation) has come.
    fn spawn(
        &mut self,
        infinite: bool,
        choose: impl FnOnce(&mut dyn DynGame, &AtomicBool) -> Option<String> + Send + 'scope,
    ) {
        let mut game = self.game.take().expect("no search runs, so the game is here");
        let position = game.clone_box();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let answered = Arc::new(AtomicBool::new(false));
        let answering = Arc::clone(&answered);
        let out = self.out;
        let notice = EndNotice(self.events.clone());
        let handle = self.scope.spawn(move || {
            let _notice = notice;
            let best = choose(game.as_mut(), &flag);
            while infinite && !flag.load(Ordering::Acquire) {
                thread::park();
            }
            answering.store(true, Ordering::Release);
            let _ = say(out, &bestmove_line(best.as_deref()));
            game
        });
        self.search = Some(Search { stop, answered, handle, position });
    }

    /// `query`: answered for the current position; after a rejected
    /// `position` that is still the one before it, which an info line says
    /// first (a host reading only the `response` line gets one as always).
    fn query(&self, query: Query) -> io::Result<()> {
        if let Some(problem) = &self.rejected_position {
            self.say(&format!(
                "info string query: the last position command was rejected ({problem}); answering for the \
                 position before it"
            ))?;
        }
        let game = self.current();
        let answer = match query {
            Query::P1Turn => (game.side_to_move() == Player::P1).to_string(),
            Query::GameOver => game.outcome().is_some().to_string(),
            Query::Result => match game.outcome().map(|o| o.result) {
                Some(GameResult::Win(Player::P1)) => "p1win".into(),
                Some(GameResult::Win(Player::P2)) => "p2win".into(),
                Some(GameResult::Draw) => "draw".into(),
                None => "none".into(),
            },
        };
        self.say(&format!("response {answer}"))
    }
}

/// The `bestmove` line of `best` (its single-token form), or of
/// [`NULL_MOVE`] when there is none.
fn bestmove_line(best: Option<&str>) -> String {
    format!("bestmove {}", best.map_or_else(|| NULL_MOVE.to_owned(), move_token))
}

/// An `option … type combo` line.
fn combo(name: &str, default: &str, choices: &[&str]) -> String {
    let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
    format!("option name {name} type combo default {default}{vars}")
}

#[cfg(test)]
mod tests;
