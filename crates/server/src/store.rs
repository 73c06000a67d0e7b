//! Storage of games, seats and moves, in SQLite (the default: one file,
//! one server) or PostgreSQL (several server instances on one database).
//!
//! Both backends have the same guarantees: a request's ops are applied in
//! one transaction, all or nothing, and [`Store::write`] returns only once
//! they are committed. Every change of a game carries an [`Op::Bump`] that
//! checks and counts the game's version, so that of two instances changing
//! one game at once exactly one succeeds. The schema of both backends comes
//! from one list of migrations, [`MIGRATIONS`].

mod postgres;
mod sqlite;

use game::Player;
use std::fmt;
use std::path::PathBuf;
use thiserror::Error;

pub use postgres::{Claims, Notice, PgStore};

/// One migration, written for each backend.
pub struct Migration {
    /// The SQLite statements.
    pub sqlite: &'static str,
    /// The PostgreSQL statements.
    pub postgres: &'static str,
}

/// The schema, one migration per version: the database's version is the
/// number of migrations applied, recorded in `schema_version`.
pub const MIGRATIONS: &[Migration] = &[
    // 1: games, their seats and their moves.
    Migration {
        sqlite: "CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            setup TEXT,
            kind TEXT NOT NULL,
            level INTEGER,
            created_ms INTEGER NOT NULL,
            result TEXT,
            reason TEXT,
            draw_offer TEXT
        );
        CREATE TABLE seats (
            game_id TEXT NOT NULL REFERENCES games(id),
            seat TEXT NOT NULL,
            engine INTEGER NOT NULL,
            token_hash TEXT,
            invite_hash TEXT,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID;
        CREATE TABLE moves (
            game_id TEXT NOT NULL REFERENCES games(id),
            ply INTEGER NOT NULL,
            mv TEXT NOT NULL,
            played_ms INTEGER NOT NULL,
            PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID;",
        postgres: "CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            setup TEXT,
            kind TEXT NOT NULL,
            level INTEGER,
            created_ms BIGINT NOT NULL,
            result TEXT,
            reason TEXT,
            draw_offer TEXT
        );
        CREATE TABLE seats (
            game_id TEXT NOT NULL REFERENCES games(id),
            seat TEXT NOT NULL,
            engine BOOLEAN NOT NULL,
            token_hash TEXT,
            invite_hash TEXT,
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE moves (
            game_id TEXT NOT NULL REFERENCES games(id),
            ply INTEGER NOT NULL,
            mv TEXT NOT NULL,
            played_ms BIGINT NOT NULL,
            PRIMARY KEY (game_id, ply)
        );",
    },
    // 2: clocks of human games, and an index for finding running games.
    Migration {
        sqlite: "ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
        ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;
        ALTER TABLE moves ADD COLUMN remaining_ms INTEGER;
        CREATE INDEX games_running ON games(id) WHERE result IS NULL;",
        postgres: "ALTER TABLE games ADD COLUMN clock_initial_ms BIGINT;
        ALTER TABLE games ADD COLUMN clock_increment_ms BIGINT;
        ALTER TABLE moves ADD COLUMN remaining_ms BIGINT;
        CREATE INDEX games_running ON games(id) WHERE result IS NULL;",
    },
    // 3: the lobby's order and side to move, kept with every move.
    Migration {
        sqlite: "ALTER TABLE games ADD COLUMN updated_ms INTEGER;
        ALTER TABLE games ADD COLUMN to_move TEXT;
        UPDATE games SET updated_ms =
            COALESCE((SELECT MAX(played_ms) FROM moves WHERE moves.game_id = games.id), created_ms);
        CREATE INDEX games_lobby ON games(updated_ms) WHERE result IS NULL AND kind <> 'record';",
        postgres: "ALTER TABLE games ADD COLUMN updated_ms BIGINT;
        ALTER TABLE games ADD COLUMN to_move TEXT;
        UPDATE games SET updated_ms =
            COALESCE((SELECT MAX(played_ms) FROM moves WHERE moves.game_id = games.id), created_ms);
        CREATE INDEX games_lobby ON games(updated_ms) WHERE result IS NULL AND kind <> 'record';",
    },
    // 4: the version of every game, checked and counted by every change.
    Migration {
        sqlite: "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;",
        postgres: "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;",
    },
    // 5: imported records' tags, rematches, and the chat between the players.
    Migration {
        sqlite: "ALTER TABLE games ADD COLUMN tags TEXT;
        ALTER TABLE games ADD COLUMN rematch_offer TEXT;
        ALTER TABLE games ADD COLUMN rematch_id TEXT;
        CREATE TABLE chat (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            seat TEXT NOT NULL,
            body TEXT NOT NULL,
            sent_ms INTEGER NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;",
        postgres: "ALTER TABLE games ADD COLUMN tags TEXT;
        ALTER TABLE games ADD COLUMN rematch_offer TEXT;
        ALTER TABLE games ADD COLUMN rematch_id TEXT;
        CREATE TABLE chat (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            seat TEXT NOT NULL,
            body TEXT NOT NULL,
            sent_ms BIGINT NOT NULL,
            PRIMARY KEY (game_id, seq)
        );",
    },
    // 6: evaluation graphs: a requested evaluation of a whole game, and the
    // engine's score and best move at each of its plies.
    Migration {
        sqlite: "CREATE TABLE evaluation_jobs (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            total INTEGER NOT NULL,
            requested_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE evaluations (
            game_id TEXT NOT NULL REFERENCES games(id),
            ply INTEGER NOT NULL,
            score INTEGER NOT NULL,
            best TEXT,
            PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID;",
        postgres: "CREATE TABLE evaluation_jobs (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            total INTEGER NOT NULL,
            requested_ms BIGINT NOT NULL
        );
        CREATE TABLE evaluations (
            game_id TEXT NOT NULL REFERENCES games(id),
            ply INTEGER NOT NULL,
            score INTEGER NOT NULL,
            best TEXT,
            PRIMARY KEY (game_id, ply)
        );",
    },
    // 7: accounts, their sessions and Glicko-2 ratings per game, seats
    // bound to accounts (with the rating before and after a rated game),
    // rated games, and seeks.
    Migration {
        sqlite: "CREATE TABLE accounts (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_ms INTEGER NOT NULL
        );
        CREATE TABLE sessions (
            id_hash TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id),
            expires_ms INTEGER NOT NULL
        );
        CREATE INDEX sessions_account ON sessions(account_id);
        CREATE TABLE ratings (
            account_id TEXT NOT NULL REFERENCES accounts(id),
            game TEXT NOT NULL,
            rating REAL NOT NULL,
            deviation REAL NOT NULL,
            volatility REAL NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (account_id, game)
        );
        CREATE TABLE seeks (
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id),
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            clock_initial_ms INTEGER,
            clock_increment_ms INTEGER,
            rated INTEGER NOT NULL,
            side TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            game_id TEXT
        );
        ALTER TABLE seats ADD COLUMN account_id TEXT REFERENCES accounts(id);
        ALTER TABLE seats ADD COLUMN rating_before REAL;
        ALTER TABLE seats ADD COLUMN rating_after REAL;
        ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX seats_account ON seats(account_id) WHERE account_id IS NOT NULL;",
        postgres: "CREATE TABLE accounts (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_ms BIGINT NOT NULL
        );
        CREATE TABLE sessions (
            id_hash TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id),
            expires_ms BIGINT NOT NULL
        );
        CREATE INDEX sessions_account ON sessions(account_id);
        CREATE TABLE ratings (
            account_id TEXT NOT NULL REFERENCES accounts(id),
            game TEXT NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            deviation DOUBLE PRECISION NOT NULL,
            volatility DOUBLE PRECISION NOT NULL,
            games BIGINT NOT NULL,
            PRIMARY KEY (account_id, game)
        );
        CREATE TABLE seeks (
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id),
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            clock_initial_ms BIGINT,
            clock_increment_ms BIGINT,
            rated BOOLEAN NOT NULL,
            side TEXT NOT NULL,
            created_ms BIGINT NOT NULL,
            game_id TEXT
        );
        ALTER TABLE seats ADD COLUMN account_id TEXT REFERENCES accounts(id);
        ALTER TABLE seats ADD COLUMN rating_before DOUBLE PRECISION;
        ALTER TABLE seats ADD COLUMN rating_after DOUBLE PRECISION;
        ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
        CREATE INDEX seats_account ON seats(account_id) WHERE account_id IS NOT NULL;",
    },
];

