//! The rules of Die Formation: movement, passes, the end of the game, perft.

use game::{Game, GameError, History, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use spielwerk_formation::square::{self, bit, squares};
use spielwerk_formation::{
    ASSEMBLIES, BLACK_START, Board, Color, Config, Formation, Layout, Move, WHITE_START,
};
use std::sync::Arc;

const START: &str = "1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0";

/// White c3 d3 e3 c4 d4 e4 (a block), f5 (touching e4 only diagonally) and
/// h5 (a knight that reaches f4); Black on its start squares.
const WHITE_THREATENS: &str = "1a0 2a0 3a0 4a0 1B2B3/7B/8/B4W1W/2WWW2B/2WWW3/B7/3B2B1 w 0";

/// White to move without a move: every White piece is hemmed in.
const WHITE_BLOCKED: &str = "1a0 2a0 3a0 4a0 1WB5/WWB5/WBB5/WB6/WB6/W7/1B1B4/2W5 w 0";

fn position(text: &str) -> Formation {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted_moves(position: &Formation) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| position.format_move(mv)).collect();
    texts.sort();
    texts
}

fn play(position: &mut Formation, text: &str) {
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    position.play(mv);
}

#[test]
fn start_moves_on_the_default_board() {
    let expected = [
        // a4 red: a5 is taken, a3 then a2 is taken, east to the red e4.
        "a4a3", "a4b4", "a4c4", "a4d4", "a4e4", // a7 green: a knight.
        "a7b5", "a7c6", "a7c8", // b1 red: a1, c1 (d1 taken), north up to the red b7.
        "b1a1", "b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7", "b1c1", // d8, e1, g8, h2, h5 green.
        "d8b7", "d8c6", "d8e6", "d8f7", "e1c2", "e1d3", "e1f3", "e1g2", "g8e7", "g8f6", "g8h6", "h2f1",
        "h2f3", "h2g4", "h5f4", "h5f6", "h5g3", "h5g7",
    ];
    assert_eq!(sorted_moves(&position(START)), expected);
}

#[test]
fn each_colour_moves_its_own_way() {
    let mut game = position(START);
    play(&mut game, "b1b4");
    // Black's blue pieces step like kings (onto empty squares only).
    let black = sorted_moves(&game);
    let from = |sq: &str| -> Vec<String> { black.iter().filter(|m| m.starts_with(sq)).cloned().collect() };
    assert_eq!(from("d1"), ["d1c1", "d1c2", "d1d2", "d1e2"]);
    assert_eq!(from("a2"), ["a2a1", "a2a3", "a2b1", "a2b2", "a2b3"]);
    assert_eq!(from("a5"), ["a5a6", "a5b5", "a5b6"]);
    // b8 yellow: a7 is taken; c7 green, d6 red, e5 yellow (the stop).
    assert_eq!(from("b8"), ["b8c7", "b8d6", "b8e5"]);
    // e8 red: d8 and g8 are taken; south e7, e6, e5 up to the red e4.
    assert_eq!(from("e8"), ["e8e4", "e8e5", "e8e6", "e8e7", "e8f8"]);
    // g1 yellow: f2 green, e3 yellow (stop); h2 taken.
    assert_eq!(from("g1"), ["g1e3", "g1f2"]);
}

#[test]
fn slides_are_blocked_by_any_piece_and_stop_on_their_colour() {
    let mut game = position(START);
    // b1 red up the b-file stops on b7 (red) and never reaches b8.
    assert!(game.parse_move("b1b8").is_err());
    play(&mut game, "b1b4");
    // Black's b8 yellow bishop slides c7, d6, e5 (yellow: the stop).
    play(&mut game, "b8e5");
    // White's a4 red: east b4 is now White's own piece.
    let white = sorted_moves(&game);
    assert!(!white.iter().any(|m| m.starts_with("a4") && m != "a4a3"), "{white:?}");
    // b4 (green) jumps: a knight is never blocked on the way.
    assert!(white.contains(&"b4c6".to_string()));
    let error = game.parse_move("e8e4").unwrap_err();
    let reason = game::text!("there is no White piece on e8", "auf e8 steht keine weiße Figur");
    assert_eq!(error, GameError::illegal("e8e4", reason));
}

