use super::*;
use crate::toy;
use std::io::Read;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// Runs a whole conversation (the input ends after the last line, which
/// stops any search) and returns the engine's lines.
fn talk(dialect: Dialect, input: &str) -> Vec<String> {
    talk_with(EngineSettings::new(dialect, "nim"), input)
}

fn talk_with(settings: EngineSettings, input: &str) -> Vec<String> {
    let mut output = Vec::new();
    let input = io::Cursor::new(input.to_owned().into_bytes());
    serve(&toy::registry(), settings, input, &mut output).expect("the conversation works");
    String::from_utf8(output).unwrap().lines().map(str::to_owned).collect()
}

fn without_info(lines: &[String]) -> Vec<&str> {
    lines.iter().map(String::as_str).filter(|l| !l.starts_with("info depth")).collect()
}

/// Input that arrives line by line, as a host sends it.
struct LineInput {
    lines: Receiver<String>,
    pending: Vec<u8>,
}

impl Read for LineInput {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(line) => self.pending = format!("{line}\n").into_bytes(),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// Output handed on line by line.
struct LineOutput {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for LineOutput {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        for &byte in buf {
            if byte == b'\n' {
                let line = String::from_utf8(std::mem::take(&mut self.partial)).unwrap();
                let _ = self.lines.send(line);
            } else {
                self.partial.push(byte);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A host talking to the engine, which runs on its own thread.
struct Host {
    input: Option<Sender<String>>,
    output: Receiver<String>,
    engine: Option<thread::JoinHandle<()>>,
}

impl Host {
    fn start(dialect: Dialect) -> Host {
        Host::start_with(EngineSettings::new(dialect, "nim"))
    }

    fn start_with(settings: EngineSettings) -> Host {
        let (input, engine_input) = mpsc::channel();
        let (engine_output, output) = mpsc::channel();
        let engine = thread::spawn(move || {
            let input = io::BufReader::new(LineInput { lines: engine_input, pending: Vec::new() });
            let output = LineOutput { lines: engine_output, partial: Vec::new() };
            serve(&toy::registry(), settings, input, output).unwrap();
        });
        Host { input: Some(input), output, engine: Some(engine) }
    }

    fn send(&self, line: &str) {
        self.input.as_ref().unwrap().send(line.to_owned()).unwrap();
    }

    /// The next line that is not an `info depth` report.
    fn next(&self, within: Duration) -> Result<String, RecvTimeoutError> {
        let deadline = Instant::now() + within;
        loop {
            let line = self.output.recv_timeout(deadline.saturating_duration_since(Instant::now()))?;
            if !line.starts_with("info depth") {
                return Ok(line);
            }
        }
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut lines = Vec::new();
        loop {
            let line = self
                .output
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .expect("the engine answers");
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Ends the input and waits for the engine to finish.
    fn close(mut self) {
        self.input.take();
        self.engine.take().unwrap().join().unwrap();
    }
}

/// How long a test waits for an answer that should come soon: generous, so
/// that the tests pass on a machine whose cores are busy.
const PATIENCE: Duration = Duration::from_secs(60);

#[test]
fn introduces_itself_with_its_options() {
    let lines = talk(Dialect::Uai, "uai\n");
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        lines,
        [
            format!("id name Spielwerk {version}"),
            "id author the Spielwerk authors".into(),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            "option name Threads type spin default 1 min 1 max 256".into(),
            format!("option name MoveOverhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max 5000"),
            "option name MultiPV type spin default 1 min 1 max 16".into(),
            "option name AspirationWindow type spin default 50 min 10 max 200".into(),
            "option name LmrBase type spin default 50 min 0 max 200".into(),
            "option name LmrDivisor type spin default 225 min 50 max 500".into(),
            "option name LmrSpared type spin default 3 min 1 max 10".into(),
            "option name FutilityScale type spin default 100 min 30 max 300".into(),
            "option name LmpBase type spin default 4 min 0 max 20".into(),
            "option name LmpFactor type spin default 20 min 5 max 60".into(),
            "option name SingularMargin type spin default 20 min 5 max 80".into(),
            "option name Contempt type spin default 0 min -200 max 200".into(),
            "option name CounterMoves type spin default 0 min 0 max 1".into(),
            "option name LmrHistory type spin default 0 min 0 max 16384".into(),
            "option name HistoryOrder type spin default 0 min 0 max 1000".into(),
            "option name CorrectionHistory type spin default 0 min 0 max 200".into(),
            "option name Engine type combo default alphabeta var alphabeta var greedy var random".into(),
            "option name Pile type spin default 13 min 1 max 1000".into(),
            "uaiok".into(),
        ]
    );
}

#[test]
fn ugi_offers_the_game_and_names_a_chosen_engine() {
    let mut settings = EngineSettings::new(Dialect::Ugi, "NIM");
    settings.engine = Some("Greedy".into());
    let lines = talk_with(settings, "ugi\n");
    assert_eq!(lines[0], format!("id name Spielwerk {} (greedy)", env!("CARGO_PKG_VERSION")));
    assert!(lines.contains(
        &"option name Engine type combo default greedy var alphabeta var greedy var random".into()
    ));
    assert!(lines.contains(&"option name Game type combo default nim var nim".into()));
    assert_eq!(lines.last().unwrap(), "ugiok");
}

#[test]
fn refuses_bad_settings_before_talking() {
    let mut output = Vec::new();
    let error = serve(&toy::registry(), EngineSettings::new(Dialect::Ugi, "chess"), &b""[..], &mut output);
    assert_eq!(error.unwrap_err().to_string(), "unknown game 'chess'");
    let mut settings = EngineSettings::new(Dialect::Ugi, "nim");
    settings.engine = Some("oracle".into());
    let error = serve(&toy::registry(), settings, &b""[..], &mut output).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid option 'engine': 'oracle' is not one of alphabeta, greedy, random"
    );
    let without_engines = Registry::new(vec![toy::entry_without_engines()]);
    let error = serve(&without_engines, EngineSettings::new(Dialect::Ugi, "nim"), &b""[..], &mut output);
    assert_eq!(error.unwrap_err().to_string(), "nim has no engine");
}

#[test]
fn finds_the_winning_move_at_a_fixed_depth_with_info_lines() {
    let host = Host::start(Dialect::Uai);
    host.send("position fen 10 p1");
    host.send("go depth 4");
    let lines = host.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove take_2", "{lines:?}");
    let info = &lines[lines.len() - 2];
    assert!(info.starts_with("info depth 4 seldepth 4 score cp "), "{info}");
    assert!(info.contains(" time ") && info.contains(" nodes ") && info.contains(" nps "), "{info}");
    assert!(info.contains(" pv take_2 "), "{info}");
    host.send("isready");
    assert_eq!(host.next(PATIENCE).unwrap(), "readyok");
    host.close();
}

#[test]
fn reports_numbered_lines_when_multipv_is_set() {
    let host = Host::start(Dialect::Uai);
    host.send("setoption name MultiPV value 3");
    host.send("position fen 10 p1");
    host.send("go depth 3");
    let lines = host.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove take_2", "{lines:?}");
    let last_depth: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 3 ")).collect();
    assert_eq!(last_depth.len(), 3, "{lines:?}");
    for (number, line) in last_depth.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} score ", number + 1)), "{line}");
    }
    assert!(last_depth[0].contains(" pv take_2"), "{lines:?}");
    host.send("setoption name MultiPV value 0");
    assert!(host.next(PATIENCE).unwrap().starts_with("info string MultiPV: '0' is not"));
    host.close();
}

#[test]
fn plays_the_moves_of_a_position_command() {
    let lines = talk(Dialect::Ugi, "position startpos moves take 1 2 take 3\nquery p1turn\nd\n");
    assert_eq!(lines, ["response false", "info string pile 7", "info string Second to move"]);
    let lines = talk(Dialect::Ugi, "position fen 3 p2 moves 3\nquery p1turn\nquery gameover\nquery result\n");
    assert_eq!(lines, ["response true", "response true", "response p2win"]);
    let lines = talk(Dialect::Ugi, "query gameover\nquery result\n");
    assert_eq!(lines, ["response false", "response none"]);
    // After a rejected position the answer is the previous position's,
    // and an info line says so.
    let lines = talk(Dialect::Ugi, "position fen 3 p2 moves 3\nposition fen nonsense\nquery gameover\n");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[1].starts_with("info string query: the last position command was rejected ("), "{lines:?}");
    assert_eq!(lines[2], "response true");
}

#[test]
fn reports_bad_positions_and_moves_without_stopping() {
    let lines = talk(
        Dialect::Uai,
        "position fen twelve p1\nposition startpos moves take 1 take 9 take 1\nd\nposition\nisready\n",
    );
    assert_eq!(
        lines,
        [
            "info string position: invalid position: expected '<stones> p1|p2', not 'twelve p1'",
            "info string position: move 2: illegal move 'take 9': one may take 1 to 3 stones; position rejected, `go` searches nothing until the next valid `position`",
            "info string pile 12",
            "info string Second to move",
            "info string position: expected 'startpos' or 'fen <position>'",
            "readyok",
        ]
    );
}

#[test]
fn answers_while_an_infinite_search_runs_and_bestmove_only_after_stop() {
    let host = Host::start(Dialect::Uai);
    host.send("position fen 1000 p1");
    host.send("go infinite");
    host.send("isready");
    assert_eq!(host.next(PATIENCE).unwrap(), "readyok");
    host.send("query p1turn");
    assert_eq!(host.next(PATIENCE).unwrap(), "response true");
    assert_eq!(host.next(Duration::from_millis(300)), Err(RecvTimeoutError::Timeout));
    host.send("stop");
    let best = host.next(PATIENCE).unwrap();
    assert!(["bestmove take_1", "bestmove take_2", "bestmove take_3"].contains(&best.as_str()), "{best}");
    host.send("isready");
    assert_eq!(host.next(PATIENCE).unwrap(), "readyok");
    host.close();
}

#[test]
fn an_infinite_search_that_ends_early_still_waits_for_stop() {
    let host = Host::start(Dialect::Uai);
    host.send("position fen 2 p1");
    host.send("go infinite");
    let lines = host.until("info depth");
    assert!(lines[0].contains("score mate 1"), "{lines:?}");
    assert_eq!(host.next(Duration::from_millis(200)), Err(RecvTimeoutError::Timeout));
    host.send("stop");
    assert_eq!(host.next(PATIENCE).unwrap(), "bestmove take_2");
    host.close();
}

#[test]
fn quit_and_the_end_of_input_stop_the_search_with_a_bestmove() {
    for ending in ["quit\nisready\n", ""] {
        let lines = talk(Dialect::Uai, &format!("position fen 1000 p1\ngo infinite\n{ending}"));
        let lines = without_info(&lines);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("bestmove take_"));
    }
}

#[test]
fn keeps_to_movetime_and_to_the_clock() {
    let host = Host::start(Dialect::Ugi);
    host.send("position fen 1000 p1");
    // The other side's clock is weeks long: read as the mover's, the engine
    // would think for hours and `next` would give up after PATIENCE.
    for go in [
        "go movetime 100",
        "go wtime 2000000000 btime 2000 winc 0 binc 0",
        "go p1time 2000 p2time 2000000000",
    ] {
        host.send(go);
        assert!(host.next(PATIENCE).unwrap().starts_with("bestmove take_"), "{go}");
    }
    host.close();
}

#[test]
fn answers_a_null_move_when_the_game_is_over() {
    let lines = talk(Dialect::Uai, "position fen 0 p1\ngo depth 3\n");
    assert_eq!(
        lines,
        ["info string the game is over (a player has no stones left): no move", "bestmove 0000"]
    );
}

#[test]
fn sets_options_case_insensitively_and_ignores_unknown_ones() {
    let lines = talk(
        Dialect::Ugi,
        "setoption name HASH value 64\nsetoption name threads value 1\nsetoption name Threads value 400\n\
         setoption name Hash value lots\nsetoption name Colour value blue\nsetoption name engine value RANDOM\n\
         setoption name Engine value oracle\nsetoption name pile value 5\nsetoption name Pile value many\n\
         setoption name Game value chess\nsetoption name Game value Nim\nsetoption name moveoverhead value 25\n\
         setoption name MoveOverhead value -1\nsetoption name Move Overhead value 30\nugi\n",
    );
    let ugi = lines.iter().position(|l| l.starts_with("id name")).unwrap();
    assert_eq!(
        lines[..ugi],
        [
            "info string Threads: '400' is not a number from 1 to 256",
            "info string Hash: 'lots' is not a size from 1 to 65536 MiB",
            "info string unknown option 'Colour' ignored",
            "info string invalid option 'engine': 'oracle' is not one of alphabeta, greedy, random",
            "info string Pile: 'many' is not a whole number from 1 to 1000",
            "info string unknown game 'chess'",
            "info string MoveOverhead: '-1' is not a time from 0 to 5000 ms",
        ]
    );
    assert!(lines[ugi..].contains(&"option name MoveOverhead type spin default 30 min 0 max 5000".into()));
    let options = &lines[ugi..];
    assert!(options.contains(&"option name Hash type spin default 64 min 1 max 65536".into()));
    assert!(options.contains(
        &"option name Engine type combo default random var alphabeta var greedy var random".into()
    ));
    assert!(
        options.contains(&"option name Pile type spin default 13 min 1 max 1000".into()),
        "the game switch resets the options"
    );
}

#[test]
fn refuses_search_parameters_outside_their_range() {
    // Values that are set are tested in `tests/search_params.rs`, in a
    // process of their own: the parameters are process-wide.
    let lines = talk(
        Dialect::Uai,
        "setoption name LmrDivisor value 49\nsetoption name lmrspared value 11\n\
         setoption name AspirationWindow value wide\nuai\n",
    );
    assert_eq!(
        lines[..3],
        [
            "info string LmrDivisor: 49 is outside 50..=500",
            "info string LmrSpared: 11 is outside 1..=10",
            "info string AspirationWindow: 'wide' is not a whole number from 10 to 200",
        ]
    );
    assert!(lines.contains(&"option name LmrDivisor type spin default 225 min 50 max 500".into()));
}

#[test]
fn a_game_option_rebuilds_the_game() {
    let lines = talk(Dialect::Uai, "setoption name Pile value 5\nposition startpos\nd\nuai\n");
    assert_eq!(lines[..2], ["info string pile 5", "info string First to move"]);
    assert!(lines.contains(&"option name Pile type spin default 5 min 1 max 1000".into()));
}

#[test]
fn a_whole_number_game_option_outside_its_bounds_is_refused_and_stays() {
    let lines = talk(
        Dialect::Uai,
        "setoption name Pile value 0\nsetoption name pile value 1001\nsetoption name Pile value 7\n\
         setoption name Pile value -3\nuai\n",
    );
    assert_eq!(
        lines[..3],
        [
            "info string Pile: '0' is not a whole number from 1 to 1000",
            "info string Pile: '1001' is not a whole number from 1 to 1000",
            "info string Pile: '-3' is not a whole number from 1 to 1000",
        ]
    );
    assert!(lines.contains(&"option name Pile type spin default 7 min 1 max 1000".into()), "{lines:?}");
}

#[test]
fn a_game_option_is_set_in_any_spelling_of_its_name() {
    for name in ["PILE", "p-i-l-e", "Pi le", "pi_le"] {
        let lines = talk(Dialect::Uai, &format!("setoption name {name} value 6\nposition startpos\nd\n"));
        assert_eq!(lines[..1], ["info string pile 6"], "{name}");
    }
}

#[test]
fn one_concept_has_one_option_name_in_every_game() {
    assert_eq!(option_name("plylimit"), "PlyLimit");
    assert_eq!(option_name("ply-limit"), "PlyLimit");
    assert_eq!(option_name("colour"), "P1");
    assert_eq!(option_name("arrow-cap"), "ArrowCap");
    assert_eq!(option_name("rules"), "Rules");
    assert_eq!(option_key("Ply-limit"), option_key("PlyLimit"));
}

#[test]
fn commands_that_change_the_game_wait_for_the_search_to_end() {
    let host = Host::start(Dialect::Uai);
    host.send("position fen 1000 p1");
    host.send("go infinite");
    host.send("position fen 6 p1");
    host.send("d");
    // Only `isready` overtakes the waiting commands.
    host.send("isready");
    assert_eq!(host.next(PATIENCE).unwrap(), "readyok");
    assert_eq!(host.next(Duration::from_millis(200)), Err(RecvTimeoutError::Timeout));
    host.send("stop");
    assert!(host.next(PATIENCE).unwrap().starts_with("bestmove take_"));
    assert_eq!(host.next(PATIENCE).unwrap(), "info string pile 6");
    assert_eq!(host.next(PATIENCE).unwrap(), "info string First to move");
    host.send("go depth 3");
    assert_eq!(host.next(PATIENCE).unwrap(), "bestmove take_2");
    host.send("go infinite");
    host.send("uainewgame");
    host.send("stop");
    assert!(host.next(PATIENCE).unwrap().starts_with("bestmove take_"));
    host.send("d");
    assert_eq!(host.next(PATIENCE).unwrap(), "info string pile 13");
    host.close();
}

/// The deepest `info depth N` before the first `bestmove`, and that line.
fn deepest(lines: &[String]) -> u32 {
    lines
        .iter()
        .take_while(|l| !l.starts_with("bestmove"))
        .filter_map(|l| l.strip_prefix("info depth ")?.split(' ').next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

#[test]
fn a_search_ends_by_its_own_limits_before_later_commands_take_effect() {
    for later in
        ["setoption name Hash value 16", "position fen 6 p1", "uainewgame", "setoption name Pile value 7"]
    {
        let host = Host::start(Dialect::Uai);
        host.send("position fen 1000 p1");
        host.send("go depth 9");
        host.send(later);
        host.send("d");
        let lines = host.until("bestmove");
        assert_eq!(deepest(&lines), 9, "{later}: {lines:?}");
        let shown = host.next(PATIENCE).unwrap();
        let pile = match later {
            "position fen 6 p1" => "6",
            "uainewgame" => "13",
            "setoption name Pile value 7" => "7",
            _ => "1000",
        };
        assert_eq!(shown, format!("info string pile {pile}"), "{later}");
        host.close();
    }
}

const WAITING_GO: &str = "info string go: waits for the running search to end (stop ends it now)";

#[test]
fn a_go_sent_during_a_search_waits_with_a_reason_and_gets_its_own_bestmove() {
    for during in [
        "go movetime 100",
        "go depth 2",
        "go infinite",
        "go movetime abc",
        "go movetime 50 searchmoves take_1",
    ] {
        let host = Host::start(Dialect::Uai);
        host.send("position fen 1000 p1");
        host.send("go infinite");
        host.send(during);
        assert_eq!(host.next(PATIENCE).unwrap(), WAITING_GO, "{during}");
        // The infinite search goes on: no `bestmove` until `stop`.
        host.send("isready");
        assert_eq!(host.until("readyok").iter().filter(|l| l.starts_with("bestmove")).count(), 0, "{during}");
        host.send("stop");
        assert!(host.until("bestmove").last().unwrap().starts_with("bestmove take_"), "{during}");
        // Then the waiting `go` is searched and answered: one `bestmove` per `go`.
        if during == "go infinite" {
            host.send("stop");
        }
        assert!(host.until("bestmove").last().unwrap().starts_with("bestmove "), "{during}");
        host.send("isready");
        let after = host.until("readyok");
        assert!(!after.iter().any(|l| l.starts_with("bestmove")), "{during}: one bestmove each: {after:?}");
        host.close();
    }
}

#[test]
fn gos_after_stop_or_after_the_bestmove_are_each_searched_in_turn() {
    let host = Host::start(Dialect::Uai);
    host.send("position fen 1000 p1");
    host.send("go infinite");
    // `stop`, `position`, `go` in a row, as hosts move on.
    host.send("stop");
    host.send("position fen 998 p1");
    host.send("go depth 6");
    let first = host.until("bestmove");
    assert!(!first.iter().any(|l| l == WAITING_GO), "{first:?}");
    let second = host.until("bestmove");
    assert_eq!(deepest(&second), 6, "{second:?}");
    assert_eq!(second.last().unwrap(), "bestmove take_2", "998 = 4 × 249 + 2");
    host.send("go depth 3");
    assert_eq!(host.until("bestmove").last().unwrap(), "bestmove take_2");
    host.close();
}

#[test]
fn a_rejected_go_is_answered_before_later_commands() {
    for go in ["go depth 99999999999999999999", "go movetime abc", "go searchmoves take_9", "go depth 2"] {
        let lines = talk(Dialect::Ugi, &format!("position fen 0 p1\n{go}\nisready\nquery p1turn\n"));
        assert_eq!(lines.len(), 4, "{go}: {lines:?}");
        assert!(lines[0].starts_with("info string "), "{go}: {lines:?}");
        assert_eq!(lines[1..], ["bestmove 0000", "readyok", "response true"], "{go}");
    }
}

#[test]
fn survives_garbage() {
    let garbage = "\u{0}\u{7f}\n   \ngo wtime\ngo depth -3 nodes 1e9\nposition fen\nposition startpos moves\n\
        setoption\nsetoption name\nquery\nfoo bar\n\u{00e9}t\u{00e9}\nposition fen 0 p1 moves take 1\n\
        position fen 0 p1\ngo movetime 1\nstop\nstop\nisready\n";
    let mut input = garbage.as_bytes().to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(b"isready");
    let mut output = Vec::new();
    serve(&toy::registry(), EngineSettings::new(Dialect::Uai, "nim"), io::Cursor::new(input), &mut output)
        .unwrap();
    let lines: Vec<String> = String::from_utf8(output).unwrap().lines().map(str::to_owned).collect();
    let lines = without_info(&lines);
    assert!(
        lines.iter().all(|l| l.starts_with("info string ") || l.starts_with("bestmove ") || *l == "readyok")
    );
    assert_eq!(lines.iter().filter(|l| **l == "readyok").count(), 2, "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove")).count(), 3, "one per go: {lines:?}");
    assert!(lines.contains(&"info string unknown command '\u{fffd}\u{fffd}'"));
}

#[test]
fn a_depth_cap_keeps_the_search_shallow_whatever_go_asks() {
    let mut settings = EngineSettings::new(Dialect::Ugi, "nim");
    settings.max_depth = Some(2);
    let host = Host::start_with(settings);
    host.send("position fen 10 p1");
    host.send("go depth 4");
    let lines = host.until("bestmove");
    let info = &lines[lines.len() - 2];
    assert!(info.starts_with("info depth 2 "), "{lines:?}");
    host.close();
}

#[test]
fn a_malformed_go_says_why_and_answers_a_null_move() {
    let host = Host::start(Dialect::Ugi);
    host.send("position fen 10 p1");
    for go in ["go movetime abc", "go p1time 100 p2time x", "go depth 3 searchmoves", "go nodes"] {
        host.send(go);
        let answer = host.next(PATIENCE).unwrap();
        assert!(
            answer.starts_with("info string go: ") && answer.ends_with("; no search started"),
            "{go}: {answer}"
        );
        assert_eq!(host.next(PATIENCE).unwrap(), "bestmove 0000", "{go}");
    }
    // An infinite one answers only after stop, as a search would.
    host.send("go infinite nodes");
    assert!(host.next(PATIENCE).unwrap().starts_with("info string go: "));
    assert_eq!(host.next(Duration::from_millis(200)), Err(RecvTimeoutError::Timeout));
    host.send("stop");
    assert_eq!(host.next(PATIENCE).unwrap(), "bestmove 0000");
    host.send("go depth 2");
    assert!(host.next(PATIENCE).unwrap().starts_with("bestmove take_"));
    host.close();
}

#[test]
fn go_after_a_rejected_position_says_why_and_answers_a_null_move() {
    let host = Host::start(Dialect::Uai);
    host.send("position fen 10 p1");
    let rejected = [
        ("position fen twelve p1", "invalid position: expected '<stones> p1|p2', not 'twelve p1'"),
        ("position fen 10 p1 moves take_1 take_9", "move 2: illegal move"),
        ("position", "expected 'startpos' or 'fen <position>'"),
        ("position fen", "'fen' needs the position text"),
    ];
    for (position, problem) in rejected {
        host.send(position);
        assert!(host.next(PATIENCE).unwrap().contains(problem), "{position}");
        host.send("go depth 2");
        let answer = host.next(PATIENCE).unwrap();
        assert!(
            answer.starts_with("info string go: the last position command was rejected (position: ")
                && answer.contains(problem)
                && answer.ends_with("; no search started"),
            "{position}: {answer}"
        );
        assert_eq!(host.next(PATIENCE).unwrap(), "bestmove 0000", "{position}");
        host.send("go infinite");
        assert!(host.next(PATIENCE).unwrap().starts_with("info string go: the last position"));
        assert_eq!(host.next(Duration::from_millis(200)), Err(RecvTimeoutError::Timeout));
        host.send("stop");
        assert_eq!(host.next(PATIENCE).unwrap(), "bestmove 0000", "{position}: infinite, then stop");
    }
    // A good position, or a new game, is searched again.
    host.send("position fen 10 p1");
    host.send("go depth 2");
    assert!(host.next(PATIENCE).unwrap().starts_with("bestmove take_"));
    host.send("position fen twelve p1");
    assert!(host.next(PATIENCE).unwrap().starts_with("info string position: "));
    host.send("uainewgame");
    host.send("go depth 2");
    assert!(host.next(PATIENCE).unwrap().starts_with("bestmove take_"));
    host.close();
}

#[test]
fn searchmoves_restricts_the_moves_the_search_chooses_from() {
    // From 10 stones taking 2 wins; the others lose.
    let lines = talk(Dialect::Ugi, "position fen 10 p1\ngo depth 6\n");
    assert_eq!(lines.last().unwrap(), "bestmove take_2", "{lines:?}");
    for (among, best) in [("take_1 take_3", ["take_1", "take_3"].as_slice()), ("take 3", &["take_3"])] {
        let lines = talk(Dialect::Ugi, &format!("position fen 10 p1\ngo depth 6 searchmoves {among}\n"));
        let played = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        assert!(best.contains(&played), "{among}: {lines:?}");
        let pv_moves: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.split(" pv ").nth(1))
            .filter_map(|pv| pv.split(' ').next())
            .collect();
        assert!(pv_moves.iter().all(|mv| best.contains(mv)), "{among}: {lines:?}");
    }
    let lines = talk(Dialect::Ugi, "position fen 10 p1\ngo depth 3 searchmoves take_2 take_7\n");
    assert_eq!(
        lines,
        [
            "info string go: searchmoves: illegal move 'take_7': one may take 1 to 3 stones; no search started",
            "bestmove 0000"
        ]
    );
}

