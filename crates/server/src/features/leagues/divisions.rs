//! The pure rules of a season: who plays in which division, how a league
//! game counts, and where each place of a table ends the season.

use crate::contract::leagues::{LEAGUE_GROUP_SIZE, LEAGUE_MOVING, LeagueZone};
use crate::features::tournaments::view::outcome_text;
use crate::store::{LeagueGameRow, LeagueMemberRow, StoredLeagueSeason};
use game::Player;
use tournament::league::{TableRow, table};
use tournament::{Outcome, PlayedGame, PlayerId};

/// The divisions of a starting season, the top one first, each listing
/// indices into `members`: those carried over stay in the division the
/// season before gave them, in its order (empty divisions closed up);
/// newcomers, in the order they signed up, fill the lowest division up to
/// [`LEAGUE_GROUP_SIZE`] and then open new ones below. Nobody plays alone:
/// a division of one takes the last player of the division above when
/// that one keeps at least two, or else joins it.
pub fn form_divisions(members: &[LeagueMemberRow]) -> Vec<Vec<usize>> {
    let mut carried: Vec<(u32, u32, usize)> = members
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.division.map(|d| (d, m.seed.unwrap_or(u32::MAX), i)))
        .collect();
    carried.sort_unstable();
    let mut divisions: Vec<Vec<usize>> = Vec::new();
    let mut last_division = None;
    for (division, _, i) in carried {
        if last_division != Some(division) {
            divisions.push(Vec::new());
            last_division = Some(division);
        }
        divisions.last_mut().expect("just pushed").push(i);
    }
    for (i, _) in members.iter().enumerate().filter(|(_, m)| m.division.is_none()) {
        match divisions.last_mut() {
            Some(lowest) if lowest.len() < LEAGUE_GROUP_SIZE => lowest.push(i),
            _ => divisions.push(vec![i]),
        }
    }
    while let Some(alone) = divisions.iter().position(|d| d.len() == 1) {
        if alone == 0 {
            if divisions.len() == 1 {
                break;
            }
            let first_below = divisions[1].remove(0);
            divisions[0].push(first_below);
        } else if divisions[alone - 1].len() >= 3 {
            let last_above = divisions[alone - 1].pop().expect("three players");
            divisions[alone].insert(0, last_above);
        } else {
            let player = divisions.remove(alone).remove(0);
            divisions[alone - 1].push(player);
        }
        divisions.retain(|d| !d.is_empty());
    }
    divisions
}

/// How a finished league game counts for white: the result's outcome, or
/// for a game that ended without one (aborted) a loss for the side that
/// was to move.
pub fn white_outcome(result: &str, to_move: Option<Player>) -> Outcome {
    match outcome_text(result) {
        "win" => Outcome::Win,
        "loss" => Outcome::Loss,
        "draw" => Outcome::Draw,
        _ if to_move == Some(Player::P2) => Outcome::Win,
        _ => Outcome::Loss,
    }
}

/// The finished games among `games` of the division whose players are
/// `players` (accounts, each a [`PlayerId`] by its index), for
/// [`tournament::league::table`].
fn played(players: &[&str], games: &[&LeagueGameRow]) -> Vec<PlayedGame> {
    let id = |account: &str| players.iter().position(|p| *p == account).map(|i| PlayerId(i as u32));
    games
        .iter()
        .filter_map(|game| {
            let result = game.result.as_deref()?;
            Some(PlayedGame {
                white: id(&game.white_id)?,
                black: id(&game.black_id)?,
                white_outcome: white_outcome(result, game.to_move),
            })
        })
        .collect()
}

/// A division of a season that started, with its table as its ended
/// games give it.
pub struct DivisionTable<'a> {
    /// Its players' accounts; each is the [`PlayerId`] of its index.
    pub players: Vec<&'a str>,
    /// Its games, by round.
    pub games: Vec<&'a LeagueGameRow>,
    /// Its table, first place first.
    pub lines: Vec<TableRow>,
}

/// The divisions of `stored` (a season that started), the top one first.
pub fn division_tables(stored: &StoredLeagueSeason) -> Vec<DivisionTable<'_>> {
    let count = stored.members.iter().filter_map(|m| m.division).max().map_or(0, |d| d + 1);
    (0..count)
        .map(|division| {
            let players: Vec<&str> = stored
                .members
                .iter()
                .filter(|m| m.division == Some(division))
                .map(|m| m.account_id.as_str())
                .collect();
            let games: Vec<&LeagueGameRow> = stored.games.iter().filter(|g| g.division == division).collect();
            let ids: Vec<PlayerId> = (0..players.len() as u32).map(PlayerId).collect();
            let lines = table(&ids, &played(&players, &games));
            DivisionTable { players, games, lines }
        })
        .collect()
}

