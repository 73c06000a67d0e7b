//! The SQLite backend: one file, one writer thread.
//!
//! One writer thread owns the writing connection. Requests that arrive
//! together are committed in one transaction (group commit), each inside its
//! own savepoint so that one failing request changes nothing and does not
//! affect the others. A request is answered only after its transaction is
//! committed (WAL, `synchronous = FULL`), so whatever the server
//! acknowledges survives the process being killed.

use super::{
    AccountRow, ChatRow, GameEvaluation, GameRow, LobbyFilter, LobbyPage, LobbyRow, MIGRATIONS, MoveRow, Op,
    PlyEvaluation, ProfileGameRow, ProfileQuery, RatingRow, SCHEMA_VERSION, SeatAccount, SeatRow, SeekRow,
    StoreError, StoredGame, parse_player, parse_tags, tags_text,
};
use crate::rating::Glicko;
use game::Player;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::{Arc, Mutex, mpsc};
use tokio::sync::oneshot;

struct Job {
    ops: Vec<Op>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The SQLite database: a writer thread for changes and a connection for
/// reading.
#[derive(Clone)]
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
}

/// The most requests committed in one transaction.
const MAX_GROUP: usize = 512;

impl SqliteStore {
    /// Opens (creating if needed) and migrates the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let mut writer = Connection::open(path)?;
        configure(&writer)?;
        migrate(&mut writer)?;
        let reader = Connection::open(path)?;
        configure(&reader)?;
        let (jobs, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("spielwerk-db".into())
            .spawn(move || write_loop(&writer, &receiver))
            .map_err(|e| StoreError::Corrupt(format!("cannot start the database writer: {e}")))?;
        Ok(SqliteStore { jobs, reader: Arc::new(Mutex::new(reader)) })
    }

