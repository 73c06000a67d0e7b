//! Pairing one Swiss round by maximum-weight matching.
//!
//! Every two players (and, with an odd number of players, each player and
//! a "bye" vertex) are joined by an edge whose cost is a list of criteria,
//! most important first:
//!
//! 1. absolute rules: a colour difference beyond ±2, a second bye;
//! 2. a repeated pairing;
//! 3. a third colour in a row;
//! 4. the bye going to anyone but the lowest-ranked player (rank from the
//!    bottom);
//! 5. the score difference of the two players, squared (score groups);
//! 6. colour preferences not met;
//! 7. within a score group, the distance from the Dutch order (the upper
//!    half meets the lower half: 1st–(g/2+1)th, 2nd–(g/2+2)th, …).
//!
//! [`least_cost_pairs`] finds the perfect matching that minimises the
//! criteria in that order (folded into one weight per edge). A
//! repeated pairing thus happens only when no pairing without one exists
//! that keeps the absolute rules, and the absolute rules can always be
//! kept (the colour differences of all players add up to zero, so there
//! are always enough partners for those at ±2).

use std::collections::HashMap;

use crate::outcome::Colour;
use crate::player::PlayerId;
use crate::priority_matching::least_cost_pairs;
use crate::swiss::colour::{ColourMisfit, game_misfit};
use crate::swiss::record::{Record, records};
use crate::swiss::round::{Round, SwissPlayer};

/// One game of the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The player who moves first.
    pub white: PlayerId,
    /// The player who moves second.
    pub black: PlayerId,
}

/// The pairing of one round: its boards, best-placed first, and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The games, ordered by the higher score (then rank) on each board.
    pub boards: Vec<Board>,
    /// The player who sits out, with an odd number of players.
    pub bye: Option<PlayerId>,
}

/// Pairs the next round for `players` (those taking part in it) after the
/// finished `rounds`. Players absent from `rounds` start with no points.
pub fn pair_round(players: &[SwissPlayer], rounds: &[Round]) -> Pairing {
    let problem = Problem::new(players, rounds);
    let vertices = problem.vertex_count();
    let costs: Vec<(usize, usize, Cost)> = (0..vertices)
        .flat_map(|a| (a + 1..vertices).map(move |b| (a, b)))
        .map(|(a, b)| (a, b, problem.cost(a, b)))
        .collect();
    problem.pairing(&least_cost_pairs(vertices, &costs))
}

/// Number of criteria in a [`Cost`].
const CRITERIA: usize = 7;

/// The criteria of one edge, most important first (see the module docs).
pub(crate) type Cost = [u64; CRITERIA];

/// The ranked players of one round and their records.
pub(crate) struct Problem {
    /// Players by rank: score, then rating, then id.
    ranked: Vec<SwissPlayer>,
    /// Each ranked player's record.
    records: Vec<Record>,
    /// Each ranked player's place within their score group (by rank).
    place_in_group: Vec<usize>,
    /// The size of each ranked player's score group.
    group_size: Vec<usize>,
    /// Whether some player has not had a bye yet.
    someone_without_bye: bool,
}

impl Problem {
    /// Ranks `players` after `rounds`.
    pub(crate) fn new(players: &[SwissPlayer], rounds: &[Round]) -> Self {
        let all_records = records(rounds);
        let mut ranked: Vec<(SwissPlayer, Record)> =
            players.iter().map(|p| (*p, all_records.get(&p.id).cloned().unwrap_or_default())).collect();
        ranked.sort_by(|(a, ra), (b, rb)| {
            rb.half_points.cmp(&ra.half_points).then(b.rating.cmp(&a.rating)).then(a.id.cmp(&b.id))
        });
        let mut sizes: HashMap<u32, usize> = HashMap::new();
        let mut place_in_group = Vec::with_capacity(ranked.len());
        for (_, record) in &ranked {
            let size = sizes.entry(record.half_points).or_default();
            place_in_group.push(*size);
            *size += 1;
        }
        let group_size = ranked.iter().map(|(_, r)| sizes[&r.half_points]).collect();
        let someone_without_bye = ranked.iter().any(|(_, r)| r.byes == 0);
        let (ranked, records) = ranked.into_iter().unzip();
        Problem { ranked, records, place_in_group, group_size, someone_without_bye }
    }

