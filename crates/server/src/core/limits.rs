//! What one client may ask of the server: how often it may create games,
//! import records and start analyses (a token bucket per client address),
//! how often an account may ask for puzzles, challenge others, be
//! challenged and write in spectators' chats (a token bucket per account),
//! how many analyses it and everyone together may run at once, and how
//! engine time is shared so that engine moves never wait behind analyses.
//!
//! A client address counts as its [`client_key`]: an IPv4 address as it
//! is, an IPv6 address by its /64 network (one subscriber usually has a
//! whole /64, and could otherwise take a fresh address for every request).

use crate::core::error::DomainError;
use game::{Text, text};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's limits; `spielwerk serve` sets them from its flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games one client address may create per minute, in bursts of as
    /// many (0: no limit).
    pub games_per_minute: u32,
    /// Records one client address may import per minute (0: no limit).
    pub imports_per_minute: u32,
    /// Analyses one client address may start per minute (0: no limit).
    pub analyses_per_minute: u32,
    /// Analyses one client address may run (or wait for) at once.
    pub analyses_per_client: usize,
    /// Analyses the server runs (or lets wait) at once.
    pub analyses_total: usize,
    /// Positions (plies) of games one client (its account, else its
    /// address) may have waiting for their evaluation graph, the rest of
    /// the game being evaluated included (see `core::evaluations`).
    pub evaluation_plies_per_client: usize,
    /// Positions of games all clients together may have waiting for their
    /// evaluation graph.
    pub evaluation_plies_total: usize,
    /// Engine searches at once, moves and analyses together; analyses get
    /// at most one fewer (at least one).
    pub engine_threads: usize,
    /// Games kept in memory while nobody watches them and no engine reply
    /// or clock is pending; the least recently used beyond are dropped
    /// (and read from the database when asked for again).
    pub idle_games: usize,
    /// How long a connection may take to send a request head, and may stay
    /// idle between requests, before it is closed.
    pub header_timeout: Duration,
    /// How long a client may take to send a request body (408 beyond).
    pub body_timeout: Duration,
    /// Connections one client address may hold at once (0: no cap;
    /// trusted proxies have none).
    pub connections_per_address: usize,
    /// Passwords hashed at once, server-wide, each on a thread of its own
    /// (sign-ups and log-ins wait for a turn; argon2 takes 19 MiB each).
    pub password_hashes: usize,
    /// Sign-ups and log-ins that may wait for a hashing thread at once,
    /// server-wide; beyond, they are refused with 429 at once (so that a
    /// flood of log-ins delays a real one by at most this many hashes).
    pub password_queue: usize,
    /// The length of a day of correspondence games (days per move): a
    /// real day, shorter only in tests.
    pub correspondence_day: Duration,
    /// How long first moves and absences in games between people may last.
    pub patience: crate::core::people::Patience,
    /// How long a challenge waits for its answer before it expires.
    pub challenge_expiry: Duration,
    /// WebSockets per address, their largest message and their silence.
    pub sockets: crate::core::sockets::SocketLimits,
    /// How long a challenge is kept after it expired (answered or not)
    /// before it is deleted.
    pub challenges_kept: Duration,
    /// Challenges one account may make per minute (0: no limit); one
    /// client address may make three times as many.
    pub challenges_per_minute: u32,
    /// Challenges one account may receive per minute, from everyone
    /// together (0: no limit).
    pub challenges_received_per_minute: u32,
    /// Puzzle requests (`next` and `solve`) one account may make per
    /// minute; a guest counts by client address (0: no limit).
    pub puzzle_requests_per_minute: u32,
    /// How long after a puzzle was served to an account its attempt at it
    /// may come at the earliest to be rated (see the puzzles module).
    pub puzzle_time_floor: Duration,
    /// Messages one account may write per minute in spectators' chats,
    /// all games together (0: no limit).
    pub spectator_messages_per_minute: u32,
    /// How long an account's pool entry and seeks with a clock outlive its
    /// last lobby connection (a reload or another page of the site
    /// connects again within it), and how long a client that never
    /// connects has to do so.
    pub lobby_grace: Duration,
}

/// The most passwords hashed at once unless configured otherwise: each
/// hashing thread keeps its 19 MiB, so that a many-core server's log-ins
/// still take at most some 76 MiB.
pub const MAX_DEFAULT_PASSWORD_HASHES: usize = 4;

