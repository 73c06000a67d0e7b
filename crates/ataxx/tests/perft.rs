//! Every perft number of the rules file (depth ≤ 5), with the fast counter
//! checked against the generic one of the game model.

use game::{Game, perft};
use spielwerk_ataxx::{Ataxx, Ruleset};

/// The table of the rules file: FEN and d1..d5.
const TABLE: &[(&str, &[u64])] = &[
    ("x5o/7/7/7/7/7/o5x x 0 1", &[16, 256, 6460, 155888, 4752668]),
    ("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", &[14, 196, 4184, 86528, 2266352]),
    ("x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1", &[14, 196, 4100, 83104, 2114588]),
    ("x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1", &[16, 256, 5948, 133264, 3639856]),
    ("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", &[1, 75, 249, 14270, 452980]),
    ("7/7/7/2x1o2/7/7/7 x 0 1", &[23, 419, 7887, 168317, 4266992]),
    ("7/7/7/7/-------/-------/x5o x 0 1", &[2, 4, 13, 30, 73]),
    ("7/7/7/7/7/7/7 x 0 1", &[0]),
];

fn position(fen: &str) -> Ataxx {
    Ataxx::from_fen(fen, Ruleset::Community).unwrap()
}

#[test]
fn every_row_of_the_table() {
    for &(fen, counts) in TABLE {
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(position(fen).perft(depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn the_seed_rules_give_the_same_numbers() {
    for &(fen, counts) in TABLE {
        let seed = Ataxx::from_fen(fen, Ruleset::Seed).unwrap();
        for (depth, &expected) in (1..).zip(counts).take(4) {
            assert_eq!(seed.perft(depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn a_clock_of_100_ends_the_game_under_community_rules_only() {
    let fen = "x5o/7/7/7/7/7/o5x x 100 1";
    for depth in 1..=5 {
        assert_eq!(position(fen).perft(depth), 0, "depth {depth}");
    }
    assert_eq!(Ataxx::from_fen(fen, Ruleset::Seed).unwrap().perft(3), 6460);
}

#[test]
fn the_clock_runs_out_inside_the_tree() {
    // Only jumps near the limit: the clock reaches 100 after two jumps.
    let fen = "x5o/7/7/7/7/7/o5x x 98 1";
    let community = position(fen);
    assert_eq!(community.perft(3), perft::count(&community, 3));
    assert!(community.perft(3) < Ataxx::from_fen(fen, Ruleset::Seed).unwrap().perft(3));
}

#[test]
fn perft_zero_is_one() {
    assert_eq!(Ataxx::start(Ruleset::Seed).perft(0), 1);
    assert_eq!(position("7/7/7/7/7/7/7 x 0 1").perft(0), 1);
}

#[test]
fn fast_and_generic_counts_agree() {
    for &(fen, _) in TABLE {
        let position = position(fen);
        for depth in 1..=3 {
            assert_eq!(position.perft(depth), perft::count(&position, depth), "{fen} depth {depth}");
        }
    }
    let midgame = position("xx1o2o/1xoo3/2x1-2/3o3/1-1x3/o1x3x/oo4x o 7 12");
    for depth in 1..=4 {
        assert_eq!(midgame.perft(depth), perft::count(&midgame, depth), "depth {depth}");
    }
}
