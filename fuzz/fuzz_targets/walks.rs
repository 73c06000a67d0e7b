//! Move walks in every game (a byte picks the game and its options),
//! checking the model's invariants on the typed position and through the
//! text interface, with fuzzed texts tried as moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::{Abalone, Amakta, Ataxx, Formation, Infinit, walk};

fuzz_target!(|input: (u8, u8, Vec<u8>, Vec<String>)| {
    let (game, pick, choices, probes) = input;
    let (choices, probes) = (&choices[..choices.len().min(200)], &probes[..probes.len().min(4)]);
    match game % 5 {
        0 => walk::<Ataxx>(pick, choices, probes),
        1 => walk::<Abalone>(pick, choices, probes),
        2 => walk::<Formation>(pick, choices, probes),
        3 => walk::<Amakta>(pick, choices, probes),
        _ => walk::<Infinit>(pick, choices, probes),
    }
});
