//! A throw-away PostgreSQL cluster for the tests of the store and the
//! server: made with `initdb` in a temporary folder, on a free port, run as
//! `nobody` when the tests run as root (PostgreSQL refuses root), with a
//! fresh database per test. A
//! watchdog process stops the cluster and removes its folder once the test
//! process has ended, however it ended.
//!
//! The binaries are looked for in `SPIELWERK_PG_BIN`, else in
//! `/usr/lib/postgresql/<version>/bin` (Debian's `postgresql` package,
//! which `.ci/run` installs when it is missing); without them the tests
//! fail with a message that says so.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A running cluster.
pub struct Cluster {
    bin: PathBuf,
    port: u16,
    next: AtomicUsize,
}

/// The user the cluster runs as when the tests run as root.
const UNPRIVILEGED: &str = "nobody";

/// The cluster of this test process, started on first use.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(Cluster::start)
}

fn pg_bin() -> PathBuf {
    if let Some(bin) = std::env::var_os("SPIELWERK_PG_BIN") {
        return PathBuf::from(bin);
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    match found.pop() {
        Some((_, bin)) => bin,
        None => panic!(
            "PostgreSQL is not installed: no /usr/lib/postgresql/<version>/bin/initdb \
             (install Debian's postgresql package, as .ci/run does, or set SPIELWERK_PG_BIN)"
        ),
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

/// `program` with `args`, as the unprivileged user when we are root.
fn command(program: &Path, args: &[&str]) -> Command {
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", UNPRIVILEGED, "--"]).arg(program).args(args);
        command
    } else {
        let mut command = Command::new(program);
        command.args(args);
        command
    }
}

fn run(mut command: Command, what: &str) {
    let output = command.stdin(Stdio::null()).output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

impl Cluster {
    fn start() -> Cluster {
        let bin = pg_bin();
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let dir = std::env::temp_dir().join(format!("spielwerk-pg-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        if is_root() {
            run(
                {
                    let mut chown = Command::new("chown");
                    chown.arg(UNPRIVILEGED).arg(&dir);
                    chown
                },
                "chown of the cluster's folder",
            );
        }
        let data = dir.join("data");
        let data_text = data.to_str().unwrap();
        run(
            command(
                &bin.join("initdb"),
                &["-D", data_text, "-U", "spielwerk", "--auth=trust", "--no-sync", "-E", "UTF8"],
            ),
            "initdb",
        );
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off \
             -c max_connections=400",
            dir.display()
        );
        let log = dir.join("log");
        run(
            command(
                &bin.join("pg_ctl"),
                &["-D", data_text, "-l", log.to_str().unwrap(), "-w", "-o", &options, "start"],
            ),
            "pg_ctl start",
        );
        // Stops the cluster and removes it once this process is gone.
        let stop = if is_root() {
            format!("runuser -u {UNPRIVILEGED} -- {}/pg_ctl -D {data_text} -m immediate stop", bin.display())
        } else {
            format!("{}/pg_ctl -D {data_text} -m immediate stop", bin.display())
        };
        let watchdog = format!(
            "while kill -0 {} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf {}",
            std::process::id(),
            dir.display()
        );
        // The watchdog outlives the tests on purpose: nobody waits for it.
        #[expect(clippy::zombie_processes, reason = "the watchdog must outlive this process")]
        Command::new("sh")
            .args(["-c", &watchdog])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the cluster's watchdog");
        Cluster { bin, port, next: AtomicUsize::new(0) }
    }

    /// A new, empty database; returns its URL.
    pub fn database(&self) -> String {
        let name = format!("t_{}", self.next.fetch_add(1, Ordering::Relaxed));
        let port = self.port.to_string();
        let create = format!("CREATE DATABASE {name}");
        let mut psql = Command::new(self.bin.join("psql"));
        psql.args(["-h", "127.0.0.1", "-p", &port, "-U", "spielwerk", "-d", "postgres", "-qc", &create]);
        run(psql, "CREATE DATABASE");
        format!("postgres://spielwerk@127.0.0.1:{}/{name}", self.port)
    }

    /// Runs `sql` on the database at `url`.
    pub fn execute(&self, url: &str, sql: &str) {
        let mut psql = Command::new(self.bin.join("psql"));
        psql.args([url, "-v", "ON_ERROR_STOP=1", "-qc", sql]);
        run(psql, sql);
    }

    /// The number of rows `sql` counts in the database at `url`.
    pub fn count(&self, url: &str, sql: &str) -> i64 {
        let output = Command::new(self.bin.join("psql"))
            .args([url, "-tAc", sql])
            .stdin(Stdio::null())
            .output()
            .expect("psql");
        String::from_utf8_lossy(&output.stdout).trim().parse().unwrap_or(0)
    }
}