#[test]
fn a_search_stopped_at_once_still_answers_a_searched_move() {
    // The move with the best order hint is not the winning one here, so a
    // move chosen without search would be another.
    for go in ["go nodes 0", "go movetime 0", "go depth 8", "go infinite"] {
        let lines = talk(Dialect::Ugi, &format!("position fen 10 p1\n{go}\n"));
        assert!(lines.iter().any(|l| l.starts_with("info depth 1 ")), "{go}: {lines:?}");
        assert_eq!(lines.last().unwrap(), "bestmove take_2", "{go}: {lines:?}");
    }
}

/// Every `go` and `position` the parser refuses, and every `go` that cannot
/// search, each followed by `isready`.
const MALFORMED: &[&str] = &[
    "go movetime abc",
    "go depth -3",
    "go nodes 1e9",
    "go wtime",
    "go btime x",
    "go winc 2.5",
    "go binc -",
    "go p1time",
    "go p2time y",
    "go p1inc z",
    "go p2inc",
    "go movestogo -1",
    "go mate 3",
    "go infinite 5",
    "go searchmoves",
    "go searchmoves take_9",
    "go searchmoves steal",
    "go ponder nodes",
    "go infinite nodes",
    "position",
    "position fen",
    "position startpos f2",
    "position fen moves take_1",
    "position fen twelve p1",
    "position startpos moves take_9",
    "position fen 0 p1 moves take_1",
];

#[test]
fn every_go_is_answered_by_exactly_one_bestmove() {
    let mut script = String::new();
    let mut gos = 0;
    for line in MALFORMED {
        for follow in [*line, "go depth 1", "go infinite", "stop", "go nodes 0", "position fen 10 p1"] {
            script.push_str(follow);
            script.push('\n');
            gos += usize::from(follow.starts_with("go"));
        }
        script.push_str("go searchmoves take_1 depth 2\nposition fen 0 p1\ngo movetime 1\n");
        gos += 2;
    }
    let lines = talk(Dialect::Ugi, &script);
    let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, gos, "{lines:?}");
}

#[test]
fn a_huge_malformed_token_is_echoed_cut_short() {
    let huge = "x".repeat(100_000);
    let lines = talk(Dialect::Uai, &format!("position startpos moves {huge}\ngo depth 1\n"));
    let longest = lines.iter().map(|line| line.chars().count()).max().unwrap();
    assert!(longest < 1100, "an info line of {longest} characters");
    assert!(lines.iter().any(|line| line.contains("more characters)")), "{lines:?}");
    assert_eq!(lines.iter().filter(|line| line.starts_with("bestmove")).count(), 1, "{lines:?}");
}
