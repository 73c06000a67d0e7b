//! The queue of games waiting for their evaluation graph (the job that
//! evaluates them is the `evaluation` feature's), shared fairly between
//! clients.
//!
//! What a game costs is what the engine must do: its positions not
//! evaluated yet (plies, not games). Each client (see [`Client`]) may have
//! at most [`Limits::evaluation_plies_per_client`] plies waiting (its
//! queued games and what is left of the one being evaluated), the server
//! at most [`Limits::evaluation_plies_total`]; beyond, the request gets a
//! 429 that says why and, in `Retry-After`, when there will be room (an
//! estimate from the plies ahead and the plies per second measured).
//!
//! The job evaluates a slice of [`SLICE_PLIES`] positions of a game at a
//! time and then serves the next client in turn (round robin between
//! clients, each client's games first come first served), so that one
//! client's long queue delays another client's game by a slice per client
//! waiting, not by the whole queue.
//!
//! [`Limits::evaluation_plies_per_client`]: crate::core::limits::Limits::evaluation_plies_per_client
//! [`Limits::evaluation_plies_total`]: crate::core::limits::Limits::evaluation_plies_total

use crate::core::error::DomainError;
use game::text;
use std::collections::{HashMap, HashSet, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::Notify;

/// Positions evaluated for one game before the next client's turn (at
/// 150 ms each, some 1.5 s).
pub const SLICE_PLIES: usize = 10;

/// Plies evaluated per second assumed before any was measured (150 ms
/// each, with some room for the rest).
pub const ASSUMED_PLIES_PER_SECOND: f64 = 6.0;

/// The longest wait a refusal names, s (a day).
const LONGEST_RETRY: f64 = 86_400.0;

/// Who asks for evaluations, as the quotas and the fair share count them:
/// the signed-in account, else the client's address (an IPv6 address by
/// its /64, which one subscriber usually has whole). Stored with the
/// request (`account:<id>`, `address:<ip>`), so that a queue taken up
/// after a restart keeps its owners.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Client(String);

impl Client {
    /// The client of a request by the account `account` (if signed in)
    /// from the address `ip`.
    pub fn of(account: Option<&str>, ip: IpAddr) -> Client {
        match account {
            Some(id) => Client(format!("account:{id}")),
            None => Client(format!("address:{}", address_key(ip))),
        }
    }

    /// The client stored with a request; `None` (a request stored before
    /// owners were) counts as one client, `unknown`.
    pub fn stored(owner: Option<String>) -> Client {
        Client(owner.unwrap_or_else(|| "unknown".to_owned()))
    }

    /// The client's name as stored (`account:<id>`, `address:<ip>`).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The part of an address that names one client: an IPv4 address (also
/// written IPv4-mapped) whole, an IPv6 address by its /64.
pub fn address_key(ip: IpAddr) -> String {
    match ip.to_canonical() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let mut segments = v6.segments();
            segments[4..].fill(0);
            format!("{}/64", std::net::Ipv6Addr::from(segments))
        }
    }
}

/// A game in the queue, or being evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The game's id.
    pub game: String,
    /// Who asked for it.
    pub client: Client,
    /// Its positions not evaluated yet (as far as the queue knows).
    pub left: usize,
}

/// What the queue holds.
struct Queue {
    /// Each client's games waiting, first asked first.
    waiting: HashMap<Client, VecDeque<Job>>,
    /// The clients with games waiting, in the order of their turns.
    turns: VecDeque<Client>,
    /// The games queued, being evaluated or about to be queued, so that
    /// none is queued twice.
    games: HashSet<String>,
    /// Plies waiting per client (queued, left of the running game,
    /// reserved).
    plies: HashMap<Client, usize>,
    /// Plies waiting in all.
    total: usize,
    /// Plies evaluated per second, as measured.
    plies_per_second: f64,
    /// Whether the queue's owner is gone (the job then ends).
    closed: bool,
}

impl Queue {
    /// Counts `plies` more (or fewer) for `client`.
    fn add(&mut self, client: &Client, plies: usize) {
        *self.plies.entry(client.clone()).or_default() += plies;
        self.total += plies;
    }

    /// Counts `plies` fewer for `client`.
    fn remove(&mut self, client: &Client, plies: usize) {
        if let Some(mine) = self.plies.get_mut(client) {
            let taken = plies.min(*mine);
            *mine -= taken;
            self.total -= taken;
            if *mine == 0 {
                self.plies.remove(client);
            }
        }
    }

