//! Round-robin schedules by the circle method.
//!
//! One player stays in place and the others turn around them one seat per
//! round; seat `i` meets seat `n - 1 - i`. With an odd number of players
//! the fixed seat is left empty, and whoever faces it has the round off. In
//! seats of the upper row a player has white, and the fixed player
//! alternates, so nobody's colours differ by more than one over a single
//! round robin; the second half of a double round robin repeats the first
//! with colours swapped.

use crate::player::PlayerId;

/// One round of a schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeagueRound {
    /// The games as (white, black).
    pub games: Vec<(PlayerId, PlayerId)>,
    /// The player with the round off, with an odd number of players.
    pub bye: Option<PlayerId>,
}

/// The rounds in which `players` all meet each other once, or with
/// `double` twice (once with each colour).
pub fn round_robin(players: &[PlayerId], double: bool) -> Vec<LeagueRound> {
    let mut seats: Vec<Option<PlayerId>> = players.iter().copied().map(Some).collect();
    if seats.len() % 2 == 1 {
        // The empty seat stays in place: everyone else then has as many
        // whites as blacks.
        seats.insert(0, None);
    }
    let n = seats.len();
    let mut rounds = Vec::new();
    for round in 0..n.saturating_sub(1) {
        let mut games = Vec::new();
        let mut bye = None;
        for i in 0..n / 2 {
            let (mut white, mut black) = (seats[i], seats[n - 1 - i]);
            if i == 0 && round % 2 == 1 {
                std::mem::swap(&mut white, &mut black);
            }
            match (white, black) {
                (Some(w), Some(b)) => games.push((w, b)),
                (Some(p), None) | (None, Some(p)) => bye = Some(p),
                (None, None) => {}
            }
        }
        rounds.push(LeagueRound { games, bye });
        seats[1..].rotate_right(1);
    }
    if double {
        let second: Vec<LeagueRound> = rounds
            .iter()
            .map(|r| LeagueRound { games: r.games.iter().map(|&(w, b)| (b, w)).collect(), bye: r.bye })
            .collect();
        rounds.extend(second);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn players(n: u32) -> Vec<PlayerId> {
        (1..=n).map(PlayerId).collect()
    }

    #[test]
    fn everyone_meets_everyone_once_with_each_colour_in_a_double_round_robin() {
        for n in 2..=11u32 {
            let rounds = round_robin(&players(n), true);
            let per_half = if n % 2 == 0 { n - 1 } else { n };
            assert_eq!(rounds.len() as u32, 2 * per_half, "n={n}");
            let mut games: HashMap<(PlayerId, PlayerId), u32> = HashMap::new();
            for round in &rounds {
                let mut seen: Vec<PlayerId> = round.bye.into_iter().collect();
                for &(w, b) in &round.games {
                    seen.extend([w, b]);
                    *games.entry((w, b)).or_default() += 1;
                }
                seen.sort_unstable();
                assert_eq!(seen, players(n), "each plays once a round, n={n}");
                assert_eq!(round.bye.is_some(), n % 2 == 1);
            }
            for a in players(n) {
                for b in players(n) {
                    if a != b {
                        assert_eq!(games.get(&(a, b)), Some(&1), "{a:?} white against {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn colours_differ_by_at_most_one_in_a_single_round_robin() {
        for n in 2..=12u32 {
            let mut difference: HashMap<PlayerId, i32> = HashMap::new();
            for round in round_robin(&players(n), false) {
                for (w, b) in round.games {
                    *difference.entry(w).or_default() += 1;
                    *difference.entry(b).or_default() -= 1;
                }
            }
            assert!(difference.values().all(|d| d.abs() <= 1), "n={n}: {difference:?}");
        }
    }

    #[test]
    fn odd_groups_give_each_player_one_round_off() {
        let rounds = round_robin(&players(7), false);
        let mut byes: Vec<PlayerId> = rounds.iter().filter_map(|r| r.bye).collect();
        byes.sort_unstable();
        assert_eq!(byes, players(7));
    }
}
