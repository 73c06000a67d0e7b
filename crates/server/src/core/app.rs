//! The server's shared state: the games in memory, the store, and the
//! operations every change goes through (commit, publish, engine replies,
//! clock flags).

use crate::core::error::DomainError;
use crate::core::limits::{AnalysisSlots, EngineGate, RateLimits};
use crate::core::people::People;
use crate::core::ratings;
use crate::core::secret::is_game_id;
use crate::core::state::StateQuery;
use crate::core::table::{Table, now_ms};
use crate::store::{MoveRow, Notice, Op, Reads, Shared, Store, StoreError};
use bytes::Bytes;
use game::level::level;
use game::{Outcome, Player, Registry, text};
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex as AsyncMutex, mpsc, watch};

/// A change of a game, as told to the WebSockets that watch it.
#[derive(Clone, Debug)]
pub struct Push {
    /// The game's version after the change.
    pub version: u64,
    /// What to send (JSON text), if somebody watched when the change was
    /// made: an update that follows the version before, or a whole state.
    pub message: Option<Bytes>,
    /// Whether `message` is a whole state, which needs no version before.
    pub whole: bool,
}

/// What a change did to the moves of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Moves were added from this ply on (none for a change of seats,
    /// draw offer or outcome): told as an update.
    Added {
        /// The number of moves before the change.
        from: usize,
    },
    /// The game was made or moves were taken back: told as a whole state.
    Replaced,
}

/// One game in memory.
pub struct Slot {
    /// The game; locked for every read-modify-write.
    pub table: AsyncMutex<Table>,
    /// The latest change, pushed to every WebSocket.
    pub pushes: watch::Sender<Push>,
    /// When the game was last asked for, in [`App::ticks`].
    last_used: AtomicU64,
    /// How many WebSockets of each seat's player are open here.
    pub present: Mutex<[usize; 2]>,
}

impl Slot {
    /// How many sockets watch the game here that are not a player's.
    pub fn spectators(&self) -> usize {
        let players: usize =
            self.present.lock().unwrap_or_else(std::sync::PoisonError::into_inner).iter().sum();
        self.pushes.receiver_count().saturating_sub(players)
    }

    /// Whether the game may leave memory: nothing but the map holds it (no
    /// request, WebSocket, engine reply or clock timer), nobody watches it
    /// and no clock runs. Call with the map locked, so that nobody can take
    /// it meanwhile.
    fn idle(slot: &Arc<Slot>) -> bool {
        Arc::strong_count(slot) == 1
            && slot.pushes.receiver_count() == 0
            && slot.table.try_lock().is_ok_and(|table| {
                !table.engine_busy && table.clock.as_ref().is_none_or(|clock| clock.turn_start.is_none())
            })
    }
}

