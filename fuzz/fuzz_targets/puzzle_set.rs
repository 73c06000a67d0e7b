//! Puzzle sets: any text is read or refused without a panic; every puzzle
//! read (its lead-in included) is written back as a line that reads as the
//! same puzzle.
#![no_main]

use game::{Puzzle, read_puzzles};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(puzzles) = read_puzzles(text) else { return };
    for puzzle in puzzles {
        let line = puzzle.to_string();
        assert_eq!(line.parse::<Puzzle>(), Ok(puzzle), "{line}");
    }
});
