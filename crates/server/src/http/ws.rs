//! `GET /api/games/{id}/ws`: a game's changes, pushed to players and
//! spectators alike.
//!
//! The first message is the whole state; after it, every change comes as
//! an update with the moves it added, or as the whole state when moves were
//! taken back (see [`crate::core::state`]). An update always follows the message
//! before it: when changes came too fast to send each one, or nobody
//! watched when one was made, the socket sends the whole state instead.
//!
//! A player's socket is known from its opening on: by the signed-in
//! account of its request (a seat bound to the account), or by the seat's
//! token it offers as the subprotocol `seat.<token>` beside [`PROTOCOL`]
//! (a browser cannot give a WebSocket request a header of its own; the
//! server chooses [`PROTOCOL`], never echoing the token). A client may
//! instead say whose socket it is after opening, with `{"type": "hello",
//! "token": "…"}`. A player's socket also carries the players'
//! chat (`{"type": "chat", "from", "messages"}`, see
//! [`crate::features::chat`]): all of it at once, then each new message
//! after the change that added it. The other sockets carry the
//! spectators' chat the same way (`{"type": "spectator_chat", …}`), and
//! players' sockets carry it too once the game is over. The players'
//! chat stays theirs for good: no other socket ever carries it, during
//! the game or after (as `GET /api/games/{id}/chat` answers 403).
//!
//! A socket is held to [`crate::core::sockets::SocketLimits`]: a message
//! over the size limit closes it, the server pings it, and a socket
//! silent for too long is closed.
//!
//! Every socket is told how many spectators' sockets watch the game on
//! this server (`{"type": "watchers", "count"}`) once it opens and when
//! the count changes (looked at every [`WATCHERS_EVERY`]). The players'
//! own sockets are not counted: those known from their opening never are,
//! one known only by its hello is until the hello is in.

use crate::contract::game::{GameSocketHello, GameWatchers, GameWatchersTag};
use crate::core::app::{App, Slot};
use crate::core::error::DomainError;
use crate::core::state::StateQuery;
use crate::features::chat::{chat_message, spectator_chat_message};
use crate::http::client_ip::ClientIp;
use crate::http::session;
use crate::http::socket::{self, Liveness};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use game::Player;
use std::sync::Arc;
use std::time::Instant;

/// Upgrades to a WebSocket that receives the game's state now and every
/// change after. The client may send only a hello (see the module docs);
/// other messages are ignored.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ClientIp(address): ClientIp,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, DomainError> {
    let slot = app.slot(&id).await?;
    let token = offered_token(&upgrade);
    let (place, upgrade) = socket::admit(&app, address, upgrade.protocols([PROTOCOL]))?;
    // A page of another site watches as a spectator, whatever cookie its request carries.
    let account = match session::check_origin(&headers) {
        Ok(()) => session::signed_in(&app, &headers).await?.map(|a| a.id),
        Err(_) => None,
    };
    // The seat of the signed-in account, else of the offered token: its player is present.
    let seat = {
        let table = slot.table.lock().await;
        account
            .and_then(|id| table.seat_of_account(&id))
            .or_else(|| token.and_then(|token| table.seat_of(&token)))
    };
    Ok(upgrade.on_upgrade(move |socket| async move {
        present_while_open(socket, app, slot, seat).await;
        drop(place);
    }))
}

/// The subprotocol a game's socket speaks, chosen whenever the client
/// offers it.
pub const PROTOCOL: &str = "spielwerk";

/// The start of the subprotocol a player's client offers to name its
/// seat's token: `seat.<token>`.
const SEAT_PROTOCOL: &str = "seat.";

