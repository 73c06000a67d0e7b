//! `GET /api/games/{id}/ws`: a game's changes, pushed to players and
//! spectators alike.
//!
//! The first message is the whole state; after it, every change comes as
//! an update with the moves it added, or as the whole state when moves were
//! taken back (see [`crate::state`]). An update always follows the message
//! before it: when changes came too fast to send each one, or nobody
//! watched when one was made, the socket sends the whole state instead.

use crate::app::{App, Slot};
use crate::error::ApiError;
use crate::state::StateQuery;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use std::sync::Arc;
use std::time::Instant;

/// Upgrades to a WebSocket that receives the game's state now and every
/// change after. Messages from the client are ignored.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    Ok(upgrade.on_upgrade(move |socket| push_changes(socket, slot)))
}

/// The game's version and whole state now.
async fn whole_state(slot: &Slot) -> (u64, Utf8Bytes) {
    let mut table = slot.table.lock().await;
    let state = table.state(Instant::now(), &StateQuery::default());
    (table.version, Utf8Bytes::from(state))
}

async fn push_changes(mut socket: WebSocket, slot: Arc<Slot>) {
    let mut pushes = slot.pushes.subscribe();
    pushes.borrow_and_update();
    let (mut sent, first) = whole_state(&slot).await;
    if socket.send(Message::Text(first)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = pushes.changed() => {
                if changed.is_err() {
                    return;
                }
                let push = pushes.borrow_and_update().clone();
                if push.version <= sent {
                    continue;
                }
                let message = match push.message {
                    Some(message) if push.whole || push.version == sent + 1 => {
                        sent = push.version;
                        message
                    }
                    _ => {
                        let (version, state) = whole_state(&slot).await;
                        sent = version;
                        state
                    }
                };
                if socket.send(Message::Text(message)).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