    /// Applies `ops` in one transaction; returns once they are committed.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs.send(Job { ops, done }).map_err(|_| StoreError::WriterStopped)?;
        answer.await.unwrap_or(Err(StoreError::WriterStopped))
    }

    /// Every game that is not over.
    pub fn load_running(&self) -> Result<Vec<StoredGame>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        let ids: Vec<String> = conn
            .prepare("SELECT id FROM games WHERE result IS NULL ORDER BY created_ms")?
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        ids.iter().filter_map(|id| load(&conn, id).transpose()).collect()
    }

    /// The game `id`, if stored.
    pub fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        load(&conn, id)
    }

    /// Whether the database answers.
    pub fn ping(&self) -> Result<(), StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        conn.query_row("SELECT 1", [], |_| Ok(()))?;
        Ok(())
    }

    /// The running games (not imported records) from `offset` on, at most
    /// `limit` of them, the latest move first.
    #[cfg(test)]
    pub fn lobby(&self, offset: usize, limit: usize) -> Result<LobbyPage, StoreError> {
        self.lobby_where(&LobbyFilter::All, offset, limit)
    }

    /// The running games (not imported records) that `filter` lets
    /// through, from `offset` on, at most `limit` of them, the latest move
    /// first.
    pub fn lobby_where(
        &self,
        filter: &LobbyFilter,
        offset: usize,
        limit: usize,
    ) -> Result<LobbyPage, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        let (account, ids) = match filter {
            LobbyFilter::All => (None, None),
            LobbyFilter::Account(id) => (Some(id.clone()), None),
            LobbyFilter::Ids(ids) => (None, Some(serde_json::to_string(ids).unwrap_or_default())),
        };
        const WHERE: &str = "result IS NULL AND kind <> 'record'
            AND (?1 IS NULL OR id IN (SELECT game_id FROM seats WHERE account_id = ?1))
            AND (?2 IS NULL OR id IN (SELECT value FROM json_each(?2)))";
        let total: i64 = conn
            .prepare_cached(&format!("SELECT COUNT(*) FROM games WHERE {WHERE}"))?
            .query_row(params![account, ids], |r| r.get(0))?;
        let mut games = conn
            .prepare_cached(&format!(
                "SELECT id, game, kind, level, created_ms, updated_ms, to_move,
                        (SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id), rated
                 FROM games WHERE {WHERE}
                 ORDER BY updated_ms DESC, id LIMIT ?3 OFFSET ?4"
            ))?
            .query_map(params![account, ids, limit as i64, offset as i64], |r| {
                Ok(LobbyRow {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    kind: r.get(2)?,
                    level: r.get(3)?,
                    created_ms: r.get(4)?,
                    updated_ms: r.get::<_, Option<i64>>(5)?.unwrap_or_default(),
                    to_move: r.get::<_, Option<String>>(6)?.as_deref().and_then(parse_player),
                    ply: usize::try_from(r.get::<_, i64>(7)?).unwrap_or_default(),
                    rated: r.get(8)?,
                    seats: Vec::new(),
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        for row in &mut games {
            row.seats = load_seats(&conn, &row.id)?;
        }
        Ok(LobbyPage { games, total: usize::try_from(total).unwrap_or_default() })
    }

    /// The evaluation of the game `id`, if one was requested.
    pub fn evaluation(&self, id: &str) -> Result<Option<GameEvaluation>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        let Some(total) = conn
            .prepare_cached("SELECT total FROM evaluation_jobs WHERE game_id = ?1")?
            .query_row(params![id], |r| r.get::<_, i64>(0))
            .optional()?
        else {
            return Ok(None);
        };
        let plies = conn
            .prepare_cached("SELECT ply, score, best FROM evaluations WHERE game_id = ?1 ORDER BY ply")?
            .query_map(params![id], |r| {
                Ok(PlyEvaluation {
                    ply: usize::try_from(r.get::<_, i64>(0)?).unwrap_or_default(),
                    score: r.get(1)?,
                    best: r.get(2)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(Some(GameEvaluation { total: usize::try_from(total).unwrap_or_default(), plies }))
    }

    /// The games whose requested evaluation is not complete, oldest
    /// request first.
    pub fn unfinished_evaluations(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        let ids = conn
            .prepare_cached(
                "SELECT game_id FROM evaluation_jobs AS j
                 WHERE total > (SELECT COUNT(*) FROM evaluations AS e WHERE e.game_id = j.game_id)
                 ORDER BY requested_ms, game_id",
            )?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    /// The account whose lower-case name is `key`.
    pub fn account_by_name(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        Ok(conn
            .prepare_cached("SELECT id, name, password_hash, created_ms FROM accounts WHERE name_key = ?1")?
            .query_row([key], |r| {
                Ok(AccountRow {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    password_hash: r.get(2)?,
                    created_ms: r.get(3)?,
                })
            })
            .optional()?)
    }

    /// The account (id, name) of a live session.
    pub fn session(&self, id_hash: &str, now_ms: i64) -> Result<Option<(String, String)>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        Ok(conn
            .prepare_cached(
                "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.id_hash = ?1 AND s.expires_ms > ?2",
            )?
            .query_row(params![id_hash, now_ms], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?)
    }

    /// The ratings of an account.
    pub fn ratings(&self, account_id: &str) -> Result<Vec<RatingRow>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        Ok(conn
            .prepare_cached(
                "SELECT game, rating, deviation, volatility, games FROM ratings WHERE account_id = ?1 ORDER BY game",
            )?
            .query_map([account_id], |r| {
                Ok(RatingRow {
                    account_id: account_id.to_owned(),
                    game: r.get(0)?,
                    glicko: Glicko { rating: r.get(1)?, deviation: r.get(2)?, volatility: r.get(3)? },
                    games: u32::try_from(r.get::<_, i64>(4)?).unwrap_or_default(),
                })
            })?
            .collect::<Result<_, _>>()?)
    }

    /// The games of an account that `query` asks for, and their number.
    pub fn profile_games(
        &self,
        account_id: &str,
        query: &ProfileQuery,
    ) -> Result<(Vec<ProfileGameRow>, usize), StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        let total: i64 = conn
            .prepare_cached(&format!(
                "SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id {PROFILE_WHERE}"
            ))?
            .query_row(params![account_id, query.game, query.result], |r| r.get(0))?;
        let games = conn
            .prepare_cached(&format!("{PROFILE_SELECT} {PROFILE_WHERE} {PROFILE_ORDER}"))?
            .query_map(
                params![account_id, query.game, query.result, query.limit as i64, query.offset as i64],
                |r| {
                    Ok(ProfileGameRow {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        created_ms: r.get(2)?,
                        result: r.get::<_, Option<String>>(3)?.zip(r.get::<_, Option<String>>(4)?),
                        seat: parse_player(&r.get::<_, String>(5)?).unwrap_or(Player::P1),
                        rated: r.get(6)?,
                        clock: r.get::<_, Option<i64>>(7)?.zip(r.get::<_, Option<i64>>(8)?),
                        rating: (r.get(9)?, r.get(10)?),
                        opponent: r.get(11)?,
                        kind: r.get(12)?,
                    })
                },
            )?
            .collect::<Result<_, _>>()?;
        Ok((games, usize::try_from(total).unwrap_or_default()))
    }

    /// The seek `id` if given, else the open seeks made since `since_ms`
    /// whose owner has a session at `now_ms`.
    pub fn seeks(&self, id: Option<String>, since_ms: i64, now_ms: i64) -> Result<Vec<SeekRow>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        Ok(conn
            .prepare_cached(&format!("{SEEKS_SELECT} {SEEKS_WHERE}"))?
            .query_map(params![id, since_ms, now_ms], |r| {
                Ok(SeekRow {
                    id: r.get(0)?,
                    account_id: r.get(1)?,
                    account_name: r.get(2)?,
                    game: r.get(3)?,
                    options: r.get(4)?,
                    clock: r.get::<_, Option<i64>>(5)?.zip(r.get::<_, Option<i64>>(6)?),
                    rated: r.get(7)?,
                    side: r.get(8)?,
                    created_ms: r.get(9)?,
                    game_id: r.get(10)?,
                })
            })?
            .collect::<Result<_, _>>()?)
    }

    /// The abandoned games (see [`super::Store::abandoned_games`]).
    pub fn abandoned_games(
        &self,
        unjoined_before_ms: i64,
        unmoved_before_ms: i64,
    ) -> Result<Vec<String>, StoreError> {
        let conn = self.reader.lock().map_err(|_| StoreError::WriterStopped)?;
        Ok(conn
            .prepare_cached(ABANDONED)?
            .query_map(params![unjoined_before_ms, unmoved_before_ms], |r| r.get(0))?
            .collect::<Result<_, _>>()?)
    }
}

/// The columns of a profile's game (`?1` the account).
pub(super) const PROFILE_SELECT: &str =
    "SELECT g.id, g.game, g.created_ms, g.result, g.reason, s.seat, g.rated,
        g.clock_initial_ms, g.clock_increment_ms, s.rating_before, s.rating_after,
        (SELECT a.name FROM seats o JOIN accounts a ON a.id = o.account_id
         WHERE o.game_id = g.id AND o.seat <> s.seat), g.kind
    FROM seats s JOIN games g ON g.id = s.game_id";

/// The games of account `?1`, of game `?2` (if not null) and result `?3`
/// (`won`, `lost`, `drawn`, `running`; if not null). The same in both
/// backends but for the placeholders.
pub(super) const PROFILE_WHERE: &str = "WHERE s.account_id = ?1 AND g.kind <> 'record'
    AND (CAST(?2 AS TEXT) IS NULL OR g.game = ?2)
    AND (CAST(?3 AS TEXT) IS NULL
        OR (?3 = 'running' AND g.result IS NULL)
        OR (?3 = 'drawn' AND g.result = '1/2-1/2' AND g.reason <> 'abandoned')
        OR (?3 = 'won' AND ((g.result = '1-0' AND s.seat = 'p1') OR (g.result = '0-1' AND s.seat = 'p2')))
        OR (?3 = 'lost' AND ((g.result = '0-1' AND s.seat = 'p1') OR (g.result = '1-0' AND s.seat = 'p2'))))";

/// The order and page of a profile's games.
pub(super) const PROFILE_ORDER: &str =
    "ORDER BY COALESCE(g.updated_ms, g.created_ms) DESC, g.id LIMIT ?4 OFFSET ?5";

/// The columns of a seek.
pub(super) const SEEKS_SELECT: &str =
    "SELECT k.id, k.account_id, a.name, k.game, k.options, k.clock_initial_ms,
        k.clock_increment_ms, k.rated, k.side, k.created_ms, k.game_id
    FROM seeks k JOIN accounts a ON a.id = k.account_id";

/// The seek `?1`, or (if null) the open ones since `?2` whose owner has a
/// session at `?3`.
pub(super) const SEEKS_WHERE: &str =
    "WHERE k.id = ?1 OR (CAST(?1 AS TEXT) IS NULL AND k.game_id IS NULL AND k.created_ms >= ?2
        AND EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = k.account_id AND s.expires_ms > ?3))
    ORDER BY k.created_ms, k.id";

/// The running games between people with a seat nobody took since before
/// `?1`, or without a move since before `?2`.
pub(super) const ABANDONED: &str =
    "SELECT g.id FROM games g WHERE g.result IS NULL AND g.kind = 'human' AND (
        (g.created_ms < ?1 AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id
            AND NOT s.engine AND s.token_hash IS NULL AND s.account_id IS NULL))
        OR (g.created_ms < ?2 AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)))
    ORDER BY g.created_ms LIMIT 100";

