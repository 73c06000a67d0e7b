//! Time controls of matches (`40/60+0.5`): read or refused; one read is
//! written back as text that reads as the same time control.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::TimeControl;

fuzz_target!(|text: &str| {
    if let Ok(control) = text.parse::<TimeControl>() {
        assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control), "{text}");
    }
});
