//! FEN reading and writing: round trips, lenient input, clear errors.

use spielwerk_ataxx::{Ataxx, Ruleset, START_FEN};

fn read(fen: &str) -> Result<Ataxx, String> {
    Ataxx::from_fen(fen, Ruleset::Seed).map_err(|e| e.to_string())
}

#[test]
fn canonical_fens_round_trip() {
    for fen in [
        START_FEN,
        "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
        "7/7/7/2x1o2/7/7/7 o 37 52",
        "xx1o2o/1xoo3/2x1-2/3o3/1-1x3/o1x3x/oo4x o 7 12",
        "7/7/7/7/7/7/7 x 0 1",
        "-------/-------/-------/-------/-------/-------/xo5 x 0 1",
    ] {
        assert_eq!(read(fen).unwrap().fen(), fen);
    }
}

#[test]
fn the_start_position_has_its_fen() {
    assert_eq!(Ataxx::start(Ruleset::Seed).fen(), START_FEN);
    assert_eq!(read("startpos").unwrap(), Ataxx::start(Ruleset::Seed));
    assert_eq!(read("  StartPos ").unwrap(), Ataxx::start(Ruleset::Seed));
}

#[test]
fn input_is_lenient() {
    assert_eq!(read("x5o/7/7/7/7/7/o5x x").unwrap().fen(), START_FEN);
    assert_eq!(read("x5o/7/7/7/7/7/o5x o 3").unwrap().fen(), "x5o/7/7/7/7/7/o5x o 3 1");
    assert_eq!(read("X5O/7/7/7/7/7/O5X X 0 1").unwrap().fen(), START_FEN);
    assert_eq!(read("x11111o/7/7/7/7/7/o5x x 0 1").unwrap().fen(), START_FEN);
}

#[test]
fn the_rules_travel_with_the_position() {
    let position = Ataxx::from_fen(START_FEN, Ruleset::Community).unwrap();
    assert_eq!(position.rules(), Ruleset::Community);
    assert_eq!(position.with_rules(Ruleset::Seed).rules(), Ruleset::Seed);
}

#[test]
fn bad_fens_are_rejected_with_the_reason() {
    let cases = [
        ("", "invalid position: empty FEN"),
        ("x5o/7/7/7/7/7/o5x", "invalid position: FEN 'x5o/7/7/7/7/7/o5x' has no side to move (x or o)"),
        (
            "x5o/7/7/7/7/o5x x 0 1",
            "invalid position: board 'x5o/7/7/7/7/o5x' has 6 ranks, expected 7 separated by '/'",
        ),
        (
            "x5o/7/7/8/7/7/o5x x 0 1",
            "invalid position: bad character '8' in rank 4: expected x, o, -, or a digit 1-7",
        ),
        ("x6o/7/7/7/7/7/o5x x 0 1", "invalid position: rank 7 'x6o' is longer than 7 squares"),
        ("x5o/7/7/7/7/6/o5x x 0 1", "invalid position: rank 2 '6' has 6 squares, expected 7"),
        (
            "x5o/7/7/7/7/7/o5b x 0 1",
            "invalid position: bad character 'b' in rank 1: expected x, o, -, or a digit 1-7",
        ),
        ("x5o/7/7/7/7/7/o5x w 0 1", "invalid position: bad side to move 'w': expected x or o"),
        ("x5o/7/7/7/7/7/o5x x -1 1", "invalid position: bad half-move clock '-1': expected a number ≥ 0"),
        ("x5o/7/7/7/7/7/o5x x 0 0", "invalid position: bad full-move number '0': expected a number ≥ 1"),
        ("x5o/7/7/7/7/7/o5x x 0 z", "invalid position: bad full-move number 'z': expected a number ≥ 1"),
        (
            "x5o/7/7/7/7/7/o5x x 0 1 5",
            "invalid position: FEN 'x5o/7/7/7/7/7/o5x x 0 1 5' has 5 fields, expected at most 4 (board, side, \
             half-move clock, full-move number)",
        ),
    ];
    for (fen, error) in cases {
        assert_eq!(read(fen).unwrap_err(), error, "{fen}");
    }
}

#[test]
fn counters_at_their_largest_do_not_overflow() {
    let mut position = read("x5o/7/7/7/7/7/o5x o 4294967295 4294967295").unwrap();
    let jump = game::Game::parse_move(&position, "g7e5").unwrap();
    game::Game::play(&mut position, jump);
    let fen = "x6/7/4o2/7/7/7/o5x x 4294967295 4294967295";
    assert_eq!(position.fen(), fen);
    assert_eq!(read(fen), Ok(position));
}
