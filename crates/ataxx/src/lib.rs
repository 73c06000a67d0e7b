//! Ataxx for Spielwerk: rules on bitboards, FEN and move text, fast perft,
//! evaluation, terminal drawing, JSON view and the registry entry.
//!
//! The position type is [`Ataxx`]; it implements [`game::Game`] and
//! [`search::Evaluate`] (with the network of [`nnue`]), the latter with the
//! default feature `engine`: without it the crate is the rules alone and
//! its registry entry offers no engines. Two rulesets exist ([`Ruleset`]): `seed` (default;
//! threefold repetition ends the game and more stones wins) and `community`
//! (the libataxx conventions: 50-move rule, no repetition rule).
//!
//! # Perft
//!
//! [`game::Game::perft`] walks the move tree on bare bitboards and counts
//! the last two plies in bulk: the replies to each move are counted from
//! popcounts, with the opponent's jumps corrected incrementally for the
//! squares the move fills and empties and the stones it captures. On x86-64
//! the walk uses the `popcnt` instruction when the CPU has it (detected at
//! run time). `cargo bench -p spielwerk-ataxx` measures start-position
//! depths 6 and 7.
//!
//! # View schema
//!
//! [`game::Presentation::view`] returns [`view::AtaxxView`] as JSON:
//!
//! ```json
//! {"game":"ataxx","files":7,"ranks":7,
//!  "board":["x.....o",".......",".......",".......",".......",".......","o.....x"],
//!  "counts":[2,2],"halfmove":0,"fullmove":1,"rules":"seed"}
//! ```
//!
//! `board` holds the ranks 7 down to 1, each a string of the files a to g:
//! `x` a Red stone (player 1), `o` a Blue stone (player 2), `-` a blocker,
//! `.` an empty square. `counts` are the stones of x and o.

pub mod bitboard;
mod entry;
#[cfg(feature = "engine")]
mod eval;
mod fen;
mod game_impl;
#[cfg(feature = "presentation")]
pub mod lesson;
mod moves;
#[cfg(feature = "engine")]
pub mod nnue;
mod notation;
mod perft;
mod position;
#[cfg(feature = "presentation")]
pub mod puzzles;
#[cfg(feature = "presentation")]
mod render;
mod ruleset;
mod square;
#[cfg(feature = "presentation")]
pub mod view;
mod zobrist;

#[cfg(feature = "presentation")]
pub use entry::entry;
pub use entry::{ENGINE_DEFAULTS, ENGINES, NAME, OPTIONS, SEARCH_DEFAULTS, make_position};
pub use fen::START_FEN;
pub use game_impl::PLAYERS;
pub use moves::Move;
pub use position::{Ataxx, FIFTY_MOVE_PLIES};
pub use ruleset::Ruleset;
pub use square::Square;
