//! Engine development for Spielwerk: everything that turns self-play into
//! stronger engines.
//!
//! - [`datagen`]: self-play games between equal engines from randomised
//!   openings, written as training positions;
//! - [`data`]: the text format of those positions, and its reader;
//! - [`binary`]: the binary format of those positions, for networks;
//! - [`nnue`]: the trainer of NNUE evaluations;
//! - [`puzzles`]: puzzles mined from self-play with multi-PV searches;
//! - [`resume`]: continuing a run from the complete games of its file;
//! - [`texel`]: Texel-style tuning of the weights of a hand-written linear
//!   evaluation against those positions.
//!
//! # The data formats
//!
//! `spielwerk datagen` writes text (the default) or binary data
//! (`--format binary`); `spielwerk train` reads both, telling them apart by
//! the binary format's magic bytes; `spielwerk tune` reads text only (it
//! needs the position texts, which binary data does not keep).
//!
//! ## Text
//!
//! A data file is UTF-8 text. Lines starting with `#` are comments (the
//! generator writes its settings there); every other line is one position:
//!
//! ```text
//! <position text>\t<score>\t<result>
//! ```
//!
//! - *position text*: the game's own position text (Ataxx FEN, Abalone,
//!   Formation and Amakta position text), as `spielwerk` reads it back;
//! - *score*: the engine's search score in points from the point of view
//!   of the side to move (100 ≈ one stone); a win the search found is
//!   written as [`data::WIN`] (30000), a loss as -30000;
//! - *result*: how the game ended for the side to move: `1` won, `0.5`
//!   drawn, `0` lost.
//!
//! The generator's comments: the header `# spielwerk datagen`, one line
//! `# setting <name> <value>` per setting ([`datagen::described`]) and the
//! note [`datagen::TEXT_GAME_NOTE`] (that a line `# game N` ends game N's
//! positions); after each game's positions the line `# game <index>`
//! (from 0), which tells a resumed run where the complete games end.
//!
//! ## Binary
//!
//! Written only for games with a network: each position is stored as the
//! network's packed form ([`game::NetSpec::pack`], 256 bits, side to
//! move's view), so the positions cannot be turned back into text. All
//! numbers are little-endian.
//!
//! - Header: the magic bytes [`binary::MAGIC`] (`89 'S' 'W' 'D' 0D 0A 1A
//!   0A`), the version (u16, [`binary::VERSION`]), the game's registered
//!   name (u8 length, UTF-8), the settings (u8 count; each a u8-length
//!   name and a u16-length value, UTF-8).
//! - Then one block per game, in the order of the games from 0: the game's
//!   index (u32), its number of positions (u32), and its positions (a
//!   resumed run keeps the complete blocks).
//! - A position: one flag byte (bits 0–3: which of the four 64-bit words
//!   of the packed position follow — only the nonzero ones do; bits 4–5:
//!   the result for the side to move, 0 lost, 1 drawn, 2 won; bit 6: the
//!   network does not evaluate this position, no words follow; bit 7:
//!   zero), the score (i16, as in the text format), the words (u64 each).
//!
//! An Ataxx position (own stones, the opponent's, blockers when there are
//! any) takes 19 bytes, where its text line takes about 57. Every encoding
//! has one form: a word listed must be nonzero, a result code must be 0–2,
//! blocks must come in order. A file that ends inside an item, or has
//! anything else, is an error naming the byte offset where that item
//! starts.

pub mod binary;
pub mod data;
pub mod datagen;
pub mod nnue;
pub mod puzzles;
pub mod resume;
pub mod texel;
