//! Arena tournaments as lichess runs them: players join and leave at will,
//! are paired again as soon as their game ends, and score with a bonus for
//! win streaks.

pub mod pairing;
pub mod scoring;
pub mod standings;

pub use pairing::{ArenaBoard, pair_waiting};
pub use scoring::{StreakScorer, game_points};
pub use standings::{ArenaPlayer, ArenaStanding, standings};
