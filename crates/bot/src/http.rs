//! The bridge's side of HTTP: requests to the server with the bot's
//! token, and NDJSON streams read line by line. One connection per
//! request, HTTP/1.1, plain `http://` (put TLS in front with a proxy).

use crate::BotError;
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::client::conn::http1::handshake;
use hyper_util::rt::TokioIo;
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::net::TcpStream;

/// A server's address and the token the bridge signs in with.
#[derive(Clone, Debug)]
pub(crate) struct Api {
    /// `host:port`.
    authority: String,
    token: String,
}

impl Api {
    /// The server at `url` (`http://host:port`, a trailing `/` allowed),
    /// signed in with `token`.
    pub(crate) fn new(url: &str, token: &str) -> Result<Api, BotError> {
        let rest = url.strip_prefix("http://").ok_or_else(|| {
            BotError::Config(format!(
                "the server address '{url}' must start with http:// (use a proxy for https)"
            ))
        })?;
        let authority = rest.trim_end_matches('/');
        if authority.is_empty() || authority.contains('/') {
            return Err(BotError::Config(format!("the server address '{url}' must be http://host:port")));
        }
        let authority =
            if authority.contains(':') { authority.to_owned() } else { format!("{authority}:80") };
        Ok(Api { authority, token: token.to_owned() })
    }

    /// Sends a request and returns the response whose body is still to
    /// be read; an error status is an error naming the server's reason.
    async fn send(&self, method: &str, path: &str, body: Option<String>) -> Result<Incoming, BotError> {
        let stream = TcpStream::connect(&self.authority)
            .await
            .map_err(|error| BotError::Server(format!("cannot reach {}: {error}", self.authority)))?;
        stream.set_nodelay(true).ok();
        let (mut sender, connection) = handshake(TokioIo::new(stream)).await.map_err(http_error)?;
        tokio::spawn(connection);
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(path)
            .header("host", &self.authority)
            .header("authorization", format!("Bearer {}", self.token));
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        let request = request
            .body(Full::new(Bytes::from(body.unwrap_or_default())))
            .map_err(|error| BotError::Server(format!("{method} {path}: {error}")))?;
        let response = sender.send_request(request).await.map_err(http_error)?;
        let status = response.status();
        if status.is_success() {
            return Ok(response.into_body());
        }
        let text = response.into_body().collect().await.map(|body| body.to_bytes()).unwrap_or_default();
        Err(BotError::Refused {
            request: format!("{method} {path}"),
            status: status.as_u16(),
            reason: reason(&text),
        })
    }

    /// `GET path`, its JSON reply.
    pub(crate) async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, BotError> {
        let body = self.send("GET", path, None).await?.collect().await.map_err(http_error)?.to_bytes();
        serde_json::from_slice(&body).map_err(|error| BotError::Server(format!("GET {path}: {error}")))
    }

    /// `POST path` with `body` as JSON (or no body); the reply is not read.
    pub(crate) async fn post(&self, path: &str, body: Option<&impl Serialize>) -> Result<(), BotError> {
        let body = body.map(|body| serde_json::to_string(body).expect("request bodies serialise"));
        let reply = self.send("POST", path, body).await?;
        reply.collect().await.map_err(http_error)?;
        Ok(())
    }

    /// `GET path` as an NDJSON stream.
    pub(crate) async fn stream(&self, path: &str) -> Result<Lines, BotError> {
        Ok(Lines { body: self.send("GET", path, None).await?, pending: Vec::new() })
    }
}

/// The lines of an NDJSON stream as they arrive.
pub(crate) struct Lines {
    body: Incoming,
    pending: Vec<u8>,
}

impl Lines {
    /// The next line that is not empty (empty lines keep the connection
    /// alive); `None` when the stream ends.
    pub(crate) async fn next(&mut self) -> Result<Option<String>, BotError> {
        loop {
            if let Some(end) = self.pending.iter().position(|&byte| byte == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line).trim().to_owned();
                if line.is_empty() {
                    continue;
                }
                return Ok(Some(line));
            }
            match self.body.frame().await {
                None => return Ok(None),
                Some(frame) => {
                    if let Ok(data) = frame.map_err(http_error)?.into_data() {
                        self.pending.extend_from_slice(&data);
                    }
                }
            }
        }
    }
}

/// The server's reason in an error reply: its JSON `error` if it has one,
/// else the text.
fn reason(body: &[u8]) -> String {
    serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|value| value.get("error").and_then(|error| error.as_str()).map(str::to_owned))
        .unwrap_or_else(|| String::from_utf8_lossy(body).trim().to_owned())
}

fn http_error(error: hyper::Error) -> BotError {
    BotError::Server(format!("HTTP: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_addresses_are_http_host_and_port() {
        assert_eq!(Api::new("http://127.0.0.1:8080/", "t").unwrap().authority, "127.0.0.1:8080");
        assert_eq!(Api::new("http://example.org", "t").unwrap().authority, "example.org:80");
        for bad in ["https://example.org", "127.0.0.1:8080", "http://", "http://host/path"] {
            assert!(matches!(Api::new(bad, "t"), Err(BotError::Config(_))), "{bad}");
        }
    }

    #[test]
    fn an_error_reply_gives_its_reason() {
        assert_eq!(reason(br#"{"error":"not your turn","error_de":"x"}"#), "not your turn");
        assert_eq!(reason(b"plain text\n"), "plain text");
    }
}
