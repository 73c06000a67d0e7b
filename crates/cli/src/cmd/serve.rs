//! `spielwerk serve`: the web platform.

use clap::Args;
use game::Registry;
use server::Limits;
use server::store::{Database, SCHEMA_VERSION};
use std::net::SocketAddr;
use std::time::Duration;

/// Arguments of `spielwerk serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Levels of the house engine (1–10, comma-separated) that play as
    /// bots anyone can challenge: accounts `Spielwerk-L<level>`.
    #[arg(long, value_name = "LEVELS", value_delimiter = ',', value_parser = clap::value_parser!(u8).range(1..=10))]
    pub house_bots: Vec<u8>,
    /// The database of games: a SQLite file (created if missing), or a
    /// PostgreSQL URL (`postgres://user@host/db`) that several instances
    /// share.
    #[arg(long, default_value = "spielwerk.db", value_parser = parse_db)]
    pub db: Database,
    /// New games one client address may create per minute, 0 for no limit
    /// [default: 60]. `spielwerk loadtest` needs 0 or a high number.
    #[arg(long)]
    pub games_per_minute: Option<u32>,
    /// Records one client address may import per minute, 0 for no limit [default: 30].
    #[arg(long)]
    pub imports_per_minute: Option<u32>,
    /// Analyses one client address may start per minute, 0 for no limit [default: 30].
    #[arg(long)]
    pub analyses_per_minute: Option<u32>,
    /// Analyses one client address may run at once [default: 2].
    #[arg(long)]
    pub analyses_per_client: Option<usize>,
    /// Analyses the server runs at once, all clients together [default: 16].
    #[arg(long)]
    pub analyses_total: Option<usize>,
    /// Positions of games one client (its account, else its address) may
    /// have waiting for their evaluation graph [default: 6000].
    #[arg(long, value_name = "PLIES")]
    pub evaluation_plies_per_client: Option<usize>,
    /// Positions of games all clients together may have waiting for their
    /// evaluation graph [default: 60000].
    #[arg(long, value_name = "PLIES")]
    pub evaluation_plies_total: Option<usize>,
    /// Engine searches at once; analyses get one fewer [default: one per core].
    #[arg(long)]
    pub engine_threads: Option<usize>,
    /// Games kept in memory while nobody watches them [default: 1000].
    #[arg(long)]
    pub idle_games: Option<usize>,
    /// A reverse proxy in front of this server (repeatable): a request
    /// from it counts for the client it names last in `X-Forwarded-For`
    /// (the limits above are per client address). Without it, or from
    /// any other address, the header is ignored.
    #[arg(long, value_name = "ADDR")]
    pub trusted_proxy: Vec<std::net::IpAddr>,
    /// Seconds a connection may take to send a request's head, and may
    /// stay idle between requests, before it is closed [default: 10].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout: Option<u64>,
    /// Seconds a client may take to send a request's body (408 beyond) [default: 30].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout: Option<u64>,
    /// Connections one client address may hold at once, 0 for no cap
    /// (trusted proxies have none) [default: 64]. `spielwerk loadtest`
    /// from one address needs 0 or a high number.
    #[arg(long, value_name = "N")]
    pub connections_per_address: Option<usize>,
    /// Passwords hashed at once, server-wide (each takes 19 MiB) [default: one per core, at most 4].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub password_hashes: Option<u64>,
    /// Sign-ups and log-ins that may wait for a password hash at once,
    /// server-wide; more are refused with 429 [default: 16].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub password_queue: Option<u64>,
    /// Seconds each side has for its first move in a clock game between
    /// people before the game is aborted [default: 30].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub first_move_secs: Option<u64>,
    /// Seconds a player may be gone from a game before the opponent may
    /// claim the win or a draw [default: 60].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub absence_secs: Option<u64>,
    /// Seconds a game without a move stays in the lobby's list of running
    /// games; its players still find it under their own games [default:
    /// 120].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub unstarted_listed_secs: Option<u64>,
    /// The shortest arena tournament one may make, minutes [default: 10].
    #[arg(long, value_name = "MINUTES", value_parser = clap::value_parser!(i64).range(1..=720))]
    pub shortest_arena_minutes: Option<i64>,
    /// The house's arenas: one upcoming per game, on a 3+2 clock, for
    /// people and bots (one house bot joins), each lasting this many
    /// minutes and starting at the next multiple of it (for 30, every full
    /// and half hour); 0 for none [default: 30].
    #[arg(long, value_name = "MINUTES", value_parser = clap::value_parser!(i64).range(0..=720))]
    pub house_arena_minutes: Option<i64>,
    /// A correspondence league's sign-up period, minutes: a season starts
    /// this long after the one before ended, and its start moves on by as
    /// much while fewer than two have signed up; a fraction for tests
    /// (`0.1`: six seconds) [default: 10080, a week].
    #[arg(long, value_name = "MINUTES", value_parser = parse_signup_minutes)]
    pub league_signup_minutes: Option<Duration>,
    /// WebSockets one client address may hold open at once, 0 for no cap
    /// [default: 32].
    #[arg(long, value_name = "N")]
    pub sockets_per_address: Option<usize>,
    /// The largest message (and frame) a client may send over a
    /// WebSocket, in bytes; a larger one closes the socket [default: 4096].
    #[arg(long, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(256..=1_048_576))]
    pub socket_message_bytes: Option<u64>,
    /// Seconds a WebSocket may stay silent (no message, no answer to the
    /// server's pings) before it is closed [default: 60].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(3..))]
    pub socket_idle_secs: Option<u64>,
    /// The address people reach the server at, which invite links start
    /// with (`https://play.example`) [default: http:// and --addr].
    #[arg(long, value_name = "URL", value_parser = parse_public_url)]
    pub public_url: Option<String>,
}

