//! The session's settings kept in its record, so that `--resume` plays on
//! as before: who plays each seat (a person or the engine), the engine's
//! level and the clock (its time control and the time each side had left
//! at the last save), as record tags beside the game's own
//! (`[P1 "human"]`, `[P2 "engine"]`, `[Level "3"]`, `[TimeControl "3+2"]`,
//! `[TimeLeft "171.4 180"]`).

use super::clock::{GameClock, TimeControl};
use super::setup::Opponent;
use game::{Player, Record, level};
use std::time::{Duration, Instant};

/// The tag of the engine's level (1–10).
const LEVEL: &str = "Level";
/// The tag of the time control, `MINUTES+SECONDS` as `--clock` takes it.
const TIME_CONTROL: &str = "TimeControl";
/// The tag of the seconds each side had left, the first player's first.
const TIME_LEFT: &str = "TimeLeft";
/// The tags of who plays the first and the second seat, as the match's
/// records name them.
const SEATS: [&str; 2] = ["P1", "P2"];
/// A seat played by a person (the value of `--vs human`).
const HUMAN: &str = "human";
/// A seat played by the engine (the value of `--vs engine`).
const ENGINE: &str = "engine";

/// Who plays: against the engine or another person, and the person's
/// side against the engine (the first player's between two people).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Players {
    /// Who plays against the person.
    pub opponent: Opponent,
    /// The person's side against the engine.
    pub human: Player,
}

/// The settings a record holds; each `None` where it holds none.
#[derive(Debug, Clone, Default)]
pub struct Saved {
    /// The engine's level.
    pub level: Option<u8>,
    /// The clock, with the time each side had left.
    pub clock: Option<GameClock>,
    /// Who played which seat.
    pub players: Option<Players>,
}

/// The tags of a session's `players`, `level` and `clock` at `now`.
#[must_use]
pub fn tags(
    players: Players,
    level: Option<u8>,
    clock: Option<&GameClock>,
    now: Instant,
) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    for (seat, player) in SEATS.into_iter().zip(Player::BOTH) {
        let engine = players.opponent == Opponent::Engine && player != players.human;
        tags.push((seat.to_owned(), if engine { ENGINE } else { HUMAN }.to_owned()));
    }
    if let Some(level) = level {
        tags.push((LEVEL.to_owned(), level.to_string()));
    }
    if let Some(clock) = clock {
        tags.push((TIME_CONTROL.to_owned(), clock.control().to_string()));
        let left = Player::BOTH.map(|player| format!("{:.1}", clock.remaining(player, now).as_secs_f64()));
        tags.push((TIME_LEFT.to_owned(), left.join(" ")));
    }
    tags
}

/// The settings in `record`'s tags; a tag that does not read is left out.
#[must_use]
pub fn read(record: &Record) -> Saved {
    let level =
        record.tag(LEVEL).and_then(|text| text.parse::<u8>().ok()).filter(|n| level::LEVELS.contains(n));
    let control = record.tag(TIME_CONTROL).and_then(|text| text.parse::<TimeControl>().ok());
    let clock = control.map(|control| {
        let left: Option<Vec<Duration>> = record.tag(TIME_LEFT).map(|text| {
            text.split_whitespace()
                .filter_map(|seconds| seconds.parse::<f64>().ok())
                .filter_map(|seconds| Duration::try_from_secs_f64(seconds).ok())
                .collect()
        });
        match left.as_deref() {
            Some(&[first, second]) => GameClock::with_time_left(control, [first, second]),
            _ => GameClock::new(control),
        }
    });
    Saved { level, clock, players: players(record) }
}

/// Who played which seat by the record's tags: two people, or a person
/// and the engine; `None` when the tags are missing or say neither.
fn players(record: &Record) -> Option<Players> {
    let seats = SEATS.map(|seat| record.tag(seat).map(str::to_ascii_lowercase));
    match seats.each_ref().map(Option::as_deref) {
        [Some(HUMAN), Some(HUMAN)] => Some(Players { opponent: Opponent::Human, human: Player::P1 }),
        [Some(HUMAN), Some(ENGINE)] => Some(Players { opponent: Opponent::Engine, human: Player::P1 }),
        [Some(ENGINE), Some(HUMAN)] => Some(Players { opponent: Opponent::Engine, human: Player::P2 }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_and_clock_come_back_from_the_record() {
        let mut clock = GameClock::new("3+2".parse().expect("a clock"));
        let start = Instant::now();
        clock.start(Player::P1, start);
        let later = start + Duration::from_secs(9);
        let mut record = Record::default();
        let players = Players { opponent: Opponent::Engine, human: Player::P2 };
        for (name, value) in tags(players, Some(3), Some(&clock), later) {
            record.set_tag(&name, &value);
        }
        let record = Record::parse(&record.to_text()).expect("a record");
        let saved = read(&record);
        assert_eq!(saved.level, Some(3));
        assert_eq!(saved.players, Some(players));
        assert_eq!(record.tag("P1"), Some("engine"));
        let clock = saved.clock.expect("the clock");
        assert_eq!(clock.control().to_string(), "3+2");
        assert_eq!(clock.remaining(Player::P1, later), Duration::from_secs(171));
        assert_eq!(clock.remaining(Player::P2, later), Duration::from_secs(180));
    }

    #[test]
    fn a_record_without_settings_has_none() {
        let mut record = Record { moves: vec!["g2".to_owned()], ..Record::default() };
        record.set_tag("Game", "ataxx");
        let saved = read(&Record::parse(&record.to_text()).expect("a record"));
        assert!(saved.level.is_none() && saved.clock.is_none() && saved.players.is_none());
    }

    #[test]
    fn two_people_are_kept_as_two_people() {
        let players = Players { opponent: Opponent::Human, human: Player::P2 };
        let mut record = Record::default();
        for (name, value) in tags(players, None, None, Instant::now()) {
            record.set_tag(&name, &value);
        }
        let saved = read(&Record::parse(&record.to_text()).expect("a record"));
        assert_eq!(saved.players.map(|players| players.opponent), Some(Opponent::Human));
    }
}
