//! A sanity check of the evaluation: alpha-beta with it beats the greedy
//! one-ply player, and every engine of the entry plays legal moves.
#![cfg(feature = "engine")]

use game::{Analyzer, History, Limits, Player};
use spielwerk_ataxx::{Ataxx, ENGINES, Ruleset};
use std::sync::atomic::AtomicBool;

/// Plays a game from the start: `engines[0]` is Red (x) with `limits[0]`.
fn play(engines: &mut [Box<dyn Analyzer<Ataxx>>; 2], limits: [Limits; 2]) -> History<Ataxx> {
    let stop = AtomicBool::new(false);
    let mut history = History::new(Ataxx::start(Ruleset::Seed));
    while history.outcome().is_none() && history.moves().len() < 400 {
        let side = history.current().side();
        let mv = engines[side.index()]
            .think(&history, &limits[side.index()], &stop, &mut |_| {})
            .expect("a legal move");
        history.play(mv).expect("engines play legal moves");
    }
    history
}

#[test]
fn alpha_beta_beats_greedy() {
    let mut points = 0.0;
    for game in 0..8 {
        let greedy: Box<dyn Analyzer<Ataxx>> = Box::new(search::Greedy::seeded(game));
        let mut engines = [search::alpha_beta::<Ataxx>(), greedy];
        let mut limits = [Limits::depth(4), Limits::default()];
        let searcher = if game % 2 == 0 { Player::P1 } else { Player::P2 };
        if searcher == Player::P2 {
            engines.swap(0, 1);
            limits.swap(0, 1);
        }
        let history = play(&mut engines, limits);
        let outcome = history.outcome().expect("games end within 400 plies");
        points += outcome.result.score_for(searcher);
    }
    assert!(points >= 6.0, "alpha-beta scored only {points} of 8 against greedy");
}

#[test]
fn every_engine_plays_a_legal_game() {
    for &(name, make) in ENGINES {
        let random: Box<dyn Analyzer<Ataxx>> = Box::new(search::RandomMover::seeded(5));
        let mut engines = [make(), random];
        let history = play(&mut engines, [Limits::depth(1), Limits::default()]);
        assert!(history.outcome().is_some(), "{name} did not finish a game against random play");
    }
}
