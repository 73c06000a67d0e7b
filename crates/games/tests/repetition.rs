//! Repetitions counted move by move (`game::History`) against a scan of the
//! whole game, on pseudo-random walks with moves taken back, in every game:
//! the walks must come across repeated positions, so that the comparison
//! is not empty.

use game::invariants::check_repetition_walk;
use game::{Game, Options};

/// Pseudo-random choices for [`check_repetition_walk`] (xorshift).
fn choices(seed: &mut u64, count: usize) -> Vec<u8> {
    (0..count)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            (*seed >> 56) as u8
        })
        .collect()
}

/// Runs `walks` walks of `length` choices from `start`; returns the highest
/// repetition count seen, failing on any difference from the scan.
fn highest<G: Game>(start: &G, walks: usize, length: usize) -> usize {
    let mut seed = 0x1234_5678_9abc_def1_u64;
    (0..walks)
        .map(|walk| {
            check_repetition_walk(start.clone(), &choices(&mut seed, length))
                .unwrap_or_else(|error| panic!("walk {walk}: {error}"))
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn ataxx_repetitions_equal_a_scan() {
    let start = ataxx::make_position(&Options::new().with("rules", "seed"), None).unwrap();
    assert!(highest(&start, 30, 300) >= 2);
}

#[test]
fn abalone_repetitions_equal_a_scan() {
    let start = abalone::make_position(&Options::new(), None).unwrap();
    assert!(highest(&start, 30, 300) >= 2);
}

#[test]
fn formation_repetitions_equal_a_scan() {
    let start = formation::make_position(&Options::new(), None).unwrap();
    assert!(highest(&start, 30, 300) >= 2);
}

#[test]
fn amakta_repetitions_equal_a_scan() {
    let start = amakta::Amakta::from_options(&Options::new().with("circles", "none"), None).unwrap();
    assert!(highest(&start, 30, 150) >= 2);
    let with_setup = amakta::Amakta::from_options(&Options::new(), None).unwrap();
    highest(&with_setup, 10, 150);
}

#[test]
fn amakta_infinit_repetitions_equal_a_scan() {
    let start = amakta::Infinit::from_options(&Options::new().with("points", "12"), None).unwrap();
    assert!(highest(&start, 20, 200) >= 2);
}