    /// Queues `job` behind its client's other games; gives the client a
    /// turn unless it has one.
    fn push(&mut self, job: Job, front: bool) {
        let client = job.client.clone();
        let games = self.waiting.entry(client.clone()).or_default();
        if front {
            games.push_front(job);
        } else {
            games.push_back(job);
        }
        if !self.turns.contains(&client) {
            self.turns.push_back(client);
        }
    }

    /// Seconds until the engine has evaluated `plies` at the measured
    /// speed (at least one).
    fn seconds_for(&self, plies: usize) -> u64 {
        let seconds = (plies as f64 / self.plies_per_second.max(0.01)).ceil();
        seconds.clamp(1.0, LONGEST_RETRY) as u64
    }
}

/// The queue of games to evaluate (see the module documentation).
pub struct Evaluations {
    shared: Arc<Shared>,
    per_client: usize,
    total: usize,
}

/// What the queue and its job share.
struct Shared {
    queue: Mutex<Queue>,
    /// Told when a game is queued or the queue closes.
    ready: Notify,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The job's end of the queue: it takes the next slice's game and says
/// what it evaluated.
pub struct Worker {
    shared: Arc<Shared>,
}

/// A place in the queue for a game, taken until the request is stored:
/// [`Reservation::queue`] queues the game; dropped, it gives the place back.
pub struct Reservation {
    shared: Arc<Shared>,
    job: Option<Job>,
}

impl Evaluations {
    /// An empty queue that lets each client have `per_client` plies
    /// waiting and all together `total`, and its job's end.
    pub fn new(per_client: usize, total: usize) -> (Evaluations, Worker) {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                waiting: HashMap::new(),
                turns: VecDeque::new(),
                games: HashSet::new(),
                plies: HashMap::new(),
                total: 0,
                plies_per_second: ASSUMED_PLIES_PER_SECOND,
                closed: false,
            }),
            ready: Notify::new(),
        });
        (Evaluations { shared: shared.clone(), per_client, total }, Worker { shared })
    }

    /// Whether the game `id` is queued or being evaluated.
    pub fn is_queued(&self, id: &str) -> bool {
        self.shared.lock().games.contains(id)
    }

    /// Plies waiting: `client`'s and everybody's.
    #[cfg(test)]
    fn waiting(&self, client: &Client) -> (usize, usize) {
        let queue = self.shared.lock();
        (queue.plies.get(client).copied().unwrap_or(0), queue.total)
    }

    /// Takes a place for the game `id`, `plies` positions left to
    /// evaluate, asked for by `client`: `None` when the game is queued
    /// already; 422 when it alone has more plies than a client may have
    /// waiting, 429 (with the reason and when to try again) when the
    /// client's or the server's plies waiting would be too many.
    pub fn reserve(
        &self,
        client: &Client,
        id: &str,
        plies: usize,
    ) -> Result<Option<Reservation>, DomainError> {
        let mut queue = self.shared.lock();
        if queue.games.contains(id) {
            return Ok(None);
        }
        let most = self.per_client;
        if plies > most {
            return Err(DomainError::unprocessable(text!(
                "this game has {plies} positions to evaluate, more than one client may have waiting ({most})",
                "diese Partie hat {plies} zu bewertende Stellungen, mehr als ein Client auf einmal warten \
                 lassen darf ({most})"
            )));
        }
        let mine = queue.plies.get(client).copied().unwrap_or(0);
        if mine + plies > most {
            // The client's own plies must shrink by `needed`; meanwhile the
            // others get their share, up to as many each.
            let needed = mine + plies - most;
            let others: usize =
                queue.plies.iter().filter(|(other, _)| *other != client).map(|(_, &p)| p.min(needed)).sum();
            let seconds = queue.seconds_for(needed + others);
            tracing::info!(
                client = client.as_str(),
                game = id,
                plies,
                waiting = mine,
                retry_after = seconds,
                "evaluation refused: the client's quota is full"
            );
            let wait = wait_text(seconds);
            return Err(DomainError::too_many(
                text!(
                    "you already have {mine} positions waiting for their evaluation (at most {most}); this \
                     game would add {plies}; try again in {wait}",
                    "bei dir warten schon {mine} Stellungen auf ihre Bewertung (höchstens {most}); diese \
                     Partie brächte {plies} dazu; versuch es in {wait} noch einmal"
                ),
                seconds,
            ));
        }
        if queue.total + plies > self.total {
            let (waiting, most) = (queue.total, self.total);
            let seconds = queue.seconds_for(waiting + plies - most);
            tracing::info!(
                client = client.as_str(),
                game = id,
                plies,
                waiting,
                retry_after = seconds,
                "evaluation refused: the server's queue is full"
            );
            let wait = wait_text(seconds);
            return Err(DomainError::too_many(
                text!(
                    "too many positions wait for their evaluation ({waiting}, at most {most} on this \
                     server); try again in {wait}",
                    "zu viele Stellungen warten auf ihre Bewertung ({waiting}, höchstens {most} auf diesem \
                     Server); versuch es in {wait} noch einmal"
                ),
                seconds,
            ));
        }
        queue.add(client, plies);
        queue.games.insert(id.to_owned());
        let job = Job { game: id.to_owned(), client: client.clone(), left: plies };
        Ok(Some(Reservation { shared: self.shared.clone(), job: Some(job) }))
    }

    /// Queues the game `id` as [`Evaluations::reserve`] allows; for
    /// evaluations taken up after a restart.
    pub fn enqueue(&self, client: &Client, id: &str, plies: usize) -> Result<(), DomainError> {
        if let Some(place) = self.reserve(client, id, plies)? {
            place.queue();
        }
        Ok(())
    }
}

