//! The address of the client a request comes from, as the rate limits
//! count it.
//!
//! Directly connected, that is the connection's peer. Behind reverse
//! proxies (nginx in front of several instances, see `deploy/`), every
//! request comes from a proxy; a proxy named with `spielwerk serve
//! --trusted-proxy ADDR` is believed about the client: the address it
//! appended last to `X-Forwarded-For` is taken. A header from any other
//! peer is ignored, as a client could write anything there.

use crate::core::app::App;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The client's address (see the module documentation).
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<Arc<App>> for ClientIp {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<ClientIp, Infallible> {
        // The server always runs with connection info; without it (a router
        // used on its own) every request counts as one unspecified client.
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |ConnectInfo(addr)| addr.ip());
        Ok(ClientIp(client_ip(peer, &parts.headers, &app.trusted_proxies)))
    }
}

/// The client behind `peer`: the last `X-Forwarded-For` address when
/// `peer` is a trusted proxy and the header says one, else `peer`.
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer.to_canonical()) {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .next_back()
        .and_then(|last| last.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    const PROXY: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    #[test]
    fn a_trusted_proxy_names_the_client_it_appended_last() {
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(client_ip(PROXY, &forwarded(&["203.0.113.7"]), &[PROXY]), client);
        // A client's own claim comes first; the proxy appends what it saw.
        assert_eq!(client_ip(PROXY, &forwarded(&["10.9.9.9, 203.0.113.7"]), &[PROXY]), client);
        assert_eq!(client_ip(PROXY, &forwarded(&["10.9.9.9", "203.0.113.7"]), &[PROXY]), client);
        let v6: IpAddr = "2001:db8::1".parse().unwrap();
        assert_eq!(client_ip(PROXY, &forwarded(&[" 2001:db8::1 "]), &[PROXY]), v6);
    }

    #[test]
    fn others_and_nonsense_leave_the_peer() {
        let peer: IpAddr = "198.51.100.4".parse().unwrap();
        assert_eq!(client_ip(peer, &forwarded(&["203.0.113.7"]), &[PROXY]), peer);
        assert_eq!(client_ip(peer, &forwarded(&["203.0.113.7"]), &[]), peer);
        assert_eq!(client_ip(PROXY, &forwarded(&[]), &[PROXY]), PROXY);
        assert_eq!(client_ip(PROXY, &forwarded(&["not an address"]), &[PROXY]), PROXY);
        assert_eq!(client_ip(PROXY, &forwarded(&["203.0.113.7, "]), &[PROXY]), PROXY);
    }

    #[test]
    fn a_proxy_on_an_ipv4_mapped_address_is_known() {
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(client_ip(mapped, &forwarded(&["203.0.113.7"]), &[PROXY]), client);
    }
}
