//! Correspondence leagues as BrettspielNetz and Little Golem run them:
//! groups that play everyone against everyone with both colours, a table
//! per group, and promotion and relegation between divisions at the end
//! of a season.

pub mod schedule;
pub mod season;
pub mod table;

pub use schedule::{LeagueRound, round_robin};
pub use season::next_season;
pub use table::{TableRow, table};