#[test]
fn move_text_errors_name_the_problem() {
    let game = position(START);
    let error = |text: &str| game.parse_move(text).unwrap_err().to_string();
    assert_eq!(error("b1"), "malformed move 'b1': a move is two squares like 'b1c3', or '0000' for a pass");
    assert_eq!(error("z1b2"), "malformed move 'z1b2': 'z1' is not a square (a1 to h8)");
    assert_eq!(error("b1b9"), "malformed move 'b1b9': 'b9' is not a square (a1 to h8)");
    assert_eq!(error("a2a3"), "illegal move 'a2a3': there is no White piece on a2");
    assert_eq!(error("a4a5"), "illegal move 'a4a5': a5 is occupied (pieces never capture)");
    assert_eq!(error("a4a4"), "illegal move 'a4a4': a piece must move to another square than a4");
    assert_eq!(
        error("b1c3"),
        "illegal move 'b1c3': the piece on b1 stands on red and moves like a rook up to the first red \
         square; it cannot reach c3"
    );
    assert_eq!(
        error("a4f4"),
        "illegal move 'a4f4': the piece on a4 stands on red and moves like a rook up to the first red \
         square; it cannot reach f4"
    );
    assert_eq!(error("0000"), "illegal move '0000': White has a move and may not pass");
    assert_eq!(game.parse_move(" B1B4 "), Ok(Move::Step { from: 1, to: 25 }));
}

#[test]
fn one_connected_group_wins_diagonal_contact_does_not() {
    let mut game = position(WHITE_THREATENS);
    assert_eq!(game.outcome(), None);
    // h5f6 joins f5 but f5 touches e4 only diagonally: two groups.
    let mut apart = game.clone();
    play(&mut apart, "h5f6");
    assert_eq!(apart.outcome(), None);
    assert_eq!(spielwerk_formation::groups(apart.pieces(Player::P1)), 2);
    // h5f4 joins both: one group of 8.
    play(&mut game, "h5f4");
    assert_eq!(game.outcome(), Some(Outcome::win(Player::P1, "connection")));
    let mut moves = vec![Move::Pass];
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(game.parse_move("a2a3"), Err(GameError::GameOver));
    // The finished position reads back as finished.
    assert_eq!(position(&game.position_text()).outcome(), game.outcome());
}

#[test]
fn positions_are_checked_when_built() {
    let board = Arc::new(Board::new(Layout::DEFAULT));
    let both = Formation::new(Arc::clone(&board), [WHITE_START, WHITE_START], Player::P1, 0, 0);
    assert_eq!(both.unwrap_err().to_string(), "b1 holds a White and a Black piece");
    let start = Formation::new(board, [WHITE_START, BLACK_START], Player::P1, 0, 0).unwrap();
    assert_eq!(start, position(START));
}

#[test]
fn a_player_without_a_move_passes() {
    let mut game = position(WHITE_BLOCKED);
    assert!(game.can_move(Player::P2));
    assert_eq!(sorted_moves(&game), ["0000"]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.perft(1), 1);
    play(&mut game, "pass");
    assert_eq!(game.side_to_move(), Player::P2);
    assert_eq!(game.plies(), 1);
    assert_eq!(game.format_move(Move::Pass), "0000");
    // Black may not pass while it has moves.
    assert_eq!(
        game.parse_move("0000").unwrap_err().to_string(),
        "illegal move '0000': Black has a move and may not pass"
    );
}

/// The squares that must hold pieces for a piece on `square` of `color` to
/// be stuck: the first square of every slide, every knight or king step.
fn stuck_needs(color: Color, square: u8) -> u64 {
    let steps: &[(i8, i8)] = match color {
        Color::Red => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
        Color::Yellow => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        Color::Green => &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
        Color::Blue => &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)],
    };
    let (file, rank) = (square::file(square) as i8, square::rank(square) as i8);
    steps
        .iter()
        .map(|(df, dr)| (file + df, rank + dr))
        .filter(|(f, r)| (0..8).contains(f) && (0..8).contains(r))
        .fold(0, |set, (f, r)| set | bit((r * 8 + f) as u8))
}

