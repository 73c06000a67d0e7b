//! The SQLite backend: one file, one server instance, one writer thread.
//!
//! The writer thread owns the writing connection. Requests that arrive
//! together are committed in one transaction (group commit), each inside
//! its own savepoint so that one failing request changes nothing and does
//! not affect the others. A request is answered only after its transaction
//! is committed (WAL, `synchronous = FULL`), so whatever the server
//! acknowledges survives the process being killed. Reads run on a
//! connection of their own on the blocking pool.

use crate::StoreError;
use crate::backend::{Backend, BoxFuture, Query, Step};
use crate::error::BackendError;
use crate::migrations::{MIGRATIONS, SCHEMA_VERSION};
use crate::sql::{self, Dialect};
use crate::value::{Row, Value};
use rusqlite::{Connection, params_from_iter};
use std::path::Path;
use std::sync::{Arc, Mutex, mpsc};
use tokio::sync::oneshot;

/// The most requests committed in one transaction.
const MAX_GROUP: usize = 512;

/// A request for the writer thread.
struct Job {
    steps: Vec<Step>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The SQLite database: a writer thread for changes and a connection for
/// reading.
pub struct SqliteBackend {
    jobs: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
}

impl SqliteBackend {
    /// Opens (creating if needed) and migrates the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteBackend, StoreError> {
        let mut writer = Connection::open(path)?;
        configure(&writer)?;
        migrate(&mut writer)?;
        let reader = Connection::open(path)?;
        configure(&reader)?;
        let (jobs, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("spielwerk-db".into())
            .spawn(move || write_loop(&writer, &receiver))
            .map_err(|e| BackendError::new(format!("cannot start the SQLite writer: {e}")))
            .map_err(StoreError::Backend)?;
        Ok(SqliteBackend { jobs, reader: Arc::new(Mutex::new(reader)) })
    }
}

impl Backend for SqliteBackend {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    fn write(&self, steps: Vec<Step>) -> BoxFuture<'_, Result<(), StoreError>> {
        let (done, answer) = oneshot::channel();
        let sent = self.jobs.send(Job { steps, done }).is_ok();
        Box::pin(async move {
            if !sent {
                return Err(stopped());
            }
            answer.await.unwrap_or_else(|_| Err(stopped()))
        })
    }

    fn read(&self, queries: Vec<Query>) -> BoxFuture<'_, Result<Vec<Vec<Row>>, StoreError>> {
        let reader = self.reader.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let conn = reader.lock().map_err(|_| stopped())?;
                read(&conn, &queries)
            })
            .await
            .map_err(|e| StoreError::Backend(BackendError::new(format!("a read failed: {e}"))))?
        })
    }
}

/// The error of a write after the writer thread ended.
fn stopped() -> StoreError {
    StoreError::Backend(BackendError::new("the SQLite writer has stopped"))
}

/// Runs `queries`, in one read transaction when there are several.
fn read(conn: &Connection, queries: &[Query]) -> Result<Vec<Vec<Row>>, StoreError> {
    let snapshot = queries.len() > 1;
    if snapshot {
        conn.execute_batch("BEGIN")?;
    }
    let rows = queries.iter().map(|query| rows(conn, query)).collect();
    if snapshot {
        conn.execute_batch("COMMIT")?;
    }
    rows
}

/// The rows of one query.
fn rows(conn: &Connection, query: &Query) -> Result<Vec<Row>, StoreError> {
    let mut statement = conn.prepare_cached(&Dialect::Sqlite.statement(query.sql))?;
    let columns = statement.column_count();
    let rows = statement
        .query_map(params_from_iter(&query.params), |r| {
            (0..columns).map(|i| r.get::<_, Value>(i)).collect::<Result<Vec<_>, _>>().map(Row)
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

fn configure(conn: &Connection) -> Result<(), StoreError> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// The schema version of a database (0 for a new one).
fn schema_version(conn: &Connection) -> Result<usize, StoreError> {
    conn.execute_batch(sql::SCHEMA_VERSION_TABLE)?;
    let version: Option<i64> = conn.query_row(sql::SCHEMA_VERSION, [], |r| r.get(0))?;
    Ok(version.map_or(0, |v| usize::try_from(v).unwrap_or(0)))
}

/// Opens the database file `path` (creating it if needed), brings it to
/// [`SCHEMA_VERSION`] and returns the version it had before.
pub fn migrate_file(path: &Path) -> Result<usize, StoreError> {
    let mut conn = Connection::open(path)?;
    configure(&conn)?;
    migrate(&mut conn)
}

/// Brings the database up to [`SCHEMA_VERSION`], one migration per
/// transaction; returns the version it had before.
fn migrate(conn: &mut Connection) -> Result<usize, StoreError> {
    let found = schema_version(conn)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew { found, known: SCHEMA_VERSION });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(found) {
        let transaction = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        transaction
            .execute_batch(&Dialect::Sqlite.migration(migration.sql))
            .map_err(|e| migration.failed(e))?;
        transaction.execute(&Dialect::Sqlite.statement(sql::RECORD_MIGRATION), [index as i64 + 1])?;
        transaction.commit()?;
    }
    Ok(found)
}

fn write_loop(conn: &Connection, receiver: &mpsc::Receiver<Job>) {
    while let Ok(first) = receiver.recv() {
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match receiver.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let results = commit_group(conn, &jobs);
        for (job, result) in jobs.into_iter().zip(results) {
            let _ = job.done.send(result);
        }
    }
}

/// Commits the jobs in one transaction, each in a savepoint of its own.
fn commit_group(conn: &Connection, jobs: &[Job]) -> Vec<Result<(), StoreError>> {
    let failed = |error: rusqlite::Error| -> Vec<Result<(), StoreError>> {
        let text = error.to_string();
        jobs.iter().map(|_| Err(StoreError::Backend(BackendError::new(format!("SQLite: {text}"))))).collect()
    };
    if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
        return failed(e);
    }
    let mut results = Vec::with_capacity(jobs.len());
    for job in jobs {
        let outcome =
            conn.execute_batch("SAVEPOINT job").map_err(StoreError::from).and_then(|()| {
                match job.steps.iter().try_for_each(|step| apply(conn, step)) {
                    Ok(()) => Ok(conn.execute_batch("RELEASE job")?),
                    Err(e) => {
                        conn.execute_batch("ROLLBACK TO job; RELEASE job")?;
                        Err(e)
                    }
                }
            });
        results.push(outcome);
    }
    if let Err(e) = conn.execute_batch("COMMIT") {
        let _ = conn.execute_batch("ROLLBACK");
        return failed(e);
    }
    results
}

/// Runs one step and checks its count.
fn apply(conn: &Connection, step: &Step) -> Result<(), StoreError> {
    let changed =
        conn.prepare_cached(&Dialect::Sqlite.statement(step.sql))?.execute(params_from_iter(&step.params))?;
    step.check.verify(changed as u64)
}
