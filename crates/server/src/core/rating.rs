//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2012): a rating, its deviation (how uncertain it is) and a volatility
//! per account and game kind.
//!
//! Every rated game is a rating period of its own, as on lichess: when it
//! ends, both players are updated against each other's rating before the
//! game. The system constant τ is 0.5 (the paper suggests 0.3 to 1.2).

use crate::store::RatingRow;
use std::f64::consts::PI;

/// The factor between the Glicko and the Glicko-2 scale.
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change.
const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;
/// The rating of a new player.
pub const START_RATING: f64 = 1500.0;
/// The deviation of a new player, also the largest there is.
pub const START_DEVIATION: f64 = 350.0;
/// The volatility of a new player.
pub const START_VOLATILITY: f64 = 0.06;
/// The smallest deviation: a rating never becomes quite certain.
pub const MIN_DEVIATION: f64 = 30.0;
/// A deviation above this marks a provisional rating (shown with a `?`).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating, 1500 at the start.
    pub rating: f64,
    /// The rating deviation (RD).
    pub deviation: f64,
    /// The volatility σ.
    pub volatility: f64,
}

impl Glicko {
    /// The rating stored in `row`.
    pub fn of(row: &RatingRow) -> Glicko {
        Glicko { rating: row.rating, deviation: row.deviation, volatility: row.volatility }
    }
}

impl Default for Glicko {
    /// A new player: 1500, RD 350, σ 0.06.
    fn default() -> Glicko {
        Glicko { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY }
    }
}

/// One game of a rating period: the opponent's rating and the player's
/// score (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating before the period.
    pub opponent: Glicko,
    /// The player's score.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Glicko {
    /// The rating after a rating period with `games` (steps 2 to 8 of the
    /// paper); without games only the deviation grows. The deviation stays
    /// between [`MIN_DEVIATION`] and [`START_DEVIATION`].
    pub fn after(self, games: &[Game]) -> Glicko {
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Glicko { deviation: (phi_star * SCALE).min(START_DEVIATION), ..self };
        }
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - START_RATING) / SCALE;
            let phi_j = game.opponent.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            inverse_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (game.score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        let sigma = new_volatility(phi, sigma, v, delta);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Glicko {
            rating: SCALE * mu_new + START_RATING,
            deviation: (SCALE * phi_new).clamp(MIN_DEVIATION, START_DEVIATION),
            volatility: sigma,
        }
    }

    /// Whether the rating is still provisional (a large deviation).
    pub fn provisional(self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }
}

/// The new volatility (step 5, the Illinois algorithm).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// Both players' ratings after one game between them; `score` is the
/// first player's (1 win, 0.5 draw, 0 loss).
pub fn after_game(first: Glicko, second: Glicko, score: f64) -> (Glicko, Glicko) {
    (
        first.after(&[Game { opponent: second, score }]),
        second.after(&[Game { opponent: first, score: 1.0 - score }]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Glicko {
        Glicko { rating, deviation, volatility: START_VOLATILITY }
    }

    #[test]
    fn the_papers_worked_example() {
        let player = rated(1500.0, 200.0);
        let games = [
            Game { opponent: rated(1400.0, 30.0), score: 1.0 },
            Game { opponent: rated(1550.0, 100.0), score: 0.0 },
            Game { opponent: rated(1700.0, 300.0), score: 0.0 },
        ];
        let after = player.after(&games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_by_as_much_between_equals() {
        let (winner, loser) = after_game(Glicko::default(), Glicko::default(), 1.0);
        assert!(winner.rating > START_RATING && loser.rating < START_RATING);
        assert!((winner.rating - START_RATING - (START_RATING - loser.rating)).abs() < 1e-9);
        assert!(winner.deviation < START_DEVIATION && winner.provisional());
        let (first, second) = after_game(Glicko::default(), Glicko::default(), 0.5);
        assert!((first.rating - START_RATING).abs() < 1e-9 && (second.rating - START_RATING).abs() < 1e-9);
    }

    #[test]
    fn deviations_stay_between_the_bounds() {
        let idle = Glicko { deviation: 349.0, ..Glicko::default() }.after(&[]);
        assert!(idle.deviation <= START_DEVIATION);
        let mut player = rated(1500.0, 50.0);
        for _ in 0..200 {
            player = player.after(&[Game { opponent: rated(1500.0, 30.0), score: 0.5 }]);
        }
        assert!(player.deviation >= MIN_DEVIATION && !player.provisional());
    }
}
