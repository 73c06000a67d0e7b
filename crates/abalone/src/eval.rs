//! Static evaluation and move ordering for the engines.
//!
//! The score (side to move's view, 100 = one marble) adds up:
//! - marbles ejected by each side (dominant, 100 each),
//! - distance to the centre: 4 − distance to e5 for every marble,
//! - cohesion: adjacent own pairs along the three axes,
//! - formation: own lines of three (the groups that can push),
//! - threats: a sumito ready to eject is worth much to the side to move
//!   (it can play it now) and less to the opponent (one move to defend).

use crate::board::{Cell, WITHIN};
use crate::movegen::{ejection_threats, pairs_and_triples};
use crate::moves::Move;
use crate::position::Position;
use game::Game;
use rand::Rng;
use search::{Evaluate, SmallRng};

const MARBLE: i32 = 100;
const CENTRE: i32 = 3;
const COHESION: i32 = 2;
const FORMATION: i32 = 1;
const READY_EJECTION: i32 = 50;
const THREATENED: i32 = 15;
const MAX_THREATS_COUNTED: u32 = 3;
const PLAYOUT_PLIES: u32 = 30;
/// Taken off the ordering hint of a quiet move that leaves the centre on
/// balance, making it negative (below every other move).
const AWAY_FROM_CENTRE: i32 = 1000;

/// Σ (4 − distance to the centre) over the marbles of `bits`.
fn centrality(bits: u64) -> i32 {
    WITHIN[..4].iter().map(|w| (bits & w).count_ones() as i32).sum()
}

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        let me = self.side.index();
        let (own, opp) = self.own_and_opponent();
        let material = MARBLE * (i32::from(self.ejected[me]) - i32::from(self.ejected[1 - me]));
        let (own_pairs, own_triples) = pairs_and_triples(own);
        let (opp_pairs, opp_triples) = pairs_and_triples(opp);
        let ready = if ejection_threats(own, opp) > 0 { READY_EJECTION } else { 0 };
        let threatened = ejection_threats(opp, own).min(MAX_THREATS_COUNTED) as i32;
        material
            + CENTRE * (centrality(own) - centrality(opp))
            + COHESION * (own_pairs as i32 - opp_pairs as i32)
            + FORMATION * (own_triples as i32 - opp_triples as i32)
            + ready
            - THREATENED * threatened
    }

    /// Abalone has many moves, and a quiet move away from the centre
    /// (negative hint) is rarely best.
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// Ejections first, then other pushes (more pushed first), then in-line
    /// moves by size, then broadsides by size; within each, moves towards
    /// the centre first. Quiet moves that leave the centre on balance come
    /// last, with negative hints.
    fn order_hint(&self, mv: Move) -> i32 {
        let kind = if mv.ejects() {
            10_000
        } else if mv.pushed() > 0 {
            5_000 + 100 * i32::from(mv.pushed())
        } else if mv.is_inline() {
            100 * i32::from(mv.count())
        } else {
            60 * i32::from(mv.count())
        };
        let towards_centre: i32 = mv
            .marbles()
            .zip(mv.destinations())
            .map(|(from, to): (Cell, Cell)| {
                i32::from(from.centre_distance()) - i32::from(to.centre_distance())
            })
            .sum();
        let retreat = if mv.pushed() == 0 && towards_centre < 0 { AWAY_FROM_CENTRE } else { 0 };
        kind + 20 * towards_centre - retreat
    }

    /// Ejections are the noisy moves.
    fn is_noisy(&self, mv: Move) -> bool {
        mv.ejects()
    }

    /// The ejecting pushes, for quiescence search.
    fn noisy_moves(&self, moves: &mut Vec<Move>) {
        self.legal_moves(moves);
        moves.retain(|mv| mv.ejects());
    }

    /// Abalone has (practically) no zugzwang: passing is a safe null move.
    fn null_move(&self) -> Option<Position> {
        Some(self.passed())
    }

    /// Playouts prefer ejections, then other pushes, then any move.
    fn playout_move(&self, moves: &[Move], rng: &mut SmallRng) -> Move {
        let ejecting: Vec<Move> = moves.iter().copied().filter(|mv| mv.ejects()).collect();
        let pushing: Vec<Move> = moves.iter().copied().filter(|mv| mv.pushed() > 0).collect();
        let pool = if !ejecting.is_empty() {
            &ejecting[..]
        } else if !pushing.is_empty() && rng.random_bool(0.5) {
            &pushing[..]
        } else {
            moves
        };
        pool[rng.random_range(0..pool.len())]
    }

    /// Playouts stop after 30 plies and are scored by the evaluation.
    fn playout_cutoff(&self) -> Option<u32> {
        Some(PLAYOUT_PLIES)
    }
}
