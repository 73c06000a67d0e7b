//! `spielwerk serve`: the web platform.

use clap::Args;
use game::Registry;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Arguments of `spielwerk serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The SQLite database of games (created if missing).
    #[arg(long, default_value = "spielwerk.db")]
    pub db: PathBuf,
}

/// Serves the web platform until Ctrl-C or SIGTERM.
pub fn run(registry: Registry, args: &ServeArgs) -> anyhow::Result<()> {
    let config = server::Config { addr: args.addr, db: args.db.clone() };
    server::serve(registry, &config, |addr| {
        println!("Spielwerk serves http://{addr}/ (games in {})", args.db.display());
    })?;
    Ok(())
}
