//! Both searching engines under depth, node, time and stop limits. Time
//! bounds are generous: the test machine is shared and noisy.

use crate::think;
use crate::toys::{ConnectFour, TicTacToe};
use game::{Analyzer, Clock, Game, History, Limits};
use search::{Mcts, alpha_beta, mcts};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// Both searching engines for Connect Four, with small tables.
fn engines() -> Vec<(&'static str, Box<dyn Analyzer<ConnectFour>>)> {
    let mut list: Vec<(&'static str, Box<dyn Analyzer<ConnectFour>>)> =
        vec![("alphabeta", alpha_beta()), ("mcts", mcts())];
    for (_, engine) in &mut list {
        engine.set_hash_mb(16);
    }
    list
}

fn is_legal<G: Game>(position: &G, mv: Option<G::Move>) -> bool {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    mv.is_some_and(|mv| moves.contains(&mv))
}

/// How long a search bounded by time may take at most on a machine busy
/// with other work: far more than any bound asked for, far less than a
/// search that ignored its bound. The budgets themselves are unit tests of
/// the search crate's time module, which need no clock.
const GENEROUS: Duration = Duration::from_secs(30);

#[test]
fn a_depth_limit_reports_every_iteration_up_to_it() {
    let mut engine = alpha_beta::<ConnectFour>();
    engine.set_hash_mb(4);
    let history = History::new(ConnectFour::new());
    let (best, infos) = think(engine.as_mut(), &history, Limits::depth(5));
    assert!(is_legal(history.current(), best));
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert!(infos.windows(2).all(|w| w[0].nodes < w[1].nodes));
    assert!(infos.iter().all(|i| i.pv.first() == infos.last().and_then(|l| l.pv.first()) || i.depth < 5));
}

#[test]
fn a_node_limit_is_kept() {
    let history = History::new(ConnectFour::new());
    for (name, mut engine) in engines() {
        let limits = Limits { nodes: Some(3000), ..Limits::default() };
        let (best, infos) = think(engine.as_mut(), &history, limits);
        assert!(is_legal(history.current(), best), "{name}");
        let nodes = infos.last().expect("a report").nodes;
        assert!(nodes <= 3001, "{name}: {nodes} nodes");
        if name == "mcts" {
            assert_eq!(nodes, 3000);
        }
    }
    let (_, infos) = think(&mut Mcts::seeded(2), &history, Limits::depth(2));
    assert_eq!(infos.last().expect("a report").nodes, 2000, "MCTS: 1000 iterations per ply of depth");
}

#[test]
fn a_move_time_is_used_but_not_exceeded() {
    let history = History::new(ConnectFour::new());
    for (name, mut engine) in engines() {
        let start = Instant::now();
        let (best, infos) = think(engine.as_mut(), &history, Limits::movetime(ms(200)));
        let spent = start.elapsed();
        assert!(is_legal(history.current(), best), "{name}");
        assert!(spent >= ms(150) && spent < GENEROUS, "{name}: {spent:?}");
        assert!(!infos.is_empty(), "{name}");
    }
}

#[test]
fn the_clock_budget_is_a_fraction_of_the_remaining_time() {
    let history = History::new(ConnectFour::new());
    // Read as the opponent's, the clock would allow hours.
    let clock = Clock { time: [ms(2000), ms(100_000_000)], increment: [ms(0); 2], moves_to_go: None };
    for (name, mut engine) in engines() {
        let start = Instant::now();
        let (best, _) = think(engine.as_mut(), &history, Limits { clock: Some(clock), ..Limits::default() });
        let spent = start.elapsed();
        assert!(is_legal(history.current(), best), "{name}");
        assert!(spent < GENEROUS, "{name}: {spent:?}");
    }
}

#[test]
fn the_last_move_before_the_time_control_may_use_almost_all_time() {
    let history = History::new(ConnectFour::new());
    let clock = Clock { time: [ms(150), ms(150)], increment: [ms(0); 2], moves_to_go: Some(1) };
    for (name, mut engine) in engines() {
        let start = Instant::now();
        let (best, _) = think(engine.as_mut(), &history, Limits { clock: Some(clock), ..Limits::default() });
        let spent = start.elapsed();
        assert!(is_legal(history.current(), best), "{name}");
        assert!(spent < GENEROUS, "{name}: {spent:?}");
    }
}

#[test]
fn a_stop_before_the_start_still_gives_a_legal_move() {
    let history = History::new(ConnectFour::after("3344"));
    for (name, mut engine) in engines() {
        let stop = AtomicBool::new(true);
        let start = Instant::now();
        let best = engine.think(&history, &Limits::default(), &stop, &mut |_| {});
        assert!(start.elapsed() < GENEROUS, "{name}: {:?}", start.elapsed());
        assert!(is_legal(history.current(), best), "{name}");
    }
}

#[test]
fn an_infinite_search_ends_soon_after_stop() {
    let history = History::new(ConnectFour::new());
    for (name, mut engine) in engines() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let best = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(ms(150));
                stop.store(true, Ordering::Relaxed);
            });
            let limits = Limits { infinite: true, depth: Some(1), ..Limits::default() };
            engine.think(&history, &limits, &stop, &mut |_| {})
        });
        let spent = start.elapsed();
        assert!(spent >= ms(150) && spent < GENEROUS, "{name}: {spent:?}");
        assert!(is_legal(history.current(), best), "{name}");
    }
}

