//! A game: its state and updates, the game socket's messages, and the replies of the game flows (create, join, resign, draw, undo, import).

use ts_rs::{Config, ExportError};

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    let _ = cfg;
    Ok(())
}
