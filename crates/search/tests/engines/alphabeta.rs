//! Alpha-beta: exact results on solved toys, repetition endings, tactics.

use crate::toys::{ConnectFour, Nim, Shuffle, Step, TicTacToe};
use crate::{one_ply_later, solve, think};
use game::{Analyzer, Game, History, Limits, Player, Score};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use search::{AlphaBeta, Evaluate, Greedy, RandomMover, alpha_beta, to_score};
use std::collections::HashMap;

/// A random position `plies` random moves from `start`, game not over.
fn random_position<G: Game>(start: &G, plies: usize, rng: &mut SmallRng) -> G {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mut next = position.clone();
        next.play(moves[rng.random_range(0..moves.len())]);
        if next.outcome().is_some() {
            break;
        }
        position = next;
    }
    position
}

/// Checks that `engine` finds the exact value of `position` and a move that
/// keeps it.
fn assert_solved<G: Evaluate + std::fmt::Debug>(
    engine: &mut dyn Analyzer<G>,
    position: &G,
    depth: u32,
    memo: &mut HashMap<u64, i32>,
) {
    let (best, infos) = think(engine, &History::new(position.clone()), Limits::depth(depth));
    let value = solve(position, memo);
    let info = infos.last().expect("at least one iteration");
    assert_eq!(info.score, to_score(value), "value of {position:?}");
    let mut child = position.clone();
    child.play(best.expect("a move"));
    let after = one_ply_later(solve(&child, memo));
    let after = if child.side_to_move() == position.side_to_move() { after } else { -after };
    assert_eq!(after, value, "the move {best:?} in {position:?} is not best");
    assert_eq!(info.pv.first(), best.as_ref());
}

#[test]
fn tic_tac_toe_values_equal_minimax_with_the_table_kept_between_searches() {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut memo = HashMap::new();
    let mut engine = AlphaBeta::new();
    Analyzer::<TicTacToe>::set_hash_mb(&mut engine, 1);
    for round in 0..60 {
        let mut start = TicTacToe::new();
        start.reductions = false;
        let position = random_position(&start, round % 7, &mut rng);
        assert_solved(&mut engine, &position, 9, &mut memo);
    }
}

/// Solves eight tic-tac-toe positions a few random plies from the start
/// (drawn by `seed`) with late-move reductions, to depth 40.
fn solve_tic_tac_toe_with_reductions(seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut memo = HashMap::new();
    let mut engine = alpha_beta::<TicTacToe>();
    engine.set_hash_mb(1);
    for round in 0..8 {
        let position = random_position(&TicTacToe::new(), round % 4, &mut rng);
        assert_solved(engine.as_mut(), &position, 40, &mut memo);
    }
}

#[test]
fn tic_tac_toe_with_reductions_is_exact_when_deep_enough() {
    solve_tic_tac_toe_with_reductions(2);
}

#[test]
fn nim_values_and_distances_equal_minimax() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut memo = HashMap::new();
    let mut engine = alpha_beta::<Nim>();
    let mut tiny = alpha_beta::<Nim>();
    engine.set_hash_mb(1);
    tiny.set_hash_mb(0);
    for _ in 0..60 {
        let piles = [rng.random_range(0..=4), rng.random_range(0..=4), rng.random_range(1..=4)];
        let mut position = Nim::new(piles);
        position.reductions = false;
        if rng.random_bool(0.5) {
            position.side = Player::P2;
        }
        assert_solved(engine.as_mut(), &position, 16, &mut memo);
        assert_solved(tiny.as_mut(), &position, 16, &mut memo);
    }
}

#[test]
fn nim_with_reductions_finds_every_forced_win() {
    let mut engine = alpha_beta::<Nim>();
    engine.set_hash_mb(4);
    for piles in [[1, 2, 4], [3, 5, 7], [2, 2, 5], [6, 6, 1], [4, 4, 0], [7, 0, 7]] {
        let position = Nim::new(piles);
        let (best, infos) = think(engine.as_mut(), &History::new(position.clone()), Limits::depth(30));
        let winning = piles[0] ^ piles[1] ^ piles[2] != 0;
        let score = infos.last().expect("a report").score;
        assert_eq!(matches!(score, Score::Win(_)), winning, "{piles:?}: {score:?}");
        assert_eq!(matches!(score, Score::Loss(_)), !winning, "{piles:?}: {score:?}");
        if winning {
            let mut child = position.clone();
            child.play(best.expect("a move"));
            assert_eq!(child.piles[0] ^ child.piles[1] ^ child.piles[2], 0, "{piles:?}: {best:?}");
        }
    }
}

