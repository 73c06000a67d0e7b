//! Accepting connections: the server's own accept loop over hyper's HTTP/1
//! connections, so that a slow or hostile client cannot hold the server.
//!
//! - A connection that has not sent a whole request head within
//!   [`Connections::header_timeout`] is closed: a head sent slowly, and an
//!   idle connection waiting for its first or next request alike (hyper's
//!   header read timeout starts again after every response).
//! - One address may hold at most [`Connections::per_address`] connections
//!   (WebSockets included, for as long as they are open); more are closed
//!   as soon as they are accepted. Trusted proxies (see
//!   [`crate::features::client_ip`]) carry many clients and are not capped.
//! - Failing accepts (no file descriptor left) pause the loop briefly
//!   instead of spinning.
//!
//! Bodies have their own deadline, checked where they are read (see
//! [`crate::features::request`]).

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tower::ServiceExt;

/// What the accept loop allows a connection.
#[derive(Clone, Debug)]
pub struct Connections {
    /// How long a connection may take to send a request head, and stay
    /// idle between requests.
    pub header_timeout: Duration,
    /// Connections one address may hold at once (0: no cap).
    pub per_address: usize,
    /// Addresses without a cap (trusted proxies).
    pub uncapped: Vec<IpAddr>,
}

/// The open connections per address.
#[derive(Default)]
struct Open {
    counts: Mutex<HashMap<IpAddr, usize>>,
}

/// A place of an open connection; given back when the connection (or the
/// WebSocket it became) is dropped.
struct Place {
    open: Arc<Open>,
    address: IpAddr,
}

impl Open {
    /// A place for a connection from `address`, unless it holds `cap`.
    fn admit(self: &Arc<Self>, address: IpAddr, cap: usize) -> Option<Place> {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.entry(address).or_insert(0);
        if cap != 0 && *count >= cap {
            return None;
        }
        *count += 1;
        Some(Place { open: self.clone(), address })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.open.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// A TCP stream that holds its [`Place`] as long as it lives.
struct Counted {
    stream: TcpStream,
    _place: Place,
}

impl AsyncRead for Counted {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// How long the loop pauses after a failed accept.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` until `shutdown` completes; then accepts
/// no more, lets the open connections finish their requests and waits for
/// them.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Connections,
    shutdown: impl Future<Output = ()> + Send,
) -> io::Result<()> {
    let open = Arc::new(Open::default());
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    let uncapped: Vec<IpAddr> = limits.uncapped.iter().map(IpAddr::to_canonical).collect();
    let (stopping, stopped) = watch::channel(false);
    let (alive, mut all_closed) = mpsc::channel::<()>(1);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!(%error, "accepting a connection failed");
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let address = peer.ip().to_canonical();
        let cap = if uncapped.contains(&address) { 0 } else { limits.per_address };
        let Some(place) = open.admit(address, cap) else {
            tracing::debug!(%address, "connection refused: the address holds as many as allowed");
            continue;
        };
        let io = TokioIo::new(Counted { stream, _place: place });
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(request)
        });
        let connection = builder.serve_connection(io, service).with_upgrades();
        let mut stopped = stopped.clone();
        let alive = alive.clone();
        tokio::spawn(async move {
            let _alive = alive;
            tokio::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                () = async { let _ = stopped.wait_for(|stop| *stop).await; } => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(error) = result {
                tracing::debug!(%peer, %error, "connection closed");
            }
        });
    }
    drop(listener);
    stopping.send_replace(true);
    drop(alive);
    let _ = all_closed.recv().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_capped_per_address_and_given_back() {
        let open = Arc::new(Open::default());
        let (one, two): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = open.admit(one, 2).unwrap();
        let _second = open.admit(one, 2).unwrap();
        assert!(open.admit(one, 2).is_none());
        let other = open.admit(two, 2).unwrap();
        drop(first);
        let _again = open.admit(one, 2).unwrap();
        assert!(open.admit(one, 2).is_none());
        let uncapped: Vec<Place> = (0..10).map(|_| open.admit(two, 0).unwrap()).collect();
        drop(uncapped);
        drop(other);
        assert!(!open.counts.lock().unwrap().contains_key(&two), "every place was given back");
    }
}
