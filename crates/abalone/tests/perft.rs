//! Perft: every move count of the rules file, the bulk counter against the
//! generic one, and the 44 standard opening moves by exact text.

use game::{Game, perft};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use spielwerk_abalone::{Layout, Move, Position};

fn start(layout: Layout) -> Position {
    Position::new(layout)
}

#[test]
fn standard_move_counts() {
    let position = start(Layout::Standard);
    assert_eq!(position.perft(1), 44);
    assert_eq!(position.perft(2), 1936);
    assert_eq!(position.perft(3), 98_912);
}

#[test]
fn belgian_daisy_move_counts() {
    let position = start(Layout::BelgianDaisy);
    assert_eq!(position.perft(1), 52);
    assert_eq!(position.perft(2), 2692);
    assert_eq!(position.perft(3), 149_322);
}

#[test]
fn bulk_counting_equals_the_generic_perft() {
    for layout in Layout::ALL {
        let position = start(layout);
        for depth in 0..=3 {
            assert_eq!(position.perft(depth), perft::count(&position, depth), "{layout:?} depth {depth}");
        }
    }
}

#[test]
fn bulk_counting_equals_the_generic_perft_in_a_fighting_position() {
    // Marbles in contact, pushes and ejections possible for both sides.
    let position: Position =
        "2s2/1SSSs1/1sSSs1S/2ssSS2/1sSSss3/2Ss1S2/1s1Sss1/6/s2S1 0 0 b 7 40".parse().unwrap();
    for depth in 1..=3 {
        assert_eq!(position.perft(depth), perft::count(&position, depth), "depth {depth}");
    }
}

#[test]
fn bulk_counting_equals_the_generic_perft_along_random_games() {
    // Random games that prefer pushes, so that ejections and finished games
    // occur; every position's perft(2) is checked.
    let mut rng = SmallRng::seed_from_u64(7);
    let mut finished = 0;
    for layout in Layout::ALL {
        for _ in 0..4 {
            let mut position = start(layout);
            let mut moves = Vec::new();
            for _ in 0..400 {
                assert_eq!(position.perft(2), perft::count(&position, 2), "{}", position.position_text());
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let pushes: Vec<Move> = moves.iter().copied().filter(|m| m.pushed() > 0).collect();
                let mv = if !pushes.is_empty() && rng.random_bool(0.7) {
                    pushes[rng.random_range(0..pushes.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                position.play(mv);
            }
            finished += usize::from(position.outcome().is_some());
        }
    }
    assert!(finished > 0, "no random game reached an end");
}

#[test]
fn the_44_standard_moves() {
    let position = start(Layout::Standard);
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| position.format_move(mv)).collect();
    texts.sort();
    let expected = "a1b1 a1b2 a2b2 a2b3 a3b3 a3b4 a4b4 a4b5 a5b5 a5b6 \
        b1b2c1 b1c1 b1c2 b2c2 b2c3 b2c3c2 b3c3 b3c4 b4c4 b4c5 b5b6c6 b5c5 b5c5c6 b5c6 \
        b6c6 b6c7 c3c2 c3c4 c3c4d3 c3c4d4 c3c5d3 c3c5d4 c3d3 c3d4 c4c3 c4c5 c4c5d4 \
        c4c5d5 c4d4 c4d5 c5c4 c5c6 c5d5 c5d6";
    assert_eq!(texts.join(" "), expected);
}
