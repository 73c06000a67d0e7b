//! Match scores and the Elo difference they imply.

use game::{Text, text};
use std::fmt;

/// The 97.5 % quantile of the standard normal distribution (two-sided 95 %).
const Z_95: f64 = 1.959_964;

/// The fewest game pairs whose results give an Elo interval
/// ([`crate::Pentanomial::elo`]): a few pairs say little about the spread
/// of results, and the normal approximation would make a narrow interval of
/// them (as cutechess and fastchess, which show none before either).
pub const MIN_INTERVAL_PAIRS: u32 = 5;

/// The fewest games whose results give an Elo interval ([`Tally::elo`]),
/// as many as [`MIN_INTERVAL_PAIRS`] pairs have.
pub const MIN_INTERVAL_GAMES: u32 = 2 * MIN_INTERVAL_PAIRS;

/// Wins, losses and draws of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Counts a game by its score: 1 a win, ½ a draw, 0 a loss.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The number of games.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points: a win 1, a draw ½.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The same games seen from the other side.
    #[must_use]
    pub fn reversed(&self) -> Tally {
        Tally { wins: self.losses, losses: self.wins, draws: self.draws }
    }

    /// The share of the points, 0 to 1; `None` before the first game.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// The Elo difference the score implies and its 95 % error margin
    /// (none before [`MIN_INTERVAL_GAMES`] games, or while every game ended
    /// alike); `None` before the first game.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let enough = self.games() >= MIN_INTERVAL_GAMES;
        Some(Elo::of_score(self.score()?, self.variance_of_score()?, enough))
    }

    /// The variance of the mean score (wins, draws and losses as a
    /// trinomial sample); `None` before the first game.
    #[must_use]
    pub fn variance_of_score(&self) -> Option<f64> {
        let score = self.score()?;
        let games = f64::from(self.games());
        let deviation = |result: f64, count: u32| f64::from(count) * (result - score).powi(2);
        let variance =
            (deviation(1.0, self.wins) + deviation(0.0, self.losses) + deviation(0.5, self.draws)) / games;
        Some(variance / games)
    }

    /// The 95 % confidence interval of the score (normal approximation on
    /// the trinomial variance, clamped to 0..1); `None` before the first
    /// game.
    #[must_use]
    pub fn score_interval(&self) -> Option<(f64, f64)> {
        let score = self.score()?;
        let spread = Z_95 * self.variance_of_score()?.sqrt();
        Some(((score - spread).max(0.0), (score + spread).min(1.0)))
    }
}

/// The Elo difference at which the stronger side is expected to score
/// `score` (logistic model): 0.5 → 0, 0.75 → +190.8, 1 → +∞.
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (score / (1.0 - score)).log10()
    }
}

/// An Elo difference with its 95 % error margin (either may be infinite
/// when one side scored everything or the games are too few).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimated difference, positive when the side is stronger.
    pub difference: f64,
    /// Half the width of the 95 % confidence interval; `None` when the
    /// sample is too small or its results do not spread (all alike), where
    /// a zero or narrow width would look like certainty.
    pub margin: Option<f64>,
}

impl Elo {
    /// The Elo difference of a mean score and its 95 % margin, from the
    /// variance of that mean (normal approximation), if the sample is
    /// `enough` and the variance is not zero; the margin is infinite when
    /// the interval reaches a score of 0 or 1.
    pub(crate) fn of_score(score: f64, variance_of_mean: f64, enough: bool) -> Elo {
        let margin = (enough && variance_of_mean > 0.0).then(|| {
            let spread = Z_95 * variance_of_mean.sqrt();
            let (low, high) = (score - spread, score + spread);
            if low <= 0.0 || high >= 1.0 {
                f64::INFINITY
            } else {
                (elo_of_score(high) - elo_of_score(low)) / 2.0
            }
        });
        Elo { difference: elo_of_score(score), margin }
    }

    /// The difference and margin in English and German: as
    /// [`Display`](fmt::Display) writes them, an unknown margin `n/a` and
    /// `k. A.` (keine Angabe); the caller writes German decimal commas.
    #[must_use]
    pub fn text(&self) -> Text {
        match self.margin {
            None if self.difference.is_finite() => {
                let difference = self.difference;
                text!("{difference:+.1} +/- n/a", "{difference:+.1} +/- k. A.")
            }
            _ => {
                let said = self.to_string();
                text!("{said}", "{said}")
            }
        }
    }
}

