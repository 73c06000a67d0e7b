//! A game: its state and updates, the game socket's messages, and the
//! replies of the game flows (create, join, moves, resign, draw, undo,
//! import, abort, claim, takeback, rematch).
//!
//! The state and the update borrow from the game's table: the core writes
//! them once as JSON text ([`GameJson`]) for the reply and the push alike.
//! A reply that carries the whole state besides its own fields (a seat
//! taken, a record imported) holds that text as it is.

use super::common::{Names, Seat, SeatId};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use ts_rs::{Config, ExportError, TS};

/// The JSON text of a [`GameState`] or a [`GameUpdate`], as the core wrote
/// it (once for the reply and the push): the reply of a move, a
/// resignation, a draw or takeback action, an abort, a claim and an undo.
#[derive(Clone, Debug)]
pub struct GameJson(pub Bytes);

/// How a game ended.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameOutcome {
    /// The result as a record writes it (`1-0`, `0-1`, `1/2-1/2`).
    pub result: &'static str,
    /// The winning seat; `null` for a draw.
    pub winner: Option<SeatId>,
    /// Why, as a code (`resignation`, `timeout`, `aborted`, …).
    pub reason: &'static str,
    /// The reason in English (for programs and logs).
    pub description: String,
    /// The reason in both languages.
    pub text: Names,
}

/// A game's clock: the base time, the increment, each seat's time left
/// (P1's, P2's) and the seat whose time runs.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameClock {
    /// Each side's time at the start, ms.
    pub initial_ms: i64,
    /// Time added after each move, ms.
    pub increment_ms: i64,
    /// P1's and P2's time left, ms.
    pub remaining_ms: [i64; 2],
    /// The seat whose time runs; `null` before the clock starts and after
    /// the game.
    pub running: Option<SeatId>,
}

/// A correspondence game's time control: days per move, and while the
/// game runs (both seats taken) the side to move's deadline and time left.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameCorrespondence {
    /// Days per move.
    pub days_per_move: u8,
    /// The side to move's deadline, ms since the epoch.
    pub deadline_ms: Option<i64>,
    /// Ms until the deadline.
    pub left_ms: Option<i64>,
}

/// What is between the players of a game between people.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GamePeople {
    /// Whether either player may abort the game (fewer than two moves of
    /// play: setup steps do not count).
    pub abortable: bool,
    /// Whether the position is in the game's setup phase (Amakta's circles
    /// and colour choice, Amakta Infinit's bids and stone creation).
    pub in_setup: bool,
    /// How many of the moves played were moves of play (setup steps not
    /// counted).
    pub play_moves: usize,
    /// Ms left for the side to move's first move, before the game is
    /// aborted (clock games).
    pub first_move_ms: Option<i64>,
    /// Whether the players may ask each other to take moves back.
    pub takebacks: bool,
    /// The seat that asks to take back its last move.
    pub takeback_offer: Option<SeatId>,
    /// The seat whose draw offer the other declined (until the next move).
    pub draw_declined: Option<SeatId>,
    /// The seat whose player aborted the game, once one did; `null` when
    /// it is not aborted, or the first move's deadline aborted it.
    pub aborted_by: Option<SeatId>,
    /// P1's and P2's player: connected once, gone now.
    pub presence: [GamePresence; 2],
}

/// Whether a seat's player is here.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GamePresence {
    /// The player has been connected to the game.
    pub seen: bool,
    /// The player is gone (their last connection closed).
    pub gone: bool,
    /// Ms until the other player may claim the win or a draw (while gone,
    /// after the second move of play).
    pub claim_in_ms: Option<i64>,
}

/// The fields a whole state and an update share: the position's summary.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameSummary<'a> {
    /// The seat to move.
    pub side_to_move: SeatId,
    /// The side to move's name in both languages.
    pub to_move_names: Names,
    /// P1's and P2's seat.
    pub seats: [Seat; 2],
    /// Legal moves, as the request or push asks (see `legal_moves_from`).
    #[ts(type = "string[]")]
    pub legal_moves: &'a RawValue,
    /// How many legal moves there are.
    pub legal_moves_count: usize,
    /// The index of the first listed legal move in the full list.
    pub legal_moves_from: usize,
    /// How the game ended; `null` while it runs.
    pub outcome: Option<GameOutcome>,
    /// The seat that offers a draw.
    pub draw_offer: Option<SeatId>,
    /// The seat that offers a rematch.
    pub rematch_offer: Option<SeatId>,
    /// The agreed rematch's id.
    pub rematch: Option<&'a str>,
    /// The clock of a game between people with one.
    pub clock: Option<GameClock>,
    /// Whether the engine is thinking of its move.
    pub engine_thinking: bool,
    /// The time control of a correspondence game.
    pub correspondence: Option<GameCorrespondence>,
    /// Games between people only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub people: Option<GamePeople>,
}

