//! The schema on the backend under test: databases made by the server
//! before the store crate (its schema at version 7, kept as it made it in
//! `tests/fixtures/*_v7.sql`) keep working, the schema the migrations make
//! is equivalent to it, old versions are migrated and newer ones refused.

use crate::common;

use common::{fresh_db, on_postgres, sample};
use spielwerk_store::{Database, LobbyFilter, Op, SCHEMA_VERSION, Store, StoreError};
use std::collections::BTreeSet;

/// The old server's schema of this backend, up to version `version`.
fn old_schema(version: usize) -> String {
    let text = if on_postgres() {
        include_str!("../fixtures/postgres_v7.sql")
    } else {
        include_str!("../fixtures/sqlite_v7.sql")
    };
    match text.find(&format!("\n-- {}\n", version + 1)) {
        Some(end) => text[..end].to_owned(),
        None => text.to_owned(),
    }
}

/// Runs `sql` on the database behind the store's back.
async fn execute(db: &Database, sql: &str) {
    match db {
        Database::Sqlite(path) => rusqlite::Connection::open(path).unwrap().execute_batch(sql).unwrap(),
        Database::Postgres(url) => postgres(url).await.batch_execute(sql).await.unwrap(),
    }
}

async fn postgres(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    client
}

/// The rows of `sql`, every column as text.
async fn texts(db: &Database, sql: &str) -> BTreeSet<Vec<String>> {
    match db {
        Database::Sqlite(path) => {
            let conn = rusqlite::Connection::open(path).unwrap();
            let mut statement = conn.prepare(sql).unwrap();
            let columns = statement.column_count();
            statement
                .query_map([], |row| {
                    (0..columns)
                        .map(|i| {
                            Ok(match row.get_ref(i)? {
                                rusqlite::types::ValueRef::Null => "NULL".to_owned(),
                                rusqlite::types::ValueRef::Integer(n) => n.to_string(),
                                rusqlite::types::ValueRef::Real(x) => x.to_string(),
                                value => value.as_str()?.to_owned(),
                            })
                        })
                        .collect()
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        }
        Database::Postgres(url) => {
            let rows = postgres(url).await.simple_query(sql).await.unwrap();
            rows.iter()
                .filter_map(|message| match message {
                    tokio_postgres::SimpleQueryMessage::Row(row) => {
                        Some((0..row.len()).map(|i| row.get(i).unwrap_or("NULL").to_owned()).collect())
                    }
                    _ => None,
                })
                .collect()
        }
    }
}

/// SQLite's type affinity of a declared column type (its rules 1–5);
/// integer and numeric affinity are one class, as they behave alike but
/// in `CAST`.
fn affinity(declared: &str) -> &'static str {
    let declared = declared.to_ascii_uppercase();
    if declared.contains("INT") {
        "numeric"
    } else if ["CHAR", "CLOB", "TEXT"].iter().any(|t| declared.contains(t)) {
        "text"
    } else if declared.contains("BLOB") || declared.is_empty() {
        "blob"
    } else if ["REAL", "FLOA", "DOUB"].iter().any(|t| declared.contains(t)) {
        "real"
    } else {
        "numeric"
    }
}

/// What the schema of a database is made of, as far as it changes how
/// the store works: each column's type, nullability and default, each
/// index and constraint, and (SQLite) which tables are clustered.
async fn schema(db: &Database) -> BTreeSet<Vec<String>> {
    match db {
        Database::Sqlite(_) => {
            let columns = texts(
                db,
                "SELECT m.name, c.name, c.type, c.\"notnull\", COALESCE(c.dflt_value, ''), c.pk
                 FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table'",
            )
            .await;
            let columns = columns.into_iter().map(|mut column| {
                column[2] = affinity(&column[2]).to_owned();
                column[4] = match column[4].as_str() {
                    "FALSE" => "0".to_owned(),
                    "TRUE" => "1".to_owned(),
                    other => other.to_owned(),
                };
                column
            });
            let other = texts(
                db,
                "SELECT type, name, COALESCE(sql LIKE '%WITHOUT ROWID', 0), COALESCE(sql, '') FROM sqlite_master
                 WHERE type = 'index'
                 UNION ALL SELECT 'table', name, sql LIKE '%WITHOUT ROWID', '' FROM sqlite_master WHERE type = 'table'
                 UNION ALL SELECT 'key', m.name, k.\"from\", k.\"table\" || '.' || k.\"to\"
                 FROM sqlite_master m, pragma_foreign_key_list(m.name) k WHERE m.type = 'table'",
            )
            .await;
            columns.chain(other).collect()
        }
        Database::Postgres(_) => {
            let mut all = texts(
                db,
                "SELECT table_name, column_name, data_type, is_nullable, COALESCE(column_default, '')
                 FROM information_schema.columns WHERE table_schema = 'public'",
            )
            .await;
            all.extend(
                texts(
                    db,
                    "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
                )
                .await,
            );
            all.extend(
                texts(
                    db,
                    "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
                     WHERE connamespace = 'public'::regnamespace",
                )
                .await,
            );
            all
        }
    }
}

#[tokio::test]
async fn a_new_database_has_the_schema_of_one_the_old_server_made() {
    // A database the old server made, brought to this program's version
    // (nothing to do at version 7; later migrations apply to both alike).
    let old = fresh_db("old-schema");
    execute(&old, &old_schema(7)).await;
    assert_eq!(Store::migrate(&old).await.unwrap(), 7);
    let new = fresh_db("new-schema");
    assert_eq!(Store::migrate(&new).await.unwrap(), 0);
    let (old, new) = (schema(&old).await, schema(&new).await);
    assert!(old.len() > 50, "{old:?}");
    let missing: Vec<_> = old.difference(&new).collect();
    let added: Vec<_> = new.difference(&old).collect();
    assert!(missing.is_empty() && added.is_empty(), "missing {missing:?}, added {added:?}");
}

#[tokio::test]
async fn a_database_the_old_server_made_keeps_working() {
    let db = fresh_db("old-v7");
    execute(&db, &old_schema(7)).await;
    execute(
        &db,
        "INSERT INTO games (id, game, options, kind, created_ms, updated_ms, to_move, version, rated)
         VALUES ('old', 'toy', '{\"rules\":\"normal\"}', 'human', 7, 9, 'p2', 3, TRUE);
         INSERT INTO seats (game_id, seat, engine, token_hash) VALUES ('old', 'p1', FALSE, 'x'), ('old', 'p2', TRUE, NULL);
         INSERT INTO moves (game_id, ply, mv, played_ms) VALUES ('old', 0, 'a1', 9);",
    )
    .await;
    assert_eq!(Store::migrate(&db).await.unwrap(), 7, "nothing to migrate");
    let store = Store::open(&db).await.unwrap();
    let old = store.load_game("old").await.unwrap().unwrap();
    assert_eq!((old.row.version, old.row.rated, old.seats[1].engine, old.moves.len()), (3, true, true, 1));
    store
        .write(vec![
            Op::Bump { game: "old".into(), version: 3 },
            Op::SetDrawOffer { game: "old".into(), seat: None },
        ])
        .await
        .unwrap();
    store.write(vec![Op::CreateGame(Box::new(sample("new")))]).await.unwrap();
    let lobby = store.lobby(LobbyFilter::All, 0, 10).await.unwrap();
    assert_eq!(lobby.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), ["old", "new"]);
}

