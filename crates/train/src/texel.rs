//! Texel-style tuning of a linear evaluation: the weights of a game's
//! hand-written features fitted to self-play games.
//!
//! The evaluation of a position is the dot product of its integer features
//! with the weights, in points. A logistic curve `σ(eval / K)` turns it
//! into an expected result; the tuner
//!
//! 1. fits the scale `K` so that the current weights predict the game
//!    results best ([`fit_scale`]), and keeps it: the tuned evaluation
//!    stays in the same points;
//! 2. minimises the mean squared error between `σ(eval / K)` and a target
//!    that blends the game's result with the search score,
//!    `λ·result + (1 − λ)·σ(score / K)`, by full-batch gradient descent
//!    with Adam, starting from the current weights ([`tune`]);
//! 3. rounds the weights to integers.
//!
//! Deterministic: the examples are summed in fixed chunks whose partial
//! sums are added in order, so the result does not depend on the number of
//! threads.

use crate::data::Sample;

/// Examples summed by one task of the gradient (the unit of parallelism
/// and of the fixed summation order).
const CHUNK: usize = 4096;

/// One training position as features, with its search score and result.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// The evaluation's features of the position (side to move's view).
    pub features: Vec<i32>,
    /// The search score in points, side to move's view.
    pub score: i32,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f32,
}

impl Example {
    /// The example of a data sample with its `features`.
    #[must_use]
    pub fn new(sample: &Sample, features: Vec<i32>) -> Example {
        Example { features, score: sample.score, result: sample.result }
    }
}

/// How to tune.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The weight of the game result in the target (1: results only, 0:
    /// search scores only).
    pub lambda: f64,
    /// Steps of gradient descent (each over all examples).
    pub epochs: usize,
    /// Adam's step size, in points.
    pub learning_rate: f64,
    /// Threads summing the gradient.
    pub threads: usize,
}

impl Default for Settings {
    /// λ 0.5, 2000 epochs, step 1 point, one thread.
    fn default() -> Settings {
        Settings { lambda: 0.5, epochs: 2000, learning_rate: 1.0, threads: 1 }
    }
}

/// The outcome of a tuning run.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// The logistic scale `K` (points).
    pub scale: f64,
    /// The loss of the initial weights.
    pub initial_loss: f64,
    /// The loss of the tuned weights before rounding.
    pub final_loss: f64,
    /// The loss of the rounded weights.
    pub rounded_loss: f64,
    /// The tuned weights before rounding.
    pub exact: Vec<f64>,
    /// The tuned weights, rounded to points.
    pub weights: Vec<i32>,
}

/// Why examples cannot be tuned on.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TexelError {
    /// There are no examples.
    #[error("no examples to tune on")]
    Empty,
    /// An example's feature count differs from the weights'.
    #[error("example {index} has {found} features, the evaluation {expected}")]
    Width {
        /// The example, from 0.
        index: usize,
        /// Its feature count.
        found: usize,
        /// The number of weights.
        expected: usize,
    },
}

/// The examples as a dense matrix of features with their targets.
struct Matrix {
    width: usize,
    features: Vec<f64>,
    scores: Vec<f64>,
    results: Vec<f64>,
}

impl Matrix {
    fn new(examples: &[Example], width: usize) -> Result<Matrix, TexelError> {
        if examples.is_empty() {
            return Err(TexelError::Empty);
        }
        let mut features = Vec::with_capacity(examples.len() * width);
        for (index, example) in examples.iter().enumerate() {
            if example.features.len() != width {
                return Err(TexelError::Width { index, found: example.features.len(), expected: width });
            }
            features.extend(example.features.iter().map(|&f| f64::from(f)));
        }
        Ok(Matrix {
            width,
            features,
            scores: examples.iter().map(|e| f64::from(e.score)).collect(),
            results: examples.iter().map(|e| f64::from(e.result)).collect(),
        })
    }

    fn len(&self) -> usize {
        self.results.len()
    }

    fn row(&self, i: usize) -> &[f64] {
        &self.features[i * self.width..(i + 1) * self.width]
    }

    fn eval(&self, i: usize, weights: &[f64]) -> f64 {
        self.row(i).iter().zip(weights).map(|(f, w)| f * w).sum()
    }

    fn target(&self, i: usize, scale: f64, lambda: f64) -> f64 {
        lambda * self.results[i] + (1.0 - lambda) * sigmoid(self.scores[i] / scale)
    }

