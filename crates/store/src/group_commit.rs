//! Group commit on PostgreSQL: the requests that arrive while a commit is
//! in flight are committed together, in one transaction (one WAL flush and
//! two round trips for all of them).
//!
//! A group is committed optimistically: `BEGIN` and every statement of
//! every request are sent at once (pipelined), the counts checked, then
//! `COMMIT`. If any request's check fails or any statement errors, the
//! group is rolled back and each of its requests is committed on its own
//! (concurrently, one transaction each, as without grouping), so a failing
//! request changes nothing and makes no other fail. Savepoints per request
//! (as SQLite's writer uses) were not taken: a failed statement aborts the
//! whole transaction until `ROLLBACK TO SAVEPOINT` is sent, and whether a
//! request's checks pass is known only from its counts, so every request
//! would cost a round trip of its own; with conflicts rare, one failed
//! group falling back costs less than a round trip per request always.
//!
//! A request is answered only after the transaction holding it is
//! committed. If `COMMIT` itself fails (the connection broke), nobody
//! knows whether it took effect: every request of the group gets the
//! error, none is tried again.

use crate::StoreError;
use crate::backend::Step;
use crate::error::BackendError;
use crate::postgres::{Failure, transaction};
use deadpool_postgres::Pool;
use std::sync::Arc;
use tokio::sync::{Semaphore, mpsc, oneshot};

/// The most requests committed in one transaction.
const MAX_GROUP: usize = 256;

/// How many group commits are in flight at once: while they are, the
/// requests arriving wait and form the next group.
const COMMITS_IN_FLIGHT: usize = 2;

/// A request waiting for its commit.
struct Job {
    steps: Vec<Step>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// Commits the requests given to it in groups, on connections of a pool.
pub struct Committer {
    jobs: mpsc::UnboundedSender<Job>,
}

impl Committer {
    /// Starts committing on the runtime; stops when dropped.
    pub fn start(pool: Pool) -> Committer {
        let (jobs, receiver) = mpsc::unbounded_channel();
        tokio::spawn(commit_loop(pool, receiver));
        Committer { jobs }
    }

    /// Runs `steps` in a transaction (with whatever other requests arrive
    /// meanwhile); returns once it is committed. On any error the steps
    /// changed nothing.
    pub async fn write(&self, steps: Vec<Step>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs.send(Job { steps, done }).map_err(|_| stopped())?;
        answer.await.unwrap_or_else(|_| Err(stopped()))
    }
}

/// The error of a write after the committer ended.
fn stopped() -> StoreError {
    StoreError::Backend(BackendError::new("the PostgreSQL committer has stopped"))
}

/// Takes the requests waiting when a commit may start, as one group.
async fn commit_loop(pool: Pool, mut receiver: mpsc::UnboundedReceiver<Job>) {
    let turns = Arc::new(Semaphore::new(COMMITS_IN_FLIGHT));
    while let Some(first) = receiver.recv().await {
        let Ok(turn) = turns.clone().acquire_owned().await else {
            return;
        };
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match receiver.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let pool = pool.clone();
        tokio::spawn(async move {
            commit_group(&pool, jobs).await;
            drop(turn);
        });
    }
}

/// Commits the jobs in one transaction, or each on its own if that fails
/// before `COMMIT`; answers each.
async fn commit_group(pool: &Pool, jobs: Vec<Job>) {
    if jobs.len() > 1 {
        let steps: Vec<&Step> = jobs.iter().flat_map(|job| &job.steps).collect();
        match transaction(pool, &steps).await {
            Ok(()) => {
                for job in jobs {
                    let _ = job.done.send(Ok(()));
                }
                return;
            }
            Err(Failure::CommitFailed(error)) => {
                let text = error.detail();
                for job in jobs {
                    let _ = job.done.send(Err(StoreError::Backend(BackendError::new(text.clone()))));
                }
                return;
            }
            // Somebody's check or statement failed: each on its own.
            Err(Failure::RolledBack(_)) => {}
        }
    }
    let alone = jobs.into_iter().map(|job| async move {
        let steps: Vec<&Step> = job.steps.iter().collect();
        let result = transaction(pool, &steps).await.map_err(Failure::into_error);
        let _ = job.done.send(result);
    });
    futures_util::future::join_all(alone).await;
}
