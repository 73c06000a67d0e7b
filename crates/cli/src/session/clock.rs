//! The game clock of the full-screen mode: minutes per side plus an
//! increment per move (`--clock 3+2`), run down for the side to move.

use game::{Player, Text, text};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// A time control: the starting time of each side and the increment added
/// after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time each side starts with.
    pub base: Duration,
    /// What each move adds to the mover's time.
    pub increment: Duration,
}

/// Why a time control could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{}", .0.en)]
pub struct TimeControlError(pub Text);

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `MINUTES+SECONDS` (`3+2`, `0.5+0`, `10`: no increment).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || {
            TimeControlError(text!(
                "a clock is MINUTES+SECONDS such as 3+2, not '{text}'",
                "eine Uhr ist MINUTEN+SEKUNDEN wie 3+2, nicht „{text}“"
            ))
        };
        let (minutes, seconds) = two_amounts(text).ok_or_else(bad)?;
        let base = Duration::try_from_secs_f64(minutes * 60.0).map_err(|_| bad())?;
        let increment = Duration::try_from_secs_f64(seconds).map_err(|_| bad())?;
        if base.is_zero() {
            return Err(TimeControlError(text!(
                "a clock needs time to start with: '{text}' gives each side none (3+2 is three minutes and \
                 two seconds a move)",
                "eine Uhr braucht Zeit zum Start: „{text}“ gibt keiner Seite welche (3+2 sind drei Minuten \
                 und zwei Sekunden pro Zug)"
            )));
        }
        Ok(TimeControl { base, increment })
    }
}

impl std::fmt::Display for TimeControl {
    /// `MINUTES+SECONDS` as [`TimeControl::from_str`] reads it (`3+2`, `0.5+0`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}", self.base.as_secs_f64() / 60.0, self.increment.as_secs_f64())
    }
}

impl TimeControl {
    /// The control as a record's `TimeControl` tag writes it, in seconds
    /// as PGN and the web's records do: `180+2` for `--clock 3+2`.
    #[must_use]
    pub fn tag(&self) -> String {
        format!("{}+{}", self.base.as_secs_f64(), self.increment.as_secs_f64())
    }

    /// Reads a record's `TimeControl` tag, `SECONDS+SECONDS` (`180+2`,
    /// `300`: no increment); `None` when it is no such clock (a match's
    /// `nodes 2000`, the web's `-` for a game without a clock).
    #[must_use]
    pub fn from_tag(text: &str) -> Option<TimeControl> {
        let (base, increment) = two_amounts(text)?;
        let (base, increment) =
            (Duration::try_from_secs_f64(base).ok()?, Duration::try_from_secs_f64(increment).ok()?);
        (!base.is_zero()).then_some(TimeControl { base, increment })
    }
}

/// The two numbers of `BASE+INCREMENT` (`3+2`; `10` alone has no
/// increment), each finite and not negative, as `--clock` and a record's
/// tag write them (they differ in the base's unit only).
fn two_amounts(text: &str) -> Option<(f64, f64)> {
    let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
    let number = |part: &str| part.trim().parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0);
    Some((number(base)?, number(increment)?))
}

/// Both sides' remaining time; the side to move's runs while the clock is
/// started.
#[derive(Clone, Debug)]
pub struct GameClock {
    control: TimeControl,
    remaining: [Duration; 2],
    /// The side whose time runs and since when.
    running: Option<(Player, Instant)>,
}

impl GameClock {
    /// A clock with the full time for both sides, stopped.
    #[must_use]
    pub fn new(control: TimeControl) -> GameClock {
        GameClock { control, remaining: [control.base; 2], running: None }
    }

    /// A clock of `control` with `left` the time each side has left (the
    /// first player's first), stopped: a resumed game's.
    #[must_use]
    pub fn with_time_left(control: TimeControl, left: [Duration; 2]) -> GameClock {
        GameClock { control, remaining: left, running: None }
    }

    /// The time control the clock was set to.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `player`'s time left at `now`.
    #[must_use]
    pub fn remaining(&self, player: Player, now: Instant) -> Duration {
        let left = self.remaining[player.index()];
        match self.running {
            Some((runner, since)) if runner == player => left.saturating_sub(now.duration_since(since)),
            _ => left,
        }
    }

    /// Lets `player`'s time run from `now` (the clock stops the other's).
    pub fn start(&mut self, player: Player, now: Instant) {
        self.stop(now);
        self.running = Some((player, now));
    }

    /// Stops the running side's time at `now`.
    pub fn stop(&mut self, now: Instant) {
        if let Some((runner, _)) = self.running {
            self.remaining[runner.index()] = self.remaining(runner, now);
            self.running = None;
        }
    }

    /// `player` has moved at `now`: its time stops and gains the increment.
    pub fn moved(&mut self, player: Player, now: Instant) {
        self.stop(now);
        self.remaining[player.index()] += self.control.increment;
    }

    /// The side whose time has run out at `now`, if any.
    #[must_use]
    pub fn flagged(&self, now: Instant) -> Option<Player> {
        Player::BOTH.into_iter().find(|&p| self.remaining(p, now).is_zero())
    }

    /// When the running side's time runs out, if a side's time runs.
    #[must_use]
    pub fn runs_out_at(&self) -> Option<Instant> {
        let (runner, since) = self.running?;
        Some(since + self.remaining[runner.index()])
    }

    /// The clock as the engine's limits see it.
    #[must_use]
    pub fn limits(&self, now: Instant) -> game::Clock {
        game::Clock {
            time: Player::BOTH.map(|p| self.remaining(p, now)),
            increment: [self.control.increment; 2],
            moves_to_go: None,
        }
    }
}

/// `time` as `m:ss`, with tenths below ten seconds.
#[must_use]
pub fn show(time: Duration) -> String {
    let seconds = time.as_secs();
    if seconds < 10 {
        format!("0:0{}.{}", seconds, time.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_minutes_plus_seconds() {
        let control: TimeControl = "3+2".parse().unwrap();
        assert_eq!(control.base, Duration::from_secs(180));
        assert_eq!(control.increment, Duration::from_secs(2));
        assert_eq!("0.5".parse::<TimeControl>().unwrap().base, Duration::from_secs(30));
        assert!("three".parse::<TimeControl>().is_err());
        let none = "0+5".parse::<TimeControl>().expect_err("no time to start with");
        assert!(none.0.en.starts_with("a clock needs time to start with: '0+5'"), "{}", none.0.en);
        assert!("-1+0".parse::<TimeControl>().is_err());
    }

    #[test]
    fn the_running_side_loses_time_and_gains_the_increment() {
        let mut clock = GameClock::new("1+2".parse().unwrap());
        let start = Instant::now();
        clock.start(Player::P1, start);
        let later = start + Duration::from_secs(10);
        assert_eq!(clock.remaining(Player::P1, later), Duration::from_secs(50));
        assert_eq!(clock.remaining(Player::P2, later), Duration::from_secs(60));
        clock.moved(Player::P1, later);
        assert_eq!(clock.remaining(Player::P1, later), Duration::from_secs(52));
        clock.start(Player::P2, later);
        assert_eq!(clock.flagged(later + Duration::from_secs(59)), None);
        assert_eq!(clock.flagged(later + Duration::from_secs(60)), Some(Player::P2));
        assert_eq!(show(Duration::from_secs(75)), "1:15");
        assert_eq!(show(Duration::from_millis(9_400)), "0:09.4");
    }
}
