//! Arena standings: points with streaks, then performance.

use std::cmp::Reverse;
use std::collections::HashMap;

use crate::arena::scoring::StreakScorer;
use crate::outcome::{Outcome, PlayedGame};
use crate::player::PlayerId;

/// A player of an arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArenaPlayer {
    /// Who.
    pub id: PlayerId,
    /// The rating when joining; the performance counts with it.
    pub rating: u32,
}

/// One line of the arena standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaStanding {
    /// Who.
    pub player: PlayerId,
    /// Arena points (see [`crate::arena::scoring`]).
    pub points: u32,
    /// Games finished.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Whether the next game counts double.
    pub on_fire: bool,
    /// The tie-break, as lichess's: the mean over the games of the
    /// opponent's rating plus 500 for a win, minus 500 for a loss; `None`
    /// before the first game.
    pub performance: Option<i64>,
}

/// The standings of `players` after `games` (in the order they finished),
/// first place first: points, then performance, then rating and id. Games
/// of players not in `players` are left out.
pub fn standings(players: &[ArenaPlayer], games: &[PlayedGame]) -> Vec<ArenaStanding> {
    let rating: HashMap<PlayerId, u32> = players.iter().map(|p| (p.id, p.rating)).collect();
    let mut lines: Vec<(ArenaStanding, u32)> = players
        .iter()
        .map(|player| {
            let mut scorer = StreakScorer::default();
            let (mut count, mut wins, mut performance_sum) = (0u32, 0u32, 0i64);
            for game in games {
                let (Some(opponent), Some(outcome)) =
                    (game.opponent_of(player.id), game.outcome_for(player.id))
                else {
                    continue;
                };
                let Some(&opponent_rating) = rating.get(&opponent) else {
                    continue;
                };
                scorer.add(outcome);
                count += 1;
                let bonus = match outcome {
                    Outcome::Win => {
                        wins += 1;
                        500
                    }
                    Outcome::Draw => 0,
                    Outcome::Loss => -500,
                };
                performance_sum += i64::from(opponent_rating) + bonus;
            }
            let line = ArenaStanding {
                player: player.id,
                points: scorer.points,
                games: count,
                wins,
                on_fire: scorer.on_fire(),
                performance: (count > 0).then(|| performance_sum / i64::from(count)),
            };
            (line, player.rating)
        })
        .collect();
    lines.sort_by_key(|(line, rating)| {
        (Reverse(line.points), Reverse(line.performance), Reverse(*rating), line.player)
    });
    lines.into_iter().map(|(line, _)| line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::played;

    #[test]
    fn points_with_streaks_then_performance_order_the_table() {
        let players: Vec<ArenaPlayer> = [(1, 1500), (2, 1600), (3, 1700)]
            .iter()
            .map(|&(id, rating)| ArenaPlayer { id: PlayerId(id), rating })
            .collect();
        let games = [
            played(1, 2, Outcome::Win),
            played(3, 1, Outcome::Loss),
            played(1, 2, Outcome::Win),
            played(2, 3, Outcome::Draw),
        ];
        let table = standings(&players, &games);
        let order: Vec<u32> = table.iter().map(|l| l.player.0).collect();
        assert_eq!(order, vec![1, 3, 2]);
        // Player 1: 2 + 2 + 4 (the third win in a row counts double).
        assert_eq!((table[0].points, table[0].wins, table[0].on_fire), (8, 3, true));
        // Players 3 and 2 have a point each; 3's performance
        // (1500-500 + 1600)/2 = 1300 is above 2's ((1500-500)·2 + 1700)/3.
        assert_eq!((table[1].points, table[2].points), (1, 1));
        assert_eq!(table[1].performance, Some(1300));
        assert_eq!(table[2].performance, Some(1233));
    }
}