/// Sign-ups and log-ins that may wait for a hashing thread unless
/// configured otherwise: with two hashing threads and some 30 ms a hash,
/// a log-in waits at most about a quarter of a second.
pub const DEFAULT_PASSWORD_QUEUE: usize = 16;

impl Default for Limits {
    /// 60 games, 30 imports and 30 analyses a minute per address, 2
    /// analyses at once per address and 16 in all, 6000 positions waiting
    /// for their evaluation per client (more than the longest record
    /// imported has) and 60,000 in all, an engine thread per
    /// core, 1000 idle games in memory; 10 s for a request head (or an
    /// idle connection), 30 s for a body, 64 connections per address, a
    /// password hash at once per core, at most 4, and 16 waiting for one;
    /// a correspondence day of
    /// 24 hours; 30 s for each side's first move, 60 s of absence;
    /// challenges expire after 10 minutes and are deleted an hour later;
    /// 10 challenges made and 20 received a minute per account, 60 puzzle
    /// requests a minute, a rated puzzle attempt 3 s after the serving at
    /// the earliest, 20 spectators' messages a minute; 10 s of lobby grace
    /// (see [`Limits::lobby_grace`]); 32 WebSockets per
    /// address, messages of 4 KiB, 60 s of silence (see
    /// [`crate::core::sockets::SocketLimits`]).
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Limits {
            games_per_minute: 60,
            imports_per_minute: 30,
            analyses_per_minute: 30,
            analyses_per_client: 2,
            analyses_total: 16,
            evaluation_plies_per_client: 6000,
            evaluation_plies_total: 60_000,
            engine_threads: cores,
            idle_games: 1000,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            connections_per_address: 64,
            password_hashes: cores.min(MAX_DEFAULT_PASSWORD_HASHES),
            password_queue: DEFAULT_PASSWORD_QUEUE,
            correspondence_day: Duration::from_secs(86_400),
            patience: crate::core::people::Patience::default(),
            challenge_expiry: Duration::from_secs(600),
            sockets: crate::core::sockets::SocketLimits::default(),
            challenges_kept: Duration::from_secs(3600),
            challenges_per_minute: 10,
            challenges_received_per_minute: 20,
            puzzle_requests_per_minute: 60,
            puzzle_time_floor: Duration::from_secs(3),
            spectator_messages_per_minute: 20,
            lobby_grace: Duration::from_secs(10),
        }
    }
}

/// How long a client told "too many analyses" waits before trying again, s.
const ANALYSIS_RETRY_SECS: u64 = 5;

/// The key under which the limits count a client address: an IPv4
/// address (also written IPv4-mapped, `::ffff:a.b.c.d`) as it is, an IPv6
/// address by its /64 network (the address with its last 64 bits zero).
pub fn client_key(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// What a rate limit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `POST /api/games`.
    CreateGame,
    /// `POST /api/records`.
    ImportRecord,
    /// `GET /api/games/{id}/analysis`.
    Analyse,
    /// `POST /api/account/signup` and `/login` (hashing a password is
    /// slow on purpose).
    Login,
    /// `GET /api/puzzles/next` and `POST /api/puzzles/{id}/solve`, per
    /// account (a guest: per address).
    Puzzle,
    /// `POST /api/challenges`, per challenging account, and per address.
    Challenge,
    /// `POST /api/challenges`, per challenged account.
    Challenged,
    /// `POST /api/games/{id}/spectator-chat`, per account.
    SpectatorChat,
}

/// Whom a rate limit counts: a client address, or an account.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    /// A client address.
    Address(IpAddr),
    /// An account, by id.
    Account(String),
}

impl From<IpAddr> for Counted {
    /// An address as the limits count it: IPv6 by its /64 (see [`client_key`]).
    fn from(address: IpAddr) -> Counted {
        Counted::Address(client_key(address))
    }
}

/// Sign-ups and log-ins one client address may try per minute.
pub const LOGINS_PER_MINUTE: u32 = 30;

