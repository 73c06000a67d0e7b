//! Storage of Spielwerk's games, seats, moves, chat, evaluations, accounts,
//! ratings and seeks, in SQLite (the default: one file, one server) or
//! PostgreSQL (several server instances on one database).
//!
//! # One layer over two databases
//!
//! Everything above the `Backend` trait is written once: the
//! statements (module `sql`, with PostgreSQL's `$1` placeholders), the
//! migrations (`migrations/NNNN_name.sql`, found by the build script:
//! adding a migration is adding one file), which statements each [`Op`]
//! writes, and how rows become the domain's types. The trait has two
//! methods — run a request's statements in one transaction, run queries
//! in one snapshot — and two implementations, `sqlite` and `postgres`.
//! The dialects differ in a few lines marked `DIALECT` in `sql.rs`: SQLite's
//! placeholders are `?1`, PostgreSQL has no `WITHOUT ROWID`, and only a
//! shared PostgreSQL database notifies the other instances of a change
//! (`NOTIFY`) and claims engine replies (advisory locks, [`Shared`]).
//! Parameters and columns travel as one `Value` type that each
//! driver converts to the column's own type, so no statement needs a cast
//! per backend.
//!
//! # Why these drivers
//!
//! The drivers are `rusqlite` and `tokio-postgres` (with the `deadpool`
//! pool), both well kept. A crate that speaks both dialects (`sqlx`,
//! `diesel`) was weighed and not taken: the store's speed on both rests on
//! things those hide — SQLite's group commit (one writer thread commits
//! the requests that arrive together, each in a savepoint) and
//! PostgreSQL's group commit with pipelining (the requests that arrive
//! while a commit is in flight committed together, all their statements
//! sent at once: two round trips per group) — and their own statement texts would still differ per
//! backend where ours do (placeholders, notifications, advisory locks).
//!
//! # Guarantees
//!
//! Both backends have the same: a request's ops are applied in one
//! transaction, all or nothing, and [`Store::write`] returns only once
//! they are committed. Every change of a game carries an [`Op::Bump`] that
//! checks and counts the game's version, so that of two instances changing
//! one game at once exactly one succeeds. Errors are domain errors
//! ([`StoreError`], with an [`ErrorKind`]); a backend's own text is only in
//! [`StoreError::detail`], for the log.

mod backend;
mod error;
mod group_commit;
mod migrations;
mod op;
mod postgres;
mod read;
mod rows;
mod sql;
mod sqlite;
mod value;
mod write;

pub use error::{BackendError, ErrorKind, StoreError};
pub use migrations::{MIGRATIONS, Migration, SCHEMA_VERSION};
pub use op::Op;

/// The version of a game as [`Op::CreateGame`] stores it (every later
/// change counts one up, see [`Op::Bump`]).
pub const CREATED_VERSION: u64 = 1;
pub use postgres::{Claims, Notice, Shared};
pub use read::parse_player;
pub use rows::*;

use backend::{Backend, Query, query};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::PathBuf;
use value::{Row, Value};

/// Which database: a SQLite file, or a PostgreSQL server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite database file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://user@host/db`, or with
    /// `postgresql://`), or a key-value connection string.
    Postgres(String),
}

impl Database {
    /// Reads `--db`: a `postgres://` or `postgresql://` URL is PostgreSQL,
    /// anything else the path of a SQLite file.
    pub fn parse(text: &str) -> Database {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(text.to_owned())
        } else {
            Database::Sqlite(PathBuf::from(text))
        }
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Database {
        Database::Sqlite(path)
    }
}

impl From<&str> for Database {
    fn from(text: &str) -> Database {
        Database::parse(text)
    }
}

impl fmt::Display for Database {
    /// The file's path, or the URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&postgres::without_password(url)),
        }
    }
}

/// The database, either backend: its reads (it derefs to [`Reads`]) and
/// [`Store::write`].
pub struct Store {
    reads: Reads,
    shared: Option<Shared>,
}

/// The reads of the database: every query, and no write. Whoever may only
/// read gets a `&Reads`; [`Store`] derefs to it.
pub struct Reads {
    backend: Box<dyn Backend>,
}

