//! Arena tournaments, as lichess runs them: a game, a clock, a duration,
//! optionally a rating range and a start time. Signed-in accounts join
//! and leave at will (leaving pauses: they may join again); while the
//! arena runs, every instance looks every [`TICK`] for players waiting
//! for their next game and pairs them with players near them in the
//! standings ([`tournament::arena::pair_waiting`]). A finished game
//! scores 2 for a win, 1 for a draw, double on a streak of two wins
//! ([`tournament::arena::standings`]). At the end time nobody is paired
//! any more; the games still running count when they end, and then the
//! arena is finished with the first of the standings as its winner.
//!
//! The arena's games are ordinary games (made, stored, played and rated
//! as a pool's), linked to it in the store. Everything is read from the
//! store at each tick, so a restart or a second instance on the same
//! PostgreSQL database carries on where it was: a pairing is written
//! against the arena's version and a game scored once, so that of two
//! instances at work at once only one pairs and scores.
//!
//! Every signed-in account may write in an arena's chat (its latest
//! messages come with the arena, without those of muted accounts).
//!
//! A player whose game ends without a result (aborted or abandoned) while
//! it was to move is withdrawn, so that an absent player is not paired
//! again and again; they may join again.

pub mod arena;
pub mod create;
pub mod view;

use std::time::Duration;

/// How often every instance starts, scores, pairs and ends its arenas.
pub const TICK: Duration = Duration::from_secs(1);

pub use arena::keep_running;
pub use create::{chat, create, join, leave};
pub use view::{details, games, joined_by, list};