/// The "neither player can move" draw is implemented as the rules decide,
/// but no position reaches it: on every one of the 98,304 boards, pieces
/// that are all stuck need every square occupied. (Stuck pieces must have
/// their needed squares occupied by stuck pieces again; the "needs" graph is
/// strongly connected on every board, so any stuck set is all 64 squares.)
#[test]
fn no_board_lets_sixteen_pieces_all_be_stuck() {
    let reach = |needs: &[u64; 64]| {
        let mut set = 1u64;
        loop {
            let next = squares(set).fold(set, |acc, sq| acc | needs[usize::from(sq)]);
            if next == set {
                return set;
            }
            set = next;
        }
    };
    for index in 0..ASSEMBLIES {
        let colors = Layout::from_index(index).colors();
        let mut needs = [0u64; 64];
        let mut needed_by = [0u64; 64];
        for sq in 0..64u8 {
            needs[usize::from(sq)] = stuck_needs(colors[usize::from(sq)], sq);
            for other in squares(needs[usize::from(sq)]) {
                needed_by[usize::from(other)] |= bit(sq);
            }
        }
        assert_eq!(reach(&needs), u64::MAX, "board {index}");
        assert_eq!(reach(&needed_by), u64::MAX, "board {index}");
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut history = History::new(position(START));
    for round in 0..2 {
        for mv in ["b1b2", "d1e2", "b2b1", "e2d1"] {
            assert_eq!(history.outcome(), None, "round {round}");
            history.play_text(mv).unwrap();
        }
    }
    assert_eq!(history.repetition_count(), 3);
    assert_eq!(history.outcome(), Some(Outcome::draw("repetition")));
    assert_eq!(history.play_text("b1b2"), Err(GameError::GameOver));
}

#[test]
fn ply_limit_draws_and_first_player_option() {
    let config = Config { ply_limit: 2, first: Player::P2, ..Config::default() };
    let mut game = Formation::start(&config);
    assert_eq!(game.side_to_move(), Player::P2);
    assert!(game.position_text().ends_with(" b 0"));
    play(&mut game, "d1e2");
    play(&mut game, "b1b2");
    assert_eq!(game.outcome(), Some(Outcome::draw("ply-limit")));
    assert_eq!(game.perft(1), 0);
    // With a ply limit the ply count is part of the hash, never of the
    // repetition key.
    let early = Formation::from_text(START, 10).unwrap();
    let late = Formation::from_text(&START.replace(" w 0", " w 4"), 10).unwrap();
    assert_ne!(early.hash(), late.hash());
    assert_eq!(early.repetition_key(), late.repetition_key());
    let unlimited = Formation::from_text(&START.replace(" w 0", " w 4"), 0).unwrap();
    assert_eq!(unlimited.hash(), position(START).hash());
}

/// Targets computed square by square from the colours, as the rules say.
fn reference_targets(position: &Formation, from: u8) -> u64 {
    let occupied = position.occupied();
    let color = position.board().color(from);
    let (steps, slide): (&[(i8, i8)], bool) = match color {
        Color::Red => (&[(0, 1), (1, 0), (0, -1), (-1, 0)], true),
        Color::Yellow => (&[(1, 1), (1, -1), (-1, 1), (-1, -1)], true),
        Color::Green => (&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)], false),
        Color::Blue => (&[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)], false),
    };
    let mut targets = 0;
    for &(df, dr) in steps {
        let (mut f, mut r) = (square::file(from) as i8, square::rank(from) as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let sq = (r * 8 + f) as u8;
            if occupied & bit(sq) != 0 {
                break;
            }
            targets |= bit(sq);
            if !slide || position.board().color(sq) == color {
                break;
            }
        }
    }
    targets
}

#[test]
fn random_games_agree_with_the_reference_rules() {
    let mut rng = SmallRng::seed_from_u64(2017);
    let mut moves = Vec::new();
    for game_index in 0..30 {
        let layout = Layout::from_index(rng.random_range(0..ASSEMBLIES));
        let mut game = Formation::start(&Config { layout, ..Config::default() });
        for _ in 0..200 {
            let us = game.side_to_move();
            for from in squares(game.pieces(us)) {
                assert_eq!(game.targets(from), reference_targets(&game, from), "{game:?} {from}");
            }
            let text = game.position_text();
            let reread: Formation = text.parse().unwrap();
            assert_eq!(reread, game);
            assert_eq!(reread.hash(), game.hash());
            if game_index % 10 == 0 {
                assert_eq!(game.perft(2), game::perft::count(&game, 2));
            }
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
                assert!(game.outcome().is_some());
                break;
            };
            assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
            game.play(mv);
        }
    }
}

/// Perft from the start: the default board and two random boards.
const PERFT: [(&str, [u64; 4]); 3] = [
    ("default", [34, 1_112, 38_361, 1_329_883]),
    ("random:1", [47, 1_580, 72_028, 2_491_486]),
    ("random:2017", [44, 1_723, 72_677, 2_812_311]),
];

#[test]
fn perft_regression() {
    for (board, counts) in PERFT {
        let layout = Layout::from_option(board).unwrap();
        let start = Formation::start(&Config { layout, ..Config::default() });
        for (depth, &expected) in (1..).zip(&counts) {
            assert_eq!(start.perft(depth), expected, "{board} depth {depth}");
        }
        assert_eq!(game::perft::count(&start, 3), counts[2], "{board}");
        assert_eq!(start.perft(0), 1);
    }
    assert_eq!(Layout::random(1).to_string(), "3a1 1a0 4b0 2b3");
    assert_eq!(Layout::random(2017).to_string(), "4a3 1b3 3a0 2a0");
}

#[test]
fn plies_at_their_largest_do_not_overflow() {
    let text = "1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 4294967295";
    let mut position = Formation::from_text(text, 0).unwrap();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    position.play(moves[0]);
    assert_eq!(position.plies(), u32::MAX);
    assert_eq!(Formation::from_text(&position.position_text(), 0), Ok(position));
}
