//! Learning and analysis: lessons, puzzles, the analysis board, evaluations, diagrams and game records.

use ts_rs::{Config, ExportError};

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    let _ = cfg;
    Ok(())
}
