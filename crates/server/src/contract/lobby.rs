//! The lobby: its game lines, the featured game, seeks, pools, presence and the lobby socket's messages.
//!
//! Presence (who has the lobby open) has no reply of its own: it is the
//! lobby socket being open (see [`LobbySocketMessage`]).

use super::common::{ClockSpec, Names, Seat, SeatId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use ts_rs::{Config, ExportError, TS};

/// A game of the lobby's lists (`GET /api/games`) and the featured game.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LobbyGame {
    /// The game's id.
    pub id: String,
    /// The registered game (`ataxx`, …).
    pub game: String,
    /// The registered game's title.
    pub title: String,
    /// `human` or `engine`: whom the game was made against.
    pub opponent: String,
    /// The engine's level of a game against the engine.
    pub level: Option<u8>,
    /// Whether the game changes the accounts' ratings.
    pub rated: bool,
    /// Both seats, `p1` first.
    pub seats: Vec<Seat>,
    /// The moves of play made (setup steps not counted), when the game is
    /// in memory; else the moves stored.
    pub ply: usize,
    /// The seat to move.
    pub side_to_move: SeatId,
    /// The name of the side to move, in both languages.
    pub to_move_names: Names,
    /// How many watch it now (on this server instance).
    pub watchers: usize,
    /// When it was made, ms since the epoch.
    pub created_ms: i64,
    /// Its last change, ms since the epoch.
    pub updated_ms: i64,
    /// A correspondence game's days per move.
    pub correspondence: Option<u8>,
    /// A correspondence game's deadline of the move due, ms since the epoch.
    pub deadline_ms: Option<i64>,
}

/// `GET /api/games`: a page of games, the latest move first.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LobbyGamesReply {
    /// The games of the page.
    pub games: Vec<LobbyGame>,
    /// How many games were skipped.
    pub offset: usize,
    /// The page's size.
    pub limit: usize,
    /// How many games the whole list has.
    pub total: usize,
}

/// `GET /api/lobby/featured`: the game being played with the highest
/// rating, or `null`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct FeaturedReply {
    /// The featured game; `null` when no game is being played.
    pub game: Option<LobbyGame>,
}

/// The seeker's side of a seek.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SeekSide {
    /// Drawn when the seek is accepted.
    Random,
    /// The first player's seat.
    P1,
    /// The second player's seat.
    P2,
}

/// An open seek (`GET /api/seeks`, `GET /api/seeks/{id}`, the reply of
/// `POST /api/seeks`).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LobbySeek {
    /// The seek's id.
    pub id: String,
    /// The registered game.
    pub game: String,
    /// The registered game's title.
    pub title: String,
    /// Every option of the game, by name; `null` if unreadable.
    pub options: Option<BTreeMap<String, String>>,
    /// The clock, or `null` (no clock, or days per move).
    pub clock: Option<ClockSpec>,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Whether the game allows takeback requests.
    pub takebacks: bool,
    /// Days per move of a correspondence seek.
    pub correspondence: Option<u8>,
    /// The seeker's side.
    pub side: SeekSide,
    /// The seeker's account name.
    pub name: String,
    /// The seeker's rating of the game (rounded).
    pub rating: f64,
    /// Whether that rating is still provisional.
    pub provisional: bool,
    /// Whether the seek is the signed-in account's own.
    pub mine: bool,
    /// The game made once the seek was accepted.
    pub game_id: Option<String>,
    /// When it was made, ms since the epoch.
    pub created_ms: i64,
}

/// `GET /api/seeks`: the open seeks, the oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SeeksReply {
    /// The seeks.
    pub seeks: Vec<LobbySeek>,
}

/// The terms of a game between people that the pairing form sends: the
/// body of `POST /api/seeks`, and of `POST /api/challenges` beside `to`.
/// They are read once, by `features::setup::read_terms` (a clock as
/// `"5+3"` or `{initial_ms, increment_ms}`, options as texts or numbers).
#[derive(Clone, Debug, Deserialize, TS)]
pub struct PairingTerms {
    /// The registered game.
    pub game: String,
    /// The game's options by name.
    #[serde(default)]
    #[ts(optional, type = "Record<string, unknown>")]
    pub options: BTreeMap<String, Value>,
    /// The clock (`"5+3"`), if any.
    #[ts(optional, type = "unknown")]
    pub clock: Option<Value>,
    /// Whether the game is rated.
    #[serde(default)]
    #[ts(optional, type = "boolean")]
    pub rated: bool,
    /// `p1`, `p2` or `random` (the default).
    #[ts(optional)]
    pub side: Option<String>,
    /// Days per move of a correspondence game, instead of a clock.
    #[ts(optional, type = "unknown")]
    pub correspondence: Option<crate::contract::common::DaysPerMove>,
    /// Whether the game allows takeback requests (by default only a
    /// casual one).
    #[ts(optional, type = "unknown")]
    pub takebacks: Option<Value>,
}

