//! Evaluation and move ordering for the engines.

use crate::Amakta;
use crate::board::Board;
use crate::colour::Colour;
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Location, Phase, Position};
use search::Evaluate;

/// How many terms the evaluation in play has.
pub const PLAY_TERMS: usize = 8;
/// The names of the features of a position in play, in the order of
/// [`Position::play_features`] (side to move's view):
/// - `control`: cells the mover controls minus cells the opponent controls
///   (the core of the evaluation);
/// - `pressure`: effective arrows on the opponent's base beyond the
///   opponent's, minus the same on the mover's base;
/// - `win-threat`: 1 when the mover controls the opponent's base and can
///   step on it now;
/// - `base-danger`: 1 when not, but the opponent controls the mover's base
///   (a threat to answer at once);
/// - `material`: pieces the mover owns that are still in the game (on the
///   board or in the inventory) minus the opponent's;
/// - `placed`: pieces the mover owns on the board minus the opponent's;
/// - `exposed`: the mover's original stones on cells the opponent
///   controls (the opponent may expropriate them next);
/// - `targets`: the opponent's original stones on cells the mover controls
///   (the mover may expropriate them now).
pub const PLAY_FEATURES: [&str; PLAY_TERMS] =
    ["control", "pressure", "win-threat", "base-danger", "material", "placed", "exposed", "targets"];
/// The weight of each feature of [`PLAY_FEATURES`] in Amakta, in points.
pub const PLAY_WEIGHTS: [i32; PLAY_TERMS] = [12, 16, 5000, -246, 8, -11, -22, 42];

impl<B: Board> Position<B> {
    /// Whether `colour` controls the opposing base and could occupy it now
    /// (empty, or an expropriable stone of the opponent on it).
    fn can_take_base(&self, colour: Colour) -> bool {
        let base = self.board().base(colour.other());
        self.control(base) == Control::Of(colour)
            && self
                .occupant(base)
                .is_none_or(|id| self.owner(id) != colour && !self.pieces()[id].expropriated)
    }

    /// The control balance for `colour`: cells it controls minus cells its
    /// opponent controls.
    #[must_use]
    pub fn control_balance(&self, colour: Colour) -> i32 {
        self.cells_with_arrows()
            .map(|(cell, _)| match self.control(cell) {
                Control::Of(c) if c == colour => 1,
                Control::Of(_) => -1,
                Control::Free | Control::Tie => 0,
            })
            .sum()
    }

    pub(crate) fn target_cell(mv: Move) -> Option<Hex> {
        match mv {
            Move::Place { at, .. }
            | Move::Replace { at, .. }
            | Move::ReleasePlace { at, .. }
            | Move::Expropriate { at }
            | Move::Appropriate { at, .. } => Some(at),
            Move::Relocate { to, .. } => Some(to),
            _ => None,
        }
    }
    /// The features of a position in play (shared by every board; see
    /// [`PLAY_FEATURES`]).
    #[must_use]
    pub fn play_features(&self) -> [i32; PLAY_TERMS] {
        let me = self.colour_to_move();
        let them = me.other();
        let pressure = |colour: Colour| {
            let arrows = self.effective_arrows(self.board().base(colour.other()));
            i32::from(arrows[colour.index()]) - i32::from(arrows[colour.other().index()])
        };
        let win_threat = self.can_take_base(me);
        let (mut material, mut placed, mut exposed) = ([0; 2], [0; 2], [0; 2]);
        for (id, piece) in self.pieces().iter().enumerate() {
            let owner = self.owner(id).index();
            match piece.location {
                Location::Removed => {}
                Location::Inventory => material[owner] += 1,
                Location::Board(cell) => {
                    material[owner] += 1;
                    placed[owner] += 1;
                    let attacked = self.control(cell) == Control::Of(self.owner(id).other());
                    if !piece.expropriated && attacked {
                        exposed[owner] += 1;
                    }
                }
            }
        }
        let (us, op) = (me.index(), them.index());
        [
            self.control_balance(me),
            pressure(me) - pressure(them),
            i32::from(win_threat),
            i32::from(!win_threat && self.can_take_base(them)),
            material[us] - material[op],
            placed[us] - placed[op],
            exposed[us],
            exposed[op],
        ]
    }