    /// Players, plus the bye vertex when their number is odd.
    pub(crate) fn vertex_count(&self) -> usize {
        self.ranked.len() + self.ranked.len() % 2
    }

    /// Whether vertex `v` stands for the bye.
    fn is_bye(&self, v: usize) -> bool {
        v == self.ranked.len()
    }

    /// The cost of pairing vertices `a < b`.
    pub(crate) fn cost(&self, a: usize, b: usize) -> Cost {
        if self.is_bye(b) {
            return self.bye_cost(a);
        }
        let (ra, rb) = (&self.records[a], &self.records[b]);
        let misfit = game_misfit(ra, rb).min(game_misfit(rb, ra));
        let score_gap = u64::from(ra.half_points.abs_diff(rb.half_points));
        let dutch = if ra.half_points == rb.half_points {
            let distance = self.place_in_group[a].abs_diff(self.place_in_group[b]);
            (distance.abs_diff(self.group_size[a] / 2) as u64).pow(2)
        } else {
            0
        };
        [
            misfit.over_limit,
            u64::from(ra.has_met(self.ranked[b].id)),
            misfit.third_in_row,
            0,
            score_gap * score_gap,
            misfit.against_preference,
            dutch,
        ]
    }

    /// The cost of giving the bye to ranked player `a`.
    fn bye_cost(&self, a: usize) -> Cost {
        let second_bye = self.records[a].byes > 0 && self.someone_without_bye;
        let from_bottom = (self.ranked.len() - 1 - a) as u64;
        [u64::from(second_bye), 0, 0, from_bottom, 0, 0, 0]
    }

    /// The boards and bye of the matched vertex pairs.
    pub(crate) fn pairing(&self, pairs: &[(usize, usize)]) -> Pairing {
        let mut bye = None;
        let mut games: Vec<(usize, usize)> = Vec::new();
        for &(a, b) in pairs {
            if self.is_bye(b) {
                bye = Some(self.ranked[a].id);
            } else {
                games.push((a.min(b), a.max(b)));
            }
        }
        // Best-placed board first: higher score, then the higher rank.
        games.sort_by_key(|&(top, bottom)| {
            let score = self.records[top].half_points.max(self.records[bottom].half_points);
            (std::cmp::Reverse(score), top)
        });
        let boards =
            games.iter().enumerate().map(|(board, &(top, bottom))| self.board(board, top, bottom)).collect();
        Pairing { boards, bye }
    }

    /// Colours for the game of ranked players `top` (the higher ranked)
    /// and `bottom` on board number `board` (0 for the first): the better
    /// fit for both; on a tie, the higher ranked player's wish; with no
    /// wish either, white for the higher ranked player on every other
    /// board.
    fn board(&self, board: usize, top: usize, bottom: usize) -> Board {
        let (rt, rb) = (&self.records[top], &self.records[bottom]);
        let top_white = game_misfit(rt, rb);
        let top_black = game_misfit(rb, rt);
        let top_gets_white = match top_white.cmp(&top_black) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let as_white = ColourMisfit::of(rt, Colour::White);
                let as_black = ColourMisfit::of(rt, Colour::Black);
                if as_white == as_black { board.is_multiple_of(2) } else { as_white < as_black }
            }
        };
        let (white, black) = if top_gets_white { (top, bottom) } else { (bottom, top) };
        Board { white: self.ranked[white].id, black: self.ranked[black].id }
    }
}

#[cfg(test)]
mod tests;
