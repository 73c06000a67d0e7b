//! Correspondence games: instead of a clock, each side has a number of
//! days for every move ([`DaysPerMove::ALLOWED`]). The side to move's
//! deadline is stored with the game (so that it outlives a restart and
//! every instance sees it): it is set when both seats are taken and again
//! after every move.
//! When it passes, the side to move loses on time — or, before both sides
//! have moved, the game ends as abandoned (unrated), as a game that never
//! started costs nobody rating.
//!
//! The deadline on a game's table is kept in [`crate::core::deadlines`].
//!
//! Correspondence games are rated apart from the games with a clock: an
//! account's rating of a game in correspondence is kept under its own key
//! ([`rating_key`]).

use crate::contract::common::DaysPerMove;
use crate::core::error::DomainError;
use game::text;

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
}

impl From<DaysPerMove> for Correspondence {
    /// The time control of a request's `"correspondence"` (read and
    /// checked with the body, see [`DaysPerMove`]), not yet started.
    fn from(days: DaysPerMove) -> Correspondence {
        Correspondence::new(days.days())
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
    use serde_json::json;

    /// A calendar day, ms.
    const DAY_MS: i64 = 86_400_000;

    #[test]
    fn days_per_move_are_read_from_numbers_and_texts_and_only_the_listed_ones() {
        let read = |value: serde_json::Value| serde_json::from_value::<Option<DaysPerMove>>(value);
        assert_eq!(read(json!(null)).unwrap(), None);
        assert_eq!(read(json!(3)).unwrap().map(Correspondence::from), Some(Correspondence::new(3)));
        assert_eq!(read(json!(" 14 ")).unwrap().map(DaysPerMove::days), Some(14));
        for (bad, given) in [
            (json!(4), "integer `4`"),
            (json!(0), "integer `0`"),
            (json!(-1), "integer `-1`"),
            (json!(300), "integer `300`"),
            (json!(2.5), "floating point `2.5`"),
            (json!("x"), "string \"x\""),
            (json!(true), "boolean `true`"),
            (json!([3]), "sequence"),
        ] {
            let error = read(bad.clone()).unwrap_err().to_string();
            assert!(error.contains(given), "{bad}: {error}");
            assert!(error.contains("correspondence to be the days per move: 1, 2, 3, 5, 7 or 14"), "{error}");
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
