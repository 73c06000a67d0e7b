//! Final standings of a Swiss tournament and their tie-breaks.
//!
//! Order: score, then Buchholz cut 1, Buchholz, Sonneborn-Berger, then
//! rating and id. A bye adds to the score but to no tie-break (there is no
//! opponent to count).

use std::cmp::Reverse;

use crate::player::PlayerId;
use crate::swiss::record::records;
use crate::swiss::round::{Round, SwissPlayer};

/// One line of the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwissStanding {
    /// Who.
    pub player: PlayerId,
    /// The score, in half points.
    pub half_points: u32,
    /// Buchholz: the opponents' scores added up, in half points.
    pub buchholz: u32,
    /// Buchholz without the lowest opponent's score, in half points.
    pub buchholz_cut_one: u32,
    /// Sonneborn-Berger: the scores of beaten opponents plus half those of
    /// drawn opponents, in quarter points.
    pub sonneborn_berger: u32,
}

/// The standings of `players` after `rounds`, first place first.
pub fn standings(players: &[SwissPlayer], rounds: &[Round]) -> Vec<SwissStanding> {
    let records = records(rounds);
    let score = |p: PlayerId| records.get(&p).map_or(0, |r| r.half_points);
    let mut lines: Vec<(SwissStanding, u32)> = players
        .iter()
        .map(|player| {
            let mut opponent_scores = Vec::new();
            let mut sonneborn_berger = 0;
            for game in rounds.iter().flat_map(|round| &round.games) {
                if let (Some(opponent), Some(outcome)) =
                    (game.opponent_of(player.id), game.outcome_for(player.id))
                {
                    opponent_scores.push(score(opponent));
                    sonneborn_berger += score(opponent) * outcome.half_points();
                }
            }
            let buchholz: u32 = opponent_scores.iter().sum();
            let lowest = opponent_scores.iter().min().copied().unwrap_or(0);
            let line = SwissStanding {
                player: player.id,
                half_points: score(player.id),
                buchholz,
                buchholz_cut_one: buchholz - lowest,
                sonneborn_berger,
            };
            (line, player.rating)
        })
        .collect();
    lines.sort_by_key(|(s, rating)| {
        (
            Reverse(s.half_points),
            Reverse(s.buchholz_cut_one),
            Reverse(s.buchholz),
            Reverse(s.sonneborn_berger),
            Reverse(*rating),
            s.player,
        )
    });
    lines.into_iter().map(|(line, _)| line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Outcome;
    use crate::outcome::played;

    /// Worked by hand: 1 beats 2 and draws 3, 3 draws 4, 2 beats 4.
    /// Scores 3, 2, 2, 1 (in half points); 2 and 3 are level on score and
    /// both Buchholz figures, and 3's Sonneborn-Berger (draws against 4
    /// and 1: 1 + 3) beats 2's (a win against 4: 2), although 2 is rated
    /// higher.
    #[test]
    fn sonneborn_berger_separates_players_level_on_buchholz() {
        let players: Vec<SwissPlayer> = [(1, 2000), (2, 1900), (3, 1800), (4, 1700)]
            .iter()
            .map(|&(id, rating)| SwissPlayer { id: PlayerId(id), rating })
            .collect();
        let rounds = [
            Round { games: vec![played(1, 2, Outcome::Win), played(3, 4, Outcome::Draw)], bye: None },
            Round { games: vec![played(3, 1, Outcome::Draw), played(2, 4, Outcome::Win)], bye: None },
        ];
        let table = standings(&players, &rounds);
        let order: Vec<u32> = table.iter().map(|s| s.player.0).collect();
        assert_eq!(order, vec![1, 3, 2, 4]);
        let figures: Vec<(u32, u32, u32, u32)> = table
            .iter()
            .map(|s| (s.half_points, s.buchholz, s.buchholz_cut_one, s.sonneborn_berger))
            .collect();
        assert_eq!(figures, vec![(3, 4, 2, 6), (2, 4, 3, 4), (2, 4, 3, 2), (1, 4, 2, 2)]);
    }

    #[test]
    fn a_bye_scores_a_point_but_counts_for_no_tie_break() {
        let players = [1, 2, 3].map(|id| SwissPlayer { id: PlayerId(id), rating: 1500 });
        let rounds = [Round { games: vec![played(1, 2, Outcome::Draw)], bye: Some(PlayerId(3)) }];
        let table = standings(&players, &rounds);
        assert_eq!(table[0].player, PlayerId(3));
        assert_eq!((table[0].half_points, table[0].buchholz), (2, 0));
    }
}
