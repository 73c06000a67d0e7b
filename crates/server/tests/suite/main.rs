//! The server's integration tests, one module per area, in one test
//! program: linked once instead of once per file, which took most of a
//! clean test build. Two tests keep their own program because they count
//! or control the whole process: `kill` (a server child it kills) and
//! `engine_reuse` (how many engines this process made).

#[path = "../common/mod.rs"]
mod common;

mod abuse;
mod account_care;
mod accounts;
mod analysis;
mod analysis_board;
mod api;
mod attacks;
mod bots;
mod challenges;
mod contract;
mod correspondence;
mod edge;
mod evaluation_queue;
mod gamepage;
mod hardening;
mod instances;
mod large_states;
mod layering;
mod leagues;
mod learn;
mod loadtest;
mod people;
mod pools;
mod puzzles;
mod records;
mod search;
mod social_chat;
mod sockets;
mod swiss;
mod tournament_presence;
mod tournaments;
mod updates;
