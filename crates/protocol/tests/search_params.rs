//! The search's tunable constants over UAI: `setoption` changes the
//! search, and the defaults search as before. A test program of its own,
//! as the parameters are process-wide.


mod common;
use common::Host;

/// The nodes of a fresh search of the start position to depth 7.
fn nodes(host: &mut Host) -> u64 {
    host.send("uainewgame");
    host.send("position startpos");
    host.send("go depth 7");
    let lines = host.until("bestmove ");
    let last = lines.iter().rev().find(|line| line.starts_with("info depth 7 ")).expect("depth 7 reported");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|&word| word == "nodes").expect("nodes in the info line");
    words[at + 1].parse().unwrap()
}

#[test]
fn setoption_changes_the_search_and_the_defaults_search_as_before() {
    let mut host = Host::start();
    let by_default = nodes(&mut host);
    host.send("setoption name LmrDivisor value 100");
    host.send("setoption name LmrSpared value 1");
    let reduced_more = nodes(&mut host);
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
    assert_eq!(nodes(&mut host), by_default, "back at the defaults");
    host.close();
}
