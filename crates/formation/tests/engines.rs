//! The evaluation as the engines use it: wins are taken, threats are met.
#![cfg(feature = "engine")]

use game::{Analyzer, Game, History, Limits, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use search::Evaluate;
use spielwerk_formation::{Config, Formation, Layout, Move, WIN_NEXT};
use std::sync::atomic::AtomicBool;

/// White can connect with h5f4 (see tests/rules.rs).
const WHITE_THREATENS: &str = "1a0 2a0 3a0 4a0 1B2B3/7B/8/B4W1W/2WWW2B/2WWW3/B7/3B2B1 w 0";
/// The same with Black to move and a Black rook on f1 that can block f4.
const BLACK_MUST_BLOCK: &str = "1a0 2a0 3a0 4a0 1B2B3/7B/8/B4W1W/2WWW2B/2WWW3/B7/3B1B2 b 0";

fn best_move(text: &str, engine: fn() -> Box<dyn Analyzer<Formation>>, depth: u32) -> (Formation, Move) {
    let position: Formation = text.parse().unwrap();
    let history = History::new(position.clone());
    let mv = engine().think(&history, &Limits::depth(depth), &AtomicBool::new(false), &mut |_| {}).unwrap();
    (position, mv)
}

#[test]
fn immediate_wins_are_found_at_depth_one() {
    for engine in [search::alpha_beta::<Formation>, search::greedy::<Formation>] {
        let (mut position, mv) = best_move(WHITE_THREATENS, engine, 1);
        assert_eq!(position.format_move(mv), "h5f4");
        position.play(mv);
        assert_eq!(position.outcome(), Some(Outcome::win(Player::P1, "connection")));
    }
}

#[test]
fn an_immediate_threat_is_blocked() {
    let position: Formation = BLACK_MUST_BLOCK.parse().unwrap();
    assert_eq!(position.connecting_squares(Player::P1).count_ones(), 1);
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    assert!(moves.len() > 10, "Black has many moves, only one of them holds");
    for depth in [2, 3] {
        let (mut position, mv) = best_move(BLACK_MUST_BLOCK, search::alpha_beta::<Formation>, depth);
        assert_eq!(position.format_move(mv), "f1f4", "depth {depth}");
        position.play(mv);
        assert_eq!(position.connecting_squares(Player::P1), 0);
    }
}

#[test]
fn evaluation_sees_wins_and_threats() {
    let threatening: Formation = WHITE_THREATENS.parse().unwrap();
    assert_eq!(threatening.evaluate(), WIN_NEXT);
    let threatened: Formation = BLACK_MUST_BLOCK.parse().unwrap();
    assert!(threatened.evaluate() < -100, "{}", threatened.evaluate());
    // The start is symmetric enough to be close to even.
    let start = Formation::start(&Config::default());
    assert!(start.evaluate().abs() < 50, "{}", start.evaluate());
}

#[test]
fn ordering_puts_wins_then_merges_first() {
    let position: Formation = WHITE_THREATENS.parse().unwrap();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.sort_by_key(|&mv| std::cmp::Reverse(position.order_hint(mv)));
    assert_eq!(position.format_move(moves[0]), "h5f4");
    // h5f6 merges h5 with f5 (one group fewer) and comes before moves that
    // split the block.
    let rank = |text: &str| moves.iter().position(|&mv| position.format_move(mv) == text).unwrap();
    assert!(rank("h5f6") < rank("c3b1"));
    assert_eq!(position.order_hint(Move::Pass), 0);
}

#[test]
fn alpha_beta_beats_random_moves() {
    let mut rng = SmallRng::seed_from_u64(11);
    for layout in [Layout::DEFAULT, Layout::random(1)] {
        let mut history =
            History::new(Formation::start(&Config { layout, ply_limit: 80, ..Config::default() }));
        let mut engine = search::alpha_beta::<Formation>();
        let mut moves = Vec::new();
        while history.outcome().is_none() {
            let mv = if history.current().side_to_move() == Player::P1 {
                engine.think(&history, &Limits::depth(2), &AtomicBool::new(false), &mut |_| {}).unwrap()
            } else {
                history.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            };
            history.play(mv).unwrap();
        }
        assert_eq!(history.outcome(), Some(Outcome::win(Player::P1, "connection")), "{layout}");
    }
}
