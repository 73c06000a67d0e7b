//! Quick pairing as on lichess: a signed-in account joins the pool of a
//! game and clock (`POST /api/pool` with `{"game", "clock", "rated"}`),
//! and is paired with whoever waits in the same pool, within a rating
//! range that widens the longer both wait ([`range`]). The game is made
//! with random sides and both players' lobby connections are told at
//! once (see [`crate::core::lobby_live`]), so that both browsers go to
//! it. `DELETE /api/pool` leaves; `GET /api/pool` says where the account
//! waits and how many wait in each pool.
//!
//! An account waits in one pool at a time (joining another leaves the
//! first; joining the same one again changes nothing). It leaves when its
//! last lobby connection closed [`App::lobby_grace_ms`] ago (so that a
//! reload or another page keeps it; a client that never opens one has as
//! long), or when paired. Every instance looks for
//! pairs every [`PAIRING_EVERY`] as the ranges widen; two instances
//! taking the same entry at once make one game, as the database lets
//! only one take it.

use crate::contract::common::SeatId;
use crate::contract::lobby::{PairedGame, PoolCount, PoolEntry, PoolJoinRequest, PoolReply};
use crate::core::app::App;
use crate::core::correspondence::rating_key;
use crate::core::error::DomainError;
use crate::core::periodic;
use crate::core::rating::Glicko;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::setup::{check_rated, game_between, parse_clock, start_paired};
use crate::store::{Op, PoolRow, TermsRow};
use game::Player;
use std::collections::BTreeMap;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How often every instance looks for pairs in the pools.
pub const PAIRING_EVERY: Duration = Duration::from_secs(1);
/// The rating difference a pairing allows at first.
const RANGE_START: f64 = 200.0;
/// How much the range widens per second of waiting.
const RANGE_PER_SECOND: f64 = 20.0;

/// The rating difference an entry accepts after waiting `waited_ms`: 200
/// at first, 20 more each second (anyone after about a minute and a half).
pub fn range(waited_ms: i64) -> f64 {
    RANGE_START + RANGE_PER_SECOND * (waited_ms.max(0) as f64 / 1000.0)
}

/// A clock as `"5+3"`: minutes (with a fraction for seconds) + seconds.
fn clock_text((initial, increment): (i64, i64)) -> String {
    let minutes = initial as f64 / 60_000.0;
    let seconds = increment as f64 / 1000.0;
    format!("{minutes}+{seconds}")
}

/// The entry of `row` as its account sees it.
fn entry_of(row: &PoolRow) -> PoolEntry {
    PoolEntry {
        game: row.game.clone(),
        clock: clock_text(row.clock),
        rated: row.rated,
        rating: row.rating.round(),
        joined_ms: row.joined_ms,
    }
}

/// The pools' entries now.
async fn entries(app: &App) -> Result<Vec<PoolRow>, DomainError> {
    let now = now_ms();
    app.read(|db| db.pool_entries(now - app.lobby_grace_ms, now)).await
}

/// The reply for `account`: its entry and the counts.
async fn reply(app: &App, account: &Account, paired: Option<PairedGame>) -> Result<PoolReply, DomainError> {
    let rows = entries(app).await?;
    let mut counts: BTreeMap<(String, (i64, i64), bool), usize> = BTreeMap::new();
    for row in &rows {
        *counts.entry((row.game.clone(), row.clock, row.rated)).or_default() += 1;
    }
    let pools = counts
        .into_iter()
        .map(|((game, clock, rated), waiting)| PoolCount { game, clock: clock_text(clock), rated, waiting })
        .collect();
    let entry = rows.iter().find(|row| row.account_id == account.id).map(entry_of);
    Ok(PoolReply { entry, paired, pools })
}

/// `GET /api/pool`: where `account` waits and how many wait in each pool.
pub async fn status(app: &App, account: &Account) -> Result<PoolReply, DomainError> {
    reply(app, account, None).await
}

/// `POST /api/pool`: `account` joins (or stays in) the pool; pairs at once
/// when somebody fitting waits (`paired` names the game); 403 for a bot
/// (see [`crate::features::bots::refuse_bot`]).
pub async fn join(
    app: &Arc<App>,
    account: &Account,
    request: PoolJoinRequest,
) -> Result<PoolReply, DomainError> {
    crate::features::bots::refuse_bot(app, account).await?;
    let entry = *app.registry.get(&request.game)?;
    let clock = parse_clock(&request.clock)?;
    check_rated(request.rated, true, true)?;
    let clock = (clock.initial_ms, clock.increment_ms);
    let waiting = entries(app).await?;
    let same = waiting
        .iter()
        .find(|row| row.account_id == account.id)
        .filter(|row| row.game == entry.name && row.clock == clock && row.rated == request.rated);
    if same.is_none() {
        let key = rating_key(entry.name, false);
        let rating = app.read(|db| db.rating(&account.id, &key)).await?;
        let row = PoolRow {
            account_id: account.id.clone(),
            account_name: account.name.clone(),
            game: entry.name.to_owned(),
            clock,
            rated: request.rated,
            rating: rating.as_ref().map_or_else(Glicko::default, Glicko::of).rating,
            joined_ms: now_ms(),
        };
        app.write(vec![Op::JoinPool(row)]).await?;
    }
    let paired = pair(app).await?.into_iter().find_map(|(game, players)| {
        players
            .into_iter()
            .find(|(id, _)| *id == account.id)
            .map(|(_, seat)| PairedGame { id: game, seat: SeatId::from(seat) })
    });
    reply(app, account, paired).await
}

