//! The binary data format: the positions of self-play games packed for a
//! game's network, about a third of the text format's size and read
//! without parsing position texts (layout: see the crate docs).
//!
//! [`Reader`] reads a file block by block and says where it is, so that a
//! truncated or corrupt file is an error naming the byte offset of what is
//! wrong, and a resumed run can keep exactly the complete games.

use crate::data::WIN;
use game::Packed;
use std::io::{self, Read, Write};
use thiserror::Error;

/// The first bytes of every binary data file. The first byte cannot begin
/// UTF-8 text, so a binary file is never mistaken for a text one; the line
/// ends and the end-of-file byte catch transfers that alter them.
pub const MAGIC: [u8; 8] = [0x89, b'S', b'W', b'D', b'\r', b'\n', 0x1A, b'\n'];

/// The version of the layout this module writes and reads.
pub const VERSION: u16 = 1;

/// Flag bit of a record whose position the network does not evaluate
/// (no words follow).
const NOT_EVALUATED: u8 = 0x40;
/// The bits of a record's flags that hold which words follow.
const MASK_BITS: u8 = 0x0F;
/// Where a record's result sits in its flags.
const RESULT_SHIFT: u8 = 4;

/// Whether data starting with `first` bytes is a binary data file (one
/// byte decides; the rest of the magic is checked when reading).
#[must_use]
pub fn is_binary(first: &[u8]) -> bool {
    first.first() == Some(&MAGIC[0])
}

/// The header of a binary data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The registered name of the game.
    pub game: String,
    /// The settings the data was made with, as name and value, in order.
    pub settings: Vec<(String, String)>,
}

/// One position of a game block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Record {
    /// The packed position, or `None` where the network does not evaluate
    /// it (e.g. the game is over there).
    pub packed: Option<Packed>,
    /// The search score in points, side to move's view (±[`WIN`] for a
    /// found win or loss).
    pub score: i32,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f32,
}

/// One game's block: its index in the run and its positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The game's index, from 0.
    pub index: u64,
    /// Its positions, in the order played.
    pub records: Vec<Record>,
}

/// Why a binary data file could not be read.
#[derive(Debug, Error)]
pub enum BinaryError {
    /// The file could not be read.
    #[error("cannot read the data: {0}")]
    Io(io::Error),
    /// The file ends inside something.
    #[error("byte {offset}: the file ends inside {what} (truncated)")]
    Truncated {
        /// Where the unfinished item starts.
        offset: u64,
        /// What it is.
        what: &'static str,
    },
    /// The bytes at `offset` are not what the format allows there.
    #[error("byte {offset}: {reason}")]
    Corrupt {
        /// Where the bad item starts.
        offset: u64,
        /// What is wrong.
        reason: String,
    },
}

/// Writes the header: magic, version, game name, settings.
pub fn write_header(out: &mut dyn Write, header: &Header) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(64);
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    short_text(&mut bytes, &header.game)?;
    let count = u8::try_from(header.settings.len()).map_err(|_| too_long("the settings"))?;
    bytes.push(count);
    for (name, value) in &header.settings {
        short_text(&mut bytes, name)?;
        let length = u16::try_from(value.len()).map_err(|_| too_long(name))?;
        bytes.extend_from_slice(&length.to_le_bytes());
        bytes.extend_from_slice(value.as_bytes());
    }
    out.write_all(&bytes)
}

fn too_long(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, format!("{what} too long for the binary header"))
}

fn short_text(bytes: &mut Vec<u8>, text: &str) -> io::Result<()> {
    bytes.push(u8::try_from(text.len()).map_err(|_| too_long(text))?);
    bytes.extend_from_slice(text.as_bytes());
    Ok(())
}

/// Writes one game's block: index, record count, records.
pub fn write_block(out: &mut dyn Write, index: u64, records: &[Record]) -> io::Result<()> {
    let index = u32::try_from(index).map_err(|_| too_long("the game index"))?;
    let count = u32::try_from(records.len()).map_err(|_| too_long("the game"))?;
    let mut bytes = Vec::with_capacity(8 + records.len() * 19);
    bytes.extend_from_slice(&index.to_le_bytes());
    bytes.extend_from_slice(&count.to_le_bytes());
    for record in records {
        encode(record, &mut bytes)?;
    }
    out.write_all(&bytes)
}