    /// The mean squared error of `weights`, and its gradient when asked.
    fn loss(
        &self,
        weights: &[f64],
        scale: f64,
        lambda: f64,
        threads: usize,
        gradient: bool,
    ) -> (f64, Vec<f64>) {
        let chunks = self.len().div_ceil(CHUNK);
        let partial = |chunk: usize| {
            let mut sum = 0.0;
            let mut grad = vec![0.0; if gradient { self.width } else { 0 }];
            for i in chunk * CHUNK..((chunk + 1) * CHUNK).min(self.len()) {
                let p = sigmoid(self.eval(i, weights) / scale);
                let error = p - self.target(i, scale, lambda);
                sum += error * error;
                if gradient {
                    let slope = 2.0 * error * p * (1.0 - p) / scale;
                    for (g, f) in grad.iter_mut().zip(self.row(i)) {
                        *g += slope * f;
                    }
                }
            }
            (sum, grad)
        };
        let threads = threads.clamp(1, chunks);
        let partials: Vec<(f64, Vec<f64>)> = if threads == 1 {
            (0..chunks).map(partial).collect()
        } else {
            let mut slots: Vec<Option<(f64, Vec<f64>)>> = vec![None; chunks];
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let partial = &partial;
                        scope.spawn(move || {
                            (t..chunks).step_by(threads).map(|c| (c, partial(c))).collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for handle in handles {
                    for (c, value) in handle.join().expect("a gradient thread panicked") {
                        slots[c] = Some(value);
                    }
                }
            });
            slots.into_iter().map(|slot| slot.expect("every chunk is summed")).collect()
        };
        let n = self.len() as f64;
        let mut total = 0.0;
        let mut grad = vec![0.0; if gradient { self.width } else { 0 }];
        for (sum, part) in partials {
            total += sum;
            for (g, p) in grad.iter_mut().zip(part) {
                *g += p;
            }
        }
        grad.iter_mut().for_each(|g| *g /= n);
        (total / n, grad)
    }
}

/// The logistic curve `1 / (1 + e^-x)`.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn as_f64(weights: &[i32]) -> Vec<f64> {
    weights.iter().map(|&w| f64::from(w)).collect()
}

/// The logistic scale `K` (between 1 and 100 000 points) under which
/// `weights` predict the results of `examples` best: the minimum of the
/// squared error against the results, by golden-section search on `ln K`.
pub fn fit_scale(examples: &[Example], weights: &[i32]) -> Result<f64, TexelError> {
    let matrix = Matrix::new(examples, weights.len())?;
    Ok(fit_scale_of(&matrix, &as_f64(weights), 1))
}

fn fit_scale_of(matrix: &Matrix, weights: &[f64], threads: usize) -> f64 {
    let loss = |ln_k: f64| matrix.loss(weights, ln_k.exp(), 1.0, threads, false).0;
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0f64, 100_000f64.ln());
    let (mut a, mut b) = (high - ratio * (high - low), low + ratio * (high - low));
    let (mut loss_a, mut loss_b) = (loss(a), loss(b));
    for _ in 0..60 {
        if loss_a <= loss_b {
            high = b;
            (b, loss_b) = (a, loss_a);
            a = high - ratio * (high - low);
            loss_a = loss(a);
        } else {
            low = a;
            (a, loss_a) = (b, loss_b);
            b = low + ratio * (high - low);
            loss_b = loss(b);
        }
    }
    ((low + high) / 2.0).exp()
}

