//! Correspondence leagues: the list (one league per game), one league's
//! page (its season, divisions, tables and games, and who signed up for
//! the next season).

use serde::Serialize;
use ts_rs::{Config, ExportError, TS};

/// The days each player has per move in a league game.
pub const LEAGUE_DAYS_PER_MOVE: u8 = 3;

/// How many players at most one division (one group) has.
pub const LEAGUE_GROUP_SIZE: usize = 8;

/// How many of a division's top players go up a division at the end of a
/// season, and how many of its bottom players go down (at most half of a
/// small division each way).
pub const LEAGUE_MOVING: usize = 2;

/// Where a season is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum LeagueStatus {
    /// Players sign up and leave; it starts at its start time.
    Signup,
    /// Its games are played.
    Running,
    /// Every game has ended; its tables are final.
    Finished,
}

/// One game's league in the list.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueSummary {
    /// The game's name in the registry.
    pub game: String,
    /// The season being played, if one is.
    pub running: Option<u32>,
    /// How many play the running season.
    pub playing: u32,
    /// The season open for sign-up, if any.
    pub signup: Option<u32>,
    /// When that season starts, ms since the epoch (none: a sign-up period
    /// after the running season ends).
    pub starts_ms: Option<i64>,
    /// How many signed up for it.
    pub signed_up: u32,
}

/// `GET /api/leagues`: every game's league, in the registry's order.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeaguesReply {
    /// The leagues.
    pub leagues: Vec<LeagueSummary>,
    /// The days per move of every league game.
    pub days_per_move: u8,
}

/// Where a line of a table ends the season.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum LeagueZone {
    /// Goes up a division.
    Promotion,
    /// Stays.
    Stay,
    /// Goes down a division.
    Relegation,
}

/// A line of a division's table.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueTableLine {
    /// The place, 1 first.
    pub place: u32,
    /// The account's name.
    pub name: String,
    /// Games finished.
    pub played: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Points: 1 a win, ½ a draw.
    pub points: f64,
    /// The first tie-break: points from the games against the players
    /// level on points.
    pub head_to_head: f64,
    /// The second tie-break: Sonneborn-Berger.
    pub sonneborn_berger: f64,
    /// Where the line ends the season if the table stays as it is.
    pub zone: LeagueZone,
}

/// A game of a division.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueGame {
    /// The game's id.
    pub id: String,
    /// The round of the division's schedule, 1 first.
    pub round: u32,
    /// The name of the account at seat `p1` (who moves first).
    pub white: String,
    /// The name of the account at seat `p2`.
    pub black: String,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`), none while it runs.
    pub result: Option<String>,
}

/// A division of a season (one group, everyone against everyone twice).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueDivision {
    /// Its number, 1 the top one.
    pub number: u32,
    /// Its table, first place first.
    pub table: Vec<LeagueTableLine>,
    /// Its games, by round.
    pub games: Vec<LeagueGame>,
}

/// A season that started.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueSeason {
    /// Its number, 1 first.
    pub number: u32,
    /// Running or finished.
    pub status: LeagueStatus,
    /// When it started, ms since the epoch.
    pub started_ms: Option<i64>,
    /// Its divisions, the top one first.
    pub divisions: Vec<LeagueDivision>,
}

/// The season open for sign-up.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueSignup {
    /// Its number.
    pub number: u32,
    /// When it starts, ms since the epoch (none: a sign-up period after
    /// the running season ends).
    pub starts_ms: Option<i64>,
    /// The names of those signed up (carried over from the season before,
    /// then newcomers).
    pub players: Vec<String>,
}

/// What the signed-in account has of the league.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueMe {
    /// Whether it signed up for the season open for sign-up.
    pub signed_up: bool,
    /// Its division in the season shown (1 the top one), if it plays there.
    pub division: Option<u32>,
}

/// `GET /api/leagues/{game}` (and the reply of signing up and leaving):
/// the running season, or else the last one finished, and the season open
/// for sign-up.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LeagueReply {
    /// The game's name in the registry.
    pub game: String,
    /// The days per move of its games.
    pub days_per_move: u8,
    /// The sign-up period, ms: how long after a season ends the next one
    /// starts (and how far the start moves while fewer than two signed up).
    pub signup_period_ms: i64,
    /// The season shown, if one started.
    pub season: Option<LeagueSeason>,
    /// The season open for sign-up, if any.
    pub signup: Option<LeagueSignup>,
    /// The signed-in account's part (none when signed out).
    pub me: Option<LeagueMe>,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<LeaguesReply>(cfg)?;
    super::export_type::<LeagueReply>(cfg)?;
    Ok(())
}