impl Action {
    /// The 429 for a client that does this too often, who may try again
    /// after `retry_after` seconds.
    fn refusal(self, per_minute: u32, retry_after: u64) -> DomainError {
        let too_many = |message: Text| DomainError::too_many(message, retry_after);
        match self {
            Action::CreateGame => too_many(text!(
                "too many new games from your address (at most {per_minute} a minute); try again shortly",
                "zu viele neue Partien von deiner Adresse (höchstens {per_minute} pro Minute); \
                 versuch es gleich noch einmal"
            )),
            Action::ImportRecord => too_many(text!(
                "too many imported records from your address (at most {per_minute} a minute); try again shortly",
                "zu viele importierte Aufzeichnungen von deiner Adresse (höchstens {per_minute} pro \
                 Minute); versuch es gleich noch einmal"
            )),
            Action::Analyse => too_many(text!(
                "too many analyses from your address (at most {per_minute} a minute); try again shortly",
                "zu viele Analysen von deiner Adresse (höchstens {per_minute} pro Minute); versuch es \
                 gleich noch einmal"
            )),
            Action::Login => too_many(text!(
                "too many sign-ins from your address (at most {per_minute} a minute); try again shortly",
                "zu viele Anmeldungen von deiner Adresse (höchstens {per_minute} pro Minute); versuch es \
                 gleich noch einmal"
            )),
            Action::Puzzle => too_many(text!(
                "too many puzzle requests (at most {per_minute} a minute); try again shortly",
                "zu viele Anfragen nach Aufgaben (höchstens {per_minute} pro Minute); versuch es gleich noch \
                 einmal"
            )),
            Action::Challenge => too_many(text!(
                "too many challenges (at most {per_minute} a minute); try again shortly",
                "zu viele Herausforderungen (höchstens {per_minute} pro Minute); versuch es gleich noch einmal"
            )),
            Action::Challenged => too_many(text!(
                "this player has received too many challenges lately (at most {per_minute} a minute); \
                 try again shortly",
                "dieser Spieler hat zuletzt zu viele Herausforderungen bekommen (höchstens {per_minute} pro \
                 Minute); versuch es gleich noch einmal"
            )),
            Action::SpectatorChat => too_many(text!(
                "you write too much (at most {per_minute} messages a minute); wait a little",
                "du schreibst zu viel (höchstens {per_minute} Nachrichten pro Minute); warte ein wenig"
            )),
        }
    }
}

