//! The queue of games waiting for their evaluation graph (the job that
//! evaluates them is the `evaluation` feature's).

use crate::core::error::{DomainError, ErrorKind};
use game::text;
use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};
use tokio::sync::mpsc;

/// The most games waiting for their evaluation.
pub const QUEUE_LENGTH: usize = 64;

/// The queue of games to evaluate.
pub struct Evaluations {
    queue: mpsc::Sender<String>,
    /// The games queued or being evaluated, so that none is queued twice.
    queued: Mutex<HashSet<String>>,
}

impl Evaluations {
    /// An empty queue, and its receiving end for the background job
    /// (`features::evaluation::run`).
    pub fn new() -> (Evaluations, mpsc::Receiver<String>) {
        let (queue, receiver) = mpsc::channel(QUEUE_LENGTH);
        (Evaluations { queue, queued: Mutex::new(HashSet::new()) }, receiver)
    }

    /// Queues the game `id` unless it is queued already; 503 when the queue
    /// is full.
    pub fn enqueue(&self, id: &str) -> Result<(), DomainError> {
        let mut queued = self.queued.lock().unwrap_or_else(PoisonError::into_inner);
        if queued.contains(id) {
            return Ok(());
        }
        self.queue.try_send(id.to_owned()).map_err(|_| {
            DomainError::new(
                ErrorKind::Unavailable,
                text!(
                    "too many games wait for their evaluation; try again later",
                    "zu viele Partien warten auf ihre Bewertung; versuche es später"
                ),
            )
        })?;
        queued.insert(id.to_owned());
        Ok(())
    }

    /// Marks the game `id` as no longer queued.
    pub fn finished(&self, id: &str) {
        self.queued.lock().unwrap_or_else(PoisonError::into_inner).remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_queued_once() {
        let (evaluations, mut receiver) = Evaluations::new();
        evaluations.enqueue("g1").unwrap();
        evaluations.enqueue("g1").unwrap();
        assert_eq!(receiver.try_recv().unwrap(), "g1");
        assert!(receiver.try_recv().is_err());
        evaluations.finished("g1");
        evaluations.enqueue("g1").unwrap();
        assert_eq!(receiver.try_recv().unwrap(), "g1");
    }
}