/// Everything the handlers share.
pub struct App {
    /// The games the server knows.
    pub registry: Registry,
    /// The database, reached through [`crate::core::storage`].
    pub storage: crate::core::storage::Storage,
    /// The games in memory, by id: a cache of the database, which keeps at
    /// most `idle_games` idle ones.
    pub slots: Mutex<HashMap<String, Arc<Slot>>>,
    /// How many idle games stay in memory.
    pub idle_games: usize,
    /// Counts the uses of games, for dropping the least recently used.
    pub ticks: AtomicU64,
    /// Held while a game is read from the database (see [`App::slot`]).
    pub loading: AsyncMutex<()>,
    /// Limits how many engine searches run at once, moves first.
    pub engine: EngineGate,
    /// Requests per minute per client address.
    pub rates: RateLimits,
    /// Analyses running or waiting, per client address.
    pub analyses: AnalysisSlots,
    /// Becomes true when the server shuts down; stops running analyses.
    pub stopping: watch::Sender<bool>,
    /// The body of `GET /api/registry` (JSON), built once.
    pub registry_json: crate::core::encoded::Encoded,
    /// The bodies of `GET /api/rules/{game}` by game and language, built
    /// once.
    pub rules_pages: HashMap<(&'static str, game::Language), crate::core::encoded::Encoded>,
    /// The games waiting for their evaluation graph.
    pub evaluations: crate::core::evaluations::Evaluations,
    /// Taken while a rated game's end reads and writes ratings.
    pub rating_turn: AsyncMutex<()>,
    /// Reverse proxies believed about the client's address
    /// ([`crate::http::client_ip`]).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// How long a request body may take to arrive.
    pub body_timeout: Duration,
    /// Where people reach the server (no `/` at the end), set once it is
    /// bound; see [`App::public_url`].
    pub public_url: std::sync::OnceLock<String>,
    /// The turns of password hashing, server-wide.
    pub password_hashes: crate::core::passwords::PasswordHashes,
    /// The length of a day of correspondence games, ms.
    pub day_ms: i64,
    /// How long first moves and absences in games between people may last.
    pub patience: crate::core::people::Patience,
    /// How long a challenge waits for its answer.
    pub challenge_expiry: Duration,
    /// The WebSockets open, per client address, and their limits.
    pub sockets: Arc<crate::core::sockets::Sockets>,
    /// The lobby connections open here, and the news of pairings.
    pub lobby: crate::core::lobby_live::LobbyLive,
    /// How long pool entries and seeks with a clock outlive their owner's
    /// last lobby connection, ms (see [`crate::core::limits::Limits::lobby_grace`]).
    pub lobby_grace_ms: i64,
    /// The tournaments watched here, and the news of their changes.
    pub tournament_live: crate::core::tournament_live::TournamentLive,
    /// How long a challenge is kept after it expired.
    pub challenges_kept: Duration,
    /// How long after its serving a puzzle attempt may come at the
    /// earliest to be rated.
    pub puzzle_time_floor: Duration,
}

impl App {
    /// Where people reach the server, e.g. `https://play.example` (no `/`
    /// at the end): the configured public URL, else the bound address.
    pub fn public_url(&self) -> &str {
        self.public_url.get().map_or("", String::as_str)
    }

    /// The game `id`: from memory, or loaded from the database (read and
    /// replayed on the blocking pool).
    ///
    /// Loads happen one at a time, and the game is looked for again once
    /// it is a request's turn to load: so a game is never loaded twice, and
    /// a copy read before a change can never replace the changed game.
    pub async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, DomainError> {
        let not_found = || DomainError::not_found(text!("no game '{id}'", "keine Partie „{id}“"));
        if !is_game_id(id) {
            return Err(not_found());
        }
        if let Some(slot) = self.cached(id) {
            return Ok(slot);
        }
        let loading = self.loading.lock().await;
        if let Some(slot) = self.cached(id) {
            return Ok(slot);
        }
        let cannot = |e: String| {
            DomainError::internal(text!(
                "game {id} cannot be restored: {e}",
                "Partie {id} kann nicht wiederhergestellt werden: {e}"
            ))
        };
        let stored = self
            .store()
            .load_game(id)
            .await
            .map_err(|e| cannot(crate::core::storage::logged(&e)))?
            .ok_or_else(not_found)?;
        let app = self.clone();
        let mut table = tokio::task::spawn_blocking(move || Table::from_stored(&app.registry, &stored))
            .await
            .map_err(|e| DomainError::internal(text!("{e}", "Serverfehler: {e}")))?
            .map_err(cannot)?;
        if self.store().shared().is_some() {
            table.backdate_turn(Instant::now());
        }
        let slot = self.insert(table);
        drop(loading);
        self.follow_up(&slot, &mut *slot.table.lock().await);
        Ok(slot)
    }

