//! The trainer of NNUE evaluations ([`search::nnue`]'s architecture:
//! `inputs → hidden × 2 perspectives → 1`, SCReLU) on self-play data.
//!
//! Written by hand rather than on a tensor library: the network is a
//! sparse feature layer and one output neuron (about 19,000 parameters
//! for Ataxx), whose forward and backward passes are a few loops over the
//! active features; a framework (burn, candle) would add minutes of
//! compile time and large dependency trees for no speed on two CPU cores.
//!
//! # Training
//!
//! Each position is packed once ([`Packed`], side to move's view) and
//! expanded into its active features per epoch, under a random one of the
//! game's symmetries. The network's output `o` (in units of
//! [`SCALE`] points) is squashed to an expected result `σ(o·SCALE / K)`
//! and fitted by mean squared error to `λ·σ(score / K) + (1 − λ)·result`,
//! where `K` is the logistic scale under which the search scores predict
//! the results best. Minibatches of 16,384 positions, Adam, the step size
//! falling tenfold after 60 % and again after 85 % of the epochs; weights
//! are clipped to [`WEIGHT_LIMIT`] so that they survive quantisation.
//! Threads split each minibatch; the partial gradients are added in a
//! fixed order, so a seed gives the same network whatever the threads.

use crate::binary::{self, BinaryError};
use crate::data::{self, WIN};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
/// The float network [`train`] returns and goes on from.
pub use search::nnue::FloatNet;
use search::nnue::{SCALE, WEIGHT_LIMIT};
use std::io::{BufRead, Read};
use thiserror::Error;

/// A position packed for training: up to 256 bits of the game's choosing
/// (for Ataxx: own stones, the opponent's, blockers), side to move's view.
pub type Packed = game::Packed;

/// Minibatch size.
const BATCH: usize = 16_384;
/// Parts of a minibatch whose gradients are summed separately and then
/// added in order (the unit of parallelism and of the fixed summation
/// order).
const PARTS: usize = 8;

/// Reads a position text into its packed form, or `None` for a position
/// the network does not evaluate.
pub type PackFn = dyn Fn(&str) -> Result<Option<Packed>, String> + Sync;

/// Fills the active features of the side to move and of the opponent of a
/// packed position under a symmetry.
pub type FeatureFn = dyn Fn(&Packed, usize, &mut Vec<u16>, &mut Vec<u16>) + Sync;

/// What the trainer needs to know of a game's network.
pub struct Encoding<'a> {
    /// The registered name of the game (binary data files name theirs).
    pub game: &'a str,
    /// Input features per perspective.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// The number of symmetries [`Encoding::features`] accepts (1: none).
    pub symmetries: usize,
    /// Reads a position text into its packed form, or `None` for a
    /// position the network does not evaluate.
    pub pack: &'a PackFn,
    /// Fills the active features of the side to move and of the opponent
    /// of a packed position under a symmetry.
    pub features: &'a FeatureFn,
}

impl<'a> Encoding<'a> {
    /// The trainer's view of the network `spec` of the game `game`.
    #[must_use]
    pub fn from_spec(game: &'a str, spec: &'a game::NetSpec) -> Encoding<'a> {
        Encoding {
            game,
            inputs: spec.inputs,
            hidden: spec.hidden,
            symmetries: spec.symmetries,
            pack: &spec.pack,
            features: &spec.features,
        }
    }
}

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    /// The packed position.
    pub packed: Packed,
    /// The search score in points, side to move's view.
    pub score: f32,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f32,
}

