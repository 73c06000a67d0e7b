//! What the store's tests share: a fresh database of the backend under
//! test — a SQLite file, or with `SPIELWERK_TEST_DB=postgres` a fresh
//! database on a throw-away PostgreSQL cluster — and sample rows.

#![allow(dead_code)]

use game::Player;
use spielwerk_store::{Database, GameRow, SeatAccount, SeatRow, Store, StoredGame};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Whether the tests run against PostgreSQL (`SPIELWERK_TEST_DB=postgres`).
pub fn on_postgres() -> bool {
    std::env::var("SPIELWERK_TEST_DB").is_ok_and(|db| db == "postgres")
}

/// A fresh SQLite file's path, unique to `name`, in the build's
/// `target/tmp` (the next run of the test replaces it, so nothing piles up
/// in the system's temporary folder). The tests run at once in one
/// program, so a name given twice is refused rather than shared.
pub fn temp_path(name: &str) -> PathBuf {
    static NAMES: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    assert!(NAMES.lock().unwrap().insert(name.to_owned()), "two tests use the database name {name:?}");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("store-test-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("test.db")
}

/// A fresh, empty database of the backend under test.
pub fn fresh_db(name: &str) -> Database {
    if on_postgres() {
        Database::Postgres(pgtest::cluster().database())
    } else {
        Database::Sqlite(temp_path(name))
    }
}

/// A fresh database of the backend under test, opened.
pub async fn fresh_store(name: &str) -> Store {
    Store::open(&fresh_db(name)).await.unwrap()
}

/// A seat's binding to account `id` named `name`: no rating, not a bot,
/// neither provisional nor closed (a test sets what it needs on top).
pub fn seat_account(id: &str, name: &str) -> SeatAccount {
    SeatAccount {
        id: id.into(),
        name: name.into(),
        rating_before: None,
        rating_after: None,
        bot: false,
        provisional: false,
        closed: false,
    }
}

/// A human game `id` with a clock and tags: P1 taken, P2 invited.
pub fn sample(id: &str) -> StoredGame {
    StoredGame {
        tournament: None,
        tournament_kind: None,
        league: None,
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
            version: 1,
            tags: vec![("Event".into(), "Cup".into())],
            rematch_offer: None,
            rematch: None,
            rated: false,
            days_per_move: None,
            deadline_ms: None,
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
        people: None,
        spectator_chat: vec![],
        spectator_chat_from: 0,
    }
}
