//! `GET /api/games/{id}/ws`: every new state of a game, pushed to players
//! and spectators alike.

use crate::app::{App, Slot};
use crate::error::ApiError;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use std::sync::Arc;

/// Upgrades to a WebSocket that receives the game's state now and after
/// every change. Messages from the client are ignored.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = app.slot(&id).await?;
    Ok(upgrade.on_upgrade(move |socket| push_states(socket, slot)))
}

async fn push_states(mut socket: WebSocket, slot: Arc<Slot>) {
    let mut states = slot.state.subscribe();
    let first = states.borrow_and_update().clone();
    if socket.send(Message::Text(first)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = states.changed() => {
                if changed.is_err() {
                    return;
                }
                let state = states.borrow_and_update().clone();
                if socket.send(Message::Text(state)).await.is_err() {
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
