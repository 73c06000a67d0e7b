//! Password hashing: argon2id on a few threads of the server's own, each
//! with one block of memory that every hash it makes reuses.
//!
//! An argon2 hash needs 19 MiB (the default parameters). Made with
//! `Argon2::hash_password`, each hash allocated that memory afresh, and
//! glibc kept it in per-thread arenas: 40 log-ins at once left the server
//! some 250 MB larger. Here the memory is allocated once per hashing
//! thread ([`Memory`]), so at most `threads × 19 MiB` are ever used for
//! hashing, whatever the number of log-ins; a thread allocates its memory
//! with its first hash, so that a server nobody logs in to holds none.
//!
//! Hashes wait for a thread in a bounded queue: beyond
//! [`crate::Limits::password_queue`] waiting ones, a sign-up or log-in is
//! refused at once with 429 (a flood of wrong log-ins from many addresses
//! would otherwise delay a real one by seconds). A hash whose request was
//! given up while it waited is not made.

use crate::core::error::DomainError;
use argon2::password_hash::ParamsString;
use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, PasswordHasher, PasswordVerifier, Version};
use game::text;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError, mpsc};
use tokio::sync::oneshot;

/// The server's password hashing: a few threads of its own that hash one
/// password at a time each, so that at most so many argon2 hashes run at
/// once, each in its thread's [`Memory`].
pub struct PasswordHashes {
    jobs: Mutex<mpsc::Sender<HashJob>>,
    /// Hashes sent to the threads that none has started yet.
    waiting: Arc<AtomicUsize>,
    /// The most hashes that may wait.
    most_waiting: usize,
}

/// Seconds a client refused for a full queue of hashes waits before trying
/// again.
const BUSY_RETRY_SECS: u64 = 1;

/// A hash to make on a hashing thread, in its memory.
type HashJob = Box<dyn FnOnce(&mut Memory) + Send>;

impl PasswordHashes {
    /// `threads` hashing threads (at least one), with at most
    /// `most_waiting` hashes waiting for one.
    pub fn new(threads: usize, most_waiting: usize) -> PasswordHashes {
        let (jobs, queue) = mpsc::channel::<HashJob>();
        let queue = Arc::new(Mutex::new(queue));
        for index in 0..threads.max(1) {
            let queue = queue.clone();
            let spawned =
                std::thread::Builder::new().name(format!("password-hash-{index}")).spawn(move || {
                    let mut memory = Memory::new();
                    loop {
                        let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        match job {
                            Ok(job) => job(&mut memory),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(error) = spawned {
                tracing::error!(%error, "a password hashing thread did not start");
            }
        }
        PasswordHashes { jobs: Mutex::new(jobs), waiting: Arc::default(), most_waiting }
    }

    /// Runs `work` (a hash) on a hashing thread once one is free; 429 at
    /// once when as many hashes wait as allowed.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Memory) -> T + Send + 'static,
    ) -> Result<T, DomainError> {
        let failed = || {
            DomainError::internal(text!(
                "password hashing failed: no hashing thread",
                "Passwort-Hashing fehlgeschlagen: kein Thread dafür"
            ))
        };
        let most = self.most_waiting;
        let admitted = self.waiting.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |waiting| {
            (waiting < most).then_some(waiting + 1)
        });
        if admitted.is_err() {
            return Err(DomainError::too_many(
                text!(
                    "the server is checking too many passwords at the moment; try again shortly",
                    "der Server prüft gerade zu viele Passwörter; versuch es gleich noch einmal"
                ),
                BUSY_RETRY_SECS,
            ));
        }
        let (done, result) = oneshot::channel();
        let waiting = self.waiting.clone();
        let job: HashJob = Box::new(move |memory| {
            waiting.fetch_sub(1, Ordering::SeqCst);
            // Nobody waits for the hash any more (the client gave up).
            if !done.is_closed() {
                let _ = done.send(work(memory));
            }
        });
        let sent = self.jobs.lock().unwrap_or_else(PoisonError::into_inner).send(job);
        if sent.is_err() {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(failed());
        }
        result.await.map_err(|_| failed())
    }

    /// Hashes a password with argon2id and a random salt, in its turn: a
    /// PHC string.
    pub async fn hash(&self, password: String) -> Result<String, DomainError> {
        let hashed = self.run(move |memory| memory.hash(password.as_bytes())).await?;
        hashed.map_err(|e| {
            DomainError::internal(text!(
                "password hashing failed: {e}",
                "Passwort-Hashing fehlgeschlagen: {e}"
            ))
        })
    }

    /// Whether `password` matches the stored PHC string, in its turn.
    pub async fn verify(&self, password: String, stored: String) -> Result<bool, DomainError> {
        self.run(move |memory| memory.verifies(password.as_bytes(), &stored)).await
    }
}

/// The memory of one hashing thread: argon2's blocks for the default
/// parameters, allocated by the first hash and reused by every later one.
#[derive(Default)]
pub struct Memory {
    blocks: Vec<Block>,
}

impl Memory {
    /// No memory yet: the first hash allocates it.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// The blocks of one hash with the default parameters.
    fn blocks(&mut self) -> &mut [Block] {
        let count = Params::default().block_count();
        if self.blocks.len() < count {
            self.blocks = vec![Block::default(); count];
        }
        &mut self.blocks
    }

    /// Hashes `password` with argon2id, the default parameters and a
    /// random salt, in this memory: a PHC string.
    pub fn hash(&mut self, password: &[u8]) -> Result<String, argon2::password_hash::Error> {
        let salt_bytes: [u8; 16] = rand::random();
        let salt = SaltString::encode_b64(&salt_bytes)?;
        let params = Params::default();
        let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone()).hash_password_into_with_memory(
            password,
            &salt_bytes,
            &mut out,
            self.blocks(),
        )?;
        let hash = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(&params)?,
            salt: Some(salt.as_salt()),
            hash: Some(Output::new(&out)?),
        };
        Ok(hash.to_string())
    }

