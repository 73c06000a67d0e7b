//! The hand-written evaluations that `spielwerk tune` can tune: for each
//! game, the names of its evaluation's features, their current weights,
//! and the function that reads a position text into those features.
//!
//! Every evaluation here is linear: the engine's static evaluation is the
//! dot product of the features with the weights (tested in each game's
//! crate). Positions the linear terms do not cover (outside play in Amakta,
//! the start of Amakta Infinit) have no features.

use amakta::{Amakta, Infinit, Phase};
use game::GameError;

/// Reads a position text into the features of the evaluation (side to
/// move's view), or `None` when the position is not evaluated by the
/// linear terms.
pub type FeatureFn = fn(&str) -> Result<Option<Vec<i32>>, GameError>;

/// A game's tunable evaluation.
#[derive(Clone, Copy, Debug)]
pub struct TunableEval {
    /// The registered name of the game.
    pub game: &'static str,
    /// The names of the features, in the order of the feature vectors.
    pub features: &'static [&'static str],
    /// The engine's current weight of each feature, in points.
    pub weights: &'static [i32],
    /// The feature function.
    pub extract: FeatureFn,
}

fn amakta_features(text: &str) -> Result<Option<Vec<i32>>, GameError> {
    let position = Amakta::from_text(text)?;
    Ok((position.phase() == Phase::Play).then(|| position.play_features().to_vec()))
}

fn infinit_features(text: &str) -> Result<Option<Vec<i32>>, GameError> {
    Ok(Infinit::from_text(text)?.play_features().map(|f| f.to_vec()))
}

/// Every tunable evaluation, in the order of the registry.
#[must_use]
pub fn tunable_evals() -> Vec<TunableEval> {
    vec![
        TunableEval {
            game: amakta::entry::NAME,
            features: &amakta::PLAY_FEATURES,
            weights: &amakta::PLAY_WEIGHTS,
            extract: amakta_features,
        },
        TunableEval {
            game: amakta::infinit::entry::NAME,
            features: &amakta::infinit::eval::INFINIT_PLAY_FEATURES,
            weights: &amakta::infinit::eval::INFINIT_PLAY_WEIGHTS,
            extract: infinit_features,
        },
    ]
}

/// The tunable evaluation of `game`, if it has one.
#[must_use]
pub fn tunable_eval(game: &str) -> Option<TunableEval> {
    tunable_evals().into_iter().find(|eval| eval.game == game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Options;

    #[test]
    fn every_tunable_game_is_registered_and_reads_its_start() {
        let registry = crate::registry();
        for eval in tunable_evals() {
            assert_eq!(eval.features.len(), eval.weights.len(), "{}", eval.game);
            let entry = registry.get(eval.game).unwrap();
            let options = entry.with_engine_defaults(&Options::new());
            let start = registry.create(eval.game, &options, None).unwrap().position();
            let features = (eval.extract)(&start).unwrap();
            if let Some(features) = features {
                assert_eq!(features.len(), eval.weights.len(), "{}", eval.game);
            }
        }
        assert!(tunable_eval("ataxx").is_none() && tunable_eval("abalone").is_none());
        assert_eq!(tunable_eval("amakta").unwrap().game, "amakta");
    }

    #[test]
    fn bad_position_text_is_an_error() {
        for eval in tunable_evals() {
            assert!((eval.extract)("not a position").is_err(), "{}", eval.game);
        }
    }
}
