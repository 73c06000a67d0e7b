//! The features, one module each, built on the [`crate::core`] and never
//! on the `http` layer: accounts, seeks, rematch, chat, analysis,
//! evaluation graphs, the lobby and player profiles, with the setting-up
//! of games they share and the reading of requests (bodies, tokens,
//! client addresses). Their handlers return
//! [`DomainError`](crate::core::error::DomainError)s; the `http` layer
//! maps them to statuses.

pub mod account;
pub mod account_care;
pub mod analysis;
pub mod api_tokens;
pub mod bot_challenges;
pub mod bot_events;
pub mod bot_games;
pub mod bot_lines;
pub mod bot_list;
pub mod bots;
pub mod challenges;
pub mod chat;
pub mod correspondence;
pub mod diagram;
pub mod evaluation;
pub mod featured;
pub mod game_actions;
pub mod game_names;
pub mod games;
pub mod house_bots;
pub mod invite;
pub mod leagues;
pub mod learn;
pub mod lobby;
pub mod lobby_presence;
pub mod mutes;
pub mod people;
pub mod players;
pub mod pools;
pub mod puzzle_kinds;
pub mod puzzle_line;
pub mod puzzles;
pub mod rating_history;
pub mod record_import;
pub mod records;
pub mod registry;
pub mod rematch;
pub mod rules_html;
pub mod search;
pub mod seat;
pub mod seeks;
pub mod setup;
pub mod tournaments;
