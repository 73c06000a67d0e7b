//! `spielwerk account …`: the operator's care of the server's accounts.

use crate::cmd::serve::parse_db;
use clap::{Args, Subcommand};
use server::store::Database;

/// Arguments of `spielwerk account`.
#[derive(Args, Debug)]
pub struct AccountArgs {
    #[command(subcommand)]
    pub command: AccountCommand,
}

/// What an operator does to an account.
#[derive(Subcommand, Debug)]
pub enum AccountCommand {
    /// Give an account a new recovery code (printed once; the old one stops
    /// working), for an owner who lost password and code: they set a new
    /// password with it on the sign-in page ("Forgot your password?").
    Reset {
        /// The account's name (any case).
        name: String,
        /// The database `spielwerk serve` uses: a SQLite file or a
        /// PostgreSQL URL (`postgres://user@host/db`); the server may be
        /// running.
        #[arg(long, default_value = "spielwerk.db", value_parser = parse_db)]
        db: Database,
    },
}

/// Runs an account command; its messages in `language`.
pub fn run(args: &AccountArgs, language: game::Language) -> anyhow::Result<()> {
    match &args.command {
        AccountCommand::Reset { name, db } => {
            let (name, code) = server::reset_recovery_code(db, name).map_err(|error| match error {
                server::ServerError::Domain(error) => anyhow::anyhow!("{}", error.message.get(language)),
                other => anyhow::Error::new(other),
            })?;
            let line = game::text!(
                "New recovery code of {name}: {code} (shown once; the old one no longer works)",
                "Neuer Wiederherstellungscode für {name}: {code} (nur jetzt gezeigt; der alte gilt nicht mehr)"
            );
            crate::messages::write_line(line.get(language))?;
        }
    }
    Ok(())
}