/// The duration of the house's arenas unless `--house-arena-minutes`
/// says otherwise, minutes.
const HOUSE_ARENA_MINUTES: i64 = 30;

impl ServeArgs {
    /// The limits the flags ask for, the defaults for the others.
    pub fn limits(&self) -> Limits {
        let defaults = Limits::default();
        Limits {
            games_per_minute: self.games_per_minute.unwrap_or(defaults.games_per_minute),
            imports_per_minute: self.imports_per_minute.unwrap_or(defaults.imports_per_minute),
            analyses_per_minute: self.analyses_per_minute.unwrap_or(defaults.analyses_per_minute),
            analyses_per_client: self.analyses_per_client.unwrap_or(defaults.analyses_per_client),
            analyses_total: self.analyses_total.unwrap_or(defaults.analyses_total),
            evaluation_plies_per_client: self
                .evaluation_plies_per_client
                .unwrap_or(defaults.evaluation_plies_per_client),
            evaluation_plies_total: self.evaluation_plies_total.unwrap_or(defaults.evaluation_plies_total),
            engine_threads: self.engine_threads.unwrap_or(defaults.engine_threads),
            idle_games: self.idle_games.unwrap_or(defaults.idle_games),
            header_timeout: self.header_timeout.map_or(defaults.header_timeout, Duration::from_secs),
            body_timeout: self.body_timeout.map_or(defaults.body_timeout, Duration::from_secs),
            connections_per_address: self.connections_per_address.unwrap_or(defaults.connections_per_address),
            password_hashes: self
                .password_hashes
                .map_or(defaults.password_hashes, |n| usize::try_from(n).unwrap_or(usize::MAX)),
            password_queue: self
                .password_queue
                .map_or(defaults.password_queue, |n| usize::try_from(n).unwrap_or(usize::MAX)),
            correspondence_day: defaults.correspondence_day,
            patience: server::Patience {
                first_move: self.first_move_secs.map_or(defaults.patience.first_move, Duration::from_secs),
                absence: self.absence_secs.map_or(defaults.patience.absence, Duration::from_secs),
                unstarted_listed: self
                    .unstarted_listed_secs
                    .map_or(defaults.patience.unstarted_listed, Duration::from_secs),
                guest_engine_listed: defaults.patience.guest_engine_listed,
                shortest_arena_minutes: self
                    .shortest_arena_minutes
                    .unwrap_or(defaults.patience.shortest_arena_minutes),
                house_arena_minutes: self.house_arena_minutes.unwrap_or(HOUSE_ARENA_MINUTES),
                league_signup: self.league_signup_minutes.unwrap_or(defaults.patience.league_signup),
            },
            sockets: server::SocketLimits {
                per_address: self.sockets_per_address.unwrap_or(defaults.sockets.per_address),
                message_bytes: self
                    .socket_message_bytes
                    .map_or(defaults.sockets.message_bytes, |n| usize::try_from(n).unwrap_or(usize::MAX)),
                idle: self.socket_idle_secs.map_or(defaults.sockets.idle, Duration::from_secs),
            },
            ..defaults
        }
    }
}

