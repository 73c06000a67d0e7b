//! Die Formation's board text and board option: read or refused; a board
//! read is written back as text that reads as the same board.
#![no_main]

use formation::Layout;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = Layout::parse(text);
    if let Ok(layout) = Layout::from_option(text) {
        assert_eq!(Layout::parse(&layout.to_string()), Ok(layout));
    }
});
