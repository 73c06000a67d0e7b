//! One module per `spielwerk` command.

pub mod account;
pub mod amakta;
pub mod analyse;
pub mod balance;
pub mod bot;
pub mod bunker;
pub mod datagen;
pub mod engine; // protocol commands
pub mod loadtest;
pub mod match_play; // protocol commands
pub mod matches; // protocol commands
pub mod moves;
pub mod perft;
pub mod play;
pub mod plot;
pub mod puzzles;
pub mod record;
pub mod review;
pub mod rules;
pub mod serve;
pub mod train;
pub mod tune;
pub mod tune_search; // protocol commands

use game::{GameEntry, Language, Registry, Text, text};
use std::fmt::Display;

/// What `pick` finds in the entry of the game `wanted`, for a command
/// that works only with some games. Else an error in `language` that
/// `missing(wanted, names)` words, `names` being the games where `pick`
/// finds something, comma separated.
fn game_with<T>(
    registry: &Registry,
    wanted: &str,
    pick: impl Fn(&GameEntry) -> Option<T>,
    missing: impl FnOnce(&str, &str) -> Text,
    language: Language,
) -> anyhow::Result<T> {
    if let Some(found) = registry.get(wanted).ok().and_then(&pick) {
        return Ok(found);
    }
    let names: Vec<&str> =
        registry.entries().iter().filter(|entry| pick(entry).is_some()).map(|entry| entry.name).collect();
    anyhow::bail!("{}", missing(wanted, &names.join(", ")).get(language))
}

/// Fails unless `lambda`, the weight of the search score in a training
/// target (the rest is the game's result), is between 0 and 1; the error
/// in `language`.
fn check_lambda<T: Into<f64> + Display + Copy>(lambda: T, language: Language) -> anyhow::Result<()> {
    if !(0.0..=1.0).contains(&lambda.into()) {
        let lambda = crate::messages::decimals(&lambda.to_string(), language);
        let message = text!(
            "--lambda {lambda} is not between 0 and 1",
            "--lambda {lambda} liegt nicht zwischen 0 und 1"
        );
        anyhow::bail!("{}", message.get(language));
    }
    Ok(())
}
