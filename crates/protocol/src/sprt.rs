//! The sequential probability ratio test (SPRT) of a match over game
//! pairs: each opening is played twice with colours swapped, and the pair's
//! score (0, ¼, ½, ¾ or 1) is counted in a pentanomial distribution.
//!
//! The log-likelihood ratio is the normal approximation of the generalised
//! SPRT (as fishtest and fastchess compute it): with the pair scores' mean
//! μ and variance σ² over N pairs, and s₀, s₁ the expected scores at the
//! logistic Elo bounds, LLR = N (s₁ − s₀)(2μ − s₀ − s₁) / (2σ²).

use crate::elo::MIN_INTERVAL_PAIRS;
use crate::{Elo, Tally};
use std::fmt;
use std::str::FromStr;

/// The count given to an empty pentanomial cell when the LLR is computed,
/// so that a sample with few outcomes still has a variance.
const REGULARISATION: f64 = 1e-3;

/// The fewest pairs a test decides on: a handful of pairs of one outcome
/// (say one won pair) has almost no variance, which the normal
/// approximation would take for certainty.
pub const MIN_PAIRS: u32 = 10;

/// The pair scores, from the first engine's side, in the order of
/// [`Pentanomial::counts`].
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The outcomes of game pairs, from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs that scored 0 (LL), ¼ (LD), ½ (DD or WL), ¾ (WD) and 1 (WW).
    pub counts: [u32; 5],
    /// Wins, losses and draws of the games of these pairs.
    pub games: Tally,
}

impl Pentanomial {
    /// Counts a pair by the first engine's scores in its two games (1, ½
    /// or 0 each).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        self.games.add(first);
        self.games.add(second);
        let quarters = ((first + second) * 2.0).round().clamp(0.0, 4.0);
        self.counts[quarters as usize] += 1;
    }

    /// The number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().fold(0u32, |sum, &count| sum.saturating_add(count))
    }

    /// These pairs and `other`'s together (counts and games added, at
    /// most `u32::MAX` each).
    #[must_use]
    pub fn combined(&self, other: &Pentanomial) -> Pentanomial {
        let mut counts = self.counts;
        for (count, more) in counts.iter_mut().zip(other.counts) {
            *count = count.saturating_add(more);
        }
        let games = Tally {
            wins: self.games.wins.saturating_add(other.games.wins),
            losses: self.games.losses.saturating_add(other.games.losses),
            draws: self.games.draws.saturating_add(other.games.draws),
        };
        Pentanomial { counts, games }
    }

    /// The mean and variance of the pair score, with `floor` counted for
    /// every empty cell; `None` without pairs or counts.
    fn moments(&self, floor: f64) -> Option<(f64, f64, f64)> {
        let counts = self.counts.map(|count| f64::from(count).max(floor));
        let pairs: f64 = counts.iter().sum();
        if pairs <= 0.0 {
            return None;
        }
        let mean = counts.iter().zip(PAIR_SCORES).map(|(count, score)| count * score).sum::<f64>() / pairs;
        let variance =
            counts.iter().zip(PAIR_SCORES).map(|(count, score)| count * (score - mean).powi(2)).sum::<f64>()
                / pairs;
        Some((pairs, mean, variance))
    }

    /// The Elo difference the pairs imply, with a 95 % margin from the
    /// variance of the pair scores (narrower than the per-game margin of
    /// [`Tally::elo`] when the openings favour one side; none before
    /// [`MIN_INTERVAL_PAIRS`] pairs, or while every pair scored alike);
    /// `None` before the first pair.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let (pairs, mean, variance) = self.moments(0.0)?;
        Some(Elo::of_score(mean, variance / pairs, self.pairs() >= MIN_INTERVAL_PAIRS))
    }
}

/// Which hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// The Elo difference is at most `elo0`.
    H0,
    /// The Elo difference is at least `elo1`.
    H1,
}

impl fmt::Display for Hypothesis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Hypothesis::H0 => "H0",
            Hypothesis::H1 => "H1",
        })
    }
}

/// The parameters of an SPRT: H0 "the first engine is at most `elo0`
/// stronger" against H1 "at least `elo1`" (logistic Elo), with error rates
/// `alpha` (accepting H1 when H0 holds) and `beta` (the reverse).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

