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