/// The schema version this program writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

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

/// What can go wrong with the database.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite reported an error.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The database was written by a newer version of the program.
    #[error("the database has schema version {found}, newer than this program's {known}")]
    TooNew {
        /// The database's version.
        found: usize,
        /// The newest version this program knows.
        known: usize,
    },
    /// Stored data this program cannot read.
    #[error("corrupt stored data: {0}")]
    Corrupt(String),
    /// The writer thread is gone (the server is shutting down).
    #[error("the database writer has stopped")]
    WriterStopped,
    /// PostgreSQL reported an error.
    #[error("database error: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    /// No connection to PostgreSQL could be had from the pool.
    #[error("no database connection: {0}")]
    Pool(String),
    /// A request failed as a whole (e.g. its commit), with the reason.
    #[error("database error: {0}")]
    Failed(String),
    /// The game changed since it was read (another server instance or
    /// request was first): nothing was written.
    #[error("game {0} changed meanwhile")]
    Conflict(String),
}

/// A game as stored: everything but its seats and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// The complete options.
    pub options: Vec<(String, String)>,
    /// Start position text, if not the standard start.
    pub setup: Option<String>,
    /// `engine`, `human` or `record`.
    pub kind: String,
    /// The engine's level in engine games.
    pub level: Option<u8>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// Result text (`1-0`, `0-1`, `1/2-1/2`) and reason key once the game is over.
    pub result: Option<(String, String)>,
    /// The seat that offers a draw, if any.
    pub draw_offer: Option<Player>,
    /// Clock of a human game: initial time and increment in milliseconds.
    pub clock: Option<(i64, i64)>,
    /// The side to move (`None` in games stored before it was kept).
    pub to_move: Option<Player>,
    /// Counts the changes of the game (see [`Op::Bump`]).
    pub version: u64,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// The tags of an imported record that the game does not write itself
    /// (players' names, event, site, date, round…), in order.
    pub tags: Vec<(String, String)>,
    /// The seat that offers a rematch, if any.
    pub rematch_offer: Option<Player>,
    /// The id of the rematch, once agreed.
    pub rematch: Option<String>,
}