#[test]
fn countermoves_and_history_in_reductions_and_order_keep_the_search_exact() {
    // Process-wide like every search constant: other tests may search
    // while these are on, and they only reorder and reduce, never change
    // a proven value.
    let options = [("CounterMoves", 1), ("LmrHistory", 64), ("HistoryOrder", 1000)];
    for (name, value) in options {
        search::params::find(name).expect("listed").set(value).expect("in range");
    }
    solve_tic_tac_toe_with_reductions(7);
    for (name, _) in options {
        search::params::find(name).expect("listed").reset();
    }
}

#[test]
fn the_side_ahead_forces_threefold_repetition() {
    let mut engine = alpha_beta::<Shuffle>();
    engine.set_hash_mb(1);
    let history = History::new(Shuffle::new(12, true));
    let (best, infos) = think(engine.as_mut(), &history, Limits::depth(14));
    assert_eq!(best, Some(Step::Toggle));
    assert_eq!(infos.last().expect("a report").score, Score::Win(8));
}

#[test]
fn repetitions_earlier_in_the_game_count() {
    let mut engine = alpha_beta::<Shuffle>();
    engine.set_hash_mb(1);
    let mut history = History::new(Shuffle::new(12, true));
    for _ in 0..4 {
        history.play(Step::Toggle).expect("legal");
    }
    assert_eq!(history.repetition_count(), 2);
    let (best, infos) = think(engine.as_mut(), &history, Limits::depth(10));
    assert_eq!(best, Some(Step::Toggle));
    assert_eq!(infos.last().expect("a report").score, Score::Win(4));
}

#[test]
fn the_side_behind_escapes_repetition_when_it_can() {
    let mut engine = alpha_beta::<Shuffle>();
    engine.set_hash_mb(1);
    let mut history = History::new(Shuffle::new(12, false));
    let (_, infos) = think(engine.as_mut(), &history, Limits::depth(14));
    assert_eq!(infos.last().expect("a report").score, Score::Cp(0));
    while history.outcome().is_none() {
        let (best, _) = think(engine.as_mut(), &history, Limits::depth(14));
        history.play(best.expect("a move")).expect("legal");
    }
    assert_eq!(history.outcome().expect("over").reason, "ply-limit");
}

#[test]
fn contempt_makes_the_engine_pay_to_avoid_a_drawn_repetition() {
    // Process-wide like every search constant, so both settings are tried
    // in one test: another test setting it could not run in between.
    let contempt = search::params::find("Contempt").expect("listed");
    let mut engine = alpha_beta::<Shuffle>();
    engine.set_hash_mb(1);
    // Both sides played by the engine from the start; the first search's
    // score and how the game ended.
    let play_out = |engine: &mut Box<dyn Analyzer<Shuffle>>| {
        engine.new_game();
        let mut history = History::new(Shuffle::standoff());
        let (_, infos) = think(engine.as_mut(), &history, Limits::depth(10));
        while history.outcome().is_none() {
            let (best, _) = think(engine.as_mut(), &history, Limits::depth(10));
            history.play(best.expect("a move")).expect("legal");
        }
        (infos.last().expect("a report").score, history.outcome().expect("over").reason)
    };
    assert_eq!(play_out(&mut engine), (Score::Cp(0), "repetition"), "at 0 a repetition is an even game");
    contempt.set(20).expect("in range");
    let with_contempt = play_out(&mut engine);
    contempt.reset();
    assert_eq!(with_contempt, (Score::Cp(-5), "ply-limit"), "an advance's 5 points are worth 20 of contempt");
}

#[test]
fn connect_four_wins_at_once_and_blocks() {
    let mut engine = alpha_beta::<ConnectFour>();
    engine.set_hash_mb(4);
    // Yellow has 0, 1, 2 on the bottom row; Red stacked on 6.
    let history = History::new(ConnectFour::after("061626"));
    let (best, infos) = think(engine.as_mut(), &history, Limits::depth(6));
    assert_eq!(best, Some(3));
    assert_eq!(infos.last().expect("a report").score, Score::Win(1));
    // Red to move must block at 3.
    let history = History::new(ConnectFour::after("06162"));
    let (best, _) = think(engine.as_mut(), &history, Limits::depth(6));
    assert_eq!(best, Some(3), "Red must block");
}

#[test]
fn connect_four_finds_a_three_ply_win() {
    // Yellow on 2 and 3 with both ends open: 1 or 4 makes an open three.
    let mut engine = alpha_beta::<ConnectFour>();
    engine.set_hash_mb(4);
    let history = History::new(ConnectFour::after("2636"));
    let (best, infos) = think(engine.as_mut(), &history, Limits::depth(8));
    assert!(matches!(best, Some(1) | Some(4)), "{best:?}");
    assert_eq!(infos.last().expect("a report").score, Score::Win(3));
}

