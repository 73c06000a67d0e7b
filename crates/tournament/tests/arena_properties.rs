//! Property tests of arena scoring and of pairing the waiting players.

use std::collections::HashSet;

use proptest::prelude::*;
use spielwerk_tournament::arena::{ArenaPlayer, game_points, pair_waiting, standings};
use spielwerk_tournament::{Outcome, PlayedGame, PlayerId};

fn outcome(code: u8) -> Outcome {
    [Outcome::Win, Outcome::Draw, Outcome::Loss][usize::from(code % 3)]
}

/// Whether `a` and `b` have just played each other: one of them has not
/// played since their game.
fn just_played(games: &[PlayedGame], a: PlayerId, b: PlayerId) -> bool {
    let last_opponent = |p: PlayerId| games.iter().rev().find_map(|g| g.opponent_of(p));
    last_opponent(a) == Some(b) || last_opponent(b) == Some(a)
}

/// The fewest immediate rematches over all pairings of `waiting` that
/// leave at most one player out, by enumeration.
fn fewest_rematches(waiting: &[PlayerId], games: &[PlayedGame]) -> usize {
    fn go(free: &mut Vec<PlayerId>, games: &[PlayedGame], may_skip: bool) -> usize {
        let Some(a) = free.pop() else { return 0 };
        let mut best = usize::MAX;
        if may_skip {
            best = go(free, games, false);
        }
        for i in 0..free.len() {
            let b = free.remove(i);
            let here = usize::from(just_played(games, a, b)) + go(free, games, may_skip);
            best = best.min(here);
            free.insert(i, b);
        }
        free.push(a);
        best
    }
    go(&mut waiting.to_vec(), games, waiting.len() % 2 == 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Points lie between the streak-free score and twice it, and the
    /// flame is lit exactly after two or more wins in a row.
    #[test]
    fn streak_points_stay_within_their_bounds(codes in prop::collection::vec(0u8..3, 0..40)) {
        let outcomes: Vec<Outcome> = codes.into_iter().map(outcome).collect();
        let points = game_points(&outcomes);
        for (i, (&o, &p)) in outcomes.iter().zip(&points).enumerate() {
            let doubled = i >= 2 && outcomes[i - 2..i].iter().all(|&x| x == Outcome::Win);
            prop_assert_eq!(p, o.half_points() * if doubled { 2 } else { 1 });
        }
    }

    /// Waiting players are paired at most once each, all but one at most,
    /// and with no more immediate rematches than the best possible pairing.
    #[test]
    fn waiting_players_are_paired_with_fewest_rematches(
        player_count in 2u32..9,
        results in prop::collection::vec((0u32..8, 0u32..8, 0u8..3), 0..30),
        waiting_mask in 0u32..256,
    ) {
        let players: Vec<ArenaPlayer> = (0..player_count)
            .map(|i| ArenaPlayer { id: PlayerId(i), rating: 1500 + 10 * i })
            .collect();
        let games: Vec<PlayedGame> = results
            .into_iter()
            .filter(|&(a, b, _)| a < player_count && b < player_count && a != b)
            .map(|(a, b, code)| PlayedGame {
                white: PlayerId(a),
                black: PlayerId(b),
                white_outcome: outcome(code),
            })
            .collect();
        let waiting: Vec<PlayerId> = (0..player_count)
            .filter(|i| waiting_mask & (1 << i) != 0)
            .map(PlayerId)
            .collect();
        let table = standings(&players, &games);
        let boards = pair_waiting(&waiting, &table, &games);
        prop_assert_eq!(boards.len(), waiting.len() / 2);
        let mut seen = HashSet::new();
        for board in &boards {
            prop_assert!(waiting.contains(&board.white) && waiting.contains(&board.black));
            prop_assert!(seen.insert(board.white) && seen.insert(board.black));
        }
        let rematches = boards
            .iter()
            .filter(|b| just_played(&games, b.white, b.black))
            .count();
        prop_assert_eq!(rematches, fewest_rematches(&waiting, &games));
    }
}
