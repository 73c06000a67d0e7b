//! The session's settings kept in its record, so that `--resume` plays on
//! as before: who plays each seat (a person or the engine), the engine's
//! level and the clock (its time control and the time each side had left
//! at the last save), as record tags beside the game's own
//! (`[P1 "human"]`, `[P2 "engine"]`, `[Level "3"]`, `[TimeControl "180+2"]`,
//! `[TimeLeft "171.4 180"]`).

use super::clock::{GameClock, TimeControl};
use super::setup::Opponent;
use game::{Player, Record, Text, level, text};
use std::time::{Duration, Instant};

/// The tag of the engine's level (1–10).
const LEVEL: &str = "Level";
/// The tag of the time control, in seconds as PGN writes it (`180+2` for
/// `--clock 3+2`), as the web's records have it too.
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
        tags.push((TIME_CONTROL.to_owned(), clock.control().tag()));
        let left = Player::BOTH.map(|player| format!("{:.1}", clock.remaining(player, now).as_secs_f64()));
        tags.push((TIME_LEFT.to_owned(), left.join(" ")));
    }
    tags
}

/// The settings in `record`'s tags. A tag of the terminal's own that is
/// there but does not read (`[Level "99"]`, `[TimeLeft "abc 180"]`,
/// `[P1 "robot"]` beside `[P2 "human"]`) is an error that names it, as a
/// line of the record: the game would otherwise go on with other settings
/// than the record says, without a word. The tags other programs write
/// under the same names are no settings and are passed over: a match's
/// `[P1 "Spielwerk 0.1.0 #1"]` and `[TimeControl "nodes 2000"]`, the
/// web's `[TimeControl "-"]` (a `TimeControl` is read only as
/// `SECONDS+SECONDS` and, when it does not read, is an error only beside
/// the terminal's `TimeLeft`). A web record's `[TimeControl "180+2"]`
/// is the clock `--clock 3+2`.
pub fn read(record: &Record) -> Result<Saved, Text> {
    let level = match record.tag(LEVEL) {
        None => None,
        Some(text) => {
            Some(text.trim().parse::<u8>().ok().filter(|n| level::LEVELS.contains(n)).ok_or_else(|| {
                let (line, first, last) = (tag_line(LEVEL, text), level::LEVELS.start(), level::LEVELS.end());
                text!(
                    "the line {line} names no level from {first} to {last}",
                    "die Zeile {line} nennt keine Stufe von {first} bis {last}"
                )
            })?)
        }
    };
    let control = match (record.tag(TIME_CONTROL), record.tag(TIME_LEFT)) {
        (None, _) => None,
        (Some(text), left) => match TimeControl::from_tag(text) {
            Some(control) => Some(control),
            None if left.is_none() => None,
            None => {
                let line = tag_line(TIME_CONTROL, text);
                return Err(text!(
                    "the line {line} is no clock in seconds, base+increment, such as 180+2",
                    "die Zeile {line} ist keine Uhr in Sekunden, Grundzeit+Zuschlag, wie 180+2"
                ));
            }
        },
    };
    let clock = match control {
        None => None,
        Some(control) => Some(match record.tag(TIME_LEFT) {
            None => GameClock::new(control),
            Some(text) => {
                let [first, second] = time_left(text).ok_or_else(|| {
                    let line = tag_line(TIME_LEFT, text);
                    text!(
                        "the line {line} does not give the seconds each side has left, the first player's \
                         first, such as 171.4 180",
                        "die Zeile {line} gibt nicht die Sekunden an, die jeder Seite bleiben, die des ersten \
                         Spielers zuerst, wie 171.4 180"
                    )
                })?;
                GameClock::with_time_left(control, [first, second])
            }
        }),
    };
    Ok(Saved { level, clock, players: players(record)? })
}

/// A tag as its line in the record: `[Level "99"]`.
fn tag_line(name: &str, value: &str) -> String {
    format!("[{name} \"{value}\"]")
}

/// The two times of a `TimeLeft` tag's value (seconds, the first
/// player's first); `None` unless it is exactly two numbers of seconds.
fn time_left(text: &str) -> Option<[Duration; 2]> {
    let seconds = |word: &str| word.parse::<f64>().ok().and_then(|s| Duration::try_from_secs_f64(s).ok());
    let times: Option<Vec<Duration>> = text.split_whitespace().map(seconds).collect();
    <[Duration; 2]>::try_from(times?).ok()
}