impl Default for Sprt {
    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05`.
    fn default() -> Sprt {
        Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 }
    }
}

impl Sprt {
    /// The LLR bounds: H0 is accepted at or below the first, H1 at or
    /// above the second.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs` (0 before
    /// the first pair).
    #[must_use]
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let Some((count, mean, variance)) = pairs.moments(REGULARISATION) else { return 0.0 };
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        count * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The hypothesis accepted after `pairs`, if the LLR has reached a
    /// bound and there are at least [`MIN_PAIRS`] pairs.
    #[must_use]
    pub fn decision(&self, pairs: &Pentanomial) -> Option<Hypothesis> {
        if pairs.pairs() < MIN_PAIRS {
            return None;
        }
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }
}

/// The expected score of a side `elo` stronger (logistic model).
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl FromStr for Pentanomial {
    type Err = String;

    /// Reads the five pair counts LL, LD, DD or WL, WD, WW as the runner
    /// prints them, `[259, 125, 676, 130, 310]`, or without brackets and
    /// spaces, `259,125,676,130,310`. The games of the pairs are unknown
    /// (their tally stays empty): the test needs only the counts.
    fn from_str(text: &str) -> Result<Pentanomial, String> {
        let bad = |what: &str| format!("bad pair counts '{text}': {what} (e.g. 259,125,676,130,310)");
        let inner = text.trim();
        let inner = inner.strip_prefix('[').map_or(Ok(inner), |rest| {
            rest.strip_suffix(']').ok_or_else(|| bad("the '[' is not closed by a ']'"))
        })?;
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        if parts.len() != 5 {
            return Err(bad(&format!("give five counts, not {}", parts.len())));
        }
        let mut counts = [0u32; 5];
        for (count, part) in counts.iter_mut().zip(&parts) {
            *count = part.parse().map_err(|_| bad(&format!("'{part}' is not a count of pairs")))?;
        }
        if counts.iter().try_fold(0u32, |sum, &count| sum.checked_add(count)).is_none() {
            return Err(bad("the counts add up to too many pairs"));
        }
        Ok(Pentanomial { counts, games: Tally::default() })
    }
}

impl FromStr for Sprt {
    type Err = String;

    /// Reads `elo0=0,elo1=5,alpha=0.05,beta=0.05`; every key is optional
    /// (the defaults are those), an empty text gives the defaults.
    fn from_str(text: &str) -> Result<Sprt, String> {
        let bad =
            |what: String| format!("bad SPRT '{text}': {what} (e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05)");
        let mut sprt = Sprt::default();
        for part in text.split(',').map(str::trim).filter(|part| !part.is_empty()) {
            let (key, value) =
                part.split_once('=').ok_or_else(|| bad(format!("'{part}' is not KEY=VALUE")))?;
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| bad(format!("{} must be a number", key.trim())))?;
            match key.trim().to_ascii_lowercase().as_str() {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => return Err(bad(format!("unknown key '{other}'"))),
            }
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err(bad("elo1 must be greater than elo0".into()));
        }
        if !(sprt.alpha > 0.0 && sprt.beta > 0.0 && sprt.alpha + sprt.beta < 1.0) {
            return Err(bad("alpha and beta must be above 0, and their sum below 1".into()));
        }
        Ok(sprt)
    }
}

