//! `GET /api/games/{id}/ws`: a game's changes, pushed to players and
//! spectators alike.
//!
//! The first message is the whole state; after it, every change comes as
//! an update with the moves it added, or as the whole state when moves were
//! taken back (see [`crate::core::state`]). An update always follows the message
//! before it: when changes came too fast to send each one, or nobody
//! watched when one was made, the socket sends the whole state instead.
//!
//! A player's page says whose socket it is with `{"type": "hello",
//! "token": "…"}`; from then on the socket also carries the players' chat
//! (`{"type": "chat", "from", "messages"}`, see [`crate::features::chat`]): all of it
//! at once, then each new message after the change that added it.

use crate::core::app::{App, Slot};
use crate::core::error::DomainError;
use crate::core::state::StateQuery;
use crate::features::chat::chat_json;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use game::Player;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Instant;

/// Upgrades to a WebSocket that receives the game's state now and every
/// change after. The client may send only a hello (see the module docs);
/// other messages are ignored.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, DomainError> {
    let slot = app.slot(&id).await?;
    // The seat of the signed-in account: its player is present.
    let account = crate::features::account::signed_in(&app, &headers).await.ok().flatten();
    let seat = match account {
        Some(account) => slot.table.lock().await.seat_of_account(&account.id),
        None => None,
    };
    Ok(upgrade.on_upgrade(move |socket| present_while_open(socket, app, slot, seat)))
}

/// Pushes the game's changes over `socket` while it is open; the player
/// of the seat it is known to be of (by the account, or a hello) is
/// present meanwhile (see [`App::arrive`]).
async fn present_while_open(socket: WebSocket, app: Arc<App>, slot: Arc<Slot>, seat: Option<Player>) {
    let mut present = seat;
    if let Some(seat) = seat {
        app.arrive(&slot, seat).await;
    }
    push_changes(socket, &app, &slot, &mut present).await;
    if let Some(seat) = present {
        app.depart(&slot, seat).await;
    }
}

/// The game's version and whole state now.
async fn whole_state(slot: &Slot) -> (u64, Utf8Bytes) {
    let mut table = slot.table.lock().await;
    let state = table.state(Instant::now(), &StateQuery::default());
    (table.version, Utf8Bytes::from(state))
}

/// What a client says: who it is.
#[derive(Deserialize)]
struct Hello {
    #[serde(rename = "type")]
    kind: String,
    token: String,
}

/// The chat messages from `from` on as a message, if there are any (or
/// `always`), and the count of messages.
async fn chat_since(slot: &Slot, from: usize, always: bool) -> (usize, Option<Utf8Bytes>) {
    let table = slot.table.lock().await;
    let count = table.chat.len();
    let message = (always || count > from).then(|| Utf8Bytes::from(chat_json(&table, from).to_string()));
    (count, message)
}

async fn push_changes(mut socket: WebSocket, app: &Arc<App>, slot: &Arc<Slot>, present: &mut Option<Player>) {
    // The seat whose player this socket is (told by a hello), and the chat messages it has.
    let mut player: Option<Player> = None;
    let mut chat_sent = 0;
    let mut pushes = slot.pushes.subscribe();
    pushes.borrow_and_update();
    let (mut sent, first) = whole_state(slot).await;
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
                // The core's pushes are its own JSON text: always UTF-8.
                let pushed = push.message.and_then(|message| Utf8Bytes::try_from(message).ok());
                let message = match pushed {
                    Some(message) if push.whole || push.version == sent + 1 => {
                        sent = push.version;
                        message
                    }
                    _ => {
                        let (version, state) = whole_state(slot).await;
                        sent = version;
                        state
                    }
                };
                if socket.send(Message::Text(message)).await.is_err() {
                    return;
                }
                if player.is_some() {
                    let (count, chat) = chat_since(slot, chat_sent, false).await;
                    chat_sent = count;
                    if let Some(chat) = chat
                        && socket.send(Message::Text(chat)).await.is_err()
                    {
                        return;
                    }
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(Message::Text(text))) => {
                    let Ok(hello) = serde_json::from_str::<Hello>(&text) else { continue };
                    if hello.kind != "hello" || player.is_some() {
                        continue;
                    }
                    player = slot.table.lock().await.seat_of(&hello.token);
                    if let Some(seat) = player
                        && present.is_none()
                    {
                        *present = Some(seat);
                        app.arrive(slot, seat).await;
                    }
                    if player.is_some() {
                        let (count, chat) = chat_since(slot, 0, true).await;
                        chat_sent = count;
                        if let Some(chat) = chat
                            && socket.send(Message::Text(chat)).await.is_err()
                        {
                            return;
                        }
                    }
                }
                Some(Ok(_)) => {}
            },
        }
    }
}
