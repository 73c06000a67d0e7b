//! `GET /api/lobby/ws`: the live connection to the lobby that every page
//! of the web UI keeps open.
//!
//! A signed-in account's: while one is open (on any server instance) the
//! account's seeks with a clock and its pool entry stay; when its last
//! one closes they go (see [`crate::core::lobby_live`]). The server sends
//! [`LobbySocketMessage::Paired`](crate::contract::lobby::LobbySocketMessage)
//! (`{"type": "paired", "game": "<id>", "seat": "p1"|"p2"}`) when the
//! account was paired into a new game — its pool entry matched or its
//! seek accepted — so that the page goes to the game at once.
//!
//! Anyone's, signed in or not: the browser sends what it watches
//! ([`LobbySocketRequest`]: a tournament, every tournament, or nothing),
//! and the server sends `{"type": "tournament", "id": "<id>"}` when a
//! tournament watched changed (see [`crate::core::tournament_live`]); a
//! signed-in player watching a tournament is there for its arena's
//! pairing. The client answers the server's pings (browsers do by
//! themselves). The socket is held to
//! [`crate::core::sockets::SocketLimits`] as a game's.

use crate::contract::lobby::{LobbySocketMessage, LobbySocketRequest};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::account::Account;
use crate::http::client_ip::ClientIp;
use crate::http::session;
use crate::http::socket::{self, Liveness};
use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// Upgrades to the lobby socket (of the signed-in account, if any; 429
/// over the address's sockets).
pub async fn upgrade(
    State(app): State<Arc<App>>,
    ClientIp(address): ClientIp,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, DomainError> {
    let account = session::acting(&app, &headers).await?;
    let (place, upgrade) = socket::admit(&app, address, upgrade)?;
    Ok(upgrade.on_upgrade(move |socket| async move {
        if let Some(account) = &account {
            app.enter_lobby(&account.id).await;
        }
        let mut connection = Connection { app: &app, account: account.as_ref(), watching: None };
        connection.run(socket).await;
        connection.watch(None).await;
        if let Some(account) = &account {
            app.leave_lobby(&account.id).await;
        }
        drop(place);
    }))
}

/// What a socket watches.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Watching {
    /// One tournament.
    One(String),
    /// Every tournament.
    All,
}

/// One lobby socket's account and what it watches.
struct Connection<'a> {
    app: &'a App,
    account: Option<&'a Account>,
    watching: Option<Watching>,
}

impl Connection<'_> {
    /// Watches `next` in place of what the socket watched, counting a
    /// signed-in player out of the tournament before and into the next.
    async fn watch(&mut self, next: Option<Watching>) {
        if next == self.watching {
            return;
        }
        let before = std::mem::replace(&mut self.watching, next.clone());
        let Some(account) = self.account else { return };
        if let Some(Watching::One(id)) = next {
            self.app.watch_tournament(&id, &account.id, true).await;
        }
        if let Some(Watching::One(id)) = before {
            self.app.watch_tournament(&id, &account.id, false).await;
        }
    }

    /// Whether the socket is told of a change of the tournament `id`.
    fn told(&self, id: &str) -> bool {
        match &self.watching {
            Some(Watching::All) => true,
            Some(Watching::One(watched)) => watched == id,
            None => false,
        }
    }

    /// Sends the account's pairings and the changes of what it watches
    /// over `socket` until it closes.
    async fn run(&mut self, mut socket: WebSocket) {
        let mut pairings = self.app.lobby.subscribe();
        let mut changes = self.app.tournament_live.subscribe();
        let mut liveness = Liveness::new(&self.app.sockets.limits);
        loop {
            let message = tokio::select! {
                beat = liveness.beat() => {
                    if !Liveness::act(beat, &mut socket).await {
                        return;
                    }
                    None
                }
                paired = pairings.recv() => match paired {
                    Ok(paired) if self.account.is_some_and(|a| a.id == paired.account_id) => Some(paired.message()),
                    Ok(_) | Err(RecvError::Lagged(_)) => None,
                    Err(RecvError::Closed) => return,
                },
                changed = changes.recv() => match changed {
                    Ok(id) if self.told(&id) => Some(LobbySocketMessage::Tournament { id: id.to_string() }),
                    Ok(_) | Err(RecvError::Lagged(_)) => None,
                    Err(RecvError::Closed) => return,
                },
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(Message::Text(text))) => {
                        liveness.heard();
                        match serde_json::from_str::<LobbySocketRequest>(&text) {
                            Ok(LobbySocketRequest::WatchTournament { id }) => self.watch(Some(Watching::One(id))).await,
                            Ok(LobbySocketRequest::WatchTournaments) => self.watch(Some(Watching::All)).await,
                            Ok(LobbySocketRequest::Unwatch) => self.watch(None).await,
                            Err(_) => {}
                        }
                        None
                    }
                    Some(Ok(_)) => {
                        liveness.heard();
                        None
                    }
                },
            };
            if let Some(message) = message {
                let text = serde_json::to_string(&message).unwrap_or_default();
                if socket.send(Message::Text(Utf8Bytes::from(text))).await.is_err() {
                    return;
                }
            }
        }
    }
}