impl fmt::Display for Sprt {
    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elo0={} elo1={} alpha={} beta={}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(counts: [u32; 5]) -> Pentanomial {
        Pentanomial { counts, games: Tally::default() }
    }

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt { elo0, elo1, ..Sprt::default() }
    }

    #[test]
    fn counts_pairs_by_their_score() {
        let mut penta = Pentanomial::default();
        for (first, second) in
            [(0.0, 0.0), (0.5, 0.0), (1.0, 0.0), (0.5, 0.5), (1.0, 0.5), (1.0, 1.0), (0.0, 1.0)]
        {
            penta.add_pair(first, second);
        }
        assert_eq!(penta.counts, [1, 1, 3, 1, 1]);
        assert_eq!(penta.pairs(), 7);
        assert_eq!(penta.games, Tally { wins: 5, losses: 5, draws: 4 });
    }

    #[test]
    fn reads_and_writes_the_parameters() {
        assert_eq!("".parse::<Sprt>().unwrap(), Sprt::default());
        assert_eq!(
            "elo0=0,elo1=10".parse::<Sprt>().unwrap(),
            Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 }
        );
        let sprt: Sprt = "elo0=-2, elo1=3 ,alpha=0.1,BETA=0.2".parse().unwrap();
        assert_eq!(sprt, Sprt { elo0: -2.0, elo1: 3.0, alpha: 0.1, beta: 0.2 });
        assert_eq!(sprt.to_string(), "elo0=-2 elo1=3 alpha=0.1 beta=0.2");
        assert_eq!(
            "elo1=x".parse::<Sprt>().unwrap_err(),
            "bad SPRT 'elo1=x': elo1 must be a number (e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05)"
        );
        for bad in
            ["elo0=5,elo1=5", "elo1=-1", "alpha=0", "alpha=0.6,beta=0.5", "gamma=1", "elo0", "elo1=inf"]
        {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    #[test]
    fn reads_pair_counts_as_the_runner_prints_them() {
        for text in ["[259, 125, 676, 130, 310]", "259,125,676,130,310", " 259 , 125,676,130, 310 "] {
            assert_eq!(text.parse::<Pentanomial>(), Ok(pairs([259, 125, 676, 130, 310])), "{text}");
        }
        let printed = format!("{:?}", pairs([1, 2, 3, 4, 5]).counts);
        assert_eq!(printed.parse::<Pentanomial>().map(|p| p.counts), Ok([1, 2, 3, 4, 5]));
        assert_eq!(
            "1,2,3,4".parse::<Pentanomial>().unwrap_err(),
            "bad pair counts '1,2,3,4': give five counts, not 4 (e.g. 259,125,676,130,310)"
        );
        for bad in
            ["", "[1,2,3,4,5", "1,2,3,4,-5", "1,2,x,4,5", "1,2,3,4,5,6", "4294967295,1,0,0,0", "1;2;3;4;5"]
        {
            assert!(bad.parse::<Pentanomial>().is_err(), "{bad}");
        }
    }

    #[test]
    fn combined_pairs_add_up_and_move_the_llr() {
        let earlier =
            Pentanomial { counts: [1, 2, 3, 4, 5], games: Tally { wins: 14, losses: 4, draws: 12 } };
        let later = Pentanomial { counts: [5, 0, 1, 0, 2], games: Tally { wins: 5, losses: 10, draws: 1 } };
        let both = earlier.combined(&later);
        assert_eq!(both.counts, [6, 2, 4, 4, 7]);
        assert_eq!(both.games, Tally { wins: 19, losses: 14, draws: 13 });
        let test = sprt(0.0, 10.0);
        let ahead = pairs([100, 400, 1000, 600, 200]);
        assert_eq!(test.llr(&ahead.combined(&Pentanomial::default())), test.llr(&ahead));
        assert!(test.llr(&ahead.combined(&ahead)) > test.llr(&ahead), "twice the evidence");
    }

    #[test]
    fn bounds_follow_the_error_rates() {
        let (lower, upper) = Sprt::default().bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3, "{lower} {upper}");
        let (lower, upper) = Sprt { alpha: 0.01, beta: 0.1, ..Sprt::default() }.bounds();
        assert!((lower - (0.1f64 / 0.99).ln()).abs() < 1e-12 && (upper - 90f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn llr_follows_the_score() {
        let test = sprt(0.0, 10.0);
        assert_eq!(test.llr(&Pentanomial::default()), 0.0);
        assert_eq!(test.decision(&Pentanomial::default()), None);
        let even = pairs([5, 10, 20, 10, 5]);
        let ahead = pairs([5, 10, 20, 15, 5]);
        let behind = pairs([10, 10, 20, 10, 5]);
        assert!(test.llr(&behind) < test.llr(&even) && test.llr(&even) < test.llr(&ahead));
        // A score halfway between the hypotheses favours neither.
        let centre = sprt(-10.0, 10.0);
        assert!(centre.llr(&even).abs() < 1e-9);
        assert!(centre.llr(&ahead) > 0.0 && centre.llr(&behind) < 0.0);
    }

    #[test]
    fn a_strong_winner_is_accepted_and_an_even_match_rejected() {
        let test = sprt(0.0, 10.0);
        let winning = pairs([0, 2, 10, 30, 20]);
        assert!(test.llr(&winning) >= test.bounds().1, "{}", test.llr(&winning));
        assert_eq!(test.decision(&winning), Some(Hypothesis::H1));
        let few_even = pairs([1, 4, 10, 4, 1]);
        assert_eq!(test.decision(&few_even), None, "20 even pairs decide nothing");
        let many_even = pairs([100, 400, 1000, 400, 100]);
        assert!(test.llr(&many_even) <= test.bounds().0, "{}", test.llr(&many_even));
        assert_eq!(test.decision(&many_even), Some(Hypothesis::H0));
    }

    #[test]
    fn llr_matches_a_computation_by_hand() {
        // 100 pairs: 20 LL, 40 DD, 40 WW (no LD or WD, so a trinomial over
        // pairs with scores 0, ½, 1). Mean μ = (0·20 + ½·40 + 1·40)/100 =
        // 0.6; variance σ² = (20·0.36 + 40·0.01 + 40·0.16)/100 = 0.14.
        // elo0 = 0 → s₀ = ½; elo1 = 10 → s₁ = 1/(1 + 10^(−10/400)) =
        // 0.514387. LLR = 100 · (s₁ − s₀)(2μ − s₀ − s₁)/(2σ²) =
        // 100 · 0.014387 · 0.185613 / 0.28 = 0.9537. The empty cells count
        // 0.001 each, which moves it by less than 0.0001.
        let llr = sprt(0.0, 10.0).llr(&pairs([20, 0, 40, 0, 40]));
        assert!((llr - 0.9537).abs() < 5e-4, "{llr}");
    }

    #[test]
    fn a_few_pairs_decide_nothing() {
        let test = sprt(0.0, 10.0);
        let one_win = pairs([0, 0, 0, 0, 1]);
        assert!(test.llr(&one_win) > test.bounds().1, "one pair has no variance to speak of");
        assert_eq!(test.decision(&one_win), None);
        assert_eq!(test.decision(&pairs([0, 0, 0, 0, MIN_PAIRS - 1])), None);
        assert_eq!(test.decision(&pairs([0, 0, 0, 0, MIN_PAIRS])), Some(Hypothesis::H1));
    }

    #[test]
    fn regularisation_keeps_one_sided_samples_finite() {
        let test = sprt(0.0, 5.0);
        let all_draws = pairs([0, 0, 7, 0, 0]);
        let llr = test.llr(&all_draws);
        assert!(llr.is_finite() && llr < 0.0, "{llr}");
        let one_loss = pairs([1, 0, 0, 0, 0]);
        assert!(test.llr(&one_loss).is_finite() && test.llr(&one_loss) < 0.0);
    }

    #[test]
    fn elo_uses_the_spread_of_pair_scores() {
        assert_eq!(Pentanomial::default().elo(), None);
        let elo = pairs([5, 10, 20, 15, 5]).elo().unwrap();
        // Mean 28.75/55 = 0.5227 over 55 pairs: +15.8 Elo.
        assert!((elo.difference - 15.8).abs() < 0.1, "{elo:?}");
        let margin = elo.margin.unwrap();
        assert!(margin > 0.0 && margin < 100.0, "{elo:?}");
        let wider = pairs([1, 2, 4, 3, 1]).elo().unwrap();
        assert!(wider.margin.unwrap() > margin);
    }

    #[test]
    fn few_or_alike_pairs_give_no_interval() {
        // Two drawn pairs (four games) are no certainty of equal strength.
        for few in [[0, 0, 2, 0, 0], [0, 1, 1, 2, 0], [0, 0, 40, 0, 0]] {
            let elo = pairs(few).elo().unwrap();
            assert_eq!(elo.margin, None, "{few:?}");
            assert!(elo.to_string().ends_with(" +/- n/a"), "{few:?}: {elo}");
            assert!(elo.text().de.ends_with(" +/- k. A."), "{few:?}");
        }
        assert!(pairs([0, 1, 2, 2, 0]).elo().unwrap().margin.is_some_and(f64::is_finite));
    }
}
