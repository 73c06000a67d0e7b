//! `GET /api/games/search?player=&game=&result=&rated=&from=&to=&offset=&limit=`:
//! the finished games (not imported records), the latest first, a page at
//! a time. Every filter is optional:
//!
//! - `player`: an account's name (any case), or the start of the name of
//!   exactly one account: games with a seat of it;
//! - `game`: a registered game's name;
//! - `result`: `p1` or `p2` (that side won), `draw`, or with `player`
//!   `won` or `lost` (by that player);
//! - `rated`: `true` or `false`;
//! - `from`, `to`: dates `YYYY-MM-DD` (UTC, both included) between which
//!   the game was made;
//! - `aborted`: `true` to find the games aborted before their second move
//!   too (hidden unless asked for);
//! - `offset`, `limit`: as in the lobby (`limit` 1 to 200, 50 by default).
//!
//! The reply names the player found. An unknown player (none or several
//! names start so) or game, a player that is no account name (see
//! [`AccountName`]), a bad result, truth value or date is refused with 422,
//! a bad number with 400, each in English and German.

use crate::contract::accounts::{SearchGame, SearchReply};
use crate::contract::common::ClockSpec;
use crate::contract::common::{Seat, SeatPlayer};
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::state::seat_account;
use crate::features::game_names::{side, titles};
use crate::features::lobby::{DEFAULT_LIMIT, LIMITS, MAX_OFFSET, number};
use crate::store::{FoundGame, SearchQuery};
use game::{Outcome, Player, text};
use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;
use serde::Deserialize;

/// The query of a search, as sent.
#[derive(Debug, Default, Deserialize)]
pub struct SearchParams {
    player: Option<String>,
    game: Option<String>,
    result: Option<String>,
    rated: Option<String>,
    from: Option<String>,
    to: Option<String>,
    aborted: Option<String>,
    offset: Option<String>,
    limit: Option<String>,
}

/// A parameter that is given and not blank.
fn given(value: Option<&String>) -> Option<&str> {
    value.map(|v| v.trim()).filter(|v| !v.is_empty())
}

/// The page of finished games that `params` asks for.
pub async fn search(app: &App, params: &SearchParams) -> Result<SearchReply, DomainError> {
    let limit = number(params.limit.as_deref(), DEFAULT_LIMIT, LIMITS, "limit")?;
    let offset = number(params.offset.as_deref(), 0, 0..=MAX_OFFSET, "offset")?;
    let (mut query, player) = filter(app, params).await?;
    query.offset = offset;
    query.limit = limit;
    let (found, total) = app.read(|db| db.search_games(query)).await?;
    let games = found.iter().map(|game| search_game(app, game)).collect();
    Ok(SearchReply { games, offset, limit, total, player })
}

/// The account named `name` (any case), else the only one whose name
/// starts with it: its id and name; 422 if there is none or several.
async fn find_player(app: &App, name: &AccountName) -> Result<(String, String), DomainError> {
    if let Some(account) = app.read(|db| db.account_by_name(name.as_str())).await? {
        return Ok((account.id, account.name));
    }
    let names = app.read(|db| db.names_by_prefix(name.as_str(), 2)).await?;
    let only = match names.as_slice() {
        [only] => app.read(|db| db.account_by_name(only)).await?,
        _ => None,
    };
    only.map(|account| (account.id, account.name))
        .ok_or_else(|| DomainError::unprocessable(text!("no player '{name}'", "kein Spieler „{name}“")))
}

/// The filter of a search's parameters (without offset and limit), and
/// the name of the player found.
async fn filter(app: &App, params: &SearchParams) -> Result<(SearchQuery, Option<String>), DomainError> {
    let player = given(params.player.as_ref())
        .map(|name| AccountName::parse(name).map_err(|error| error.on_field("player")))
        .transpose()?;
    let (account_id, player) = match player {
        Some(name) => {
            let (id, name) = find_player(app, &name).await?;
            (Some(id), Some(name))
        }
        None => (None, None),
    };
    let game = match given(params.game.as_ref()) {
        Some(game) => Some(app.registry.get(game)?.name.to_owned()),
        None => None,
    };
    let result = given(params.result.as_ref()).map(|r| read_result(r, account_id.is_some())).transpose()?;
    let rated = given(params.rated.as_ref()).map(|r| read_truth(r, "rated")).transpose()?;
    let from_ms = given(params.from.as_ref()).map(|d| day_start(d, "from")).transpose()?;
    let to_ms = given(params.to.as_ref()).map(|d| day_end(d, "to")).transpose()?;
    if let (Some(from), Some(to)) = (from_ms, to_ms)
        && to <= from
    {
        return Err(DomainError::unprocessable(text!(
            "the date 'to' must not be before 'from'",
            "das Datum „to“ darf nicht vor „from“ liegen"
        )));
    }
    let with_aborted =
        given(params.aborted.as_ref()).map(|a| read_truth(a, "aborted")).transpose()?.unwrap_or(false);
    let query =
        SearchQuery { account_id, game, result, rated, from_ms, to_ms, with_aborted, offset: 0, limit: 0 };
    Ok((query, player))
}

