//! Accepting connections: the server's own accept loop over hyper's HTTP/1
//! connections, so that a slow or hostile client cannot hold the server.
//!
//! - A connection that has not sent a whole request head within
//!   [`Connections::header_timeout`] is closed: a head sent slowly, and an
//!   idle connection waiting for its first or next request alike (hyper's
//!   header read timeout starts again after every response).
//! - One address (an IPv6 one counted by its /64 network, see
//!   [`client_key`]) may hold at most [`Connections::per_address`] connections
//!   (WebSockets included, for as long as they are open); more are closed
//!   as soon as they are accepted. Trusted proxies (see
//!   [`crate::http::client_ip`]) carry many clients and are not capped.
//! - Failing accepts (no file descriptor left) pause the loop briefly
//!   instead of spinning.
//! - A request head that hyper refuses itself, before any route sees it
//!   (malformed: 400; too large — longer than hyper's buffer of some 400
//!   KB, or more than 100 header fields: 431; a URI too long: 414), gets
//!   the reply every other error gets: a JSON body with the message in
//!   both languages, a request id (`X-Request-Id`, `"request_id"`) and the
//!   security headers, and a log line (target `spielwerk::request`) with
//!   the client address, status, id and hyper's reason. hyper writes its
//!   own bare reply (a status line and `content-length: 0`); the stream
//!   ([`Counted`]) sends this one in its place.
//!
//! Bodies have their own deadline, checked where they are read (see
//! [`crate::http::request`]).

use crate::core::limits::client_key;
use crate::http::edge::request_id;
use crate::http::error::{ErrorReply, refused_head};
use crate::http::headers::CONTENT_SECURITY_POLICY_VALUE;
use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::StatusCode;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};
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

/// A request head that hyper refused, as the connection answered it.
#[derive(Debug, PartialEq, Eq)]
struct Refused {
    status: u16,
    request_id: String,
}

/// Where a connection's stream notes a refused head for the task that
/// logs it when the connection ends.
type RefusedNote = Arc<Mutex<Option<Refused>>>;

/// A TCP stream that holds its [`Place`] as long as it lives, and answers
/// a request head that hyper refused itself (see the module
/// documentation).
struct Counted {
    stream: TcpStream,
    _place: Place,
    /// A reply written in place of hyper's bare one, and how much of it is
    /// sent.
    pending: Vec<u8>,
    sent: usize,
    refused: RefusedNote,
}

impl Counted {
    /// Sends what is left of a reply written in hyper's place.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let written = ready!(Pin::new(&mut self.stream).poll_write(cx, &self.pending[self.sent..]))?;
            if written == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += written;
        }
        self.pending = Vec::new();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }

    /// Takes `buf` as written when it is hyper's bare reply to a refused
    /// head, and puts the full reply in its place: `Some(len)` then.
    fn replace_refusal(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Option<io::Result<usize>> {
        let status = bare_error_status(buf)?;
        let id = request_id();
        self.pending = refusal_reply(status, &id);
        self.sent = 0;
        *self.refused.lock().unwrap_or_else(PoisonError::into_inner) =
            Some(Refused { status: status.as_u16(), request_id: id });
        // What cannot be sent now is sent by the next flush or shutdown.
        match self.poll_pending(cx) {
            Poll::Ready(Err(error)) => Some(Err(error)),
            _ => Some(Ok(buf.len())),
        }
    }
}

/// The status of `buf` when it starts with a reply head of a client or
/// server error that names no request id — the reply hyper writes itself
/// for a head it refused (every reply of the router names one, see
/// [`crate::http::edge`]).
fn bare_error_status(buf: &[u8]) -> Option<StatusCode> {
    let rest = buf.strip_prefix(b"HTTP/1.")?;
    let [_, b' ', code @ ..] = rest else { return None };
    let code = code.get(..3)?;
    if !matches!(code[0], b'4' | b'5') || !code.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let end = buf.windows(4).position(|window| window == b"\r\n\r\n")?;
    let head = buf[..end].to_ascii_lowercase();
    if head.windows(b"\r\nx-request-id:".len()).any(|window| window == b"\r\nx-request-id:") {
        return None;
    }
    StatusCode::from_bytes(code).ok()
}