#[tokio::test]
async fn old_databases_are_migrated_and_newer_ones_refused() {
    let db = fresh_db("migrate");
    execute(&db, &old_schema(1)).await;
    execute(
        &db,
        "INSERT INTO games (id, game, options, kind, created_ms) VALUES ('old', 'toy', '{}', 'human', 7)",
    )
    .await;
    assert_eq!(
        texts(&db, "SELECT MAX(version) FROM schema_version").await,
        BTreeSet::from([vec!["1".to_owned()]])
    );
    let store = Store::open(&db).await.unwrap();
    let old = store.load_game("old").await.unwrap().unwrap();
    assert_eq!((old.row.created_ms, old.row.clock, old.row.to_move, old.row.rated), (7, None, None, false));
    let lobby = store.lobby(LobbyFilter::All, 0, 10).await.unwrap();
    assert_eq!((lobby.total, lobby.games[0].updated_ms), (1, 7), "updated_ms is filled in");
    assert_eq!(store.load_running().await.unwrap().len(), 1);
    drop(store);
    let version = SCHEMA_VERSION.to_string();
    assert_eq!(texts(&db, "SELECT MAX(version) FROM schema_version").await, BTreeSet::from([vec![version]]));
    assert_eq!(Store::migrate(&db).await.unwrap(), SCHEMA_VERSION);
    execute(&db, "INSERT INTO schema_version (version) VALUES (99)").await;
    let refused = Store::open(&db).await.err().expect("a newer database is refused");
    assert!(matches!(refused, StoreError::TooNew { found: 99, .. }), "{refused:?}");
}

#[tokio::test]
async fn seeks_and_challenges_made_before_the_takebacks_option_keep_what_they_gave() {
    // A database at version 12 (the old server's version 7, then the
    // store's migrations 8 to 12), with a rated and a casual seek and
    // challenge; migration 13 gives the casual ones takebacks, as the games
    // they made had them.
    let db = fresh_db("takebacks-migration");
    execute(&db, &old_schema(7)).await;
    for migration in &spielwerk_store::MIGRATIONS[7..12] {
        let sql = if on_postgres() {
            migration.sql.replace(") WITHOUT ROWID;", ");")
        } else {
            migration.sql.to_owned()
        };
        execute(&db, &sql).await;
    }
    execute(
        &db,
        "INSERT INTO schema_version (version) VALUES (12);
         INSERT INTO accounts (id, name, name_key, password_hash, created_ms)
         VALUES ('a1', 'Anna', 'anna', 'h', 1), ('a2', 'Bert', 'bert', 'h', 1);
         INSERT INTO seeks (id, account_id, game, options, clock_initial_ms, clock_increment_ms, rated, side, created_ms)
         VALUES ('rated', 'a1', 'toy', '{}', 60000, 0, TRUE, 'random', 5),
                ('casual', 'a1', 'toy', '{}', 60000, 0, FALSE, 'random', 6);
         INSERT INTO challenges (id, challenger_id, challenged_id, game, options, rated, side, created_ms,
             expires_ms, status)
         VALUES ('rated', 'a1', 'a2', 'toy', '{}', TRUE, 'p1', 5, 600005, 'open'),
                ('casual', 'a1', 'a2', 'toy', '{}', FALSE, 'p1', 6, 600006, 'open');",
    )
    .await;
    assert_eq!(Store::migrate(&db).await.unwrap(), 12);
    let store = Store::open(&db).await.unwrap();
    for id in ["rated", "casual"] {
        let seek = store.seek(id).await.unwrap().unwrap();
        assert_eq!(seek.terms.takebacks, !seek.terms.rated, "seek {id}");
        let challenge = store.challenge(id).await.unwrap().unwrap();
        assert_eq!(challenge.terms.takebacks, !challenge.terms.rated, "challenge {id}");
    }
    assert!(!store.seek("rated").await.unwrap().unwrap().terms.takebacks);
    assert!(store.challenge("casual").await.unwrap().unwrap().terms.takebacks);
}