/// Why training failed.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A data file could not be read.
    #[error(transparent)]
    Data(#[from] data::DataError),
    /// A binary data file could not be read.
    #[error(transparent)]
    Binary(#[from] BinaryError),
    /// A binary data file holds another game's positions.
    #[error("the data is of the game '{found}', not '{expected}'")]
    OtherGame {
        /// The game the file names.
        found: String,
        /// The game trained.
        expected: String,
    },
    /// A position of the data is not one of the game's.
    #[error("line {line}: {reason}")]
    Position {
        /// The line number, from 1.
        line: usize,
        /// Why it does not read.
        reason: String,
    },
    /// Nothing to train on.
    #[error("the data holds no position to train on")]
    Empty,
    /// The network to go on from has another shape than the game's.
    #[error("the network to start from is {found}, the game's is {expected}")]
    StartShape {
        /// The starting network's `inputs×hidden`.
        found: String,
        /// The game's `inputs×hidden`.
        expected: String,
    },
}

/// The examples read from a data file, and how many positions were left
/// out and why.
#[derive(Debug, Default)]
pub struct ReadExamples {
    /// The positions to train on.
    pub examples: Vec<Example>,
    /// Positions whose search had found the game won or lost (|score| at
    /// least [`WIN`]): their scores say nothing of the evaluation.
    pub decided: usize,
    /// Positions the network does not evaluate (e.g. where the game is
    /// over).
    pub not_evaluated: usize,
}

impl ReadExamples {
    /// Adds a position with its search score and result: left out and
    /// counted if decided or not evaluated (`None`).
    fn add(&mut self, packed: Option<Packed>, score: i32, result: f32) {
        if score.abs() >= WIN {
            self.decided += 1;
        } else if let Some(packed) = packed {
            self.examples.push(Example { packed, score: score as f32, result });
        } else {
            self.not_evaluated += 1;
        }
    }
}

/// Reads the examples of a data file, text or binary (told apart by the
/// binary format's magic bytes), leaving out positions whose search had
/// found the game won or lost (their scores say nothing of the
/// evaluation) and those the network does not evaluate, and counting both.
pub fn read_examples(mut input: impl BufRead, encoding: &Encoding<'_>) -> Result<ReadExamples, TrainError> {
    if binary::is_binary(input.fill_buf().map_err(data::DataError::from)?) {
        read_binary_examples(input, encoding.game)
    } else {
        read_text_examples(input, encoding)
    }
}

/// Reads the examples of a binary data file of `game`.
fn read_binary_examples(input: impl Read, game: &str) -> Result<ReadExamples, TrainError> {
    let mut reader = binary::Reader::new(input);
    let header = reader.header()?;
    if header.game != game {
        return Err(TrainError::OtherGame { found: header.game, expected: game.to_owned() });
    }
    let mut read = ReadExamples::default();
    while let Some(block) = reader.next_block()? {
        for record in block.records {
            read.add(record.packed, record.score, record.result);
        }
    }
    Ok(read)
}

/// Reads the examples of a text data file.
fn read_text_examples(input: impl BufRead, encoding: &Encoding<'_>) -> Result<ReadExamples, TrainError> {
    let mut read = ReadExamples::default();
    for (index, line) in input.lines().enumerate() {
        let line = line.map_err(data::DataError::from)?;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let sample = data::parse_line(&line)
            .map_err(|reason| data::DataError::Malformed { line: index + 1, reason })?;
        if sample.score.abs() >= WIN {
            read.decided += 1;
            continue;
        }
        let packed = (encoding.pack)(&sample.position)
            .map_err(|reason| TrainError::Position { line: index + 1, reason })?;
        read.add(packed, sample.score, sample.result);
    }
    Ok(read)
}

/// How to train.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's initial step size.
    pub learning_rate: f32,
    /// The weight of the search score in the target (the rest is the
    /// game result).
    pub lambda: f32,
    /// Threads splitting each minibatch.
    pub threads: usize,
    /// The seed of the initial weights, the shuffles and the symmetries.
    pub seed: u64,
    /// The share of the examples held out to measure the loss on
    /// positions not trained on.
    pub validation: f32,
}

impl Default for Settings {
    /// 20 epochs, step 0.001, λ 0.7, one thread, seed 1, 2 % held out.
    fn default() -> Settings {
        Settings { epochs: 20, learning_rate: 0.001, lambda: 0.7, threads: 1, seed: 1, validation: 0.02 }
    }
}

