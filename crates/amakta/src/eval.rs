//! Evaluation and move ordering for the engines.

use crate::Amakta;
use crate::board::Board;
use crate::colour::Colour;
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Phase, Position};
use search::Evaluate;

/// Points per cell controlled (the control balance is the core of the
/// evaluation).
const CELL: i32 = 10;
/// Points per effective arrow on the opponent's base beyond the opponent's.
const BASE_PRESSURE: i32 = 15;
/// The side to move controls the opponent's base and can step on it.
const WIN_THREAT: i32 = 5000;
/// The opponent controls the mover's base (a threat to answer at once).
const BASE_DANGER: i32 = 800;

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
    /// The evaluation of a position in play (shared by every board): control
    /// balance (10 a cell), pressure on the opponent's base (15 an arrow),
    /// and the immediate threats of stepping on a base.
    pub(crate) fn play_evaluation(&self) -> i32 {
        let me = self.colour_to_move();
        let them = me.other();
        let mut score = CELL * self.control_balance(me);
        let pressure = |colour: Colour| {
            let arrows = self.effective_arrows(self.board().base(colour.other()));
            i32::from(arrows[colour.index()]) - i32::from(arrows[colour.other().index()])
        };
        score += BASE_PRESSURE * (pressure(me) - pressure(them));
        if self.can_take_base(me) {
            score += WIN_THREAT;
        } else if self.can_take_base(them) {
            score -= BASE_DANGER;
        }
        score
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
    /// Control balance (10 a cell), pressure on the opponent's base (15 an
    /// arrow), and the immediate threats of stepping on a base.
    fn evaluate(&self) -> i32 {
        if self.phase() != Phase::Play {
            return 0;
        }
        self.play_evaluation()
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

    fn null_move(&self) -> Option<Amakta> {
        (self.phase() == Phase::Play && self.winner().is_none()).then(|| {
            let mut passed = self.clone();
            passed.apply(Move::Pass);
            passed
        })
    }
}
