//! The game-playing core: the games in memory and every change of them
//! (commit, publish, engine replies, clocks), their JSON state, ratings,
//! limits and the domain errors. It knows no HTTP: nothing here imports
//! `axum` or the `features` and `http` layers.

pub mod account_name;
pub mod app;
pub mod cache;
pub mod correspondence;
pub mod deadlines;
pub mod encoded;
pub mod error;
pub mod evaluations;
pub mod limits;
pub mod lobby_live;
pub mod passwords;
pub mod people;
pub mod periodic;
pub mod presence;
pub mod rating;
pub mod ratings;
pub mod recovery_code;
pub mod replay;
pub mod secret;
pub mod sockets;
pub mod state;
pub mod storage;
pub mod table;
pub mod tournament_live;