/// One seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// Which player the seat plays.
    pub seat: Player,
    /// Whether the engine plays this seat.
    pub engine: bool,
    /// The hash of the seat's token, once a person holds it.
    pub token_hash: Option<String>,
    /// The hash of the invite code while the seat waits for a person.
    pub invite_hash: Option<String>,
    /// The account the seat is bound to, if any.
    pub account: Option<SeatAccount>,
}

/// The account a seat is bound to.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatAccount {
    /// The account's id.
    pub id: String,
    /// The account's name (read with the seat; not written).
    pub name: String,
    /// The player's rating of the game when the seat was taken, or the one
    /// a rated game's end started from.
    pub rating_before: Option<f64>,
    /// The rating after a rated game.
    pub rating_after: Option<f64>,
}

impl Eq for SeatAccount {}

/// One move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Canonical move text.
    pub mv: String,
    /// When it was played, milliseconds since the Unix epoch.
    pub played_ms: i64,
    /// The mover's remaining clock time after the move, in clock games.
    pub remaining_ms: Option<i64>,
}

/// One chat message between the players of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// The seat that wrote it.
    pub seat: Player,
    /// The text.
    pub body: String,
    /// When it was sent, ms since the epoch.
    pub sent_ms: i64,
}

/// A whole stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game.
    pub row: GameRow,
    /// Its seats.
    pub seats: Vec<SeatRow>,
    /// Its moves in order.
    pub moves: Vec<MoveRow>,
    /// The players' chat, oldest first.
    pub chat: Vec<ChatRow>,
}

