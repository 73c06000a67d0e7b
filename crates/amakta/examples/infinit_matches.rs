//! Engine matches on Amakta Infinit, whole games from the first offer:
//! bidding, creation and play.
//!
//! ```text
//! cargo run --release -p spielwerk-amakta --example infinit_matches -- ENGINE_A ENGINE_B GAMES [MOVETIME_MS] [DISTANCE] [POINTS] [PLY_LIMIT] [A_COLOUR]
//! ```
//!
//! Engines: `alphabeta`, `greedy`, `random`. Seats alternate (P1 makes the
//! first offer). With A_COLOUR `white` or `black` the bidding is not
//! played by the engines: P1 offers the engine's fair number of points and
//! P2 accepts, with A in the seat that gets the colour. Games that reach PLY_LIMIT plies of play (default 300)
//! count as draws. Prints A's wins, draws and losses, how often A ended up
//! Black, and the reasons games ended.

mod common;

use common::{MatchArgs, engine};
use game::{Game, GameResult, History, Limits, Options, Player};
use spielwerk_amakta::infinit::Stage;
use spielwerk_amakta::infinit::engine::ENGINES;
use spielwerk_amakta::infinit::eval::fair_offer;
use spielwerk_amakta::{Colour, Infinit};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let MatchArgs { name_a, name_b, games, movetime } = MatchArgs::parse(&args, 50);
    let distance = args.get(4).map_or("8", String::as_str);
    let points = args.get(5).map_or("50", String::as_str);
    let ply_limit: usize = args.get(6).and_then(|t| t.parse().ok()).unwrap_or(300);
    let a_colour = args.get(7).and_then(|c| Colour::parse(c));
    let options = Options::new().with("distance", distance).with("points", points);
    let limits = Limits::movetime(movetime);
    let (mut wins, mut draws, mut losses, mut a_black, mut plies) = (0, 0, 0, 0, 0);
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    let started = Instant::now();
    for game in 0..games {
        let mut a = engine(ENGINES, &name_a);
        let mut b = engine(ENGINES, &name_b);
        let mut history = History::new(Infinit::from_options(&options, None).expect("valid options"));
        let a_seat = match a_colour {
            None if game % 2 == 0 => Player::P1,
            None => Player::P2,
            // P1 offers, P2 accepts and plays Black.
            Some(colour) => {
                let offer = fair_offer(history.current().points());
                history.play_text(&format!("bid {offer}")).expect("a legal offer");
                history.play_text("accept").expect("an offer to accept");
                if colour == Colour::White { Player::P1 } else { Player::P2 }
            }
        };
        let stop = AtomicBool::new(false);
        let mut play_plies = 0;
        while history.outcome().is_none() && play_plies < ply_limit {
            let mover = history.current().side_to_move();
            let player = if mover == a_seat { &mut a } else { &mut b };
            let mv = player.think(&history, &limits, &stop, &mut |_| {}).expect("a move while the game runs");
            if history.current().stage() == Stage::Play {
                play_plies += 1;
            }
            history.play(mv).expect("engines play legal moves");
        }
        plies += play_plies;
        let current = history.current();
        if current.position().seat_of(Colour::Black) == Some(a_seat) {
            a_black += 1;
        }
        let outcome = history.outcome();
        let result = outcome.map_or(GameResult::Draw, |o| o.result);
        *reasons.entry(outcome.map_or("ply-limit", |o| o.reason)).or_default() += 1;
        match result {
            GameResult::Draw => draws += 1,
            GameResult::Win(p) if p == a_seat => wins += 1,
            GameResult::Win(_) => losses += 1,
        }
        let sets = |colour: Colour| current.set_of(colour).count();
        eprintln!(
            "game {}: {} ({} plies of play, {}; A is {}, Black got {} points; sets W {} B {})",
            game + 1,
            result.as_text(),
            play_plies,
            outcome.map_or("ply limit", |o| o.reason),
            if current.position().seat_of(Colour::Black) == Some(a_seat) { "Black" } else { "White" },
            current.budget(Colour::Black),
            sets(Colour::White),
            sets(Colour::Black),
        );
    }
    println!(
        "{name_a} vs {name_b}, {games} games, {} ms/move, distance {distance}, points {points}: \
         +{wins} ={draws} -{losses} ({:.1}% won); A played Black {a_black} times; endings {reasons:?}; \
         {:.0} plies of play/game; {:.0?}",
        movetime.as_millis(),
        100.0 * f64::from(wins) / games as f64,
        plies as f64 / games as f64,
        started.elapsed()
    );
}