#[test]
fn quiescence_sees_the_reply_that_wins() {
    // Red has three on the second row (columns 0-2) and needs (3, 1): if
    // Yellow plays 3, Red wins on top. A depth-1 search sees that only
    // through quiescence, which then reaches ply 2.
    let mut position = ConnectFour::after("00116262");
    let mut engine = alpha_beta::<ConnectFour>();
    engine.set_hash_mb(1);
    let (_, plain) = think(engine.as_mut(), &History::new(position.clone()), Limits::depth(1));
    assert_eq!(plain.last().expect("a report").seldepth, 1);
    position.quiescence = true;
    engine.new_game();
    let (best, quiet) = think(engine.as_mut(), &History::new(position), Limits::depth(1));
    assert_ne!(best, Some(3));
    assert_eq!(quiet.last().expect("a report").seldepth, 2);
}

/// Plays a game of Connect Four between alpha-beta at depth 5 on `engine_side` and `opponent`.
fn connect_four_result(
    opponent: &mut dyn Analyzer<ConnectFour>,
    engine_side: Player,
    null_moves: bool,
    quiescence: bool,
) -> game::GameResult {
    let mut position = ConnectFour::new();
    position.null_moves = null_moves;
    position.quiescence = quiescence;
    let mut history = History::new(position);
    let mut engine = alpha_beta::<ConnectFour>();
    engine.set_hash_mb(8);
    while history.outcome().is_none() {
        let mover: &mut dyn Analyzer<ConnectFour> =
            if history.current().side_to_move() == engine_side { engine.as_mut() } else { &mut *opponent };
        let (best, _) = think(mover, &history, Limits::depth(5));
        history.play(best.expect("a move")).expect("legal");
    }
    history.outcome().expect("over").result
}

/// Seeded opponents make the games reproducible: over 800 games with other
/// seeds, depth 5 won every game but 17 draws, all as the second player
/// (who is at a disadvantage in Connect Four), so a test with unseeded
/// opponents failed now and then.
#[test]
fn alpha_beta_beats_random_and_greedy_players() {
    for seed in 0..4 {
        for engine_side in Player::BOTH {
            let quiescence = engine_side == Player::P2;
            let opponents: [(&str, Box<dyn Analyzer<ConnectFour>>, bool); 2] = [
                ("random", Box::new(RandomMover::seeded(seed)), false),
                ("greedy", Box::new(Greedy::seeded(seed)), true),
            ];
            for (name, mut opponent, null_moves) in opponents {
                assert_eq!(
                    connect_four_result(opponent.as_mut(), engine_side, null_moves, quiescence),
                    game::GameResult::Win(engine_side),
                    "against {name} (seed {seed}) as {engine_side}"
                );
            }
        }
    }
}

#[test]
fn several_threads_share_the_table_and_stay_exact() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut memo = HashMap::new();
    let mut engine = AlphaBeta::new();
    Analyzer::<TicTacToe>::set_hash_mb(&mut engine, 1);
    Analyzer::<TicTacToe>::set_threads(&mut engine, 3);
    for round in 0..40 {
        let mut start = TicTacToe::new();
        start.reductions = false;
        let position = random_position(&start, round % 7, &mut rng);
        assert_solved(&mut engine, &position, 9, &mut memo);
    }
}

/// The exact values of the children of `position` for its side to move,
/// best first.
fn child_values<G: Evaluate>(position: &G, memo: &mut HashMap<u64, i32>) -> Vec<i32> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut values: Vec<i32> = moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play(mv);
            let value = one_ply_later(solve(&child, memo));
            if child.side_to_move() == position.side_to_move() { value } else { -value }
        })
        .collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values
}

#[test]
fn multipv_reports_the_three_best_distinct_moves_with_their_exact_values() {
    let mut rng = SmallRng::seed_from_u64(4);
    let mut memo = HashMap::new();
    let limits = Limits { multipv: 3, ..Limits::depth(9) };
    let mut checked = 0;
    for round in 0..40 {
        let mut start = TicTacToe::new();
        start.reductions = false;
        let position = random_position(&start, round % 6, &mut rng);
        let values = child_values(&position, &mut memo);
        if values.len() < 3 {
            continue;
        }
        let mut engine = AlphaBeta::new();
        let (best, infos) = think(&mut engine, &History::new(position.clone()), limits);
        let last_depth = infos.iter().filter(|i| i.is_complete()).map(|i| i.depth).max().unwrap();
        let lines: Vec<_> = infos.iter().filter(|i| i.is_complete() && i.depth == last_depth).collect();
        assert_eq!(lines.iter().map(|i| i.multipv).collect::<Vec<_>>(), [1, 2, 3], "{position:?}");
        let firsts: Vec<_> = lines.iter().map(|i| i.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
        assert_eq!(best, Some(firsts[0]));
        let scores: Vec<Score> = lines.iter().map(|i| i.score).collect();
        let expected: Vec<Score> = values[..3].iter().map(|&v| to_score(v)).collect();
        assert_eq!(scores, expected, "lines of {position:?}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions with three moves");
}