#[test]
fn an_infinite_search_waits_for_stop_even_when_the_game_is_solved() {
    let history = History::new(TicTacToe::from_text("xx.oo...."));
    let mut engine = alpha_beta::<TicTacToe>();
    engine.set_hash_mb(1);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let best = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(ms(100));
            stop.store(true, Ordering::Relaxed);
        });
        engine.think(&history, &Limits { infinite: true, ..Limits::default() }, &stop, &mut |_| {})
    });
    assert!(start.elapsed() >= ms(100));
    assert_eq!(best, Some(2));
}

#[test]
fn a_finished_game_has_no_move() {
    let history = History::new(TicTacToe::from_text("xxxoo...."));
    let mut alpha_beta = alpha_beta::<TicTacToe>();
    alpha_beta.set_hash_mb(1);
    assert_eq!(think(alpha_beta.as_mut(), &history, Limits::depth(3)).0, None);
    assert_eq!(think(&mut Mcts::seeded(1), &history, Limits::depth(3)).0, None);
}

#[test]
fn a_forced_move_under_a_clock_is_played_at_once() {
    // Only column 6 is free.
    let history = History::new(ConnectFour::after("000000111111222222433333344444555555"));
    // An hour on the clock: a move thought over would take minutes.
    let clock = Clock { time: [ms(3_600_000); 2], increment: [ms(0); 2], moves_to_go: None };
    for (name, mut engine) in engines() {
        let start = Instant::now();
        let (best, _) = think(engine.as_mut(), &history, Limits { clock: Some(clock), ..Limits::default() });
        assert_eq!(best, Some(6), "{name}");
        assert!(start.elapsed() < GENEROUS, "{name}: {:?}", start.elapsed());
    }
}

/// The reports of completed iterations, without their times (which
/// differ from run to run).
fn iterations(infos: &[game::Info<u8>]) -> Vec<(u32, game::Score, u64, Vec<u8>)> {
    infos.iter().map(|i| (i.depth, i.score, i.nodes, i.pv.clone())).collect()
}

#[test]
fn a_soft_node_limit_starts_no_iteration_after_it_and_changes_none_before() {
    let history = History::new(ConnectFour::new());
    let fresh = || {
        let mut engine = alpha_beta::<ConnectFour>();
        engine.set_hash_mb(4);
        engine
    };
    let (_, deep) = think(fresh().as_mut(), &history, Limits::depth(8));
    let deep = iterations(&deep);
    assert_eq!(deep.len(), 8);
    for k in [2usize, 4, 6] {
        let after_k = deep[k - 1].2;
        // Reached exactly at the end of iteration k: iteration k + 1 does
        // not start.
        let limits = Limits { soft_nodes: Some(after_k), ..Limits::default() };
        let (best, infos) = think(fresh().as_mut(), &history, limits);
        assert!(is_legal(history.current(), best));
        assert_eq!(iterations(&infos), deep[..k], "soft limit {after_k}");
        // One node more: iteration k + 1 starts and is searched to its end,
        // exactly as without the limit.
        let limits = Limits { soft_nodes: Some(after_k + 1), ..Limits::default() };
        let (_, infos) = think(fresh().as_mut(), &history, limits);
        assert_eq!(iterations(&infos), deep[..=k], "soft limit {}", after_k + 1);
    }
    // The hard limit still aborts an iteration the soft one let start.
    let hard = deep[4].2 + (deep[5].2 - deep[4].2) / 2;
    let limits = Limits { soft_nodes: Some(deep[4].2 + 1), nodes: Some(hard), ..Limits::default() };
    let (best, infos) = think(fresh().as_mut(), &history, limits);
    assert!(is_legal(history.current(), best));
    assert_eq!(iterations(&infos), deep[..5], "iteration 6 was cut off at {hard} nodes");
}

#[test]
fn mcts_stops_at_the_lower_of_a_soft_and_a_hard_node_limit() {
    let history = History::new(ConnectFour::new());
    for (soft, hard, expected) in
        [(Some(2000), None, 2000), (Some(2000), Some(3000), 2000), (Some(5000), Some(3000), 3000)]
    {
        let limits = Limits { soft_nodes: soft, nodes: hard, ..Limits::default() };
        let (best, infos) = think(&mut Mcts::seeded(2), &history, limits);
        assert!(is_legal(history.current(), best));
        assert_eq!(infos.last().expect("a report").nodes, expected, "soft {soft:?} hard {hard:?}");
    }
}
