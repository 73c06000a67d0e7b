//! UAI/UGI command lines (the engine side): every line is read as some
//! command, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::Command;

fuzz_target!(|text: &str| {
    for line in text.lines() {
        let _ = Command::parse(line);
    }
});
