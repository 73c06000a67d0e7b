//! Shared helpers of the server's integration tests: a toy game and a
//! server on a free loopback port with a database of its own.
//!
//! The database is a SQLite file, or with `SPIELWERK_TEST_DB=postgres` a
//! fresh database on a throw-away PostgreSQL cluster (see [`pg`]): test.sh
//! runs the API tests once with each backend.

#![allow(dead_code)]

pub use pgtest as pg;
pub mod toy;

use spielwerk_server as server;

use game::Registry;
use loadtest::client::{Client, ClientError, Reply};
use serde_json::{Value, json};
use server::store::Database;
use server::{Config, Limits, Server};
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Starts this test binary again as a server child: it runs only the test
/// `test_name` of the module `module` (the caller's `module_path!()`), which serves (on the database `database`, handed over in
/// the environment variable `variable`) and prints `SERVING <address>`;
/// returns the child with that address. A server in its own process can be
/// killed with `kill -9`, which the tests of durability need.
pub fn spawn_server_child(
    module: &str,
    test_name: &str,
    variable: &str,
    database: impl AsRef<OsStr>,
) -> (Child, SocketAddr) {
    // The harness names a test by its path below the crate.
    let test = match module.split_once("::") {
        Some((_crate, path)) => format!("{path}::{test_name}"),
        None => test_name.to_owned(),
    };
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([test.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(variable, database)
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

/// The registry the tests serve.
pub fn registry() -> Registry {
    Registry::new(vec![toy::entry()])
}

/// Whether the tests run against PostgreSQL (`SPIELWERK_TEST_DB=postgres`).
pub fn on_postgres() -> bool {
    std::env::var("SPIELWERK_TEST_DB").is_ok_and(|db| db == "postgres")
}

/// A fresh database for one test: a SQLite file, or a PostgreSQL database
/// (see [`on_postgres`]).
#[track_caller]
pub fn temp_db(name: &str) -> Database {
    if on_postgres() {
        Database::Postgres(pg::cluster().database())
    } else {
        Database::Sqlite(temp_path(name))
    }
}

/// Runs `sql` on the database behind the server's back.
pub fn execute(db: &Database, sql: &str) {
    match db {
        Database::Sqlite(path) => rusqlite::Connection::open(path).unwrap().execute_batch(sql).unwrap(),
        Database::Postgres(url) => pg::cluster().execute(url, sql),
    }
}

/// A fresh folder for one test's SQLite database, in the build's
/// `target/tmp` (the next run of the test replaces it, so nothing piles up
/// in the system's temporary folder); returns the file's path. The folder
/// is named after the calling test file and `name`, so tests of different
/// files that run at once in one test program never share one.
#[track_caller]
pub fn temp_path(name: &str) -> PathBuf {
    let caller = Path::new(std::panic::Location::caller().file());
    let file = caller.file_stem().and_then(OsStr::to_str).unwrap_or("test");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("server-test-{file}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.db")
}

/// A server running in this process.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl TestServer {
    /// Starts a server of the toy game on a free port with the database at `db`.
    pub async fn start(db: &Database) -> TestServer {
        TestServer::start_with(registry(), db).await
    }

    /// Starts a server of `registry`'s games on a free port with the database at `db`.
    pub async fn start_with(registry: Registry, db: &Database) -> TestServer {
        TestServer::start_limited(registry, db, Limits::default()).await
    }

    /// Starts a server of `registry`'s games with `limits`.
    pub async fn start_limited(registry: Registry, db: &Database, limits: Limits) -> TestServer {
        TestServer::start_behind(registry, db, limits, Vec::new()).await
    }

    /// Starts a server of `registry`'s games with `limits`, believing
    /// `trusted_proxies` about the client's address.
    pub async fn start_behind(
        registry: Registry,
        db: &Database,
        limits: Limits,
        trusted_proxies: Vec<std::net::IpAddr>,
    ) -> TestServer {
        let config = Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: db.clone(),
            limits,
            trusted_proxies,
            public_url: None,
        };
        TestServer::start_config(registry, &config).await
    }

    /// Starts a server of `registry`'s games as `config` says.
    pub async fn start_config(registry: Registry, config: &Config) -> TestServer {
        let server = Server::bind(registry, config).await.unwrap();
        let addr = server.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel();
        let task = tokio::spawn(server.run(async {
            let _ = stopped.await;
        }));
        TestServer { addr, stop, task }
    }

    /// A new connection to the server.
    pub async fn client(&self) -> Client {
        Client::connect(self.addr).await.unwrap()
    }

    /// Stops the server and waits until it has stopped.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        self.task.await.unwrap().unwrap();
    }
}

