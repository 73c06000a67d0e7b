//! The one trait both databases implement: run a request's statements in
//! one transaction, and run queries in one snapshot. Everything else of
//! the store (which statements, how rows become domain types) is written
//! once, above it.

use crate::StoreError;
use crate::sql::Dialect;
use crate::value::{Row, Value};
use std::future::Future;
use std::pin::Pin;

/// A future a backend returns.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A database the store runs on.
pub trait Backend: Send + Sync {
    /// Its SQL dialect.
    fn dialect(&self) -> Dialect;

    /// Runs `steps` in one transaction, checking each one's count of
    /// changed rows ([`Check`]); returns once the transaction is committed.
    /// On any error nothing was changed.
    fn write(&self, steps: Vec<Step>) -> BoxFuture<'_, Result<(), StoreError>>;

    /// Runs `queries` (all in one snapshot when there are several) and
    /// returns the rows of each.
    fn read(&self, queries: Vec<Query>) -> BoxFuture<'_, Result<Vec<Vec<Row>>, StoreError>>;
}

/// One statement of a write.
#[derive(Clone, Debug)]
pub struct Step {
    /// The statement (of [`crate::sql`]).
    pub sql: &'static str,
    /// Its parameters, `$1` first.
    pub params: Vec<Value>,
    /// What its count of changed rows must be.
    pub check: Check,
}

/// What the count of rows a [`Step`] changed must be.
#[derive(Clone, Debug)]
pub enum Check {
    /// Any.
    Any,
    /// At least one, else [`StoreError::NotFound`] of what is named.
    Found(String),
    /// At least one, else [`StoreError::Conflict`] of what is named: what
    /// the change was made against changed meanwhile.
    Current(String),
}

impl Check {
    /// Whether `changed` rows pass the check.
    pub fn verify(&self, changed: u64) -> Result<(), StoreError> {
        match self {
            Check::Found(what) if changed == 0 => Err(StoreError::NotFound(what.clone())),
            Check::Current(what) if changed == 0 => Err(StoreError::Conflict(what.clone())),
            _ => Ok(()),
        }
    }
}

/// One query of a read.
#[derive(Clone, Debug)]
pub struct Query {
    /// The statement (of [`crate::sql`]).
    pub sql: &'static str,
    /// Its parameters, `$1` first.
    pub params: Vec<Value>,
}

/// A query of `sql` with `params`.
pub fn query(sql: &'static str, params: Vec<Value>) -> Query {
    Query { sql, params }
}
