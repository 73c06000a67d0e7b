//! A small HTTP/1.1 client over one kept-alive connection, for the load
//! test and the server's tests.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::{SendRequest, handshake};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use std::net::SocketAddr;
use thiserror::Error;
use tokio::net::TcpStream;

/// A failed request (not an error status: those are a [`Reply`]).
#[derive(Debug, Error)]
pub enum ClientError {
    /// Connecting failed.
    #[error("connect: {0}")]
    Connect(#[from] std::io::Error),
    /// The HTTP exchange failed.
    #[error("http: {0}")]
    Http(#[from] hyper::Error),
    /// The request could not be built.
    #[error("request: {0}")]
    Request(#[from] hyper::http::Error),
}

/// A response: status, headers and body.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The response headers.
    pub headers: hyper::HeaderMap,
    /// The body.
    pub body: Bytes,
}

impl Reply {
    /// The body as JSON (`Null` if it is not JSON).
    #[must_use]
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    /// The body as text.
    #[must_use]
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// One kept-alive connection to a server.
pub struct Client {
    sender: SendRequest<Full<Bytes>>,
    host: String,
    /// The `Cookie` header sent with every request, if any.
    pub cookie: Option<String>,
}

impl Client {
    /// Connects to `addr`.
    pub async fn connect(addr: SocketAddr) -> Result<Client, ClientError> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        let (sender, connection) = handshake(TokioIo::new(stream)).await?;
        tokio::spawn(connection);
        Ok(Client { sender, host: addr.to_string(), cookie: None })
    }

    /// Connects to `addr` from the local address `from` (another loopback
    /// address, `127.0.0.x`, looks like another client to the server).
    pub async fn connect_from(addr: SocketAddr, from: std::net::IpAddr) -> Result<Client, ClientError> {
        let socket =
            if from.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
        socket.bind(SocketAddr::new(from, 0))?;
        let stream = socket.connect(addr).await?;
        stream.set_nodelay(true)?;
        let (sender, connection) = handshake(TokioIo::new(stream)).await?;
        tokio::spawn(connection);
        Ok(Client { sender, host: addr.to_string(), cookie: None })
    }

    /// Sends a request with a raw JSON body and optional bearer token.
    pub async fn raw(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: impl Into<Bytes>,
    ) -> Result<Reply, ClientError> {
        self.send(method, path, token, Some("application/json"), body).await
    }

    /// Sends a request with a raw body of the given content type (none if
    /// `None`) and optional bearer token.
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        content_type: Option<&str>,
        body: impl Into<Bytes>,
    ) -> Result<Reply, ClientError> {
        let headers: Vec<(&str, &str)> =
            content_type.map(|value| ("content-type", value)).into_iter().collect();
        self.send_with(method, path, token, &headers, body).await
    }

    /// `GET path` with these request headers (name, value).
    pub async fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Result<Reply, ClientError> {
        self.send_with("GET", path, None, headers, Bytes::new()).await
    }

    /// Sends a request with these headers (name, value), a raw body and
    /// an optional bearer token.
    async fn send_with(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: impl Into<Bytes>,
    ) -> Result<Reply, ClientError> {
        let mut request = hyper::Request::builder().method(method).uri(path).header("host", &self.host);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(token) = token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        if let Some(cookie) = &self.cookie {
            request = request.header("cookie", cookie);
        }
        let request = request.body(Full::new(body.into()))?;
        self.sender.ready().await?;
        let response = self.sender.send_request(request).await?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.into_body().collect().await?.to_bytes();
        Ok(Reply { status, headers, body })
    }

    /// `GET path`.
    pub async fn get(&mut self, path: &str) -> Result<Reply, ClientError> {
        self.raw("GET", path, None, Bytes::new()).await
    }

    /// `POST path` with a JSON body.
    pub async fn post(
        &mut self,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Result<Reply, ClientError> {
        self.raw("POST", path, token, body.to_string()).await
    }
}
