//! The contract between the server and the browser: every reply body and
//! every socket message as a Rust type, one module per area. The types
//! serialise to the JSON the server sends, and `web/src/contract/` is
//! generated from them by [ts-rs](https://docs.rs/ts-rs) (one TypeScript
//! file per type), so the browser reads exactly what the server writes.
//!
//! ts-rs rather than specta: it does one thing — TypeScript declarations
//! from the serde attributes already on the types — and needs no runtime
//! or framework (specta is built for tauri/rspc and its 2.0 has been a
//! release candidate for years).
//!
//! The generated files are committed; the test `contract` in
//! `crates/server/tests` fails when they are stale and rewrites them with
//! `SPIELWERK_BLESS=1`.
//!
//! This is the lowest layer of the server: it imports nothing of the
//! crate but itself.

pub mod accounts;
pub mod bots;
pub mod common;
pub mod constants;
pub mod game;
pub mod leagues;
pub mod lobby;
pub mod registry;
pub mod social;
pub mod study;
pub mod tournaments;

use std::path::Path;
use ts_rs::{Config, ExportError, TS};

/// The ts-rs settings of the generated files: 64-bit integers are plain
/// numbers (milliseconds and ids stay far below 2^53).
pub fn config(dir: &Path) -> Config {
    Config::new().with_large_int("number").with_out_dir(dir)
}

/// Writes the TypeScript declarations of every type of the contract (and
/// the types they use) into `dir`, one file per type, and the constants
/// the browser shares with the server (`constants.ts`).
pub fn export(dir: &Path) -> Result<(), ExportError> {
    let cfg = config(dir);
    common::export(&cfg)?;
    game::export(&cfg)?;
    lobby::export(&cfg)?;
    accounts::export(&cfg)?;
    bots::export(&cfg)?;
    social::export(&cfg)?;
    registry::export(&cfg)?;
    study::export(&cfg)?;
    tournaments::export(&cfg)?;
    leagues::export(&cfg)?;
    constants::export(&cfg)?;
    Ok(())
}

/// Writes the declaration of `T` and of the types it uses.
pub(crate) fn export_type<T: TS + 'static>(cfg: &Config) -> Result<(), ExportError> {
    T::export_all(cfg)
}
