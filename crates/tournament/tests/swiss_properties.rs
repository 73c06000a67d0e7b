//! Property tests of Swiss pairings over whole tournaments: 9 to 64
//! players, 5 to 9 rounds, random ratings and results.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use spielwerk_tournament::matching::{Edge, maximum_weight_matching};
use spielwerk_tournament::swiss::{Pairing, Round, SwissPlayer, pair_round, standings};
use spielwerk_tournament::{Outcome, PlayedGame, PlayerId};

/// What the rounds so far say, kept up by the test itself.
#[derive(Default)]
struct Tally {
    /// Colour difference (whites minus blacks) per player.
    difference: HashMap<PlayerId, i32>,
    /// Byes per player.
    byes: HashMap<PlayerId, u32>,
    /// Pairs that have met, smaller id first.
    met: HashSet<(PlayerId, PlayerId)>,
}

fn pair_key(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    (a.min(b), a.max(b))
}

impl Tally {
    fn difference(&self, p: PlayerId) -> i32 {
        self.difference.get(&p).copied().unwrap_or(0)
    }

    /// Whether `a` and `b` may meet without a repeat and with a colour
    /// order that keeps both within ±2.
    fn legal(&self, a: PlayerId, b: PlayerId) -> bool {
        let fits =
            |white: PlayerId, black: PlayerId| self.difference(white) < 2 && self.difference(black) > -2;
        !self.met.contains(&pair_key(a, b)) && (fits(a, b) || fits(b, a))
    }

    /// The pairs allowed in a pairing without repeats, colour differences
    /// within ±2 and no second bye; vertex `players.len()` is the bye.
    fn legal_edges(&self, players: &[PlayerId]) -> Vec<Edge> {
        let n = players.len();
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if self.legal(players[a], players[b]) {
                    edges.push(Edge { a, b, weight: 1 });
                }
            }
            if n % 2 == 1 && !self.byes.contains_key(&players[a]) {
                edges.push(Edge { a, b: n, weight: 1 });
            }
        }
        edges
    }

    /// Whether the round could be paired without any repeat, with every
    /// colour difference within ±2 and no second bye: maximum-cardinality
    /// matching over the allowed pairs only.
    fn repeat_free_pairing_exists(&self, players: &[PlayerId]) -> bool {
        let vertices = players.len() + players.len() % 2;
        let mates = maximum_weight_matching(vertices, &self.legal_edges(players), true);
        mates.iter().all(Option::is_some)
    }

    /// Whether Dirac's theorem alone (every vertex allowed to meet at
    /// least half of all: a Hamiltonian cycle, so a perfect matching)
    /// shows that a repeat-free pairing exists, without any matching code.
    fn dirac_guarantees_a_repeat_free_pairing(&self, players: &[PlayerId]) -> bool {
        let vertices = players.len() + players.len() % 2;
        let mut degree = vec![0usize; vertices];
        for edge in self.legal_edges(players) {
            degree[edge.a] += 1;
            degree[edge.b] += 1;
        }
        degree.iter().all(|&d| 2 * d >= vertices)
    }

    /// Checks one round's pairing and adds it.
    fn check_and_add(&mut self, players: &[PlayerId], pairing: &Pairing) {
        let mut seen: Vec<PlayerId> = pairing.bye.into_iter().collect();
        for board in &pairing.boards {
            seen.extend([board.white, board.black]);
        }
        seen.sort_unstable();
        let mut everyone = players.to_vec();
        everyone.sort_unstable();
        assert_eq!(seen, everyone, "everyone plays or has the bye, once");
        assert_eq!(pairing.bye.is_some(), players.len() % 2 == 1);

        let repeats =
            pairing.boards.iter().filter(|b| self.met.contains(&pair_key(b.white, b.black))).count();
        if repeats > 0 {
            assert!(
                !self.dirac_guarantees_a_repeat_free_pairing(players),
                "{repeats} repeated pairing(s) although (Dirac) a pairing without any exists"
            );
            assert!(
                !self.repeat_free_pairing_exists(players),
                "{repeats} repeated pairing(s) although a pairing without any exists"
            );
        }
        for board in &pairing.boards {
            self.met.insert(pair_key(board.white, board.black));
            *self.difference.entry(board.white).or_default() += 1;
            *self.difference.entry(board.black).or_default() -= 1;
        }
        if let Some(bye) = pairing.bye {
            *self.byes.entry(bye).or_default() += 1;
        }
        assert!(self.byes.values().all(|&b| b <= 1), "at most one bye each");
        assert!(
            self.difference.values().all(|d| d.abs() <= 2),
            "colour differences within 2: {:?}",
            self.difference
        );
    }
}

fn outcome(code: u8) -> Outcome {
    match code % 3 {
        0 => Outcome::Win,
        1 => Outcome::Draw,
        _ => Outcome::Loss,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn swiss_rounds_keep_the_rules(
        ratings in prop::collection::vec(1000u32..2800, 9..=64),
        round_count in 5usize..=9,
        results in prop::collection::vec(0u8..3, 64 * 9 / 2),
    ) {
        let players: Vec<SwissPlayer> = ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| SwissPlayer { id: PlayerId(i as u32), rating })
            .collect();
        let ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
        let mut results = results.into_iter().cycle();
        let mut rounds: Vec<Round> = Vec::new();
        let mut tally = Tally::default();
        for _ in 0..round_count {
            let pairing = pair_round(&players, &rounds);
            tally.check_and_add(&ids, &pairing);
            rounds.push(Round {
                games: pairing
                    .boards
                    .iter()
                    .map(|b| PlayedGame {
                        white: b.white,
                        black: b.black,
                        white_outcome: outcome(results.next().unwrap_or(0)),
                    })
                    .collect(),
                bye: pairing.bye,
            });
        }
        let table = standings(&players, &rounds);
        prop_assert_eq!(table.len(), players.len());
        prop_assert!(table.windows(2).all(|w| w[0].half_points >= w[1].half_points));
    }
}
