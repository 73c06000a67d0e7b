//! Move text: canonical output, lenient input, malformed and illegal moves.

use game::{Game, GameError};
use spielwerk_ataxx::{Ataxx, Move, Ruleset, Square};

fn start() -> Ataxx {
    Ataxx::start(Ruleset::Seed)
}

fn at(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn error(position: &Ataxx, text: &str) -> String {
    position.parse_move(text).unwrap_err().to_string()
}

#[test]
fn moves_are_written_canonically() {
    let position = start();
    assert_eq!(position.format_move(Move::Clone(at("f2"))), "f2");
    assert_eq!(position.format_move(Move::Jump(at("g1"), at("e3"))), "g1e3");
    assert_eq!(position.format_move(Move::Pass), "0000");
}

#[test]
fn every_legal_move_reads_back_from_its_text() {
    let mut moves = Vec::new();
    let mut position =
        Ataxx::from_fen("xx1o2o/1xoo3/2x1-2/3o3/1-1x3/o1x3x/oo4x o 7 12", Ruleset::Seed).unwrap();
    for _ in 0..2 {
        position.legal_moves(&mut moves);
        assert!(moves.len() > 10);
        for &mv in &moves {
            assert_eq!(position.parse_move(&position.format_move(mv)), Ok(mv));
        }
        position.play(moves[0]);
    }
}

#[test]
fn input_is_lenient() {
    let position = start();
    assert_eq!(position.parse_move("F2"), Ok(Move::Clone(at("f2"))));
    assert_eq!(position.parse_move(" g1E3 "), Ok(Move::Jump(at("g1"), at("e3"))));
    assert_eq!(position.parse_move("g1f2"), Ok(Move::Clone(at("f2"))), "long-hand clone");
    let blocked = Ataxx::from_fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", Ruleset::Seed).unwrap();
    for text in ["0000", "pass", "PASS", "null", "Null"] {
        assert_eq!(blocked.parse_move(text), Ok(Move::Pass), "{text}");
    }
}

#[test]
fn malformed_moves_say_what_is_wrong() {
    let position = start();
    let expected = "expected a square (f2), two squares (g1e3) or 0000 for a pass";
    assert_eq!(error(&position, "f"), format!("malformed move 'f': {expected}"));
    assert_eq!(error(&position, "g1-e3"), format!("malformed move 'g1-e3': {expected}"));
    assert_eq!(error(&position, "ä1"), format!("malformed move 'ä1': {expected}"));
    assert_eq!(error(&position, "h2"), "malformed move 'h2': 'h' is not a file (a-g)");
    assert_eq!(error(&position, "a0"), "malformed move 'a0': '0' is not a rank (1-7)");
    assert_eq!(error(&position, "g1g9"), "malformed move 'g1g9': '9' is not a rank (1-7)");
    assert_eq!(
        error(&position, "g1g1"),
        "malformed move 'g1g1': the move starts and ends on the same square"
    );
    assert!(matches!(position.parse_move("zz"), Err(GameError::MalformedMove { .. })));
}

#[test]
fn illegal_moves_say_why() {
    let position = start();
    assert_eq!(error(&position, "d4"), "illegal move 'd4': no x stone is next to d4");
    assert_eq!(error(&position, "g7"), "illegal move 'g7': g7 is not empty");
    assert_eq!(error(&position, "a1b2"), "illegal move 'a1b2': a1 holds no x stone");
    assert_eq!(
        error(&position, "g1d4"),
        "illegal move 'g1d4': d4 is 3 squares from g1; a stone moves 1 or 2 squares"
    );
    assert_eq!(
        error(&position, "0000"),
        "illegal move '0000': x can move; a pass is only allowed without a move"
    );
    let blocked = Ataxx::from_fen("x5o/7/2-4/7/7/7/o5x x 0 1", Ruleset::Seed).unwrap();
    assert_eq!(error(&blocked, "a7c5"), "illegal move 'a7c5': c5 is not empty");
    let passing = Ataxx::from_fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", Ruleset::Seed).unwrap();
    assert_eq!(error(&passing, "a2"), "illegal move 'a2': a2 is not empty");
    assert_eq!(error(&passing, "a4"), "illegal move 'a4': no x stone is next to a4");
}

#[test]
fn no_move_is_read_when_the_game_is_over() {
    let over = Ataxx::from_fen("7/7/7/7/7/7/x6 o 0 1", Ruleset::Seed).unwrap();
    assert_eq!(over.parse_move("0000"), Err(GameError::GameOver));
}