/// Reads `--league-signup-minutes`: minutes, a fraction allowed, from a
/// second (`0.0167`) to a year (525600).
fn parse_signup_minutes(text: &str) -> Result<Duration, String> {
    let minutes: f64 = text.trim().parse().map_err(|_| format!("'{text}' is not a number of minutes"))?;
    if !(1.0 / 60.0 - 1e-9..=525_600.0).contains(&minutes) {
        return Err(format!("{minutes} minutes is not between a second (0.0167) and a year (525600)"));
    }
    Ok(Duration::from_secs_f64((minutes * 60.0).max(1.0)))
}

/// Reads `--db`: a `postgres://` URL or a SQLite file's path.
pub fn parse_db(text: &str) -> Result<Database, String> {
    if text.trim().is_empty() {
        return Err("the database must be a file path or a postgres:// URL".to_owned());
    }
    Ok(Database::parse(text))
}

/// Reads `--public-url`: `http://` or `https://` and a host, nothing after
/// the path; a `/` at the end is dropped.
fn parse_public_url(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"));
    match rest {
        Some(rest) if !rest.is_empty() && !rest.contains(['?', '#', ' ']) => Ok(text.to_owned()),
        _ => Err(format!("'{text}' is not an http:// or https:// URL like https://play.example")),
    }
}

/// Logs to stderr with `tracing`: what `RUST_LOG` says, else `info`;
/// coloured only when stderr is a terminal (a file or a journal gets plain
/// text).
fn start_logging() {
    use std::io::IsTerminal as _;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}

/// Serves the web platform until Ctrl-C or SIGTERM.
pub fn run(registry: Registry, args: &ServeArgs) -> anyhow::Result<()> {
    start_logging();
    let config = server::Config {
        addr: args.addr,
        db: args.db.clone(),
        limits: args.limits(),
        trusted_proxies: args.trusted_proxy.clone(),
        public_url: args.public_url.clone(),
    };
    let bots_registry = registry.clone();
    server::serve(registry, &config, &args.house_bots, |addr, house_bots| {
        println!("Spielwerk serves http://{addr}/ (games in {})", args.db);
        for house in &house_bots {
            println!("house bot {} plays at level {}", house.name, house.level);
        }
        crate::cmd::bot::play_house_bots(&bots_registry, addr, house_bots);
    })?;
    Ok(())
}

/// Arguments of `spielwerk migrate`.
#[derive(Args, Debug)]
pub struct MigrateArgs {
    /// The database: a SQLite file (created if missing) or a PostgreSQL
    /// URL (`postgres://user@host/db`).
    #[arg(long, default_value = "spielwerk.db", value_parser = parse_db)]
    pub db: Database,
}

/// Brings the database to the schema this program writes.
pub fn migrate(args: &MigrateArgs) -> anyhow::Result<()> {
    let found = server::migrate(&args.db)?;
    if found == SCHEMA_VERSION {
        println!("{} is at schema version {SCHEMA_VERSION}; nothing to do", args.db);
    } else {
        println!("{} migrated from schema version {found} to {SCHEMA_VERSION}", args.db);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_http_or_https_with_a_host() {
        assert_eq!(parse_public_url("https://play.example/").unwrap(), "https://play.example");
        assert_eq!(parse_public_url("http://127.0.0.1:8080").unwrap(), "http://127.0.0.1:8080");
        for bad in ["play.example", "https://", "ftp://x", "https://x/?a=1"] {
            assert!(parse_public_url(bad).is_err(), "{bad}");
        }
    }
}