/// The whole reply to a head refused with `status`: the JSON error body
/// with the request id `id`, and the headers every reply has.
fn refusal_reply(status: StatusCode, id: &str) -> Vec<u8> {
    let (kind, message) = refused_head(status);
    let body = ErrorReply { error: &message.en, kind: kind.name(), message: &message, request_id: id };
    let body = serde_json::to_string(&body).unwrap_or_default();
    let reason = status.canonical_reason().unwrap_or("Error");
    format!(
        "HTTP/1.1 {} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         x-request-id: {id}\r\nconnection: close\r\ncontent-security-policy: \
         {CONTENT_SECURITY_POLICY_VALUE}\r\nx-content-type-options: nosniff\r\nreferrer-policy: \
         no-referrer\r\n\r\n{body}",
        status.as_u16(),
        body.len()
    )
    .into_bytes()
}

impl AsyncRead for Counted {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(result) = this.replace_refusal(cx, buf) {
            return Poll::Ready(result);
        }
        Pin::new(&mut this.stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(first) = bufs.iter().find(|buf| !buf.is_empty())
            && let Some(result) = this.replace_refusal(cx, first)
        {
            return Poll::Ready(result);
        }
        Pin::new(&mut this.stream).poll_write_vectored(cx, bufs)
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
        let Some(place) = open.admit(client_key(address), cap) else {
            tracing::debug!(%address, "connection refused: the address holds as many as allowed");
            continue;
        };
        let refused = RefusedNote::default();
        let io = TokioIo::new(Counted {
            stream,
            _place: place,
            pending: Vec::new(),
            sent: 0,
            refused: refused.clone(),
        });
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
            let refusal = refused.lock().unwrap_or_else(PoisonError::into_inner).take();
            if let Some(Refused { status, request_id }) = refusal {
                log_refusal(peer, status, &request_id, result.as_ref().err());
            } else if let Err(error) = result {
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

/// The log line of a request head that hyper refused (with its reason,
/// `error`), answered with `status` under `request_id`.
fn log_refusal(peer: SocketAddr, status: u16, request_id: &str, error: Option<&hyper::Error>) {
    let client = peer.ip().to_canonical().to_string();
    let reason = error.map_or_else(String::new, ToString::to_string);
    tracing::info!(
        target: "spielwerk::request", client, status, request_id, reason, "request head refused"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_bare_error_heads_are_replaced() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(bare_error_status(bare), Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE));
        assert_eq!(bare_error_status(b"HTTP/1.0 400 Bad Request\r\n\r\n"), Some(StatusCode::BAD_REQUEST));
        for kept in [
            &b"HTTP/1.1 404 Not Found\r\nX-Request-Id: 0123\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 101 Switching Protocols\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-le",
            b"{\"error\": \"HTTP/1.1 400\"}",
            b"\x81\x05HTTP/",
            b"",
        ] {
            assert_eq!(bare_error_status(kept), None, "{:?}", String::from_utf8_lossy(kept));
        }
    }

    #[test]
    fn a_refused_head_gets_json_with_its_request_id() {
        let reply =
            String::from_utf8(refusal_reply(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "abc")).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "{head}");
        assert!(head.contains("\r\nx-request-id: abc\r\n") && head.contains("connection: close"), "{head}");
        assert!(head.contains(&format!("content-length: {}\r\n", body.len())), "{head}");
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!((&json["kind"], &json["request_id"]), (&"too_large".into(), &"abc".into()));
        assert!(json["message"]["de"].as_str().unwrap().contains("zu groß"), "{json}");
        assert_eq!(json["error"], json["message"]["en"]);
    }

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