    /// The game `id` if it is in memory, marked as just used.
    fn cached(&self, id: &str) -> Option<Arc<Slot>> {
        let slots = self.lock_slots();
        let slot = slots.get(id)?;
        slot.last_used.store(self.ticks.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
        Some(slot.clone())
    }

    /// Puts a game just stored with [`store::Op::CreateGame`] in memory and
    /// publishes it (its watchers get the whole state, and what it needs
    /// starts: its clock, the engine's move); returns the state. The table
    /// takes the version the database gave the new game and keeps it. A
    /// request that read the game from the database between the write and
    /// this call (a bot's game stream, say) already put that copy in memory:
    /// it is kept, at the same version. (Counting this start as a change, as
    /// before, left such a copy one version ahead of the database, and every
    /// later write of the game failed.)
    pub async fn insert_created(self: &Arc<Self>, mut table: Table) -> Bytes {
        table.version = store::CREATED_VERSION;
        table.updated_ms = now_ms();
        let slot = self.insert(table);
        let mut table = slot.table.lock().await;
        self.publish(&slot, &mut table, Change::Replaced)
    }

    /// Adds a table to the games in memory (an existing one wins), then
    /// drops the least recently used idle games beyond `idle_games`.
    pub fn insert(self: &Arc<Self>, mut table: Table) -> Arc<Slot> {
        table.patience = self.patience;
        let push = Push { version: table.version, message: None, whole: false };
        let id = table.id.clone();
        let slot = Arc::new(Slot {
            table: AsyncMutex::new(table),
            pushes: watch::Sender::new(push),
            last_used: AtomicU64::new(self.ticks.fetch_add(1, Ordering::Relaxed)),
            present: Mutex::new([0; 2]),
        });
        let mut slots = self.lock_slots();
        let slot = slots.entry(id).or_insert(slot).clone();
        self.evict_idle(&mut slots);
        slot
    }

    /// Drops the least recently used idle games while more than
    /// `idle_games` are in memory; they are read again from the database
    /// when asked for.
    fn evict_idle(&self, slots: &mut HashMap<String, Arc<Slot>>) {
        if slots.len() <= self.idle_games {
            return;
        }
        let mut idle: Vec<(u64, String)> = slots
            .iter()
            .filter(|(_, slot)| Slot::idle(slot))
            .map(|(id, slot)| (slot.last_used.load(Ordering::Relaxed), id.clone()))
            .collect();
        if idle.len() <= self.idle_games {
            return;
        }
        let excess = idle.len() - self.idle_games;
        idle.select_nth_unstable(excess - 1);
        for (_, id) in &idle[..excess] {
            slots.remove(id);
        }
    }

    /// How many WebSockets watch the game `id` (0 if it is not in memory).
    pub fn watchers(&self, id: &str) -> usize {
        self.lock_slots().get(id).map_or(0, |slot| slot.spectators())
    }

    fn lock_slots(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Slot>>> {
        self.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The game `id` if it is in memory (without loading it).
    pub fn loaded(&self, id: &str) -> Option<Arc<Slot>> {
        self.lock_slots().get(id).cloned()
    }

    /// Every game in memory.
    pub fn all_slots(&self) -> Vec<Arc<Slot>> {
        self.lock_slots().values().cloned().collect()
    }

    /// Writes `ops`; a failure becomes a 409 when another server instance
    /// changed the game first (or what the change needs is gone), else a
    /// 500, and says that nothing was changed.
    pub async fn commit(&self, ops: Vec<Op>) -> Result<(), DomainError> {
        self.write_or(ops, || {
            DomainError::conflict(text!(
                "the game changed meanwhile (through another server); nothing was changed: read it again",
                "die Partie hat sich inzwischen geändert (über einen anderen Server); nichts wurde \
                 geändert: lies sie neu"
            ))
        })
        .await
    }

    /// Writes the ops of one change of `table`'s game, made against its
    /// version: the write fails, changing nothing, if the stored game is
    /// at another version (see [`Op::Bump`]). Follow a success with
    /// [`App::changed`].
    pub fn commit_change(
        &self,
        table: &Table,
        mut ops: Vec<Op>,
    ) -> impl Future<Output = Result<(), DomainError>> + Send + '_ {
        ops.insert(0, Op::Bump { game: table.id.clone(), version: table.version });
        self.commit(ops)
    }

    /// With a database that other server instances change too: reads the
    /// game again if its stored version is not the table's, pushes what
    /// changed to the watchers here and starts what the new state needs.
    /// Call with the table locked, before reading it for a change. Does
    /// nothing with SQLite (one instance: the table is always current).
    pub async fn sync(self: &Arc<Self>, slot: &Arc<Slot>, table: &mut Table) -> Result<(), DomainError> {
        if self.store().shared().is_none() {
            return Ok(());
        }
        let stored = self.store().version(&table.id).await.map_err(crate::core::storage::error_of)?;
        match stored {
            Some(version) if version > table.version => self.reload(slot, table, true).await,
            _ => Ok(()),
        }
    }

    /// Reads the game again after a change committed here that the table
    /// does not show yet (moves taken back between people: the moves kept
    /// give the clock times), tells the watchers and returns the whole
    /// state; the side to move's turn starts now.
    pub async fn read_again(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        table: &mut Table,
    ) -> Result<Bytes, DomainError> {
        self.reload(slot, table, false).await?;
        Ok(Bytes::from(table.state(Instant::now(), &StateQuery::default())))
    }

    /// Reads the game again from the database and tells the watchers here;
    /// `backdate`: the running clock's turn started with the last move
    /// (else now).
    async fn reload(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        table: &mut Table,
        backdate: bool,
    ) -> Result<(), DomainError> {
        let id = table.id.clone();
        let failed = |e: String| {
            DomainError::internal(text!(
                "game {id} cannot be read again: {e}",
                "Partie {id} kann nicht neu gelesen werden: {e}"
            ))
        };
        let stored =
            self.store().load_game(&id).await.map_err(|e| failed(crate::core::storage::logged(&e)))?;
        let Some(stored) = stored.filter(|stored| stored.row.version > table.version) else {
            return Ok(());
        };
        let app = self.clone();
        let mut fresh = tokio::task::spawn_blocking(move || Table::from_stored(&app.registry, &stored))
            .await
            .map_err(|e| failed(e.to_string()))?
            .map_err(failed)?;
        if backdate {
            fresh.backdate_turn(Instant::now());
        }
        fresh.patience = self.patience;
        let change = if fresh.moves.starts_with(&table.moves) {
            Change::Added { from: table.moves.len() }
        } else {
            Change::Replaced
        };
        fresh.engine_busy = table.engine_busy;
        fresh.stop = table.stop.take();
        if change == Change::Replaced
            && let Some(stop) = &fresh.stop
        {
            stop.store(true, Ordering::Relaxed);
        }
        *table = fresh;
        self.publish(slot, table, change);
        self.recount_presence(slot, table);
        Ok(())
    }

    /// Records a change: bumps the version, pushes it to every watcher
    /// (an update with the view, or the whole state, see [`Change`]) and
    /// starts what the new state needs (an engine reply, a clock flag
    /// timer). Returns the reply: the update without the view, or the
    /// whole state. Nothing is worked out for watchers when there are none.
    pub fn changed(self: &Arc<Self>, slot: &Arc<Slot>, table: &mut Table, change: Change) -> Bytes {
        table.version += 1;
        table.updated_ms = now_ms();
        self.publish(slot, table, change)
    }

    /// Pushes the table's version to every watcher and starts what the
    /// state needs; returns the reply (see [`App::changed`]).
    fn publish(self: &Arc<Self>, slot: &Arc<Slot>, table: &mut Table, change: Change) -> Bytes {
        self.follow_up(slot, table);
        let now = Instant::now();
        let watched = slot.pushes.receiver_count() > 0;
        let version = table.version;
        match change {
            Change::Added { from } => {
                let message = watched.then(|| Bytes::from(table.update(now, from, true)));
                slot.pushes.send_replace(Push { version, message, whole: false });
                Bytes::from(table.update(now, from, false))
            }
            Change::Replaced => {
                let state = Bytes::from(table.state(now, &StateQuery::default()));
                slot.pushes.send_replace(Push {
                    version,
                    message: watched.then(|| state.clone()),
                    whole: true,
                });
                state
            }
        }
    }

    /// Starts an engine reply or a flag timer if the game needs one.
    pub fn follow_up(self: &Arc<Self>, slot: &Arc<Slot>, table: &mut Table) {
        if table.engine_to_move() && !table.engine_busy {
            table.engine_busy = true;
            tokio::spawn(engine_reply(self.clone(), slot.clone()));
        }
        if let Some(deadline) = table.flag_deadline() {
            tokio::spawn(flag_timer(self.clone(), slot.clone(), table.version, deadline));
        }
        if let Some(deadline_ms) = table.first_move_deadline_ms() {
            // A few ms late, so that the wall clock has passed the deadline too.
            let wait = Table::ms_until(deadline_ms).unsigned_abs() + FIRST_MOVE_TIMER_SLACK_MS;
            let deadline = Instant::now() + Duration::from_millis(wait);
            tokio::spawn(flag_timer(self.clone(), slot.clone(), table.version, deadline));
        }
    }

    /// Plays move text for the side to move and commits it; on any failure
    /// the game is left as it was.
    pub async fn play(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        table: &mut Table,
        text: &str,
    ) -> Result<Bytes, DomainError> {
        let now = Instant::now();
        let mover = table.game.side_to_move();
        let saved_clock = table.clock.clone();
        let saved_people = table.people.clone();
        let played = table.game.play(text)?;
        let remaining_ms = table.charge_move(mover, now);
        let mut ops = vec![Op::AddMove {
            game: table.id.clone(),
            ply: table.moves.len(),
            mv: MoveRow { mv: played.clone(), played_ms: now_ms(), remaining_ms },
            to_move: table.game.side_to_move(),
        }];
        table.people.after_move(table.moves.len() + 1);
        if table.people != saved_people {
            ops.push(table.people_op());
        }
        if table.draw_offer.is_some() {
            ops.push(Op::SetDrawOffer { game: table.id.clone(), seat: None });
        }
        let deadline = table.next_deadline(now_ms(), self.day_ms).filter(|_| table.game.outcome().is_none());
        if let Some(deadline) = deadline {
            ops.push(Op::SetDeadline { game: table.id.clone(), deadline_ms: Some(deadline) });
        }
        let mut rated = None;
        if let Some(outcome) = table.game.outcome() {
            ops.push(result_op(&table.id, outcome));
            rated = match ratings::rate(self.store(), &self.rating_turn, table, outcome).await {
                Ok(rated) => rated,
                Err(error) => {
                    table.game.undo();
                    table.clock = saved_clock;
                    table.people = saved_people;
                    return Err(error);
                }
            };
            ops.extend(rated.iter().flat_map(|r| r.ops.iter().cloned()));
        }
        if let Err(error) = self.commit_change(table, ops).await {
            table.game.undo();
            table.clock = saved_clock;
            table.people = saved_people;
            return Err(error);
        }
        if let Some(rated) = rated {
            rated.apply(table);
        }
        let from = table.moves.len();
        table.moves.push(played);
        table.draw_offer = None;
        table.set_deadline(deadline);
        Ok(self.changed(slot, table, Change::Added { from }))
    }

    /// Ends the game from outside the board and commits it.
    pub async fn end(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        table: &mut Table,
        outcome: Outcome,
    ) -> Result<Bytes, DomainError> {
        self.end_with(slot, table, outcome, None).await
    }

    /// Ends the game as [`App::end`] does, storing `people` (what is
    /// between the players, e.g. who aborted) in the same change.
    pub async fn end_with(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        table: &mut Table,
        outcome: Outcome,
        people: Option<People>,
    ) -> Result<Bytes, DomainError> {
        let mut ops = vec![result_op(&table.id, outcome)];
        if let Some(people) = &people {
            ops.push(Op::SetPeople { game: table.id.clone(), state: people.to_text() });
        }
        if table.draw_offer.is_some() {
            ops.push(Op::SetDrawOffer { game: table.id.clone(), seat: None });
        }
        let rated = ratings::rate(self.store(), &self.rating_turn, table, outcome).await?;
        ops.extend(rated.iter().flat_map(|r| r.ops.iter().cloned()));
        self.commit_change(table, ops).await?;
        if let Some(people) = people {
            table.people = people;
        }
        if let Some(rated) = rated {
            rated.apply(table);
        }
        table.stop_clock(Instant::now());
        table.game.end(outcome);
        table.draw_offer = None;
        if let Some(stop) = table.stop.take() {
            stop.store(true, Ordering::Relaxed);
        }
        let from = table.moves.len();
        Ok(self.changed(slot, table, Change::Added { from }))
    }

    /// Ends the game on time if the side to move has run out (of its clock,
    /// or of its days per move in a correspondence game), or aborts it if a
    /// first move is overdue.
    pub async fn check_flag(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        table: &mut Table,
    ) -> Result<bool, DomainError> {
        if table.first_move_deadline_ms().is_some_and(|deadline| deadline <= now_ms()) {
            self.end(slot, table, Outcome::draw("aborted")).await?;
            return Ok(true);
        }
        let flagged = table.flagged(Instant::now()).map(|loser| Outcome::win(loser.other(), "time"));
        match flagged.or_else(|| table.deadline_outcome(now_ms())) {
            Some(outcome) if table.game.outcome().is_none() => {
                self.end(slot, table, outcome).await?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

/// The store, reached only through the core: reads, writes and what a
/// shared database has.
impl App {
    /// The store, for the core.
    pub(in crate::core) fn store(&self) -> &Store {
        self.storage.store()
    }

    /// Runs `read` against the store's reads (it cannot write) and maps
    /// its failure ([`crate::core::storage::error_of`]): `app.read(|db| db.muted(id)).await?`.
    pub async fn read<'a, T, F>(&'a self, read: impl FnOnce(&'a Reads) -> F) -> Result<T, DomainError>
    where
        F: Future<Output = Result<T, StoreError>>,
    {
        read(self.store()).await.map_err(crate::core::storage::error_of)
    }

    /// Writes `ops` in one transaction, all or nothing; a failure as
    /// [`crate::core::storage::error_of`] maps it.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), DomainError> {
        self.store().write(ops).await.map_err(crate::core::storage::error_of)
    }

    /// Writes `ops` in one transaction unless what they change changed
    /// meanwhile (another request, another instance): `Ok(false)` then,
    /// and nothing was written; any other failure as [`crate::core::storage::error_of`] maps it.
    pub async fn try_write(&self, ops: Vec<Op>) -> Result<bool, DomainError> {
        match self.store().write(ops).await {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict(_)) => Ok(false),
            Err(error) => Err(crate::core::storage::error_of(error)),
        }
    }

    /// Writes `ops` in one transaction, all or nothing; `conflict()` is
    /// the error when what they change changed meanwhile (see
    /// [`App::try_write`]).
    pub async fn write_or(
        &self,
        ops: Vec<Op>,
        conflict: impl FnOnce() -> DomainError,
    ) -> Result<(), DomainError> {
        if self.try_write(ops).await? { Ok(()) } else { Err(conflict()) }
    }

    /// What a database shared by several server instances has
    /// (PostgreSQL); `None` with SQLite (one instance).
    pub fn shared(&self) -> Option<&Shared> {
        self.store().shared()
    }

    /// The database's name (`sqlite` or `postgres`) and whether it answers
    /// (else what it said, for the log).
    pub async fn health(&self) -> (&'static str, Result<(), String>) {
        (self.store().backend(), self.store().ping().await.map_err(|error| error.detail()))
    }
}

/// The op that stores a game's result.
pub fn result_op(id: &str, outcome: Outcome) -> Op {
    Op::SetResult {
        game: id.to_owned(),
        result: Some((outcome.result_text().to_owned(), outcome.reason.to_owned())),
    }
}

/// Lets the engine find and play its move, off the async executor. With
/// a shared database the reply is first claimed (see
/// [`crate::store::Claims`]): if another instance holds the claim, it
/// computes the reply and this instance leaves it.
async fn engine_reply(app: Arc<App>, slot: Arc<Slot>) {
    let Some(shared) = app.store().shared() else {
        engine_turn(&app, &slot).await;
        return;
    };
    let id = slot.table.lock().await.id.clone();
    match shared.claims.claim(&id).await {
        Ok(true) => {
            engine_turn(&app, &slot).await;
            shared.claims.release(&id).await;
        }
        Ok(false) => slot.table.lock().await.engine_busy = false,
        Err(error) => {
            tracing::warn!(game = %id, %error, "engine reply not claimed; trying again later");
            slot.table.lock().await.engine_busy = false;
        }
    }
}

/// Finds and plays the engine's move, unless the game changed meanwhile.
async fn engine_turn(app: &Arc<App>, slot: &Arc<Slot>) {
    let permit = app.engine.for_move().await;
    let (mut game, version, setting, stop, engine) = {
        let mut table = slot.table.lock().await;
        if let Err(error) = app.sync(slot, &mut table).await {
            tracing::warn!(game = table.id, error = error.message.en, "engine reply: trying again later");
            table.engine_busy = false;
            return;
        }
        if !table.engine_to_move() {
            table.engine_busy = false;
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        table.stop = Some(stop.clone());
        (table.game.clone_box(), table.version, level(table.level.unwrap_or(1)), stop, table.engine.take())
    };
    let (best, engine) = tokio::task::spawn_blocking(move || {
        if let Some(name) = setting.engine
            && game.engines().contains(&name)
        {
            let _ = game.set_engine(name);
        }
        game.set_hash_mb(setting.hash_mb);
        if let Some(engine) = engine {
            game.put_engine(engine);
        }
        let best = match game.think(&setting.limits, &stop, &mut |_| {}) {
            Ok(result) => result.best,
            Err(error) => {
                tracing::error!(%error, "no engine move");
                None
            }
        };
        (best, game.take_engine())
    })
    .await
    .unwrap_or((None, None));
    drop(permit);
    let mut table = slot.table.lock().await;
    table.engine_busy = false;
    table.stop = None;
    table.engine = engine;
    if let Err(error) = app.sync(slot, &mut table).await {
        tracing::warn!(game = table.id, error = error.message.en, "engine reply: trying again later");
        return;
    }
    if table.version != version {
        app.follow_up(slot, &mut table);
        return;
    }
    let Some(best) = best else { return };
    if let Err(error) = app.play(slot, &mut table, &best).await {
        tracing::warn!(game = table.id, %best, error = error.message.en, "engine move failed; retrying");
        drop(table);
        tokio::time::sleep(Duration::from_secs(1)).await;
        let mut table = slot.table.lock().await;
        if app.sync(slot, &mut table).await.is_ok() {
            app.follow_up(slot, &mut table);
        }
    }
}

/// How much later than its deadline the timer of an overdue first move
/// looks at the game, ms.
const FIRST_MOVE_TIMER_SLACK_MS: u64 = 10;

/// How long an engine reply may wait before another instance's sweep
/// looks whether anybody computes it, ms.
const STALLED_MS: i64 = 2000;

/// How long a starting server waits until it listens to the other
/// instances' changes; later it reads every game in memory again once it
/// does (see [`follow_shared`]).
const LISTEN_WAIT: Duration = Duration::from_secs(10);

/// Waits until `notices` says the server listens (at most
/// [`LISTEN_WAIT`]); returns them for [`follow_shared`].
pub async fn listening(mut notices: mpsc::UnboundedReceiver<Notice>) -> mpsc::UnboundedReceiver<Notice> {
    let first = async {
        // Before anything is read no game is in memory: a change told
        // meanwhile concerns none.
        while let Some(notice) = notices.recv().await {
            if matches!(notice, Notice::Listening) {
                return;
            }
        }
    };
    if tokio::time::timeout(LISTEN_WAIT, first).await.is_err() {
        tracing::warn!("not yet listening for changes of games; games are read again once listening");
    }
    notices
}

/// With a shared database: keeps this instance's games in memory current
/// with the changes other instances make (told by `notices`), and every
/// second takes over the engine replies that wait for longer than
/// [`STALLED_MS`] (their instance died, or it is busy); ends when the
/// server stops.
pub async fn follow_shared(app: Weak<App>, mut notices: mpsc::UnboundedReceiver<Notice>) {
    let Some(mut stopping) = app.upgrade().map(|app| app.stopping.subscribe()) else {
        return;
    };
    let mut sweep = tokio::time::interval(Duration::from_secs(1));
    sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            changed = stopping.changed() => {
                if changed.is_err() || *stopping.borrow_and_update() {
                    return;
                }
            }
            notice = notices.recv() => {
                let (Some(notice), Some(app)) = (notice, app.upgrade()) else { return };
                match notice {
                    Notice::Changed { game, version } => {
                        let slot = app.lock_slots().get(&game).cloned();
                        if let Some(slot) = slot {
                            tokio::spawn(sync_slot(app, slot, Some(version)));
                        }
                    }
                    // Listening again (the first time was awaited by
                    // `listening`): changes may have been missed meanwhile.
                    Notice::Paired { account_id, game, seat } => app.lobby.tell(&account_id, &game, &seat),
                    Notice::Listening => {
                        for slot in app.all_slots() {
                            tokio::spawn(sync_slot(app.clone(), slot, None));
                        }
                    }
                }
            }
            _ = sweep.tick() => {
                let Some(app) = app.upgrade() else { return };
                if app.store().shared().is_none() {
                    return;
                }
                match app.store().stalled_engine_games(now_ms() - STALLED_MS).await {
                    Ok(stalled) => {
                        for id in stalled {
                            tokio::spawn(take_over(app.clone(), id));
                        }
                    }
                    Err(error) => tracing::error!(%error, "looking for waiting engine replies failed"),
                }
            }
        }
    }
}

/// Reads a game again unless the table is already at `version` (if
/// known; else if the stored version is newer).
async fn sync_slot(app: Arc<App>, slot: Arc<Slot>, version: Option<u64>) {
    let mut table = slot.table.lock().await;
    let synced = match version {
        Some(version) if table.version < version => app.reload(&slot, &mut table, true).await,
        Some(_) => Ok(()),
        None => app.sync(&slot, &mut table).await,
    };
    if let Err(error) = synced {
        tracing::warn!(game = table.id, error = error.message.en, "game not read again");
    }
}

/// Starts the engine reply of the game `id` here unless it runs here.
async fn take_over(app: Arc<App>, id: String) {
    let Ok(slot) = app.slot(&id).await else { return };
    let mut table = slot.table.lock().await;
    if !table.engine_busy && app.sync(&slot, &mut table).await.is_ok() {
        app.follow_up(&slot, &mut table);
    }
}

/// Ends the game on time when the side to move's time runs out, unless the
/// game changed in the meantime.
async fn flag_timer(app: Arc<App>, slot: Arc<Slot>, version: u64, deadline: Instant) {
    tokio::time::sleep_until(deadline.into()).await;
    let mut table = slot.table.lock().await;
    if let Err(error) = app.sync(&slot, &mut table).await {
        tracing::warn!(game = table.id, error = error.message.en, "time forfeit not checked");
        return;
    }
    if table.version == version
        && let Err(error) = app.check_flag(&slot, &mut table).await
    {
        tracing::error!(game = table.id, error = error.message.en, "time forfeit not stored");
    }
}

/// The seat a bearer token holds in the game, or else the seat bound to
/// the signed-in account `account` (an account's id), or 403.
pub fn seat_for(table: &Table, token: Option<&str>, account: Option<&str>) -> Result<Player, DomainError> {
    if let Some(seat) = token.and_then(|token| table.seat_of(token)) {
        return Ok(seat);
    }
    if let Some(seat) = account.and_then(|account| table.seat_of_account(account)) {
        return Ok(seat);
    }
    if token.is_none() {
        return Err(DomainError::forbidden(text!(
            "this needs the seat's token (Authorization: Bearer …) or its account signed in",
            "das geht nur mit dem Schlüssel eines Platzes (Authorization: Bearer …) oder angemeldet mit \
             seinem Konto"
        )));
    }
    Err(DomainError::forbidden(text!(
        "the token does not hold a seat in this game",
        "du spielst in dieser Partie nicht mit"
    )))
}