/// The seat's token a client offers as a subprotocol (`seat.<token>`),
/// if it offers one.
fn offered_token(upgrade: &WebSocketUpgrade) -> Option<String> {
    upgrade
        .requested_protocols()
        .find_map(|protocol| protocol.to_str().ok()?.strip_prefix(SEAT_PROTOCOL).map(str::to_owned))
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

/// How often a socket looks whether the count of watchers changed.
pub const WATCHERS_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The chats a socket carries and how much of each it has sent.
#[derive(Default)]
struct Chats {
    /// The seat whose player this socket is.
    player: Option<Player>,
    /// Messages of the players' chat sent.
    players: usize,
    /// Messages of the spectators' chat sent (the index after the last).
    spectators: usize,
}

impl Chats {
    /// The chat messages the socket has not sent yet (all of them at
    /// `start`), as messages to send.
    async fn news(&mut self, slot: &Slot, start: bool) -> Vec<Utf8Bytes> {
        let table = slot.table.lock().await;
        let over = table.game.outcome().is_some();
        let mut news = Vec::new();
        if self.player.is_some() {
            let count = table.chat.len();
            if start || count > self.players {
                let message = chat_message(&table, if start { 0 } else { self.players });
                news.push(Utf8Bytes::from(serde_json::to_string(&message).unwrap_or_default()));
            }
            self.players = count;
        }
        if self.player.is_none() || over {
            let count = table.spectator_chat_end();
            if (start && count > 0) || count > self.spectators {
                let from = if start { 0 } else { self.spectators };
                let message = spectator_chat_message(&table, from);
                news.push(Utf8Bytes::from(serde_json::to_string(&message).unwrap_or_default()));
            }
            self.spectators = count;
        }
        news
    }
}

/// `{"type": "watchers", "count"}`.
fn watchers_message(count: usize) -> Utf8Bytes {
    let message = GameWatchers { kind: GameWatchersTag::Watchers, count };
    Utf8Bytes::from(serde_json::to_string(&message).unwrap_or_default())
}

/// The game's version and whole state now.
async fn whole_state(slot: &Slot) -> (u64, Utf8Bytes) {
    let mut table = slot.table.lock().await;
    let state = table.state(Instant::now(), &StateQuery::default());
    (table.version, Utf8Bytes::from(state))
}

async fn push_changes(mut socket: WebSocket, app: &Arc<App>, slot: &Arc<Slot>, present: &mut Option<Player>) {
    let mut chats = Chats { player: *present, ..Chats::default() };
    let mut pushes = slot.pushes.subscribe();
    pushes.borrow_and_update();
    let (mut sent, first) = whole_state(slot).await;
    if socket.send(Message::Text(first)).await.is_err() {
        return;
    }
    let mut watchers = 0;
    // The first look at once: a player's socket known from its opening is not counted.
    let mut look = tokio::time::interval(WATCHERS_EVERY);
    let mut liveness = Liveness::new(&app.sockets.limits);
    for chat in chats.news(slot, true).await {
        if socket.send(Message::Text(chat)).await.is_err() {
            return;
        }
    }
    loop {
        tokio::select! {
            beat = liveness.beat() => {
                if !Liveness::act(beat, &mut socket).await {
                    return;
                }
            }
            _ = look.tick() => {
                let count = slot.spectators();
                if count != watchers {
                    watchers = count;
                    if socket.send(Message::Text(watchers_message(count))).await.is_err() {
                        return;
                    }
                }
            }
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
                for chat in chats.news(slot, false).await {
                    if socket.send(Message::Text(chat)).await.is_err() {
                        return;
                    }
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(Message::Text(text))) => {
                    liveness.heard();
                    let Ok(hello) = serde_json::from_str::<GameSocketHello>(&text) else { continue };
                    if hello.kind != "hello" || chats.player.is_some() {
                        continue;
                    }
                    chats.player = slot.table.lock().await.seat_of(&hello.token);
                    if let Some(seat) = chats.player
                        && present.is_none()
                    {
                        *present = Some(seat);
                        app.arrive(slot, seat).await;
                    }
                    if chats.player.is_some() {
                        for chat in chats.news(slot, true).await {
                            if socket.send(Message::Text(chat)).await.is_err() {
                                return;
                            }
                        }
                    }
                }
                Some(Ok(_)) => liveness.heard(),
            },
        }
    }
}
