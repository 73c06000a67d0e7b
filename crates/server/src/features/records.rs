//! `GET /api/games/{id}/record`: a game's record as a text file, with the
//! tags that say who played it and how: each side's player (the account's
//! name, a guest is `Anonymous`, the engine `Engine level N`, an imported
//! record keeps the names it gave), their ratings before the game
//! (`<Side>Rating`), the time control (`TimeControl`, seconds + seconds
//! as in PGN), the date (`YYYY.MM.DD`, UTC) and the site (the game's
//! address). Importing the file (`POST /api/records`) keeps these tags, so
//! the imported copy names the players as the original did.

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::{Kind, Table};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use game::level::DEFAULT_LEVEL;
use game::{Player, Record};
use std::sync::Arc;

/// The name of a guest's seat in a record.
pub const GUEST_NAME: &str = "Anonymous";

/// The record of game `id` as an attachment.
pub async fn download(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, DomainError> {
    let slot = app.slot(&id).await?;
    let table = slot.table.lock().await;
    let record = record_of(&table, app.public_url());
    let disposition = format!("attachment; filename=\"spielwerk-{}-{}.txt\"", table.game.name(), table.id);
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        record.to_text(),
    )
        .into_response())
}

/// The game's record with its tags (see the module docs); `site` is the
/// server's public address.
pub fn record_of(table: &Table, site: &str) -> Record {
    let mut record = table.game.record();
    for (name, value) in &table.tags {
        if record.tag(name).is_none() {
            record.set_tag(name, value);
        }
    }
    if table.kind == Kind::Record {
        // An imported record says itself who played it, where and when.
        if record.tag("Site").is_none() {
            record.set_tag("Site", "Spielwerk");
        }
        if record.tag("Date").is_none() {
            record.set_tag("Date", &date_text(table.created_ms));
        }
        return record;
    }
    let site = if site.is_empty() { "Spielwerk".to_owned() } else { format!("{site}/play/{}", table.id) };
    record.set_tag("Site", &site);
    record.set_tag("Date", &date_text(table.created_ms));
    for player in Player::BOTH {
        let seat = &table.seats[player.index()];
        let side = table.game.player_name(player).en;
        let who = match (&seat.account, seat.engine) {
            (_, true) => format!("Engine level {}", table.level.unwrap_or(DEFAULT_LEVEL)),
            (Some(account), _) => account.name.clone(),
            (None, false) => GUEST_NAME.to_owned(),
        };
        record.set_tag(side, &who);
        if let Some(rating) = seat.account.as_ref().and_then(|a| a.rating_before) {
            record.set_tag(&format!("{side}Rating"), &format!("{}", rating.round()));
        }
    }
    let control = match &table.clock {
        Some(clock) => format!("{}+{}", clock.initial_ms / 1000, clock.increment_ms / 1000),
        None => "-".to_owned(),
    };
    record.set_tag("TimeControl", &control);
    if table.rated {
        record.set_tag("Rated", "yes");
    }
    record
}

/// `YYYY.MM.DD` of a time in ms since the epoch (UTC).
pub fn date_text(ms: i64) -> String {
    // Civil-from-days (Howard Hinnant's algorithm).
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(date_text(0), "1970.01.01");
        assert_eq!(date_text(1_700_000_000_000), "2023.11.14");
        assert_eq!(date_text(951_782_400_000), "2000.02.29");
    }
}
