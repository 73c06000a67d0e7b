//! Arena points with lichess's win streak.
//!
//! As lichess documents it: "A win has a base score of 2 points, a draw 1
//! point, and a loss is worth no points. If you win two games
//! consecutively you will start a double point streak, represented by a
//! flame icon. The following games will continue to be worth double
//! points until you fail to win a game. That is, a win will be worth 4
//! points, a draw 2 points, and a loss will still not award any points."
//! Two wins and a draw are thus worth 2 + 2 + 2 = 6. (lichess's berserk
//! bonus depends on clocks and is left to the caller.)

use crate::outcome::Outcome;

/// One player's running arena score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreakScorer {
    /// Points so far.
    pub points: u32,
    /// Wins in a row up to the last game.
    pub wins_in_a_row: u32,
}

impl StreakScorer {
    /// Whether the next game counts double (two or more wins in a row).
    pub fn on_fire(&self) -> bool {
        self.wins_in_a_row >= 2
    }

    /// Adds the next game and returns the points it scored.
    pub fn add(&mut self, outcome: Outcome) -> u32 {
        let factor = if self.on_fire() { 2 } else { 1 };
        let points = outcome.half_points() * factor;
        self.points += points;
        self.wins_in_a_row = match outcome {
            Outcome::Win => self.wins_in_a_row + 1,
            Outcome::Draw | Outcome::Loss => 0,
        };
        points
    }
}

/// The points of each of one player's games, in the order played.
pub fn game_points(outcomes: &[Outcome]) -> Vec<u32> {
    let mut scorer = StreakScorer::default();
    outcomes.iter().map(|&o| scorer.add(o)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    #[test]
    fn lichess_example_two_wins_and_a_draw_make_six() {
        assert_eq!(game_points(&[Win, Win, Draw]), vec![2, 2, 2]);
    }

    #[test]
    fn the_streak_doubles_until_a_game_is_not_won() {
        assert_eq!(
            game_points(&[Win, Win, Win, Win, Loss, Win, Draw, Win, Win, Win]),
            vec![2, 2, 4, 4, 0, 2, 1, 2, 2, 4]
        );
        assert_eq!(game_points(&[Draw, Draw, Win, Draw]), vec![1, 1, 2, 1]);
    }

    #[test]
    fn the_flame_shows_after_two_wins_and_goes_out_after_a_draw() {
        let mut scorer = StreakScorer::default();
        scorer.add(Win);
        assert!(!scorer.on_fire());
        scorer.add(Win);
        assert!(scorer.on_fire());
        assert_eq!(scorer.add(Draw), 2);
        assert!(!scorer.on_fire());
        assert_eq!(scorer.points, 6);
    }
}
