//! Between people: challenges, the account's event stream, chat, rematches.

use super::common::{ClockSpec, Names, SeatId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::{Config, ExportError, TS};

/// A challenge's status as its players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted: its game was made.
    Accepted,
    /// Declined by the challenged account.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered in time.
    Expired,
}

impl ChallengeStatus {
    /// The status's name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }
}

/// A challenge, as one of its two accounts sees it (`GET`, `POST`,
/// `DELETE /api/challenges…`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct Challenge {
    /// The challenge's id.
    pub id: String,
    /// The registered game.
    pub game: String,
    /// The game's English title.
    pub title: String,
    /// The game's title in both languages.
    pub titles: Names,
    /// The game's options.
    pub options: Option<BTreeMap<String, String>>,
    /// The game's clock, if it has one.
    pub clock: Option<ClockSpec>,
    /// Days per move of a correspondence game (instead of a clock).
    pub correspondence: Option<u8>,
    /// Whether the game is rated.
    pub rated: bool,
    /// Whether the game allows takeback requests.
    pub takebacks: bool,
    /// The challenger's side: `p1`, `p2` or `random`.
    pub side: String,
    /// The challenger's name.
    pub from: String,
    /// The challenged account's name.
    pub to: String,
    /// Whether the challenger is a bot.
    pub from_bot: bool,
    /// Whether the challenged account is a bot.
    pub to_bot: bool,
    /// Whether the viewer is the challenged account.
    pub incoming: bool,
    /// When it was made, ms since the epoch.
    pub created_ms: i64,
    /// When it expires unanswered, ms since the epoch.
    pub expires_ms: i64,
    /// Its status now.
    pub status: ChallengeStatus,
    /// The key of the reason it was declined with.
    pub reason: Option<String>,
    /// The reason it was declined with, in words.
    pub reason_text: Option<Names>,
    /// The game made when it was accepted.
    pub game_id: Option<String>,
}

/// `GET /api/challenges`, and the event `challenges` of `GET
/// /api/events`: the account's challenges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ChallengeList {
    /// The open challenges the account received.
    pub incoming: Vec<Challenge>,
    /// The challenges the account made lately, whatever their status.
    pub outgoing: Vec<Challenge>,
}

/// `POST /api/challenges/{id}/accept`: the game made and the accepting
/// account's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ChallengeAccepted {
    /// The game's id.
    pub id: String,
    /// The accepting account's seat.
    pub seat: SeatId,
}

/// The body of `POST /api/challenges/{id}/decline`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, TS)]
pub struct DeclineRequest {
    /// The key of a reason to decline (`generic`, `later`, `timecontrol`,
    /// `casual`, `rated`, `game`); `generic` if none.
    #[serde(default)]
    #[ts(optional)]
    pub reason: Option<String>,
}

/// The body of `POST /api/games/{id}/chat` and `…/spectator-chat`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, TS)]
pub struct ChatRequest {
    /// The message.
    pub text: String,
}

/// The players' chat from index `from` on: the reply of `GET
/// /api/games/{id}/chat` and the game socket's message `chat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ChatMessage {
    /// Always `chat`.
    #[serde(rename = "type")]
    #[ts(rename = "type", type = "\"chat\"")]
    pub kind: &'static str,
    /// The index of the first message.
    pub from: usize,
    /// The messages, oldest first.
    pub messages: Vec<ChatLine>,
}

/// One message of the players' chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ChatLine {
    /// The writer's seat.
    pub seat: SeatId,
    /// The message.
    pub text: String,
    /// When it was sent, ms since the epoch.
    pub sent_ms: i64,
}

/// The spectators' chat from index `from` on (counting every message ever
/// written): the reply of `GET` and `POST /api/games/{id}/spectator-chat`
/// and the game socket's message `spectator_chat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SpectatorChatMessage {
    /// Always `spectator_chat`.
    #[serde(rename = "type")]
    #[ts(rename = "type", type = "\"spectator_chat\"")]
    pub kind: &'static str,
    /// The index of the first message.
    pub from: usize,
    /// The messages kept, oldest first.
    pub messages: Vec<SpectatorChatLine>,
}

/// One message of the spectators' chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SpectatorChatLine {
    /// The writer's account name.
    pub name: String,
    /// The message.
    pub text: String,
    /// When it was sent, ms since the epoch.
    pub sent_ms: i64,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<ChallengeList>(cfg)?;
    super::export_type::<ChallengeAccepted>(cfg)?;
    super::export_type::<DeclineRequest>(cfg)?;
    super::export_type::<ChatRequest>(cfg)?;
    super::export_type::<ChatMessage>(cfg)?;
    super::export_type::<SpectatorChatMessage>(cfg)?;
    Ok(())
}