impl std::ops::Deref for Store {
    type Target = Reads;

    fn deref(&self) -> &Reads {
        &self.reads
    }
}

impl Store {
    /// Opens (creating if needed) and migrates the database.
    pub async fn open(db: &Database) -> Result<Store, StoreError> {
        Ok(match db {
            Database::Sqlite(path) => {
                let backend = Box::new(sqlite::SqliteBackend::open(path)?);
                Store { reads: Reads { backend }, shared: None }
            }
            Database::Postgres(url) => {
                let (backend, shared) = postgres::open(url).await?;
                Store { reads: Reads { backend: Box::new(backend) }, shared: Some(shared) }
            }
        })
    }

    /// Brings the database to [`SCHEMA_VERSION`] and returns the version it
    /// had before.
    pub async fn migrate(db: &Database) -> Result<usize, StoreError> {
        match db {
            Database::Sqlite(path) => sqlite::migrate_file(path),
            Database::Postgres(url) => postgres::migrate_url(url).await,
        }
    }

    /// What a database shared by several server instances has (PostgreSQL).
    pub fn shared(&self) -> Option<&Shared> {
        self.shared.as_ref()
    }

    /// Applies `ops` in one transaction; returns once they are committed.
    /// On any error nothing was changed.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let mut steps = Vec::new();
        for op in &ops {
            write::steps_of(op, self.shared.is_some(), &mut steps);
        }
        self.reads.backend.write(steps).await
    }
}

