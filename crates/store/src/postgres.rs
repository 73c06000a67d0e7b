//! The PostgreSQL backend: several server instances on one database.
//!
//! Writes run on a pool of connections; the requests that arrive while a
//! commit is in flight are committed together in one transaction
//! ([`crate::group_commit`]; `synchronous_commit` as the server has it, by
//! default on: a request is answered after its commit is durable); `BEGIN`
//! and every statement are sent at once (pipelined). Every change of a game bumps the game's
//! version in the same transaction ([`crate::Op::Bump`]) and sends `NOTIFY
//! spielwerk_games, '<id>:<version>'` on commit, which every instance
//! receives on a connection of its own ([`Shared::listen`]). Engine
//! replies are claimed with session advisory locks on a connection of
//! their own ([`Claims`]): when an instance dies, PostgreSQL ends its
//! session and the locks are free for the others.

use crate::StoreError;
use crate::backend::{Backend, BoxFuture, Query, Step};
use crate::error::BackendError;
use crate::group_commit::Committer;
use crate::migrations::{MIGRATIONS, SCHEMA_VERSION};
use crate::sql::{self, Dialect};
use crate::value::{Row, Value};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures_util::StreamExt;
use tokio::sync::{Mutex, mpsc};
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, Client, Config, NoTls};

/// The channel of game changes (see [`sql::NOTIFY`]).
const CHANNEL: &str = "spielwerk_games";
/// The channel of pairings (see [`sql::NOTIFY_PAIRED`]).
const LOBBY_CHANNEL: &str = "spielwerk_lobby";

/// Held while migrating, so that instances starting at once migrate one
/// after the other.
const MIGRATION_LOCK: i64 = 0x5370_6965_6c77;

/// Connections per server instance.
const POOL_SIZE: usize = 16;

/// The PostgreSQL database: a pool of connections for requests.
pub struct PgBackend {
    pool: Pool,
    committer: Committer,
}

/// What only a database shared by several server instances has: the
/// notices of changes made by the others, and the claims of engine
/// replies.
pub struct Shared {
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
    /// An account was paired into a game (by any instance): its lobby
    /// connections are told.
    Paired {
        /// The account.
        account_id: String,
        /// The new game.
        game: String,
        /// The account's seat, `p1` or `p2`.
        seat: String,
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
        StoreError::Backend(BackendError::new(format!(
            "cannot read the database URL {}: {e}",
            without_password(url)
        )))
    })
}

