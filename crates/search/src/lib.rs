//! Engines over the [`Game`](game::Game) trait.
//!
//! A game makes itself searchable by implementing [`Evaluate`]; it then gets
//! every engine of this crate as an [`Analyzer`](game::Analyzer):
//! [`alpha_beta`] (the strong default: iterative-deepening principal-variation
//! search with a transposition table), [`mcts`] (Monte-Carlo tree search, for
//! games with a huge branching factor), [`greedy`] (one ply, best
//! evaluation) and [`random`] (a uniformly random legal move), the last two
//! as baselines for engine matches.

mod alphabeta;
mod baseline;
mod evaluate;
mod mcts;
mod move_hash;
pub mod nnue;
pub mod params;
mod repetition;
mod rule_first;
mod time;

pub use alphabeta::{AlphaBeta, DEFAULT_HASH_MB, alpha_beta};
pub use baseline::{AnyMove, Baseline, BestAfterOnePly, Greedy, Policy, RandomMover, greedy, random};
pub use evaluate::{Evaluate, WIN_SCORE, cp_to_win_rate, terminal_score, to_score, win_rate_to_cp};
pub use mcts::{Mcts, mcts};
/// The random-number generator handed to [`Evaluate::playout_move`].
pub use rand::rngs::SmallRng;
pub use rule_first::{Rule, RuleFirst};
