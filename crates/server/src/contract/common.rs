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

/// Who holds a seat, in every area (a game's state, the lobby, search).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SeatPlayer {
    /// A person (signed in or with a seat token), or nobody yet.
    Human,
    /// The engine.
    Engine,
    /// A side of an imported record.
    Record,
}

/// The account a seat is bound to, in every area: its name, its rating of
/// the game when the seat was taken (or before a rated game ended) and
/// after a rated game, rounded.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SeatAccount {
    /// The account's name.
    pub name: String,
    /// Its rating when the seat was taken, rounded.
    pub rating: Option<f64>,
    /// Its rating after the rated game, rounded.
    pub rating_after: Option<f64>,
    /// Whether the account is a bot (a program plays it; lichess's title
    /// `BOT`).
    pub bot: bool,
    /// Whether `rating` was provisional when the seat was taken (shown as
    /// "1500?").
    pub provisional: bool,
    /// Whether its owner has closed the account since (the name stays,
    /// marked as closed).
    pub closed: bool,
}

/// A seat of a game, in every area (a game's state, the lobby's lines, a
/// found game): its id, its side's names, who holds it and the account
/// bound to it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Seat {
    /// Which seat.
    pub seat: SeatId,
    /// The side's name in both languages (`White`, `Weiß`), as the game's
    /// position has it (Amakta's colours once chosen).
    pub names: Names,
    /// Who holds it.
    pub player: SeatPlayer,
    /// Held by a person or the engine, or a record's seat: not open.
    pub joined: bool,
    /// `true` for an open seat that no invite takes: it waits for its
    /// holder in the game before (a rematch), who claims it from there;
    /// left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub awaits_claim: Option<bool>,
    /// Who played it, as an imported record names them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label: Option<String>,
    /// The account the seat is bound to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub account: Option<SeatAccount>,
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

/// The days per move of a correspondence game, as a request gives them:
/// one of [`DaysPerMove::ALLOWED`], a number or its text (`3`, `" 3 "`).
/// Anything else is refused while the body is read, naming the allowed
/// days and what was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DaysPerMove(u8);

impl DaysPerMove {
    /// The days per move a correspondence game may have.
    pub const ALLOWED: [u8; 6] = [1, 2, 3, 5, 7, 14];

    /// The days, one of [`DaysPerMove::ALLOWED`].
    pub fn days(self) -> u8 {
        self.0
    }
}

impl<'de> Deserialize<'de> for DaysPerMove {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{Error, Unexpected, Visitor};
        struct Days;
        impl Days {
            fn check<E: Error>(days: u64, given: Unexpected<'_>) -> Result<DaysPerMove, E> {
                u8::try_from(days)
                    .ok()
                    .filter(|days| DaysPerMove::ALLOWED.contains(days))
                    .map(DaysPerMove)
                    .ok_or_else(|| E::invalid_value(given, &Days))
            }
        }
        impl Visitor<'_> for Days {
            type Value = DaysPerMove;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("correspondence to be the days per move: 1, 2, 3, 5, 7 or 14")
            }

            fn visit_u64<E: Error>(self, days: u64) -> Result<DaysPerMove, E> {
                Days::check(days, Unexpected::Unsigned(days))
            }

            fn visit_i64<E: Error>(self, days: i64) -> Result<DaysPerMove, E> {
                let given = Unexpected::Signed(days);
                u64::try_from(days)
                    .map_err(|_| E::invalid_value(given, &self))
                    .and_then(|d| Days::check(d, given))
            }

            fn visit_str<E: Error>(self, text: &str) -> Result<DaysPerMove, E> {
                let given = Unexpected::Str(text);
                text.trim()
                    .parse()
                    .map_err(|_| E::invalid_value(given, &self))
                    .and_then(|d| Days::check(d, given))
            }
        }
        deserializer.deserialize_any(Days)
    }
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
    super::export_type::<SeatPlayer>(cfg)?;
    super::export_type::<SeatAccount>(cfg)?;
    super::export_type::<Seat>(cfg)?;
    super::export_type::<Names>(cfg)?;
    super::export_type::<ClockSpec>(cfg)?;
    super::export_type::<ErrorBody>(cfg)?;
    super::export_type::<HealthReply>(cfg)?;
    Ok(())
}
