//! Amakta's stone codes: read or refused; a stone read is written back as
//! the same code, and its canonical form is canonical.
#![no_main]

use amakta::Stone;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(stone) = Stone::parse(text) {
        assert_eq!(Stone::parse(&stone.to_string()), Ok(stone));
        assert_eq!(stone.canonical().canonical(), stone.canonical());
    }
});
