//! The registry of games as the browser reads it: each game's names,
//! options, players and help in both languages.

use ts_rs::{Config, ExportError};

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    let _ = cfg;
    Ok(())
}
