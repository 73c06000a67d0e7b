//! The search's tunable constants over UAI: `setoption` changes the
//! search, and the defaults search as before. A test program of its own,
//! as the parameters are process-wide.

mod common;
use common::Host;

/// The nodes of a fresh search of the start position to depth 7.
fn nodes(host: &mut Host) -> u64 {
    nodes_to(host, 7)
}

/// The nodes of a fresh search of the start position to `depth`.
fn nodes_to(host: &mut Host, depth: u32) -> u64 {
    host.send("uainewgame");
    host.send("position startpos");
    host.send(&format!("go depth {depth}"));
    let lines = host.until("bestmove ");
    let prefix = format!("info depth {depth} ");
    let last = lines.iter().rev().find(|line| line.starts_with(&prefix)).expect("the depth is reported");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|&word| word == "nodes").expect("nodes in the info line");
    words[at + 1].parse().unwrap()
}

/// The `default` the engine lists for the option `name`.
fn listed_default(host: &mut Host, name: &str) -> String {
    host.send("uai");
    let options = host.until("uaiok");
    let prefix = format!("option name {name} type spin default ");
    let line = options.iter().find(|line| line.starts_with(&prefix)).expect("the option is listed");
    line[prefix.len()..].split_whitespace().next().unwrap().to_owned()
}

#[test]
fn setoption_changes_the_search_and_the_defaults_search_as_before() {
    let mut host = Host::start();
    // Ataxx lists its own tuned values (ataxx::SEARCH_DEFAULTS).
    let (divisor, spared) = (listed_default(&mut host, "LmrDivisor"), listed_default(&mut host, "LmrSpared"));
    let tuned = |name: &str| ataxx::SEARCH_DEFAULTS.iter().find(|(n, _)| *n == name).unwrap().1.to_string();
    assert_eq!((divisor.clone(), spared.clone()), (tuned("LmrDivisor"), tuned("LmrSpared")));
    let by_default = nodes(&mut host);
    host.send("setoption name LmrDivisor value 500");
    host.send("setoption name LmrSpared value 10");
    let reduced_less = nodes(&mut host);
    assert!(
        reduced_less > by_default,
        "far weaker reductions search more nodes: {reduced_less} vs {by_default}"
    );
    assert_eq!(listed_default(&mut host, "LmrDivisor"), "500");
    assert_eq!(listed_default(&mut host, "LmrSpared"), "10");
    host.send(&format!("setoption name LmrDivisor value {divisor}"));
    host.send(&format!("setoption name lmrspared value {spared}"));
    assert_eq!(nodes(&mut host), by_default, "back at the defaults");
    // In the same test: the parameters are process-wide, and the tests of
    // one program run at the same time.
    pruning_and_extension_constants_change_the_search(&mut host);
    host.close();
}

/// Each pruning and extension constant, set to the end of its range away
/// from Ataxx's tuned value, changes the tree searched; set back, the
/// tree is the default's again.
fn pruning_and_extension_constants_change_the_search(host: &mut Host) {
    // Deep enough for singular extensions (from depth 6 on, below the root).
    let depth = 9;
    let by_default = nodes_to(host, depth);
    for (name, far) in [("FutilityScale", 300), ("LmpBase", 20), ("LmpFactor", 60), ("SingularMargin", 80)] {
        let tuned = listed_default(host, name);
        host.send(&format!("setoption name {name} value {far}"));
        let changed = nodes_to(host, depth);
        assert_ne!(changed, by_default, "{name} {far} searches another tree than {name} {tuned}");
        host.send(&format!("setoption name {name} value {tuned}"));
        assert_eq!(nodes_to(host, depth), by_default, "{name} back at {tuned}");
    }
}