/// The played moves of a whole state or an update, with the summary.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameProgress<'a> {
    /// Grows by one with every change.
    pub version: u64,
    /// The ply index of the first listed move.
    pub moves_from: usize,
    /// Played moves from `moves_from` on.
    pub moves: &'a [String],
    /// How many moves were played.
    pub ply: usize,
    /// The last move played.
    pub last_move: Option<&'a str>,
    /// The position's summary.
    #[serde(flatten)]
    pub summary: GameSummary<'a>,
}

/// The tag of a whole state.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum GameStateTag {
    /// `"state"`.
    State,
}

/// The tag of an update.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum GameUpdateTag {
    /// `"update"`.
    Update,
}

/// What the opponent is: the engine, a person, or none (an imported
/// record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum GameOpponent {
    /// Against the engine.
    Engine,
    /// Between people.
    Human,
    /// An imported record.
    Record,
}

/// The league season a game belongs to: `league` of a [`GameState`].
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameLeague<'a> {
    /// The league's game (a league is named by its game: `/leagues/{game}`).
    pub game: &'a str,
    /// The season's number.
    pub season: u32,
}

/// A game's whole state: `GET /api/games/{id}`, the socket's first message
/// (and its message after moves were taken back), and `state` in the
/// replies of create, join, import and rematch.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameState<'a> {
    /// `"state"`.
    #[serde(rename = "type")]
    pub kind: GameStateTag,
    /// The seat of the signed-in account asking (`GET` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub you: Option<SeatId>,
    /// The game's id.
    pub id: &'a str,
    /// The registered game's name.
    pub game: &'static str,
    /// Its English title.
    pub title: &'static str,
    /// The options it was created with.
    pub options: BTreeMap<&'a str, &'a str>,
    /// Who the opponent is.
    pub opponent: GameOpponent,
    /// The engine's level (games against it).
    pub level: Option<u8>,
    /// Whether the game changes the accounts' ratings.
    pub rated: bool,
    /// The start position as text.
    pub start_position: &'a str,
    /// The position as text.
    pub position: &'a str,
    /// When the game was created, ms since the epoch.
    pub created_ms: i64,
    /// An imported record's own tags, in order, as `[name, value]` pairs.
    pub tags: &'a [(String, String)],
    /// The id of the tournament that paired the game, if one did.
    pub tournament: Option<&'a str>,
    /// That tournament's kind: `arena` or `swiss`.
    pub tournament_kind: Option<&'a str>,
    /// The league season that made the game, if one did (its page is
    /// `/leagues/{game}`).
    pub league: Option<GameLeague<'a>>,
    /// The moves and the summary.
    #[serde(flatten)]
    pub progress: GameProgress<'a>,
    /// The game's own view of the position (its shape is the game's);
    /// `null` when the request leaves it out.
    #[ts(type = "unknown")]
    pub view: Option<&'a RawValue>,
}

/// An update: the moves since the version before and the summary (see
/// `core::state`); pushes carry the view, replies leave it out.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameUpdate<'a> {
    /// `"update"`.
    #[serde(rename = "type")]
    pub kind: GameUpdateTag,
    /// The game's id.
    pub id: &'a str,
    /// The moves and the summary.
    #[serde(flatten)]
    pub progress: GameProgress<'a>,
    /// The game's own view of the position (pushes only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub view: Option<&'a RawValue>,
}

/// The reply of taking a seat: creating a game (`201`), joining one by
/// its invite, starting or claiming a rematch: the game, the seat, its
/// token and the game's whole state.
#[derive(Debug, Serialize, TS)]
pub struct GameSeatReply {
    /// The game's id.
    pub id: String,
    /// The seat taken.
    pub seat: SeatId,
    /// The seat's token (`Authorization: Bearer …`).
    pub token: String,
    /// The link that invites the opponent (a new game between people).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invite: Option<String>,
    /// The game's whole state.
    #[ts(as = "GameState<'static>")]
    pub state: Box<RawValue>,
}

/// `POST /api/games/{id}/invite`: a new link that invites the friend to
/// the open seat (the old one stops working).
#[derive(Debug, Serialize, TS)]
pub struct NewInvite {
    /// The link, with the new invite code after `#invite=`.
    pub invite: String,
}

/// `POST /api/records` (`201`): the imported record's game and its whole
/// state.
#[derive(Debug, Serialize, TS)]
pub struct GameImported {
    /// The new game's id.
    pub id: String,
    /// Its whole state.
    #[ts(as = "GameState<'static>")]
    pub state: Box<RawValue>,
}

/// `GET /api/games/{id}/view/{ply}`: the position after `ply` moves.
#[derive(Debug, Serialize, TS)]
pub struct GamePositionAt {
    /// The ply (cut to the moves played).
    pub ply: usize,
    /// The game's view of the position.
    #[ts(type = "unknown")]
    pub view: Value,
    /// The move that led to it.
    pub last_move: Option<String>,
    /// The seat to move there.
    pub side_to_move: SeatId,
    /// The position as text.
    pub position: String,
}

