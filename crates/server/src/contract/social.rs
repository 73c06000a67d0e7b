//! Between people: challenges, the account's event stream, chat, rematches.

use ts_rs::{Config, ExportError};

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    let _ = cfg;
    Ok(())
}
