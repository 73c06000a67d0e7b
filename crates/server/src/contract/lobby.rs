//! The lobby: its game lines, the featured game, seeks, pools, presence and the lobby socket's messages.

use ts_rs::{Config, ExportError};

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    let _ = cfg;
    Ok(())
}
