//! The store's integration tests, one module per area, in one test
//! program (linked once instead of once per file).

#[path = "../common/mod.rs"]
mod common;

mod accounts;
mod bots;
mod correspondence;
mod operations;
mod puzzles;
mod schema;
mod social;
mod tournaments;
