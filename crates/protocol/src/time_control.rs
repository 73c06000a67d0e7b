//! Time controls of engine matches and the players' clocks.

use crate::Dialect;
use game::Player;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A chess-style time control: `[moves/]base[+increment]`, times in
/// seconds (`8+0.08`: 8 s and 80 ms a move; `40/60`: 60 s for every 40
/// moves). Times are whole milliseconds (what `go` sends) up to
/// 1,000,000 s; the base is at least 1 ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period, after which `base` is added again; `None` for
    /// the whole game.
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// The longest base time or increment of a time control, in seconds (over
/// eleven days; longer ones are typing mistakes).
const MAX_SECONDS: f64 = 1_000_000.0;

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        let bad = |what: &str| format!("bad time control '{text}': {what} (e.g. 8+0.08 or 40/60+0.5)");
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 =
                    moves.trim().parse().map_err(|_| bad("moves per period must be a number"))?;
                if moves == 0 {
                    return Err(bad("moves per period must be at least 1"));
                }
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let seconds = |value: &str, what: &str| {
            value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| (0.0..=MAX_SECONDS).contains(s))
                .map(|s| Duration::from_millis((s * 1000.0).round() as u64))
                .ok_or_else(|| bad(&format!("{what} must be a number of seconds from 0 to {MAX_SECONDS}")))
        };
        let base = seconds(base, "the base time")?;
        if base.is_zero() {
            return Err(bad("the base time must be at least 0.001 seconds"));
        }
        Ok(TimeControl { moves, base, increment: seconds(increment, "the increment")? })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

/// Both players' clocks during one game.
#[derive(Clone, Debug)]
pub(crate) struct Clocks {
    control: TimeControl,
    remaining: [Duration; 2],
    moves: [u32; 2],
    /// The time each player's moves took, in all.
    spent: [Duration; 2],
    /// What each player's last move added to its clock (the increment,
    /// and the base at the end of a period): time it could not use if
    /// the game ended there.
    last_added: [Duration; 2],
}

/// How much of what its clock gave an engine used in one game, or summed
/// over games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeUse {
    /// The time its moves took.
    pub spent: Duration,
    /// The time it could have used: the base time and every increment
    /// that arrived before its last move.
    pub usable: Duration,
}

impl TimeUse {
    /// The share of the usable time spent, from 0 to 1 (1 when nothing was
    /// usable).
    #[must_use]
    pub fn share(&self) -> f64 {
        if self.usable.is_zero() { 1.0 } else { self.spent.as_secs_f64() / self.usable.as_secs_f64() }
    }

    /// Both summed.
    #[must_use]
    pub fn plus(self, other: TimeUse) -> TimeUse {
        TimeUse { spent: self.spent + other.spent, usable: self.usable + other.usable }
    }
}