/// `DELETE /api/pool`: `account` leaves the pool (if in one).
pub async fn leave(app: &App, account: &Account) -> Result<PoolReply, DomainError> {
    app.write(vec![Op::LeavePool { account_id: account.id.clone(), joined_ms: None }]).await?;
    reply(app, account, None).await
}

/// The pairs to make of `entries` at `now` (indexes into it): the longest
/// waiting first, each with the one nearest in rating of the same pool
/// that both ranges allow.
pub fn pairs(entries: &[PoolRow], now: i64) -> Vec<(usize, usize)> {
    let mut taken = vec![false; entries.len()];
    let mut pairs = Vec::new();
    for (i, first) in entries.iter().enumerate() {
        if taken[i] {
            continue;
        }
        let fits = |other: &PoolRow| {
            other.account_id != first.account_id
                && other.game == first.game
                && other.clock == first.clock
                && other.rated == first.rated
                && (other.rating - first.rating).abs()
                    <= range(now - first.joined_ms).min(range(now - other.joined_ms))
        };
        let partner = entries
            .iter()
            .enumerate()
            .filter(|&(j, other)| j != i && !taken[j] && fits(other))
            .min_by(|(_, a), (_, b)| {
                let (da, db) = ((a.rating - first.rating).abs(), (b.rating - first.rating).abs());
                da.total_cmp(&db)
            })
            .map(|(j, _)| j);
        if let Some(j) = partner {
            taken[i] = true;
            taken[j] = true;
            pairs.push((i, j));
        }
    }
    pairs
}

/// A game and its players (account id, seat).
type Made = (String, Vec<(String, Player)>);

/// Pairs whoever can be paired now; returns the games made.
pub async fn pair(app: &Arc<App>) -> Result<Vec<Made>, DomainError> {
    let rows = entries(app).await?;
    let mut made = Vec::new();
    for (i, j) in pairs(&rows, now_ms()) {
        match start(app, &rows[i], &rows[j]).await {
            Ok(Some(game)) => made.push(game),
            Ok(None) => {}
            Err(error) => tracing::warn!(error = error.message.en, "a pool pairing failed"),
        }
    }
    Ok(made)
}

/// Makes the game of `first` and `second` and takes both out of the pool;
/// `None` when either left or was paired meanwhile.
async fn start(app: &Arc<App>, first: &PoolRow, second: &PoolRow) -> Result<Option<Made>, DomainError> {
    let terms = TermsRow {
        game: first.game.clone(),
        options: "{}".to_owned(),
        clock: Some(first.clock),
        rated: first.rated,
        side: "random".to_owned(),
        days_per_move: None,
        takebacks: !first.rated,
    };
    let account = |row: &PoolRow| Account { id: row.account_id.clone(), name: row.account_name.clone() };
    let (table, second_seat) = game_between(app, &terms, &account(first), &account(second)).await?;
    let game = table.id.clone();
    let seats = [(first, second_seat.other()), (second, second_seat)];
    let names = seats.map(|(_, seat)| seat.to_string());
    let players =
        [(first.account_id.as_str(), names[0].as_str()), (second.account_id.as_str(), names[1].as_str())];
    let left = vec![
        Op::LeavePool { account_id: first.account_id.clone(), joined_ms: Some(first.joined_ms) },
        Op::LeavePool { account_id: second.account_id.clone(), joined_ms: Some(second.joined_ms) },
    ];
    if !start_paired(app, table, left, &players).await? {
        return Ok(None);
    }
    let players = seats.iter().map(|(row, seat)| (row.account_id.clone(), *seat)).collect();
    Ok(Some((game, players)))
}

/// Looks for pairs every [`PAIRING_EVERY`] (as the ranges widen) until the
/// server stops.
pub async fn keep_pairing(app: Weak<App>) {
    periodic::every(app, PAIRING_EVERY, |app| async move {
        if let Err(error) = pair(&app).await {
            tracing::warn!(error = error.message.en, "looking for pool pairs failed");
        }
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(account: &str, rating: f64, joined_ms: i64) -> PoolRow {
        PoolRow {
            account_id: account.to_owned(),
            account_name: account.to_owned(),
            game: "ataxx".to_owned(),
            clock: (300_000, 3000),
            rated: true,
            rating,
            joined_ms,
        }
    }

    #[test]
    fn the_range_widens_with_the_wait() {
        assert_eq!(range(0), 200.0);
        assert_eq!(range(10_000), 400.0);
        assert_eq!(range(-5), 200.0, "a clock behind another instance's waits nothing");
    }

    #[test]
    fn the_longest_waiting_is_paired_with_the_nearest_rating_both_ranges_allow() {
        let now = 100_000;
        let rows = [
            entry("a", 1500.0, now),
            entry("b", 1900.0, now),
            entry("c", 1650.0, now),
            entry("d", 1560.0, now),
        ];
        assert_eq!(pairs(&rows, now), [(0, 3)], "b and c are 250 apart, more than 200");
        // After 10 s of waiting b (1900) and c (1650) fit too.
        assert_eq!(pairs(&rows, now + 10_000), [(0, 3), (1, 2)]);
    }

    #[test]
    fn other_pools_and_ones_own_entry_are_never_paired() {
        let now = 1_000_000;
        let mut other_clock = entry("b", 1500.0, 0);
        other_clock.clock = (60_000, 0);
        let mut casual = entry("c", 1500.0, 0);
        casual.rated = false;
        let mut other_game = entry("d", 1500.0, 0);
        other_game.game = "abalone".to_owned();
        let rows = [entry("a", 1500.0, 0), other_clock, casual, other_game];
        assert!(pairs(&rows, now).is_empty());
    }
}
