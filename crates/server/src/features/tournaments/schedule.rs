//! The house's schedule, so that a newcomer always finds an arena to
//! join: with `spielwerk serve --house-arena-minutes N` (30 by default; 0,
//! and the tests' default, for none) the server keeps one upcoming arena
//! per game, made by the house account ([`HOUSE_ACCOUNT`]): on a
//! [`HOUSE_CLOCK`] clock, for people and bots, rated, starting at the next
//! multiple of N minutes (the next full or half hour for 30) and lasting N
//! minutes, so that the next begins as one ends. One house bot (the middle
//! one of those `--house-bots` plays, if any) joins each, so that a player
//! alone has an opponent at once; bots are not paired with each other
//! then, as there is only one.
//!
//! An arena's id is made of its game and its start (`house-ataxx-…`):
//! two instances that make the same arena at once store it once. The
//! list leaves out the house's arenas that finished without a game.

use crate::contract::tournaments::ArenaBots;
use crate::core::app::App;
use crate::core::correspondence::rating_key;
use crate::core::error::DomainError;
use crate::core::periodic;
use crate::core::rating::Glicko;
use crate::core::secret::new_game_id;
use crate::core::table::now_ms;
use crate::features::house_bots::{self, NO_PASSWORD};
use crate::store::{AccountRow, Op, TournamentRow};
use std::sync::Weak;
use std::time::Duration;

/// The name of the account that makes the house's arenas (nobody signs
/// in as it: it has no password).
pub const HOUSE_ACCOUNT: &str = "Spielwerk";
/// The clock of the house's arenas, ms: 3 minutes and 2 seconds a move.
pub const HOUSE_CLOCK: (i64, i64) = (180_000, 2_000);
/// The prefix of the ids of the house's arenas.
pub const HOUSE_ID_PREFIX: &str = "house-";
/// How often the schedule is looked at.
const LOOK: Duration = Duration::from_secs(20);

/// The start of the next house arena after `now` (ms since the epoch) in
/// a schedule of arenas of `minutes`: the next multiple of `minutes`
/// since the epoch (for 30, the next full or half hour), after `now`.
#[must_use]
pub fn next_start(now: i64, minutes: i64) -> i64 {
    let every = minutes.max(1) * 60_000;
    (now.div_euclid(every) + 1) * every
}

/// The house account, made when it is missing; `None` (logged) when a
/// person's account has its name.
async fn house_account(app: &App) -> Result<Option<AccountRow>, DomainError> {
    if let Some(row) = app.read(|db| db.account_by_name(HOUSE_ACCOUNT)).await? {
        if row.password_hash != NO_PASSWORD {
            tracing::warn!("the house's arenas are not made: a person's account is named {HOUSE_ACCOUNT}");
            return Ok(None);
        }
        return Ok(Some(row));
    }
    let row = AccountRow {
        id: new_game_id(),
        name: HOUSE_ACCOUNT.to_owned(),
        password_hash: NO_PASSWORD.to_owned(),
        created_ms: now_ms(),
    };
    app.write(vec![Op::CreateAccount(row.clone())]).await?;
    Ok(Some(row))
}

/// The house bot that joins the house's arenas: the middle one of the
/// house bots' accounts (`Spielwerk-L1` to `-L10`, made by the house).
async fn house_bot(app: &App) -> Result<Option<AccountRow>, DomainError> {
    let mut found = Vec::new();
    for level in 1..=10 {
        let name = house_bots::name(level);
        if let Some(row) = app.read(|db| db.account_by_name(&name)).await?
            && row.password_hash == NO_PASSWORD
        {
            found.push(row);
        }
    }
    let middle = found.len() / 2;
    Ok(found.into_iter().nth(middle))
}