/// `DELETE /api/seeks/{id}`: the seek was withdrawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SeekCancelled {
    /// Always `true`.
    pub cancelled: bool,
}

/// A game made by a pairing (`POST /api/seeks/{id}/accept`, a pool): its
/// id and the account's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct PairedGame {
    /// The game's id.
    pub id: String,
    /// The account's seat.
    pub seat: SeatId,
}

/// `POST /api/pool`: the pool to join.
#[derive(Clone, Debug, Deserialize, TS)]
pub struct PoolJoinRequest {
    /// The registered game.
    pub game: String,
    /// The clock, as `"5+3"`.
    #[ts(type = "unknown")]
    pub clock: Value,
    /// Whether the games are rated (the default).
    #[serde(default = "rated_by_default")]
    #[ts(optional, type = "boolean")]
    pub rated: bool,
}

/// Pools and arenas are rated unless asked otherwise, as lichess's.
pub(super) fn rated_by_default() -> bool {
    true
}

/// Where the signed-in account waits in a pool.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PoolEntry {
    /// The registered game.
    pub game: String,
    /// Initial time and increment, as `"5+3"`.
    pub clock: String,
    /// Whether the pool's games are rated.
    pub rated: bool,
    /// The rating the pairing uses (rounded).
    pub rating: f64,
    /// When it joined, ms since the epoch.
    pub joined_ms: i64,
}

/// How many wait in one pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct PoolCount {
    /// The registered game.
    pub game: String,
    /// The clock, as `"5+3"`.
    pub clock: String,
    /// Whether the pool's games are rated.
    pub rated: bool,
    /// How many wait.
    pub waiting: usize,
}

/// `GET`, `POST` and `DELETE /api/pool`: where the account waits (if it
/// does), the game it was paired into at once (`POST` only), and how many
/// wait in each pool.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PoolReply {
    /// The account's entry, or `null`.
    pub entry: Option<PoolEntry>,
    /// The game the account was paired into by this request.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub paired: Option<PairedGame>,
    /// The pools with somebody waiting.
    pub pools: Vec<PoolCount>,
}

/// What the lobby socket (`GET /api/lobby/ws`) sends. The socket of a
/// signed-in account being open is its presence in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum LobbySocketMessage {
    /// The account was paired into a new game (its pool entry matched or
    /// its seek accepted): the page goes to it.
    Paired {
        /// The game's id.
        game: String,
        /// The account's seat.
        seat: SeatId,
    },
    /// A tournament the socket watches changed (its players, standings,
    /// pairings, results, status or chat): the page fetches it again.
    Tournament {
        /// The tournament's id.
        id: String,
    },
}

/// What the browser sends over the lobby socket (besides the answers to
/// pings): what it watches. A new request replaces the one before.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbySocketRequest {
    /// Watch the tournament `id` (its page, or a game of it): its changes
    /// are told, and a signed-in player of it is there, so that its arena
    /// pairs them.
    WatchTournament {
        /// The tournament's id.
        id: String,
    },
    /// Watch every tournament (the list): each change is told.
    WatchTournaments,
    /// Watch nothing.
    Unwatch,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<LobbyGamesReply>(cfg)?;
    super::export_type::<FeaturedReply>(cfg)?;
    super::export_type::<SeeksReply>(cfg)?;
    super::export_type::<LobbySeek>(cfg)?;
    super::export_type::<PairingTerms>(cfg)?;
    super::export_type::<SeekCancelled>(cfg)?;
    super::export_type::<PairedGame>(cfg)?;
    super::export_type::<PoolJoinRequest>(cfg)?;
    super::export_type::<PoolReply>(cfg)?;
    super::export_type::<LobbySocketMessage>(cfg)?;
    super::export_type::<LobbySocketRequest>(cfg)?;
    Ok(())
}