impl Drop for Evaluations {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.ready.notify_one();
    }
}

impl Reservation {
    /// Queues the game behind its client's other games.
    pub fn queue(mut self) {
        if let Some(job) = self.job.take() {
            self.shared.lock().push(job, false);
            self.shared.ready.notify_one();
        }
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if let Some(job) = self.job.take() {
            let mut queue = self.shared.lock();
            queue.remove(&job.client, job.left);
            queue.games.remove(&job.game);
        }
    }
}

impl Worker {
    /// The game whose turn it is (the next client's first game), once one
    /// is queued; `None` once the queue is gone.
    pub async fn next(&self) -> Option<Job> {
        loop {
            {
                let mut queue = self.shared.lock();
                if queue.closed {
                    return None;
                }
                if let Some(client) = queue.turns.pop_front() {
                    let games = queue.waiting.get_mut(&client);
                    if let Some(job) = games.and_then(VecDeque::pop_front) {
                        if queue.waiting.get(&client).is_some_and(VecDeque::is_empty) {
                            queue.waiting.remove(&client);
                        }
                        return Some(job);
                    }
                    continue;
                }
            }
            // A game queued meanwhile left its permit: nothing is missed.
            self.shared.ready.notified().await;
        }
    }

    /// Says that `evaluated` positions of `job` took `took`; a `finished`
    /// game leaves the queue, another goes back to the head of its
    /// client's games, and the client to the end of the turns.
    pub fn served(&self, mut job: Job, evaluated: usize, took: Duration, finished: bool) {
        let mut queue = self.shared.lock();
        if evaluated > 0 && !took.is_zero() {
            let measured = evaluated as f64 / took.as_secs_f64();
            queue.plies_per_second = 0.7 * queue.plies_per_second + 0.3 * measured;
        }
        let done = if finished { job.left } else { evaluated.min(job.left) };
        queue.remove(&job.client, done);
        job.left -= done;
        if finished {
            queue.games.remove(&job.game);
            // The client's next game, if any, waits for the client's turn.
            if queue.waiting.contains_key(&job.client) && !queue.turns.contains(&job.client) {
                queue.turns.push_back(job.client);
            }
        } else {
            queue.push(job, true);
        }
    }
}

