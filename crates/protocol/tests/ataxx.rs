//! The engine side speaking UAI about Ataxx, in-process over pipes.

use game::{Options, Registry};

mod common;
use common::Host;

const START: &str = "x5o/7/7/7/7/7/o5x x 0 1";

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

/// The engine's best move after `position` and `go`.
fn best_move(host: &mut Host, position: &str, go: &str) -> String {
    host.send(position);
    host.send(go);
    let lines = host.until("bestmove ");
    lines.last().unwrap()["bestmove ".len()..].to_owned()
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
    let best = best_move(&mut host, "position startpos", "go depth 3");
    assert!(legal_moves(START).contains(&best), "{best}");
    let best = best_move(&mut host, &format!("position fen {START} moves f2 f6 g1e3"), "go nodes 5000");
    assert!(legal_after(START, &["f2", "f6", "g1e3"]).contains(&best), "{best}");
    let pass = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1";
    assert_eq!(legal_moves(pass), ["0000"]);
    assert_eq!(best_move(&mut host, &format!("position fen {pass}"), "go movetime 50"), "0000");
    let over = "x5o/7/7/7/7/7/o5x x 100 60";
    assert_eq!(best_move(&mut host, &format!("position fen {over}"), "go depth 2"), "0000");
    host.close();
}

#[test]
fn btime_is_the_clock_of_x() {
    let mut host = Host::start();
    // The other side's clock is weeks long: read as the mover's, the engine
    // would think for hours and `best_move` would give up after PATIENCE.
    for (go, side) in [("go btime 40 wtime 2000000000", "x"), ("go btime 2000000000 wtime 40", "o")] {
        let best = best_move(&mut host, &format!("position fen x5o/7/7/7/7/7/o5x {side} 0 1"), go);
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

#[test]
fn searchmoves_keeps_the_search_to_the_moves_named() {
    let mut host = Host::start();
    let every = legal_moves(START);
    // Two moves the search would not choose first, in order of the list.
    let unsearched = best_move(&mut host, "position startpos", "go depth 3");
    let among: Vec<&str> = every.iter().map(String::as_str).filter(|mv| *mv != unsearched).take(2).collect();
    for limits in ["depth 3", "nodes 0", "movetime 1"] {
        let go = format!("go {limits} searchmoves {}", among.join(" "));
        let best = best_move(&mut host, "position startpos", &go);
        assert!(among.contains(&best.as_str()), "{go}: {best}");
    }
}

/// The first move of the last `pv` among `lines`.
fn last_pv_move(lines: &[String]) -> Option<&str> {
    lines.iter().rev().find_map(|line| line.split(" pv ").nth(1)?.split(' ').next())
}

#[test]
fn the_last_reported_line_begins_with_the_move_played() {
    // Node limits stop searches inside an iteration, where the search may
    // already have found a better move than the last completed depth's.
    let mut host = Host::start();
    let mut played = Vec::new();
    for _ in 0..4 {
        let moves: Vec<&str> = played.iter().map(String::as_str).collect();
        played.push(legal_after(START, &moves).last().unwrap().clone());
    }
    for position in ["startpos".to_owned(), format!("startpos moves {}", played.join(" "))] {
        for nodes in (200..6000).step_by(97) {
            host.send(&format!("position {position}"));
            host.send(&format!("go nodes {nodes}"));
            let lines = host.until("bestmove");
            let played = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
            assert_eq!(last_pv_move(&lines), Some(played), "{position}, {nodes} nodes: {lines:?}");
        }
    }
    host.close();
}
