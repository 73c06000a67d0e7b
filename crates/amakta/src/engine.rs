//! The engines offered for Amakta: the search crate's alpha-beta, wrapped
//! so that the setup phase is played by a rule of thumb rather than
//! searched, and the greedy and random baselines. (The search crate's MCTS
//! lost every game against greedy at 100 ms a move, so it is not offered.)
//!
//! Setup: the circle seat gives every stone the same circle in both colours
//! (so the colour chooser gains nothing from the assignment): reinforcement
//! for stones with at most one arrow (blockers that must hold their cell),
//! damage for stones with five or more arrows (they are strong anyway), none
//! otherwise. The colour seat counts the circles (reinforcement +1, damage
//! −1) of each colour's stones and chooses the colour with more, White on
//! equal counts (White moves first).

use crate::Amakta;
use crate::colour::{Circle, Colour};
use crate::moves::Move;
use crate::position::Phase;
use game::{Analyzer, Engines};

/// The circle the engine gives a stone with `arrows` arrows.
fn circle_for(arrows: usize) -> Circle {
    match arrows {
        0 | 1 => Circle::Reinforcement,
        5.. => Circle::Damage,
        _ => Circle::None,
    }
}

/// The engine's setup move, if the position is in the setup phase.
#[must_use]
pub fn setup_move(position: &Amakta) -> Option<Move> {
    match position.phase() {
        Phase::Circles(next) => {
            let stone = position.catalog()[next as usize].stone;
            Some(Move::Circle { piece: next, circle: circle_for(stone.arrow_count()) })
        }
        Phase::Colour => {
            let value = |colour: Colour| -> i32 {
                (0..position.pieces().len())
                    .filter(|&id| position.catalog()[id].colour == colour)
                    .map(|id| match position.pieces()[id].circle {
                        Circle::Reinforcement => 1,
                        Circle::Damage => -1,
                        Circle::None => 0,
                    })
                    .sum()
            };
            let choice =
                if value(Colour::Black) > value(Colour::White) { Colour::Black } else { Colour::White };
            Some(Move::Colour(choice))
        }
        Phase::Play => None,
    }
}

/// Alpha-beta (the default engine), with the setup rule of thumb.
#[must_use]
pub fn alpha_beta() -> Box<dyn Analyzer<Amakta>> {
    Box::new(search::RuleFirst::new(setup_move, search::alpha_beta::<Amakta>()))
}

/// The engines of the registry entry; the first is the default.
pub const ENGINES: Engines<Amakta> =
    &[("alphabeta", alpha_beta), ("greedy", search::greedy::<Amakta>), ("random", search::random::<Amakta>)];
