//! Every end of the game, forced passes and the clocks.

use game::{Game, GameResult, History, Outcome, Player};
use spielwerk_ataxx::{Ataxx, Move, Ruleset};

fn seed(fen: &str) -> Ataxx {
    Ataxx::from_fen(fen, Ruleset::Seed).unwrap()
}

fn community(fen: &str) -> Ataxx {
    Ataxx::from_fen(fen, Ruleset::Community).unwrap()
}

fn played(mut position: Ataxx, moves: &[&str]) -> Ataxx {
    for text in moves {
        let mv = position.parse_move(text).unwrap();
        position.play(mv);
    }
    position
}

fn legal(position: &Ataxx) -> Vec<Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
}

#[test]
fn the_start_is_not_over() {
    assert_eq!(Ataxx::start(Ruleset::Seed).outcome(), None);
    assert_eq!(legal(&Ataxx::start(Ruleset::Seed)).len(), 16);
}

#[test]
fn a_player_without_stones_loses() {
    assert_eq!(seed("7/7/7/7/7/7/x6 o 0 1").outcome(), Some(Outcome::win(Player::P1, "no-stones")));
    assert_eq!(seed("7/7/7/7/7/7/o6 o 0 1").outcome(), Some(Outcome::win(Player::P2, "no-stones")));
    let captured = played(seed("7/7/7/7/7/1o5/x6 x 0 1"), &["b1"]);
    assert_eq!(captured.outcome(), Some(Outcome::win(Player::P1, "no-stones")));
    assert!(legal(&captured).is_empty());
}

#[test]
fn an_empty_board_is_a_draw() {
    assert_eq!(seed("7/7/7/7/7/7/7 x 0 1").outcome(), Some(Outcome::draw("no-stones")));
}

#[test]
fn a_full_board_ends_the_game_and_more_stones_wins() {
    let full = played(seed("xxxxxxx/xxxxxxx/xxxxxxx/xxx1ooo/ooooooo/ooooooo/ooooooo x 0 1"), &["d4"]);
    assert_eq!((full.count(Player::P1), full.count(Player::P2)), (29, 20));
    assert_eq!(full.outcome(), Some(Outcome::win(Player::P1, "board-full")));
    assert!(legal(&full).is_empty());
    let blue = seed("ooooooo/ooooooo/ooooooo/ooooxxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1");
    assert_eq!(blue.outcome(), Some(Outcome::win(Player::P2, "board-full")));
}

#[test]
fn blocked_cells_can_leave_nobody_a_move() {
    let walls = "-------/-------/-------/-------/-------/-------";
    // f1 is empty but out of reach.
    assert_eq!(seed(&format!("{walls}/xo---1- x 0 1")).outcome(), Some(Outcome::draw("no-moves")));
    assert_eq!(seed(&format!("{walls}/xxo--1- o 0 1")).outcome(), Some(Outcome::win(Player::P1, "no-moves")));
    assert_eq!(seed(&format!("{walls}/oxo--1- x 0 1")).outcome(), Some(Outcome::win(Player::P2, "no-moves")));
    // Only stones and blockers: the board is full.
    assert_eq!(seed(&format!("{walls}/xo----- x 0 1")).outcome(), Some(Outcome::draw("board-full")));
    // Jumps pass over blockers.
    assert_eq!(legal(&seed(&format!("{walls}/x-1o--- x 0 1"))).len(), 1);
}

#[test]
fn a_player_without_a_move_passes() {
    let position = seed("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 5 9");
    assert_eq!(position.outcome(), None);
    assert_eq!(legal(&position), [Move::Pass]);
    let after = played(position, &["0000"]);
    assert_eq!(after.side(), Player::P2);
    assert_eq!((after.halfmove(), after.fullmove()), (6, 9));
    assert!(legal(&after).len() > 1);
    assert!(!legal(&after).contains(&Move::Pass));
}

