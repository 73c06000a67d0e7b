//! The schema, one migration per version: the files
//! `migrations/NNNN_name.sql`, found by the build script, so that adding a
//! migration is adding one file. A database's version is the number of
//! migrations applied, recorded in `schema_version`.

/// One migration.
#[derive(Clone, Copy, Debug)]
pub struct Migration {
    /// Its file's name.
    pub name: &'static str,
    /// Its statements, in the SQL both backends read (`WITHOUT ROWID` is
    /// dropped for PostgreSQL).
    pub sql: &'static str,
}

/// Every migration, in order: version `n` is `MIGRATIONS[n - 1]` applied.
pub const MIGRATIONS: &[Migration] = include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

impl Migration {
    /// `error`, as the failure of this migration.
    pub fn failed(&self, error: impl Into<crate::StoreError>) -> crate::StoreError {
        let error = error.into();
        crate::StoreError::Backend(crate::BackendError::new(format!(
            "migration {}: {}",
            self.name,
            error.detail()
        )))
    }
}

/// The schema version this program writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();
