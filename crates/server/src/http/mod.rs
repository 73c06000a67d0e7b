//! The HTTP layer on top: the router and the game handlers, the edge
//! (request ids, logging, error bodies), the mapping of domain errors to
//! statuses, connections, security headers, static assets, account
//! names in paths and the WebSocket.

pub mod account;
pub mod api;
pub mod assets;
pub mod client_ip;
pub mod compress;
pub mod connections;
pub mod edge;
pub mod error;
pub mod games;
pub mod headers;
pub mod lobby_ws;
pub mod names;
pub mod people;
pub mod rematch;
pub mod request;
pub mod session;
pub mod socket;
pub mod ws;
