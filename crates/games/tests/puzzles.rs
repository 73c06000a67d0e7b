//! The committed puzzle sets: at least 200 per game with puzzles, each
//! position readable, each solution line legal and reaching the clear gain,
//! and the first move the engine's choice at the game's check depth (or,
//! failing that, at its verification depth, or [`DEEPER`] plies below);
//! each with its lead-in, the opponent's move that led to the position.

use game::{GameResult, Player, puzzle_game, read_puzzles};
use std::sync::atomic::AtomicBool;

/// The games whose starter set is complete (Amakta Infinit has none: the
/// issue makes its puzzles optional).
const COMPLETE_SETS: [&str; 4] = ["ataxx", "abalone", "formation", "amakta"];

/// How much deeper than the verification depth the last look goes: a
/// game's tuned late-move reductions (Ataxx's cut most moves at depth 3 to
/// depth 1) can hide a short mate from the shallow searches the puzzles
/// were mined with, which a search a few plies deeper finds.
const DEEPER: u32 = 4;

#[test]
fn the_complete_starter_sets_have_200_puzzles() {
    let registry = spielwerk_games::registry();
    for name in COMPLETE_SETS {
        let rules = registry.get(name).unwrap().puzzles.unwrap();
        let count = read_puzzles(rules.set).unwrap().len();
        assert!(count >= 200, "{name} has {count} puzzles");
    }
}

#[test]
fn every_committed_puzzle_has_the_opponents_move_that_led_to_it() {
    let registry = spielwerk_games::registry();
    for entry in registry.entries() {
        let Some(rules) = entry.puzzles else { continue };
        for puzzle in read_puzzles(rules.set).unwrap() {
            let lead_in = puzzle.lead_in.as_ref().unwrap_or_else(|| panic!("no lead-in: {puzzle}"));
            let mut game = puzzle_game(&registry, entry.name, &lead_in.position)
                .unwrap_or_else(|e| panic!("{puzzle}: the lead-in's position: {e}"));
            let opponent = game.side_to_move();
            game.play(&lead_in.mv).unwrap_or_else(|e| panic!("{puzzle}: the lead-in {}: {e}", lead_in.mv));
            assert_eq!(game.position(), puzzle.position, "the lead-in leads elsewhere: {puzzle}");
            assert_ne!(game.side_to_move(), opponent, "the lead-in is not the opponent's: {puzzle}");
        }
    }
}

#[test]
fn every_committed_puzzle_is_sound() {
    let registry = spielwerk_games::registry();
    for entry in registry.entries() {
        let Some(rules) = entry.puzzles else { continue };
        let puzzles = read_puzzles(rules.set).unwrap_or_else(|e| panic!("{}: {e}", entry.name));
        for puzzle in &puzzles {
            assert_eq!(puzzle.game, entry.name, "{puzzle}");
            assert!(puzzle.line.len() <= rules.max_plies, "{puzzle}");
            let mut game = puzzle_game(&registry, entry.name, &puzzle.position)
                .unwrap_or_else(|e| panic!("{puzzle}: {e}"));
            let solver: Player = game.side_to_move();
            let start = game.position();
            game.new_game();
            // The engine's choice at the check depth, or — where a later
            // change of the search's pruning moved that shallow choice — at
            // the depth the puzzle was verified at when mined, or deeper.
            let mut choice = |depth: u32| {
                let limits = game::Limits::depth(depth);
                let best = game.think(&limits, &AtomicBool::new(false), &mut |_| {}).unwrap().best.unwrap();
                game::move_token(&best)
            };
            let shallow = choice(rules.check_depth);
            if shallow != puzzle.line[0] {
                let verified = choice(rules.verify_depth);
                if verified != puzzle.line[0] {
                    let deeper = choice(rules.verify_depth + DEEPER);
                    assert_eq!(
                        deeper, puzzle.line[0],
                        "{puzzle} (at depth {}: {shallow}, at depth {}: {verified})",
                        rules.check_depth, rules.verify_depth
                    );
                }
            }
            for mv in &puzzle.line {
                game.play(mv).unwrap_or_else(|e| panic!("{puzzle}: {mv}: {e}"));
            }
            let won = game.outcome().is_some_and(|o| o.result == GameResult::Win(solver));
            let gained = rules.material_gain.is_some_and(|gain| gain(&start, &game.position()));
            assert!(won || gained, "the line reaches no clear gain: {puzzle}");
        }
    }
}
