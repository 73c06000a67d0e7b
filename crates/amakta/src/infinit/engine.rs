//! The engines of Amakta Infinit: the search crate's alpha-beta for play,
//! with the start played by the estimates of [`super::eval`], and the
//! greedy and random baselines (which play the start like everything else:
//! by one-ply evaluation or at random).
//!
//! - Bidding: with the last offer at least [`fair_offer`] − 1 the engine
//!   accepts (it gets Black with at least a fair number of points);
//!   otherwise it offers [`fair_offer`] − 1 (or the least it may offer, if
//!   higher): accepting that gives the opponent slightly too little, and
//!   outbidding it gives the engine a fair offer to accept.
//! - Creation: the engine creates the affordable new stone with the best
//!   [`usefulness`] per point of value (ties: the more useful, then the
//!   smaller code), and closes its set when nothing is affordable or it
//!   holds [`ENGINE_SET_SIZE`] stones (more stones only widen the search).

use super::eval::{fair_offer, usefulness};
use super::{Infinit, InfinitMove, Stage, all_stones, stone_value};
use crate::colour::Circle;
use crate::stones::Stone;
use game::{Analyzer, Engines};
use std::sync::OnceLock;

/// Most stones the engine creates.
pub const ENGINE_SET_SIZE: usize = 16;

/// Every stone with every circle, best usefulness per point first.
fn creation_order() -> &'static [(Stone, Circle, u32)] {
    static ORDER: OnceLock<Vec<(Stone, Circle, u32)>> = OnceLock::new();
    ORDER.get_or_init(|| {
        let mut all: Vec<(Stone, Circle, u32, f64)> = all_stones()
            .iter()
            .flat_map(|&stone| {
                Circle::ALL
                    .map(|circle| (stone, circle, stone_value(stone, circle), usefulness(stone, circle)))
            })
            .collect();
        all.sort_by(|x, y| {
            let (rx, ry) = (x.3 / f64::from(x.2), y.3 / f64::from(y.2));
            ry.total_cmp(&rx).then(y.3.total_cmp(&x.3)).then(x.0.cmp(&y.0))
        });
        all.into_iter().map(|(stone, circle, value, _)| (stone, circle, value)).collect()
    })
}

/// The engine's move in the bidding and creation stages (`None` in play).
#[must_use]
pub fn start_move(game: &Infinit) -> Option<InfinitMove> {
    match game.stage() {
        Stage::Bidding => {
            let fair = fair_offer(game.points());
            let (offer, _) = game.offer();
            let least = offer.map_or(0, |o| o + 1);
            if offer.is_some_and(|o| o + 1 >= fair) || least > game.bid_cap() {
                return Some(InfinitMove::Accept);
            }
            Some(InfinitMove::Bid(fair.saturating_sub(1).max(least).min(game.bid_cap())))
        }
        Stage::Creation(colour) => {
            let held: Vec<Stone> =
                game.set_of(colour).map(|id| game.position().catalog()[id].stone).collect();
            if held.len() >= ENGINE_SET_SIZE {
                return Some(InfinitMove::Close);
            }
            let left = game.left(colour);
            let pick = creation_order()
                .iter()
                .find(|(stone, _, value)| {
                    *value <= left && !held.contains(stone) && game.amendments().allows(*stone)
                })
                .map(|&(stone, circle, _)| InfinitMove::Create(stone, circle));
            Some(pick.unwrap_or(InfinitMove::Close))
        }
        Stage::Play => None,
    }
}

/// Alpha-beta (the default engine), with the start played by estimates.
#[must_use]
pub fn alpha_beta() -> Box<dyn Analyzer<Infinit>> {
    Box::new(search::RuleFirst::new(start_move, search::alpha_beta::<Infinit>()))
}

/// The engines of the registry entry; the first is the default.
pub const ENGINES: Engines<Infinit> = &[
    ("alphabeta", alpha_beta),
    ("greedy", search::greedy::<Infinit>),
    ("random", search::random::<Infinit>),
];
