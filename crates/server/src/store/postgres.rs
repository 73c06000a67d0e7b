//! The PostgreSQL backend: several server instances on one database.
//!
//! Writes run on a pool of connections, one transaction per request
//! (`synchronous_commit` as the server has it, by default on: a request is
//! answered after its commit is durable). Every change of a game bumps the
//! game's version in the same transaction ([`Op::Bump`]) and sends
//! `NOTIFY spielwerk_games, '<id>:<version>'` on commit, which every
//! instance receives on a connection of its own ([`PgStore::listen`]).
//! Engine replies are claimed with session advisory locks on a connection
//! of their own ([`Claims`]): when an instance dies, PostgreSQL ends its
//! session and the locks are free for the others.

use super::sqlite::{ABANDONED, PROFILE_ORDER, PROFILE_SELECT, PROFILE_WHERE, SEEKS_SELECT, SEEKS_WHERE};
use super::{
    AccountRow, ChatRow, GameEvaluation, GameRow, LobbyFilter, LobbyPage, LobbyRow, MIGRATIONS, MoveRow, Op,
    PlyEvaluation, ProfileGameRow, ProfileQuery, RatingRow, SCHEMA_VERSION, SeatAccount, SeatRow, SeekRow,
    StoreError, StoredGame, parse_player, parse_tags, tags_text,
};
use crate::rating::Glicko;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures_util::StreamExt;
use tokio::sync::{Mutex, mpsc};
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, Client, Config, NoTls};

/// The channel of game changes.
const CHANNEL: &str = "spielwerk_games";

/// Held while migrating, so that instances starting at once migrate one
/// after the other.
const MIGRATION_LOCK: i64 = 0x5370_6965_6c77;

/// Connections per server instance.
const POOL_SIZE: usize = 16;

/// The PostgreSQL database: a pool of connections for requests, and the
/// claims of engine replies.
pub struct PgStore {
    pool: Pool,
    config: Config,
    /// The engine replies this instance computes.
    pub claims: Claims,
}

/// What the listening connection tells the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The game `game` is at `version` now.
    Changed {
        /// The game.
        game: String,
        /// Its version after the change.
        version: u64,
    },
    /// The connection listens (again): changes made while it did not may
    /// have been missed.
    Listening,
}

/// A URL without its password, to be shown.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => match rest[..at].split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***{}", &rest[at..]),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

fn parse_config(url: &str) -> Result<Config, StoreError> {
    url.parse::<Config>().map_err(|e| {
        StoreError::Failed(format!("cannot read the database URL {}: {e}", without_password(url)))
    })
}

/// A connection of its own, driven on the runtime until it closes.
async fn connect(config: &Config) -> Result<Client, StoreError> {
    let (client, connection) = config.connect(NoTls).await?;
    tokio::spawn(async move {
        if let Err(error) = connection.await {
            eprintln!("database connection closed: {error}");
        }
    });
    Ok(client)
}

/// Brings the database at `url` to [`SCHEMA_VERSION`], in one transaction;
/// returns the version it had before.
pub async fn migrate_url(url: &str) -> Result<usize, StoreError> {
    migrate(&parse_config(url)?).await
}

async fn migrate(config: &Config) -> Result<usize, StoreError> {
    let mut client = connect(config).await?;
    let transaction = client.transaction().await?;
    transaction.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
    transaction.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)").await?;
    let found: Option<i32> =
        transaction.query_one("SELECT MAX(version) FROM schema_version", &[]).await?.get(0);
    let found = found.map_or(0, |v| usize::try_from(v).unwrap_or(0));
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew { found, known: SCHEMA_VERSION });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(found) {
        transaction.batch_execute(migration.postgres).await?;
        let version = i32::try_from(index + 1).unwrap_or(i32::MAX);
        transaction.execute("INSERT INTO schema_version (version) VALUES ($1)", &[&version]).await?;
    }
    transaction.commit().await?;
    Ok(found)
}