/// Where place `place` (0 first) of division `division` of `count`
/// divisions, with `size` players, ends the season: the rule of
/// [`tournament::league::next_season`] with [`LEAGUE_MOVING`].
pub fn zone(division: usize, count: usize, size: usize, place: usize) -> LeagueZone {
    let moving = LEAGUE_MOVING.min(size / 2);
    if division > 0 && place < moving {
        LeagueZone::Promotion
    } else if division + 1 < count && place + moving >= size {
        LeagueZone::Relegation
    } else {
        LeagueZone::Stay
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(division: Option<u32>, seed: Option<u32>) -> LeagueMemberRow {
        LeagueMemberRow { account_id: String::new(), name: String::new(), joined_ms: 0, seed, division }
    }

    fn newcomers(n: usize) -> Vec<LeagueMemberRow> {
        (0..n).map(|_| member(None, None)).collect()
    }

    #[test]
    fn newcomers_fill_divisions_of_at_most_eight_and_nobody_plays_alone() {
        for n in 2..=40 {
            let divisions = form_divisions(&newcomers(n));
            let mut everyone: Vec<usize> = divisions.concat();
            everyone.sort_unstable();
            assert_eq!(everyone, (0..n).collect::<Vec<_>>(), "n={n}");
            assert!(
                divisions.iter().all(|d| (2..=LEAGUE_GROUP_SIZE).contains(&d.len())),
                "n={n}: {divisions:?}"
            );
            // In the order they signed up, top division first.
            assert_eq!(divisions.concat(), (0..n).collect::<Vec<_>>(), "n={n}");
        }
        assert_eq!(form_divisions(&newcomers(9)).iter().map(Vec::len).collect::<Vec<_>>(), vec![7, 2]);
    }

    #[test]
    fn carried_players_keep_their_division_and_newcomers_go_to_the_lowest() {
        // Division 1 (index 1) in the order 1, 0; division 0 with 2 and 3;
        // newcomer 4 joins the lowest division.
        let members = vec![
            member(Some(1), Some(1)),
            member(Some(1), Some(0)),
            member(Some(0), Some(0)),
            member(Some(0), Some(1)),
            member(None, None),
        ];
        assert_eq!(form_divisions(&members), vec![vec![2, 3], vec![1, 0, 4]]);
        // Only one of division 1 stayed: it joins the two above.
        let members = vec![member(Some(0), Some(0)), member(Some(0), Some(1)), member(Some(1), Some(0))];
        assert_eq!(form_divisions(&members), vec![vec![0, 1, 2]]);
        // Only one of division 0 stayed: the best of division 1 joins them.
        let members = vec![
            member(Some(0), Some(0)),
            member(Some(1), Some(0)),
            member(Some(1), Some(1)),
            member(Some(1), Some(2)),
        ];
        assert_eq!(form_divisions(&members), vec![vec![0, 1], vec![2, 3]]);
    }

    #[test]
    fn zones_follow_the_rule_of_the_next_season() {
        let zones =
            |division, count, size| (0..size).map(|p| zone(division, count, size, p)).collect::<Vec<_>>();
        use LeagueZone::{Promotion as Up, Relegation as Down, Stay};
        assert_eq!(zones(0, 1, 4), vec![Stay; 4]);
        assert_eq!(zones(0, 2, 5), vec![Stay, Stay, Stay, Down, Down]);
        assert_eq!(zones(1, 2, 2), vec![Up, Stay]);
        assert_eq!(zones(1, 3, 8), vec![Up, Up, Stay, Stay, Stay, Stay, Down, Down]);
    }

    #[test]
    fn a_game_without_a_result_is_lost_by_the_side_to_move() {
        assert_eq!(white_outcome("1-0", Some(Player::P2)), Outcome::Win);
        assert_eq!(white_outcome("1/2-1/2", None), Outcome::Draw);
        assert_eq!(white_outcome("*", Some(Player::P2)), Outcome::Win);
        assert_eq!(white_outcome("*", Some(Player::P1)), Outcome::Loss);
    }
}
