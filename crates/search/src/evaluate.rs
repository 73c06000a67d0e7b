//! The per-game hooks of the engines: evaluation, move ordering, quiescence,
//! null moves and the playout policy of MCTS.

use game::{Game, GameResult, Outcome, Score};
use rand::Rng;
use rand::rngs::SmallRng;

/// Scores at or beyond this magnitude mean a decided game.
pub const WIN_SCORE: i32 = 1_000_000;

/// Scores beyond this magnitude are wins or losses at a known distance
/// (`WIN_SCORE - plies`); static evaluations are clamped inside it.
pub(crate) const DECIDED: i32 = WIN_SCORE - 1000;

/// What a game provides so that the engines can play it.
///
/// Only [`Evaluate::evaluate`] is required. Every other hook has a default
/// that is correct for any game; overriding them makes the engines faster or
/// stronger:
///
/// - alpha-beta orders moves by [`order_hint`](Evaluate::order_hint) first,
///   then breaks ties with killer moves and the history heuristic,
/// - [`noisy_moves`](Evaluate::noisy_moves) and
///   [`is_noisy`](Evaluate::is_noisy) switch on quiescence search,
/// - [`null_move`](Evaluate::null_move) switches on null-move pruning,
/// - [`late_move_reductions`](Evaluate::late_move_reductions) can switch off
///   late-move reductions, [`late_move_pruning`](Evaluate::late_move_pruning)
///   switches on late-move pruning,
///   [`futility_margin`](Evaluate::futility_margin) reverse futility
///   pruning and
///   [`internal_iterative_reduction`](Evaluate::internal_iterative_reduction)
///   internal iterative reduction,
/// - [`playout_move`](Evaluate::playout_move),
///   [`playout_cutoff`](Evaluate::playout_cutoff) and
///   [`win_probability`](Evaluate::win_probability) shape the playouts of
///   [`mcts`](crate::mcts).
pub trait Evaluate: Game {
    /// The state an evaluation keeps up to date move by move (an NNUE
    /// accumulator), or `()` for evaluations computed from scratch.
    /// Alpha-beta keeps one per ply: [`Evaluate::accumulate`] at the root,
    /// [`Evaluate::update_accumulator`] for every child, and evaluates with
    /// [`Evaluate::evaluate_with`].
    type Accumulator: Clone + Default + Send;

    /// Static evaluation of a position whose game is not over, from the
    /// point of view of the side to move; 100 is about one stone's worth.
    /// Values are clamped to less than `WIN_SCORE - 1000` in magnitude.
    fn evaluate(&self) -> i32;

    /// The accumulator of this position, computed from scratch. The
    /// default suits `Accumulator = ()`.
    fn accumulate(&self) -> Self::Accumulator {
        Self::Accumulator::default()
    }

    /// Sets `out` to the accumulator of `child`, a position reached from
    /// this one by one move (or a pass), whose accumulator is `parent`.
    /// The default does nothing, which suits `Accumulator = ()`.
    fn update_accumulator(&self, child: &Self, parent: &Self::Accumulator, out: &mut Self::Accumulator) {
        let _ = (child, parent, out);
    }

    /// [`Evaluate::evaluate`] given this position's up-to-date
    /// accumulator. The default ignores it and evaluates from scratch.
    fn evaluate_with(&self, accumulator: &Self::Accumulator) -> i32 {
        let _ = accumulator;
        self.evaluate()
    }

    /// A move-ordering hint for `mv` in this position: moves with higher
    /// hints are searched first (captures, pushes, wins). Games without
    /// ordering knowledge keep the default, which orders nothing. Alpha-beta
    /// breaks ties between equal hints with killer moves and the history
    /// heuristic, so moves the game cannot tell apart should get equal hints.
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Whether `mv` changes the material or the static evaluation sharply
    /// (a capture, an ejection): noisy moves are never reduced by late-move
    /// reductions nor used as killer moves. Override together with
    /// [`Evaluate::noisy_moves`].
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Clears `moves` and fills it with the noisy legal moves that
    /// quiescence search follows beyond the nominal depth. The default
    /// gives none, which means no quiescence search: the static evaluation
    /// is taken at depth zero. A correct (if slow) implementation is
    /// `self.legal_moves(moves); moves.retain(|&mv| self.is_noisy(mv));`.
    fn noisy_moves(&self, moves: &mut Vec<Self::Move>) {
        moves.clear();
    }

    /// The position after the side to move passes, for null-move pruning,
    /// or `None` (the default) where pruning by a null move is unsafe.
    /// Games with zugzwang (Ataxx, where a pass is only legal when forced)
    /// must keep the default; a game where passing is always legal and
    /// rarely best can return the passed position.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Hashes of two parts of the position that change more slowly than
    /// the whole (such as each side's pieces: the side to move's first),
    /// for correction history: the search learns how far the evaluation
    /// misses in positions sharing a part and corrects it there (by
    /// [`crate::params`]' `CorrectionHistory`). `None`, the default: no
    /// correction.
    fn correction_keys(&self) -> Option<[u64; 2]> {
        None
    }

    /// The game's own values of the search's tunable constants
    /// ([`crate::params`]), as tuned for it; the same list as its registry
    /// entry's `search_defaults`. Empty by default: the constants' own
    /// defaults.
    fn search_defaults() -> game::SearchDefaults
    where
        Self: Sized,
    {
        &[]
    }

    /// Whether alpha-beta may reduce the depth of late, quiet moves (they
    /// are searched again at full depth when they turn out good). On by
    /// default; games whose [`Evaluate::order_hint`] says nothing about move
    /// quality may switch it off.
    fn late_move_reductions(&self) -> bool {
        true
    }