/// The house's arena of `game` (with its `title`) starting at `starts_ms`,
/// made by `house`.
fn house_arena(house: &AccountRow, game: &str, title: &str, starts_ms: i64, minutes: i64) -> TournamentRow {
    TournamentRow {
        id: format!("{HOUSE_ID_PREFIX}{game}-{}", starts_ms / 60_000),
        kind: "arena".to_owned(),
        name: format!("{title} Arena"),
        game: game.to_owned(),
        clock: HOUSE_CLOCK,
        days_per_move: None,
        rounds: 0,
        rated: true,
        bots: ArenaBots::Welcome.word().to_owned(),
        rating_range: (None, None),
        starts_ms,
        duration_ms: minutes * 60_000,
        status: "created".to_owned(),
        created_by: house.id.clone(),
        created_by_name: house.name.clone(),
        created_ms: now_ms(),
        winner_id: None,
        winner_name: None,
        version: 0,
        player_count: 0,
    }
}

/// The op that joins `bot` to the house arena `tournament` of `game`.
async fn bot_joins(app: &App, bot: &AccountRow, tournament: &str, game: &str) -> Result<Op, DomainError> {
    let key = rating_key(game, false);
    let rating = app.read(|db| db.rating(&bot.id, &key)).await?;
    Ok(Op::JoinTournament {
        tournament_id: tournament.to_owned(),
        account_id: bot.id.clone(),
        rating: rating.as_ref().map_or_else(Glicko::default, Glicko::of).rating,
        joined_ms: now_ms(),
    })
}

/// Makes the house arena of each game that has none upcoming, and joins
/// the house bot to an upcoming one made before the bot's account was
/// (the schedule's first look may come before `--house-bots` made it).
async fn look(app: &App, minutes: i64) -> Result<(), DomainError> {
    let Some(house) = house_account(app).await? else { return Ok(()) };
    let now = now_ms();
    let made = app.read(|db| db.tournaments()).await?;
    let bot = house_bot(app).await?;
    for entry in app.registry.entries() {
        let upcoming =
            made.iter().find(|t| t.created_by == house.id && t.game == entry.name && t.starts_ms > now);
        if let Some(upcoming) = upcoming {
            if let Some(bot) = &bot
                && upcoming.player_count == 0
            {
                app.write(vec![bot_joins(app, bot, &upcoming.id, entry.name).await?]).await?;
            }
            continue;
        }
        let row = house_arena(&house, entry.name, entry.title.en, next_start(now, minutes), minutes);
        if made.iter().any(|t| t.id == row.id) {
            continue;
        }
        let mut ops = Vec::new();
        if let Some(bot) = &bot {
            ops.push(bot_joins(app, bot, &row.id, entry.name).await?);
        }
        ops.insert(0, Op::CreateTournament(Box::new(row)));
        // Another instance may have made it meanwhile: its id is taken, and nothing is stored twice.
        if let Err(error) = app.write(ops).await {
            tracing::debug!(error = error.message.en, "a house arena was not made");
        }
    }
    Ok(())
}

/// Keeps the house's schedule of arenas of `minutes` (see the module
/// doc) until the server stops.
pub async fn keep_scheduled(app: Weak<App>, minutes: i64) {
    periodic::every(app, LOOK, move |app| async move {
        if let Err(error) = look(&app, minutes).await {
            tracing::warn!(error = error.message.en, "the house's arenas were not looked at");
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_start_is_the_next_full_or_half_hour() {
        let hour = 3_600_000;
        let at = |h: i64, m: i64, s: i64| h * hour + m * 60_000 + s * 1000;
        assert_eq!(next_start(at(14, 12, 5), 30), at(14, 30, 0));
        assert_eq!(next_start(at(14, 30, 0), 30), at(15, 0, 0), "never the start under way");
        assert_eq!(next_start(at(14, 59, 59), 30), at(15, 0, 0));
        assert_eq!(next_start(at(14, 12, 5), 60), at(15, 0, 0));
        assert_eq!(next_start(at(14, 12, 5), 1), at(14, 13, 0));
    }
}