impl fmt::Display for Elo {
    /// `+147.2 +/- 66.0`; infinite values as `+inf`, `-inf`, `inf`, an
    /// unknown margin as `n/a`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.difference.is_infinite() {
            return f.write_str(if self.difference > 0.0 { "+inf" } else { "-inf" });
        }
        write!(f, "{:+.1} +/- ", self.difference)?;
        match self.margin {
            None => f.write_str("n/a"),
            Some(margin) if margin.is_infinite() => f.write_str("inf"),
            Some(margin) => write!(f, "{margin:.1}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn counts_games_by_score() {
        let mut tally = Tally::default();
        for score in [1.0, 0.5, 0.0, 1.0] {
            tally.add(score);
        }
        assert_eq!(tally, Tally { wins: 2, losses: 1, draws: 1 });
        assert_eq!(tally.points(), 2.5);
        assert_eq!(tally.score(), Some(0.625));
        assert_eq!(tally.reversed(), Tally { wins: 1, losses: 2, draws: 1 });
    }

    #[test]
    fn score_interval_uses_the_trinomial_variance() {
        let tally = Tally { wins: 30, losses: 10, draws: 60 };
        // score 0.6; variance per game (30·0.16 + 10·0.36 + 60·0.01) / 100 = 0.09
        let (low, high) = tally.score_interval().unwrap();
        assert!((low - (0.6 - Z_95 * 0.03)).abs() < 1e-9 && (high - (0.6 + Z_95 * 0.03)).abs() < 1e-9);
        assert!((tally.variance_of_score().unwrap() - 0.0009).abs() < 1e-12);
        assert_eq!(Tally { wins: 5, losses: 0, draws: 0 }.score_interval(), Some((1.0, 1.0)));
        assert_eq!(Tally::default().score_interval(), None);
    }

    #[test]
    fn converts_scores_to_elo() {
        assert_eq!(elo_of_score(0.5), 0.0);
        assert!(close(elo_of_score(0.75), 190.85));
        assert!(close(elo_of_score(0.25), -190.85));
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn computes_the_difference_and_its_95_percent_margin() {
        let elo = Tally { wins: 60, losses: 20, draws: 20 }.elo().unwrap();
        assert!(close(elo.difference, 147.19) && close(elo.margin.unwrap(), 66.01), "{elo:?}");
        assert_eq!(elo.to_string(), "+147.2 +/- 66.0");
        let even = Tally { wins: 10, losses: 10, draws: 5 }.elo().unwrap();
        assert_eq!(even.difference, 0.0);
        assert!(even.margin.unwrap() > 0.0);
        let reversed = Tally { wins: 20, losses: 60, draws: 20 }.elo().unwrap();
        assert!(close(reversed.difference, -147.19) && close(reversed.margin.unwrap(), 66.01));
    }

    #[test]
    fn handles_one_sided_and_tiny_matches() {
        assert_eq!(Tally::default().elo(), None);
        assert_eq!(Tally { wins: 20, losses: 0, draws: 0 }.elo().unwrap().to_string(), "+inf");
        assert_eq!(Tally { wins: 0, losses: 3, draws: 0 }.elo().unwrap().to_string(), "-inf");
        assert_eq!(Tally { wins: 5, losses: 3, draws: 2 }.elo().unwrap().to_string(), "+70.4 +/- 226.8");
        // An interval that reaches a score of 1 has no finite margin.
        assert_eq!(Tally { wins: 9, losses: 1, draws: 0 }.elo().unwrap().to_string(), "+381.7 +/- inf");
    }

    #[test]
    fn too_few_or_alike_games_give_no_interval() {
        let few = Tally { wins: 2, losses: 1, draws: 1 }.elo().unwrap();
        assert_eq!(few.margin, None);
        assert_eq!(few.to_string(), "+88.7 +/- n/a");
        for alike in [Tally { wins: 0, losses: 0, draws: 4 }, Tally { wins: 0, losses: 0, draws: 400 }] {
            let elo = alike.elo().unwrap();
            assert_eq!(elo.margin, None, "{alike:?}");
            let text = elo.text();
            assert_eq!((text.en.as_str(), text.de.as_str()), ("+0.0 +/- n/a", "+0.0 +/- k. A."));
        }
        let enough = Tally { wins: 4, losses: 4, draws: MIN_INTERVAL_GAMES - 8 }.elo().unwrap();
        assert!(enough.margin.is_some_and(f64::is_finite), "{enough:?}");
    }
}
