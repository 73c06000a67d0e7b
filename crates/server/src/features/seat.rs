//! Acting on a game from a request: as a detached task (a client hanging
//! up cannot interrupt a change), as the seat of the request's token or
//! signed-in account, and replying with the game's state.

use crate::contract::game::GameJson;
use crate::core::app::{App, Slot, seat_for};
use crate::core::error::DomainError;
use crate::core::table::Table;
use crate::features::account::Account;
use bytes::Bytes;
use game::{Player, text};
use serde_json::value::RawValue;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// Who acts for a seat: the request's seat token, and the signed-in
/// account of the request (or why it may not act by its account: a
/// cross-site request, a failed lookup), which counts only when the token
/// holds no seat.
pub struct Actor {
    /// The `Authorization: Bearer` token, if any.
    pub token: Option<String>,
    /// The signed-in account, or the error of acting by it.
    pub account: Result<Option<Account>, DomainError>,
}

/// Runs a handler's work as its own task, so that a client hanging up
/// cannot interrupt a change between the game and the database.
pub(crate) async fn detached<T: Send + 'static>(
    work: impl Future<Output = Result<T, DomainError>> + Send + 'static,
) -> Result<T, DomainError> {
    tokio::spawn(work).await.map_err(|e| DomainError::task_failed(&e))?
}

/// The whole state's JSON text as the `state` of a reply, as the core
/// wrote it (its own JSON: a failure to read it back is a 500).
pub(crate) fn state_value(state: impl Into<Vec<u8>>) -> Result<Box<RawValue>, DomainError> {
    let bad = |e: &dyn std::fmt::Display| {
        DomainError::internal(text!("the game's state is no JSON: {e}", "der Spielstand ist kein JSON: {e}"))
    };
    let text = String::from_utf8(state.into()).map_err(|e| bad(&e))?;
    RawValue::from_string(text).map_err(|e| bad(&e))
}

/// Locks the game, finds the seat of `actor` (its token, else its
/// account) and runs `work` on it, which returns the game's JSON text
/// (from [`App::changed`] and the like); 422 when the game has just ended
/// on time.
pub async fn with_seat<F>(app: Arc<App>, id: String, actor: Actor, work: F) -> Result<GameJson, DomainError>
where
    F: for<'a> FnOnce(
            &'a Arc<App>,
            &'a Arc<Slot>,
            &'a mut Table,
            Player,
        ) -> Pin<Box<dyn Future<Output = Result<Bytes, DomainError>> + Send + 'a>>
        + Send
        + 'static,
{
    detached(async move {
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        let token = actor.token.as_deref();
        let account = match token {
            Some(token) if table.seat_of(token).is_some() => None,
            _ => actor.account?,
        };
        let seat = seat_for(&table, token, account.as_ref().map(|a| a.id.as_str()))?;
        if app.check_flag(&slot, &mut table).await? {
            let why = table.game.outcome().map(|o| o.description()).unwrap_or(text!("", ""));
            let (en, de) = (why.en, why.de);
            return Err(DomainError::unprocessable(text!(
                "the game is over: {en}",
                "die Partie ist vorbei: {de}"
            )));
        }
        work(&app, &slot, &mut table, seat).await.map(GameJson)
    })
    .await
}
