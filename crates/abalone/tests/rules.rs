//! The rules: every kind of sumito, every blocked push, the ends of the
//! game, and the bitboard generator against a generator built from the move
//! text reader.

mod common;

use common::position;
use game::{Game, GameError, GameResult, History, Options, Outcome, Player};
use spielwerk_abalone::{Cell, Direction, Layout, Move, Position, make_position};
use std::collections::HashSet;

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// Plays `text` and returns the move and the position after it.
fn play(position: &Position, text: &str) -> (Move, Position) {
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut legal = Vec::new();
    position.legal_moves(&mut legal);
    assert!(legal.contains(&mv), "{text} is not among the generated moves");
    let mut next = position.clone();
    next.play(mv);
    (mv, next)
}

fn colours(position: &Position, names: &str) -> String {
    names
        .split_whitespace()
        .map(|n| match position.marble_at(cell(n)) {
            Some(Player::P1) => 'b',
            Some(Player::P2) => 'w',
            None => '.',
        })
        .collect()
}

fn illegal(position: &Position, text: &str) -> String {
    match position.parse_move(text) {
        Err(GameError::IllegalMove { reason, .. }) => reason.en,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn sumito_two_push_one() {
    let start = position("c3 c4", "c5");
    let (mv, after) = play(&start, "c3c4");
    assert_eq!((mv.count(), mv.pushed(), mv.ejects()), (2, 1, false));
    assert_eq!(colours(&after, "c3 c4 c5 c6"), ".bbw");
}

#[test]
fn sumito_three_push_one() {
    let start = position("c2 c3 c4", "c5");
    let (mv, after) = play(&start, "c2c3");
    assert_eq!((mv.count(), mv.pushed()), (3, 1));
    assert_eq!(colours(&after, "c2 c3 c4 c5 c6"), ".bbbw");
}

#[test]
fn sumito_three_push_two() {
    let start = position("c1 c2 c3", "c4 c5");
    let (mv, after) = play(&start, "c1c2");
    assert_eq!((mv.count(), mv.pushed()), (3, 2));
    assert_eq!(colours(&after, "c1 c2 c3 c4 c5 c6"), ".bbbww");
}

#[test]
fn sumito_along_a_diagonal() {
    // NE: b2 c3 push d4 to e5.
    let start = position("b2 c3", "d4");
    let (_, after) = play(&start, "b2c3");
    assert_eq!(colours(&after, "b2 c3 d4 e5"), ".bbw");
}

#[test]
fn ejection_of_the_last_pushed_marble() {
    let start = position("e5 e6 e7", "e8 e9");
    let (mv, after) = play(&start, "e5e6");
    assert!(mv.ejects());
    assert_eq!(colours(&after, "e5 e6 e7 e8 e9"), ".bbbw");
    assert_eq!(after.ejected_by(Player::P1), 1);
    assert_eq!(after.marbles(Player::P2).count_ones(), 1);
    assert_eq!(after.plies_since_ejection(), 0);
    // Two push one off the board, along a diagonal edge.
    let start = position("g7 h8", "i9");
    let (mv, after) = play(&start, "g7h8");
    assert!(mv.ejects());
    assert_eq!(colours(&after, "g7 h8 i9"), ".bb");
    assert_eq!(after.ejected_by(Player::P1), 1);
}

#[test]
fn pac_one_against_one() {
    assert_eq!(illegal(&position("c3", "c4"), "c3c4"), "pac: 1 against 1 cannot push");
}

#[test]
fn pac_two_against_two() {
    assert_eq!(illegal(&position("c2 c3", "c4 c5"), "c2c3"), "pac: 2 against 2 cannot push");
}

#[test]
fn pac_three_against_three() {
    assert_eq!(illegal(&position("c1 c2 c3", "c4 c5 c6"), "c1c2"), "pac: 3 against 3 cannot push");
}

#[test]
fn no_room_when_the_opposing_line_is_longer() {
    assert_eq!(illegal(&position("c1 c2", "c3 c4 c5"), "c1c2"), "2 marbles cannot push 3");
    let start = position("d1 d2 d3", "d4 d5 d6 d7");
    assert_eq!(illegal(&start, "d1d2"), "3 marbles cannot push 4");
}

#[test]
fn own_marble_behind_the_pushed_ones_blocks() {
    let start = position("c2 c3 c6", "c4 c5");
    assert!(start.parse_move("c1c2").is_err());
    let start = position("c1 c2 c3 c6", "c4 c5");
    assert_eq!(
        illegal(&start, "c1c2"),
        "blocked: the black marble on c6 stands behind the pushed marbles from c4"
    );
    let start = position("c2 c3 c5", "c4");
    assert_eq!(
        illegal(&start, "c2c3"),
        "blocked: the black marble on c5 stands behind the pushed marble at c4"
    );
}

#[test]
fn four_own_marbles_in_a_row_move_three() {
    let start = position("c1 c2 c3 c4", "c5");
    assert_eq!(
        illegal(&start, "c1c2"),
        "4 black marbles stand in line from c1; at most 3 move, so name the trailing marble of the three that move"
    );
    // The three front marbles push 3→1; a fourth adds no force.
    let (mv, after) = play(&start, "c2c3");
    assert_eq!((mv.count(), mv.pushed()), (3, 1));
    assert_eq!(colours(&after, "c1 c2 c3 c4 c5 c6"), "b.bbbw");
    // 3 + a fourth still cannot push 3.
    let start = position("c1 c2 c3 c4", "c5 c6 c7");
    assert_eq!(illegal(&start, "c2c3"), "pac: 3 against 3 cannot push");
}

#[test]
fn a_pair_may_push_with_a_third_marble_behind_it() {
    let start = position("c2 c3 c4", "c5");
    let (mv, after) = play(&start, "c3c4");
    assert_eq!((mv.count(), mv.pushed()), (2, 1));
    assert_eq!(colours(&after, "c2 c3 c4 c5 c6"), "b.bbw");
}

#[test]
fn broadside_cannot_push() {
    let start = position("c3 c4", "d4 d5");
    assert_eq!(illegal(&start, "c3c4d4"), "d4 is not empty (broadside moves cannot push)");
    let start = position("c3 c4", "d5");
    assert_eq!(illegal(&start, "c3c4d4"), "d5 is not empty (broadside moves cannot push)");
    let (_, after) = play(&position("c3 c4", "e5"), "c4c3d4");
    assert_eq!(colours(&after, "c3 c4 d3 d4"), "..bb");
}

#[test]
fn no_suicide() {
    let start = position("a1 a2", "i9");
    assert_eq!(illegal(&start, "a2a1"), "the black marble at the head would leave the board");
    // No generated move ever loses an own marble.
    let mut rng_state = 1u64;
    for layout in Layout::ALL {
        let mut position = Position::new(layout);
        let mut moves = Vec::new();
        for _ in 0..300 {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            rng_state =
                rng_state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let mv = moves[(rng_state >> 33) as usize % moves.len()];
            let me = position.side_to_move();
            let before = position.marbles(me).count_ones();
            position.play(mv);
            assert_eq!(position.marbles(me).count_ones(), before);
        }
    }
}

#[test]
fn the_sixth_ejection_wins() {
    let start: Position = common::text("e7 e8", "e9 a1", "5 0 b 3 30").parse().unwrap();
    assert_eq!(start.outcome(), None);
    let (_, after) = play(&start, "e7e8");
    assert_eq!(after.ejected_by(Player::P1), 6);
    assert_eq!(after.outcome(), Some(Outcome::win(Player::P1, "ejections")));
    let mut moves = Vec::new();
    after.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(after.parse_move("a1a2"), Err(GameError::GameOver));
    assert_eq!(after.perft(1), 0);
}

#[test]
fn a_player_without_moves_loses() {
    let start = position("a1", "a2 b1 b2");
    assert_eq!(start.outcome(), Some(Outcome::win(Player::P2, "no-moves")));
    assert_eq!(start.perft(1), 0);
}

#[test]
fn threefold_repetition_draws() {
    let mut history = History::new(Position::new(Layout::Standard));
    for _ in 0..2 {
        for text in ["c3d3", "g5f5", "d3c3", "f5g5"] {
            assert_eq!(history.outcome(), None);
            history.play_text(text).unwrap();
        }
    }
    assert_eq!(history.repetition_count(), 3);
    assert_eq!(history.outcome(), Some(Outcome::draw("repetition")));
}

#[test]
fn the_ply_limit_draws() {
    let options = Options::new().with("plylimit", "3");
    let mut position = make_position(&options, None).unwrap();
    for text in ["c3d3", "g5f5", "d3c3"] {
        assert_eq!(position.outcome(), None);
        let (_, next) = play(&position, text);
        position = next;
    }
    assert_eq!(position.outcome(), Some(Outcome::draw("ply-limit")));
    assert_eq!(position.outcome().unwrap().result, GameResult::Draw);
    // Off by default.
    assert_eq!(make_position(&Options::new(), None).unwrap().ply_limit(), 0);
}

/// Every legal move found by reading every conceivable move text.
fn moves_by_text(position: &Position) -> HashSet<Move> {
    let mut found = HashSet::new();
    for a in Cell::all() {
        for b in Cell::all() {
            if let Ok(mv) = position.parse_move(&format!("{a}{b}")) {
                found.insert(mv);
            }
            for c in Direction::ALL.into_iter().filter_map(|d| a.neighbour(d)) {
                if let Ok(mv) = position.parse_move(&format!("{a}{b}{c}")) {
                    found.insert(mv);
                }
            }
        }
    }
    found
}

#[test]
fn the_bitboard_generator_agrees_with_the_move_text_reader() {
    let mut positions = vec![
        Position::new(Layout::Standard),
        Position::new(Layout::GermanDaisy),
        "2s2/1SSSs1/1sSSs1S/2ssSS2/1sSSss3/2Ss1S2/1s1Sss1/6/s2S1 0 0 b 7 40".parse().unwrap(),
        "2s2/1SSSs1/1sSSs1S/2ssSS2/1sSSss3/2Ss1S2/1s1Sss1/6/s2S1 0 0 w 7 40".parse().unwrap(),
        position("a1 a2 a3 b1 e5 e6 e7 e8 i9", "a4 a5 e9 i8 i7 i6 d1 c1"),
    ];
    positions.push(position("e1 e2 e3 e4 e5", "e6 e7 e8 e9 f5 f6 d5 d6"));
    for position in &positions {
        let mut generated = Vec::new();
        position.legal_moves(&mut generated);
        let unique: HashSet<Move> = generated.iter().copied().collect();
        assert_eq!(unique.len(), generated.len(), "duplicates in {}", position.position_text());
        assert_eq!(unique, moves_by_text(position), "{}", position.position_text());
    }
}