/// Sends a request and checks the status.
pub async fn expect(reply: Result<Reply, ClientError>, status: u16) -> Value {
    let reply = reply.unwrap();
    assert_eq!(reply.status, status, "unexpected status, body: {}", reply.text());
    reply.json()
}

/// A new connection to `server`, signed up as the account `name` (password
/// "secret-pass"), that keeps the session cookie.
pub async fn signed_up(server: &TestServer, name: &str) -> Client {
    let mut client = server.client().await;
    let body = json!({"name": name, "password": "secret-pass"});
    let reply = client.post("/api/account/signup", None, &body).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    let cookie = reply.headers.get("set-cookie").unwrap().to_str().unwrap();
    client.cookie = Some(cookie.split(';').next().unwrap().to_owned());
    client
}

/// Creates a game; returns the 201 body.
pub async fn create(client: &mut Client, request: Value) -> Value {
    expect(client.post("/api/games", None, &request).await, 201).await
}

/// Signs a new account `name` up on `client` (password `secret-pass`) and
/// keeps the session cookie it sets, checking the cookie's flags.
pub async fn sign_up(client: &mut Client, name: &str) {
    let body = json!({"name": name, "password": "secret-pass"});
    let reply = client.post("/api/account/signup", None, &body).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text());
    keep_cookie(client, &reply);
}

/// Takes the session cookie a reply sets, checking its flags.
pub fn keep_cookie(client: &mut Client, reply: &Reply) {
    let set = reply.headers.get("set-cookie").unwrap().to_str().unwrap();
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Path=/"), "{set}");
    client.cookie = Some(set.split(';').next().unwrap().to_owned());
}

/// Plays a move with a token.
pub async fn play(client: &mut Client, id: &str, token: &str, mv: &str) -> Result<Reply, ClientError> {
    client.post(&format!("/api/games/{id}/moves"), Some(token), &json!({ "move": mv })).await
}

/// The state of a game.
pub async fn state(client: &mut Client, id: &str) -> Value {
    expect(client.get(&format!("/api/games/{id}")).await, 200).await
}

/// How long tests wait for something that should happen soon: generous,
/// so that they pass on a machine whose cores are busy.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Polls the state until `done` holds (at most [`PATIENCE`]).
pub async fn wait_for(client: &mut Client, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + PATIENCE;
    loop {
        let state = state(client, id).await;
        if done(&state) {
            return state;
        }
        assert!(Instant::now() < until, "timed out waiting; last state {state}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The invite code of an invite URL.
pub fn invite_code(created: &Value) -> String {
    created["invite"].as_str().unwrap().split_once("#invite=").unwrap().1.to_owned()
}

/// A response whose body is still coming (an event stream), with its
/// connection kept open while it is held.
pub struct Stream {
    pub status: u16,
    pub body: hyper::body::Incoming,
    _sender: hyper::client::conn::http1::SendRequest<http_body_util::Empty<hyper::body::Bytes>>,
}

impl Stream {
    /// The text of the body that has come so far, without waiting.
    pub fn arrived(&mut self) -> String {
        use futures_util::FutureExt;
        use http_body_util::BodyExt;
        let mut text = String::new();
        while let Some(Some(Ok(frame))) = self.body.frame().now_or_never() {
            if let Ok(data) = frame.into_data() {
                text.push_str(&String::from_utf8_lossy(&data));
            }
        }
        text
    }

    /// Reads the rest of the body, up to its end.
    pub async fn rest(self) -> String {
        use http_body_util::BodyExt;
        let bytes = self.body.collect().await.unwrap().to_bytes();
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// Sends `GET path` on a connection of its own and returns once the
/// response's head has come: for an analysis, once the server accepted it.
pub async fn open_stream(addr: SocketAddr, path: &str) -> Stream {
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream)).await.unwrap();
    tokio::spawn(connection);
    let request = hyper::Request::get(path)
        .header("host", addr.to_string())
        .body(http_body_util::Empty::new())
        .unwrap();
    let response = sender.send_request(request).await.unwrap();
    Stream { status: response.status().as_u16(), body: response.into_body(), _sender: sender }
}

/// What the server logs, captured from the first call on (one subscriber
/// for the whole test program: a second could not be installed).
pub fn captured_log() -> Arc<Mutex<Vec<u8>>> {
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOG.get_or_init(|| {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("info"))
            .with_ansi(false)
            .with_writer(move || LogSink(sink.clone()))
            .init();
        log
    })
    .clone()
}

/// A writer into the captured log.
struct LogSink(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for LogSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        std::io::Write::write(&mut *self.0.lock().unwrap(), bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
