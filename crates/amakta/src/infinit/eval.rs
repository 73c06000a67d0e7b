//! Evaluation of Amakta Infinit for the engines, and the estimates the
//! start is played by: what a stone is worth in play, and how many points
//! for Black make the colours even.
//!
//! - Play: the dot product of [`Infinit::play_features`] with
//!   [`INFINIT_PLAY_WEIGHTS`]: the standard game's features (control
//!   balance, pressure on the bases, threats to step on a base) plus
//!   progress on the plane — how many cells the mover's nearest controlled
//!   cell is closer to the opponent's base than the opponent's nearest
//!   controlled cell is to the mover's base.
//! - Start: both colours' worth in points — for each created stone its
//!   [`usefulness`], plus every point left at face value — and the first
//!   move, worth [`tempo`] points to White; 20 evaluation units a point.
//!   During the bidding the player to move could accept the last offer,
//!   so the position is worth the offer above [`fair_offer`] to them.

use super::{Infinit, InfinitMove, Stage};
use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::eval::{PLAY_FEATURES, PLAY_TERMS};
use crate::position::Control;
use crate::stones::Stone;
use search::Evaluate;

/// How many terms the evaluation in play has: the standard game's
/// [`PLAY_FEATURES`] and progress.
pub const INFINIT_PLAY_TERMS: usize = PLAY_TERMS + 1;
/// The names of the features of a position in play, in the order of
/// [`Infinit::play_features`]: the standard game's [`PLAY_FEATURES`], then
/// `progress` — how many cells the mover's nearest controlled cell is
/// closer to the opponent's base than the opponent's nearest controlled
/// cell is to the mover's base.
pub const INFINIT_PLAY_FEATURES: [&str; INFINIT_PLAY_TERMS] = {
    let mut names = ["progress"; INFINIT_PLAY_TERMS];
    let mut i = 0;
    while i < PLAY_TERMS {
        names[i] = PLAY_FEATURES[i];
        i += 1;
    }
    names
};
/// The weight of each feature of [`INFINIT_PLAY_FEATURES`], in evaluation
/// units: the standard game's tuned weights for its eight features (they
/// won an SPRT over Infinit's old ones from `openings/amakta-infinit-play.txt`),
/// then progress on the plane.
pub const INFINIT_PLAY_WEIGHTS: [i32; INFINIT_PLAY_TERMS] = [12, 16, 5000, -246, 8, -11, -22, 42, 25];
/// Evaluation units per point during the start.
const POINT: i32 = 20;

/// What a stone with a circle is worth in play, in points: 2 for the
/// stone itself plus, for each direction, 2 per arrow (2.2 green, 2.4
/// red: they reach further), a same-coloured double arrow 1.6 single
/// arrows; scaled by the circle (reinforcement ×1.25, damage ×0.7: a
/// damaged stone falls to the first attack).
#[must_use]
pub fn usefulness(stone: Stone, circle: Circle) -> f64 {
    let reach = |k: u8| 1.0 + 0.1 * f64::from(k - 1);
    let arrows: f64 = (0..6)
        .map(|d| match *stone.arrows(d) {
            [k] => reach(k),
            [k, l] if k == l => 1.6 * reach(k),
            [k, l] => reach(k) + reach(l),
            _ => 0.0,
        })
        .sum();
    let factor = match circle {
        Circle::None => 1.0,
        Circle::Reinforcement => 1.25,
        Circle::Damage => 0.7,
    };
    2.0 * (1.0 + arrows) * factor
}

/// What moving first in play is worth to White, in points: a tenth of
/// White's points plus two.
#[must_use]
pub fn tempo(points: u32) -> u32 {
    points.div_ceil(10) + 2
}

/// The offer of points for Black that makes the colours even in the
/// engine's estimate: White's points plus the [`tempo`].
#[must_use]
pub fn fair_offer(points: u32) -> u32 {
    points + tempo(points)
}

impl Infinit {
    /// A colour's worth at the start, in points: its stones' usefulness
    /// and its points left.
    fn worth(&self, colour: Colour) -> f64 {
        let stones: f64 = self
            .set_of(colour)
            .map(|id| usefulness(self.position.catalog()[id].stone, self.position.pieces()[id].circle))
            .sum();
        stones + f64::from(self.left[colour.index()])
    }

    fn start_evaluation(&self) -> i32 {
        match self.stage {
            Stage::Bidding => {
                let gain = self.offer.map_or(0, |o| i64::from(o) - i64::from(fair_offer(self.points)));
                (gain.max(0) as i32).saturating_mul(POINT)
            }
            Stage::Creation(me) => {
                let tempo = f64::from(tempo(self.points));
                let edge = self.worth(me) - self.worth(me.other())
                    + if me == Colour::White { tempo } else { -tempo };
                (edge * f64::from(POINT)).round() as i32
            }
            Stage::Play => 0,
        }
    }

