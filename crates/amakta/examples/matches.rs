//! Engine matches on Amakta, for measuring engine strength and the balance
//! of a set.
//!
//! ```text
//! cargo run --release -p spielwerk-amakta --example matches -- ENGINE_A ENGINE_B GAMES [MOVETIME_MS] [SET] [BOARD] [OPENING_PLIES]
//! ```
//!
//! Engines: `alphabeta`, `greedy`, `random`. Seats alternate; the setup is
//! skipped (no circles, P1 White); the first OPENING_PLIES plies (default 0)
//! are random non-pass moves, so that games between deterministic engines
//! differ; games longer than 300 plies count as draws. Prints A's wins, draws and losses, and how the player
//! moving first scored.

mod common;

use common::{MatchArgs, engine};
use game::{GameResult, History, Limits, Options, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use spielwerk_amakta::engine::ENGINES;
use spielwerk_amakta::{Amakta, Move};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const PLY_LIMIT: usize = 300;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let MatchArgs { name_a, name_b, games, movetime } = MatchArgs::parse(&args, 100);
    let set = args.get(4).map_or("default", String::as_str);
    let board = args.get(5).map_or("hex5", String::as_str);
    let opening: usize = args.get(6).and_then(|t| t.parse().ok()).unwrap_or(0);
    let mut rng = SmallRng::seed_from_u64(2024);
    let options = Options::new().with("circles", "none").with("set", set).with("board", board);
    let limits = Limits::movetime(movetime);
    let (mut wins, mut draws, mut losses, mut first_score, mut plies) = (0, 0, 0, 0.0, 0);
    let started = Instant::now();
    for game in 0..games {
        let mut a = engine(ENGINES, &name_a);
        let mut b = engine(ENGINES, &name_b);
        let a_seat = if game % 2 == 0 { Player::P1 } else { Player::P2 };
        let mut history = History::new(Amakta::from_options(&options, None).expect("valid options"));
        let stop = AtomicBool::new(false);
        let mut moves = Vec::new();
        for _ in 0..opening {
            history.legal_moves(&mut moves);
            moves.retain(|&m| m != Move::Pass);
            if moves.is_empty() {
                break;
            }
            history.play(moves[rng.random_range(0..moves.len())]).expect("legal");
        }
        while history.outcome().is_none() && history.moves().len() < PLY_LIMIT {
            let mover = game::Game::side_to_move(history.current());
            let player = if mover == a_seat { &mut a } else { &mut b };
            let mv = player.think(&history, &limits, &stop, &mut |_| {}).expect("a move while the game runs");
            history.play(mv).expect("engines play legal moves");
        }
        plies += history.moves().len();
        let result = history.outcome().map_or(GameResult::Draw, |o| o.result);
        first_score += result.score_for(Player::P1);
        match result {
            GameResult::Draw => draws += 1,
            GameResult::Win(p) if p == a_seat => wins += 1,
            GameResult::Win(_) => losses += 1,
        }
        eprintln!(
            "game {}: {} ({} plies, {})",
            game + 1,
            result.as_text(),
            history.moves().len(),
            history.outcome().map_or("ply limit", |o| o.reason)
        );
    }
    println!(
        "{name_a} vs {name_b}, {games} games, {} ms/move, set {set}, board {board}: +{wins} ={draws} -{losses}; \
         first player scored {:.1}%; {:.0} plies/game; {:.0?}",
        movetime.as_millis(),
        100.0 * first_score / games as f64,
        plies as f64 / games as f64,
        started.elapsed()
    );
}