/// One change to the database.
#[derive(Clone, Debug)]
pub enum Op {
    /// Counts one change of a game that was at `version`, and fails with
    /// [`StoreError::Conflict`] (the whole request changing nothing) if the
    /// stored game is no longer at `version`. With PostgreSQL it also tells
    /// every server instance of the change (`NOTIFY`).
    Bump {
        /// The game.
        game: String,
        /// The version the change was made against.
        version: u64,
    },
    /// Inserts a new game with its seats and moves.
    CreateGame(Box<StoredGame>),
    /// Appends the move with index `ply` (0-based).
    AddMove {
        /// The game.
        game: String,
        /// Index of the move.
        ply: usize,
        /// The move.
        mv: MoveRow,
        /// The side to move after it.
        to_move: Player,
    },
    /// Deletes the moves from index `from_ply` on (take-back).
    TruncateMoves {
        /// The game.
        game: String,
        /// First index deleted.
        from_ply: usize,
        /// The side to move after the take-back.
        to_move: Player,
    },
    /// Records the side to move (of games stored before it was kept).
    SetToMove {
        /// The game.
        game: String,
        /// The side to move.
        to_move: Player,
    },
    /// Sets or clears the result and reason.
    SetResult {
        /// The game.
        game: String,
        /// Result text and reason key, or `None` while the game runs.
        result: Option<(String, String)>,
    },
    /// Gives a seat to the holder of a token, ending its invitation.
    ClaimSeat {
        /// The game.
        game: String,
        /// The seat.
        seat: Player,
        /// Hash of the new token.
        token_hash: String,
        /// The account of the holder, with its rating of the game.
        account: Option<(String, Option<f64>)>,
    },
    /// Stores the ratings before and after a rated game of a seat.
    SetSeatRatings {
        /// The game.
        game: String,
        /// The seat.
        seat: Player,
        /// The rating the update started from.
        before: f64,
        /// The rating after the game.
        after: f64,
    },
    /// Writes an account's rating of a game: inserted with `games` 1, or
    /// replacing the rating it follows (`games` one less); else
    /// [`StoreError::Conflict`], as another rated game of the account ended
    /// meanwhile (through another server instance) and this one was
    /// computed from an old rating.
    PutRating(RatingRow),
    /// Adds an account.
    CreateAccount(AccountRow),
    /// Adds a session of an account.
    CreateSession {
        /// The hash of the session id.
        id_hash: String,
        /// The account.
        account_id: String,
        /// When it ends, ms since the epoch.
        expires_ms: i64,
    },
    /// Ends a session, and withdraws its account's open seeks.
    DeleteSession {
        /// The hash of the session id.
        id_hash: String,
        /// The account.
        account_id: String,
    },
    /// Adds a seek.
    CreateSeek(SeekRow),
    /// Withdraws an open seek of the account; fails if there is none.
    CancelSeek {
        /// The seek.
        id: String,
        /// Its owner.
        account_id: String,
    },
    /// Marks an open seek as accepted with its game; fails with
    /// [`StoreError::Conflict`] if it is gone or accepted already.
    AcceptSeek {
        /// The seek.
        id: String,
        /// The game made for it.
        game: String,
    },
    /// Sets or clears the pending draw offer.
    SetDrawOffer {
        /// The game.
        game: String,
        /// The offering seat.
        seat: Option<Player>,
    },
    /// Sets or clears the pending rematch offer.
    SetRematchOffer {
        /// The game.
        game: String,
        /// The offering seat.
        seat: Option<Player>,
    },
    /// Records the agreed rematch (and clears the offer).
    SetRematch {
        /// The old game.
        game: String,
        /// The new game's id.
        rematch: String,
    },
    /// Appends chat message number `seq` (0-based).
    AddChat {
        /// The game.
        game: String,
        /// Index of the message.
        seq: usize,
        /// The message.
        line: ChatRow,
    },
    /// Records that the evaluation of a whole game was asked for (nothing
    /// if it was before).
    RequestEvaluation {
        /// The game.
        game: String,
        /// How many positions it has (moves + 1).
        total: usize,
        /// When, ms since the epoch.
        requested_ms: i64,
    },
    /// Stores (or replaces) the evaluation of one position of a game.
    AddEvaluation {
        /// The game.
        game: String,
        /// The evaluation.
        evaluation: PlyEvaluation,
    },
}

/// The engine's evaluation of one position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyEvaluation {
    /// The position: after this many moves.
    pub ply: usize,
    /// The score from the first player's point of view, clamped (see the
    /// server's `evaluation` module).
    pub score: i32,
    /// The best move, if the position has one.
    pub best: Option<String>,
}

/// The stored evaluation of a whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEvaluation {
    /// How many positions the game has.
    pub total: usize,
    /// The positions evaluated so far, by ply.
    pub plies: Vec<PlyEvaluation>,
}

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// Random id.
    pub id: String,
    /// The name as its owner wrote it.
    pub name: String,
    /// The password's argon2id PHC string.
    pub password_hash: String,
    /// Sign-up time, ms since the epoch.
    pub created_ms: i64,
}

/// An account's rating of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The account.
    pub account_id: String,
    /// The registered game name.
    pub game: String,
    /// The Glicko-2 rating.
    pub glicko: crate::rating::Glicko,
    /// Rated games played.
    pub games: u32,
}