impl PgStore {
    /// Connects to the database at `url` and migrates it.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let config = parse_config(url)?;
        migrate(&config).await?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .build()
            .map_err(|e| StoreError::Pool(e.to_string()))?;
        let claims = Claims { config: config.clone(), client: Mutex::new(None) };
        Ok(PgStore { pool, config, claims })
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| StoreError::Pool(e.to_string()))
    }

    /// Applies `ops` in one transaction; returns once it is committed.
    ///
    /// `BEGIN` and every statement are sent at once (pipelined), then the
    /// counts of changed rows are checked and the transaction committed or
    /// rolled back: two round trips, whatever the request changes.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let mut steps = Vec::new();
        for op in &ops {
            steps_of(op, &mut steps);
        }
        let client = self.client().await?;
        let mut statements = Vec::with_capacity(steps.len());
        for step in &steps {
            statements.push(client.prepare_cached(step.sql).await?);
        }
        let runs = futures_util::future::join_all(steps.iter().zip(&statements).map(|(step, statement)| {
            let params: Vec<&(dyn ToSql + Sync)> =
                step.params.iter().map(|p| p.as_ref() as &(dyn ToSql + Sync)).collect();
            let client = &client;
            async move { client.execute(statement, &params).await }
        }));
        let (begun, counts) = futures_util::join!(client.batch_execute("BEGIN"), runs);
        let checked = begun.map_err(StoreError::from).and_then(|()| {
            steps.iter().zip(counts).try_for_each(|(step, count)| {
                let count = count?;
                match &step.check {
                    Check::Version(game) if count == 0 => Err(StoreError::Conflict(game.clone())),
                    Check::Changed if count == 0 => {
                        Err(StoreError::Failed("the change found no row to change".to_owned()))
                    }
                    _ => Ok(()),
                }
            })
        });
        match checked {
            Ok(()) => Ok(client.batch_execute("COMMIT").await?),
            Err(error) => {
                let _ = client.batch_execute("ROLLBACK").await;
                Err(error)
            }
        }
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.client().await?.simple_query("SELECT 1").await?;
        Ok(())
    }

    /// The stored version of the game `id`, if stored.
    pub async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached("SELECT version FROM games WHERE id = $1").await?;
        let row = client.query_opt(&statement, &[&id]).await?;
        Ok(row.map(|row| u64::try_from(row.get::<_, i64>(0)).unwrap_or_default()))
    }

    /// Every game that is not over.
    pub async fn load_running(&self) -> Result<Vec<StoredGame>, StoreError> {
        let ids: Vec<String> = self
            .client()
            .await?
            .query("SELECT id FROM games WHERE result IS NULL ORDER BY created_ms", &[])
            .await?
            .iter()
            .map(|row| row.get(0))
            .collect();
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            games.extend(self.load_game(&id).await?);
        }
        Ok(games)
    }

    /// The running engine games whose engine is to move since before
    /// `before_ms` (ms since the epoch): replies that nobody may be
    /// computing (at most 100).
    pub async fn stalled_engine_games(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move
                 WHERE g.result IS NULL AND g.kind = 'engine' AND s.engine AND g.updated_ms < $1
                 ORDER BY g.updated_ms LIMIT 100",
            )
            .await?;
        Ok(client.query(&statement, &[&before_ms]).await?.iter().map(|row| row.get(0)).collect())
    }

    /// The game `id`, if stored, read in one snapshot (a read-only
    /// transaction whose statements are sent at once: one round trip).
    pub async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let client = self.client().await?;
        let game = client
            .prepare_cached(
                "SELECT game, options, setup, kind, level, created_ms, result, reason, draw_offer,
                        clock_initial_ms, clock_increment_ms, to_move, version, tags, rematch_offer,
                        rematch_id, rated
                 FROM games WHERE id = $1",
            )
            .await?;
        let seats = client.prepare_cached(SEAT_ROWS).await?;
        let moves = client
            .prepare_cached("SELECT mv, played_ms, remaining_ms FROM moves WHERE game_id = $1 ORDER BY ply")
            .await?;
        let chat = client
            .prepare_cached("SELECT seat, body, sent_ms FROM chat WHERE game_id = $1 ORDER BY seq")
            .await?;
        let ids = vec![id.to_owned()];
        let (by_id, by_ids): ([&(dyn ToSql + Sync); 1], [&(dyn ToSql + Sync); 1]) = ([&id], [&ids]);
        let (begun, found, seats, moves, chat, committed) = futures_util::join!(
            client.batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
            client.query_opt(&game, &by_id),
            client.query(&seats, &by_ids),
            client.query(&moves, &by_id),
            client.query(&chat, &by_id),
            client.batch_execute("COMMIT"),
        );
        begun?;
        let (found, seats, moves, chat) = (found?, seats?, moves?, chat?);
        committed?;
        let Some(r) = found else {
            return Ok(None);
        };
        let options: String = r.get(1);
        let options: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&options)
            .map_err(|e| StoreError::Corrupt(format!("options of game {id}: {e}")))?;
        let row = GameRow {
            id: id.to_owned(),
            game: r.get(0),
            options: options
                .into_iter()
                .map(|(k, v)| (k, v.as_str().unwrap_or_default().to_owned()))
                .collect(),
            setup: r.get(2),
            kind: r.get(3),
            level: r.get::<_, Option<i32>>(4).and_then(|l| u8::try_from(l).ok()),
            created_ms: r.get(5),
            result: r.get::<_, Option<String>>(6).zip(r.get::<_, Option<String>>(7)),
            draw_offer: r.get::<_, Option<String>>(8).as_deref().and_then(parse_player),
            clock: r.get::<_, Option<i64>>(9).zip(r.get::<_, Option<i64>>(10)),
            to_move: r.get::<_, Option<String>>(11).as_deref().and_then(parse_player),
            version: u64::try_from(r.get::<_, i64>(12)).unwrap_or_default(),
            tags: parse_tags(id, r.get::<_, Option<String>>(13).as_deref())?,
            rematch_offer: r.get::<_, Option<String>>(14).as_deref().and_then(parse_player),
            rematch: r.get(15),
            rated: r.get(16),
        };
        let seats = seat_rows(&seats)?;
        let moves = moves
            .iter()
            .map(|r| MoveRow { mv: r.get(0), played_ms: r.get(1), remaining_ms: r.get(2) })
            .collect();
        let chat = chat
            .iter()
            .map(|r| {
                let seat: String = r.get(0);
                let seat = parse_player(&seat)
                    .ok_or_else(|| StoreError::Corrupt(format!("chat seat '{seat}' of {id}")))?;
                Ok(ChatRow { seat, body: r.get(1), sent_ms: r.get(2) })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok(Some(StoredGame { row, seats: seats.into_iter().map(|(_, seat)| seat).collect(), moves, chat }))
    }

    /// The evaluation of the game `id`, if one was requested.
    pub async fn evaluation(&self, id: &str) -> Result<Option<GameEvaluation>, StoreError> {
        let client = self.client().await?;
        let job = client.prepare_cached("SELECT total FROM evaluation_jobs WHERE game_id = $1").await?;
        let Some(job) = client.query_opt(&job, &[&id]).await? else {
            return Ok(None);
        };
        let plies = client
            .prepare_cached("SELECT ply, score, best FROM evaluations WHERE game_id = $1 ORDER BY ply")
            .await?;
        let plies = client
            .query(&plies, &[&id])
            .await?
            .iter()
            .map(|r| PlyEvaluation {
                ply: usize::try_from(r.get::<_, i32>(0)).unwrap_or_default(),
                score: r.get(1),
                best: r.get(2),
            })
            .collect();
        Ok(Some(GameEvaluation { total: usize::try_from(job.get::<_, i32>(0)).unwrap_or_default(), plies }))
    }

    /// The games whose requested evaluation is not complete, oldest
    /// request first.
    pub async fn unfinished_evaluations(&self) -> Result<Vec<String>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT game_id FROM evaluation_jobs AS j
                 WHERE total > (SELECT COUNT(*) FROM evaluations AS e WHERE e.game_id = j.game_id)
                 ORDER BY requested_ms, game_id",
                &[],
            )
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The running games (not imported records) that `filter` lets
    /// through, from `offset` on, at most `limit` of them, the latest move
    /// first.
    pub async fn lobby(
        &self,
        filter: &LobbyFilter,
        offset: usize,
        limit: usize,
    ) -> Result<LobbyPage, StoreError> {
        let client = self.client().await?;
        let (account, ids) = match filter {
            LobbyFilter::All => (None, None),
            LobbyFilter::Account(id) => (Some(id.clone()), None),
            LobbyFilter::Ids(ids) => (None, Some(ids.clone())),
        };
        const WHERE: &str = "result IS NULL AND kind <> 'record'
            AND ($1::TEXT IS NULL OR id IN (SELECT game_id FROM seats WHERE account_id = $1))
            AND ($2::TEXT[] IS NULL OR id = ANY($2))";
        let count = client.prepare_cached(&format!("SELECT COUNT(*) FROM games WHERE {WHERE}")).await?;
        let total: i64 = client.query_one(&count, &[&account, &ids]).await?.get(0);
        let statement = client
            .prepare_cached(&format!(
                "SELECT id, game, kind, level, created_ms, updated_ms, to_move,
                        (SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id), rated
                 FROM games WHERE {WHERE}
                 ORDER BY updated_ms DESC, id LIMIT $3 OFFSET $4"
            ))
            .await?;
        let (limit, offset) =
            (i64::try_from(limit).unwrap_or(i64::MAX), i64::try_from(offset).unwrap_or(i64::MAX));
        let mut games: Vec<LobbyRow> = client
            .query(&statement, &[&account, &ids, &limit, &offset])
            .await?
            .iter()
            .map(|r| LobbyRow {
                id: r.get(0),
                game: r.get(1),
                kind: r.get(2),
                level: r.get::<_, Option<i32>>(3).and_then(|l| u8::try_from(l).ok()),
                created_ms: r.get(4),
                updated_ms: r.get::<_, Option<i64>>(5).unwrap_or_default(),
                to_move: r.get::<_, Option<String>>(6).as_deref().and_then(parse_player),
                ply: usize::try_from(r.get::<_, i64>(7)).unwrap_or_default(),
                rated: r.get(8),
                seats: Vec::new(),
            })
            .collect();
        let ids: Vec<String> = games.iter().map(|g| g.id.clone()).collect();
        let statement = client.prepare_cached(SEAT_ROWS).await?;
        for (game, seat) in seat_rows(&client.query(&statement, &[&ids]).await?)? {
            if let Some(row) = games.iter_mut().find(|row| row.id == game) {
                row.seats.push(seat);
            }
        }
        Ok(LobbyPage { games, total: usize::try_from(total).unwrap_or_default() })
    }

    /// The account whose lower-case name is `key`.
    pub async fn account_by_name(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached("SELECT id, name, password_hash, created_ms FROM accounts WHERE name_key = $1")
            .await?;
        Ok(client.query_opt(&statement, &[&key]).await?.map(|r| AccountRow {
            id: r.get(0),
            name: r.get(1),
            password_hash: r.get(2),
            created_ms: r.get(3),
        }))
    }

    /// The account (id, name) of a live session.
    pub async fn session(&self, id_hash: &str, now_ms: i64) -> Result<Option<(String, String)>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
                 WHERE s.id_hash = $1 AND s.expires_ms > $2",
            )
            .await?;
        Ok(client.query_opt(&statement, &[&id_hash, &now_ms]).await?.map(|r| (r.get(0), r.get(1))))
    }

    /// The ratings of an account.
    pub async fn ratings(&self, account_id: &str) -> Result<Vec<RatingRow>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT game, rating, deviation, volatility, games FROM ratings WHERE account_id = $1 ORDER BY game",
            )
            .await?;
        Ok(client
            .query(&statement, &[&account_id])
            .await?
            .iter()
            .map(|r| RatingRow {
                account_id: account_id.to_owned(),
                game: r.get(0),
                glicko: Glicko { rating: r.get(1), deviation: r.get(2), volatility: r.get(3) },
                games: u32::try_from(r.get::<_, i64>(4)).unwrap_or_default(),
            })
            .collect())
    }

    /// The games of an account that `query` asks for, and their number.
    pub async fn profile_games(
        &self,
        account_id: &str,
        query: &ProfileQuery,
    ) -> Result<(Vec<ProfileGameRow>, usize), StoreError> {
        let client = self.client().await?;
        let count = client
            .prepare_cached(&dollars(&format!(
                "SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id {PROFILE_WHERE}"
            )))
            .await?;
        let total: i64 = client.query_one(&count, &[&account_id, &query.game, &query.result]).await?.get(0);
        let statement = client
            .prepare_cached(&dollars(&format!("{PROFILE_SELECT} {PROFILE_WHERE} {PROFILE_ORDER}")))
            .await?;
        let (limit, offset) =
            (i64::try_from(query.limit).unwrap_or(i64::MAX), i64::try_from(query.offset).unwrap_or(i64::MAX));
        let games = client
            .query(&statement, &[&account_id, &query.game, &query.result, &limit, &offset])
            .await?
            .iter()
            .map(|r| ProfileGameRow {
                id: r.get(0),
                game: r.get(1),
                created_ms: r.get(2),
                result: r.get::<_, Option<String>>(3).zip(r.get::<_, Option<String>>(4)),
                seat: parse_player(&r.get::<_, String>(5)).unwrap_or(game::Player::P1),
                rated: r.get(6),
                clock: r.get::<_, Option<i64>>(7).zip(r.get::<_, Option<i64>>(8)),
                rating: (r.get(9), r.get(10)),
                opponent: r.get(11),
                kind: r.get(12),
            })
            .collect();
        Ok((games, usize::try_from(total).unwrap_or_default()))
    }

    /// The seek `id` if given, else the open seeks made since `since_ms`
    /// whose owner has a session at `now_ms`.
    pub async fn seeks(
        &self,
        id: Option<String>,
        since_ms: i64,
        now_ms: i64,
    ) -> Result<Vec<SeekRow>, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(&dollars(&format!("{SEEKS_SELECT} {SEEKS_WHERE}"))).await?;
        Ok(client
            .query(&statement, &[&id, &since_ms, &now_ms])
            .await?
            .iter()
            .map(|r| SeekRow {
                id: r.get(0),
                account_id: r.get(1),
                account_name: r.get(2),
                game: r.get(3),
                options: r.get(4),
                clock: r.get::<_, Option<i64>>(5).zip(r.get::<_, Option<i64>>(6)),
                rated: r.get(7),
                side: r.get(8),
                created_ms: r.get(9),
                game_id: r.get(10),
            })
            .collect())
    }

    /// The abandoned games (see [`super::Store::abandoned_games`]).
    pub async fn abandoned_games(
        &self,
        unjoined_before_ms: i64,
        unmoved_before_ms: i64,
    ) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(&dollars(ABANDONED)).await?;
        Ok(client
            .query(&statement, &[&unjoined_before_ms, &unmoved_before_ms])
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect())
    }

    /// Listens for the changes of games on a connection of its own, and
    /// connects again (after a second) whenever it breaks, until the
    /// receiver is dropped.
    pub fn listen(&self) -> mpsc::UnboundedReceiver<Notice> {
        let (sender, receiver) = mpsc::unbounded_channel();
        let config = self.config.clone();
        tokio::spawn(async move {
            while !sender.is_closed() {
                if let Err(error) = listen_once(&config, &sender).await {
                    eprintln!("listening for changes of games: {error}; trying again");
                }
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        });
        receiver
    }
}

