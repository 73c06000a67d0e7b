//! Amakta's board text and board option: read or refused; a board read is
//! written back as an option that reads as the same board.
#![no_main]

use amakta::HexBoard;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = HexBoard::parse(text);
    if let Ok(board) = HexBoard::from_option(text) {
        assert_eq!(HexBoard::from_option(&board.option_text()).map(|b| b.option_text()), Ok(board.option_text()));
    }
});
