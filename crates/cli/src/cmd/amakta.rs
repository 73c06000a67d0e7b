//! `spielwerk amakta …`: tools for Amakta's stones and the balance of its
//! sets ([`crate::cmd::balance`]).

use crate::messages::{OutputError, write_line};
use anyhow::anyhow;
use clap::{Args, Subcommand};
use game::text;
use std::io::Write;

/// Arguments of `spielwerk amakta`.
#[derive(Args, Debug)]
pub struct AmaktaArgs {
    #[command(subcommand)]
    pub command: AmaktaCommand,
}

/// The Amakta tools.
#[derive(Subcommand, Debug)]
pub enum AmaktaCommand {
    /// List the canonical code of every distinct stone (stones equal up to
    /// rotation and mirroring are one stone).
    Stones {
        /// Print only how many there are.
        #[arg(long)]
        count: bool,
    },
    /// Show a stone: its canonical code, its distinct orientations and a
    /// drawing.
    Stone {
        /// Six digits, one per direction E NE NW W SW SE: 0 none, 1 blue,
        /// 2 green, 3 red, 4 blue+blue, 5 green+green, 6 red+red,
        /// 7 blue+green, 8 blue+red, 9 green+red.
        code: String,
    },
    /// The value of a stone in Amakta Infinit (what creating it costs).
    Value {
        /// The stone's six-digit code.
        code: String,
        /// Its circle: none, damage or reinforcement (also n, d, r).
        #[arg(long, default_value = "none")]
        circle: String,
    },
    /// Self-play between equal engines: which sets are fair for both
    /// colours on a board, and which circles make a set fair (the first
    /// player's score with its 95 % interval, draw and decisive rates,
    /// game length; resumable; CSV and SVG in --out).
    Balance(crate::cmd::balance::BalanceArgs),
}

/// Runs an Amakta tool; descriptions and errors in `language`.
pub fn run(args: &AmaktaArgs, language: game::Language) -> anyhow::Result<()> {
    let stone =
        |code: &str| amakta::Stone::parse(code).map_err(|error| anyhow!("{}", error.message(language)));
    match &args.command {
        AmaktaCommand::Stones { count: true } => write_line(amakta::stones::count_distinct())?,
        AmaktaCommand::Stones { count: false } => {
            let canonical =
                (0..1_000_000).filter_map(amakta::Stone::from_number).filter(|s| s.is_canonical());
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for stone in canonical {
                if let Err(error) = writeln!(out, "{stone}") {
                    // A closed pipe (`| head`) just ends the listing.
                    return if error.kind() == std::io::ErrorKind::BrokenPipe {
                        Ok(())
                    } else {
                        Err(OutputError::from(error).into())
                    };
                }
            }
            out.flush().map_err(OutputError::from)?;
        }
        AmaktaCommand::Stone { code } => write_line(stone(code)?.describe(language))?,
        AmaktaCommand::Balance(balance) => crate::cmd::balance::run(balance)?,
        AmaktaCommand::Value { code, circle } => {
            let stone = stone(code)?;
            let unknown = text!(
                "unknown circle '{circle}': say none, damage or reinforcement",
                "unbekannter Kreis „{circle}“: none (keiner), damage (Schaden) oder reinforcement (Verstärkung)"
            );
            let circle = amakta::Circle::parse(circle).ok_or_else(|| anyhow!("{}", unknown.get(language)))?;
            write_line(amakta::infinit::value_text(stone, circle))?;
        }
    }
    Ok(())
}
