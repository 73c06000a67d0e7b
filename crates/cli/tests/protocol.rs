//! The engine protocols and the match runner, driven against the built
//! `spielwerk` binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

const BINARY: &str = env!("CARGO_BIN_EXE_spielwerk");
const ANSWER_TIME: Duration = Duration::from_secs(300);

/// A host talking to `spielwerk <args>`.
struct Host {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Host {
    fn start(args: &[&str]) -> Host {
        let mut child = Command::new(BINARY)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Host { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line that is not an `info depth` report.
    fn next(&self) -> String {
        loop {
            let line = self.lines.recv_timeout(ANSWER_TIME).expect("the engine answers");
            if !line.starts_with("info depth") {
                return line;
            }
        }
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.lines.recv_timeout(ANSWER_TIME).expect("the engine answers");
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

/// The legal moves of an Ataxx position under the engine rules.
fn legal_moves(fen: &str) -> Vec<String> {
    let registry = games::registry();
    let entry = registry.get("ataxx").unwrap();
    let options = entry.with_engine_defaults(&game::Options::new());
    registry.create("ataxx", &options, Some(fen)).unwrap().legal_moves()
}

const START: &str = "x5o/7/7/7/7/7/o5x x 0 1";

fn best_move(line: &str) -> &str {
    line.strip_prefix("bestmove ").unwrap_or_else(|| panic!("not a bestmove: {line}"))
}

#[test]
fn uai_conversation() {
    let mut host = Host::start(&["uai"]);
    host.send("uai");
    let hello = host.until("uaiok");
    assert!(hello[0].starts_with("id name Spielwerk "), "{hello:?}");
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    assert!(hello.iter().any(|l| l.starts_with("option name Hash type spin ")));
    assert!(hello.iter().any(|l| l.starts_with("option name Threads type spin ")));
    assert!(hello.iter().any(|l| l.starts_with("option name Engine type combo default alphabeta ")));
    assert!(
        hello.contains(&"option name Rules type combo default community var seed var community".to_owned())
    );
    host.send("setoption name hash value 16");
    host.send("uainewgame");
    host.send("isready");
    assert_eq!(host.next(), "readyok");

    host.send("position startpos");
    host.send("go infinite");
    host.send("isready");
    assert_eq!(host.next(), "readyok", "readyok while searching");
    std::thread::sleep(Duration::from_millis(200));
    host.send("stop");
    let line = host.next();
    assert!(legal_moves(START).contains(&best_move(&line).to_owned()), "{line}");

    let fen = "x5o/7/7/7/7/7/o5x o 0 1";
    host.send(&format!("position fen {fen}"));
    host.send("go btime 1000 wtime 1000 binc 10 winc 10");
    let lines = host.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth ") && l.contains(" score ") && l.contains(" pv "))
    );
    let best = best_move(lines.last().unwrap()).to_owned();
    assert!(legal_moves(fen).contains(&best), "{best}");

    host.send(&format!("position fen {fen} moves {best}"));
    host.send("isready");
    assert_eq!(host.next(), "readyok", "the engine's own move is accepted");
    host.send("position fen x5o/7/7/7/7/7/o5x x 0 1 moves a7a5 zz");
    assert!(host.next().starts_with("info string position: "));
    host.send("position fen 7/7/7/7/-------/-------/x5o x 0 1");
    host.send("go depth 3");
    let best = best_move(&host.next()).to_owned();
    assert!(legal_moves("7/7/7/7/-------/-------/x5o x 0 1").contains(&best));
    host.quit();
}

#[test]
fn uai_passes_with_0000_and_survives_garbage() {
    let mut host = Host::start(&["uai", "--engine", "greedy"]);
    host.send("uai");
    assert!(host.until("uaiok")[0].ends_with("(greedy)"));
    for garbage in [
        "",
        "go wtime",
        "position",
        "position fen",
        "position fen x9/ x",
        "setoption",
        "query",
        "bestmove a1",
        "go depth -1",
        "\u{1b}[2J",
        "position startpos moves g1g1",
    ] {
        host.send(garbage);
    }
    host.send("isready");
    let lines = host.until("readyok");
    assert!(
        lines.iter().all(|l| l.starts_with("info ") || l.starts_with("bestmove ") || l == "readyok"),
        "{lines:?}"
    );
    // x has no move here but o has: x must pass.
    let fen = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1";
    assert_eq!(legal_moves(fen), ["0000"]);
    host.send(&format!("position fen {fen}"));
    host.send("go movetime 50");
    assert_eq!(host.until("bestmove").last().unwrap(), "bestmove 0000");
    host.quit();
}

#[test]
fn ugi_conversation_with_queries() {
    let mut host = Host::start(&["ugi", "--game", "ataxx"]);
    host.send("ugi");
    let hello = host.until("ugiok");
    assert!(hello.iter().any(|l| l.starts_with("option name Game type combo default ataxx")));
    host.send("uginewgame");
    host.send("position startpos moves g2");
    host.send("query p1turn");
    assert_eq!(host.next(), "response false");
    host.send("query gameover");
    assert_eq!(host.next(), "response false");
    host.send("query result");
    assert_eq!(host.next(), "response none");
    host.send("go p1time 1000 p2time 1000 p1inc 0 p2inc 0");
    let best = best_move(&host.next()).to_owned();
    assert!(!best.is_empty());
    host.send("position fen 7/7/7/7/7/7/x6 o 0 1");
    host.send("query gameover");
    assert_eq!(host.next(), "response true");
    host.send("query result");
    assert_eq!(host.next(), "response p1win");
    host.quit();
}

#[test]
fn ugi_reads_moves_of_several_words() {
    let mut host = Host::start(&["ugi", "--game", "amakta-infinit"]);
    host.send("ugi");
    host.until("ugiok");
    // P1 bids, P2 accepts and plays Black; White (P1) and Black create a stone each: P1 to move.
    host.send("position startpos moves bid 56 accept create 000003 d create 000003 r");
    host.send("query p1turn");
    assert_eq!(host.next(), "response true");
    host.send("go movetime 200");
    let best = best_move(&host.next()).to_owned();
    assert!(!best.starts_with("create_000003"), "White's set already holds 000003: {best}");
    // The same moves as single tokens, then the engine's own move.
    host.send(&format!("position startpos moves bid_56 accept create_000003_d create_000003_r {best}"));
    host.send("isready");
    assert_eq!(host.next(), "readyok", "the tokens are played without complaint");
    host.quit();
}

/// Whether `word` is a whole Amakta move in its single-token form.
fn is_amakta_token(word: &str) -> bool {
    const KINDS: [&str; 13] = [
        "rotate",
        "take",
        "place",
        "expropriate",
        "release",
        "replace",
        "relocate",
        "appropriate",
        "remove",
        "release-place",
        "circle",
        "circles",
        "colour",
    ];
    word == "pass"
        || KINDS.iter().any(|kind| word.strip_prefix(kind).is_some_and(|rest| rest.starts_with('_')))
}

#[test]
fn amakta_moves_go_out_as_single_tokens_and_come_back() {
    let mut host = Host::start(&["ugi", "--game", "amakta"]);
    host.send("ugi");
    host.until("ugiok");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..4 {
        host.send(&format!("position startpos moves {}", moves.join(" ")));
        host.send("go depth 2");
        let lines = host.until("bestmove");
        for line in lines.iter().filter(|l| l.contains(" pv ")) {
            // Each word of the line is a whole move: a kind, then its arguments joined by `_`.
            let pv = line.split(" pv ").nth(1).unwrap();
            assert!(pv.split(' ').all(is_amakta_token), "{line}");
        }
        let best = best_move(lines.last().unwrap()).to_owned();
        assert!(is_amakta_token(&best), "{best}");
        moves.push(best);
    }
    assert!(moves.iter().any(|mv| mv.contains('_')), "moves of several words among {moves:?}");
    host.send(&format!("position startpos moves {}", moves.join(" ")));
    host.send("query gameover");
    assert_eq!(host.next(), "response false", "{moves:?} were all played");
    host.quit();
}

#[test]
fn a_short_match_between_two_instances_of_our_engine() {
    let dir = std::env::temp_dir().join(format!("spielwerk-cli-protocol-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("match.pgn");
    let _ = std::fs::remove_file(&pgn);
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# two openings\nf2 f6\nx5o/7/7/3x3/7/7/o5x o 0 1\n").unwrap();
    let output = Command::new(BINARY)
        .args(["match", "--game", "ataxx", "--games", "4", "--movetime", "20", "--concurrency", "2"])
        .args([
            "--program",
            &format!("'{BINARY}' uai"),
            "--program",
            &format!("'{BINARY}' uai --engine greedy"),
        ])
        .arg("--openings")
        .arg(&openings)
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(stdout.lines().filter(|l| l.starts_with("Game ")).count(), 4, "{stdout}");
    let score = stdout.lines().find(|l| l.starts_with("Score of ")).expect("a score line");
    assert!(score.contains(" vs Spielwerk ") && score.ends_with("] 4"), "{score}");
    assert!(stdout.lines().any(|l| l.starts_with("Elo difference: ")), "{stdout}");

    let records = game::Record::parse_all(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    assert_eq!(records.len(), 4);
    let registry = games::registry();
    for record in &records {
        assert_eq!(record.tag("Rules"), Some("community"));
        assert!(record.tag("P1").is_some() && record.tag("P2").is_some());
        let game = registry.load_record(record).expect("a valid record");
        assert!(game.outcome().is_some());
    }
    let mut rounds: Vec<&str> = records.iter().filter_map(|r| r.tag("Round")).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, ["1", "2", "3", "4"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_refuses_bad_arguments() {
    let output = Command::new(BINARY)
        .args(["match", "--program", "x", "--program", "y", "--program", "z", "--movetime", "10"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("give at most two --program commands") && !error.contains("note:"), "{error}");
    // The old spelling of --program still works, with a note.
    let output = Command::new(BINARY)
        .args(["match", "--engine", "x", "--engine", "y", "--engine", "z", "--movetime", "10"])
        .output()
        .unwrap();
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("note: an engine program's command is given as --program COMMAND now"), "{error}");
    assert!(error.contains("give at most two --program commands"), "{error}");
    let output = Command::new(BINARY)
        .args(["match", "--program", "x", "--program", "y", "--tc", "8+x"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad time control '8+x'"));
}

#[test]
fn a_match_without_engines_plays_our_own_from_varied_openings_and_waits_for_the_sprt() {
    let dir = std::env::temp_dir().join(format!("spielwerk-own-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("match.pgn");
    // As the README says it: no --program, an option for the first one.
    let output = Command::new(BINARY)
        .args([
            "match",
            "--game",
            "ataxx",
            "--option1",
            "Threads=1",
            "--depth",
            "1",
            "--games",
            "6",
            "--sprt",
        ])
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("3 openings of 4 random plies (seed 1)"), "{stdout}");
    // Three pairs, fewer than the test's minimum: no LLR as if it decided.
    let pairs: Vec<&str> = stdout.lines().filter(|l| l.contains(" games, W-L-D ")).collect();
    assert!(pairs.len() >= 3, "{stdout}");
    for line in &pairs {
        assert!(line.ends_with("LLR from 10 pairs on"), "{line}");
    }
    let records = game::Record::parse_all(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    let mut openings: Vec<(String, Vec<String>)> = records
        .iter()
        .map(|record| {
            let round: usize = record.tag("Round").unwrap().parse().unwrap();
            let game = games::registry().load_record(record).unwrap();
            (format!("pair {}", (round - 1) / 2), game.moves()[..4].to_vec())
        })
        .collect();
    openings.sort();
    openings.dedup();
    assert_eq!(openings.len(), 3, "each pair one opening, the pairs distinct: {openings:?}");
    let distinct: std::collections::HashSet<&Vec<String>> = openings.iter().map(|(_, moves)| moves).collect();
    assert_eq!(distinct.len(), 3, "{openings:?}");
    std::fs::remove_dir_all(&dir).unwrap();
    let help = Command::new(BINARY).args(["match", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("10 pairs (20 games)") && help.contains("--random-plies"), "{help}");
}

#[test]
fn an_sprt_goes_on_from_the_pairs_an_earlier_run_printed() {
    let output = Command::new(BINARY)
        .args(["match", "--game", "ataxx", "--depth", "1", "--games", "4", "--sprt", "elo0=0,elo1=10"])
        .args(["--sprt-earlier", "[20, 5, 50, 5, 20]"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("going on from 100 earlier pairs [20, 5, 50, 5, 20]"), "{stdout}");
    // Each finished pair counts with the 100 earlier ones: the LLR shows
    // at once (110 pairs' minimum is long passed) and the penta adds up.
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains(" earlier), W-L-D of this run ") && !l.starts_with("SPRT"))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let verdict = stdout.lines().find(|l| l.starts_with("SPRT ")).unwrap();
    assert!(verdict.ends_with(lines[1]), "{stdout}");
    assert!(lines[1].starts_with("204 games (200 earlier)"), "{}", lines[1]);
    assert!(lines.iter().all(|line| line.contains(" LLR ") && !line.contains("from 10 pairs")), "{stdout}");
    let penta = lines[1].split("penta [").nth(1).unwrap().split(']').next().unwrap();
    let total: u32 = penta.split(", ").map(|n| n.parse::<u32>().unwrap()).sum();
    assert_eq!(total, 102, "{penta}");
    let bad = Command::new(BINARY)
        .args(["match", "--game", "ataxx", "--sprt", "--sprt-earlier", "1,2,3"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("give five counts, not 3"));
}

#[test]
fn ctrl_c_in_a_match_prints_the_summary_so_far() {
    let mut child = Command::new(BINARY)
        .args(["match", "--game", "ataxx", "--movetime", "30", "--games", "200"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    // Wait for the first finished game (however long the machine takes).
    for line in lines.by_ref() {
        let line = line.unwrap();
        let done = line.starts_with("Game 1/200");
        seen.push(line);
        if done {
            break;
        }
    }
    assert!(seen.last().is_some_and(|l| l.starts_with("Game 1/200")), "{seen:?}");
    // SAFETY: the child is ours and still running (it has 199 games to go).
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    let rest = rest.join("\n");
    assert!(rest.contains("Interrupted: the games finished so far"), "{rest}");
    assert!(rest.contains("Score of ") && rest.contains("Elo difference"), "{rest}");
}

#[test]
fn tune_search_tunes_our_own_engine_and_resumes_from_its_state_file() {
    let dir = std::env::temp_dir().join(format!("spielwerk-tune-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("run.state");
    let tune = |iterations: &str| {
        let output = Command::new(BINARY)
            .args(["tune-search", "--param", "LmrDivisor", "--param", "LmrSpared=,,,1,0.05"])
            .args(["--iterations", iterations, "--nodes", "300", "--draw-after", "40", "--concurrency", "2"])
            .arg("--state")
            .arg(&state)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        (output.status.success(), stdout, String::from_utf8_lossy(&output.stderr).into_owned())
    };
    let (ok, stdout, stderr) = tune("3");
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.starts_with("SPSA of LmrDivisor, LmrSpared over 3 game pairs of ataxx at nodes 300"),
        "{stdout}"
    );
    // Ataxx's own value (ataxx::SEARCH_DEFAULTS) is where it starts.
    let tuned = ataxx::SEARCH_DEFAULTS.iter().find(|(name, _)| *name == "LmrDivisor").unwrap().1;
    // The default step c is a twentieth of the range: 450 / 20.
    let start = format!("  LmrDivisor: start {tuned}, range 50..=500, c 22.5, r 0.002");
    assert!(stdout.contains(&start), "{stdout}");
    let iterations: Vec<&str> = stdout.lines().filter(|l| l.starts_with("iteration ")).collect();
    assert_eq!(iterations.len(), 3, "{stdout}");
    assert!(iterations[2].starts_with("iteration 3/3: LmrDivisor "), "{stdout}");
    assert!(iterations[2].contains("| θ+ so far "), "{stdout}");
    let setoption =
        stdout.lines().find(|l| l.starts_with("setoption name LmrSpared value ")).expect("final values");
    let value: i32 = setoption.rsplit(' ').next().unwrap().parse().unwrap();
    assert!((1..=10).contains(&value), "{setoption}");
    assert!(stdout.contains("&[(\"LmrDivisor\", "), "{stdout}");
    let saved = std::fs::read_to_string(&state).unwrap();
    assert!(saved.contains("\ndone 3\n"), "{saved}");

    let (ok, again, stderr) = tune("3");
    assert!(ok, "{again}\n{stderr}");
    assert!(again.contains("resuming after iteration 3"), "{again}");
    assert!(!again.contains("iteration 1/"), "nothing is played again: {again}");
    assert!(again.contains(setoption), "the same result: {again}");

    let (ok, _, stderr) = tune("5");
    assert!(!ok);
    assert!(stderr.contains("the state file is of another run (3 iterations, not 5)"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_search_speaks_german() {
    let state = std::env::temp_dir().join(format!("spielwerk-tune-german-{}.state", std::process::id()));
    let _ = std::fs::remove_file(&state);
    let output = Command::new(BINARY)
        .args(["tune-search", "--param", "LmrSpared=,,,1,0.05", "--iterations", "1", "--nodes", "100"])
        .args(["--draw-after", "20", "--lang", "de", "--state"])
        .arg(&state)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.starts_with("SPSA von LmrSpared über 1 Partiepaare ataxx bei "), "{stdout}");
    assert!(stdout.contains(", c 1, r 0,05"), "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with("Iteration 1/1: LmrSpared ") && l.contains("| Paar ")),
        "{stdout}"
    );
    assert!(stdout.contains("Endwerte nach 1 Iterationen:\nsetoption name LmrSpared value "), "{stdout}");
    let _ = std::fs::remove_file(&state);
}

#[test]
fn tune_search_refuses_an_option_the_engine_lacks() {
    let output = Command::new(BINARY)
        .args(["tune-search", "--param", "Colour", "--nodes", "100", "--iterations", "1"])
        .arg("--state")
        .arg(std::env::temp_dir().join(format!("spielwerk-tune-none-{}.state", std::process::id())))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the engine offers no spin option 'Colour' (it has: Hash, Threads"), "{stderr}");
}
