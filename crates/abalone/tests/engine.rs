//! The evaluation makes the engines play: a shallow alpha-beta beats the
//! one-ply greedy player and the random player in short games.
#![cfg(feature = "engine")]

use game::{Analyzer, Game, GameResult, History, Limits, Player};
use spielwerk_abalone::{Layout, Position};
use std::sync::atomic::AtomicBool;

/// Plays one game with `black` against `white` until it ends or reaches the
/// ply limit; returns the history.
fn play_game(
    layout: Layout,
    ply_limit: u32,
    black: &mut dyn Analyzer<Position>,
    white: &mut dyn Analyzer<Position>,
    limits: &Limits,
) -> History<Position> {
    let stop = AtomicBool::new(false);
    let mut history = History::new(Position::new(layout).with_ply_limit(ply_limit));
    while history.outcome().is_none() {
        let side = history.current().side_to_move();
        let engine: &mut dyn Analyzer<Position> = if side == Player::P1 { &mut *black } else { &mut *white };
        let mv =
            engine.think(&history, limits, &stop, &mut |_| {}).expect("a legal move while the game runs");
        history.play(mv).unwrap();
    }
    history
}

/// Points of `player` over the games: 2 for a win, 1 for a draw, plus the
/// difference of ejected marbles.
fn points(history: &History<Position>, player: Player) -> i32 {
    let position = history.current();
    let result = match history.outcome().map(|o| o.result) {
        Some(GameResult::Win(p)) if p == player => 2,
        Some(GameResult::Win(_)) => 0,
        _ => 1,
    };
    result + i32::from(position.ejected_by(player)) - i32::from(position.ejected_by(player.other()))
}

fn match_against(baseline: fn() -> Box<dyn Analyzer<Position>>) -> (i32, i32) {
    let limits = Limits::depth(2);
    let (mut strong, mut weak) = (0, 0);
    for layout in Layout::ALL {
        for strong_side in Player::BOTH {
            let mut searcher = search::alpha_beta::<Position>();
            let mut other = baseline();
            let history = if strong_side == Player::P1 {
                play_game(layout, 100, searcher.as_mut(), other.as_mut(), &limits)
            } else {
                play_game(layout, 100, other.as_mut(), searcher.as_mut(), &limits)
            };
            strong += points(&history, strong_side);
            weak += points(&history, strong_side.other());
        }
    }
    (strong, weak)
}

#[test]
fn alpha_beta_beats_greedy() {
    let (alpha_beta, greedy) = match_against(|| Box::new(search::Greedy::seeded(1)));
    assert!(alpha_beta > greedy, "alpha-beta {alpha_beta} points, greedy {greedy}");
}

#[test]
fn alpha_beta_beats_random() {
    let (alpha_beta, random) = match_against(|| Box::new(search::RandomMover::seeded(2)));
    assert!(alpha_beta > random + 20, "alpha-beta {alpha_beta} points, random {random}");
}

#[test]
fn mcts_beats_random() {
    let limits = Limits { nodes: Some(300), ..Limits::default() };
    let mut mcts = search::Mcts::seeded(3);
    let mut random = search::RandomMover::seeded(4);
    let history = play_game(Layout::BelgianDaisy, 120, &mut mcts, &mut random, &limits);
    assert!(points(&history, Player::P1) > points(&history, Player::P2));
}
