//! What a client may hold and send over WebSockets: how many sockets one
//! client address may keep open at once, how large a message (and each
//! frame of it) may be, and how long a socket may stay silent before it
//! is closed. Browsers send only short messages (a hello of about 100
//! bytes) and answer the server's pings by themselves, so a few KB and a
//! minute are plenty; a client holding an unfinished large message, or a
//! dead one, is cut off.

use crate::core::error::DomainError;
use game::text;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The WebSocket limits of [`crate::Limits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SocketLimits {
    /// WebSockets one client address may hold open at once (0: no cap).
    pub per_address: usize,
    /// The largest message a client may send, and the largest frame, in
    /// bytes; a larger one closes its socket (status 1009).
    pub message_bytes: usize,
    /// How long a socket may stay silent — no message, no answer to a
    /// ping — before it is closed; pings go out three times as often.
    pub idle: Duration,
}

impl Default for SocketLimits {
    /// 32 sockets per address, 4 KiB messages, 60 s of silence.
    fn default() -> SocketLimits {
        SocketLimits { per_address: 32, message_bytes: 4096, idle: Duration::from_secs(60) }
    }
}

impl SocketLimits {
    /// How often the server pings a socket: a third of [`SocketLimits::idle`].
    pub fn ping_every(&self) -> Duration {
        (self.idle / 3).max(Duration::from_millis(10))
    }
}

/// The WebSockets open on this server, counted per client address.
pub struct Sockets {
    /// The limits they are held to.
    pub limits: SocketLimits,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// The place of one open WebSocket, given back when it is dropped.
pub struct SocketPlace {
    sockets: Arc<Sockets>,
    address: IpAddr,
}

impl Sockets {
    /// No socket open yet.
    pub fn new(limits: SocketLimits) -> Arc<Sockets> {
        Arc::new(Sockets { limits, open: Mutex::new(HashMap::new()) })
    }

    /// A place for one more socket of the client `address` (as the limits
    /// count it: an IPv6 one by its /64), or 429 when it holds
    /// [`SocketLimits::per_address`] already.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<SocketPlace, DomainError> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(address).or_insert(0);
        let cap = self.limits.per_address;
        if cap != 0 && *count >= cap {
            return Err(DomainError::too_many(
                text!(
                    "too many open live connections from your address (at most {cap}); close a tab and try again",
                    "zu viele offene Live-Verbindungen von deiner Adresse (höchstens {cap}); schließ einen Tab \
                     und versuch es noch einmal"
                ),
                5,
            ));
        }
        *count += 1;
        Ok(SocketPlace { sockets: self.clone(), address })
    }
}

impl Drop for SocketPlace {
    fn drop(&mut self) {
        let mut open = self.sockets.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_capped_per_address_and_given_back() {
        let sockets = Sockets::new(SocketLimits { per_address: 2, ..SocketLimits::default() });
        let (a, b) = (IpAddr::from([127, 0, 0, 2]), IpAddr::from([127, 0, 0, 3]));
        let first = sockets.admit(a).unwrap();
        let _second = sockets.admit(a).unwrap();
        let refused = sockets.admit(a).err().unwrap();
        assert_eq!(refused.kind, crate::core::error::ErrorKind::TooMany);
        assert!(refused.message.de.contains("höchstens 2"));
        let _other = sockets.admit(b).unwrap();
        drop(first);
        let _again = sockets.admit(a).unwrap();
        assert!(sockets.admit(a).is_err(), "one place came back, no more");
    }
}
