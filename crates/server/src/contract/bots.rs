//! Bots and personal API tokens: the token requests and replies of the
//! account page, and the Bot API's replies and stream lines (lichess's
//! shape, so that existing bot bridges need little change: the first
//! player is `white`, the second `black`). The stream lines deserialise
//! too, for the bot bridge.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::{Config, ExportError, TS};

/// The body of `POST /api/account/tokens`: what the token is for and the
/// scopes it grants (`bot:play`, `challenge:read`, `challenge:write`).
#[derive(Debug, Deserialize, TS)]
pub struct ApiTokenRequest {
    /// What the token is for (1 to 100 characters), so that its owner
    /// knows which to revoke.
    #[serde(default)]
    pub description: String,
    /// The scopes it grants, at least one.
    #[serde(default)]
    pub scopes: Vec<String>,
}

/// A personal API token of the signed-in account, as its list shows it
/// (the secret is shown once, when it is made).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ApiTokenSummary {
    /// Its id, which revokes it.
    pub id: String,
    /// What it is for.
    pub description: String,
    /// The scopes it grants.
    pub scopes: Vec<String>,
    /// When it was made, ms since the epoch.
    pub created_ms: i64,
}

/// `POST /api/account/tokens`: the token just made, with its secret — the
/// only time the secret is shown (only its hash is stored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ApiTokenCreated {
    /// Its id, which revokes it.
    pub id: String,
    /// The secret a program sends as `Authorization: Bearer <token>`.
    pub token: String,
}

/// `GET /api/account/tokens`: the signed-in account's tokens, oldest
/// first, and whether the account is a bot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ApiTokenList {
    /// The tokens.
    pub tokens: Vec<ApiTokenSummary>,
    /// Whether the account is a bot.
    pub bot: bool,
}

/// The Bot API's plain success reply, `{"ok": true}` (as lichess answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct OkReply {
    /// Always `true`.
    pub ok: bool,
}

/// A game's variant in the Bot API: our registered game name as `key`
/// (lichess's `standard`, `chess960`…), its English title as `name`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotVariant {
    /// The registered game (`ataxx`, `abalone`…).
    pub key: String,
    /// Its English title.
    pub name: String,
    /// Its title again (lichess's short name).
    pub short: String,
}

/// A performance category (lichess's `perf`): our game's title.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotPerf {
    /// The game's English title.
    pub name: String,
}

/// A game's status as lichess names it, with lichess's number: `started`
/// (20), `aborted` (25), `mate` (30: won on the board, whatever our
/// game's rule), `resign` (31), `timeout` (33: the opponent left), `draw`
/// (34), `outoftime` (35), `noStart` (37).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotStatus {
    /// Lichess's number of the status.
    pub id: u16,
    /// Its name.
    pub name: String,
}

/// A game's opponent in an event line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotOpponent {
    /// The account name in lower case (lichess's user id).
    pub id: String,
    /// The account name.
    pub username: String,
    /// The opponent's rating of the game, rounded, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<i64>,
}

/// A game in the lines `gameStart` and `gameFinish` of the event stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BotEventGame {
    /// The game's id (what `/api/bot/game/stream/{id}` takes).
    pub game_id: String,
    /// The game's id again (lichess's id with the seat).
    pub full_id: String,
    /// The game's id again.
    pub id: String,
    /// The account's side: `white` is the first player, `black` the second.
    pub color: String,
    /// The current position, as our game writes it.
    pub fen: String,
    /// Whether the account has made a move.
    pub has_moved: bool,
    /// Whether the account is to move.
    pub is_my_turn: bool,
    /// The last move played, in our game's move text (empty: none).
    pub last_move: String,
    /// The opponent.
    pub opponent: BotOpponent,
    /// Whether the game is rated.
    pub rated: bool,
    /// The account's time left, whole seconds (clock games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seconds_left: Option<i64>,
    /// How the game came about: always `friend` (a challenge).
    pub source: String,
    /// The game's status.
    pub status: BotStatus,
    /// `ultraBullet`, `bullet`, `blitz`, `rapid`, `classical` (clock) or
    /// `correspondence`.
    pub speed: String,
    /// The game.
    pub variant: BotVariant,
    /// `white` or `black` once the game is won (absent for a draw or while
    /// it runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub winner: Option<String>,
}

/// A player in a challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotChallengeUser {
    /// The account name in lower case (lichess's user id).
    pub id: String,
    /// The account name.
    pub name: String,
    /// The player's rating of the game, rounded, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<i64>,
    /// `BOT` for a bot account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
}

/// A challenge's time control: a clock (seconds), days per move, or none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum BotTimeControl {
    /// A clock.
    Clock {
        /// The initial time, seconds.
        limit: i64,
        /// The increment per move, seconds.
        increment: i64,
        /// The clock as people write it (`5+3`).
        show: String,
    },
    /// Days per move.
    Correspondence {
        /// The days per move.
        #[serde(rename = "daysPerTurn")]
        days_per_turn: u8,
    },
    /// No time limit.
    Unlimited,
}

