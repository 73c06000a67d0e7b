//! Pairing the players who wait for their next arena game.
//!
//! Waiting players meet those nearest to them in the standings (the sum
//! of the squared distances in place of the pairs is least), and two players who have
//! just played each other meet again only if no other pairing of as many
//! players avoids it. With an odd number waiting, one waits on. Colours:
//! white to the player who has had white less often (then to the one who
//! had black last, then to the higher placed).

use std::collections::HashMap;

use crate::arena::standings::ArenaStanding;
use crate::outcome::PlayedGame;
use crate::player::PlayerId;
use crate::priority_matching::least_cost_pairs;

/// A new arena game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArenaBoard {
    /// The player who moves first.
    pub white: PlayerId,
    /// The player who moves second.
    pub black: PlayerId,
}

/// What the finished games say about one player's colours and last game.
#[derive(Clone, Copy, Debug, Default)]
struct Recent {
    /// Games with white minus games with black.
    colour_difference: i32,
    /// Whether the last game was with black.
    last_black: bool,
    /// The opponent of the last game.
    last_opponent: Option<PlayerId>,
}

/// Pairs `waiting` players given the current `standings` (first place
/// first; players missing from it rank below all in it, in the order
/// given) and all finished `games` in the order they finished.
pub fn pair_waiting(
    waiting: &[PlayerId],
    standings: &[ArenaStanding],
    games: &[PlayedGame],
) -> Vec<ArenaBoard> {
    let place: HashMap<PlayerId, usize> = standings.iter().enumerate().map(|(i, s)| (s.player, i)).collect();
    let mut ranked: Vec<PlayerId> = waiting.to_vec();
    ranked.sort_by_key(|p| place.get(p).copied().unwrap_or(usize::MAX));
    let mut recent: HashMap<PlayerId, Recent> = HashMap::new();
    for game in games {
        for (player, opponent, white) in [(game.white, game.black, true), (game.black, game.white, false)] {
            let entry = recent.entry(player).or_default();
            entry.colour_difference += if white { 1 } else { -1 };
            entry.last_black = !white;
            entry.last_opponent = Some(opponent);
        }
    }
    let recent_of = |p: PlayerId| recent.get(&p).copied().unwrap_or_default();
    let costs: Vec<(usize, usize, [u64; 2])> = (0..ranked.len())
        .flat_map(|a| (a + 1..ranked.len()).map(move |b| (a, b)))
        .map(|(a, b)| {
            let rematch = recent_of(ranked[a]).last_opponent == Some(ranked[b])
                || recent_of(ranked[b]).last_opponent == Some(ranked[a]);
            (a, b, [u64::from(rematch), ((b - a) as u64).pow(2)])
        })
        .collect();
    let mut pairs = least_cost_pairs(ranked.len(), &costs);
    pairs.sort_unstable();
    pairs
        .into_iter()
        .map(|(a, b)| {
            let (upper, lower) = (recent_of(ranked[a]), recent_of(ranked[b]));
            let upper_white =
                (upper.colour_difference, !upper.last_black) <= (lower.colour_difference, !lower.last_black);
            if upper_white {
                ArenaBoard { white: ranked[a], black: ranked[b] }
            } else {
                ArenaBoard { white: ranked[b], black: ranked[a] }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Outcome;

    fn ids(list: &[u32]) -> Vec<PlayerId> {
        list.iter().map(|&i| PlayerId(i)).collect()
    }

    fn standing(player: u32) -> ArenaStanding {
        ArenaStanding {
            player: PlayerId(player),
            points: 0,
            games: 0,
            wins: 0,
            on_fire: false,
            performance: None,
        }
    }

    fn pairs(boards: &[ArenaBoard]) -> Vec<(u32, u32)> {
        boards.iter().map(|b| (b.white.0.min(b.black.0), b.white.0.max(b.black.0))).collect()
    }

    #[test]
    fn neighbours_in_the_standings_meet() {
        let table: Vec<ArenaStanding> = (1..=6).map(standing).collect();
        let boards = pair_waiting(&ids(&[6, 1, 4, 2, 5, 3]), &table, &[]);
        assert_eq!(pairs(&boards), vec![(1, 2), (3, 4), (5, 6)]);
    }

    #[test]
    fn an_immediate_rematch_is_avoided_while_someone_else_waits() {
        let table: Vec<ArenaStanding> = (1..=4).map(standing).collect();
        let just_played = PlayedGame { white: PlayerId(1), black: PlayerId(2), white_outcome: Outcome::Win };
        let boards = pair_waiting(&ids(&[1, 2, 3, 4]), &table, &[just_played]);
        assert_eq!(pairs(&boards), vec![(1, 3), (2, 4)]);
        // 1 had white, so 3 gets it; 2 had black, so 2 gets white.
        assert_eq!(boards[0].white, PlayerId(3));
        assert_eq!(boards[1].white, PlayerId(2));
        // Three waiting: 1 and 2 do not meet again; one of them waits on.
        let boards = pair_waiting(&ids(&[1, 2, 3]), &table, &[just_played]);
        assert_eq!(pairs(&boards), vec![(2, 3)]);
        // Alone together, they may.
        let boards = pair_waiting(&ids(&[1, 2]), &table, &[just_played]);
        assert_eq!(pairs(&boards), vec![(1, 2)]);
    }
}