/// A token bucket per client address or account ([`Counted`]):
/// `per_minute` tokens, refilled evenly over a minute; each request takes
/// one.
pub struct RateLimit {
    action: Action,
    per_minute: u32,
    buckets: Mutex<HashMap<Counted, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Addresses (or accounts) remembered before full buckets are forgotten.
const BUCKETS_KEPT: usize = 10_000;

impl RateLimit {
    /// A limit of `per_minute` requests (0: none) for `action`.
    pub fn new(action: Action, per_minute: u32) -> RateLimit {
        RateLimit { action, per_minute, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes a token for `client` (an address, counted as its
    /// [`client_key`], or an account) at `now`, or 429.
    pub fn check(&self, client: impl Into<Counted>, now: Instant) -> Result<(), DomainError> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let client: Counted = client.into();
        let capacity = f64::from(self.per_minute);
        let refill = |bucket: &Bucket| {
            (bucket.tokens + now.saturating_duration_since(bucket.at).as_secs_f64() * capacity / 60.0)
                .min(capacity)
        };
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= BUCKETS_KEPT {
            buckets.retain(|_, bucket| refill(bucket) < capacity);
        }
        let bucket = buckets.entry(client).or_insert(Bucket { tokens: capacity, at: now });
        bucket.tokens = refill(bucket);
        bucket.at = now;
        if bucket.tokens < 1.0 {
            let wait = ((1.0 - bucket.tokens) * 60.0 / capacity).ceil();
            // A whole number of seconds from 1 to 60.
            return Err(self.action.refusal(self.per_minute, wait.clamp(1.0, 60.0) as u64));
        }
        bucket.tokens -= 1.0;
        Ok(())
    }
}

/// The rate limits of the server, one per [`Action`] (two for
/// [`Action::Challenge`]: per account and per address).
pub struct RateLimits {
    games: RateLimit,
    imports: RateLimit,
    analyses: RateLimit,
    logins: RateLimit,
    puzzles: RateLimit,
    challenges: RateLimit,
    challenge_addresses: RateLimit,
    challenged: RateLimit,
    spectator_chat: RateLimit,
}

impl RateLimits {
    /// The rate limits of `limits`.
    pub fn new(limits: &Limits) -> RateLimits {
        RateLimits {
            games: RateLimit::new(Action::CreateGame, limits.games_per_minute),
            imports: RateLimit::new(Action::ImportRecord, limits.imports_per_minute),
            analyses: RateLimit::new(Action::Analyse, limits.analyses_per_minute),
            logins: RateLimit::new(Action::Login, LOGINS_PER_MINUTE),
            puzzles: RateLimit::new(Action::Puzzle, limits.puzzle_requests_per_minute),
            challenges: RateLimit::new(Action::Challenge, limits.challenges_per_minute),
            challenge_addresses: RateLimit::new(
                Action::Challenge,
                limits.challenges_per_minute.saturating_mul(CHALLENGES_PER_ADDRESS),
            ),
            challenged: RateLimit::new(Action::Challenged, limits.challenges_received_per_minute),
            spectator_chat: RateLimit::new(Action::SpectatorChat, limits.spectator_messages_per_minute),
        }
    }

    /// Takes a token of `action` for `client` (an address, or an account)
    /// now, or 429.
    pub fn check(&self, action: Action, client: impl Into<Counted>) -> Result<(), DomainError> {
        let client = client.into();
        let limit = match (action, &client) {
            (Action::CreateGame, _) => &self.games,
            (Action::ImportRecord, _) => &self.imports,
            (Action::Analyse, _) => &self.analyses,
            (Action::Login, _) => &self.logins,
            (Action::Puzzle, _) => &self.puzzles,
            (Action::Challenge, Counted::Account(_)) => &self.challenges,
            (Action::Challenge, Counted::Address(_)) => &self.challenge_addresses,
            (Action::Challenged, _) => &self.challenged,
            (Action::SpectatorChat, _) => &self.spectator_chat,
        };
        limit.check(client, Instant::now())
    }
}

/// How many times an account's challenges per minute one client address
/// may make (several accounts behind one address).
const CHALLENGES_PER_ADDRESS: u32 = 3;

/// The analyses running or waiting, per client address.
pub struct AnalysisSlots {
    per_client: usize,
    total: usize,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One running or waiting analysis; gives its place back when dropped.
pub struct AnalysisTicket {
    client: IpAddr,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl AnalysisSlots {
    /// At most `per_client` analyses per address and `total` in all.
    pub fn new(per_client: usize, total: usize) -> AnalysisSlots {
        AnalysisSlots { per_client, total, held: Arc::default() }
    }

    /// A place for an analysis of `client` (counted as its
    /// [`client_key`]), or 429 when it or the server has as many as allowed.
    pub fn take(&self, client: IpAddr) -> Result<AnalysisTicket, DomainError> {
        let client = client_key(client);
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = held.get(&client).copied().unwrap_or(0);
        if mine >= self.per_client {
            let most = self.per_client;
            return Err(DomainError::too_many(
                text!(
                    "you already run {mine} analyses (at most {most} at once); wait for one to end",
                    "du lässt schon {mine} Analysen laufen (höchstens {most} gleichzeitig); warte, bis eine \
                 fertig ist"
                ),
                ANALYSIS_RETRY_SECS,
            ));
        }
        if held.values().sum::<usize>() >= self.total {
            return Err(DomainError::too_many(
                text!(
                    "the server runs as many analyses as it can; try again shortly",
                    "der Server rechnet schon so viele Analysen, wie er kann; versuch es gleich noch einmal"
                ),
                ANALYSIS_RETRY_SECS,
            ));
        }
        held.insert(client, mine + 1);
        Ok(AnalysisTicket { client, held: self.held.clone() })
    }
}

impl Drop for AnalysisTicket {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.client);
            }
        }
    }
}

/// Engine time: `threads` permits for engine searches, of which analyses
/// may hold at most `threads - 1` (at least one), so that an engine move
/// finds a permit free as soon as an earlier move's search ends.
pub struct EngineGate {
    engine: Arc<Semaphore>,
    analyses: Arc<Semaphore>,
}

/// The permits an analysis holds while it thinks.
pub struct AnalysisPermit {
    _analysis: OwnedSemaphorePermit,
    _engine: OwnedSemaphorePermit,
}

impl EngineGate {
    /// A gate for `threads` searches at once (at least one).
    pub fn new(threads: usize) -> EngineGate {
        let threads = threads.max(1);
        EngineGate {
            engine: Arc::new(Semaphore::new(threads)),
            analyses: Arc::new(Semaphore::new((threads - 1).max(1))),
        }
    }

    /// Waits for a permit for an engine move.
    pub async fn for_move(&self) -> OwnedSemaphorePermit {
        self.engine
            .clone()
            .acquire_owned()
            .await
            .unwrap_or_else(|_| unreachable!("the semaphore is never closed"))
    }