/// A seek: an account looking for an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Random id.
    pub id: String,
    /// The seeking account.
    pub account_id: String,
    /// Its name (read, not written).
    pub account_name: String,
    /// The registered game name.
    pub game: String,
    /// The options, as JSON text of a string map.
    pub options: String,
    /// Initial time and increment, ms.
    pub clock: Option<(i64, i64)>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The seeker's side: `p1`, `p2` or `random`.
    pub side: String,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// The game made when it was accepted.
    pub game_id: Option<String>,
}

/// Which running games the lobby lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LobbyFilter {
    /// All of them.
    #[default]
    All,
    /// Those with a seat of this account.
    Account(String),
    /// Those with these ids.
    Ids(Vec<String>),
}

/// A game in a player's profile.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileGameRow {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// Result text and reason key, once over.
    pub result: Option<(String, String)>,
    /// The player's seat.
    pub seat: Player,
    /// Whether the game is rated.
    pub rated: bool,
    /// The clock, initial and increment ms.
    pub clock: Option<(i64, i64)>,
    /// The player's rating before and after (rated games).
    pub rating: (Option<f64>, Option<f64>),
    /// The opponent's account name, if bound to one.
    pub opponent: Option<String>,
    /// The game's kind (`engine`, `human`).
    pub kind: String,
}

/// The filter of a profile's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileQuery {
    /// Only games of this registered name.
    pub game: Option<String>,
    /// Only `won`, `lost`, `drawn` or `running` games.
    pub result: Option<String>,
    /// Games to skip.
    pub offset: usize,
    /// Games to list.
    pub limit: usize,
}

/// A running game's line in the lobby, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyRow {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// `engine` or `human`.
    pub kind: String,
    /// The engine's level in engine games.
    pub level: Option<u8>,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// Time of the last move (or the creation), ms since the epoch.
    pub updated_ms: i64,
    /// Moves played.
    pub ply: usize,
    /// The side to move, if known.
    pub to_move: Option<Player>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The seats, P1's first.
    pub seats: Vec<SeatRow>,
}

/// One page of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyPage {
    /// The games of the page, latest move first.
    pub games: Vec<LobbyRow>,
    /// How many running games there are in all.
    pub total: usize,
}

/// The database, either backend.
#[expect(clippy::large_enum_variant, reason = "a server has one store, made once")]
pub enum Store {
    /// A SQLite file: one server instance.
    Sqlite(sqlite::SqliteStore),
    /// PostgreSQL: any number of server instances.
    Postgres(PgStore),
}

impl Store {
    /// Opens (creating if needed) and migrates the database.
    pub async fn open(db: &Database) -> Result<Store, StoreError> {
        Ok(match db {
            Database::Sqlite(path) => Store::Sqlite(sqlite::SqliteStore::open(path)?),
            Database::Postgres(url) => Store::Postgres(PgStore::open(url).await?),
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

    /// The backend's name: `sqlite` or `postgres`.
    pub fn backend(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Postgres(_) => "postgres",
        }
    }

    /// The PostgreSQL store, whose games other server instances may change.
    pub fn shared(&self) -> Option<&PgStore> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(store) => Some(store),
        }
    }

