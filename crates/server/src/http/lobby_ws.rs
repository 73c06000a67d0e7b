//! `GET /api/lobby/ws`: a signed-in account's live connection to the
//! lobby, which every page of the web UI keeps open.
//!
//! While one is open (on any server instance) the account's seeks with a
//! clock and its pool entry stay; when its last one closes they go (see
//! [`crate::core::lobby_live`]). The server sends
//! [`LobbySocketMessage::Paired`](crate::contract::lobby::LobbySocketMessage)
//! (`{"type": "paired", "game": "<id>", "seat": "p1"|"p2"}`) when the
//! account was paired into a new game — its pool entry matched or its
//! seek accepted — so that the page goes to the game at once. The client
//! sends nothing; it answers the server's pings (browsers do by
//! themselves). The socket is held to
//! [`crate::core::sockets::SocketLimits`] as a game's.

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::http::client_ip::ClientIp;
use crate::http::session;
use crate::http::socket::{self, Liveness};
use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// Upgrades to the lobby socket of the signed-in account (401 without
/// one; 429 over the address's sockets).
pub async fn upgrade(
    State(app): State<Arc<App>>,
    ClientIp(address): ClientIp,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, DomainError> {
    let account = session::require(&app, &headers).await?;
    let (place, upgrade) = socket::admit(&app, address, upgrade)?;
    Ok(upgrade.on_upgrade(move |socket| async move {
        app.enter_lobby(&account.id).await;
        tell_pairings(socket, &app, &account.id).await;
        app.leave_lobby(&account.id).await;
        drop(place);
    }))
}

/// Sends the account's pairings over `socket` until it closes.
async fn tell_pairings(mut socket: WebSocket, app: &App, account_id: &str) {
    let mut news = app.lobby.subscribe();
    let mut liveness = Liveness::new(&app.sockets.limits);
    loop {
        tokio::select! {
            beat = liveness.beat() => {
                if !Liveness::act(beat, &mut socket).await {
                    return;
                }
            }
            paired = news.recv() => match paired {
                Ok(paired) if paired.account_id == account_id => {
                    let text = serde_json::to_string(&paired.message()).unwrap_or_default();
                    if socket.send(Message::Text(Utf8Bytes::from(text))).await.is_err() {
                        return;
                    }
                }
                Ok(_) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => liveness.heard(),
            },
        }
    }
}
