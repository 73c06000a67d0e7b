//! Kills the server (SIGKILL) in the middle of a load of concurrent games
//! and checks after a restart that every acknowledged move is there.
//!
//! The server runs in a child process: this test binary started again with
//! an environment variable that makes the same test serve instead.

mod common;

use spielwerk_server as server;
use std::path::Path;
use std::time::Duration;

const TEST_NAME: &str = "killed_server_loses_no_acknowledged_move";
const CHILD_DB: &str = "SPIELWERK_KILL_TEST_DB";

/// The child's part: serve until killed.
fn serve(db: &str) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        // The load comes from one address: no limit on new games.
        let limits =
            server::Limits { games_per_minute: 0, connections_per_address: 0, ..server::Limits::default() };
        let config = server::Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: db.into(),
            limits,
            trusted_proxies: Vec::new(),
            public_url: None,
        };
        let server = server::Server::bind(common::registry(), &config).await.unwrap();
        println!("SERVING {}", server.local_addr().unwrap());
        server.run(std::future::pending()).await.unwrap();
    });
}

/// Waits until the database holds at least `count` moves (at most
/// [`common::PATIENCE`]).
async fn wait_for_stored_moves(db: &Path, count: i64) {
    let until = std::time::Instant::now() + common::PATIENCE;
    loop {
        let stored = rusqlite::Connection::open(db)
            .and_then(|conn| conn.query_row("SELECT COUNT(*) FROM moves", [], |row| row.get::<_, i64>(0)))
            .unwrap_or(0);
        if stored >= count {
            return;
        }
        assert!(std::time::Instant::now() < until, "only {stored} moves stored");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[test]
fn killed_server_loses_no_acknowledged_move() {
    if let Ok(db) = std::env::var(CHILD_DB) {
        serve(&db);
        return;
    }
    let db = common::temp_path("kill");
    let (mut child, addr) = common::spawn_server_child(module_path!(), TEST_NAME, CHILD_DB, &db);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let report = runtime.block_on(async {
        let config = loadtest::LoadConfig {
            addrs: vec![addr],
            games: 40,
            moves_per_game: 100_000,
            game: "toy".into(),
            registry: common::registry(),
            pause: Duration::ZERO,
            resign_after: None,
            time_limit: Duration::from_secs(600),
        };
        let load = tokio::spawn(async move { loadtest::run(&config).await });
        wait_for_stored_moves(&db, 200).await;
        child.kill().unwrap();
        child.wait().unwrap();
        load.await.unwrap()
    });
    // 200 moves were committed and each of the 40 pairs waits for one move at a time.
    assert!(report.acked.len() >= 160, "too few acknowledged moves: {}", report.summary());
    assert_eq!(report.errors, 40, "every pair should have seen the server die: {}", report.summary());
    let (mut child, addr) = common::spawn_server_child(module_path!(), TEST_NAME, CHILD_DB, &db);
    let checked = runtime.block_on(loadtest::verify(addr, &report.acked));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(checked, Ok(report.acked.len()));
}