/// Who played which seat by the record's tags: two people, or a person
/// and the engine; `None` when neither seat's tag is the terminal's
/// (`human`, `engine`): an older record, or a match's, whose seats name
/// programs. A seat of the terminal's beside another value or none, or
/// two engines, is an error naming the tags.
fn players(record: &Record) -> Result<Option<Players>, Text> {
    let seats = SEATS.map(|seat| record.tag(seat).map(str::to_ascii_lowercase));
    let ours = |seat: &Option<String>| seat.as_deref().is_some_and(|seat| [HUMAN, ENGINE].contains(&seat));
    match seats.each_ref().map(Option::as_deref) {
        [Some(HUMAN), Some(HUMAN)] => Ok(Some(Players { opponent: Opponent::Human, human: Player::P1 })),
        [Some(HUMAN), Some(ENGINE)] => Ok(Some(Players { opponent: Opponent::Engine, human: Player::P1 })),
        [Some(ENGINE), Some(HUMAN)] => Ok(Some(Players { opponent: Opponent::Engine, human: Player::P2 })),
        _ if !seats.iter().any(ours) => Ok(None),
        _ => {
            let lines: Vec<String> = SEATS
                .map(|seat| {
                    record.tag(seat).map_or_else(|| format!("[{seat} …]"), |value| tag_line(seat, value))
                })
                .into();
            let (lines, human, engine) = (lines.join(" "), HUMAN, ENGINE);
            Err(text!(
                "the lines {lines} do not say who plays: each of P1 and P2 is \"{human}\" or \"{engine}\", \
                 at least one \"{human}\"",
                "die Zeilen {lines} sagen nicht, wer spielt: P1 und P2 sind je \"{human}\" oder \"{engine}\", \
                 mindestens einer \"{human}\""
            ))
        }
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
        let saved = read(&record).expect("settings");
        assert_eq!(saved.level, Some(3));
        assert_eq!(saved.players, Some(players));
        assert_eq!(record.tag("P1"), Some("engine"));
        let clock = saved.clock.expect("the clock");
        assert_eq!(record.tag("TimeControl"), Some("180+2"));
        assert_eq!(clock.control(), "3+2".parse().expect("a clock"));
        assert_eq!(clock.remaining(Player::P1, later), Duration::from_secs(171));
        assert_eq!(clock.remaining(Player::P2, later), Duration::from_secs(180));
    }

    #[test]
    fn a_record_without_settings_has_none() {
        let mut record = Record { moves: vec!["g2".to_owned()], ..Record::default() };
        record.set_tag("Game", "ataxx");
        let saved = read(&Record::parse(&record.to_text()).expect("a record")).expect("settings");
        assert!(saved.level.is_none() && saved.clock.is_none() && saved.players.is_none());
    }

    #[test]
    fn two_people_are_kept_as_two_people() {
        let players = Players { opponent: Opponent::Human, human: Player::P2 };
        let mut record = Record::default();
        for (name, value) in tags(players, None, None, Instant::now()) {
            record.set_tag(&name, &value);
        }
        let saved = read(&Record::parse(&record.to_text()).expect("a record")).expect("settings");
        assert_eq!(saved.players.map(|players| players.opponent), Some(Opponent::Human));
    }

    #[test]
    fn a_tag_that_does_not_read_is_an_error_that_names_it() {
        let with = |tags: &[(&str, &str)]| {
            let mut record = Record { moves: vec!["g2".to_owned()], ..Record::default() };
            record.set_tag("Game", "ataxx");
            for (name, value) in tags {
                record.set_tag(name, value);
            }
            read(&Record::parse(&record.to_text()).expect("a record"))
        };
        let error = with(&[("Level", "99")]).expect_err("no level");
        assert_eq!(error.en, "the line [Level \"99\"] names no level from 1 to 10");
        assert!(error.de.contains("[Level \"99\"]"), "{}", error.de);
        let error = with(&[("TimeControl", "180+2"), ("TimeLeft", "abc 180")]).expect_err("no times");
        assert!(error.en.starts_with("the line [TimeLeft \"abc 180\"] does not give"), "{}", error.en);
        let error = with(&[("TimeControl", "fast"), ("TimeLeft", "10 10")]).expect_err("no clock");
        assert!(error.en.contains("[TimeControl \"fast\"]"), "{}", error.en);
        let error = with(&[("P1", "robot"), ("P2", "human")]).expect_err("no seat");
        assert!(error.en.contains("[P1 \"robot\"] [P2 \"human\"]"), "{}", error.en);
        assert!(with(&[("P1", "engine"), ("P2", "engine")]).is_err(), "two engines play no session");
        assert!(with(&[("P2", "human")]).is_err(), "one seat alone");
        let good =
            with(&[("Level", "3"), ("TimeControl", "180+2"), ("TimeLeft", "171.4 180")]).expect("read");
        // Other programs' tags of the same names are no settings.
        let matched =
            [("P1", "Spielwerk 0.1.0 #1"), ("P2", "Spielwerk 0.1.0 #2"), ("TimeControl", "nodes 2000")];
        let matched = with(&matched).expect("a match's record");
        assert!(matched.players.is_none() && matched.clock.is_none());
        assert!(with(&[("TimeControl", "-")]).expect("the web's record").clock.is_none());
        // The web's clocked record: three minutes and two seconds a move.
        let web =
            with(&[("TimeControl", "180+2")]).expect("the web's clocked record").clock.expect("a clock");
        assert_eq!(web.control(), "3+2".parse().expect("a clock"));
        assert_eq!(web.remaining(Player::P1, Instant::now()), Duration::from_secs(180));
        assert_eq!(good.level, Some(3));
        assert!(good.clock.is_some());
    }
}
