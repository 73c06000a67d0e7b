//! Bots and personal API tokens: the token requests and replies of the
//! account page, and the Bot API's upgrade reply (lichess's shape, so that
//! existing bot bridges need little change).

use serde::{Deserialize, Serialize};
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

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<ApiTokenRequest>(cfg)?;
    super::export_type::<ApiTokenCreated>(cfg)?;
    super::export_type::<ApiTokenList>(cfg)?;
    super::export_type::<OkReply>(cfg)?;
    Ok(())
}