    /// The move-ordering hint of a move in play: stepping on the opponent's
    /// base first, then expropriations and releases, then moves towards the
    /// opponent's base; passing last.
    pub(crate) fn play_order_hint(&self, mv: Move) -> i32 {
        let opponent_base = self.board().base(self.colour_to_move().other());
        let base_bonus = |at: Hex| if at == opponent_base { 100_000 } else { 0 };
        match mv {
            Move::Pass => -1000,
            Move::Take { .. } => -200,
            Move::Rotate { .. } => -50,
            Move::Expropriate { at } | Move::Appropriate { at, .. } | Move::Remove { at } => {
                base_bonus(at) + 500
            }
            Move::Release { .. } | Move::ReleasePlace { .. } => 400,
            _ => Self::target_cell(mv).map_or(0, |at| base_bonus(at) - 10 * at.distance(opponent_base)),
        }
    }

    /// Whether a move in play changes owners or steps on the opponent's base.
    pub(crate) fn play_is_noisy(&self, mv: Move) -> bool {
        mv.expropriates_or_releases()
            || Self::target_cell(mv) == Some(self.board().base(self.colour_to_move().other()))
    }
}

impl Evaluate for Amakta {
    type Accumulator = ();

    /// In play the dot product of [`Position::play_features`] with
    /// [`PLAY_WEIGHTS`]: control balance, pressure on the opponent's base,
    /// and the immediate threats of stepping on a base; 0 before play.
    fn evaluate(&self) -> i32 {
        if self.phase() != Phase::Play {
            return 0;
        }
        self.play_features().iter().zip(PLAY_WEIGHTS).map(|(f, w)| f * w).sum()
    }

    /// Stepping on the opponent's base first, then expropriations and
    /// releases, then moves towards the opponent's base; passing last.
    fn order_hint(&self, mv: Move) -> i32 {
        self.play_order_hint(mv)
    }

    fn is_noisy(&self, mv: Move) -> bool {
        self.play_is_noisy(mv)
    }

    /// Nearly every move but those stepping on the opponent's base,
    /// expropriating or releasing has a negative hint (passes, takes and
    /// rotations lowest, the others by their distance to the base); late
    /// ones are seldom best.
    fn late_move_pruning(&self) -> bool {
        true
    }

    /// Reverse futility pruning at five controlled cells a ply: a play
    /// position that far above beta at shallow depth stays there. Before
    /// play the evaluation is 0, so it prunes only where beta is far
    /// below 0 (measured as it is, in every phase).
    fn futility_margin(&self) -> Option<i32> {
        Some(5 * PLAY_WEIGHTS[0])
    }

    fn null_move(&self) -> Option<Amakta> {
        (self.phase() == Phase::Play && self.winner().is_none()).then(|| {
            let mut passed = self.clone();
            passed.apply(Move::Pass);
            passed
        })
    }
}

/// The tunable evaluation of play (`spielwerk tune amakta`), for the
/// registry entry: [`PLAY_FEATURES`] with [`PLAY_WEIGHTS`]; positions
/// outside play have no features.
#[must_use]
pub fn tunable() -> game::TunableEval {
    game::TunableEval { features: &PLAY_FEATURES, weights: &PLAY_WEIGHTS, extract: tunable_features }
}

/// The play features of a position text, or `None` outside play.
fn tunable_features(text: &str) -> Result<Option<Vec<i32>>, game::GameError> {
    let position = Amakta::from_text(text)?;
    Ok((position.phase() == Phase::Play).then(|| position.play_features().to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Game, Options};
    use rand::{Rng, SeedableRng, rngs::SmallRng};

    #[test]
    fn evaluation_is_the_dot_product_of_features_and_weights() {
        let start = Amakta::from_options(&Options::new().with("circles", "none"), None).unwrap();
        let mut rng = SmallRng::seed_from_u64(5);
        let mut moves = Vec::new();
        let mut checked = 0;
        for _ in 0..20 {
            let mut position = start.clone();
            for _ in 0..80 {
                if position.outcome().is_some() {
                    break;
                }
                assert_eq!(position.phase(), Phase::Play);
                let dot: i32 = position.play_features().iter().zip(PLAY_WEIGHTS).map(|(f, w)| f * w).sum();
                assert_eq!(position.evaluate(), dot);
                checked += 1;
                position.legal_moves(&mut moves);
                position.play(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(checked > 500, "{checked}");
    }
}

#[cfg(test)]
mod tunable_tests {
    #[test]
    fn tunable_features_match_the_weights_and_refuse_bad_text() {
        let eval = super::tunable();
        assert_eq!(eval.features.len(), eval.weights.len());
        let start = crate::Amakta::from_options(&game::Options::new().with("circles", "none"), None).unwrap();
        let features = (eval.extract)(&game::Game::position_text(&start)).unwrap().unwrap();
        assert_eq!(features.len(), eval.weights.len());
        assert!((eval.extract)("not a position").is_err());
    }
}
