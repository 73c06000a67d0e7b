//! `spielwerk serve`: the web platform.

use clap::Args;
use game::Registry;
use server::Limits;
use server::store::{Database, SCHEMA_VERSION};
use std::net::SocketAddr;

/// Arguments of `spielwerk serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
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
}

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
            engine_threads: self.engine_threads.unwrap_or(defaults.engine_threads),
            idle_games: self.idle_games.unwrap_or(defaults.idle_games),
        }
    }
}

/// Reads `--db`: a `postgres://` URL or a SQLite file's path.
fn parse_db(text: &str) -> Result<Database, String> {
    if text.trim().is_empty() {
        return Err("the database must be a file path or a postgres:// URL".to_owned());
    }
    Ok(Database::parse(text))
}

/// Serves the web platform until Ctrl-C or SIGTERM.
pub fn run(registry: Registry, args: &ServeArgs) -> anyhow::Result<()> {
    let config = server::Config {
        addr: args.addr,
        db: args.db.clone(),
        limits: args.limits(),
        trusted_proxies: args.trusted_proxy.clone(),
    };
    server::serve(registry, &config, |addr| {
        println!("Spielwerk serves http://{addr}/ (games in {})", args.db);
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
