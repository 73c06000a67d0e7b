//! What can be named of a puzzle without a person's eye — its themes — and
//! the order of a puzzle streak.
//!
//! Every puzzle of a set ends in a forced win or a clear gain
//! ([`game::PuzzleRules`]), and its solution has a length; so the themes
//! are [`Theme::Win`] or [`Theme::Gain`], and [`Theme::OneMove`],
//! [`Theme::Short`] or [`Theme::Long`] (found by replaying the solution,
//! [`themes_of`](crate::features::puzzle_line::themes_of)). Which pattern a puzzle shows (a
//! fork, a push-off) would need a person or a game's own classifier; no
//! game has one yet, so no such theme is claimed.

use rand::Rng;

/// A named kind of puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// The solution wins the game.
    Win,
    /// The solution wins material (stones, marbles) without ending the game.
    Gain,
    /// The solution is one move.
    OneMove,
    /// The solution is two moves of the solver.
    Short,
    /// The solution is three or more moves of the solver.
    Long,
}

impl Theme {
    /// Every theme, in the order a page lists them.
    pub const ALL: [Theme; 5] = [Theme::Win, Theme::Gain, Theme::OneMove, Theme::Short, Theme::Long];

    /// The theme's key in requests and replies.
    pub fn key(self) -> &'static str {
        match self {
            Theme::Win => "win",
            Theme::Gain => "gain",
            Theme::OneMove => "one_move",
            Theme::Short => "short",
            Theme::Long => "long",
        }
    }

    /// The theme of `key`, if there is one.
    pub fn from_key(key: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.key() == key)
    }
}

/// How many puzzles a streak has at most.
pub const STREAK_LENGTH: usize = 30;

/// A streak of at most `length` of `rated` (each with its rating), from the
/// easiest to the hardest: the puzzles sorted by rating are cut into
/// `length` runs of about equal size, and one of each run is drawn.
pub fn streak<'a, T>(rated: &'a [(T, f64)], length: usize, rng: &mut impl Rng) -> Vec<&'a T> {
    let mut order: Vec<&(T, f64)> = rated.iter().collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1));
    let runs = length.min(order.len());
    (0..runs)
        .map(|run| {
            let (start, end) = (run * order.len() / runs, (run + 1) * order.len() / runs);
            &order[rng.random_range(start..end)].0
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn a_streak_climbs_and_repeats_no_puzzle() {
        let rated: Vec<(usize, f64)> = (0..100).map(|i| (i, 2500.0 - 13.0 * i as f64)).collect();
        let mut rng = StdRng::seed_from_u64(3);
        let chosen = streak(&rated, STREAK_LENGTH, &mut rng);
        assert_eq!(chosen.len(), STREAK_LENGTH);
        let ratings: Vec<f64> = chosen.iter().map(|&&i| rated[i].1).collect();
        assert!(ratings.windows(2).all(|pair| pair[0] < pair[1]), "{ratings:?}");
        let few = streak(&rated[..4], STREAK_LENGTH, &mut rng);
        assert_eq!(few.len(), 4, "a small set gives each puzzle once");
        assert!(streak::<usize>(&[], STREAK_LENGTH, &mut rng).is_empty());
    }

    #[test]
    fn keys_name_each_theme_once() {
        for theme in Theme::ALL {
            assert_eq!(Theme::from_key(theme.key()), Some(theme));
        }
        assert_eq!(Theme::from_key("fork"), None);
    }
}
