//! Engines over the [`Game`](game::Game) trait.
//!
//! A game makes itself searchable by implementing [`Evaluate`]; it then gets
//! every engine of this crate as an [`Analyzer`](game::Analyzer):
//! [`alpha_beta`] (the strong default), [`greedy`] (one ply, best
//! evaluation) and [`random`] (a uniformly random legal move), the last two
//! as baselines for engine matches.

mod alphabeta;
mod evaluate;
mod greedy;
mod random;

pub use alphabeta::{AlphaBeta, alpha_beta};
pub use evaluate::{Evaluate, terminal_score};
pub use greedy::{Greedy, greedy};
pub use random::{RandomMover, random};