impl Reads {
    /// The backend's name: `sqlite` or `postgres`.
    pub fn backend(&self) -> &'static str {
        match self.backend.dialect() {
            sql::Dialect::Sqlite => "sqlite",
            sql::Dialect::Postgres => "postgres",
        }
    }

    /// The rows of one query.
    async fn rows(&self, sql: &'static str, params: Vec<Value>) -> Result<Vec<Row>, StoreError> {
        Ok(self.backend.read(vec![query(sql, params)]).await?.pop().unwrap_or_default())
    }

    /// The rows of several queries, read in one snapshot.
    async fn snapshot<const N: usize>(&self, queries: [Query; N]) -> Result<[Vec<Row>; N], StoreError> {
        let results = self.backend.read(queries.into()).await?;
        results.try_into().map_err(|_| StoreError::Invalid("a read lost some of its queries".into()))
    }

    /// The first column of each row, as a text.
    async fn texts(&self, sql: &'static str, params: Vec<Value>) -> Result<Vec<String>, StoreError> {
        self.rows(sql, params).await?.iter().map(|row| row.text(0)).collect()
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.rows(sql::PING, Vec::new()).await.map(drop)
    }

    /// The seats of each of the games `ids`, in their order.
    async fn seats_of(&self, ids: &[&str]) -> Result<Vec<Vec<SeatRow>>, StoreError> {
        let seats =
            self.backend.read(ids.iter().map(|&id| query(sql::SEATS, vec![id.into()])).collect()).await?;
        ids.iter().zip(seats).map(|(id, rows)| rows.iter().map(|r| read::seat_row(r, id)).collect()).collect()
    }

    /// Every game that is not over.
    pub async fn load_running(&self) -> Result<Vec<StoredGame>, StoreError> {
        let mut games = Vec::new();
        for id in self.texts(sql::RUNNING_GAMES, Vec::new()).await? {
            games.extend(self.load_game(&id).await?);
        }
        Ok(games)
    }

    /// The game `id`, if stored, read in one snapshot.
    pub async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let by_id = || vec![Value::from(id)];
        let [game, seats, moves, chat, people, spectator_chat, tournament, league] = self
            .snapshot([
                query(sql::GAME, by_id()),
                query(sql::SEATS, by_id()),
                query(sql::MOVES, by_id()),
                query(sql::CHAT, by_id()),
                query(sql::PEOPLE, by_id()),
                query(sql::SPECTATOR_CHAT, by_id()),
                query(sql::GAME_TOURNAMENT, by_id()),
                query(sql::GAME_LEAGUE, by_id()),
            ])
            .await?;
        let Some(row) = game.first() else {
            return Ok(None);
        };
        Ok(Some(StoredGame {
            row: read::game_row(row)?,
            seats: seats.iter().map(|r| read::seat_row(r, id)).collect::<Result<_, _>>()?,
            moves: moves.iter().map(read::move_row).collect::<Result<_, _>>()?,
            chat: chat.iter().map(|r| read::chat_row(r, id)).collect::<Result<_, _>>()?,
            people: people.first().map(|r| read::people_state(r, id)).transpose()?,
            spectator_chat: spectator_chat.iter().map(read::spectator_chat_row).collect::<Result<_, _>>()?,
            spectator_chat_from: spectator_chat.first().map_or(Ok(0), |row| row.int_as(4))?,
            tournament: tournament.first().map(|row| row.text(0)).transpose()?,
            tournament_kind: tournament.first().map(|row| row.text(1)).transpose()?,
            league: league
                .first()
                .map(|row| Ok::<_, StoreError>(GameLeagueRow { game: row.text(0)?, season: row.int_as(1)? }))
                .transpose()?,
        }))
    }

    /// The stored version of the game `id`, if stored.
    pub async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        self.rows(sql::VERSION, vec![id.into()]).await?.first().map(|row| row.int_as(0)).transpose()
    }

    /// The running engine games whose engine is to move since before
    /// `before_ms` (ms since the epoch): replies that nobody may be
    /// computing (at most 100).
    pub async fn stalled_engine_games(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        self.texts(sql::STALLED_ENGINE_GAMES, vec![before_ms.into()]).await
    }

    /// The running games (not imported records) that `filter` lets
    /// through, from `offset` on, at most `limit` of them, the latest move
    /// first.
    pub async fn lobby(
        &self,
        filter: LobbyFilter,
        offset: usize,
        limit: usize,
    ) -> Result<LobbyPage, StoreError> {
        let (account, ids, fresh_since, engine_since) = match filter {
            LobbyFilter::All => (Value::Null, Value::Null, Value::Null, Value::Null),
            LobbyFilter::Started { fresh_since_ms, guest_engine_since_ms } => {
                (Value::Null, Value::Null, fresh_since_ms.into(), guest_engine_since_ms.into())
            }
            LobbyFilter::Account(id) => (id.into(), Value::Null, Value::Null, Value::Null),
            // The ids as the keys of a JSON object, which both backends'
            // `json_each` list.
            LobbyFilter::Ids(ids) => {
                let keys: serde_json::Map<String, serde_json::Value> =
                    ids.into_iter().map(|id| (id, serde_json::Value::Null)).collect();
                let ids = serde_json::Value::Object(keys).to_string().into();
                (Value::Null, ids, Value::Null, Value::Null)
            }
        };
        let [count, page] = self
            .snapshot([
                query(
                    sql::LOBBY_COUNT,
                    vec![account.clone(), ids.clone(), fresh_since.clone(), engine_since.clone()],
                ),
                query(
                    sql::LOBBY_PAGE,
                    vec![account, ids, fresh_since, engine_since, limit.into(), offset.into()],
                ),
            ])
            .await?;
        let total = count.first().map_or(Ok(0), |row| row.int_as(0))?;
        let mut games = page.iter().map(read::lobby_row).collect::<Result<Vec<_>, _>>()?;
        let seats = self.seats_of(&games.iter().map(|game| game.id.as_str()).collect::<Vec<_>>()).await?;
        for (game, seats) in games.iter_mut().zip(seats) {
            game.seats = seats;
        }
        Ok(LobbyPage { games, total })
    }

    /// The names of at most `limit` accounts whose name starts with
    /// `prefix`, compared case-insensitively, in alphabetical order.
    pub async fn names_by_prefix(&self, prefix: &str, limit: usize) -> Result<Vec<String>, StoreError> {
        let key = prefix.to_ascii_lowercase();
        let rows = self.rows(sql::NAMES_BY_PREFIX, vec![key.into(), limit.into()]).await?;
        rows.iter().map(|row| row.text(0)).collect()
    }

    /// The account named `name`, compared case-insensitively.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let key = name.to_ascii_lowercase();
        self.rows(sql::ACCOUNT_BY_NAME, vec![key.into()]).await?.first().map(read::account_row).transpose()
    }

    /// The account (id, name) of the session whose id hashes to `id_hash`,
    /// if it has not ended by `now_ms`.
    pub async fn session(&self, id_hash: &str, now_ms: i64) -> Result<Option<(String, String)>, StoreError> {
        let rows = self.rows(sql::SESSION, vec![id_hash.into(), now_ms.into()]).await?;
        rows.first().map(|row| Ok((row.text(0)?, row.text(1)?))).transpose()
    }

    /// What an account's owner looks after: its password and recovery
    /// code hashes, whether it is closed, its settings; `None` for an
    /// unknown account.
    pub async fn account_care(&self, account_id: &str) -> Result<Option<AccountCare>, StoreError> {
        let rows = self.rows(sql::ACCOUNT_CARE, vec![account_id.into()]).await?;
        rows.first()
            .map(|row| {
                Ok(AccountCare {
                    password_hash: row.text(0)?,
                    recovery_hash: row.opt_text(1)?,
                    closed_ms: row.opt_int(2)?,
                    settings: row.opt_text(3)?,
                })
            })
            .transpose()
    }

    /// The account and scopes of the API token whose secret hashes to
    /// `secret_hash`.
    pub async fn token_account(&self, secret_hash: &str) -> Result<Option<TokenAccount>, StoreError> {
        let rows = self.rows(sql::API_TOKEN_ACCOUNT, vec![secret_hash.into()]).await?;
        rows.first()
            .map(|row| Ok(TokenAccount { id: row.text(0)?, name: row.text(1)?, scopes: row.text(2)? }))
            .transpose()
    }

    /// The API tokens of an account, oldest first.
    pub async fn api_tokens(&self, account_id: &str) -> Result<Vec<ApiTokenInfo>, StoreError> {
        let rows = self.rows(sql::API_TOKENS, vec![account_id.into()]).await?;
        rows.iter()
            .map(|row| {
                Ok(ApiTokenInfo {
                    id: row.text(0)?,
                    description: row.text(1)?,
                    scopes: row.text(2)?,
                    created_ms: row.int(3)?,
                })
            })
            .collect()
    }

    /// Whether an account is a bot, and whether it has played (a seat of a
    /// game is bound to it); `None` for an unknown account.
    pub async fn account_bot(&self, account_id: &str) -> Result<Option<(bool, bool)>, StoreError> {
        let rows = self.rows(sql::ACCOUNT_BOT, vec![account_id.into()]).await?;
        rows.first().map(|row| Ok((row.bool(0)?, row.bool(1)?))).transpose()
    }

    /// The ratings of an account, of every game it has one of.
    pub async fn ratings(&self, account_id: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = self.rows(sql::RATINGS, vec![account_id.into()]).await?;
        rows.iter().map(|row| read::rating_row(row, account_id)).collect()
    }

    /// The steps of `game`'s lesson that an account has finished, each
    /// with the best stars earned on it (0: finished before stars were
    /// kept), in the order it finished them.
    pub async fn lesson_progress(
        &self,
        account_id: &str,
        game: &str,
    ) -> Result<Vec<(String, u8)>, StoreError> {
        let rows = self.rows(sql::LESSON_PROGRESS, vec![account_id.into(), game.into()]).await?;
        rows.iter().map(|row| Ok((row.text(0)?, row.int_as(1)?))).collect()
    }

    /// The steps of every game's lesson that an account has finished, by
    /// game, each with the best stars earned on it (as
    /// [`Reads::lesson_progress`] gives them for one game), read at once;
    /// a game with none finished is left out.
    pub async fn lesson_stars(
        &self,
        account_id: &str,
    ) -> Result<BTreeMap<String, Vec<(String, u8)>>, StoreError> {
        let rows = self.rows(sql::LESSON_STARS, vec![account_id.into()]).await?;
        let mut games: BTreeMap<String, Vec<(String, u8)>> = BTreeMap::new();
        for row in &rows {
            games.entry(row.text(0)?).or_default().push((row.text(1)?, row.int_as(2)?));
        }
        Ok(games)
    }

    /// The stored ratings of `game`'s puzzles (those attempted by an
    /// account at least once).
    pub async fn puzzle_ratings(&self, game: &str) -> Result<Vec<PuzzleRatingRow>, StoreError> {
        let rows = self.rows(sql::PUZZLE_RATINGS, vec![game.into()]).await?;
        rows.iter().map(read::puzzle_rating_row).collect()
    }

    /// An account's puzzle rating of `game` (`games`: its rated attempts),
    /// if it attempted a puzzle of it, and the puzzles of `game` it
    /// attempted with whether it solved each, read in one snapshot.
    pub async fn puzzle_player(
        &self,
        account_id: &str,
        game: &str,
    ) -> Result<(Option<RatingRow>, Vec<(String, bool)>), StoreError> {
        let params = || vec![account_id.into(), game.into()];
        let [rating, attempts] = self
            .snapshot([query(sql::PUZZLE_PLAYER_RATING, params()), query(sql::PUZZLE_ATTEMPTS, params())])
            .await?;
        let rating = rating.first().map(|row| read::rating_row(row, account_id)).transpose()?;
        let attempts =
            attempts.iter().map(|row| Ok((row.text(0)?, row.bool(1)?))).collect::<Result<_, StoreError>>()?;
        Ok((rating, attempts))
    }

    /// The puzzle of `game` served last to an account, and when (ms since
    /// the epoch), if any.
    pub async fn puzzle_serving(
        &self,
        account_id: &str,
        game: &str,
    ) -> Result<Option<(String, i64)>, StoreError> {
        let rows = self.rows(sql::PUZZLE_SERVING, vec![account_id.into(), game.into()]).await?;
        rows.first().map(|row| Ok((row.text(0)?, row.int(1)?))).transpose()
    }

    /// The rating of an account in a game, if it has played it rated.
    pub async fn rating(&self, account_id: &str, game: &str) -> Result<Option<RatingRow>, StoreError> {
        Ok(self.ratings(account_id).await?.into_iter().find(|row| row.game == game))
    }

    /// The rating history of an account: its rating after each of its
    /// latest `limit` rated games, oldest first.
    pub async fn rating_history(
        &self,
        account_id: &str,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let rows = self.rows(sql::RATING_HISTORY, vec![account_id.into(), limit.into()]).await?;
        let mut points = rows.iter().map(read::rating_point_row).collect::<Result<Vec<_>, _>>()?;
        points.reverse();
        Ok(points)
    }

    /// The games of an account that `query` asks for, the latest first,
    /// and how many there are in all.
    pub async fn profile_games(
        &self,
        account_id: &str,
        query: ProfileQuery,
    ) -> Result<(Vec<ProfileGameRow>, usize), StoreError> {
        let filter = || {
            vec![
                account_id.into(),
                query.game.clone().into(),
                query.result.clone().into(),
                query.with_aborted.into(),
            ]
        };
        let mut page = filter();
        page.extend([query.limit.into(), query.offset.into()]);
        let [count, games] = self
            .snapshot([backend::query(sql::PROFILE_COUNT, filter()), backend::query(sql::PROFILE_PAGE, page)])
            .await?;
        let total = count.first().map_or(Ok(0), |row| row.int_as(0))?;
        Ok((games.iter().map(read::profile_game_row).collect::<Result<_, _>>()?, total))
    }

    /// The games between people of account `account_id` that run, and
    /// those over that were made since `since_ms`, at most `limit` of each,
    /// the latest move first: one statement, what a bot's event stream
    /// looks at.
    pub async fn event_games(
        &self,
        account_id: &str,
        since_ms: i64,
        limit: usize,
    ) -> Result<Vec<EventGameRow>, StoreError> {
        let rows =
            self.rows(sql::EVENT_GAMES, vec![account_id.into(), since_ms.into(), limit.into()]).await?;
        rows.iter().map(|row| Ok(EventGameRow { id: row.text(0)?, running: row.bool(1)? })).collect()
    }

    /// The challenge `id`, whatever its status.
    pub async fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let rows = self.rows(sql::CHALLENGES, vec![id.into(), Value::Null, 0_i64.into()]).await?;
        rows.first().map(read::challenge_row).transpose()
    }

    /// The challenges account `account_id` made or received since
    /// `since_ms`, the oldest first.
    pub async fn challenges_of(
        &self,
        account_id: &str,
        since_ms: i64,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let params = vec![Value::Null, account_id.into(), since_ms.into()];
        self.rows(sql::CHALLENGES, params).await?.iter().map(read::challenge_row).collect()
    }

    /// The names of the accounts that account `account_id` mutes in its
    /// chats, by name.
    pub async fn muted(&self, account_id: &str) -> Result<Vec<String>, StoreError> {
        self.texts(sql::MUTED, vec![account_id.into()]).await
    }

    /// The seek `id` if given, else the open seeks made since `since_ms`
    /// whose owner has a session at `now_ms` (and, see
    /// [`Reads::open_seeks`], a lobby connection).
    async fn seeks(
        &self,
        id: Option<&str>,
        since_ms: i64,
        now_ms: i64,
        present_since_ms: i64,
    ) -> Result<Vec<SeekRow>, StoreError> {
        let params = vec![id.into(), since_ms.into(), now_ms.into(), present_since_ms.into()];
        let rows = self.rows(sql::SEEKS, params).await?;
        rows.iter().map(read::seek_row).collect()
    }

    /// The open seeks made since `since_ms` whose owner has a session at
    /// `now_ms` and — unless it is a correspondence seek or was made since
    /// `present_since_ms` — a live lobby connection, the oldest first.
    pub async fn open_seeks(
        &self,
        since_ms: i64,
        now_ms: i64,
        present_since_ms: i64,
    ) -> Result<Vec<SeekRow>, StoreError> {
        self.seeks(None, since_ms, now_ms, present_since_ms).await
    }

    /// The seek `id`, open or accepted.
    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, StoreError> {
        Ok(self.seeks(Some(id), 0, 0, 0).await?.into_iter().next())
    }

    /// The pool entries of accounts that joined since `joined_since_ms` or
    /// have a live lobby connection at `now_ms`, the longest waiting first.
    pub async fn pool_entries(&self, joined_since_ms: i64, now_ms: i64) -> Result<Vec<PoolRow>, StoreError> {
        let rows = self.rows(sql::POOL_ENTRIES, vec![joined_since_ms.into(), now_ms.into()]).await?;
        rows.iter().map(read::pool_row).collect()
    }

    /// The running games between people that are abandoned: a seat never
    /// taken since before `unjoined_before_ms`, or no move since the game
    /// was made before `unmoved_before_ms` (at most 100).
    pub async fn abandoned_games(
        &self,
        unjoined_before_ms: i64,
        unmoved_before_ms: i64,
    ) -> Result<Vec<String>, StoreError> {
        self.texts(sql::ABANDONED, vec![unjoined_before_ms.into(), unmoved_before_ms.into()]).await
    }

    /// The running games whose side to move ran out of time by `now_ms`
    /// (at most 100, the earliest first), and the earliest deadline after
    /// `now_ms`, if any: read in one snapshot.
    pub async fn deadlines(&self, now_ms: i64) -> Result<(Vec<String>, Option<i64>), StoreError> {
        let [due, next] = self
            .snapshot([
                query(sql::DUE_DEADLINES, vec![now_ms.into()]),
                query(sql::NEXT_DEADLINE, vec![now_ms.into()]),
            ])
            .await?;
        let due = due.iter().map(|row| row.text(0)).collect::<Result<_, _>>()?;
        let next = next.first().map(|row| row.opt_int(0)).transpose()?.flatten();
        Ok((due, next))
    }

    /// The running games between people, every seat taken, in which the
    /// account `account_id` is to move: the earliest deadline first (games
    /// without one last), then the latest move first (at most 100).
    pub async fn your_turn(&self, account_id: &str) -> Result<Vec<TurnRow>, StoreError> {
        self.rows(sql::YOUR_TURN, vec![account_id.into()]).await?.iter().map(read::turn_row).collect()
    }

    /// The finished games (not imported records) `query` asks for, the
    /// latest first, with their seats, and how many there are in all.
    pub async fn search_games(&self, search: SearchQuery) -> Result<(Vec<FoundGame>, usize), StoreError> {
        let mut page = vec![
            search.account_id.into(),
            search.game.into(),
            search.result.into(),
            search.rated.into(),
            search.from_ms.into(),
            search.to_ms.into(),
            search.with_aborted.into(),
        ];
        let filter = page.clone();
        page.extend([search.limit.into(), search.offset.into()]);
        let [count, found] =
            self.snapshot([query(sql::SEARCH_COUNT, filter), query(sql::SEARCH_PAGE, page)]).await?;
        let total = count.first().map_or(Ok(0), |row| row.int_as(0))?;
        let mut games = found.iter().map(read::found_game).collect::<Result<Vec<_>, _>>()?;
        let seats = self.seats_of(&games.iter().map(|game| game.id.as_str()).collect::<Vec<_>>()).await?;
        for (game, seats) in games.iter_mut().zip(seats) {
            game.seats = seats;
        }
        Ok((games, total))
    }

    /// The evaluation of the game `id`, if one was requested.
    pub async fn evaluation(&self, id: &str) -> Result<Option<GameEvaluation>, StoreError> {
        let [job, plies] = self
            .snapshot([query(sql::EVALUATION_JOB, vec![id.into()]), query(sql::EVALUATIONS, vec![id.into()])])
            .await?;
        let Some(job) = job.first() else {
            return Ok(None);
        };
        let plies = plies.iter().map(read::evaluation_row).collect::<Result<_, _>>()?;
        Ok(Some(GameEvaluation { total: job.int_as(0)?, plies }))
    }

    /// The games whose requested evaluation is not complete, with who
    /// asked and how many positions are left, oldest request first.
    pub async fn unfinished_evaluations(&self) -> Result<Vec<UnfinishedEvaluation>, StoreError> {
        self.rows(sql::UNFINISHED_EVALUATIONS, Vec::new())
            .await?
            .iter()
            .map(read::unfinished_evaluation_row)
            .collect()
    }

    /// The tournaments, the latest start first (at most 200).
    pub async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        self.rows(sql::TOURNAMENTS, vec![Value::Null]).await?.iter().map(read::tournament_row).collect()
    }

    /// The bot accounts by name (at most 200), with whether each is
    /// connected at `now_ms` and its ratings: two queries in one snapshot,
    /// however many bots there are.
    pub async fn bots(&self, now_ms: i64) -> Result<Vec<BotRow>, StoreError> {
        let [bots, ratings] = self
            .snapshot([query(sql::BOTS, vec![now_ms.into()]), query(sql::BOT_RATINGS, Vec::new())])
            .await?;
        let mut bots = bots.iter().map(read::bot_row).collect::<Result<Vec<_>, _>>()?;
        let mut by_account: HashMap<String, Vec<RatingRow>> = HashMap::new();
        for row in &ratings {
            let account_id = row.text(5)?;
            let rating = read::rating_row(row, &account_id)?;
            by_account.entry(account_id).or_default().push(rating);
        }
        for bot in &mut bots {
            bot.ratings = by_account.remove(&bot.id).unwrap_or_default();
        }
        Ok(bots)
    }

    /// The tournaments account `account_id` joined, the latest start first
    /// (at most `limit`), each with its players, games and rounds but
    /// without its chat: four queries in one snapshot, however many
    /// tournaments.
    pub async fn joined_tournaments(
        &self,
        account_id: &str,
        limit: usize,
    ) -> Result<Vec<StoredTournament>, StoreError> {
        let params = || vec![Value::from(account_id), limit.into()];
        let [rows, players, games, rounds] = self
            .snapshot([
                query(sql::JOINED_TOURNAMENTS, params()),
                query(sql::JOINED_TOURNAMENT_PLAYERS, params()),
                query(sql::JOINED_TOURNAMENT_GAMES, params()),
                query(sql::JOINED_TOURNAMENT_ROUNDS, params()),
            ])
            .await?;
        let mut joined = rows
            .iter()
            .map(|row| {
                let row = read::tournament_row(row)?;
                let stored = StoredTournament {
                    row,
                    players: Vec::new(),
                    games: Vec::new(),
                    chat: Vec::new(),
                    rounds: Vec::new(),
                };
                Ok((stored.row.id.clone(), stored))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let position: HashMap<String, usize> =
            joined.iter().enumerate().map(|(i, (id, _))| (id.clone(), i)).collect();
        // Each statement's last column is the tournament's id (sql.rs's column macros keep it last).
        let of =
            |row: &Row| -> Result<Option<usize>, StoreError> { Ok(position.get(&row.last_text()?).copied()) };
        for row in &players {
            if let Some(i) = of(row)? {
                joined[i].1.players.push(read::tournament_player_row(row)?);
            }
        }
        for row in &games {
            if let Some(i) = of(row)? {
                joined[i].1.games.push(read::tournament_game_row(row)?);
            }
        }
        for row in &rounds {
            if let Some(i) = of(row)? {
                joined[i].1.rounds.push(read::tournament_round_row(row)?);
            }
        }
        Ok(joined.into_iter().map(|(_, stored)| stored).collect())
    }

    /// The ids of the tournaments not finished, the earliest start first.
    pub async fn active_tournaments(&self) -> Result<Vec<String>, StoreError> {
        self.texts(sql::ACTIVE_TOURNAMENTS, Vec::new()).await
    }

    /// The tournament `id` with its players, games and rounds, read in one
    /// snapshot; `None` when there is none.
    pub async fn tournament(&self, id: &str) -> Result<Option<StoredTournament>, StoreError> {
        let by_id = || vec![Value::from(id)];
        let [row, players, games, chat, rounds] = self
            .snapshot([
                query(sql::TOURNAMENTS, by_id()),
                query(sql::TOURNAMENT_PLAYERS, by_id()),
                query(sql::TOURNAMENT_GAMES, by_id()),
                query(sql::TOURNAMENT_CHAT, vec![id.into(), TOURNAMENT_CHAT_SHOWN.into()]),
                query(sql::TOURNAMENT_ROUNDS, by_id()),
            ])
            .await?;
        let Some(row) = row.first() else {
            return Ok(None);
        };
        Ok(Some(StoredTournament {
            row: read::tournament_row(row)?,
            players: players.iter().map(read::tournament_player_row).collect::<Result<_, _>>()?,
            games: games.iter().map(read::tournament_game_row).collect::<Result<_, _>>()?,
            chat: chat.iter().rev().map(read::tournament_chat_row).collect::<Result<_, _>>()?,
            rounds: rounds.iter().map(read::tournament_round_row).collect::<Result<_, _>>()?,
        }))
    }

    /// The seasons of every league (`game`: only its league), by game and
    /// then season, each with its number of members.
    pub async fn league_seasons(&self, game: Option<&str>) -> Result<Vec<LeagueSeasonRow>, StoreError> {
        self.rows(sql::LEAGUE_SEASONS, vec![game.into()]).await?.iter().map(read::league_season_row).collect()
    }

    /// Season `season` of the league of `game` with its members and games,
    /// read in one snapshot; `None` when there is none.
    pub async fn league_season(
        &self,
        game: &str,
        season: u32,
    ) -> Result<Option<StoredLeagueSeason>, StoreError> {
        let key = || vec![Value::from(game), season.into()];
        let [seasons, members, games] = self
            .snapshot([
                query(sql::LEAGUE_SEASONS, vec![game.into()]),
                query(sql::LEAGUE_MEMBERS, key()),
                query(sql::LEAGUE_GAMES, key()),
            ])
            .await?;
        let seasons = seasons.iter().map(read::league_season_row).collect::<Result<Vec<_>, _>>()?;
        let Some(row) = seasons.into_iter().find(|row| row.season == season) else {
            return Ok(None);
        };
        Ok(Some(StoredLeagueSeason {
            row,
            members: members.iter().map(read::league_member_row).collect::<Result<_, _>>()?,
            games: games.iter().map(read::league_game_row).collect::<Result<_, _>>()?,
        }))
    }
}
