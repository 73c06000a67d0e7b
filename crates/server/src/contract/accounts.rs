//! Accounts and people: sign-up and sign-in, profiles, players, rating history, mutes, games waiting on a move, the game search.

use serde::Serialize;
use ts_rs::{Config, ExportError, TS};

/// `GET /api/account`, and the replies of sign-up, log-in and log-out:
/// the signed-in account's name, or `null`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct AccountReply {
    /// The account's name; `null` when nobody is signed in.
    pub name: Option<String>,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<AccountReply>(cfg)?;
    Ok(())
}
