//! Pair counts of an earlier SPRT run (`--sprt-earlier "[259, 125, 676,
//! 130, 310]"`): read or refused; one read is printed back as the runner
//! prints it and reads as the same counts, and the test over them together
//! with themselves gives an LLR without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::{Pentanomial, Sprt};

fuzz_target!(|text: &str| {
    if let Ok(pairs) = text.parse::<Pentanomial>() {
        assert_eq!(format!("{:?}", pairs.counts).parse::<Pentanomial>(), Ok(pairs), "{text}");
        let both = pairs.combined(&pairs);
        assert!(!Sprt::default().llr(&both).is_nan(), "{text}");
        let _ = Sprt::default().decision(&both);
    }
});