/// Appends a record: flags (which words follow, the result, whether the
/// position is evaluated), the score as i16, the nonzero words.
fn encode(record: &Record, bytes: &mut Vec<u8>) -> io::Result<()> {
    let result: u8 = if record.result >= 1.0 {
        2
    } else if record.result > 0.0 {
        1
    } else {
        0
    };
    let score = i16::try_from(record.score.clamp(-WIN, WIN)).expect("±30000 fits in 16 bits");
    let mut flags = result << RESULT_SHIFT;
    let words = record.packed.unwrap_or_default();
    match record.packed {
        None => flags |= NOT_EVALUATED,
        Some(packed) => {
            for (bit, word) in packed.iter().enumerate() {
                if *word != 0 {
                    flags |= 1 << bit;
                }
            }
        }
    }
    bytes.push(flags);
    bytes.extend_from_slice(&score.to_le_bytes());
    for word in words.iter().filter(|word| **word != 0) {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    Ok(())
}

/// Reads a binary data file item by item, counting its bytes.
pub struct Reader<R> {
    input: R,
    offset: u64,
    next_index: u64,
}

impl<R: Read> Reader<R> {
    /// A reader at the start of a file.
    pub fn new(input: R) -> Reader<R> {
        Reader { input, offset: 0, next_index: 0 }
    }

    /// Bytes read so far: after [`Reader::next_block`], the end of the
    /// last complete block.
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Fills `buffer`, or says that the file ends inside `what`, which
    /// started at `start`.
    fn fill(&mut self, buffer: &mut [u8], start: u64, what: &'static str) -> Result<(), BinaryError> {
        let mut filled = 0;
        while filled < buffer.len() {
            match self.input.read(&mut buffer[filled..]) {
                Ok(0) => return Err(BinaryError::Truncated { offset: start, what }),
                Ok(n) => filled += n,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(BinaryError::Io(error)),
            }
        }
        self.offset += buffer.len() as u64;
        Ok(())
    }

    fn bytes<const N: usize>(&mut self, start: u64, what: &'static str) -> Result<[u8; N], BinaryError> {
        let mut buffer = [0; N];
        self.fill(&mut buffer, start, what)?;
        Ok(buffer)
    }

    fn text(&mut self, length: usize, what: &'static str) -> Result<String, BinaryError> {
        let start = self.offset;
        let mut buffer = vec![0; length];
        self.fill(&mut buffer, start, what)?;
        String::from_utf8(buffer)
            .map_err(|_| BinaryError::Corrupt { offset: start, reason: format!("{what} is not UTF-8") })
    }

    /// Reads the header (call first).
    pub fn header(&mut self) -> Result<Header, BinaryError> {
        let magic: [u8; 8] = self.bytes(0, "the magic bytes")?;
        if magic != MAGIC {
            return Err(BinaryError::Corrupt {
                offset: 0,
                reason: "not a Spielwerk binary data file (wrong magic bytes)".into(),
            });
        }
        let version = u16::from_le_bytes(self.bytes(8, "the version")?);
        if version != VERSION {
            return Err(BinaryError::Corrupt {
                offset: 8,
                reason: format!("format version {version}; this build reads version {VERSION}"),
            });
        }
        let [length] = self.bytes(self.offset, "the game name")?;
        let game = self.text(usize::from(length), "the game name")?;
        let [count] = self.bytes(self.offset, "the settings")?;
        let mut settings = Vec::with_capacity(usize::from(count));
        for _ in 0..count {
            let [length] = self.bytes(self.offset, "a setting's name")?;
            let name = self.text(usize::from(length), "a setting's name")?;
            let length = u16::from_le_bytes(self.bytes(self.offset, "a setting's value")?);
            settings.push((name, self.text(usize::from(length), "a setting's value")?));
        }
        Ok(Header { game, settings })
    }

    /// Reads the next game's block, or `None` at the end of the file.
    /// Blocks must come in the order of their indices, from 0.
    pub fn next_block(&mut self) -> Result<Option<Block>, BinaryError> {
        let start = self.offset;
        let mut first = [0u8; 1];
        loop {
            match self.input.read(&mut first) {
                Ok(0) => return Ok(None),
                Ok(_) => break,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(BinaryError::Io(error)),
            }
        }
        self.offset += 1;
        let rest: [u8; 3] = self.bytes(start, "a game block's header")?;
        let index = u64::from(u32::from_le_bytes([first[0], rest[0], rest[1], rest[2]]));
        if index != self.next_index {
            return Err(BinaryError::Corrupt {
                offset: start,
                reason: format!("a block of game {index} where game {} comes", self.next_index),
            });
        }
        let count = u32::from_le_bytes(self.bytes(start, "a game block's header")?);
        let mut records = Vec::with_capacity(count.min(1024) as usize);
        for _ in 0..count {
            records.push(self.record()?);
        }
        self.next_index += 1;
        Ok(Some(Block { index, records }))
    }

    /// Reads one record.
    fn record(&mut self) -> Result<Record, BinaryError> {
        let start = self.offset;
        let [flags, low, high]: [u8; 3] = self.bytes(start, "a position record")?;
        let corrupt = |reason: String| BinaryError::Corrupt { offset: start, reason };
        let mask = flags & MASK_BITS;
        if flags & 0x80 != 0 || (flags & NOT_EVALUATED != 0 && mask != 0) {
            return Err(corrupt(format!("a position record with bad flags {flags:#04x}")));
        }
        let result = match (flags >> RESULT_SHIFT) & 3 {
            0 => 0.0,
            1 => 0.5,
            2 => 1.0,
            _ => return Err(corrupt("a position record with result code 3".into())),
        };
        let score = i32::from(i16::from_le_bytes([low, high]));
        if score.abs() > WIN {
            return Err(corrupt(format!("the score {score} lies beyond ±{WIN}")));
        }
        let mut packed: Packed = [0; 4];
        for (bit, word) in packed.iter_mut().enumerate() {
            if mask & (1 << bit) != 0 {
                *word = u64::from_le_bytes(self.bytes(start, "a position record")?);
                if *word == 0 {
                    return Err(corrupt("a position record lists a zero word".into()));
                }
            }
        }
        Ok(Record { packed: (flags & NOT_EVALUATED == 0).then_some(packed), score, result })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn header() -> Header {
        Header {
            game: "ataxx".into(),
            settings: vec![("seed".into(), "1".into()), ("limit".into(), "nodes 6000".into())],
        }
    }

    fn file(blocks: &[Vec<Record>]) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_header(&mut bytes, &header()).unwrap();
        for (index, records) in blocks.iter().enumerate() {
            write_block(&mut bytes, index as u64, records).unwrap();
        }
        bytes
    }

    fn read_all(bytes: &[u8]) -> Result<(Header, Vec<Block>), BinaryError> {
        let mut reader = Reader::new(bytes);
        let header = reader.header()?;
        let mut blocks = Vec::new();
        while let Some(block) = reader.next_block()? {
            blocks.push(block);
        }
        Ok((header, blocks))
    }

    fn record() -> impl Strategy<Value = Record> {
        let word = prop_oneof![Just(0u64), any::<u64>()];
        (
            proptest::option::of([word.clone(), word.clone(), word.clone(), word]),
            -WIN..=WIN,
            prop_oneof![Just(0.0f32), Just(0.5), Just(1.0)],
        )
            .prop_map(|(packed, score, result)| Record { packed, score, result })
    }

    proptest! {
        #[test]
        fn records_read_back_as_written(blocks in proptest::collection::vec(proptest::collection::vec(record(), 0..20), 0..5)) {
            let bytes = file(&blocks);
            let (read_header, read) = read_all(&bytes).unwrap();
            prop_assert_eq!(read_header, header());
            prop_assert_eq!(read.len(), blocks.len());
            for (index, (block, records)) in read.iter().zip(&blocks).enumerate() {
                prop_assert_eq!(block.index, index as u64);
                prop_assert_eq!(&block.records, records);
            }
        }

        #[test]
        fn every_cut_is_an_error_or_fewer_games(blocks in proptest::collection::vec(proptest::collection::vec(record(), 1..5), 1..4), cut in any::<prop::sample::Index>()) {
            let bytes = file(&blocks);
            let cut = cut.index(bytes.len());
            match read_all(&bytes[..cut]) {
                Ok((_, read)) => prop_assert!(read.len() < blocks.len()),
                Err(BinaryError::Truncated { offset, .. }) => prop_assert!(offset <= cut as u64),
                Err(other) => prop_assert!(false, "{other}"),
            }
        }
    }

    proptest! {
        /// The fuzz target's property: any bytes (here a valid file with
        /// bytes changed) are read or refused, never a panic, and a file
        /// read whole is its own encoding.
        #[test]
        fn changed_bytes_are_refused_or_read_in_their_one_form(
            blocks in proptest::collection::vec(proptest::collection::vec(record(), 1..4), 1..3),
            changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        ) {
            let mut bytes = file(&blocks);
            for (at, value) in changes {
                let at = at.index(bytes.len());
                bytes[at] = value;
            }
            if let Ok((header, read)) = read_all(&bytes) {
                let mut written = Vec::new();
                write_header(&mut written, &header).unwrap();
                for block in &read {
                    write_block(&mut written, block.index, &block.records).unwrap();
                }
                prop_assert_eq!(written, bytes);
            }
        }
    }

    #[test]
    fn a_record_of_ataxx_takes_the_flags_the_score_and_its_nonzero_words() {
        let mut bytes = Vec::new();
        let record = Record { packed: Some([5, 0, 9, 0]), score: -35, result: 0.5 };
        write_block(&mut bytes, 0, &[record]).unwrap();
        assert_eq!(bytes.len(), 8 + 1 + 2 + 16);
        assert_eq!(bytes[8], 0b0001_0101, "words 0 and 2, drawn");
    }

    #[test]
    fn truncation_and_corruption_name_the_byte() {
        let record = Record { packed: Some([1, 2, 0, 0]), score: 10, result: 1.0 };
        let bytes = file(&[vec![record; 2], vec![record]]);
        let header_len = bytes.len() - 3 * 19 - 16;
        // Cut inside the second record of game 0.
        let cut = header_len + 8 + 19 + 5;
        let error = read_all(&bytes[..cut]).unwrap_err().to_string();
        assert_eq!(
            error,
            format!("byte {}: the file ends inside a position record (truncated)", header_len + 27)
        );
        let error = read_all(&bytes[..10]).unwrap_err().to_string();
        assert!(error.starts_with("byte 10: the file ends inside the game name"), "{error}");
        let mut bad = bytes.clone();
        bad[header_len + 8] |= 0x30;
        let error = read_all(&bad).unwrap_err().to_string();
        assert_eq!(error, format!("byte {}: a position record with result code 3", header_len + 8));
        let mut bad = bytes.clone();
        bad[header_len + 8 + 19 + 19] = 7;
        let error = read_all(&bad).unwrap_err().to_string();
        assert_eq!(error, format!("byte {}: a block of game 7 where game 1 comes", header_len + 46));
        let mut bad = bytes.clone();
        bad[1] = b'X';
        assert!(read_all(&bad).unwrap_err().to_string().contains("wrong magic bytes"));
        let mut bad = bytes.clone();
        bad[8] = 9;
        assert!(read_all(&bad).unwrap_err().to_string().contains("format version 9"));
        let mut bad = bytes;
        bad[header_len + 8 + 1..header_len + 8 + 3].copy_from_slice(&31_000i16.to_le_bytes());
        assert!(read_all(&bad).unwrap_err().to_string().contains("beyond"));
        assert!(is_binary(&MAGIC) && !is_binary(b"# spielwerk") && !is_binary(b""));
    }
}
