//! Move text of Amakta Infinit after a walk of moves: refused (changing nothing) or a legal move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::{Infinit, move_text};

fuzz_target!(|input: (u8, Vec<u8>, &str)| move_text::<Infinit>(input.0, &input.1, input.2));
