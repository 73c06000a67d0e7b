//! Challenges in the Bot API's shape (lichess's `/api/challenge/…`):
//! made by name with lichess's fields (`rated`, `clock.limit`,
//! `clock.increment`, `days`, `color`) and our game's name as `variant`,
//! accepted, declined and withdrawn. They are the web pages' own
//! challenges (see [`crate::features::challenges`]), with the same limits
//! and refusals.

use crate::contract::bots::{BotChallenge, OkReply};
use crate::contract::lobby::PairingTerms;
use crate::contract::social::DeclineRequest;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::account::Account;
use crate::features::bot_lines::challenge;
use crate::features::challenges::{self, ChallengeRequest};
use game::text;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::net::IpAddr;
use std::sync::Arc;

/// The body of `POST /api/challenge/{user}`, form-encoded or JSON.
#[derive(Debug, Default, Deserialize)]
pub struct ApiChallengeRequest {
    /// Whether the game is rated (a clock or days are needed then).
    #[serde(default)]
    pub rated: Option<bool>,
    /// The clock's initial time, seconds.
    #[serde(default, rename = "clock.limit")]
    pub clock_limit: Option<u32>,
    /// The clock's increment, seconds.
    #[serde(default, rename = "clock.increment")]
    pub clock_increment: Option<u32>,
    /// Days per move, instead of a clock.
    #[serde(default)]
    pub days: Option<u8>,
    /// The challenger's side: `white` (first player), `black` or `random`.
    #[serde(default)]
    pub color: Option<String>,
    /// Our game's registered name (`ataxx`, `abalone`…).
    #[serde(default)]
    pub variant: Option<String>,
}

/// The body of `POST /api/challenge/{id}/decline`.
#[derive(Debug, Default, Deserialize)]
pub struct ApiDeclineRequest {
    /// Lichess's reason key (`generic`, `later`, `tooFast`, `tooSlow`,
    /// `timeControl`, `rated`, `casual`, `standard`, `variant`, `noBot`,
    /// `onlyBot`) or ours.
    #[serde(default)]
    pub reason: Option<String>,
}

/// The pairing terms of a lichess-shaped request; 422 without a variant
/// or with a colour that is none.
fn terms(request: &ApiChallengeRequest) -> Result<PairingTerms, DomainError> {
    let Some(game) = request.variant.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
        return Err(DomainError::unprocessable(text!(
            "name the game as variant (ataxx, abalone, formation, amakta, …)",
            "nenne das Spiel als variant (ataxx, abalone, formation, amakta, …)"
        ))
        .on_field("variant"));
    };
    let side = match request.color.as_deref().map(str::trim).unwrap_or("random") {
        "white" => "p1",
        "black" => "p2",
        "random" => "random",
        other => {
            return Err(DomainError::unprocessable(text!(
                "color '{other}' is not white, black or random",
                "color „{other}“ ist weder white, black noch random"
            ))
            .on_field("color"));
        }
    };
    let mut terms = Map::new();
    terms.insert("game".to_owned(), json!(game));
    terms.insert("rated".to_owned(), json!(request.rated.unwrap_or(false)));
    terms.insert("side".to_owned(), json!(side));
    if let Some(limit) = request.clock_limit {
        let increment = request.clock_increment.unwrap_or(0);
        terms.insert("clock".to_owned(), json!({"minutes": f64::from(limit) / 60.0, "increment": increment}));
    }
    if let Some(days) = request.days {
        terms.insert("correspondence".to_owned(), json!(days));
    }
    serde_json::from_value(Value::Object(terms)).map_err(|error| {
        DomainError::unprocessable(text!("{error}", "ungültige Herausforderung: {error}")).on_field("days")
    })
}

/// Challenges the account named `to` by `account` (from `client`): the
/// challenge; the refusals of [`challenges::create`].
pub async fn create(
    app: &App,
    account: &Account,
    client: IpAddr,
    to: String,
    request: ApiChallengeRequest,
) -> Result<BotChallenge, DomainError> {
    let request = ChallengeRequest::new(to, terms(&request)?);
    let made = challenges::create(app, account, client, request).await?;
    challenge(app, &made).await
}

/// Accepts the challenge `id` to `account`; the game's `gameStart`
/// follows on the event stream.
pub async fn accept(app: &Arc<App>, account: &Account, id: &str) -> Result<OkReply, DomainError> {
    challenges::accept(app, account, id).await?;
    Ok(OkReply { ok: true })
}

/// Declines the challenge `id` to `account` for a lichess reason (mapped
/// onto ours: `tooFast`, `tooSlow` and `timeControl` onto `timecontrol`,
/// `standard` and `variant` onto `game`, `noBot` and `onlyBot` onto
/// `generic`).
pub async fn decline(
    app: &App,
    account: &Account,
    id: &str,
    request: ApiDeclineRequest,
) -> Result<OkReply, DomainError> {
    let reason = request.reason.map(|reason| {
        match reason.trim() {
            "tooFast" | "tooSlow" | "timeControl" => "timecontrol",
            "standard" | "variant" => "game",
            "noBot" | "onlyBot" => "generic",
            other => return other.to_ascii_lowercase(),
        }
        .to_owned()
    });
    challenges::decline(app, account, id, DeclineRequest { reason }).await?;
    Ok(OkReply { ok: true })
}

/// Withdraws `account`'s challenge `id`.
pub async fn cancel(app: &App, account: &Account, id: &str) -> Result<OkReply, DomainError> {
    challenges::cancel(app, account, id).await?;
    Ok(OkReply { ok: true })
}