/// The body of `POST /api/games`: a new game against the engine or a
/// person (see `features::setup::GameSetup`).
#[derive(Debug, Deserialize, TS)]
pub struct CreateGameRequest {
    /// The registered game's name.
    pub game: String,
    /// Game options: text, numbers or booleans.
    #[serde(default)]
    #[ts(optional, type = "Record<string, string | number | boolean>")]
    pub options: BTreeMap<String, Value>,
    /// `engine` (the default) or `human`.
    #[ts(optional, type = "\"engine\" | \"human\"")]
    pub opponent: Option<String>,
    /// The engine's level, 1 to 10.
    #[ts(optional)]
    pub level: Option<i64>,
    /// The creator's seat: `p1` (the default), `p2` or `random`.
    #[ts(optional, type = "\"p1\" | \"p2\" | \"random\"")]
    pub side: Option<String>,
    /// A clock, `"5+3"` or `{"minutes", "increment"}` (games between
    /// people).
    #[ts(optional, type = "string | { minutes: number, increment?: number } | null")]
    pub clock: Option<Value>,
    /// A start position as text.
    #[ts(optional)]
    pub position: Option<String>,
    /// Whether the game is rated.
    #[serde(default)]
    #[ts(optional, type = "boolean")]
    pub rated: bool,
    /// Days per move of a correspondence game, instead of a clock.
    #[ts(optional, type = "number | null")]
    pub correspondence: Option<crate::contract::common::DaysPerMove>,
    /// Whether the players may ask each other to take moves back: by
    /// default in casual games, not in rated ones.
    #[ts(optional, type = "boolean | null")]
    pub takebacks: Option<Value>,
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize, TS)]
pub struct MoveRequest {
    /// The move as the game writes it.
    #[serde(rename = "move")]
    pub mv: String,
}

/// The body of `POST /api/games/{id}/join`.
#[derive(Debug, Deserialize, TS)]
pub struct JoinRequest {
    /// The invite code of the open seat.
    pub invite: String,
}

/// The body of `POST /api/records`.
#[derive(Debug, Deserialize, TS)]
pub struct ImportRequest {
    /// The record's text.
    pub record: String,
}

/// The body of `POST /api/games/{id}/draw` and `…/takeback`: `offer` (the
/// default), `accept` or `decline`.
#[derive(Debug, Default, Deserialize, TS)]
pub struct OfferRequest {
    /// What to do.
    #[ts(optional, type = "\"offer\" | \"accept\" | \"decline\"")]
    pub action: Option<String>,
}

/// The body of `POST /api/games/{id}/claim`: `win` (the default) or
/// `draw`.
#[derive(Debug, Default, Deserialize, TS)]
pub struct ClaimRequest {
    /// What is claimed.
    #[ts(optional, type = "\"win\" | \"draw\"")]
    pub result: Option<String>,
}

/// The body of `POST /api/games/{id}/rematch`.
#[derive(Debug, Deserialize, TS)]
pub struct RematchRequest {
    /// `offer`, `accept`, `decline`, `cancel` or `claim`.
    #[ts(type = "\"offer\" | \"accept\" | \"decline\" | \"cancel\" | \"claim\"")]
    pub action: String,
}

/// The game socket's message in: a player says whose socket it is.
#[derive(Debug, Deserialize, TS)]
pub struct GameSocketHello {
    /// `"hello"`.
    #[serde(rename = "type")]
    #[ts(type = "\"hello\"")]
    pub kind: String,
    /// The seat's token.
    pub token: String,
}

/// The tag of [`GameWatchers`].
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum GameWatchersTag {
    /// `"watchers"`.
    Watchers,
}

/// The game socket's message of how many spectators watch (besides the
/// whole state, the updates and the chats).
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct GameWatchers {
    /// `"watchers"`.
    #[serde(rename = "type")]
    pub kind: GameWatchersTag,
    /// Spectators' sockets on this server.
    pub count: usize,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<GameState<'static>>(cfg)?;
    super::export_type::<GameUpdate<'static>>(cfg)?;
    super::export_type::<GameSeatReply>(cfg)?;
    super::export_type::<NewInvite>(cfg)?;
    super::export_type::<GameImported>(cfg)?;
    super::export_type::<GamePositionAt>(cfg)?;
    super::export_type::<CreateGameRequest>(cfg)?;
    super::export_type::<MoveRequest>(cfg)?;
    super::export_type::<JoinRequest>(cfg)?;
    super::export_type::<ImportRequest>(cfg)?;
    super::export_type::<OfferRequest>(cfg)?;
    super::export_type::<ClaimRequest>(cfg)?;
    super::export_type::<RematchRequest>(cfg)?;
    super::export_type::<GameSocketHello>(cfg)?;
    super::export_type::<GameWatchers>(cfg)?;
    Ok(())
}
