//! Tournament logic for Spielwerk, without I/O and without anything
//! game-specific: players are [`PlayerId`]s and each game ends in a win, a
//! draw or a loss ([`Outcome`]).
//!
//! - [`swiss`]: pairing one round of a Swiss tournament from the rounds
//!   before, and the final standings with Buchholz and Sonneborn-Berger.
//! - [`arena`]: lichess's arena scoring (with its win streaks), standings,
//!   and pairing the players who wait for their next game.
//! - [`league`]: round-robin schedules, league tables and promotion and
//!   relegation between divisions at the end of a season.
//! - [`matching`]: maximum-weight matching in general graphs, and
//!   [`priority_matching`] on it, on which the Swiss and arena pairings
//!   rest.
//!
//! # Why our own matching
//!
//! Swiss pairing by weighted matching needs a maximum-weight matching in a
//! general (non-bipartite) graph. Of the crates found: `mwmatching`
//! (a port of van Rantwijk's reference code) is unmaintained since 2018
//! and takes only `i32` weights, too few for the priorities folded into
//! one weight; `rustworkx-core` is well kept but brings petgraph, rayon
//! and a dozen other crates; `integer-blossom` is young and has a single
//! user. So [`matching`] implements Edmonds' blossom algorithm (the O(n³)
//! primal–dual version) with `i128` weights, and its tests compare it
//! with enumeration of all matchings on thousands of random small graphs.

pub mod arena;
pub mod league;
pub mod matching;
pub mod outcome;
pub mod player;
pub mod priority_matching;
pub mod swiss;

pub use outcome::{Colour, Outcome, PlayedGame};
pub use player::PlayerId;