/// A challenge in the lines `challenge`, `challengeCanceled` and
/// `challengeDeclined` of the event stream (the same object as the web
/// page's challenge, see `GET /api/challenges`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BotChallenge {
    /// The challenge's id (what `…/accept` and `…/decline` take).
    pub id: String,
    /// Its page.
    pub url: String,
    /// `created` (open), `accepted`, `declined`, `canceled` or `expired`.
    pub status: String,
    /// Who challenges.
    pub challenger: BotChallengeUser,
    /// Who is challenged.
    pub dest_user: BotChallengeUser,
    /// The game.
    pub variant: BotVariant,
    /// Whether the game would be rated.
    pub rated: bool,
    /// See [`BotEventGame::speed`].
    pub speed: String,
    /// The time control.
    pub time_control: BotTimeControl,
    /// The challenger's side: `white`, `black` or `random`.
    pub color: String,
    /// The game's performance category.
    pub perf: BotPerf,
    /// The game made, once accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub game_id: Option<String>,
    /// Why it was declined, in English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub decline_reason: Option<String>,
    /// Why it was declined, as a key (`generic`, `later`…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub decline_reason_key: Option<String>,
}

/// One line of `GET /api/stream/event` (an empty line keeps it alive).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum BotEvent {
    /// A game of the account began (or runs, at the stream's start).
    GameStart {
        /// The game.
        game: BotEventGame,
    },
    /// A game of the account ended.
    GameFinish {
        /// The game.
        game: BotEventGame,
    },
    /// A challenge to or of the account is open (new, or at the stream's
    /// start).
    Challenge {
        /// The challenge.
        challenge: BotChallenge,
    },
    /// A challenge was withdrawn (or, for the challenger, expired).
    ChallengeCanceled {
        /// The challenge.
        challenge: BotChallenge,
    },
    /// A challenge of the account was declined.
    ChallengeDeclined {
        /// The challenge.
        challenge: BotChallenge,
    },
}

/// A player of a game in `gameFull`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotGamePlayer {
    /// The account name in lower case (lichess's user id).
    pub id: String,
    /// The account name.
    pub name: String,
    /// `BOT` for a bot account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    /// The player's rating of the game, rounded, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<i64>,
}

/// A game's clock in `gameFull`, ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotClock {
    /// Initial time per player, ms.
    pub initial: i64,
    /// Increment per move, ms.
    pub increment: i64,
}

/// A game's state: the line `gameState`, and `state` of `gameFull`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotGameState {
    /// Every move from the start, in our game's move text, space-separated.
    pub moves: String,
    /// The first player's time left, ms (a very large number without a
    /// clock; the time to the deadline in a correspondence game).
    pub wtime: i64,
    /// The second player's time left, ms.
    pub btime: i64,
    /// The first player's increment, ms.
    pub winc: i64,
    /// The second player's increment, ms.
    pub binc: i64,
    /// The status's name (see [`BotStatus`]).
    pub status: String,
    /// `white` or `black` once the game is won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub winner: Option<String>,
    /// Whether the first player offers a draw.
    pub wdraw: bool,
    /// Whether the second player offers a draw.
    pub bdraw: bool,
}

/// The first line of `GET /api/bot/game/stream/{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BotGameFull {
    /// The game's id.
    pub id: String,
    /// The game.
    pub variant: BotVariant,
    /// The clock (absent without one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub clock: Option<BotClock>,
    /// Days per move of a correspondence game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub days_per_turn: Option<u8>,
    /// See [`BotEventGame::speed`].
    pub speed: String,
    /// The game's performance category.
    pub perf: BotPerf,
    /// Whether the game is rated.
    pub rated: bool,
    /// When it was made, ms since the epoch.
    pub created_at: i64,
    /// The first player.
    pub white: BotGamePlayer,
    /// The second player.
    pub black: BotGamePlayer,
    /// The start position, as our game writes it.
    pub initial_fen: String,
    /// The game's options (Spielwerk's addition: lichess has none), by
    /// registry name, e.g. `{"rules": "community"}` in Ataxx, so that a
    /// bridge replays the moves under the game's own rules.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The state now.
    pub state: BotGameState,
}

/// A chat message in the game stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BotChatLine {
    /// `player` (the players' chat) or `spectator`.
    pub room: String,
    /// Who wrote it.
    pub username: String,
    /// The message.
    pub text: String,
}

/// One line of `GET /api/bot/game/stream/{id}` (an empty line keeps it
/// alive).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum BotGameLine {
    /// The game and its state: the first line.
    GameFull(Box<BotGameFull>),
    /// The state after a change.
    GameState(BotGameState),
    /// A chat message.
    ChatLine(BotChatLine),
}

/// `GET /api/bots`: the bot accounts anyone can challenge, the connected
/// ones first, then by name.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct BotsReply {
    /// The bots.
    pub bots: Vec<BotListing>,
}

/// A bot of the list: its name, whether its program is connected, and its
/// ratings.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct BotListing {
    /// The account's name.
    pub name: String,
    /// Whether its program is connected (its event stream is open), so
    /// that a challenge is answered.
    pub online: bool,
    /// When the account was made, ms since the epoch.
    pub created_ms: i64,
    /// Its rating of every game it played rated.
    pub ratings: Vec<crate::contract::accounts::ProfileRating>,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<ApiTokenRequest>(cfg)?;
    super::export_type::<ApiTokenCreated>(cfg)?;
    super::export_type::<ApiTokenList>(cfg)?;
    super::export_type::<OkReply>(cfg)?;
    super::export_type::<BotsReply>(cfg)?;
    super::export_type::<BotEvent>(cfg)?;
    super::export_type::<BotGameLine>(cfg)?;
    Ok(())
}
