//! `GET /api/games/{id}/record` ([`crate::http::records`]): a game's record as a text file, with the
//! tags that say who played it and how: each side's player (the account's
//! name, a guest is `Anonymous`, the engine `Engine level N`, an imported
//! record keeps the names it gave), their ratings before the game
//! (`<Side>Rating`), the time control (`TimeControl`, seconds + seconds
//! as in PGN), the date (`YYYY.MM.DD`, UTC) and the site (the game's
//! address). Importing the file (`POST /api/records`) keeps these tags, so
//! the imported copy names the players as the original did.
//!
//! An imported record's tags are checked before it is replayed
//! ([`check_tags`]): at most [`RECORD_TAGS`] tags, each name 1 to
//! [`RECORD_TAG_NAME_CHARS`] of `A-Z a-z 0-9 _ -` (PGN's letters, digits
//! and `_`, and the `-` of option names like `Arrow-cap`), each value at
//! most [`RECORD_TAG_CHARS`] characters without control characters (NUL,
//! line breaks, tabs…) or bidi controls; anything else is refused with 422
//! naming the tag. A side's tag is named after the side without blanks
//! (`[FirstPlayer "…"]`, see [`side_tag`]), so that every record the
//! server writes reads back.

use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::{Kind, Table, side_tag};
use game::level::DEFAULT_LEVEL;
use game::{Player, Record, text};
use std::sync::Arc;

/// The name of a guest's seat in a record.
pub const GUEST_NAME: &str = "Anonymous";
/// The most tags an imported record keeps.
pub const RECORD_TAGS: usize = 64;
/// The longest tag value an imported record keeps, in characters.
pub const RECORD_TAG_CHARS: usize = 500;
/// The longest tag name of an imported record, in characters.
pub const RECORD_TAG_NAME_CHARS: usize = 64;
/// The most characters of a refused tag name that a refusal quotes.
const QUOTED_NAME: usize = 40;

/// A game's record as a file to download.
pub struct RecordFile {
    /// The file's name.
    pub filename: String,
    /// The record's text.
    pub text: String,
}

/// The record of game `id` as a file.
pub async fn download(app: &Arc<App>, id: &str) -> Result<RecordFile, DomainError> {
    let slot = app.slot(id).await?;
    let table = slot.table.lock().await;
    let record = record_of(&table, app.public_url());
    let filename = format!("spielwerk-{}-{}.txt", table.game.name(), table.id);
    Ok(RecordFile { filename, text: record.to_text() })
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
        let side = side_tag(table.game.player_name(player).en);
        let side = side.as_str();
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

/// Whether `c` is a bidi override or isolate (U+202A–U+202E,
/// U+2066–U+2069), which could turn the text shown around it.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` may stand in a tag name: `A-Z a-z 0-9 _ -`.
fn is_tag_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// A tag name as a refusal quotes it: without control characters, cut
/// after [`QUOTED_NAME`] characters.
fn shown_name(name: &str) -> String {
    let mut shown: String = name.chars().filter(|c| !c.is_control()).take(QUOTED_NAME).collect();
    if name.chars().count() > QUOTED_NAME {
        shown.push('…');
    }
    shown
}

/// Checks an imported record's tags (see the module documentation): 422
/// naming the first tag that breaks a rule, and what it breaks.
pub fn check_tags(tags: &[(String, String)]) -> Result<(), DomainError> {
    let count = tags.len();
    if count > RECORD_TAGS {
        return Err(DomainError::unprocessable(text!(
            "the record has {count} tags; at most {RECORD_TAGS} are imported",
            "die Aufzeichnung hat {count} Tags; höchstens {RECORD_TAGS} werden importiert"
        )));
    }
    for (name, value) in tags {
        let length = name.chars().count();
        if length > RECORD_TAG_NAME_CHARS {
            let shown = shown_name(name);
            return Err(DomainError::unprocessable(text!(
                "the name of tag [{shown}] has {length} characters; at most {RECORD_TAG_NAME_CHARS} are allowed",
                "der Name von Tag [{shown}] hat {length} Zeichen; höchstens {RECORD_TAG_NAME_CHARS} sind erlaubt"
            )));
        }
        if let Some(c) = name.chars().find(|&c| !is_tag_name_char(c)) {
            let (shown, code) = (shown_name(name), format!("U+{:04X}", u32::from(c)));
            return Err(DomainError::unprocessable(text!(
                "the name of tag [{shown}] contains {code}; a tag name has only letters A-Z, digits, _ and -",
                "der Name von Tag [{shown}] enthält {code}; ein Tag-Name hat nur Buchstaben A-Z, Ziffern, _ \
                 und -"
            )));
        }
        if value.chars().count() > RECORD_TAG_CHARS {
            return Err(DomainError::unprocessable(text!(
                "tag [{name}] is longer than {RECORD_TAG_CHARS} characters",
                "Tag [{name}] ist länger als {RECORD_TAG_CHARS} Zeichen"
            )));
        }
        if let Some(c) = value.chars().find(|&c| c.is_control() || is_bidi_control(c)) {
            let code = format!("U+{:04X}", u32::from(c));
            return Err(DomainError::unprocessable(text!(
                "tag [{name}] contains a control character ({code})",
                "Tag [{name}] enthält ein Steuerzeichen ({code})"
            )));
        }
    }
    Ok(())
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
    fn tags_are_checked_by_name_and_value() {
        let tag = |name: &str, value: &str| vec![(name.to_owned(), value.to_owned())];
        for good in [tag("Event", "Club cup, round 3"), tag("Arrow-cap", "4"), tag("White_Elo", "ä ö ü 漢字")]
        {
            check_tags(&good).unwrap();
        }
        check_tags(&tag(&"N".repeat(RECORD_TAG_NAME_CHARS), "x")).unwrap();
        check_tags(&tag("Note", &"x".repeat(RECORD_TAG_CHARS))).unwrap();
        for (bad, says) in [
            (tag(&"N".repeat(RECORD_TAG_NAME_CHARS + 1), "x"), "65 characters"),
            (tag("Ev\u{0}ent", "x"), "U+0000"),
            (tag("Évent", "x"), "U+00C9"),
            (tag("Note", &"x".repeat(RECORD_TAG_CHARS + 1)), "longer than 500"),
            (tag("Event", "a\u{0}b"), "[Event] contains a control character (U+0000)"),
            (tag("Event", "a\nb"), "U+000A"),
            (tag("Event", "a\tb"), "U+0009"),
            (tag("Event", "evil\u{202E}txt"), "U+202E"),
            (vec![(String::from("A"), String::new()); RECORD_TAGS + 1], "at most 64"),
        ] {
            let error = check_tags(&bad).unwrap_err();
            assert!(error.message.en.contains(says), "{says}: {error:?}");
            assert_ne!(error.message.en, error.message.de);
            assert!(error.message.en.len() < 300, "a refusal quotes a long name cut: {error:?}");
        }
    }

    #[test]
    fn side_tags_are_one_word() {
        assert_eq!(side_tag("White"), "White");
        assert_eq!(side_tag("First player"), "FirstPlayer");
        check_tags(&[(side_tag("Second  player"), "Ada".into())]).unwrap();
    }

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(date_text(0), "1970.01.01");
        assert_eq!(date_text(1_700_000_000_000), "2023.11.14");
        assert_eq!(date_text(951_782_400_000), "2000.02.29");
    }
}
