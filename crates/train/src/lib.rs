//! Engine development for Spielwerk: everything that turns self-play into
//! stronger engines.
//!
//! - [`datagen`]: self-play games between equal engines from randomised
//!   openings, written as training positions;
//! - [`data`]: the text format of those positions, and its reader;
//! - [`nnue`]: the trainer of NNUE evaluations;
//! - [`puzzles`]: puzzles mined from self-play with multi-PV searches;
//! - [`texel`]: Texel-style tuning of the weights of a hand-written linear
//!   evaluation against those positions.
//!
//! # The data format
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

pub mod data;
pub mod datagen;
pub mod nnue;
pub mod puzzles;
pub mod texel;