/// Listens until the connection breaks or the receiver is dropped.
async fn listen_once(config: &Config, sender: &mpsc::UnboundedSender<Notice>) -> Result<(), StoreError> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let forward = sender.clone();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let AsyncMessage::Notification(notification) = message
                && let Some((game, version)) = notification.payload().split_once(':')
                && let Ok(version) = version.parse()
                && forward.send(Notice::Changed { game: game.to_owned(), version }).is_err()
            {
                return;
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    if sender.send(Notice::Listening).is_err() {
        driver.abort();
        return Ok(());
    }
    let _ = driver.await;
    Ok(())
}

/// The claims of engine replies of one server instance: session advisory
/// locks on a connection of its own, keyed by the game's id. A claim lasts
/// until it is released or the session ends (the instance died).
pub struct Claims {
    config: Config,
    client: Mutex<Option<Client>>,
}

impl Claims {
    /// Claims the engine reply of the game `id`; false if another instance
    /// holds it.
    pub async fn claim(&self, id: &str) -> Result<bool, StoreError> {
        let mut client = self.client.lock().await;
        if client.as_ref().is_none_or(Client::is_closed) {
            *client = Some(connect(&self.config).await?);
        }
        let Some(client) = client.as_ref() else {
            return Ok(false);
        };
        let row = client.query_one("SELECT pg_try_advisory_lock(hashtextextended($1, 0))", &[&id]).await?;
        Ok(row.get(0))
    }

