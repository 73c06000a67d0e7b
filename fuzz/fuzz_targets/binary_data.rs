//! Binary data files (`datagen --format binary`): any bytes are read or
//! refused with an error, never a panic; a file read whole is written back
//! byte for byte from what was read (the encoding has one form).
#![no_main]

use libfuzzer_sys::fuzz_target;
use train::binary::{Reader, write_block, write_header};

fuzz_target!(|bytes: &[u8]| {
    let mut reader = Reader::new(bytes);
    let Ok(header) = reader.header() else { return };
    let mut written = Vec::new();
    write_header(&mut written, &header).expect("a header read is written");
    loop {
        match reader.next_block() {
            Ok(Some(block)) => write_block(&mut written, block.index, &block.records).expect("a block read is written"),
            Ok(None) => break,
            Err(_) => return,
        }
        assert_eq!(reader.offset() as usize, written.len());
    }
    assert_eq!(written, bytes);
});
