//! `GET /api/games?offset=N&limit=M`: the running games, a page at a time,
//! read from the database (the games in memory are only a cache);
//! `page=P` (from 1) instead of `offset` counts pages of `limit` games,
//! `mine=1` lists the games of the signed-in account, `ids=a,b,…` the
//! games of these ids (the seats a browser keeps without an account).
//!
//! The public list (no `mine=` or `ids=`) shows the games under way: a
//! game without a move leaves it after the server's patience for it
//! ([`crate::Patience::unstarted_listed`], 2 minutes unless `spielwerk
//! serve` is told otherwise); its players still find it under their own
//! games. A guest's game against the engine (no account at a seat) leaves
//! it after [`crate::Patience::guest_engine_listed`] (10 minutes) without a
//! move.
//!
//! Games between people that nobody joined for an hour, or where nobody
//! moved for a day, are abandoned: [`expire_abandoned`] ends them
//! (reason `abandoned`; they stay stored) and so they leave the lobby.

use crate::contract::common::SeatId;
use crate::contract::common::{Seat, SeatPlayer};
use crate::contract::lobby::{LobbyGame, LobbyGamesReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::periodic;
use crate::core::secret::is_game_id;
use crate::core::state::seat_account;
use crate::features::account::Account;
use crate::store::{LobbyFilter, LobbyRow};
use game::{Outcome, Player, StaticText, text};
use serde::Deserialize;
use std::ops::RangeInclusive;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How long a game between people may wait for its second player, ms.
pub const UNJOINED_MS: i64 = 3_600_000;
/// How long a game between people may wait for its first move, ms.
pub const UNMOVED_MS: i64 = 24 * 3_600_000;
/// How often abandoned games are looked for.
const EXPIRY_EVERY: Duration = Duration::from_secs(60);
/// The most ids `ids=` may list.
const MAX_IDS: usize = 200;

/// Games per page when the request names no limit.
pub const DEFAULT_LIMIT: usize = 50;

/// The page sizes a request may ask for.
pub const LIMITS: RangeInclusive<usize> = 1..=200;

/// The query of a lobby request.
#[derive(Deserialize)]
pub struct LobbyQuery {
    /// How many games to skip.
    offset: Option<String>,
    /// How many games to list.
    limit: Option<String>,
    /// The page (from 1), instead of `offset`.
    page: Option<String>,
    /// `1`: only the signed-in account's games.
    mine: Option<String>,
    /// Only the games of these ids, comma-separated.
    ids: Option<String>,
}

impl LobbyQuery {
    /// Whether the query asks for the signed-in account's games (`mine=1`):
    /// only then is the account needed.
    pub fn mine(&self) -> bool {
        self.mine.as_deref() == Some("1")
    }
}

/// The largest offset: the largest a database count holds (a signed 64-bit
/// number).
pub const MAX_OFFSET: usize = i64::MAX as usize;

/// `GET /api/games`: a page of games, the game with the latest move
/// first; `account` is the signed-in one (asked for only when the query
/// says `mine=1`). An offset, page or limit that is no whole number in its
/// range is refused.
pub async fn list(
    app: &App,
    query: &LobbyQuery,
    account: Option<&Account>,
) -> Result<LobbyGamesReply, DomainError> {
    let limit = number(query.limit.as_deref(), DEFAULT_LIMIT, LIMITS, "limit")?;
    let offset = match query.page.as_deref() {
        Some(page) => (number(Some(page), 1, 1..=MAX_OFFSET / LIMITS.end(), "page")? - 1) * limit,
        None => number(query.offset.as_deref(), 0, 0..=MAX_OFFSET, "offset")?,
    };
    let filter = if query.mine() {
        match account {
            Some(account) => LobbyFilter::Account(account.id.clone()),
            None => LobbyFilter::Ids(Vec::new()),
        }
    } else if let Some(ids) = query.ids.as_deref() {
        let ids: Vec<String> = ids
            .split(',')
            .map(str::trim)
            .filter(|id| is_game_id(id))
            .take(MAX_IDS)
            .map(str::to_owned)
            .collect();
        LobbyFilter::Ids(ids)
    } else {
        let listed_ms = i64::try_from(app.patience.unstarted_listed.as_millis()).unwrap_or(i64::MAX);
        let now = crate::core::table::now_ms();
        LobbyFilter::Started {
            fresh_since_ms: now.saturating_sub(listed_ms),
            guest_engine_since_ms: now.saturating_sub(
                i64::try_from(app.patience.guest_engine_listed.as_millis()).unwrap_or(i64::MAX),
            ),
        }
    };
    let page = app.read(|db| db.lobby(filter, offset, limit)).await?;
    let mut games = Vec::with_capacity(page.games.len());
    for row in &page.games {
        games.push(line(app, row, live(app, &row.id).await));
    }
    Ok(LobbyGamesReply { games, offset, limit, total: page.total })
}

/// A query number: `default` if absent, 400 unless a whole number in `range`.
pub fn number(
    text: Option<&str>,
    default: usize,
    range: RangeInclusive<usize>,
    name: &str,
) -> Result<usize, DomainError> {
    let Some(text) = text else {
        return Ok(default);
    };
    text.trim().parse().ok().filter(|n| range.contains(n)).ok_or_else(|| {
        let (min, max) = (range.start(), range.end());
        DomainError::bad_request(text!(
            "{name} '{text}' is not a whole number from {min} to {max}",
            "{name} „{text}“ ist keine ganze Zahl von {min} bis {max}"
        ))
    })
}

/// What the lobby's line of a game in memory takes from its position.
pub(crate) struct Live {
    /// The players' names (Amakta's "White" and "Black" once the colours
    /// are chosen).
    names: [StaticText; 2],
    /// The moves of play made, setup steps not counted.
    play_moves: usize,
}

/// What the lobby's line takes from game `id`'s position, if it is in
/// memory (a game is, from its creation until it has been idle a while).
pub(crate) async fn live(app: &App, id: &str) -> Option<Live> {
    let slot = app.loaded(id)?;
    let table = slot.table.lock().await;
    Some(Live { names: Player::BOTH.map(|p| table.game.player_name(p)), play_moves: table.game.play_moves() })
}

/// The lobby's line for a stored game; `live` what its position says when
/// known (else the names of its start and the stored moves' count).
pub(crate) fn line(app: &App, row: &LobbyRow, live: Option<Live>) -> LobbyGame {
    let entry = app.registry.get(&row.game).ok();
    let title = entry.map_or("", |entry| entry.title.en);
    let ply = live.as_ref().map_or(row.ply, |live| live.play_moves);
    let names = live.map(|live| live.names).or_else(|| entry.map(|entry| entry.players));
    let names = names.unwrap_or([StaticText::new("", ""); 2]);
    let seats = Player::BOTH
        .into_iter()
        .map(|player| {
            let seat = row.seats.iter().find(|s| s.seat == player);
            let engine = seat.is_some_and(|s| s.engine);
            Seat {
                seat: SeatId::from(player),
                names: names[player.index()].into(),
                player: if engine { SeatPlayer::Engine } else { SeatPlayer::Human },
                joined: engine || seat.is_some_and(|s| s.token_hash.is_some() || s.account.is_some()),
                awaits_claim: None,
                label: None,
                account: seat.and_then(|s| s.account.as_ref()).map(seat_account),
            }
        })
        .collect();
    let to_move = row.to_move.unwrap_or(Player::P1);
    LobbyGame {
        id: row.id.clone(),
        game: row.game.clone(),
        title: title.to_owned(),
        opponent: row.kind.clone(),
        level: row.level,
        rated: row.rated,
        seats,
        ply,
        side_to_move: SeatId::from(to_move),
        to_move_names: names[to_move.index()].into(),
        watchers: app.watchers(&row.id),
        created_ms: row.created_ms,
        updated_ms: row.updated_ms,
        correspondence: row.days_per_move,
        deadline_ms: row.deadline_ms,
    }
}

/// Ends the abandoned games (see the module doc) now and every minute,
/// until the server stops.
pub async fn expire_abandoned(app: Weak<App>) {
    periodic::every(app, EXPIRY_EVERY, |app| async move {
        if let Err(error) = expire_once(&app).await {
            tracing::error!(error = error.message.en, "ending abandoned games failed");
        }
    })
    .await;
}

/// Ends the games abandoned now (as a draw with the reason `abandoned`).
async fn expire_once(app: &Arc<App>) -> Result<(), DomainError> {
    let now = crate::core::table::now_ms();
    let ids = app.read(|db| db.abandoned_games(now - UNJOINED_MS, now - UNMOVED_MS)).await?;
    for id in ids {
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        if table.game.outcome().is_none() {
            app.end(&slot, &mut table, Outcome::draw("abandoned")).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_and_limits_default_and_stay_in_range() {
        assert_eq!(number(None, DEFAULT_LIMIT, LIMITS, "limit").unwrap(), DEFAULT_LIMIT);
        assert_eq!(number(Some("200"), DEFAULT_LIMIT, LIMITS, "limit").unwrap(), 200);
        assert_eq!(number(Some(" 7 "), 0, 0..=usize::MAX, "offset").unwrap(), 7);
        for bad in ["0", "201", "-1", "x", ""] {
            let error = number(Some(bad), DEFAULT_LIMIT, LIMITS, "limit").unwrap_err();
            assert_eq!(error.kind, crate::core::error::ErrorKind::Unreadable, "{bad}");
            assert!(error.message.de.contains("keine ganze Zahl"), "{bad}");
        }
        let beyond = number(Some("9223372036854775808"), 0, 0..=MAX_OFFSET, "offset").unwrap_err();
        assert!(beyond.message.en.contains("from 0 to 9223372036854775807"), "{beyond:?}");
    }
}
