//! Position text of Abalone: read under options a byte picks; what is read keeps the invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::{Abalone, position_text};

fuzz_target!(|input: (u8, &str)| position_text::<Abalone>(input.0, input.1));
