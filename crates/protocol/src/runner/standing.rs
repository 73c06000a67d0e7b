//! What a match has counted so far: games, game pairs and clocks.

use super::GameReport;
use crate::{Pentanomial, Tally, TimeUse};
use game::GameResult;
use std::collections::HashMap;
use std::time::Duration;

/// How close one engine came to losing on time over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockReport {
    /// Games it lost on time.
    pub time_losses: u32,
    /// The least time it had left on its clock when one of its moves
    /// arrived (before the increment was added); `None` without clocks.
    pub lowest: Option<Duration>,
    /// The time its moves took and the time it could have used, summed
    /// over the games with clocks.
    pub time_use: TimeUse,
    /// Its game with the smallest share of usable time spent.
    pub least_time_use: Option<TimeUse>,
}

/// The standing of a match after each finished game.
#[derive(Clone, Debug, Default)]
pub struct Standing {
    /// The first engine's wins, losses and draws over all finished games.
    pub tally: Tally,
    /// The game pairs (one opening, colours swapped: games 2k+1 and 2k+2
    /// by [`GameReport::number`]) both of whose games have finished.
    pub pairs: Pentanomial,
    /// Whether the last game counted completed its pair.
    pub completes_pair: bool,
    /// The clocks of the first and the second engine.
    pub clocks: [ClockReport; 2],
    /// The first engine's score in the finished game of each pair whose
    /// other game is still running, by pair.
    waiting: HashMap<usize, f64>,
}

impl Standing {
    /// Counts a finished game (games may finish in any order).
    pub(crate) fn add(&mut self, report: &GameReport) {
        let score = report.score_of_first();
        self.tally.add(score);
        let pair = (report.number - 1) / 2;
        self.completes_pair = match self.waiting.remove(&pair) {
            Some(other) => {
                self.pairs.add_pair(other, score);
                true
            }
            None => {
                self.waiting.insert(pair, score);
                false
            }
        };
        for ((clock, lowest), used) in self.clocks.iter_mut().zip(report.lowest_clocks).zip(report.time_use) {
            if let Some(lowest) = lowest {
                clock.lowest = Some(clock.lowest.map_or(lowest, |known| known.min(lowest)));
            }
            if let Some(used) = used {
                clock.time_use = clock.time_use.plus(used);
                if clock.least_time_use.is_none_or(|least| used.share() < least.share()) {
                    clock.least_time_use = Some(used);
                }
            }
        }
        if report.outcome.reason == "time"
            && let GameResult::Win(winner) = report.outcome.result
        {
            let loser = usize::from(winner == report.first_plays);
            self.clocks[loser].time_losses += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Outcome, Player, Record};

    fn report(number: usize, outcome: Outcome, lowest_clocks: [Option<Duration>; 2]) -> GameReport {
        let time_use = lowest_clocks.map(|lowest| {
            lowest.map(|left| TimeUse {
                spent: Duration::from_millis(100),
                usable: Duration::from_millis(100) + left,
            })
        });
        let first_plays = if number % 2 == 1 { Player::P1 } else { Player::P2 };
        GameReport {
            number,
            players: ["a".into(), "b".into()],
            first_plays,
            outcome,
            detail: None,
            record: Record::default(),
            lowest_clocks,
            time_use,
        }
    }

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn counts_pairs_when_both_games_have_finished_in_any_order() {
        let mut standing = Standing::default();
        // Game 3 (first engine P1) is won by P1, game 1 drawn, game 2 won
        // by P1 (the second engine), game 4 lost on time by P1 (the
        // second engine).
        standing.add(&report(3, Outcome::win(Player::P1, "no-stones"), [ms(40), ms(90)]));
        assert!(!standing.completes_pair);
        standing.add(&report(1, Outcome::draw("repetition"), [ms(70), None]));
        assert!(!standing.completes_pair);
        assert_eq!(standing.pairs.pairs(), 0);
        standing.add(&report(2, Outcome::win(Player::P1, "no-stones"), [None, ms(5)]));
        assert!(standing.completes_pair);
        assert_eq!(standing.pairs.counts, [0, 1, 0, 0, 0]);
        standing.add(&report(4, Outcome::win(Player::P2, "time"), [ms(30), None]));
        assert!(standing.completes_pair);
        assert_eq!(standing.pairs.counts, [0, 1, 0, 0, 1]);
        assert_eq!(standing.tally, Tally { wins: 2, losses: 1, draws: 1 });
        assert_eq!(standing.pairs.games, standing.tally);
        let used = |spent: u64, usable: u64| TimeUse {
            spent: Duration::from_millis(spent),
            usable: Duration::from_millis(usable),
        };
        let clock = |time_losses, lowest, time_use, least| ClockReport {
            time_losses,
            lowest,
            time_use,
            least_time_use: Some(least),
        };
        assert_eq!(
            standing.clocks,
            [
                clock(0, ms(30), used(300, 440), used(100, 170)),
                clock(1, ms(5), used(200, 295), used(100, 190))
            ]
        );
    }
}