/// A wait in seconds as people read it: `40 s`, `12 min`, `3 h`.
fn wait_text(seconds: u64) -> String {
    match seconds {
        0..90 => format!("{seconds} s"),
        90..5400 => format!("{} min", seconds.div_ceil(60)),
        _ => format!("{} h", seconds.div_ceil(3600)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorKind;
    use futures_util::FutureExt;

    fn client(n: u8) -> Client {
        Client::of(None, IpAddr::from([10, 0, 0, n]))
    }

    /// The next job, which must be there.
    fn next(worker: &Worker) -> Job {
        worker.next().now_or_never().expect("a job is queued").expect("the queue is open")
    }

    #[test]
    fn a_game_is_queued_once() {
        let (evaluations, worker) = Evaluations::new(100, 1000);
        evaluations.enqueue(&client(1), "g1", 4).unwrap();
        evaluations.enqueue(&client(2), "g1", 4).unwrap();
        assert_eq!(evaluations.waiting(&client(1)), (4, 4));
        assert_eq!(evaluations.waiting(&client(2)), (0, 4));
        let job = next(&worker);
        assert_eq!(job, Job { game: "g1".into(), client: client(1), left: 4 });
        assert!(worker.next().now_or_never().is_none(), "nothing else waits");
        assert!(evaluations.is_queued("g1"), "being evaluated");
        worker.served(job, 4, Duration::from_millis(600), true);
        assert!(!evaluations.is_queued("g1"));
        assert_eq!(evaluations.waiting(&client(1)), (0, 0));
        evaluations.enqueue(&client(2), "g1", 4).unwrap();
        assert_eq!(next(&worker).client, client(2));
    }

    #[test]
    fn clients_take_turns_a_slice_each() {
        let (evaluations, worker) = Evaluations::new(100, 1000);
        evaluations.enqueue(&client(1), "a1", 25).unwrap();
        evaluations.enqueue(&client(1), "a2", 25).unwrap();
        let first = next(&worker);
        assert_eq!(first.game, "a1");
        // Another client asks while a1 is evaluated.
        evaluations.enqueue(&client(2), "b1", 5).unwrap();
        worker.served(first, 10, Duration::from_secs(1), false);
        let second = next(&worker);
        assert_eq!((second.game.as_str(), second.left), ("b1", 5), "the other client's turn");
        worker.served(second, 5, Duration::from_secs(1), true);
        let third = next(&worker);
        assert_eq!((third.game.as_str(), third.left), ("a1", 15), "a1 goes on before a2");
        assert_eq!(evaluations.waiting(&client(1)), (40, 40));
        worker.served(third, 15, Duration::from_secs(1), true);
        assert_eq!(next(&worker).game, "a2");
    }

    #[test]
    fn quotas_count_plies_and_refusals_say_why_and_when() {
        let (evaluations, worker) = Evaluations::new(30, 50);
        evaluations.enqueue(&client(1), "a1", 20).unwrap();
        evaluations.enqueue(&client(2), "b1", 20).unwrap();
        let refused = evaluations.reserve(&client(1), "a2", 11).err().unwrap();
        assert_eq!(refused.kind, ErrorKind::TooMany);
        assert!(refused.message.en.contains("you already have 20 positions waiting"), "{refused:?}");
        assert!(refused.message.de.contains("höchstens 30"), "{refused:?}");
        // 1 ply of its own and 1 of the other client at 6 plies a second.
        assert_eq!(refused.retry_after, Some(1));
        evaluations.enqueue(&client(1), "a2", 10).unwrap();
        let full = evaluations.reserve(&client(3), "c1", 11).err().unwrap();
        assert!(full.message.en.contains("too many positions wait"), "{full:?}");
        // 50 waiting + 11 - 50 = 11 plies at 6 a second.
        assert_eq!(full.retry_after, Some(2));
        let too_long = evaluations.reserve(&client(3), "c2", 31).err().unwrap();
        assert_eq!(too_long.kind, ErrorKind::Rejected);
        // A place not used is given back.
        drop(evaluations.reserve(&client(4), "d1", 0).unwrap());
        assert!(!evaluations.is_queued("d1"));
        let place = evaluations.reserve(&client(3), "c3", 0).unwrap().unwrap();
        assert!(evaluations.reserve(&client(3), "c3", 0).unwrap().is_none(), "reserved once");
        drop(place);
        let job = next(&worker);
        worker.served(job, 20, Duration::from_secs(2), true);
        evaluations.enqueue(&client(3), "c1", 11).unwrap();
    }

    #[test]
    fn the_job_ends_with_the_queue() {
        let (evaluations, worker) = Evaluations::new(10, 10);
        drop(evaluations);
        assert_eq!(worker.next().now_or_never(), Some(None));
    }

    #[test]
    fn clients_are_accounts_else_addresses_and_ipv6_by_its_64() {
        let v6 = |text: &str| text.parse::<IpAddr>().unwrap();
        assert_eq!(Client::of(Some("abc"), v6("10.0.0.1")).as_str(), "account:abc");
        assert_eq!(Client::of(None, v6("10.0.0.1")).as_str(), "address:10.0.0.1");
        assert_eq!(Client::of(None, v6("::ffff:10.0.0.1")).as_str(), "address:10.0.0.1");
        assert_eq!(Client::of(None, v6("2001:db8:1:2:3:4:5:6")), Client::of(None, v6("2001:db8:1:2::9")));
        assert_eq!(Client::of(None, v6("2001:db8:1:2::9")).as_str(), "address:2001:db8:1:2::/64");
        assert_ne!(Client::of(None, v6("2001:db8:1:2::9")), Client::of(None, v6("2001:db8:1:3::9")));
        assert_eq!(Client::stored(None).as_str(), "unknown");
        assert_eq!(wait_text(40), "40 s");
        assert_eq!(wait_text(700), "12 min");
        assert_eq!(wait_text(7200), "2 h");
    }
}