    /// The features of a position in play (see [`INFINIT_PLAY_FEATURES`]),
    /// or `None` before play.
    #[must_use]
    pub fn play_features(&self) -> Option<[i32; INFINIT_PLAY_TERMS]> {
        if self.stage != Stage::Play {
            return None;
        }
        let me = self.position.colour_to_move().index();
        let nearest = self.progress();
        let mut features = [nearest[1 - me] - nearest[me]; INFINIT_PLAY_TERMS];
        features[..PLAY_TERMS].copy_from_slice(&self.position.play_features());
        Some(features)
    }

    /// The distance from the nearest cell `colour` controls to the
    /// opponent's base, for both colours.
    fn progress(&self) -> [i32; 2] {
        let board = self.position.board();
        let targets = [board.base(Colour::Black), board.base(Colour::White)];
        let mut nearest = [board.distance(); 2];
        for (cell, _) in self.position.cells_with_arrows() {
            if let Control::Of(colour) = self.position.control(cell) {
                let i = colour.index();
                nearest[i] = nearest[i].min(cell.distance(targets[i]));
            }
        }
        nearest
    }
}

impl Evaluate for Infinit {
    type Accumulator = ();

    /// Play: the standard evaluation plus progress on the plane; start:
    /// the worth of both sets and points left (see the module
    /// documentation).
    fn evaluate(&self) -> i32 {
        match self.play_features() {
            Some(features) => features.iter().zip(INFINIT_PLAY_WEIGHTS).map(|(f, w)| f * w).sum(),
            None => self.start_evaluation(),
        }
    }

    fn order_hint(&self, mv: InfinitMove) -> i32 {
        match mv {
            InfinitMove::Play(mv) => self.position.play_order_hint(mv),
            _ => 0,
        }
    }

    /// In play the hints are the standard game's (nearly every quiet move
    /// negative, by its distance to the opponent's base); bids, creations
    /// and closing have hint 0 and are never pruned. Against the engine
    /// without it at 3+0.03 over 20 openings: 30-10-0 (+191 ± 136).
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// Reverse futility pruning in play at five controlled cells a ply; not
    /// before play, whose evaluation is a price list rather than a score
    /// that search could stand on.
    fn futility_margin(&self) -> Option<i32> {
        (self.stage == Stage::Play).then_some(5 * INFINIT_PLAY_WEIGHTS[0])
    }

    fn is_noisy(&self, mv: InfinitMove) -> bool {
        match mv {
            InfinitMove::Play(mv) => self.position.play_is_noisy(mv),
            _ => false,
        }
    }

    fn null_move(&self) -> Option<Infinit> {
        (self.stage == Stage::Play && !self.is_over()).then(|| {
            let mut passed = self.clone();
            passed.apply(InfinitMove::Play(crate::Move::Pass));
            passed
        })
    }
}

/// The tunable evaluation of play (`spielwerk tune amakta-infinit`), for
/// the registry entry: [`INFINIT_PLAY_FEATURES`] with
/// [`INFINIT_PLAY_WEIGHTS`]; positions before play have no features.
#[must_use]
pub fn tunable() -> game::TunableEval {
    game::TunableEval {
        features: &INFINIT_PLAY_FEATURES,
        weights: &INFINIT_PLAY_WEIGHTS,
        extract: tunable_features,
    }
}

/// The play features of a position text, or `None` before play.
fn tunable_features(text: &str) -> Result<Option<Vec<i32>>, game::GameError> {
    Ok(Infinit::from_text(text)?.play_features().map(|f| f.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Game, Options};
    use rand::{Rng, SeedableRng, rngs::SmallRng};

    #[test]
    fn evaluation_in_play_is_the_dot_product_of_features_and_weights() {
        let options = Options::new().with("distance", "4").with("points", "12");
        let start = Infinit::from_options(&options, None).unwrap();
        let mut rng = SmallRng::seed_from_u64(9);
        let mut moves = Vec::new();
        let (mut in_play, mut before_play) = (0, 0);
        for _ in 0..20 {
            let mut game = start.clone();
            for _ in 0..150 {
                if game.outcome().is_some() {
                    break;
                }
                match game.play_features() {
                    Some(features) => {
                        let dot: i32 = features.iter().zip(INFINIT_PLAY_WEIGHTS).map(|(f, w)| f * w).sum();
                        assert_eq!(game.evaluate(), dot);
                        in_play += 1;
                    }
                    None => {
                        assert_eq!(game.evaluate(), game.start_evaluation());
                        before_play += 1;
                    }
                }
                game.legal_moves(&mut moves);
                game.play(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(in_play > 200 && before_play > 0, "{in_play} {before_play}");
    }
}

#[cfg(test)]
mod tunable_tests {
    #[test]
    fn tunable_features_are_none_at_the_start_and_refuse_bad_text() {
        let eval = super::tunable();
        assert_eq!(eval.features.len(), eval.weights.len());
        let start = super::Infinit::from_options(&game::Options::new(), None).unwrap();
        assert_eq!((eval.extract)(&game::Game::position_text(&start)).unwrap(), None);
        assert!((eval.extract)("not a position").is_err());
    }
}
