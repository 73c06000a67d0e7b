//! Swiss tournaments: a fixed number of rounds, each paired from the
//! scores so far, with no repeated pairing, balanced colours and at most
//! one bye per player; final standings with Buchholz and
//! Sonneborn-Berger tie-breaks.
//!
//! # Method
//!
//! Each round is paired by maximum-weight matching over all players, as
//! in the well-known weighted-matching implementations of the Dutch
//! system (bbpPairings, which lichess's Swiss tournaments use, works this
//! way): the priorities of the rules are encoded in the edge weights so
//! that the best matching keeps the more important rules first. The
//! priorities are listed in [`pairing`]. The matching is this crate's own
//! [`crate::matching`]: crates.io offers no well-kept general-graph
//! weighted matching without heavy dependencies (see the crate docs).

pub mod colour;
pub mod pairing;
pub mod record;
pub mod round;
pub mod standings;

pub use pairing::{Board, Pairing, pair_round};
pub use round::{Round, SwissPlayer};
pub use standings::{SwissStanding, standings};
