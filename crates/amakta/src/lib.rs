//! Amakta: a strategy game of arrows on a hex board, after the German
//! original rules (see `rules/en.md`).
//!
//! - [`hex`], [`board`], [`HexBoard`]: geometry, the board abstraction the
//!   rules engine is written against, and the bounded boards of the
//!   standard game;
//! - [`stones`], [`sets`]: stones, their codes and symmetries, sets;
//! - [`Position`]: the rules engine (arrow counts, control, freedom, moves),
//!   generic over the board; [`Amakta`] is the standard game on a
//!   [`HexBoard`];
//! - [`rules`]: every decision taken where the seed is open, in one place;
//! - [`moves`]: moves and the move text; [`setup`]: building positions and
//!   the position text; [`view`]: the JSON schema of [`game::Presentation::view`];
//! - the terminal drawing ([`game::Presentation::render`]): every cell a small
//!   block with the stone's arrows (`↗→↘↙←↖` and reach digits, `x` for a
//!   blocked arrow), owner, mark, free (`ok`) or bound (`!!`), and the
//!   control and White:Black arrow counts of every cell, occupied or not;
//!   [`game::Presentation::explain`] answers `cell e5` / `stone e5` in words;
//! - [`engine`]: the engines; [`mod@entry`]: the registry entry with options,
//!   rule texts and engines ([`entry()`]);
//! - [`infinit`]: the variant Amakta Infinit on the unbounded [`plane`]
//!   (bidding, stone creation, stone values), the same rules engine on
//!   another board ([`infinit_entry()`]).
//!
//! For the command line: `spielwerk amakta stones --count` is
//! [`stones::count_distinct`] (86185); `spielwerk amakta stone CODE` is
//! [`Stone::parse`] followed by [`Stone::describe`] (canonical code,
//! orientations, drawing — [`Stone::drawing`] alone gives the drawing);
//! `spielwerk amakta value CODE [--circle none|damage|reinforcement]` is
//! [`Stone::parse`] and [`Circle::parse`] followed by
//! [`infinit::value_text`] (the number alone: [`infinit::stone_value`]).
//!
//! The engines, the evaluations and their tunable weights (here and in
//! [`infinit`]) come with the default feature `engine`; without it the
//! crate is the rules alone and the registry entries offer no engines.

pub mod board;
mod colour;
#[cfg(test)]
mod consistency;
#[cfg(feature = "engine")]
pub mod engine;
pub mod entry;
#[cfg(feature = "engine")]
mod eval;
#[cfg(feature = "presentation")]
mod explain;
mod fields;
pub mod hex;
pub mod hexboard;
pub mod infinit;
#[cfg(feature = "presentation")]
pub mod lesson;
mod movegen;
pub mod moves;
pub mod plane;
mod position;
#[cfg(feature = "presentation")]
pub mod puzzles;
#[cfg(feature = "presentation")]
mod render;
pub mod rules;
pub mod sets;
pub mod setup;
mod standard;
pub mod stones;
#[cfg(feature = "presentation")]
pub mod view;

pub use colour::{Circle, Colour};
#[cfg(feature = "presentation")]
pub use entry::entry;
#[cfg(feature = "engine")]
pub use eval::{PLAY_FEATURES, PLAY_TERMS, PLAY_WEIGHTS};
pub use hexboard::HexBoard;
#[cfg(feature = "presentation")]
pub use infinit::infinit_entry;
pub use infinit::{Infinit, InfinitMove};
pub use moves::Move;
pub use position::{Control, Location, Phase, PieceInfo, PieceState, Position};
pub use setup::Amakta;
pub use stones::Stone;