/// Reads `result`: `p1`, `p2`, `draw`, or with a player `won`, `lost`.
fn read_result(text: &str, with_player: bool) -> Result<String, DomainError> {
    match text {
        "p1" | "p2" | "draw" => Ok(text.to_owned()),
        "won" | "lost" if with_player => Ok(text.to_owned()),
        "won" | "lost" => Err(DomainError::unprocessable(text!(
            "result '{text}' needs a player",
            "Ergebnis „{text}“ braucht einen Spieler"
        ))),
        _ => Err(DomainError::unprocessable(text!(
            "result '{text}' is not p1, p2, draw, won or lost",
            "Ergebnis „{text}“ ist nicht p1, p2, draw, won oder lost"
        ))),
    }
}

/// Reads the truth value `name`: `true` or `false`.
pub fn read_truth(text: &str, name: &str) -> Result<bool, DomainError> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(DomainError::unprocessable(text!(
            "{name} '{text}' is not true or false",
            "{name} „{text}“ ist nicht true oder false"
        ))),
    }
}

/// The start of the day `YYYY-MM-DD` (UTC), ms since the epoch; 422 for
/// anything else (or a day that does not exist).
fn day_start(text: &str, name: &str) -> Result<i64, DomainError> {
    start_ms(read_date(text, name)?, text, name)
}

/// The end of the day `YYYY-MM-DD` (UTC): the start of the next, ms since
/// the epoch; 422 as for [`day_start`].
fn day_end(text: &str, name: &str) -> Result<i64, DomainError> {
    let next = read_date(text, name)?.tomorrow().map_err(|_| not_a_date(text, name))?;
    start_ms(next, text, name)
}

/// The date `YYYY-MM-DD` (exactly four, two and two digits: no week
/// dates, no signed years); 422 for anything else.
fn read_date(text: &str, name: &str) -> Result<Date, DomainError> {
    let shape = text.len() == 10
        && text
            .bytes()
            .enumerate()
            .all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    if !shape {
        return Err(not_a_date(text, name));
    }
    text.parse().map_err(|_| not_a_date(text, name))
}

/// The start of `date` in UTC, ms since the epoch (`text` and `name` for
/// the error of a day out of range).
fn start_ms(date: Date, text: &str, name: &str) -> Result<i64, DomainError> {
    let start = TimeZone::UTC.to_timestamp(date.to_datetime(Time::midnight()));
    Ok(start.map_err(|_| not_a_date(text, name))?.as_millisecond())
}

/// 422: the parameter `name` is not a date.
fn not_a_date(text: &str, name: &str) -> DomainError {
    DomainError::unprocessable(text!(
        "{name} '{text}' is not a date YYYY-MM-DD",
        "{name} „{text}“ ist kein Datum JJJJ-MM-TT"
    ))
}

/// A found game: its players, result, time control and date.
fn search_game(app: &App, found: &FoundGame) -> SearchGame {
    let (title, titles) = titles(app, &found.game);
    let seats = Player::BOTH
        .into_iter()
        .map(|player| {
            let seat = found.seats.iter().find(|s| s.seat == player);
            let account = seat.and_then(|s| s.account.as_ref());
            Seat {
                seat: player.into(),
                names: side(app, &found.game, player),
                player: if seat.is_some_and(|s| s.engine) { SeatPlayer::Engine } else { SeatPlayer::Human },
                joined: seat.is_some(),
                awaits_claim: None,
                label: None,
                account: account.map(seat_account),
            }
        })
        .collect();
    let (result, reason) = &found.result;
    let outcome = Outcome::from_texts(result, reason);
    SearchGame {
        id: found.id.clone(),
        game: found.game.clone(),
        title,
        titles,
        opponent: found.kind.clone(),
        level: found.level,
        rated: found.rated,
        seats,
        result: result.clone(),
        winner: outcome.and_then(|o| o.winner()).map(Into::into),
        reason: reason.clone(),
        text: outcome.map(|o| o.description().into()),
        clock: found.clock.map(|(initial_ms, increment_ms)| ClockSpec { initial_ms, increment_ms }),
        correspondence: found.days_per_move,
        ply: found.ply,
        created_ms: found.created_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorKind;

    #[test]
    fn dates_are_whole_utc_days_that_exist() {
        assert_eq!(day_start("1970-01-01", "from").unwrap(), 0);
        assert_eq!(day_start("2023-11-14", "from").unwrap(), 1_699_920_000_000);
        assert_eq!(day_start("2000-02-29", "to").unwrap(), 951_782_400_000);
        assert_eq!(day_end("2000-02-29", "to").unwrap(), 951_782_400_000 + 86_400_000);
        for bad in [
            "2023-02-29",
            "2023-13-01",
            "2023-00-10",
            "2023-1-5",
            "23-01-05",
            "2023/01/05",
            "x",
            "2023-01-32",
        ] {
            let error = day_start(bad, "from").unwrap_err();
            assert_eq!(error.kind, ErrorKind::Rejected, "{bad}");
            assert!(error.message.de.contains("kein Datum"), "{bad}");
        }
    }

    #[test]
    fn results_and_truth_values_are_the_listed_ones() {
        assert_eq!(read_result("draw", false).unwrap(), "draw");
        assert_eq!(read_result("won", true).unwrap(), "won");
        assert!(read_result("won", false).unwrap_err().message.en.contains("needs a player"));
        assert!(read_result("1-0", true).is_err());
        assert_eq!(
            (read_truth("true", "rated").unwrap(), read_truth("false", "rated").unwrap()),
            (true, false)
        );
        assert!(read_truth("yes", "aborted").unwrap_err().message.de.contains("aborted „yes“"));
    }
}
