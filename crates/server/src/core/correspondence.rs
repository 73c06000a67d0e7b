//! Correspondence games: instead of a clock, each side has a number of
//! days for every move ([`DAYS`]). The side to move's deadline is stored
//! with the game (so that it outlives a restart and every instance sees
//! it): it is set when both seats are taken and again after every move.
//! When it passes, the side to move loses on time — or, before both sides
//! have moved, the game ends as abandoned (unrated), as a game that never
//! started costs nobody rating.
//!
//! The deadline on a game's table is kept in [`crate::core::deadlines`].
//!
//! Correspondence games are rated apart from the games with a clock: an
//! account's rating of a game in correspondence is kept under its own key
//! ([`rating_key`]).

use crate::core::error::DomainError;
use game::text;
use serde_json::Value;

/// The days per move a correspondence game may have.
pub const DAYS: [u8; 6] = [1, 2, 3, 5, 7, 14];

/// What a rating key adds to a game's name for its correspondence rating.
const CORRESPONDENCE_SUFFIX: &str = ":correspondence";

/// The time control of a correspondence game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Correspondence {
    /// Days per move.
    pub days: u8,
    /// When the side to move runs out of time, ms since the epoch; `None`
    /// until both seats are taken.
    pub deadline_ms: Option<i64>,
}

impl Correspondence {
    /// A correspondence time control of `days` per move, not yet started.
    pub fn new(days: u8) -> Correspondence {
        Correspondence { days, deadline_ms: None }
    }

    /// The deadline of a turn that starts at `now_ms`, with days of
    /// `day_ms` milliseconds.
    pub fn deadline_from(self, now_ms: i64, day_ms: i64) -> i64 {
        now_ms.saturating_add(i64::from(self.days).saturating_mul(day_ms))
    }

    /// Reads a request's `"correspondence"`: the days per move, one of
    /// [`DAYS`], as a number or a text (`null`: none); 422 otherwise.
    pub fn parse(value: Option<&Value>) -> Result<Option<Correspondence>, DomainError> {
        let days = match value {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Number(number)) => number.as_u64(),
            Some(Value::String(text)) => text.trim().parse::<u64>().ok(),
            Some(_) => None,
        };
        days.and_then(|days| u8::try_from(days).ok())
            .filter(|days| DAYS.contains(days))
            .map(|days| Some(Correspondence::new(days)))
            .ok_or_else(|| {
                DomainError::unprocessable(text!(
                    "correspondence must be the days per move: 1, 2, 3, 5, 7 or 14",
                    "Fernschach-Bedenkzeit muss die Tage je Zug sein: 1, 2, 3, 5, 7 oder 14"
                ))
            })
    }
}

/// The key of an account's rating of `game`: the game's name, with
/// [`CORRESPONDENCE_SUFFIX`] for correspondence games (rated apart).
pub fn rating_key(game: &str, correspondence: bool) -> String {
    if correspondence { format!("{game}{CORRESPONDENCE_SUFFIX}") } else { game.to_owned() }
}

/// The game's name of a rating key and whether it is the correspondence
/// rating.
pub fn split_rating_key(key: &str) -> (&str, bool) {
    match key.strip_suffix(CORRESPONDENCE_SUFFIX) {
        Some(game) => (game, true),
        None => (key, false),
    }
}

/// 422 unless a game has at most one time control: a clock or days per
/// move.
pub fn one_time_control(clock: bool, correspondence: bool) -> Result<(), DomainError> {
    if clock && correspondence {
        return Err(DomainError::unprocessable(text!(
            "a game has a clock or days per move (correspondence), not both",
            "eine Partie hat eine Uhr oder Tage je Zug (Fernschach), nicht beides"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorKind;
    use serde_json::json;

    /// A calendar day, ms.
    const DAY_MS: i64 = 86_400_000;

    #[test]
    fn days_per_move_are_read_from_numbers_and_texts_and_only_the_listed_ones() {
        assert_eq!(Correspondence::parse(None).unwrap(), None);
        assert_eq!(Correspondence::parse(Some(&Value::Null)).unwrap(), None);
        assert_eq!(Correspondence::parse(Some(&json!(3))).unwrap(), Some(Correspondence::new(3)));
        assert_eq!(Correspondence::parse(Some(&json!(" 14 "))).unwrap().map(|c| c.days), Some(14));
        for bad in
            [json!(4), json!(0), json!(-1), json!(2.5), json!("x"), json!(true), json!(300), json!([3])]
        {
            let error = Correspondence::parse(Some(&bad)).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Rejected, "{bad}");
            assert!(error.message.en.contains("1, 2, 3, 5, 7 or 14"), "{bad}");
            assert!(error.message.de.contains("Tage je Zug"), "{bad}");
        }
    }

    #[test]
    fn deadlines_count_whole_days_and_rating_keys_keep_correspondence_apart() {
        let corr = Correspondence::new(3);
        assert_eq!(corr.deadline_from(1000, DAY_MS), 1000 + 3 * DAY_MS);
        assert_eq!(corr.deadline_from(i64::MAX - 1, DAY_MS), i64::MAX);
        assert_eq!(rating_key("ataxx", false), "ataxx");
        assert_eq!(split_rating_key(&rating_key("ataxx", true)), ("ataxx", true));
        assert_eq!(split_rating_key("ataxx"), ("ataxx", false));
        assert!(one_time_control(true, true).is_err());
        assert!(one_time_control(true, false).is_ok() && one_time_control(false, true).is_ok());
    }
}
