//! Move text and position text: round trips, both broadside spellings,
//! case, and the exact errors for bad input.

mod common;

use game::{Game, GameError};
use spielwerk_abalone::{Layout, Move, Position};

const STANDARD: &str = "sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 0 0 b 0 1";
const BELGIAN: &str = "ss1SS/sssSSS/1ss1SS1/8/9/8/1SS1ss1/SSSsss/SS1ss 0 0 b 0 1";

fn legal(position: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
}

/// The broadside spelled from its other end: last marble, first marble,
/// destination of the last one.
fn other_spelling(text: &str, mv: Move) -> String {
    let last = mv.marbles().last().unwrap();
    let to = last.neighbour(mv.direction()).unwrap();
    format!("{}{}{to}", &text[2..4], &text[0..2])
}

#[test]
fn every_move_round_trips_in_both_spellings_and_cases() {
    let positions = [
        Position::new(Layout::Standard),
        Position::new(Layout::BelgianDaisy),
        "2s2/1SSSs1/1sSSs1S/2ssSS2/1sSSss3/2Ss1S2/1s1Sss1/6/s2S1 0 0 w 7 40".parse().unwrap(),
    ];
    for position in &positions {
        for mv in legal(position) {
            let text = position.format_move(mv);
            assert_eq!(position.parse_move(&text), Ok(mv), "{text}");
            assert_eq!(position.parse_move(&text.to_uppercase()), Ok(mv), "{text}");
            assert_eq!(position.parse_move(&format!(" {text} ")), Ok(mv), "{text}");
            if mv.is_inline() {
                assert_eq!(text.len(), 4, "{text}");
            } else {
                assert_eq!(text.len(), 6, "{text}");
                assert!(text[0..2] < text[2..4], "lower end first: {text}");
                let other = other_spelling(&text, mv);
                assert_eq!(position.parse_move(&other), Ok(mv), "{other} for {text}");
            }
        }
    }
}

#[test]
fn the_rules_file_broadside_example() {
    let position = common::position("c3 c4 c5", "i9");
    let mv = position.parse_move("c5c3d6").unwrap();
    assert_eq!(position.parse_move("c3c5d4"), Ok(mv));
    assert_eq!(position.format_move(mv), "c3c5d4");
}

fn malformed(text: &str) -> String {
    match Position::new(Layout::Standard).parse_move(text) {
        Err(error @ GameError::MalformedMove { .. }) => error.to_string(),
        other => panic!("{text}: expected malformed, got {other:?}"),
    }
}

#[test]
fn malformed_move_text_is_rejected_with_the_reason() {
    assert_eq!(
        malformed("a1"),
        "malformed move 'a1': a move is 4 or 6 characters, e.g. a1b2; in-line (4): the trailing marble and its destination; broadside (6): both end marbles and the first one's destination, e.g. c3c5d4"
    );
    assert_eq!(
        malformed("a1a6"),
        "malformed move 'a1a6': 'a6' is not on the board (row and diagonal differ by more than 4)"
    );
    assert_eq!(
        malformed("j1a1"),
        "malformed move 'j1a1': 'j1' is not a cell (a letter a-i and a digit 1-9, e.g. e5)"
    );
    assert_eq!(
        malformed("a1c3"),
        "malformed move 'a1c3': c3 is not next to a1; an in-line move is the trailing marble and the cell it moves to"
    );
    assert_eq!(malformed("c3c3"), "malformed move 'c3c3': a marble must move to another cell than c3");
    assert_eq!(malformed("c3c5c3"), "malformed move 'c3c5c3': a marble must move to another cell than c3");
    assert_eq!(
        malformed("c3d5e5"),
        "malformed move 'c3d5e5': c3 and d5 are not two ends of a line of marbles"
    );
    assert_eq!(malformed("b1b4c1"), "malformed move 'b1b4c1': b1 to b4 spans more than 3 marbles");
    assert_eq!(
        malformed("c3c5d5"),
        "malformed move 'c3c5d5': d5 is not next to c3; a broadside names the destination of the first marble"
    );
    assert_eq!(
        malformed("c3c5c4"),
        "malformed move 'c3c5c4': this moves along the line of the marbles: write it as an in-line move (trailing marble and its destination, e.g. a1b2)"
    );
    assert_eq!(
        malformed("a1ä2"),
        "malformed move 'a1ä2': a move is 4 or 6 characters, e.g. a1b2; in-line (4): the trailing marble and its destination; broadside (6): both end marbles and the first one's destination, e.g. c3c5d4"
    );
}

