//! Kills the server (SIGKILL) in the middle of a load of concurrent games
//! and checks after a restart that every acknowledged move is there.
//!
//! The server runs in a child process: this test binary started again with
//! an environment variable that makes the same test serve instead.

mod common;

use spielwerk_server as server;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const TEST_NAME: &str = "killed_server_loses_no_acknowledged_move";
const CHILD_DB: &str = "SPIELWERK_KILL_TEST_DB";

/// Starts this binary as a server child on the database `db`; returns it
/// with its address.
fn spawn_server(db: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([TEST_NAME, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_DB, db)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    // The test harness may print its own text before ours on the same line.
    let addr = stdout.lines().find_map(|line| Some(line.ok()?.split_once("SERVING ")?.1.trim().to_owned()));
    match addr {
        Some(addr) => (child, addr.parse().unwrap()),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the server child did not start");
        }
    }
}

/// The child's part: serve until killed.
fn serve(db: &str) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let config = server::Config { addr: "127.0.0.1:0".parse().unwrap(), db: db.into() };
        let server = server::Server::bind(common::registry(), &config).await.unwrap();
        println!("SERVING {}", server.local_addr().unwrap());
        server.run(std::future::pending()).await.unwrap();
    });
}

#[test]
fn killed_server_loses_no_acknowledged_move() {
    if let Ok(db) = std::env::var(CHILD_DB) {
        serve(&db);
        return;
    }
    let db = common::temp_db("kill");
    let (mut child, addr) = spawn_server(&db);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let report = runtime.block_on(async {
        let config = server::loadtest::LoadConfig {
            addr,
            games: 40,
            moves_per_game: 100_000,
            game: "toy".into(),
            pause: Duration::ZERO,
            time_limit: Duration::from_secs(20),
        };
        let load = tokio::spawn(async move { server::loadtest::run(&config).await });
        tokio::time::sleep(Duration::from_millis(1500)).await;
        child.kill().unwrap();
        child.wait().unwrap();
        load.await.unwrap()
    });
    assert!(report.acked.len() > 100, "too little load before the kill: {}", report.summary());
    assert_eq!(report.errors, 40, "every pair should have seen the server die: {}", report.summary());
    let (mut child, addr) = spawn_server(&db);
    let checked = runtime.block_on(server::loadtest::verify(addr, &report.acked));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(checked, Ok(report.acked.len()));
}