fn configure(conn: &Connection) -> Result<(), StoreError> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// The schema version of a database (0 for a new one).
pub fn schema_version(conn: &Connection) -> Result<usize, StoreError> {
    conn.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let version: Option<i64> = conn.query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))?;
    Ok(version.map_or(0, |v| usize::try_from(v).unwrap_or(0)))
}

/// Opens the database file `path` (creating it if needed), brings it to
/// [`SCHEMA_VERSION`] and returns the version it had before.
pub fn migrate_file(path: &Path) -> Result<usize, StoreError> {
    let mut conn = Connection::open(path)?;
    configure(&conn)?;
    let found = schema_version(&conn)?;
    migrate(&mut conn)?;
    Ok(found)
}

/// Brings the database up to [`SCHEMA_VERSION`], one migration per
/// transaction.
pub fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let found = schema_version(conn)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew { found, known: SCHEMA_VERSION });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(found) {
        let transaction = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        transaction.execute_batch(migration.sqlite)?;
        transaction.execute("INSERT INTO schema_version (version) VALUES (?1)", [index as i64 + 1])?;
        transaction.commit()?;
    }
    Ok(())
}

/// Applies only the first `version` migrations (for testing upgrades).
#[cfg(test)]
fn migrate_to(conn: &mut Connection, version: usize) -> Result<(), StoreError> {
    let found = schema_version(conn)?;
    for (index, migration) in MIGRATIONS.iter().enumerate().take(version).skip(found) {
        conn.execute_batch(migration.sqlite)?;
        conn.execute("INSERT INTO schema_version (version) VALUES (?1)", [index as i64 + 1])?;
    }
    Ok(())
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

fn commit_group(conn: &Connection, jobs: &[Job]) -> Vec<Result<(), StoreError>> {
    if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
        return jobs.iter().map(|_| Err(StoreError::Failed(e.to_string()))).collect();
    }
    let mut results = Vec::with_capacity(jobs.len());
    for job in jobs {
        let outcome =
            conn.execute_batch("SAVEPOINT job").map_err(StoreError::from).and_then(|()| {
                match job.ops.iter().try_for_each(|op| apply(conn, op)) {
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
        return jobs.iter().map(|_| Err(StoreError::Failed(e.to_string()))).collect();
    }
    results
}

fn apply(conn: &Connection, op: &Op) -> Result<(), StoreError> {
    let changed = match op {
        Op::Bump { game, version } => {
            let bumped = conn
                .prepare_cached("UPDATE games SET version = version + 1 WHERE id = ?1 AND version = ?2")?
                .execute(params![game, *version as i64])?;
            if bumped == 0 {
                return Err(StoreError::Conflict(game.clone()));
            }
            bumped
        }
        Op::CreateGame(stored) => {
            let row = &stored.row;
            let options = serde_json::Value::Object(
                row.options.iter().map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone()))).collect(),
            )
            .to_string();
            let (result, reason) = row.result.clone().unzip();
            let updated_ms = stored.moves.iter().map(|m| m.played_ms).max().unwrap_or(row.created_ms);
            conn.prepare_cached(
                "INSERT INTO games (id, game, options, setup, kind, level, created_ms, result, reason,
                 draw_offer, clock_initial_ms, clock_increment_ms, updated_ms, to_move, version, tags, rated)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, 1, ?15, ?16)",
            )?
            .execute(params![
                row.id,
                row.game,
                options,
                row.setup,
                row.kind,
                row.level,
                row.created_ms,
                result,
                reason,
                row.draw_offer.map(|p| p.to_string()),
                row.clock.map(|c| c.0),
                row.clock.map(|c| c.1),
                updated_ms,
                row.to_move.map(|p| p.to_string()),
                tags_text(&row.tags),
                row.rated,
            ])?;
            for seat in &stored.seats {
                conn.prepare_cached(
                    "INSERT INTO seats (game_id, seat, engine, token_hash, invite_hash, account_id, rating_before)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )?
                .execute(params![
                    row.id,
                    seat.seat.to_string(),
                    seat.engine,
                    seat.token_hash,
                    seat.invite_hash,
                    seat.account.as_ref().map(|a| &a.id),
                    seat.account.as_ref().and_then(|a| a.rating_before),
                ])?;
            }
            for (ply, mv) in stored.moves.iter().enumerate() {
                insert_move(conn, &row.id, ply, mv)?;
            }
            1
        }
        Op::AddMove { game, ply, mv, to_move } => {
            insert_move(conn, game, *ply, mv)?;
            conn.prepare_cached("UPDATE games SET updated_ms = ?2, to_move = ?3 WHERE id = ?1")?
                .execute(params![game, mv.played_ms, to_move.to_string()])?
        }
        Op::TruncateMoves { game, from_ply, to_move } => {
            conn.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
                .execute(params![game, *from_ply as i64])?;
            set_to_move(conn, game, *to_move)?
        }
        Op::SetToMove { game, to_move } => set_to_move(conn, game, *to_move)?,
        Op::SetResult { game, result } => {
            let (result, reason) = result.clone().unzip();
            conn.prepare_cached("UPDATE games SET result = ?2, reason = ?3 WHERE id = ?1")?
                .execute(params![game, result, reason])?
        }
        Op::ClaimSeat { game, seat, token_hash, account } => conn
            .prepare_cached(
                "UPDATE seats SET token_hash = ?3, invite_hash = NULL, account_id = ?4, rating_before = ?5
                 WHERE game_id = ?1 AND seat = ?2 AND token_hash IS NULL AND (account_id IS NULL OR account_id = ?4)",
            )?
            .execute(params![
                game,
                seat.to_string(),
                token_hash,
                account.as_ref().map(|a| &a.0),
                account.as_ref().and_then(|a| a.1)
            ])?,
        Op::SetSeatRatings { game, seat, before, after } => conn
            .prepare_cached("UPDATE seats SET rating_before = ?3, rating_after = ?4 WHERE game_id = ?1 AND seat = ?2")?
            .execute(params![game, seat.to_string(), before, after])?,
        Op::PutRating(row) => {
            let put = conn
                .prepare_cached(
                    "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                     ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games
                     WHERE ratings.games = excluded.games - 1",
                )?
                .execute(params![
                    row.account_id,
                    row.game,
                    row.glicko.rating,
                    row.glicko.deviation,
                    row.glicko.volatility,
                    i64::from(row.games)
                ])?;
            // Another game's end rated the account meanwhile.
            if put == 0 {
                return Err(StoreError::Conflict(row.account_id.clone()));
            }
            put
        }
        Op::CreateAccount(row) => conn
            .prepare_cached(
                "INSERT INTO accounts (id, name, name_key, password_hash, created_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![row.id, row.name, row.name.to_ascii_lowercase(), row.password_hash, row.created_ms])?,
        Op::CreateSession { id_hash, account_id, expires_ms } => conn
            .prepare_cached("INSERT INTO sessions (id_hash, account_id, expires_ms) VALUES (?1, ?2, ?3)")?
            .execute(params![id_hash, account_id, expires_ms])?,
        Op::DeleteSession { id_hash, account_id } => {
            conn.prepare_cached("DELETE FROM seeks WHERE account_id = ?1 AND game_id IS NULL")?
                .execute([account_id])?;
            conn.prepare_cached("DELETE FROM sessions WHERE id_hash = ?1")?.execute([id_hash])?;
            1
        }
        Op::CreateSeek(row) => conn
            .prepare_cached(
                "INSERT INTO seeks (id, account_id, game, options, clock_initial_ms, clock_increment_ms, rated,
                 side, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?
            .execute(params![
                row.id,
                row.account_id,
                row.game,
                row.options,
                row.clock.map(|c| c.0),
                row.clock.map(|c| c.1),
                row.rated,
                row.side,
                row.created_ms
            ])?,
        Op::CancelSeek { id, account_id } => conn
            .prepare_cached("DELETE FROM seeks WHERE id = ?1 AND account_id = ?2 AND game_id IS NULL")?
            .execute(params![id, account_id])?,
        Op::AcceptSeek { id, game } => {
            let accepted = conn
                .prepare_cached("UPDATE seeks SET game_id = ?2 WHERE id = ?1 AND game_id IS NULL")?
                .execute(params![id, game])?;
            if accepted == 0 {
                return Err(StoreError::Conflict(id.clone()));
            }
            accepted
        }
        Op::RequestEvaluation { game, total, requested_ms } => conn
            .prepare_cached(
                "INSERT INTO evaluation_jobs (game_id, total, requested_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO NOTHING",
            )?
            .execute(params![game, *total as i64, requested_ms])
            .map(|_| 1)?,
        Op::AddEvaluation { game, evaluation } => conn
            .prepare_cached(
                "INSERT INTO evaluations (game_id, ply, score, best) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game_id, ply) DO UPDATE SET score = excluded.score, best = excluded.best",
            )?
            .execute(params![game, evaluation.ply as i64, evaluation.score, evaluation.best])?,
        Op::SetDrawOffer { game, seat } => conn
            .prepare_cached("UPDATE games SET draw_offer = ?2 WHERE id = ?1")?
            .execute(params![game, seat.map(|p| p.to_string())])?,
        Op::SetRematchOffer { game, seat } => conn
            .prepare_cached("UPDATE games SET rematch_offer = ?2 WHERE id = ?1")?
            .execute(params![game, seat.map(|p| p.to_string())])?,
        Op::SetRematch { game, rematch } => conn
            .prepare_cached(
                "UPDATE games SET rematch_id = ?2, rematch_offer = NULL WHERE id = ?1 AND rematch_id IS NULL",
            )?
            .execute(params![game, rematch])?,
        Op::AddChat { game, seq, line } => conn
            .prepare_cached(
                "INSERT INTO chat (game_id, seq, seat, body, sent_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![game, *seq as i64, line.seat.to_string(), line.body, line.sent_ms])?,
    };
    if changed == 0 {
        return Err(rusqlite::Error::QueryReturnedNoRows.into());
    }
    Ok(())
}

fn set_to_move(conn: &Connection, game: &str, to_move: Player) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE games SET to_move = ?2 WHERE id = ?1")?
        .execute(params![game, to_move.to_string()])
}

fn insert_move(conn: &Connection, game: &str, ply: usize, mv: &MoveRow) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "INSERT INTO moves (game_id, ply, mv, played_ms, remaining_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game, ply as i64, mv.mv, mv.played_ms, mv.remaining_ms])
}

