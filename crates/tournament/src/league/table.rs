//! A league group's table: points, then head-to-head, Sonneborn-Berger
//! and wins.

use std::cmp::Reverse;
use std::collections::HashMap;

use crate::outcome::{Outcome, PlayedGame};
use crate::player::PlayerId;

/// One line of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// Who.
    pub player: PlayerId,
    /// Games finished.
    pub played: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Points in half points (2 a win, 1 a draw).
    pub half_points: u32,
    /// Half points from the games against the players level on points.
    pub head_to_head: u32,
    /// Sonneborn-Berger: the points of beaten opponents plus half those of
    /// drawn opponents, in quarter points.
    pub sonneborn_berger: u32,
}

/// The table of the group `players` from its finished `games` (games with
/// anyone outside the group are left out), first place first: points,
/// head-to-head among those level on points, Sonneborn-Berger, wins, id.
pub fn table(players: &[PlayerId], games: &[PlayedGame]) -> Vec<TableRow> {
    let in_group = |p: PlayerId| players.contains(&p);
    let games: Vec<&PlayedGame> = games.iter().filter(|g| in_group(g.white) && in_group(g.black)).collect();
    let mut rows: HashMap<PlayerId, TableRow> = players
        .iter()
        .map(|&player| {
            (
                player,
                TableRow {
                    player,
                    played: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    half_points: 0,
                    head_to_head: 0,
                    sonneborn_berger: 0,
                },
            )
        })
        .collect();
    for game in &games {
        for player in [game.white, game.black] {
            let outcome = game.outcome_for(player).expect("a player of the game");
            let row = rows.get_mut(&player).expect("a player of the group");
            row.played += 1;
            row.half_points += outcome.half_points();
            match outcome {
                Outcome::Win => row.wins += 1,
                Outcome::Draw => row.draws += 1,
                Outcome::Loss => row.losses += 1,
            }
        }
    }
    let points: HashMap<PlayerId, u32> = rows.iter().map(|(&p, r)| (p, r.half_points)).collect();
    for game in &games {
        for player in [game.white, game.black] {
            let opponent = game.opponent_of(player).expect("a player of the game");
            let earned = game.outcome_for(player).expect("a player of the game").half_points();
            let row = rows.get_mut(&player).expect("a player of the group");
            row.sonneborn_berger += points[&opponent] * earned;
            if points[&opponent] == points[&player] {
                row.head_to_head += earned;
            }
        }
    }
    let mut table: Vec<TableRow> = rows.into_values().collect();
    table.sort_by_key(|r| {
        (
            Reverse(r.half_points),
            Reverse(r.head_to_head),
            Reverse(r.sonneborn_berger),
            Reverse(r.wins),
            r.player,
        )
    });
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::played;

    fn order(rows: &[TableRow]) -> Vec<u32> {
        rows.iter().map(|r| r.player.0).collect()
    }

    fn group() -> Vec<PlayerId> {
        (1..=4).map(PlayerId).collect()
    }

    #[test]
    fn head_to_head_comes_before_sonneborn_berger() {
        // 3 has 4 half points; 1 and 2 have 3, and 1 beat 2 although 2's
        // Sonneborn-Berger is higher (2 beat 3).
        let games = [
            played(1, 2, Outcome::Win),
            played(3, 1, Outcome::Win),
            played(1, 4, Outcome::Draw),
            played(2, 3, Outcome::Win),
            played(2, 4, Outcome::Draw),
            played(3, 4, Outcome::Win),
        ];
        let rows = table(&group(), &games);
        assert_eq!(order(&rows), vec![3, 1, 2, 4]);
        assert_eq!((rows[1].half_points, rows[1].head_to_head), (3, 2));
        assert_eq!((rows[2].half_points, rows[2].head_to_head), (3, 0));
        // 1: beat 2 (3·2) + drew 4 (2·1); 2: beat 3 (4·2) + drew 4.
        assert_eq!((rows[1].sonneborn_berger, rows[2].sonneborn_berger), (8, 10));
        assert_eq!((rows[0].played, rows[0].wins, rows[0].draws, rows[0].losses), (3, 2, 0, 1));
    }

    #[test]
    fn sonneborn_berger_decides_when_head_to_head_is_level() {
        // 1 and 2 drew each other and have 3 half points; 2 beat the
        // leader 3, 1 only the last, 4.
        let games = [
            played(1, 2, Outcome::Draw),
            played(3, 1, Outcome::Win),
            played(1, 4, Outcome::Win),
            played(2, 3, Outcome::Win),
            played(4, 2, Outcome::Win),
            played(3, 4, Outcome::Win),
        ];
        let rows = table(&group(), &games);
        assert_eq!(order(&rows), vec![3, 2, 1, 4]);
        assert_eq!((rows[1].head_to_head, rows[2].head_to_head), (1, 1));
        assert_eq!((rows[1].sonneborn_berger, rows[2].sonneborn_berger), (11, 7));
    }

    #[test]
    fn games_with_outsiders_do_not_count() {
        let group = [PlayerId(1), PlayerId(2)];
        let rows = table(&group, &[played(1, 9, Outcome::Win), played(2, 1, Outcome::Draw)]);
        assert!(rows.iter().all(|r| r.played == 1 && r.half_points == 1));
    }
}
