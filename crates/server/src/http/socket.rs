//! What every WebSocket of the server shares (see
//! [`crate::core::sockets`]): the upgrade held to the message and frame
//! size limits, a place among the client address's open sockets, and the
//! pings that find a silent socket and close it.

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::sockets::{SocketLimits, SocketPlace};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// A place for a new socket of the client `address` (429 when it holds
/// too many) and the upgrade held to the size limits: a larger message
/// or frame ends the socket.
pub fn admit(
    app: &App,
    address: IpAddr,
    upgrade: WebSocketUpgrade,
) -> Result<(SocketPlace, WebSocketUpgrade), DomainError> {
    let place = app.sockets.admit(crate::core::limits::client_key(address))?;
    let limits = app.sockets.limits;
    let upgrade = upgrade
        .max_message_size(limits.message_bytes)
        .max_frame_size(limits.message_bytes)
        .read_buffer_size(limits.message_bytes.max(1024));
    Ok((place, upgrade))
}

/// What a socket's [`Liveness::beat`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beat {
    /// Time to ping the client.
    Ping,
    /// The client said nothing (not even a pong) for too long: close.
    Silent,
}

/// When a socket last heard from its client, and when to ping it.
pub struct Liveness {
    heard: Instant,
    idle: Duration,
    pings: tokio::time::Interval,
}

impl Liveness {
    /// A socket that has just heard from its client (its upgrade).
    pub fn new(limits: &SocketLimits) -> Liveness {
        let every = limits.ping_every();
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Liveness { heard: Instant::now(), idle: limits.idle, pings }
    }

    /// The client sent something (a message, a pong).
    pub fn heard(&mut self) {
        self.heard = Instant::now();
    }

    /// Waits until the next ping is due; says whether to ping or to close.
    pub async fn beat(&mut self) -> Beat {
        self.pings.tick().await;
        if self.heard.elapsed() >= self.idle { Beat::Silent } else { Beat::Ping }
    }

    /// Acts on `beat` on `socket`: sends the ping, or closes a silent
    /// socket (status 1001, going away). False when the socket is done.
    pub async fn act(beat: Beat, socket: &mut WebSocket) -> bool {
        match beat {
            Beat::Ping => socket.send(Message::Ping(Default::default())).await.is_ok(),
            Beat::Silent => {
                let frame = CloseFrame { code: close_code::AWAY, reason: "silent for too long".into() };
                let _ = socket.send(Message::Close(Some(frame))).await;
                false
            }
        }
    }
}
