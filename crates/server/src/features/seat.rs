//! Acting on a game from a request: as a detached task (a client hanging
//! up cannot interrupt a change), as the seat of the request's token or
//! signed-in account, and replying with the game's state.

use crate::core::app::{App, Slot, seat_for};
use crate::core::error::DomainError;
use crate::core::table::Table;
use crate::http::request::bearer;
use crate::http::session;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use game::{Player, text};
use serde_json::Value;
use std::future::Future;
use std::sync::Arc;

/// Runs a handler's work as its own task, so that a client hanging up
/// cannot interrupt a change between the game and the database.
pub(crate) async fn detached<T: Send + 'static>(
    work: impl Future<Output = Result<T, DomainError>> + Send + 'static,
) -> Result<T, DomainError> {
    tokio::spawn(work).await.map_err(|e| DomainError::task_failed(&e))?
}

/// A JSON response of the object `fields` with the whole state's JSON
/// text added as `"state"`, written in without parsing it again (it is the
/// server's own JSON; checking it cost as much as writing Amakta's view).
pub(crate) fn with_state(status: StatusCode, fields: Value, state: &[u8]) -> Response {
    let mut body = fields.to_string().into_bytes();
    body.pop();
    if body.len() > 1 {
        body.push(b',');
    }
    body.extend_from_slice(b"\"state\":");
    body.extend_from_slice(state);
    body.push(b'}');
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// A game state as a JSON response.
fn state_response(status: StatusCode, state: &Bytes) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], state.clone()).into_response()
}

/// Locks the game, finds the seat of the request's token (or signed-in
/// account) and runs `work`.
pub(crate) async fn with_seat<F>(
    app: Arc<App>,
    id: String,
    headers: HeaderMap,
    work: F,
) -> Result<Response, DomainError>
where
    F: for<'a> FnOnce(
            &'a Arc<App>,
            &'a Arc<Slot>,
            &'a mut Table,
            Player,
        )
            -> std::pin::Pin<Box<dyn Future<Output = Result<Bytes, DomainError>> + Send + 'a>>
        + Send
        + 'static,
{
    detached(async move {
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        let token = bearer(&headers);
        let account = match token {
            Some(token) if table.seat_of(token).is_some() => None,
            _ => {
                session::check_origin(&headers)?;
                session::signed_in(&app, &headers).await?
            }
        };
        let seat = seat_for(&table, token, account.as_ref().map(|a| a.id.as_str()))?;
        if app.check_flag(&slot, &mut table).await? {
            let why = table.game.outcome().map(|o| o.description()).unwrap_or(text!("", ""));
            let (en, de) = (why.en, why.de);
            return Err(DomainError::unprocessable(text!(
                "the game is over: {en}",
                "das Spiel ist vorbei: {de}"
            )));
        }
        let state = work(&app, &slot, &mut table, seat).await?;
        Ok(state_response(StatusCode::OK, &state))
    })
    .await
}