impl Clocks {
    /// Fresh clocks for a game.
    pub(crate) fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            remaining: [control.base; 2],
            moves: [0; 2],
            spent: [Duration::ZERO; 2],
            last_added: [Duration::ZERO; 2],
        }
    }

    /// The time `player` has left.
    pub(crate) fn remaining(&self, player: Player) -> Duration {
        self.remaining[player.index()]
    }

    /// The `go` command for `player` to move.
    pub(crate) fn go(&self, dialect: Dialect, player: Player) -> String {
        let [p1_time, p2_time, p1_inc, p2_inc] = dialect.clock_keys();
        let inc = self.control.increment.as_millis();
        let mut go = format!(
            "go {p1_time} {} {p2_time} {} {p1_inc} {inc} {p2_inc} {inc}",
            self.remaining[0].as_millis(),
            self.remaining[1].as_millis()
        );
        if let Some(period) = self.control.moves {
            go.push_str(&format!(" movestogo {}", period - self.moves[player.index()] % period));
        }
        go
    }

    /// Charges `player` for a move that took `spent` (the caller has
    /// checked it was in time): takes it off, adds the increment and, at
    /// the end of a period, the base time.
    pub(crate) fn charge(&mut self, player: Player, spent: Duration) {
        let side = player.index();
        let mut added = self.control.increment;
        self.moves[side] += 1;
        if self.control.moves.is_some_and(|period| self.moves[side].is_multiple_of(period)) {
            added += self.control.base;
        }
        self.spent[side] += spent;
        self.remaining[side] = self.remaining[side].saturating_sub(spent) + added;
        self.last_added[side] = added;
    }

    /// How much of its usable time `player` has spent so far; `None` before
    /// its first move.
    pub(crate) fn time_use(&self, player: Player) -> Option<TimeUse> {
        let side = player.index();
        (self.moves[side] > 0).then(|| {
            let left = self.remaining[side].saturating_sub(self.last_added[side]);
            TimeUse { spent: self.spent[side], usable: self.spent[side] + left }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn reads_and_writes_time_controls() {
        let tc: TimeControl = "8+0.08".parse().unwrap();
        assert_eq!(tc, TimeControl { moves: None, base: ms(8000), increment: ms(80) });
        assert_eq!(tc.to_string(), "8+0.08");
        let tc: TimeControl = "40/60".parse().unwrap();
        assert_eq!(tc, TimeControl { moves: Some(40), base: ms(60_000), increment: ms(0) });
        assert_eq!(tc.to_string(), "40/60");
        assert_eq!("0.5+0".parse::<TimeControl>().unwrap().to_string(), "0.5");
        let tc: TimeControl = "1000000+0.0016".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (Duration::from_secs(1_000_000), ms(2)));
        assert_eq!(tc.to_string().parse(), Ok(tc));
    }

    #[test]
    fn rejects_bad_time_controls() {
        assert_eq!(
            "8+x".parse::<TimeControl>().unwrap_err(),
            "bad time control '8+x': the increment must be a number of seconds from 0 to 1000000 (e.g. 8+0.08 or 40/60+0.5)"
        );
        assert_eq!(
            "1e-12+0".parse::<TimeControl>().unwrap_err(),
            "bad time control '1e-12+0': the base time must be at least 0.001 seconds (e.g. 8+0.08 or 40/60+0.5)"
        );
        for bad in ["", "0", "-1", "0/10", "x/10", "10+-1", "inf", "NaN", "1e300", "1+1e19", "0.0004", "-0"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_count_down_and_send_p1_time_as_btime() {
        let mut clocks = Clocks::new("2+0.1".parse().unwrap());
        clocks.charge(Player::P1, ms(500));
        assert_eq!(clocks.remaining(Player::P1), ms(1600));
        assert_eq!(clocks.go(Dialect::Uai, Player::P2), "go btime 1600 wtime 2000 binc 100 winc 100");
        assert_eq!(clocks.go(Dialect::Ugi, Player::P2), "go p1time 1600 p2time 2000 p1inc 100 p2inc 100");
        clocks.charge(Player::P2, ms(5000));
        assert_eq!(clocks.remaining(Player::P2), ms(100));
    }

    #[test]
    fn time_use_counts_what_was_spent_of_what_could_be_used() {
        let control = TimeControl { moves: None, base: ms(1000), increment: ms(10) };
        let mut clocks = Clocks::new(control);
        assert_eq!(clocks.time_use(Player::P1), None);
        clocks.charge(Player::P1, ms(300));
        clocks.charge(Player::P1, ms(500));
        // 1000 + 10 (the increment before the second move) was usable; the
        // increment after the last move was not.
        let used = clocks.time_use(Player::P1).unwrap();
        assert_eq!(used, TimeUse { spent: ms(800), usable: ms(1010) });
        assert!((used.share() - 800.0 / 1010.0).abs() < 1e-9);
        assert_eq!(clocks.time_use(Player::P2), None);
        assert_eq!(used.plus(used).usable, ms(2020));
    }

    #[test]
    fn periods_refill_the_clock() {
        let mut clocks = Clocks::new("2/10".parse().unwrap());
        assert!(clocks.go(Dialect::Uai, Player::P1).ends_with(" movestogo 2"));
        clocks.charge(Player::P1, ms(1000));
        assert!(clocks.go(Dialect::Uai, Player::P1).ends_with(" movestogo 1"));
        clocks.charge(Player::P1, ms(1000));
        assert_eq!(clocks.remaining(Player::P1), ms(18_000));
        assert!(clocks.go(Dialect::Uai, Player::P1).ends_with(" movestogo 2"));
    }
}
