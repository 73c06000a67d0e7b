//! The HTTP layer on top: the router and the game handlers, the edge
//! (request ids, logging, error bodies), the mapping of domain errors to
//! statuses, connections, security headers, static assets, account
//! names in paths and the WebSocket.

pub mod account;
pub mod analysis;
pub mod api;
pub mod assets;
pub mod bot_api;
pub mod bots;
pub mod challenges;
pub mod chat;
pub mod client_ip;
pub mod compress;
pub mod connections;
pub mod edge;
pub mod error;
pub mod games;
pub mod headers;
pub mod leagues;
pub mod learn;
pub mod lobby;
pub mod lobby_ws;
pub mod names;
pub mod people;
pub mod players;
pub mod pools;
pub mod puzzles;
pub mod records;
pub mod registry;
pub mod rematch;
pub mod request;
pub mod seeks;
pub mod session;
pub mod socket;
pub mod tournaments;
pub mod ws;