#[test]
fn clocks_count_as_the_rules_say() {
    let after_clone = played(Ataxx::start(Ruleset::Seed), &["f2"]);
    assert_eq!((after_clone.halfmove(), after_clone.fullmove()), (0, 1));
    let after_jumps = played(Ataxx::start(Ruleset::Seed), &["g1e3", "g7e5"]);
    assert_eq!((after_jumps.halfmove(), after_jumps.fullmove()), (2, 2));
    let reset = played(after_jumps, &["f2"]);
    assert_eq!((reset.halfmove(), reset.fullmove()), (0, 2));
}

/// x shuttles a7–c5 and o g7–e5, without captures; x has more stones.
const SHUTTLE: [&str; 4] = ["a7c5", "g7e5", "c5a7", "e5g7"];
const UNEQUAL: &str = "x5o/7/7/7/7/7/o4xx x 0 1";

fn shuttled(start: Ataxx, rounds: usize) -> History<Ataxx> {
    let mut history = History::new(start);
    for text in SHUTTLE.iter().cycle().take(4 * rounds) {
        history.play_text(text).unwrap();
    }
    history
}

#[test]
fn threefold_repetition_is_won_by_more_stones_under_seed_rules() {
    let once = shuttled(seed(UNEQUAL), 1);
    assert_eq!((once.repetition_count(), once.outcome()), (2, None));
    let twice = shuttled(seed(UNEQUAL), 2);
    assert_eq!(twice.repetition_count(), 3);
    assert_eq!(twice.outcome(), Some(Outcome::win(Player::P1, "repetition")));
    let mut over = twice.clone();
    assert_eq!(over.play_text("a7c5"), Err(game::GameError::GameOver));
    let equal = shuttled(Ataxx::start(Ruleset::Seed), 2);
    assert_eq!(equal.outcome(), Some(Outcome::draw("repetition")));
}

#[test]
fn the_community_rules_have_no_repetition_rule() {
    let history = shuttled(community(UNEQUAL), 5);
    assert_eq!(history.repetition_count(), 6);
    assert_eq!(history.outcome(), None);
}

#[test]
fn the_fifty_move_rule_draws_under_community_rules() {
    let position = community("x5o/7/7/7/7/7/o5x x 98 1");
    assert_eq!(position.outcome(), None);
    let drawn = played(position, &["g1e3", "g7e5"]);
    assert_eq!(drawn.halfmove(), 100);
    assert_eq!(drawn.outcome(), Some(Outcome::draw("fifty-move")));
    assert!(legal(&drawn).is_empty());
    assert_eq!(community("x5o/7/7/7/7/7/o5x x 99 1").perft(1), 16);
    // A clone at the last moment resets the clock.
    assert_eq!(played(community("x5o/7/7/7/7/7/o5x x 99 1"), &["f2"]).outcome(), None);
}

#[test]
fn seed_rules_have_no_fifty_move_rule() {
    assert_eq!(seed("x5o/7/7/7/7/7/o5x x 100 1").outcome(), None);
    assert_eq!(seed("x5o/7/7/7/7/7/o5x x 500 1").outcome(), None);
}

#[test]
fn wins_by_stones_or_moves_take_priority_over_the_fifty_move_rule() {
    let captured = played(community("7/7/7/7/7/1o5/2x4 x 99 40"), &["c1a3"]);
    assert_eq!(captured.halfmove(), 100);
    assert_eq!(captured.outcome(), Some(Outcome::win(Player::P1, "no-stones")));
    let full = community("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 120 1");
    assert_eq!(full.outcome(), Some(Outcome::win(Player::P1, "board-full")));
    let walls = "-------/-------/-------/-------/-------/-------";
    let stuck = community(&format!("{walls}/oxo--1- x 100 1"));
    assert_eq!(
        stuck.outcome().map(|o| (o.result, o.reason)),
        Some((GameResult::Win(Player::P2), "no-moves"))
    );
}
