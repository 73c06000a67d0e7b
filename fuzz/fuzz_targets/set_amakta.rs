//! Amakta's stone sets (named or as codes): read or refused; a set read is
//! written back as text that reads as the same set.
#![no_main]

use amakta::sets::StoneSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = StoneSet::parse(text);
    if let Ok(set) = StoneSet::from_option(text) {
        assert_eq!(StoneSet::parse(&set.text()), Ok(set));
    }
});