    /// Waits for the permits of an analysis.
    pub async fn for_analysis(&self) -> AnalysisPermit {
        let analysis =
            self.analyses.clone().acquire_owned().await.unwrap_or_else(|_| unreachable!("never closed"));
        AnalysisPermit { _analysis: analysis, _engine: self.for_move().await }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::FutureExt;

    #[test]
    fn buckets_refill_over_a_minute_per_address() {
        let limit = RateLimit::new(Action::CreateGame, 3);
        let (one, two): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let start = Instant::now();
        for _ in 0..3 {
            limit.check(one, start).unwrap();
        }
        let refused = limit.check(one, start).unwrap_err();
        assert_eq!(refused.kind, crate::core::error::ErrorKind::TooMany);
        assert_eq!(refused.retry_after, Some(20), "a token comes back every 20 s");
        assert!(refused.message.en.contains("at most 3 a minute"), "{refused:?}");
        assert!(refused.message.de.contains("höchstens 3 pro Minute"), "{refused:?}");
        limit.check(two, start).unwrap();
        limit.check(one, start + Duration::from_secs(20)).unwrap();
        assert!(limit.check(one, start + Duration::from_secs(20)).is_err());
        let unlimited = RateLimit::new(Action::Analyse, 0);
        for _ in 0..1000 {
            unlimited.check(one, start).unwrap();
        }
    }

    #[test]
    fn ipv6_clients_count_by_their_64_network_and_ipv4_as_they_are() {
        let key = |text: &str| client_key(text.parse().unwrap()).to_string();
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2::1"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:3::1"), "2001:db8:1:3::");
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        let limit = RateLimit::new(Action::Login, 2);
        let start = Instant::now();
        let address = |n: u16| IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 7, 0, 0, 0, n));
        limit.check(address(1), start).unwrap();
        limit.check(address(2), start).unwrap();
        assert!(
            limit.check(address(3), start).is_err(),
            "a fresh address of the same /64 is the same client"
        );
        limit.check("2001:db8:0:8::1".parse::<IpAddr>().unwrap(), start).unwrap();
        let slots = AnalysisSlots::new(1, 10);
        let _held = slots.take(address(1)).unwrap();
        assert!(slots.take(address(2)).is_err());
    }

    #[test]
    fn accounts_and_addresses_have_buckets_of_their_own() {
        let limits = RateLimits::new(&Limits { challenges_per_minute: 2, ..Limits::default() });
        let account = |id: &str| Counted::Account(id.to_owned());
        let address: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..2 {
            limits.check(Action::Challenge, account("anna")).unwrap();
        }
        let refused = limits.check(Action::Challenge, account("anna")).unwrap_err();
        assert_eq!(refused.retry_after, Some(30), "{refused:?}");
        assert!(refused.message.de.contains("höchstens 2 pro Minute"), "{refused:?}");
        limits.check(Action::Challenge, account("bert")).unwrap();
        limits.check(Action::Challenged, account("anna")).unwrap();
        for _ in 0..2 * CHALLENGES_PER_ADDRESS {
            limits.check(Action::Challenge, address).unwrap();
        }
        assert!(limits.check(Action::Challenge, address).is_err(), "an address may make three times as many");
        limits.check(Action::CreateGame, address).unwrap();
    }

    #[test]
    fn analyses_are_capped_per_address_and_in_all_and_give_back_their_place() {
        let slots = AnalysisSlots::new(2, 3);
        let (one, two): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = slots.take(one).unwrap();
        let _second = slots.take(one).unwrap();
        let refused = slots.take(one).err().unwrap();
        assert!(refused.message.en.contains("at most 2 at once"), "{refused:?}");
        let _third = slots.take(two).unwrap();
        let full = slots.take(two).err().unwrap();
        assert!(full.message.de.contains("so viele Analysen"), "{full:?}");
        drop(first);
        slots.take(one).unwrap();
    }

    #[test]
    fn analyses_leave_an_engine_permit_free_for_moves() {
        let gate = EngineGate::new(2);
        let analysis = gate.for_analysis().now_or_never().expect("a free permit");
        assert!(gate.for_analysis().now_or_never().is_none(), "a second analysis must wait");
        let first_move =
            gate.for_move().now_or_never().expect("a move finds a permit while an analysis runs");
        assert!(gate.for_move().now_or_never().is_none());
        drop(first_move);
        drop(analysis);
        let single = EngineGate::new(1);
        let analysis = single.for_analysis().now_or_never().expect("one permit is shared");
        assert!(single.for_move().now_or_never().is_none());
        drop(analysis);
        assert!(single.for_move().now_or_never().is_some());
    }
}