#[test]
fn illegal_moves_are_rejected_with_the_reason() {
    let start = Position::new(Layout::Standard);
    let error = |text: &str| start.parse_move(text).unwrap_err().to_string();
    assert_eq!(error("e5e6"), "illegal move 'e5e6': e5 holds no marble");
    assert_eq!(error("i5h5"), "illegal move 'i5h5': i5 holds a white marble, not a black one");
    assert_eq!(
        error("a1a2"),
        "illegal move 'a1a2': 5 black marbles stand in line from a1; at most 3 move, so name the trailing marble of the three that move"
    );
    assert_eq!(error("b1b2c2"), "illegal move 'b1b2c2': c3 is not empty (broadside moves cannot push)");
    assert_eq!(error("c5c6d6"), "illegal move 'c5c6d6': c6 holds no marble");
}

#[test]
fn position_text_of_the_layouts() {
    assert_eq!(Position::new(Layout::Standard).position_text(), STANDARD);
    assert_eq!(Position::new(Layout::BelgianDaisy).position_text(), BELGIAN);
    assert_eq!(
        Position::new(Layout::GermanDaisy).position_text(),
        "5/ss2SS/sss1SSS/1ss2SS1/9/1SS2ss1/SSS1sss/SS2ss/5 0 0 b 0 1"
    );
    for layout in Layout::ALL {
        let position = Position::new(layout);
        assert_eq!(position.position_text().parse::<Position>(), Ok(position));
    }
    assert_eq!(STANDARD.split(' ').next().unwrap().parse::<Position>(), Ok(Position::new(Layout::Standard)));
}

#[test]
fn position_text_round_trips_during_a_game() {
    let mut position = Position::new(Layout::BelgianDaisy);
    for ply in 0..60 {
        let moves = legal(&position);
        if moves.is_empty() {
            break;
        }
        let mv = moves.iter().copied().find(|m| m.pushed() > 0).unwrap_or(moves[ply * 7 % moves.len()]);
        position.play(mv);
        let text = position.position_text();
        assert_eq!(text.parse::<Position>().as_ref(), Ok(&position), "{text}");
    }
    assert!(position.move_number() > 10);
    assert!(position.ejected_by(game::Player::P1) + position.ejected_by(game::Player::P2) > 0);
}

fn invalid(text: &str) -> String {
    text.parse::<Position>().unwrap_err().to_string()
}

#[test]
fn bad_position_text_is_rejected_with_the_reason() {
    assert_eq!(
        invalid("sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS 0 0 b 0 1"),
        "invalid position: the board needs 9 rows (I to A) separated by '/', got 8"
    );
    assert_eq!(
        invalid("ssssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 0 0 b 0 1"),
        "invalid position: row I describes more than its 5 cells"
    );
    assert_eq!(
        invalid("ssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 0 0 b 0 1"),
        "invalid position: row I describes 4 cells, it has 5"
    );
    assert_eq!(
        invalid("sssss/ssssss/2sss2/8/9/8/2SxS2/SSSSSS/SSSSS 0 0 b 0 1"),
        "invalid position: row C: unexpected character 'x' (S = black, s = white, 1-9 = empty cells)"
    );
    assert_eq!(
        invalid("sssss/ssssss/2sss2/8/9/S7/2SSS2/SSSSSS/SSSSS 0 0 b 0 1"),
        "invalid position: black has 15 marbles on the board and 0 ejected: more than 14"
    );
    assert_eq!(
        invalid("sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 2 0 b 0 1"),
        "invalid position: white has 14 marbles on the board and 2 ejected: more than 14"
    );
    assert_eq!(
        invalid("5/6/7/8/4S4/8/7/6/5 7 0 b 0 1"),
        "invalid position: black cannot have ejected 7 marbles; the game ends at 6"
    );
    assert_eq!(
        invalid("5/6/7/8/4S4/8/7/6/5 6 6 b 0 1"),
        "invalid position: both players cannot have ejected six marbles"
    );
    assert_eq!(
        invalid("5/6/7/8/4S4/8/7/6/5 0 0 x 0 1"),
        "invalid position: side to move 'x' is neither 'b' nor 'w'"
    );
    assert_eq!(
        invalid("5/6/7/8/4S4/8/7/6/5 0 0 b -1 1"),
        "invalid position: plies since the last ejection '-1' is not a number"
    );
    assert_eq!(invalid("5/6/7/8/4S4/8/7/6/5 0 0 b 0 0"), "invalid position: the move number starts at 1");
    assert_eq!(
        invalid("5/6/7/8/4S4/8/7/6/5 0 0 b"),
        "invalid position: expected the board and 5 fields (ejected by black, ejected by white, side to move, plies since the last ejection, move number), got 4 fields"
    );
}

#[test]
fn counters_at_their_largest_do_not_overflow() {
    let text = "sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 0 0 w 4294967295 4294967295";
    let mut position = text.parse::<Position>().unwrap();
    assert_eq!(position.plies(), u32::MAX);
    let mv = position.parse_move("i5h5").unwrap();
    position.play(mv);
    let after = position.position_text();
    assert!(after.ends_with(" b 4294967295 4294967295"), "{after}");
    assert_eq!(after.parse::<Position>(), Ok(position));
}