    /// Whether `password` matches the PHC string `stored` (false for a
    /// string that is none). A hash whose parameters need more memory
    /// than this holds is checked with memory of its own.
    pub fn verifies(&mut self, password: &[u8], stored: &str) -> bool {
        let Ok(parsed) = PasswordHash::new(stored) else {
            return false;
        };
        let Some(blocks) =
            Params::try_from(&parsed).ok().and_then(|p| self.blocks().get_mut(..p.block_count()))
        else {
            return Argon2::default().verify_password(password, &parsed).is_ok();
        };
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
            return false;
        };
        let (Ok(algorithm), Ok(version), Ok(params)) = (
            Algorithm::try_from(parsed.algorithm),
            parsed.version.map_or(Ok(Version::default()), Version::try_from),
            Params::try_from(&parsed),
        ) else {
            return false;
        };
        let mut salt_bytes = [0u8; 64];
        let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
            return false;
        };
        let mut out = [0u8; Output::MAX_LENGTH];
        let out = &mut out[..expected.len()];
        let argon2 = Argon2::new(algorithm, version, params);
        // Output compares in constant time.
        argon2.hash_password_into_with_memory(password, salt, out, blocks).is_ok()
            && Output::new(out).is_ok_and(|computed| computed == expected)
    }
}

/// A hash of a random password that nobody knows, made with the same
/// parameters as the real ones: an unknown name is checked against it, so
/// that its log-in takes as long as a wrong password's.
pub fn dummy_hash() -> &'static str {
    static DUMMY: LazyLock<String> = LazyLock::new(|| {
        let password: [u8; 32] = rand::random();
        let salt: [u8; 16] = rand::random();
        let Ok(salt) = SaltString::encode_b64(&salt) else {
            return String::new();
        };
        Argon2::default().hash_password(&password, &salt).map(|hash| hash.to_string()).unwrap_or_default()
    });
    &DUMMY
}

/// Makes the dummy hash (see [`dummy_hash`]) before the first log-in needs it.
pub async fn prepare_dummy_hash() {
    let _ = tokio::task::spawn_blocking(dummy_hash).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_in_reused_memory_are_standard_argon2id_both_ways() {
        let mut memory = Memory::new();
        let ours = memory.hash(b"correct horse").unwrap();
        assert!(ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{ours}");
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"correct horse", &parsed).is_ok());
        assert!(memory.verifies(b"correct horse", &ours));
        assert!(!memory.verifies(b"correct horsf", &ours));
        let salt = SaltString::encode_b64(b"sixteen byte slt").unwrap();
        let theirs = Argon2::default().hash_password(b"battery", &salt).unwrap().to_string();
        assert!(memory.verifies(b"battery", &theirs));
        assert!(!memory.verifies(b"staple", &theirs));
        assert!(!memory.verifies(b"battery", "not a hash"));
    }

    #[tokio::test]
    async fn hashes_beyond_the_queue_are_refused_at_once_and_the_queue_drains() {
        let hashes = Arc::new(PasswordHashes::new(1, 1));
        let (release, hold) = mpsc::channel::<()>();
        let (started, running) = oneshot::channel::<()>();
        let busy = tokio::spawn({
            let hashes = hashes.clone();
            async move {
                hashes
                    .run(move |_| {
                        let _ = started.send(());
                        let _ = hold.recv();
                    })
                    .await
            }
        });
        running.await.unwrap();
        let waiting = tokio::spawn({
            let hashes = hashes.clone();
            async move { hashes.run(|_| 7).await }
        });
        // The second job waits in the queue (the only place), so the third
        // is refused.
        while hashes.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let refused = hashes.run(|_| 8).await.unwrap_err();
        assert_eq!(refused.kind, crate::core::error::ErrorKind::TooMany);
        assert_eq!(refused.retry_after, Some(1));
        assert!(refused.message.de.contains("zu viele Passwörter"), "{refused:?}");
        release.send(()).unwrap();
        busy.await.unwrap().unwrap();
        assert_eq!(waiting.await.unwrap().unwrap(), 7);
        assert_eq!(hashes.run(|_| 9).await.unwrap(), 9, "the queue has room again");
    }

    #[test]
    fn a_hash_needing_more_memory_is_still_checked() {
        let params = Params::new(2 * Params::DEFAULT_M_COST, 1, 1, None).unwrap();
        let salt = SaltString::encode_b64(b"sixteen byte slt").unwrap();
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let stronger = argon2.hash_password(b"battery", &salt).unwrap().to_string();
        let mut memory = Memory::new();
        assert!(memory.verifies(b"battery", &stronger));
        assert!(!memory.verifies(b"staple", &stronger));
    }

    #[test]
    fn the_dummy_hash_has_the_parameters_of_real_ones_and_matches_nothing() {
        let dummy = PasswordHash::new(dummy_hash()).expect("a PHC string");
        let salt = SaltString::encode_b64(&[7; 16]).unwrap();
        let real = Argon2::default().hash_password(b"password1", &salt).unwrap();
        assert_eq!(dummy.algorithm, real.algorithm);
        assert_eq!(dummy.params, real.params, "an unknown name costs what a known one does");
        for guess in ["", "password1", "dummy"] {
            assert!(!Memory::new().verifies(guess.as_bytes(), dummy_hash()));
        }
    }
}