/// What one epoch achieved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// Mean squared error on the training positions during the epoch.
    pub train_loss: f64,
    /// Mean squared error on the held-out positions after the epoch.
    pub validation_loss: f64,
    /// Positions per second trained.
    pub speed: f64,
}

/// The logistic curve `1 / (1 + e^-x)`.
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The logistic scale `K` under which the examples' search scores predict
/// their results best (golden-section search on `ln K`, 10 to 10,000).
#[must_use]
pub fn fit_scale(examples: &[Example]) -> f32 {
    let step = (examples.len() / 200_000).max(1);
    let loss = |ln_k: f64| -> f64 {
        let k = ln_k.exp() as f32;
        examples.iter().step_by(step).map(|e| f64::from((sigmoid(e.score / k) - e.result).powi(2))).sum()
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (10f64.ln(), 10_000f64.ln());
    for _ in 0..50 {
        let (a, b) = (high - ratio * (high - low), low + ratio * (high - low));
        if loss(a) <= loss(b) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp() as f32
}

/// The number of parameters of `net`, the length of its gradient.
fn parameter_count(net: &FloatNet) -> usize {
    net.feature_weights.len() + net.feature_bias.len() + net.output_weights.len() + 1
}

/// Calls `f` with the index and value of every parameter of `net`, in the
/// gradient's order: feature weights, feature biases, output weights, and
/// the output bias last.
fn for_each_parameter(net: &mut FloatNet, mut f: impl FnMut(usize, &mut f32)) {
    let all = net
        .feature_weights
        .iter_mut()
        .chain(&mut net.feature_bias)
        .chain(&mut net.output_weights)
        .chain(std::iter::once(&mut net.output_bias));
    for (index, w) in all.enumerate() {
        f(index, w);
    }
}

/// Scratch buffers of one thread.
struct Scratch {
    us: Vec<u16>,
    them: Vec<u16>,
    acc: Vec<f32>,
}

impl Scratch {
    fn new(hidden: usize) -> Scratch {
        Scratch { us: Vec::with_capacity(64), them: Vec::with_capacity(64), acc: vec![0.0; 2 * hidden] }
    }
}

/// The network's output (in units of [`SCALE`] points) for the features in
/// `scratch`, leaving the accumulators there.
fn forward(net: &FloatNet, scratch: &mut Scratch) -> f32 {
    let h = net.hidden;
    let (acc_us, acc_them) = scratch.acc.split_at_mut(h);
    for (acc, features) in [(acc_us, &scratch.us), (acc_them, &scratch.them)] {
        acc.copy_from_slice(&net.feature_bias);
        for &f in features.iter() {
            let row = &net.feature_weights[usize::from(f) * h..][..h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }
    let mut out = net.output_bias;
    for (a, w) in scratch.acc.iter().zip(&net.output_weights) {
        let x = a.clamp(0.0, 1.0);
        out += x * x * w;
    }
    out
}

/// Adds the gradient of the squared error of one example (with the
/// features in `scratch`) to `grad`, scaled by `weight`; returns the error.
fn backward(
    net: &FloatNet,
    scratch: &mut Scratch,
    target: f32,
    k: f32,
    weight: f32,
    grad: &mut [f32],
) -> f32 {
    let out = forward(net, scratch);
    let scale = SCALE as f32 / k;
    let predicted = sigmoid(out * scale);
    let error = predicted - target;
    let g = 2.0 * error * predicted * (1.0 - predicted) * scale * weight;
    let h = net.hidden;
    let (feature_grad, rest) = grad.split_at_mut(net.inputs * h);
    let (bias_grad, rest) = rest.split_at_mut(h);
    let (out_grad, last) = rest.split_at_mut(2 * h);
    last[0] += g;
    for (half, features) in [(0, &scratch.us), (1, &scratch.them)] {
        let acc = &mut scratch.acc[half * h..][..h];
        let weights = &net.output_weights[half * h..][..h];
        let outs = &mut out_grad[half * h..][..h];
        for ((a, w), og) in acc.iter_mut().zip(weights).zip(outs) {
            let x = a.clamp(0.0, 1.0);
            *og += g * x * x;
            // The accumulator's slot now holds its gradient.
            *a = if *a > 0.0 && *a < 1.0 { g * w * 2.0 * x } else { 0.0 };
        }
        for (b, d) in bias_grad.iter_mut().zip(acc.iter()) {
            *b += d;
        }
        for &f in features.iter() {
            let row = &mut feature_grad[usize::from(f) * h..][..h];
            for (r, d) in row.iter_mut().zip(acc.iter()) {
                *r += d;
            }
        }
    }
    error * error
}

/// The mean squared error of `net` on `examples` (identity symmetry).
fn mean_loss(net: &FloatNet, examples: &[Example], encoding: &Encoding<'_>, k: f32, lambda: f32) -> f64 {
    if examples.is_empty() {
        return 0.0;
    }
    let mut scratch = Scratch::new(net.hidden);
    let mut total = 0.0;
    for example in examples {
        (encoding.features)(&example.packed, 0, &mut scratch.us, &mut scratch.them);
        let predicted = sigmoid(forward(net, &mut scratch) * SCALE as f32 / k);
        total += f64::from((predicted - target(example, k, lambda)).powi(2));
    }
    total / examples.len() as f64
}

fn target(example: &Example, k: f32, lambda: f32) -> f32 {
    lambda * sigmoid(example.score / k) + (1.0 - lambda) * example.result
}

/// A new network with small random weights.
fn initial(inputs: usize, hidden: usize, rng: &mut SmallRng) -> FloatNet {
    let feature_range = 1.0 / (inputs as f32).sqrt();
    let output_range = 1.0 / (2.0 * hidden as f32).sqrt();
    FloatNet {
        inputs,
        hidden,
        feature_weights: (0..inputs * hidden)
            .map(|_| rng.random_range(-feature_range..feature_range))
            .collect(),
        feature_bias: vec![0.0; hidden],
        output_weights: (0..2 * hidden).map(|_| rng.random_range(-output_range..output_range)).collect(),
        output_bias: 0.0,
    }
}

/// Trains a network on `examples`, from `start` (a network of the game's
/// shape, to go on training it on new data) or from random weights,
/// calling `on_epoch` after every epoch; returns the network and the
/// logistic scale `K`.
pub fn train(
    examples: &[Example],
    encoding: &Encoding<'_>,
    settings: &Settings,
    start: Option<FloatNet>,
    on_epoch: &mut dyn FnMut(&EpochReport),
) -> Result<(FloatNet, f32), TrainError> {
    if examples.is_empty() {
        return Err(TrainError::Empty);
    }
    if let Some(net) = &start
        && (net.inputs, net.hidden) != (encoding.inputs, encoding.hidden)
    {
        return Err(TrainError::StartShape {
            found: format!("{}×{}", net.inputs, net.hidden),
            expected: format!("{}×{}", encoding.inputs, encoding.hidden),
        });
    }
    let mut rng = SmallRng::seed_from_u64(settings.seed);
    let k = fit_scale(examples);
    let mut order: Vec<usize> = (0..examples.len()).collect();
    order.shuffle(&mut rng);
    let held = ((examples.len() as f32 * settings.validation) as usize).min(examples.len() - 1);
    let validation: Vec<Example> = order[..held].iter().map(|&i| examples[i]).collect();
    let mut training: Vec<usize> = order[held..].to_vec();

    // Drawn even when a start is given, so that the shuffles that follow
    // are the same either way.
    let random = initial(encoding.inputs, encoding.hidden, &mut rng);
    let mut net = start.unwrap_or(random);
    let size = parameter_count(&net);
    let (mut m, mut v) = (vec![0f32; size], vec![0f32; size]);
    let (beta1, beta2, epsilon) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    let threads = settings.threads.clamp(1, PARTS);
    let mut grads = vec![vec![0f32; size]; PARTS];
    for epoch in 1..=settings.epochs {
        let started = std::time::Instant::now();
        training.shuffle(&mut rng);
        let progress = (epoch - 1) as f32 / settings.epochs.max(1) as f32;
        let rate = settings.learning_rate
            * if progress >= 0.85 {
                0.01
            } else if progress >= 0.6 {
                0.1
            } else {
                1.0
            };
        let mut loss_sum = 0f64;
        for batch in training.chunks(BATCH) {
            let symmetries: Vec<u8> =
                batch.iter().map(|_| rng.random_range(0..encoding.symmetries.max(1)) as u8).collect();
            let part = batch.len().div_ceil(PARTS);
            let weight = 1.0 / batch.len() as f32;
            let shared = &net;
            let jobs: Vec<_> =
                grads.iter_mut().zip(batch.chunks(part).zip(symmetries.chunks(part))).collect();
            let used = jobs.len();
            let per_thread = used.div_ceil(threads);
            let mut jobs = jobs.into_iter();
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| jobs.by_ref().take(per_thread).collect::<Vec<_>>())
                    .map(|mine| {
                        scope.spawn(move || {
                            let mut scratch = Scratch::new(shared.hidden);
                            let mut losses = Vec::new();
                            for (grad, (indices, syms)) in mine {
                                grad.iter_mut().for_each(|g| *g = 0.0);
                                let mut loss = 0f64;
                                for (&i, &symmetry) in indices.iter().zip(syms) {
                                    let example = &examples[i];
                                    let (us, them) = (&mut scratch.us, &mut scratch.them);
                                    (encoding.features)(&example.packed, usize::from(symmetry), us, them);
                                    let target = target(example, k, settings.lambda);
                                    loss +=
                                        f64::from(backward(shared, &mut scratch, target, k, weight, grad));
                                }
                                losses.push(loss);
                            }
                            losses
                        })
                    })
                    .collect();
                handles.into_iter().flat_map(|h| h.join().expect("a training thread panicked")).collect()
            });
            loss_sum += losses.iter().sum::<f64>();
            let (first, others) = grads.split_at_mut(1);
            for other in &others[..used - 1] {
                for (g, o) in first[0].iter_mut().zip(other.iter()) {
                    *g += o;
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            let grad = &first[0];
            for_each_parameter(&mut net, |i, w| {
                m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
                v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
                *w -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + epsilon);
                // Every weight but the output bias (kept in 32 bits) is clipped.
                if i + 1 < size {
                    *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
                }
            });
        }
        let seconds = started.elapsed().as_secs_f64().max(1e-9);
        on_epoch(&EpochReport {
            epoch,
            train_loss: loss_sum / training.len() as f64,
            validation_loss: mean_loss(&net, &validation, encoding, k, settings.lambda),
            speed: training.len() as f64 / seconds,
        });
    }
    Ok((net, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: 8 cells, the side to move owns some; the more it owns,
    /// the better. Position text: 8 characters of `x`, `o` or `.`.
    fn toy_pack(text: &str) -> Result<Option<Packed>, String> {
        if text.len() != 8 {
            return Err(format!("'{text}' is not 8 cells"));
        }
        let (mut own, mut theirs) = (0u64, 0u64);
        for (i, c) in text.chars().enumerate() {
            match c {
                'x' => own |= 1 << i,
                'o' => theirs |= 1 << i,
                '.' => {}
                _ => return Err(format!("bad cell '{c}'")),
            }
        }
        Ok(Some([own, theirs, 0, 0]))
    }

    fn toy_features(packed: &Packed, _symmetry: usize, us: &mut Vec<u16>, them: &mut Vec<u16>) {
        us.clear();
        them.clear();
        for i in 0..8u16 {
            if packed[0] >> i & 1 != 0 {
                us.push(i);
                them.push(8 + i);
            }
            if packed[1] >> i & 1 != 0 {
                us.push(8 + i);
                them.push(i);
            }
        }
    }

    fn toy_data(count: usize) -> String {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut text = String::from("# toy\n");
        for _ in 0..count {
            let cells: String = (0..8).map(|_| ['x', 'o', '.'][rng.random_range(0..3)]).collect();
            let diff = cells.matches('x').count() as i32 - cells.matches('o').count() as i32;
            let result = match diff.signum() {
                1 => "1",
                0 => "0.5",
                _ => "0",
            };
            text.push_str(&format!("{cells}\t{}\t{result}\n", diff * 100));
        }
        text
    }

    /// The toy network: 16 inputs, 8 hidden, no symmetry.
    fn toy_encoding() -> Encoding<'static> {
        Encoding {
            game: "toy",
            inputs: 16,
            hidden: 8,
            symmetries: 1,
            pack: &toy_pack,
            features: &toy_features,
        }
    }

    #[test]
    fn training_learns_the_toy_evaluation_and_is_deterministic() {
        let encoding = toy_encoding();
        let examples = read_examples(toy_data(4000).as_bytes(), &encoding).unwrap().examples;
        assert_eq!(examples.len(), 4000);
        let settings = Settings { epochs: 30, learning_rate: 0.01, threads: 2, ..Settings::default() };
        let mut reports = Vec::new();
        let (net, k) = train(&examples, &encoding, &settings, None, &mut |r| reports.push(*r)).unwrap();
        assert_eq!(reports.len(), 30);
        assert!((9.9..=10_000.0).contains(&k), "the scale stays in its range: {k}");
        let (first, last) = (reports[0].validation_loss, reports[29].validation_loss);
        assert!(last < first / 2.0, "the loss falls: {first} → {last}");
        let mut scratch = Scratch::new(net.hidden);
        let mut eval = |text: &str| {
            toy_features(&toy_pack(text).unwrap().unwrap(), 0, &mut scratch.us, &mut scratch.them);
            forward(&net, &mut scratch)
        };
        assert!(eval("xxxx....") > eval("xx......") && eval("xx......") > eval("oo......"));
        let single = Settings { threads: 1, ..settings };
        let (again, _) = train(&examples, &encoding, &single, None, &mut |_| {}).unwrap();
        assert_eq!(
            again.to_bytes(),
            net.to_bytes(),
            "the same seed gives the same network on 1 or 2 threads"
        );
        // Going on from the trained network, the first epoch starts where
        // training ended, far below where random weights start.
        let more = Settings { epochs: 1, ..settings };
        let mut going_on = Vec::new();
        train(&examples, &encoding, &more, Some(net.clone()), &mut |r| going_on.push(*r)).unwrap();
        assert!(going_on[0].validation_loss < first / 2.0, "{:?} vs {first}", going_on[0]);
        let mut narrow = net;
        narrow.hidden = 4;
        let error = train(&examples, &encoding, &more, Some(narrow), &mut |_| {}).unwrap_err();
        assert_eq!(error.to_string(), "the network to start from is 16×4, the game's is 16×8");
    }

    #[test]
    fn bad_positions_and_empty_data_are_errors() {
        let encoding = toy_encoding();
        let error = read_examples("# x\nxxoo\t0\t1\n".as_bytes(), &encoding).unwrap_err();
        assert_eq!(error.to_string(), "line 2: 'xxoo' is not 8 cells");
        let decided =
            read_examples("xxxxxxxx\t30000\t1\nxxxxxxxx\t-30000\t0\n".as_bytes(), &encoding).unwrap();
        assert!(decided.examples.is_empty(), "found wins are left out");
        assert_eq!((decided.decided, decided.not_evaluated), (2, 0), "and counted");
        let error = train(&decided.examples, &encoding, &Settings::default(), None, &mut |_| {}).unwrap_err();
        assert!(matches!(error, TrainError::Empty));
    }
}