fn load(conn: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let found = conn
        .prepare_cached(
            "SELECT game, options, setup, kind, level, created_ms, result, reason, draw_offer,
                    clock_initial_ms, clock_increment_ms, to_move, version, tags, rematch_offer, rematch_id, rated
             FROM games WHERE id = ?1",
        )?
        .query_row([id], |r| {
            let row = GameRow {
                id: id.to_owned(),
                game: r.get(0)?,
                options: Vec::new(),
                setup: r.get(2)?,
                kind: r.get(3)?,
                level: r.get(4)?,
                created_ms: r.get(5)?,
                result: r.get::<_, Option<String>>(6)?.zip(r.get::<_, Option<String>>(7)?),
                draw_offer: r.get::<_, Option<String>>(8)?.as_deref().and_then(parse_player),
                clock: r.get::<_, Option<i64>>(9)?.zip(r.get::<_, Option<i64>>(10)?),
                to_move: r.get::<_, Option<String>>(11)?.as_deref().and_then(parse_player),
                version: u64::try_from(r.get::<_, i64>(12)?).unwrap_or_default(),
                tags: Vec::new(),
                rematch_offer: r.get::<_, Option<String>>(14)?.as_deref().and_then(parse_player),
                rematch: r.get(15)?,
                rated: r.get(16)?,
            };
            Ok((r.get::<_, String>(1)?, r.get::<_, Option<String>>(13)?, row))
        })
        .optional()?;
    let Some((options, tags, mut row)) = found else {
        return Ok(None);
    };
    row.tags = parse_tags(id, tags.as_deref())?;
    let options: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&options)
        .map_err(|e| StoreError::Corrupt(format!("options of game {id}: {e}")))?;
    row.options = options.into_iter().map(|(k, v)| (k, v.as_str().unwrap_or_default().to_owned())).collect();
    let seats = load_seats(conn, id)?;
    let moves = conn
        .prepare_cached("SELECT mv, played_ms, remaining_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?
        .query_map([id], |r| Ok(MoveRow { mv: r.get(0)?, played_ms: r.get(1)?, remaining_ms: r.get(2)? }))?
        .collect::<Result<Vec<_>, _>>()?;
    let chat = conn
        .prepare_cached("SELECT seat, body, sent_ms FROM chat WHERE game_id = ?1 ORDER BY seq")?
        .query_map([id], |r| Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?)))?
        .map(|row| {
            let (seat, body, sent_ms) = row?;
            let seat = parse_player(&seat)
                .ok_or_else(|| StoreError::Corrupt(format!("chat seat '{seat}' of {id}")))?;
            Ok(ChatRow { seat, body, sent_ms })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(Some(StoredGame { row, seats, moves, chat }))
}

fn load_seats(conn: &Connection, id: &str) -> Result<Vec<SeatRow>, StoreError> {
    conn.prepare_cached(
        "SELECT s.seat, s.engine, s.token_hash, s.invite_hash, s.account_id, a.name, s.rating_before, s.rating_after
         FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ?1 ORDER BY s.seat",
    )?
    .query_map([id], |r| {
        let account = match (r.get::<_, Option<String>>(4)?, r.get::<_, Option<String>>(5)?) {
            (Some(id), Some(name)) => {
                Some(SeatAccount { id, name, rating_before: r.get(6)?, rating_after: r.get(7)? })
            }
            _ => None,
        };
        Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?, r.get(3)?, account))
    })?
    .map(|row| {
        let (seat, engine, token_hash, invite_hash, account) = row?;
        let seat =
            parse_player(&seat).ok_or_else(|| StoreError::Corrupt(format!("seat '{seat}' of {id}")))?;
        Ok(SeatRow { seat, engine, token_hash, invite_hash, account })
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Player;

    fn sample(id: &str) -> StoredGame {
        StoredGame {
            row: GameRow {
                id: id.into(),
                game: "toy".into(),
                options: vec![("rules".into(), "normal".into())],
                setup: None,
                kind: "human".into(),
                level: None,
                created_ms: 1,
                result: None,
                draw_offer: None,
                clock: Some((300_000, 3000)),
                to_move: Some(Player::P1),
                version: 0,
                tags: vec![("Event".into(), "Cup".into())],
                rematch_offer: None,
                rematch: None,
                rated: false,
            },
            seats: vec![
                SeatRow {
                    seat: Player::P1,
                    engine: false,
                    token_hash: Some("t".into()),
                    invite_hash: None,
                    account: None,
                },
                SeatRow {
                    seat: Player::P2,
                    engine: false,
                    token_hash: None,
                    invite_hash: Some("i".into()),
                    account: None,
                },
            ],
            moves: vec![],
            chat: vec![],
        }
    }

    fn temp_db(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("spielwerk-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("test.db")
    }

    fn block<F: std::future::Future>(future: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(future)
    }

    #[test]
    fn writes_read_back_and_failed_jobs_change_nothing() {
        let store = SqliteStore::open(&temp_db("rw")).unwrap();
        block(async {
            store.write(vec![Op::CreateGame(Box::new(sample("g1")))]).await.unwrap();
            let mv = MoveRow { mv: "a1".into(), played_ms: 5, remaining_ms: Some(299_000) };
            let add =
                |mv: &MoveRow| Op::AddMove { game: "g1".into(), ply: 0, mv: mv.clone(), to_move: Player::P2 };
            store.write(vec![add(&mv)]).await.unwrap();
            // The second op fails (ply 0 exists): the first must be rolled back too.
            let failing = vec![Op::SetDrawOffer { game: "g1".into(), seat: Some(Player::P1) }, add(&mv)];
            assert!(store.write(failing).await.is_err());
            let claim =
                Op::ClaimSeat { game: "g1".into(), seat: Player::P2, token_hash: "t2".into(), account: None };
            store.write(vec![claim.clone()]).await.unwrap();
            assert!(store.write(vec![claim]).await.is_err(), "a seat is claimed once");
            let loaded = store.load_game("g1").unwrap().unwrap();
            assert_eq!(loaded.moves, vec![mv]);
            assert_eq!(loaded.row.draw_offer, None);
            assert_eq!(loaded.seats[1].token_hash.as_deref(), Some("t2"));
            assert_eq!(loaded.seats[1].invite_hash, None);
            assert_eq!(loaded.row.clock, Some((300_000, 3000)));
        });
        assert!(store.load_game("nope").unwrap().is_none());
    }

    #[test]
    fn a_rating_computed_from_an_old_one_is_refused() {
        let store = SqliteStore::open(&temp_db("ratings")).unwrap();
        let account =
            AccountRow { id: "a1".into(), name: "anna".into(), password_hash: "x".into(), created_ms: 0 };
        let put = |games, rating| {
            vec![Op::PutRating(RatingRow {
                account_id: "a1".into(),
                game: "ataxx".into(),
                glicko: Glicko { rating, ..Glicko::default() },
                games,
            })]
        };
        block(async {
            store.write(vec![Op::CreateAccount(account)]).await.unwrap();
            store.write(put(1, 1600.0)).await.unwrap();
            // A second game's end that read the rating before the first was stored.
            assert!(matches!(store.write(put(1, 1700.0)).await, Err(StoreError::Conflict(_))));
            let stored = |store: &SqliteStore| store.ratings("a1").unwrap()[0].clone();
            assert_eq!((stored(&store).games, stored(&store).glicko.rating), (1, 1600.0));
            store.write(put(2, 1650.0)).await.unwrap();
            assert_eq!((stored(&store).games, stored(&store).glicko.rating), (2, 1650.0));
        });
    }

    #[test]
    fn a_change_against_an_old_version_fails_and_changes_nothing() {
        let store = SqliteStore::open(&temp_db("bump")).unwrap();
        block(async {
            store.write(vec![Op::CreateGame(Box::new(sample("g1")))]).await.unwrap();
            let offer = |version| {
                vec![
                    Op::Bump { game: "g1".into(), version },
                    Op::SetDrawOffer { game: "g1".into(), seat: Some(Player::P1) },
                ]
            };
            assert!(matches!(store.write(offer(0)).await, Err(StoreError::Conflict(_))));
            assert_eq!(store.load_game("g1").unwrap().unwrap().row.draw_offer, None);
            store.write(offer(1)).await.unwrap();
            let loaded = store.load_game("g1").unwrap().unwrap();
            assert_eq!((loaded.row.version, loaded.row.draw_offer), (2, Some(Player::P1)));
            assert!(matches!(store.write(offer(1)).await, Err(StoreError::Conflict(_))));
        });
    }

    #[test]
    fn the_lobby_lists_running_games_latest_move_first_with_the_side_to_move() {
        let store = SqliteStore::open(&temp_db("lobby")).unwrap();
        block(async {
            for id in ["g1", "g2", "g3"] {
                store.write(vec![Op::CreateGame(Box::new(sample(id)))]).await.unwrap();
            }
            let mv = MoveRow { mv: "a1".into(), played_ms: 50, remaining_ms: None };
            store
                .write(vec![Op::AddMove { game: "g2".into(), ply: 0, mv, to_move: Player::P2 }])
                .await
                .unwrap();
            let over =
                Op::SetResult { game: "g3".into(), result: Some(("1-0".into(), "resignation".into())) };
            store.write(vec![over]).await.unwrap();
        });
        let page = store.lobby(0, 10).unwrap();
        assert_eq!(page.total, 2);
        let ids: Vec<&str> = page.games.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["g2", "g1"]);
        assert_eq!(
            (page.games[0].ply, page.games[0].to_move, page.games[0].updated_ms),
            (1, Some(Player::P2), 50)
        );
        assert_eq!(page.games[1].seats.len(), 2);
        let second = store.lobby(1, 1).unwrap();
        assert_eq!(second.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), ["g1"]);
        block(async {
            let back = Op::TruncateMoves { game: "g2".into(), from_ply: 0, to_move: Player::P1 };
            store.write(vec![back]).await.unwrap();
        });
        let page = store.lobby(0, 10).unwrap();
        assert_eq!((page.games[0].ply, page.games[0].to_move), (0, Some(Player::P1)));
    }

    #[test]
    fn old_databases_are_migrated_and_newer_ones_refused() {
        let path = temp_db("migrate");
        {
            let mut conn = Connection::open(&path).unwrap();
            migrate_to(&mut conn, 1).unwrap();
            conn.execute(
                "INSERT INTO games (id, game, options, kind, created_ms) VALUES ('old', 'toy', '{}', 'human', 7)",
                [],
            )
            .unwrap();
            assert_eq!(schema_version(&conn).unwrap(), 1);
        }
        let store = SqliteStore::open(&path).unwrap();
        let old = store.load_game("old").unwrap().unwrap();
        assert_eq!((old.row.created_ms, old.row.clock, old.row.to_move), (7, None, None));
        let lobby = store.lobby(0, 10).unwrap();
        assert_eq!((lobby.total, lobby.games[0].updated_ms), (1, 7), "updated_ms is filled in");
        assert_eq!(store.load_running().unwrap().len(), 1);
        drop(store);
        let conn = Connection::open(&path).unwrap();
        assert_eq!(schema_version(&conn).unwrap(), SCHEMA_VERSION);
        conn.execute("INSERT INTO schema_version (version) VALUES (99)", []).unwrap();
        drop(conn);
        assert!(matches!(SqliteStore::open(&path), Err(StoreError::TooNew { found: 99, .. })));
    }
}