    /// Applies `ops` in one transaction; returns once they are committed.
    /// On any error nothing was changed.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => store.write(ops).await,
            Store::Postgres(store) => store.write(ops).await,
        }
    }

    /// Every game that is not over.
    pub async fn load_running(&self) -> Result<Vec<StoredGame>, StoreError> {
        match self {
            Store::Sqlite(store) => store.load_running(),
            Store::Postgres(store) => store.load_running().await,
        }
    }

    /// The game `id`, if stored.
    pub async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                let (store, id) = (store.clone(), id.to_owned());
                blocking(move || store.load_game(&id)).await
            }
            Store::Postgres(store) => store.load_game(id).await,
        }
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
        match self {
            Store::Sqlite(store) => {
                let store = store.clone();
                blocking(move || store.lobby_where(&filter, offset, limit)).await
            }
            Store::Postgres(store) => store.lobby(&filter, offset, limit).await,
        }
    }

    /// The account named `name`, compared case-insensitively.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<AccountRow>, StoreError> {
        let key = name.to_ascii_lowercase();
        match self {
            Store::Sqlite(store) => {
                let store = store.clone();
                blocking(move || store.account_by_name(&key)).await
            }
            Store::Postgres(store) => store.account_by_name(&key).await,
        }
    }

    /// The account (id, name) of the session whose id hashes to `id_hash`,
    /// if it has not ended by `now_ms`.
    pub async fn session(&self, id_hash: &str, now_ms: i64) -> Result<Option<(String, String)>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                let (store, id_hash) = (store.clone(), id_hash.to_owned());
                blocking(move || store.session(&id_hash, now_ms)).await
            }
            Store::Postgres(store) => store.session(id_hash, now_ms).await,
        }
    }

    /// The ratings of an account, of every game it has one of.
    pub async fn ratings(&self, account_id: &str) -> Result<Vec<RatingRow>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                let (store, id) = (store.clone(), account_id.to_owned());
                blocking(move || store.ratings(&id)).await
            }
            Store::Postgres(store) => store.ratings(account_id).await,
        }
    }

    /// The rating of an account in a game, if it has played it rated.
    pub async fn rating(&self, account_id: &str, game: &str) -> Result<Option<RatingRow>, StoreError> {
        Ok(self.ratings(account_id).await?.into_iter().find(|row| row.game == game))
    }

    /// The games of an account that `query` asks for, the latest first,
    /// and how many there are in all.
    pub async fn profile_games(
        &self,
        account_id: &str,
        query: ProfileQuery,
    ) -> Result<(Vec<ProfileGameRow>, usize), StoreError> {
        match self {
            Store::Sqlite(store) => {
                let (store, id) = (store.clone(), account_id.to_owned());
                blocking(move || store.profile_games(&id, &query)).await
            }
            Store::Postgres(store) => store.profile_games(account_id, &query).await,
        }
    }

    /// The open seeks made since `since_ms` whose owner has a session at
    /// `now_ms`, the oldest first.
    pub async fn open_seeks(&self, since_ms: i64, now_ms: i64) -> Result<Vec<SeekRow>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                let store = store.clone();
                blocking(move || store.seeks(None, since_ms, now_ms)).await
            }
            Store::Postgres(store) => store.seeks(None, since_ms, now_ms).await,
        }
    }

    /// The seek `id`, open or accepted.
    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, StoreError> {
        let id = Some(id.to_owned());
        let found = match self {
            Store::Sqlite(store) => {
                let store = store.clone();
                blocking(move || store.seeks(id, 0, 0)).await?
            }
            Store::Postgres(store) => store.seeks(id, 0, 0).await?,
        };
        Ok(found.into_iter().next())
    }

    /// The running games between people that are abandoned: a seat never
    /// taken since before `unjoined_before_ms`, or no move since the game
    /// was made before `unmoved_before_ms` (at most 100).
    pub async fn abandoned_games(
        &self,
        unjoined_before_ms: i64,
        unmoved_before_ms: i64,
    ) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                let store = store.clone();
                blocking(move || store.abandoned_games(unjoined_before_ms, unmoved_before_ms)).await
            }
            Store::Postgres(store) => store.abandoned_games(unjoined_before_ms, unmoved_before_ms).await,
        }
    }

    /// The evaluation of the game `id`, if one was requested.
    pub async fn evaluation(&self, id: &str) -> Result<Option<GameEvaluation>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                let (store, id) = (store.clone(), id.to_owned());
                blocking(move || store.evaluation(&id)).await
            }
            Store::Postgres(store) => store.evaluation(id).await,
        }
    }

    /// The games whose requested evaluation is not complete, oldest
    /// request first.
    pub async fn unfinished_evaluations(&self) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                let store = store.clone();
                blocking(move || store.unfinished_evaluations()).await
            }
            Store::Postgres(store) => store.unfinished_evaluations().await,
        }
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => {
                let store = store.clone();
                blocking(move || store.ping()).await
            }
            Store::Postgres(store) => store.ping().await,
        }
    }
}

/// Runs blocking database work on the blocking pool.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| StoreError::Failed(e.to_string()))?
}

/// The tags as stored: a JSON array of `[name, value]` pairs, `None` when
/// there are none.
pub fn tags_text(tags: &[(String, String)]) -> Option<String> {
    (!tags.is_empty()).then(|| serde_json::to_string(tags).unwrap_or_default())
}

/// Reads stored tags (see [`tags_text`]).
pub fn parse_tags(id: &str, text: Option<&str>) -> Result<Vec<(String, String)>, StoreError> {
    text.map_or(Ok(Vec::new()), |text| {
        serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("tags of game {id}: {e}")))
    })
}

/// Reads a seat name (`p1`, `p2`).
pub fn parse_player(text: &str) -> Option<Player> {
    match text {
        "p1" => Some(Player::P1),
        "p2" => Some(Player::P2),
        _ => None,
    }
}