    /// Whether alpha-beta may skip the late, quiet moves with a negative
    /// [`Evaluate::order_hint`] at shallow non-PV nodes altogether
    /// (late-move pruning). Off by default; a game whose negative hints
    /// reliably mark bad moves and that has many moves (Ataxx) can switch
    /// it on.
    fn late_move_pruning(&self) -> bool {
        false
    }

    /// Whether alpha-beta searches a node whose position the transposition
    /// table holds no move for one ply shallower (internal iterative
    /// reduction). Off by default: it won in Ataxx and lost in Abalone and
    /// Die Formation.
    fn internal_iterative_reduction(&self) -> bool {
        false
    }

    /// Whether alpha-beta extends the table's move of a node by a ply when
    /// a shallower search shows every other move well below it (singular
    /// extensions), and cuts the node when another move reaches beta too.
    /// Off by default.
    fn singular_extensions(&self) -> bool {
        false
    }

    /// The margin per ply of depth for reverse futility pruning: at a
    /// shallow non-PV node whose static evaluation exceeds beta by more
    /// than `margin × depth`, alpha-beta trusts the evaluation and searches
    /// no move. `None` (the default) switches it off; a game whose
    /// evaluation is reliable enough turns it on with a margin measured in
    /// matches.
    fn futility_margin(&self) -> Option<i32> {
        None
    }

    /// Whether alpha-beta's shallow pruning looks at whether the side to
    /// move is improving (its static evaluation above the one two plies
    /// back): reverse futility pruning then takes a ply off its margin, and
    /// late-move pruning keeps only half the moves where it is not. Off by
    /// default.
    fn improving_pruning(&self) -> bool {
        false
    }

    /// Whether alpha-beta prunes moves at shallow non-PV nodes whose static
    /// evaluation plus [`Evaluate::futility_margin`] × depth stays at or
    /// below alpha, searching only the first move and the killers there
    /// (futility pruning). Off by default; needs a margin.
    fn futility_pruning(&self) -> bool {
        false
    }

    /// An estimate of the moves the side to move still has to make in this
    /// game, for budgeting a clock that does not say (`movestogo`). `None`,
    /// the default, lets the clock assume a fixed number.
    fn moves_left(&self) -> Option<u32> {
        None
    }

    /// The move a random playout of MCTS plays among the legal `moves`
    /// (never empty) of this position. The default picks uniformly at
    /// random; a game can prefer good moves (captures, wins) here.
    fn playout_move(&self, moves: &[Self::Move], rng: &mut SmallRng) -> Self::Move {
        moves[rng.random_range(0..moves.len())]
    }

    /// After how many plies an MCTS playout stops and scores the position
    /// with [`Evaluate::win_probability`] instead of playing to the end;
    /// `None` (the default) plays to the end of the game (with a safety cap
    /// of 1000 plies).
    fn playout_cutoff(&self) -> Option<u32> {
        None
    }

    /// The probability that the side to move wins this position (game not
    /// over), for MCTS playouts that stop early. The default squashes
    /// [`Evaluate::evaluate`] with the logistic curve of [`cp_to_win_rate`]
    /// (400 points: about 91 %).
    fn win_probability(&self) -> f64 {
        cp_to_win_rate(f64::from(self.evaluate()))
    }
}

/// The score of a finished game from the point of view of `position`'s side
/// to move, `ply` plies from the root (quicker wins score higher).
#[must_use]
pub fn terminal_score<G: Game>(position: &G, outcome: Outcome, ply: u32) -> i32 {
    match outcome.result {
        GameResult::Draw => 0,
        GameResult::Win(p) if p == position.side_to_move() => WIN_SCORE - ply as i32,
        GameResult::Win(_) => -(WIN_SCORE - ply as i32),
    }
}

/// The [`Score`] of a search value: wins and losses at their distance in
/// plies, anything else as points.
#[must_use]
pub fn to_score(value: i32) -> Score {
    if value > DECIDED {
        Score::Win((WIN_SCORE - value) as u32)
    } else if value < -DECIDED {
        Score::Loss((WIN_SCORE + value) as u32)
    } else {
        Score::Cp(value)
    }
}

/// The win probability of an evaluation in points: the logistic curve
/// `1 / (1 + 10^(-cp / 400))`.
#[must_use]
pub fn cp_to_win_rate(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// The evaluation in points of a win probability, the inverse of
/// [`cp_to_win_rate`], clamped to ±10000 points.
#[must_use]
pub fn win_rate_to_cp(rate: f64) -> i32 {
    (400.0 * (rate / (1.0 - rate)).log10()).round().clamp(-10_000.0, 10_000.0) as i32
}

/// A static evaluation clamped inside the range of undecided scores.
pub(crate) fn clamp_eval(value: i32) -> i32 {
    value.clamp(-(DECIDED - 1), DECIDED - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_rate_and_points_are_inverse() {
        for cp in [-3000, -400, -1, 0, 1, 100, 400, 2500] {
            assert_eq!(win_rate_to_cp(cp_to_win_rate(f64::from(cp))), cp);
        }
        assert!((cp_to_win_rate(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(win_rate_to_cp(1.0), 10_000);
        assert_eq!(win_rate_to_cp(0.0), -10_000);
    }

    #[test]
    fn decided_values_become_distances() {
        assert_eq!(to_score(WIN_SCORE - 3), Score::Win(3));
        assert_eq!(to_score(-(WIN_SCORE - 4)), Score::Loss(4));
        assert_eq!(to_score(250), Score::Cp(250));
        assert_eq!(to_score(clamp_eval(i32::MAX)), Score::Cp(DECIDED - 1));
    }
}