    /// Releases the claim of the game `id`.
    pub async fn release(&self, id: &str) {
        let client = self.client.lock().await;
        if let Some(client) = client.as_ref()
            && let Err(error) =
                client.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))", &[&id]).await
        {
            eprintln!("releasing the engine reply of game {id}: {error}");
        }
    }
}

/// The seats of the games `$1`, with their accounts.
const SEAT_ROWS: &str =
    "SELECT s.game_id, s.seat, s.engine, s.token_hash, s.invite_hash, s.account_id, a.name,
        s.rating_before, s.rating_after
    FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
    WHERE s.game_id = ANY($1) ORDER BY s.game_id, s.seat";

/// SQLite's `?N` placeholders as PostgreSQL's `$N`, for the queries both
/// backends share.
fn dollars(sql: &str) -> String {
    sql.replace('?', "$")
}

fn seat_rows(rows: &[tokio_postgres::Row]) -> Result<Vec<(String, SeatRow)>, StoreError> {
    rows.iter()
        .map(|r| {
            let (game, seat): (String, String) = (r.get(0), r.get(1));
            let seat =
                parse_player(&seat).ok_or_else(|| StoreError::Corrupt(format!("seat '{seat}' of {game}")))?;
            let account = r
                .get::<_, Option<String>>(5)
                .zip(r.get::<_, Option<String>>(6))
                .map(|(id, name)| SeatAccount { id, name, rating_before: r.get(7), rating_after: r.get(8) });
            Ok((
                game,
                SeatRow { seat, engine: r.get(2), token_hash: r.get(3), invite_hash: r.get(4), account },
            ))
        })
        .collect()
}

