//! Types every area uses: seats, bilingual names, clocks.

use serde::{Deserialize, Serialize};
use ts_rs::{Config, ExportError, TS};

/// A seat of a game: `p1` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SeatId {
    /// The first player's seat.
    P1,
    /// The second player's seat.
    P2,
}

impl From<game::Player> for SeatId {
    fn from(player: game::Player) -> Self {
        match player {
            game::Player::P1 => SeatId::P1,
            game::Player::P2 => SeatId::P2,
        }
    }
}

/// A text in both languages of the UI, chosen by the browser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct Names {
    /// English.
    pub en: String,
    /// German.
    pub de: String,
}

impl From<game::Text> for Names {
    fn from(text: game::Text) -> Self {
        Names { en: text.en, de: text.de }
    }
}

impl From<game::StaticText> for Names {
    fn from(text: game::StaticText) -> Self {
        Names { en: text.en.into(), de: text.de.into() }
    }
}

/// A clock: each side's time at the start and the increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ClockSpec {
    /// Each side's time at the start, ms.
    pub initial_ms: i64,
    /// Time added after each move, ms.
    pub increment_ms: i64,
}

/// The body of every error reply: the English text, the text in both
/// languages, what kind of error it is, and for a server failure the id
/// under which the server logged its cause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ErrorBody {
    /// The English text.
    pub error: String,
    /// The text in both languages.
    pub message: Names,
    /// The error's kind (`rejected`, `not_found`, `too_many`, …), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<String>,
    /// The request's id, as its log line names it (server failures).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub request_id: Option<String>,
}

/// `GET /healthz`: whether the database answers, and which it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct HealthReply {
    /// `ok` or `unavailable`.
    pub status: String,
    /// `sqlite` or `postgres`.
    pub db: String,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<SeatId>(cfg)?;
    super::export_type::<Names>(cfg)?;
    super::export_type::<ClockSpec>(cfg)?;
    super::export_type::<ErrorBody>(cfg)?;
    super::export_type::<HealthReply>(cfg)?;
    Ok(())
}
