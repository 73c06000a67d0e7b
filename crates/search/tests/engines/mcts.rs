//! MCTS: obvious wins, defence, repetition and reports.

use crate::think;
use crate::toys::{ConnectFour, Nim, Shuffle, Step, TicTacToe};
use game::{History, Limits, Score};
use search::Mcts;

fn nodes(n: u64) -> Limits {
    Limits { nodes: Some(n), ..Limits::default() }
}

#[test]
fn mcts_takes_an_immediate_win() {
    let history = History::new(ConnectFour::after("061626"));
    let (best, infos) = think(&mut Mcts::seeded(7), &history, nodes(5000));
    assert_eq!(best, Some(3));
    assert_eq!(infos.last().expect("a report").score, Score::Win(1));
    let history = History::new(Nim::new([0, 0, 3]));
    assert_eq!(think(&mut Mcts::seeded(7), &history, nodes(500)).0, Some((2, 3)));
}

#[test]
fn mcts_blocks_an_immediate_threat() {
    let history = History::new(ConnectFour::after("06162"));
    let (best, _) = think(&mut Mcts::seeded(3), &history, nodes(20_000));
    assert_eq!(best, Some(3));
    let history = History::new(TicTacToe::from_text("xx..o...."));
    let (best, _) = think(&mut Mcts::seeded(3), &history, nodes(20_000));
    assert_eq!(best, Some(2));
}

#[test]
fn mcts_plays_for_a_winning_repetition() {
    let history = History::new(Shuffle::new(12, true));
    let (best, infos) = think(&mut Mcts::seeded(5), &history, nodes(50_000));
    assert_eq!(best, Some(Step::Toggle));
    assert!(matches!(infos.last().expect("a report").score, Score::Win(_)), "{:?}", infos.last());
}

#[test]
fn mcts_reports_its_line_and_a_win_rate() {
    let history = History::new(ConnectFour::new());
    let (best, infos) = think(&mut Mcts::seeded(11).with_exploration(0.8), &history, nodes(4000));
    let info = infos.last().expect("a report");
    assert_eq!(info.pv.first().copied(), best);
    assert!(info.depth >= 2 && info.seldepth >= info.depth, "{info:?}");
    assert!(matches!(info.score, Score::Cp(cp) if cp.abs() < 400), "{info:?}");
}

#[test]
fn mcts_with_the_same_seed_plays_the_same() {
    let history = History::new(ConnectFour::after("33"));
    let (first, first_infos) = think(&mut Mcts::seeded(9), &history, nodes(2000));
    let (second, second_infos) = think(&mut Mcts::seeded(9), &history, nodes(2000));
    assert_eq!(first, second);
    let line = |infos: &[game::Info<u8>]| infos.last().map(|i| (i.pv.clone(), i.score));
    assert_eq!(line(&first_infos), line(&second_infos));
}

#[test]
fn mcts_multipv_reports_the_most_visited_first_moves() {
    let history = History::new(ConnectFour::after("33"));
    let limits = Limits { multipv: 3, ..nodes(3000) };
    let (best, infos) = think(&mut Mcts::seeded(9), &history, limits);
    let last: Vec<_> = infos[infos.len() - 3..].iter().collect();
    assert_eq!(last.iter().map(|i| i.multipv).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(last[0].pv.first().copied(), best);
    let firsts: Vec<u8> = last.iter().map(|i| i.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    let (single, single_infos) = think(&mut Mcts::seeded(9), &history, nodes(3000));
    assert_eq!(single, best, "more lines do not change the search");
    assert_eq!(single_infos.last().map(|i| &i.pv), Some(&last[0].pv));
}
