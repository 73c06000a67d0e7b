use super::*;
use crate::outcome::{Outcome, PlayedGame, played};

fn players(ratings: &[u32]) -> Vec<SwissPlayer> {
    ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| SwissPlayer { id: PlayerId(i as u32 + 1), rating })
        .collect()
}

fn board(white: u32, black: u32) -> Board {
    Board { white: PlayerId(white), black: PlayerId(black) }
}

/// The Dutch system's first round: the upper half meets the lower half in
/// order, colours alternating from board to board.
#[test]
fn first_round_pairs_the_upper_half_against_the_lower_half() {
    let field = players(&[2400, 2300, 2200, 2100, 2000, 1900]);
    let pairing = pair_round(&field, &[]);
    assert_eq!(pairing.boards, vec![board(1, 4), board(5, 2), board(3, 6)]);
    assert_eq!(pairing.bye, None);
}

/// Worked by hand with the Dutch rules: after 1–4, 2–5 and 3–6 all won by
/// the higher rated, the group of winners {1, 2, 3} pairs 1–2 and floats
/// 3 down, who meets 4 (3 has met 6); 5–6 remain. Everyone gets the colour
/// they are due (the other than in round 1).
#[test]
fn second_round_floats_the_odd_winner_and_alternates_colours() {
    let field = players(&[2400, 2300, 2200, 2100, 2000, 1900]);
    let first = Round {
        games: vec![played(1, 4, Outcome::Win), played(5, 2, Outcome::Loss), played(3, 6, Outcome::Win)],
        bye: None,
    };
    let pairing = pair_round(&field, &[first]);
    assert_eq!(pairing.boards, vec![board(2, 1), board(4, 3), board(6, 5)]);
}

/// With five players the lowest rated sits out first, and in the next
/// round the bye goes to the lowest-ranked player who has not had one.
#[test]
fn the_bye_goes_to_the_lowest_ranked_player_without_one() {
    let field = players(&[2400, 2300, 2200, 2100, 2000]);
    let first = pair_round(&field, &[]);
    assert_eq!(first.bye, Some(PlayerId(5)));
    assert_eq!(first.boards, vec![board(1, 3), board(4, 2)]);
    // The higher rated win; player 5 has a point from the bye and ranks
    // with the winners, so the lowest ranked without a bye is player 4.
    let round = Round {
        games: vec![played(1, 3, Outcome::Win), played(4, 2, Outcome::Loss)],
        bye: Some(PlayerId(5)),
    };
    let second = pair_round(&field, &[round]);
    assert_eq!(second.bye, Some(PlayerId(4)));
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

/// The least total cost over all perfect matchings of `vertices`.
fn least_cost(problem: &Problem, vertices: usize) -> Cost {
    fn go(problem: &Problem, free: &mut Vec<usize>, total: Cost, best: &mut Option<Cost>) {
        let Some(a) = free.pop() else {
            if best.is_none_or(|b| total < b) {
                *best = Some(total);
            }
            return;
        };
        for i in 0..free.len() {
            let b = free.remove(i);
            let cost = problem.cost(a.min(b), a.max(b));
            let mut sum = total;
            for (s, c) in sum.iter_mut().zip(cost) {
                *s += c;
            }
            go(problem, free, sum, best);
            free.insert(i, b);
        }
        free.push(a);
    }
    let mut best = None;
    go(problem, &mut (0..vertices).collect(), [0; CRITERIA], &mut best);
    best.expect("a complete graph on an even number of vertices has a perfect matching")
}

/// The total cost of `pairing` under `problem`.
fn cost_of(problem: &Problem, pairing: &Pairing) -> Cost {
    let index = |id: PlayerId| problem.ranked.iter().position(|p| p.id == id).unwrap();
    let mut pairs: Vec<(usize, usize)> =
        pairing.boards.iter().map(|b| (index(b.white), index(b.black))).collect();
    if let Some(bye) = pairing.bye {
        pairs.push((index(bye), problem.ranked.len()));
    }
    let mut total = [0; CRITERIA];
    for (a, b) in pairs {
        for (t, c) in total.iter_mut().zip(problem.cost(a.min(b), a.max(b))) {
            *t += c;
        }
    }
    total
}

/// For 4 to 9 players over random tournaments, each round's pairing is as
/// good as the best of all possible pairings on every criterion in order:
/// in particular it repeats a pairing only if every pairing does.
#[test]
fn every_round_is_optimal_against_enumeration() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for tournament in 0..120 {
        let count = 4 + tournament % 6;
        let ratings: Vec<u32> = (0..count).map(|_| 1500 + rng.below(500) as u32).collect();
        let field = players(&ratings);
        let mut rounds: Vec<Round> = Vec::new();
        for _ in 0..count {
            let problem = Problem::new(&field, &rounds);
            let pairing = pair_round(&field, &rounds);
            assert_eq!(
                cost_of(&problem, &pairing),
                least_cost(&problem, problem.vertex_count()),
                "round {} of {field:?}: {pairing:?}",
                rounds.len() + 1
            );
            let outcomes = [Outcome::Win, Outcome::Draw, Outcome::Loss];
            rounds.push(Round {
                games: pairing
                    .boards
                    .iter()
                    .map(|b| PlayedGame {
                        white: b.white,
                        black: b.black,
                        white_outcome: outcomes[rng.below(3) as usize],
                    })
                    .collect(),
                bye: pairing.bye,
            });
        }
    }
}

#[test]
fn tiny_fields_pair_what_they_can() {
    assert_eq!(pair_round(&[], &[]), Pairing::default());
    let alone = pair_round(&players(&[1500]), &[]);
    assert_eq!((alone.boards.len(), alone.bye), (0, Some(PlayerId(1))));
    let two = pair_round(&players(&[1500, 1600]), &[]);
    assert_eq!((two.boards, two.bye), (vec![board(2, 1)], None));
}