/// Tunes `weights` on `examples` (see the module documentation), calling
/// `on_epoch(epoch, loss)` after every step with the loss before it.
pub fn tune(
    examples: &[Example],
    weights: &[i32],
    settings: &Settings,
    on_epoch: &mut dyn FnMut(usize, f64),
) -> Result<Tuned, TexelError> {
    let matrix = Matrix::new(examples, weights.len())?;
    let initial = as_f64(weights);
    let scale = fit_scale_of(&matrix, &initial, settings.threads);
    let (lambda, threads) = (settings.lambda, settings.threads);
    let initial_loss = matrix.loss(&initial, scale, lambda, threads, false).0;
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8);
    let mut exact = initial;
    let mut first = vec![0.0; weights.len()];
    let mut second = vec![0.0; weights.len()];
    for epoch in 1..=settings.epochs {
        let (loss, grad) = matrix.loss(&exact, scale, lambda, threads, true);
        on_epoch(epoch, loss);
        let t = epoch as i32;
        for j in 0..weights.len() {
            first[j] = beta1 * first[j] + (1.0 - beta1) * grad[j];
            second[j] = beta2 * second[j] + (1.0 - beta2) * grad[j] * grad[j];
            let m = first[j] / (1.0 - beta1.powi(t));
            let v = second[j] / (1.0 - beta2.powi(t));
            exact[j] -= settings.learning_rate * m / (v.sqrt() + epsilon);
        }
    }
    let final_loss = matrix.loss(&exact, scale, lambda, threads, false).0;
    let rounded: Vec<i32> = exact.iter().map(|w| w.round() as i32).collect();
    let rounded_loss = matrix.loss(&as_f64(&rounded), scale, lambda, threads, false).0;
    Ok(Tuned { scale, initial_loss, final_loss, rounded_loss, exact, weights: rounded })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Examples with random features whose results are drawn from the
    /// logistic curve of `truth` at scale `scale`, and whose scores are the
    /// true evaluation.
    fn synthetic(truth: &[i32], scale: f64, n: usize, seed: u64) -> Vec<Example> {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let features: Vec<i32> = truth.iter().map(|_| rng.random_range(-4..=4)).collect();
                let eval: i32 = features.iter().zip(truth).map(|(f, w)| f * w).sum();
                let win = rng.random_bool(sigmoid(f64::from(eval) / scale));
                Example { features, score: eval, result: if win { 1.0 } else { 0.0 } }
            })
            .collect()
    }

    #[test]
    fn recovers_known_weights_from_scores() {
        let truth = [100, -40, 15, 60];
        let examples = synthetic(&truth, 200.0, 5000, 1);
        let settings = Settings { lambda: 0.0, epochs: 1500, learning_rate: 2.0, threads: 1 };
        let tuned = tune(&examples, &[50, 0, 0, 0], &settings, &mut |_, _| {}).unwrap();
        for (got, want) in tuned.weights.iter().zip(truth) {
            assert!((got - want).abs() <= 1, "{:?} vs {truth:?}", tuned.weights);
        }
        assert!(tuned.final_loss < tuned.initial_loss);
    }

    #[test]
    fn recovers_known_weights_from_results() {
        // Results only: the weights come out on the fitted scale, so
        // compare their ratios to the first.
        let truth = [100, -50, 25];
        let examples = synthetic(&truth, 150.0, 40_000, 2);
        let settings = Settings { lambda: 1.0, epochs: 1500, learning_rate: 2.0, threads: 2 };
        let tuned = tune(&examples, &[80, 0, 0], &settings, &mut |_, _| {}).unwrap();
        let ratio = |j: usize| tuned.exact[j] / tuned.exact[0];
        assert!((ratio(1) + 0.5).abs() < 0.05 && (ratio(2) - 0.25).abs() < 0.05, "{:?}", tuned.exact);
    }

    #[test]
    fn fits_the_scale_of_the_results() {
        let truth = [100, 30];
        let examples = synthetic(&truth, 300.0, 40_000, 3);
        let scale = fit_scale(&examples, &truth).unwrap();
        assert!((scale - 300.0).abs() < 30.0, "{scale}");
    }

    #[test]
    fn the_same_data_gives_the_same_weights_whatever_the_threads() {
        let examples = synthetic(&[70, -20, 5], 250.0, 3 * CHUNK + 17, 4);
        let run = |threads| {
            let settings = Settings { lambda: 0.5, epochs: 50, learning_rate: 1.0, threads };
            let mut losses = Vec::new();
            let tuned = tune(&examples, &[60, 0, 0], &settings, &mut |_, loss| losses.push(loss)).unwrap();
            (tuned, losses)
        };
        let (one, losses) = run(1);
        assert_eq!(losses.len(), 50);
        assert_eq!(run(3), (one, losses));
    }

    #[test]
    fn bad_examples_are_errors() {
        let settings = Settings::default();
        assert_eq!(tune(&[], &[1], &settings, &mut |_, _| {}), Err(TexelError::Empty));
        let examples = vec![Example { features: vec![1, 2], score: 0, result: 0.5 }];
        assert_eq!(
            tune(&examples, &[1], &settings, &mut |_, _| {}),
            Err(TexelError::Width { index: 0, found: 2, expected: 1 })
        );
    }
}
