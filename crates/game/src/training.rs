//! What a game brings for training its evaluation: a trained network
//! ([`NetSpec`], `spielwerk train`) or a hand-written linear evaluation
//! whose weights can be tuned ([`TunableEval`], `spielwerk tune`). Game
//! crates fill these in behind their `engine` feature and hand them over
//! in their registry entry.

use crate::GameError;

/// A position packed for training (the game's own 256 bits, side to
/// move's view, e.g. Die Formation's pieces and the board's colours;
/// Abalone's marbles and, in the third word, the ejection counts: bits
/// 0–7 the side to move's, 8–15 the opponent's), as the trainer stores
/// it.
pub type Packed = [u64; 4];

/// A game's network as the trainer sees it.
#[derive(Clone, Copy, Debug)]
pub struct NetSpec {
    /// Input features per perspective.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// The number of symmetries `features` accepts.
    pub symmetries: usize,
    /// Where the engine's embedded network lives in the repository.
    pub embedded_path: &'static str,
    /// Reads a position text, or `None` for a position the network does
    /// not evaluate.
    pub pack: fn(&str) -> Result<Option<Packed>, String>,
    /// The active features of the side to move and of the opponent under
    /// a symmetry.
    pub features: fn(&Packed, usize, &mut Vec<u16>, &mut Vec<u16>),
    /// The network the engine evaluates with, which the engine's
    /// `EvalFile` option replaces.
    pub slot: &'static dyn ReplaceableNetwork,
}

/// A game's network in use, which a network file may replace while the
/// program runs (the engine protocols' `EvalFile` option).
pub trait ReplaceableNetwork: Sync + std::fmt::Debug {
    /// Makes the network file `bytes` the one the engine evaluates with
    /// from now on, or says why it is not a network of the game (and the
    /// network in use stays).
    fn replace(&self, bytes: &[u8]) -> Result<(), String>;

    /// Goes back to the embedded network.
    fn restore_embedded(&self);
}

/// Reads a position text into the features of the evaluation (side to
/// move's view), or `None` when the position is not evaluated by the
/// linear terms.
pub type FeatureFn = fn(&str) -> Result<Option<Vec<i32>>, GameError>;

/// A game's tunable evaluation: linear, the engine's static evaluation is
/// the dot product of the features with the weights (tested in each game's
/// crate). Positions the linear terms do not cover have no features.
#[derive(Clone, Copy, Debug)]
pub struct TunableEval {
    /// The names of the features, in the order of the feature vectors.
    pub features: &'static [&'static str],
    /// The engine's current weight of each feature, in points.
    pub weights: &'static [i32],
    /// The feature function.
    pub extract: FeatureFn,
}