/// One statement of a write.
struct Step {
    sql: &'static str,
    params: Vec<Box<dyn ToSql + Sync + Send>>,
    check: Check,
}

/// What the count of rows a [`Step`] changed must be.
enum Check {
    /// At least one, else the game (of this id) changed meanwhile.
    Version(String),
    /// At least one, else the request fails.
    Changed,
    /// Any.
    Any,
}

fn step(sql: &'static str, check: Check, params: Vec<Box<dyn ToSql + Sync + Send>>) -> Step {
    Step { sql, params, check }
}

fn ply_param(ply: usize) -> i32 {
    i32::try_from(ply).unwrap_or(i32::MAX)
}

/// The statements of `op`, in order.
fn steps_of(op: &Op, steps: &mut Vec<Step>) {
    match op {
        Op::Bump { game, version } => steps.push(step(
            "WITH bumped AS (
                 UPDATE games SET version = version + 1 WHERE id = $1::TEXT AND version = $2 RETURNING version
             )
             SELECT pg_notify('spielwerk_games', $1::TEXT || ':' || version) FROM bumped",
            Check::Version(game.clone()),
            vec![Box::new(game.clone()), Box::new(i64::try_from(*version).unwrap_or(i64::MAX))],
        )),
        Op::CreateGame(stored) => {
            let row = &stored.row;
            let options = serde_json::Value::Object(
                row.options.iter().map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone()))).collect(),
            )
            .to_string();
            let (result, reason) = row.result.clone().unzip();
            let updated_ms = stored.moves.iter().map(|m| m.played_ms).max().unwrap_or(row.created_ms);
            steps.push(step(
                "INSERT INTO games (id, game, options, setup, kind, level, created_ms, result, reason,
                 draw_offer, clock_initial_ms, clock_increment_ms, updated_ms, to_move, version, tags, rated)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, $15, $16)",
                Check::Changed,
                vec![
                    Box::new(row.id.clone()),
                    Box::new(row.game.clone()),
                    Box::new(options),
                    Box::new(row.setup.clone()),
                    Box::new(row.kind.clone()),
                    Box::new(row.level.map(i32::from)),
                    Box::new(row.created_ms),
                    Box::new(result),
                    Box::new(reason),
                    Box::new(row.draw_offer.map(|p| p.to_string())),
                    Box::new(row.clock.map(|c| c.0)),
                    Box::new(row.clock.map(|c| c.1)),
                    Box::new(updated_ms),
                    Box::new(row.to_move.map(|p| p.to_string())),
                    Box::new(tags_text(&row.tags)),
                    Box::new(row.rated),
                ],
            ));
            for seat in &stored.seats {
                steps.push(step(
                    "INSERT INTO seats (game_id, seat, engine, token_hash, invite_hash, account_id, rating_before)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    Check::Changed,
                    vec![
                        Box::new(row.id.clone()),
                        Box::new(seat.seat.to_string()),
                        Box::new(seat.engine),
                        Box::new(seat.token_hash.clone()),
                        Box::new(seat.invite_hash.clone()),
                        Box::new(seat.account.as_ref().map(|a| a.id.clone())),
                        Box::new(seat.account.as_ref().and_then(|a| a.rating_before)),
                    ],
                ));
            }
            if !stored.moves.is_empty() {
                let plies: Vec<i32> = (0..stored.moves.len()).map(ply_param).collect();
                let moves: Vec<String> = stored.moves.iter().map(|m| m.mv.clone()).collect();
                let played: Vec<i64> = stored.moves.iter().map(|m| m.played_ms).collect();
                let remaining: Vec<Option<i64>> = stored.moves.iter().map(|m| m.remaining_ms).collect();
                steps.push(step(
                    "INSERT INTO moves (game_id, ply, mv, played_ms, remaining_ms)
                     SELECT $1, * FROM UNNEST($2::INTEGER[], $3::TEXT[], $4::BIGINT[], $5::BIGINT[])",
                    Check::Changed,
                    vec![
                        Box::new(row.id.clone()),
                        Box::new(plies),
                        Box::new(moves),
                        Box::new(played),
                        Box::new(remaining),
                    ],
                ));
            }
        }
        Op::AddMove { game, ply, mv, to_move } => {
            steps.push(step(
                "INSERT INTO moves (game_id, ply, mv, played_ms, remaining_ms) VALUES ($1, $2, $3, $4, $5)",
                Check::Changed,
                vec![
                    Box::new(game.clone()),
                    Box::new(ply_param(*ply)),
                    Box::new(mv.mv.clone()),
                    Box::new(mv.played_ms),
                    Box::new(mv.remaining_ms),
                ],
            ));
            steps.push(step(
                "UPDATE games SET updated_ms = $2, to_move = $3 WHERE id = $1",
                Check::Changed,
                vec![Box::new(game.clone()), Box::new(mv.played_ms), Box::new(to_move.to_string())],
            ));
        }
        Op::TruncateMoves { game, from_ply, to_move } => {
            steps.push(step(
                "DELETE FROM moves WHERE game_id = $1 AND ply >= $2",
                Check::Any,
                vec![Box::new(game.clone()), Box::new(ply_param(*from_ply))],
            ));
            steps.push(set_to_move(game, *to_move));
        }
        Op::SetToMove { game, to_move } => steps.push(set_to_move(game, *to_move)),
        Op::SetResult { game, result } => {
            let (result, reason) = result.clone().unzip();
            steps.push(step(
                "UPDATE games SET result = $2, reason = $3 WHERE id = $1",
                Check::Changed,
                vec![Box::new(game.clone()), Box::new(result), Box::new(reason)],
            ));
        }
        Op::ClaimSeat { game, seat, token_hash, account } => steps.push(step(
            "UPDATE seats SET token_hash = $3, invite_hash = NULL, account_id = $4, rating_before = $5
             WHERE game_id = $1 AND seat = $2 AND token_hash IS NULL AND (account_id IS NULL OR account_id = $4)",
            Check::Changed,
            vec![
                Box::new(game.clone()),
                Box::new(seat.to_string()),
                Box::new(token_hash.clone()),
                Box::new(account.as_ref().map(|a| a.0.clone())),
                Box::new(account.as_ref().and_then(|a| a.1)),
            ],
        )),
        Op::SetSeatRatings { game, seat, before, after } => steps.push(step(
            "UPDATE seats SET rating_before = $3, rating_after = $4 WHERE game_id = $1 AND seat = $2",
            Check::Changed,
            vec![Box::new(game.clone()), Box::new(seat.to_string()), Box::new(*before), Box::new(*after)],
        )),
        Op::PutRating(row) => steps.push(step(
            "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games
             WHERE ratings.games = excluded.games - 1",
            // None: another game's end rated the account meanwhile.
            Check::Version(row.account_id.clone()),
            vec![
                Box::new(row.account_id.clone()),
                Box::new(row.game.clone()),
                Box::new(row.glicko.rating),
                Box::new(row.glicko.deviation),
                Box::new(row.glicko.volatility),
                Box::new(i64::from(row.games)),
            ],
        )),
        Op::CreateAccount(row) => steps.push(step(
            "INSERT INTO accounts (id, name, name_key, password_hash, created_ms) VALUES ($1, $2, $3, $4, $5)",
            Check::Changed,
            vec![
                Box::new(row.id.clone()),
                Box::new(row.name.clone()),
                Box::new(row.name.to_ascii_lowercase()),
                Box::new(row.password_hash.clone()),
                Box::new(row.created_ms),
            ],
        )),
        Op::CreateSession { id_hash, account_id, expires_ms } => steps.push(step(
            "INSERT INTO sessions (id_hash, account_id, expires_ms) VALUES ($1, $2, $3)",
            Check::Changed,
            vec![Box::new(id_hash.clone()), Box::new(account_id.clone()), Box::new(*expires_ms)],
        )),
        Op::DeleteSession { id_hash, account_id } => {
            steps.push(step(
                "DELETE FROM seeks WHERE account_id = $1 AND game_id IS NULL",
                Check::Any,
                vec![Box::new(account_id.clone())],
            ));
            steps.push(step("DELETE FROM sessions WHERE id_hash = $1", Check::Any, vec![Box::new(id_hash.clone())]));
        }
        Op::CreateSeek(row) => steps.push(step(
            "INSERT INTO seeks (id, account_id, game, options, clock_initial_ms, clock_increment_ms, rated,
             side, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            Check::Changed,
            vec![
                Box::new(row.id.clone()),
                Box::new(row.account_id.clone()),
                Box::new(row.game.clone()),
                Box::new(row.options.clone()),
                Box::new(row.clock.map(|c| c.0)),
                Box::new(row.clock.map(|c| c.1)),
                Box::new(row.rated),
                Box::new(row.side.clone()),
                Box::new(row.created_ms),
            ],
        )),
        Op::CancelSeek { id, account_id } => steps.push(step(
            "DELETE FROM seeks WHERE id = $1 AND account_id = $2 AND game_id IS NULL",
            Check::Changed,
            vec![Box::new(id.clone()), Box::new(account_id.clone())],
        )),
        Op::AcceptSeek { id, game } => steps.push(step(
            "UPDATE seeks SET game_id = $2 WHERE id = $1 AND game_id IS NULL",
            Check::Version(id.clone()),
            vec![Box::new(id.clone()), Box::new(game.clone())],
        )),
        Op::RequestEvaluation { game, total, requested_ms } => steps.push(step(
            "INSERT INTO evaluation_jobs (game_id, total, requested_ms) VALUES ($1, $2, $3)
             ON CONFLICT (game_id) DO NOTHING",
            Check::Any,
            vec![Box::new(game.clone()), Box::new(ply_param(*total)), Box::new(*requested_ms)],
        )),
        Op::AddEvaluation { game, evaluation } => steps.push(step(
            "INSERT INTO evaluations (game_id, ply, score, best) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, ply) DO UPDATE SET score = excluded.score, best = excluded.best",
            Check::Changed,
            vec![
                Box::new(game.clone()),
                Box::new(ply_param(evaluation.ply)),
                Box::new(evaluation.score),
                Box::new(evaluation.best.clone()),
            ],
        )),
        Op::SetDrawOffer { game, seat } => steps.push(step(
            "UPDATE games SET draw_offer = $2 WHERE id = $1",
            Check::Changed,
            vec![Box::new(game.clone()), Box::new(seat.map(|p| p.to_string()))],
        )),
        Op::SetRematchOffer { game, seat } => steps.push(step(
            "UPDATE games SET rematch_offer = $2 WHERE id = $1",
            Check::Changed,
            vec![Box::new(game.clone()), Box::new(seat.map(|p| p.to_string()))],
        )),
        Op::SetRematch { game, rematch } => steps.push(step(
            "UPDATE games SET rematch_id = $2, rematch_offer = NULL WHERE id = $1 AND rematch_id IS NULL",
            Check::Changed,
            vec![Box::new(game.clone()), Box::new(rematch.clone())],
        )),
        Op::AddChat { game, seq, line } => steps.push(step(
            "INSERT INTO chat (game_id, seq, seat, body, sent_ms) VALUES ($1, $2, $3, $4, $5)",
            Check::Changed,
            vec![
                Box::new(game.clone()),
                Box::new(ply_param(*seq)),
                Box::new(line.seat.to_string()),
                Box::new(line.body.clone()),
                Box::new(line.sent_ms),
            ],
        )),
    }
}

fn set_to_move(game: &str, to_move: game::Player) -> Step {
    step(
        "UPDATE games SET to_move = $2 WHERE id = $1",
        Check::Changed,
        vec![Box::new(game.to_owned()), Box::new(to_move.to_string())],
    )
}