/// A connection of its own, driven on the runtime until it closes.
async fn connect(config: &Config) -> Result<Client, StoreError> {
    let (client, connection) = config.connect(NoTls).await?;
    tokio::spawn(async move {
        if let Err(error) = connection.await {
            tracing::warn!(%error, "database connection closed");
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
    transaction.batch_execute(sql::SCHEMA_VERSION_TABLE).await?;
    let found: Option<i32> = transaction.query_one(sql::SCHEMA_VERSION, &[]).await?.get(0);
    let found = found.map_or(0, |v| usize::try_from(v).unwrap_or(0));
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew { found, known: SCHEMA_VERSION });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(found) {
        transaction
            .batch_execute(&Dialect::Postgres.migration(migration.sql))
            .await
            .map_err(|e| migration.failed(e))?;
        transaction.execute(sql::RECORD_MIGRATION, &[&Value::from(index + 1)]).await?;
    }
    transaction.commit().await?;
    Ok(found)
}

/// Connects to the database at `url` and migrates it.
pub async fn open(url: &str) -> Result<(PgBackend, Shared), StoreError> {
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
        .map_err(|e| StoreError::Backend(BackendError::new(format!("no PostgreSQL pool: {e}"))))?;
    let claims = Claims { config: config.clone(), client: Mutex::new(None) };
    let committer = Committer::start(pool.clone());
    Ok((PgBackend { pool, committer }, Shared { config, claims }))
}

/// The parameters of a statement as the driver takes them.
fn params(values: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    values.iter().map(|value| value as &(dyn ToSql + Sync)).collect()
}

/// A row of the driver as a [`Row`].
fn row(row: &tokio_postgres::Row) -> Result<Row, StoreError> {
    (0..row.len())
        .map(|i| row.try_get::<_, Value>(i))
        .collect::<Result<Vec<_>, _>>()
        .map(Row)
        .map_err(|e| StoreError::Invalid(format!("a stored value cannot be read: {e}")))
}

/// How a transaction failed.
pub(crate) enum Failure {
    /// A check or a statement failed before `COMMIT`: rolled back, nothing
    /// was changed.
    RolledBack(StoreError),
    /// `COMMIT` failed: whether it took effect is unknown.
    CommitFailed(StoreError),
}

impl Failure {
    /// The error, whichever way it failed.
    pub(crate) fn into_error(self) -> StoreError {
        match self {
            Failure::RolledBack(error) | Failure::CommitFailed(error) => error,
        }
    }
}

/// Runs `steps` in one transaction on a connection of `pool`: `BEGIN` and
/// every statement are sent at once (pipelined), then the counts of
/// changed rows are checked and the transaction committed or rolled back:
/// two round trips, however many steps.
pub(crate) async fn transaction(pool: &Pool, steps: &[&Step]) -> Result<(), Failure> {
    let client = pool.get().await.map_err(|e| Failure::RolledBack(e.into()))?;
    let mut statements = Vec::with_capacity(steps.len());
    for step in steps {
        statements.push(client.prepare_cached(step.sql).await.map_err(|e| Failure::RolledBack(e.into()))?);
    }
    let runs = futures_util::future::join_all(steps.iter().zip(&statements).map(|(step, statement)| {
        let client = &client;
        async move { client.execute(statement, &params(&step.params)).await }
    }));
    let (begun, counts) = futures_util::join!(client.batch_execute("BEGIN"), runs);
    let checked = begun
        .map_err(StoreError::from)
        .and_then(|()| steps.iter().zip(counts).try_for_each(|(step, count)| step.check.verify(count?)));
    match checked {
        Ok(()) => client.batch_execute("COMMIT").await.map_err(|e| Failure::CommitFailed(e.into())),
        Err(error) => {
            let _ = client.batch_execute("ROLLBACK").await;
            Err(Failure::RolledBack(error))
        }
    }
}

impl Backend for PgBackend {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    /// Through the group committer ([`crate::group_commit`]): the
    /// requests arriving while a commit is in flight share the next one.
    fn write(&self, steps: Vec<Step>) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(self.committer.write(steps))
    }

    /// Several queries run in a read-only transaction whose statements are
    /// sent at once: one round trip.
    fn read(&self, queries: Vec<Query>) -> BoxFuture<'_, Result<Vec<Vec<Row>>, StoreError>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let mut statements = Vec::with_capacity(queries.len());
            for query in &queries {
                statements.push(client.prepare_cached(query.sql).await?);
            }
            let runs =
                futures_util::future::join_all(queries.iter().zip(&statements).map(|(query, statement)| {
                    let client = &client;
                    async move { client.query(statement, &params(&query.params)).await }
                }));
            let results = if queries.len() > 1 {
                let (begun, results, committed) = futures_util::join!(
                    client.batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
                    runs,
                    client.batch_execute("COMMIT"),
                );
                begun?;
                committed?;
                results
            } else {
                runs.await
            };
            results.into_iter().map(|rows| rows?.iter().map(row).collect::<Result<Vec<_>, _>>()).collect()
        })
    }
}

impl Shared {
    /// Listens for the changes of games on a connection of its own, and
    /// connects again (after a second) whenever it breaks, until the
    /// receiver is dropped.
    pub fn listen(&self) -> mpsc::UnboundedReceiver<Notice> {
        let (sender, receiver) = mpsc::unbounded_channel();
        let config = self.config.clone();
        tokio::spawn(async move {
            while !sender.is_closed() {
                if let Err(error) = listen_once(&config, &sender).await {
                    tracing::warn!(cause = %error.detail(), "listening for changes of games failed; trying again");
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
            let AsyncMessage::Notification(notification) = message else { continue };
            let notice = if notification.channel() == LOBBY_CHANNEL {
                let mut parts = notification.payload().split(' ').map(str::to_owned);
                match (parts.next(), parts.next(), parts.next()) {
                    (Some(account_id), Some(game), Some(seat)) => Notice::Paired { account_id, game, seat },
                    _ => continue,
                }
            } else {
                let Some((game, version)) = notification.payload().split_once(':') else { continue };
                let Ok(version) = version.parse() else { continue };
                Notice::Changed { game: game.to_owned(), version }
            };
            if forward.send(notice).is_err() {
                return;
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {LOBBY_CHANNEL}")).await?;
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
            tracing::warn!(game = %id, %error, "releasing the engine reply failed");
        }
    }
}
