//! Efficiently updatable neural networks (NNUE) for game evaluations: the
//! quantised network file format, its reader and writer, and integer
//! inference with an accumulator per player that a game updates
//! incrementally on every move.
//!
//! # Architecture
//!
//! `INPUTS → HIDDEN (×2 perspectives) → 1`. Each input is a binary feature
//! of the position *seen from one player* (for Ataxx: "own stone on
//! square s", "opponent's stone on s", "blocker on s"). The feature layer
//! is shared by both perspectives; its sums (the accumulators, one per
//! player) change by a few rows per move. The side to move's accumulator
//! and the other's are squashed with SCReLU (`clamp(x, 0, 1)²`) and
//! concatenated, and one output neuron gives the evaluation.
//!
//! # Quantisation
//!
//! Feature weights and biases are stored as `round(w × QA)` in `i16`,
//! output weights as `round(w × QB)` in `i16`, the output bias as
//! `round(b × QA × QB)` in `i32`. The evaluation in points is
//! `(Σ screlu(acc)·w_out / QA + bias) × SCALE / (QA × QB)`, the float
//! network's output times [`SCALE`].
//!
//! # File format (little-endian)
//!
//! | bytes | content |
//! |---|---|
//! | 4 | magic `SWNN` |
//! | 2 | format version, 1 |
//! | 2 | inputs |
//! | 2 | hidden size |
//! | 2, 2, 2 | `QA`, `QB`, `SCALE` |
//! | 2 × inputs × hidden | feature weights, one row of `hidden` per input |
//! | 2 × hidden | feature biases |
//! | 2 × 2 × hidden | output weights: side to move's half, then the other's |
//! | 4 | output bias |

use game::Player;
use std::fmt;
use std::sync::atomic::{AtomicPtr, Ordering};

/// The quantisation of feature weights and the SCReLU ceiling.
pub const QA: i32 = 255;
/// The quantisation of output weights.
pub const QB: i32 = 64;
/// Points per unit of the float network's output.
pub const SCALE: i32 = 400;
/// The largest magnitude a float weight may have so that it survives
/// quantisation (trainers clip to it).
pub const WEIGHT_LIMIT: f32 = 1.98;

const MAGIC: &[u8; 4] = b"SWNN";
const VERSION: u16 = 1;
const HEADER: usize = 16;

/// Why a network file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with `SWNN`.
    Magic,
    /// The format version is not 1.
    Version(u16),
    /// The file's shape or quantisation differs from the one asked for.
    Shape {
        /// What the file says, as `inputs×hidden qa/qb/scale`.
        found: String,
        /// What the reader expects.
        expected: String,
    },
    /// The file is shorter or longer than its header says.
    Length {
        /// The length the header implies.
        expected: usize,
        /// The actual length.
        found: usize,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Magic => write!(f, "not a Spielwerk network file (no 'SWNN' magic)"),
            NetError::Version(v) => write!(f, "network format version {v} is not supported (1 is)"),
            NetError::Shape { found, expected } => {
                write!(f, "the network is {found}, this engine needs {expected}")
            }
            NetError::Length { expected, found } => {
                write!(f, "the network file has {found} bytes, its header implies {expected}")
            }
        }
    }
}

impl std::error::Error for NetError {}

/// The float parameters of a network, as a trainer holds them.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// The number of input features.
    pub inputs: usize,
    /// The hidden size (per perspective).
    pub hidden: usize,
    /// `inputs × hidden` feature weights, row by input.
    pub feature_weights: Vec<f32>,
    /// `hidden` feature biases.
    pub feature_bias: Vec<f32>,
    /// `2 × hidden` output weights: side to move's half first.
    pub output_weights: Vec<f32>,
    /// The output bias.
    pub output_bias: f32,
}

impl FloatNet {
    /// The float parameters of a network file of `inputs` × `hidden`: the
    /// quantised values divided back, so that a trainer can go on from a
    /// network (writing them again gives the same file).
    pub fn from_bytes(bytes: &[u8], inputs: usize, hidden: usize) -> Result<FloatNet, NetError> {
        let (values, output_bias) = read_body(bytes, inputs, hidden)?;
        let (feature_weights, rest) = values.split_at(inputs * hidden);
        let (feature_bias, output_weights) = rest.split_at(hidden);
        let dequantise = |values: &[i16], q: i32| values.iter().map(|&v| f32::from(v) / q as f32).collect();
        Ok(FloatNet {
            inputs,
            hidden,
            feature_weights: dequantise(feature_weights, QA),
            feature_bias: dequantise(feature_bias, QA),
            output_weights: dequantise(output_weights, QB),
            output_bias: output_bias as f32 / (QA * QB) as f32,
        })
    }

    /// The quantised network file of these parameters.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let quantise =
            |w: f32, q: i32| (w * q as f32).round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
        let mut out = Vec::with_capacity(HEADER + 2 * (self.inputs + 3) * self.hidden + 4);
        out.extend_from_slice(MAGIC);
        for value in [VERSION, self.inputs as u16, self.hidden as u16, QA as u16, QB as u16, SCALE as u16] {
            out.extend_from_slice(&value.to_le_bytes());
        }
        for &w in self.feature_weights.iter().chain(&self.feature_bias) {
            out.extend_from_slice(&quantise(w, QA).to_le_bytes());
        }
        for &w in &self.output_weights {
            out.extend_from_slice(&quantise(w, QB).to_le_bytes());
        }
        let bias = (self.output_bias * (QA * QB) as f32).round() as i32;
        out.extend_from_slice(&bias.to_le_bytes());
        out
    }
}

/// One accumulator row: `H` sums, aligned for vector loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row<const H: usize>(pub [i16; H]);

/// The feature sums of both players' perspectives, indexed by
/// [`game::Player::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator<const H: usize>(pub [Row<H>; 2]);

impl<const H: usize> Default for Accumulator<H> {
    fn default() -> Accumulator<H> {
        Accumulator([Row([0; H]); 2])
    }
}

/// A quantised network with `I` inputs and `H` hidden neurons per
/// perspective.
#[derive(Clone, Debug)]
pub struct Network<const I: usize, const H: usize> {
    feature_weights: Vec<Row<H>>,
    feature_bias: Row<H>,
    output_weights: [Row<H>; 2],
    output_bias: i32,
}

/// Checks a network file's magic, version, shape (`inputs` × `hidden`
/// with this module's quantisation) and length, and reads its body: the
/// `i16` values in file order (feature weights, feature biases, output
/// weights) and the output bias.
fn read_body(bytes: &[u8], inputs: usize, hidden: usize) -> Result<(Vec<i16>, i32), NetError> {
    if bytes.len() < HEADER || &bytes[..4] != MAGIC {
        return Err(NetError::Magic);
    }
    let header: Vec<u16> =
        bytes[4..HEADER].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
    if header[0] != VERSION {
        return Err(NetError::Version(header[0]));
    }
    let shape = |inputs: usize, hidden: usize, qa: i32, qb: i32, scale: i32| {
        format!("{inputs}×{hidden} QA {qa} QB {qb} scale {scale}")
    };
    let found = shape(
        usize::from(header[1]),
        usize::from(header[2]),
        i32::from(header[3]),
        i32::from(header[4]),
        i32::from(header[5]),
    );
    let expected = shape(inputs, hidden, QA, QB, SCALE);
    if found != expected {
        return Err(NetError::Shape { found, expected });
    }
    let length = HEADER + 2 * (inputs + 3) * hidden + 4;
    if bytes.len() != length {
        return Err(NetError::Length { expected: length, found: bytes.len() });
    }
    let values =
        bytes[HEADER..length - 4].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
    let tail = &bytes[length - 4..];
    Ok((values, i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]])))
}

impl<const I: usize, const H: usize> Network<I, H> {
    /// Reads a network file of this shape.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network<I, H>, NetError> {
        let (values, output_bias) = read_body(bytes, I, H)?;
        let mut values = values.into_iter();
        let mut row = || {
            let mut row = Row([0; H]);
            for (slot, value) in row.0.iter_mut().zip(&mut values) {
                *slot = value;
            }
            row
        };
        let feature_weights = (0..I).map(|_| row()).collect();
        let feature_bias = row();
        let output_weights = [row(), row()];
        Ok(Network { feature_weights, feature_bias, output_weights, output_bias })
    }

    /// The accumulator row of a perspective whose active features are
    /// `features`, computed from scratch.
    pub fn refresh(&self, features: impl IntoIterator<Item = usize>, row: &mut Row<H>) {
        *row = self.feature_bias;
        for feature in features {
            self.add(row, feature);
        }
    }

    /// Both players' accumulator rows, computed from scratch:
    /// `features(player, add)` calls `add` with every active feature of
    /// the position seen from `player`.
    pub fn accumulate(&self, mut features: impl FnMut(Player, &mut dyn FnMut(usize))) -> Accumulator<H> {
        let mut accumulator = Accumulator::default();
        for player in Player::BOTH {
            let row = &mut accumulator.0[player.index()];
            self.refresh([], row);
            features(player, &mut |feature| self.add(row, feature));
        }
        accumulator
    }

    /// Adds the row of `feature` to `row`.
    #[inline(always)]
    pub fn add(&self, row: &mut Row<H>, feature: usize) {
        let weights = &self.feature_weights[feature].0;
        for (sum, w) in row.0.iter_mut().zip(weights) {
            *sum = sum.wrapping_add(*w);
        }
    }

    /// Subtracts the row of `feature` from `row`.
    #[inline(always)]
    pub fn sub(&self, row: &mut Row<H>, feature: usize) {
        let weights = &self.feature_weights[feature].0;
        for (sum, w) in row.0.iter_mut().zip(weights) {
            *sum = sum.wrapping_sub(*w);
        }
    }

    /// Sets `after` to `before` plus the rows of the `added` features
    /// minus those of the `removed` ones, in one pass over the row (the
    /// sums stay in vector registers). `H` must be a multiple of 32.
    #[inline(always)]
    pub fn apply(&self, before: &Row<H>, after: &mut Row<H>, added: &[usize], removed: &[usize]) {
        const LANES: usize = 32;
        const { assert!(H.is_multiple_of(LANES), "the hidden size must be a multiple of 32") };
        for start in (0..H).step_by(LANES) {
            let mut sums = [0i16; LANES];
            sums.copy_from_slice(&before.0[start..start + LANES]);
            for &feature in added {
                let weights = &self.feature_weights[feature].0[start..start + LANES];
                for (sum, w) in sums.iter_mut().zip(weights) {
                    *sum = sum.wrapping_add(*w);
                }
            }
            for &feature in removed {
                let weights = &self.feature_weights[feature].0[start..start + LANES];
                for (sum, w) in sums.iter_mut().zip(weights) {
                    *sum = sum.wrapping_sub(*w);
                }
            }
            after.0[start..start + LANES].copy_from_slice(&sums);
        }
    }

    /// The evaluation in points for the side to move, whose accumulator
    /// row is `us` (the opponent's `them`).
    #[inline]
    #[must_use]
    pub fn evaluate(&self, us: &Row<H>, them: &Row<H>) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2.
            return unsafe { self.evaluate_avx2(us, them) };
        }
        self.evaluate_portable(us, them)
    }

    /// The evaluation in points for `side` to move, from both players'
    /// up-to-date accumulator rows.
    #[inline]
    #[must_use]
    pub fn evaluate_for(&self, side: Player, accumulator: &Accumulator<H>) -> i32 {
        let us = side.index();
        self.evaluate(&accumulator.0[us], &accumulator.0[1 - us])
    }

    /// [`Network::evaluate`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn evaluate_avx2(&self, us: &Row<H>, them: &Row<H>) -> i32 {
        self.evaluate_portable(us, them)
    }

    #[inline(always)]
    fn evaluate_portable(&self, us: &Row<H>, them: &Row<H>) -> i32 {
        let sum = i64::from(screlu_dot(&us.0, &self.output_weights[0].0))
            + i64::from(screlu_dot(&them.0, &self.output_weights[1].0));
        let value =
            (sum / i64::from(QA) + i64::from(self.output_bias)) * i64::from(SCALE) / i64::from(QA * QB);
        value.clamp(-1_000_000, 1_000_000) as i32
    }
}

/// Whether the CPU has AVX2 (detected once, then cached by the standard
/// library). Games call their hot accumulator updates through a function
/// compiled for AVX2 when it does.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[must_use]
pub fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// The network embedded in a game's binary, read from `bytes`.
///
/// # Panics
///
/// When `bytes` is not a network of this shape: the embedded file is part
/// of the build, so this is a broken build, never bad user input.
#[must_use]
pub fn embedded<const I: usize, const H: usize>(bytes: &[u8], game: &str) -> Network<I, H> {
    Network::from_bytes(bytes)
        .unwrap_or_else(|error| panic!("the embedded {game} network is broken: {error}"))
}

/// A game's network that can be replaced while the program runs (the
/// engine protocols' `EvalFile` option): the embedded one until another is
/// loaded. Reading it costs one atomic load, as a lazily read static does.
///
/// A network once in use is never freed, so that a search still holding
/// the previous one is never left with freed memory: each load keeps its
/// network in memory for the life of the program (a few hundred KiB, and
/// networks are loaded by hand, not in loops).
pub struct NetworkSlot<const I: usize, const H: usize> {
    current: AtomicPtr<Network<I, H>>,
    embedded: &'static [u8],
    game: &'static str,
}

impl<const I: usize, const H: usize> NetworkSlot<I, H> {
    /// A slot holding the network embedded as `bytes` in the binary of
    /// `game` (read on first use; see [`embedded`]).
    #[must_use]
    pub const fn new(bytes: &'static [u8], game: &'static str) -> NetworkSlot<I, H> {
        NetworkSlot { current: AtomicPtr::new(std::ptr::null_mut()), embedded: bytes, game }
    }

    /// The network in use.
    #[inline(always)]
    pub fn get(&self) -> &Network<I, H> {
        let current = self.current.load(Ordering::Acquire);
        if current.is_null() {
            return self.first_use();
        }
        // SAFETY: every pointer stored comes from `Box::leak` and is never
        // freed, so it stays valid for the life of the program.
        unsafe { &*current }
    }

    /// Reads the embedded network on first use.
    #[cold]
    fn first_use(&self) -> &Network<I, H> {
        let network: *mut Network<I, H> = Box::leak(Box::new(embedded::<I, H>(self.embedded, self.game)));
        let first = std::ptr::null_mut();
        if self.current.compare_exchange(first, network, Ordering::AcqRel, Ordering::Acquire).is_err() {
            // Another thread was first; its network is in use, this one was never seen.
            // SAFETY: `network` came from `Box::leak` above and was never shared.
            drop(unsafe { Box::from_raw(network) });
        }
        self.get()
    }

    /// Reads the network file `bytes` (as the trainer writes it) without
    /// putting it in use: a file that is not a network of this shape is
    /// refused with the reason.
    pub fn read(&self, bytes: &[u8]) -> Result<Network<I, H>, NetError> {
        Network::from_bytes(bytes)
    }

    /// The network as the trainer and the engine protocols see it: this
    /// slot's shape, the game's `symmetries`, where the embedded file
    /// lives in the repository (`embedded_path`), how a position text is
    /// packed (`pack`) and how a packed position gives its features
    /// (`features`); see [`game::NetSpec`].
    #[must_use]
    pub fn spec(
        &'static self,
        symmetries: usize,
        embedded_path: &'static str,
        pack: fn(&str) -> Result<Option<game::Packed>, String>,
        features: fn(&game::Packed, usize, &mut Vec<u16>, &mut Vec<u16>),
    ) -> game::NetSpec {
        game::NetSpec { inputs: I, hidden: H, symmetries, embedded_path, pack, features, slot: self }
    }

    /// Replaces the network in use by the network file `bytes`; a file that
    /// is not a network of this shape is refused with the reason, and the
    /// network in use stays.
    pub fn load(&self, bytes: &[u8]) -> Result<(), NetError> {
        let network = Network::<I, H>::from_bytes(bytes)?;
        self.current.store(Box::leak(Box::new(network)), Ordering::Release);
        Ok(())
    }

    /// Goes back to the embedded network.
    pub fn use_embedded(&self) {
        self.current
            .store(Box::leak(Box::new(embedded::<I, H>(self.embedded, self.game))), Ordering::Release);
    }
}

impl<const I: usize, const H: usize> fmt::Debug for NetworkSlot<I, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {I}×{H} network slot of {}", self.game)
    }
}

impl<const I: usize, const H: usize> game::ReplaceableNetwork for NetworkSlot<I, H> {
    fn replace(&self, bytes: &[u8]) -> Result<(), String> {
        self.load(bytes).map_err(|error| error.to_string())
    }

    fn restore_embedded(&self) {
        self.use_embedded();
    }
}

/// The features a move adds to one perspective's accumulator and those it
/// removes, at most `N` of each (see [`Network::update`]).
pub struct FeatureChanges<const N: usize> {
    added: [usize; N],
    adds: usize,
    removed: [usize; N],
    removes: usize,
}

impl<const N: usize> FeatureChanges<N> {
    /// No change yet.
    #[inline(always)]
    #[must_use]
    pub fn new() -> FeatureChanges<N> {
        FeatureChanges { added: [0; N], adds: 0, removed: [0; N], removes: 0 }
    }

    /// Adds the row of `feature`.
    #[inline(always)]
    pub fn add(&mut self, feature: usize) {
        self.added[self.adds] = feature;
        self.adds += 1;
    }

    /// Removes the row of `feature`.
    #[inline(always)]
    pub fn remove(&mut self, feature: usize) {
        self.removed[self.removes] = feature;
        self.removes += 1;
    }

    /// The change of a set of pieces from `old` to `new` (bit `i` a piece
    /// on square `i`): adds `feature(i)` for every bit set in `new` only
    /// and removes it for every bit set in `old` only.
    #[inline(always)]
    pub fn bits(&mut self, old: u64, new: u64, feature: impl Fn(u8) -> usize) {
        for square in game::bits::indices(new & !old) {
            self.add(feature(square));
        }
        for square in game::bits::indices(old & !new) {
            self.remove(feature(square));
        }
    }
}

impl<const N: usize> Default for FeatureChanges<N> {
    fn default() -> Self {
        FeatureChanges::new()
    }
}

impl<const I: usize, const H: usize> Network<I, H> {
    /// Sets `after` to the accumulator of the position one move (or a
    /// pass) from the position whose accumulator is `before`:
    /// `changes(player, list)` lists the features the move adds to and
    /// removes from `player`'s perspective. Compiled for AVX2 when the CPU
    /// has it; `changes` should be `#[inline(always)]` to be compiled so
    /// too.
    #[inline(always)]
    pub fn update<const N: usize>(
        &self,
        before: &Accumulator<H>,
        after: &mut Accumulator<H>,
        mut changes: impl FnMut(Player, &mut FeatureChanges<N>),
    ) {
        dispatch(
            #[inline(always)]
            || {
                for player in [Player::P1, Player::P2] {
                    let mut list = FeatureChanges::new();
                    changes(player, &mut list);
                    let index = player.index();
                    let (added, removed) = (&list.added[..list.adds], &list.removed[..list.removes]);
                    self.apply(&before.0[index], &mut after.0[index], added, removed);
                }
            },
        );
    }
}

/// Runs `update` (an accumulator update whose hot loops are
/// `#[inline(always)]`) compiled for AVX2 when the CPU has it.
#[inline(always)]
fn dispatch<R>(update: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2.
        return unsafe { run_avx2(update) };
    }
    update()
}

/// [`dispatch`]'s AVX2 path: `update`, inlined here, is compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_avx2<R>(update: impl FnOnce() -> R) -> R {
    update()
}

/// `Σ clamp(x, 0, QA)² · w` over one perspective: at most
/// `H × 255² × 127`, inside `i32` for `H` up to 256.
#[inline(always)]
fn screlu_dot<const H: usize>(sums: &[i16; H], weights: &[i16; H]) -> i32 {
    let mut total = 0i32;
    for (&x, &w) in sums.iter().zip(weights) {
        let v = x.clamp(0, QA as i16);
        // v·w fits in i16 (255 × 127), so this is a multiply-add of
        // 16-bit pairs into 32 bits (`pmaddwd`).
        total += i32::from(v.wrapping_mul(w)) * i32::from(v);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float_net() -> FloatNet {
        let (inputs, hidden) = (3, 4);
        FloatNet {
            inputs,
            hidden,
            feature_weights: (0..inputs * hidden).map(|i| (i as f32 - 5.0) / 10.0).collect(),
            feature_bias: vec![0.1, 0.2, -0.3, 0.4],
            output_weights: (0..2 * hidden).map(|i| (i as f32 - 3.0) / 4.0).collect(),
            output_bias: 0.25,
        }
    }

    /// The float network's output in points, for active features of the
    /// side to move and of the opponent.
    fn float_eval(net: &FloatNet, us: &[usize], them: &[usize]) -> f32 {
        let half = |features: &[usize], offset: usize| -> f32 {
            (0..net.hidden)
                .map(|h| {
                    let acc = net.feature_bias[h]
                        + features.iter().map(|&f| net.feature_weights[f * net.hidden + h]).sum::<f32>();
                    acc.clamp(0.0, 1.0).powi(2) * net.output_weights[offset + h]
                })
                .sum()
        };
        (half(us, 0) + half(them, net.hidden) + net.output_bias) * SCALE as f32
    }

    #[test]
    fn quantised_inference_follows_the_float_network() {
        let float = float_net();
        let net = Network::<3, 4>::from_bytes(&float.to_bytes()).unwrap();
        for (us, them) in [(vec![0], vec![1, 2]), (vec![], vec![]), (vec![0, 1, 2], vec![2])] {
            let mut acc = Accumulator::<4>::default();
            net.refresh(us.iter().copied(), &mut acc.0[0]);
            net.refresh(them.iter().copied(), &mut acc.0[1]);
            let quantised = net.evaluate(&acc.0[0], &acc.0[1]);
            let expected = float_eval(&float, &us, &them);
            assert!((quantised as f32 - expected).abs() <= 4.0, "{quantised} vs {expected}");
        }
    }

    #[test]
    fn a_network_file_reads_back_as_float_parameters_that_write_the_same_file() {
        let bytes = float_net().to_bytes();
        let read = FloatNet::from_bytes(&bytes, 3, 4).unwrap();
        assert_eq!(read.to_bytes(), bytes);
        for (read, written) in read.feature_weights.iter().zip(&float_net().feature_weights) {
            assert!((read - written).abs() <= 1.0 / QA as f32, "{read} vs {written}");
        }
        assert!((read.output_bias - 0.25).abs() <= 1.0 / (QA * QB) as f32);
        assert!(matches!(FloatNet::from_bytes(&bytes, 4, 4), Err(NetError::Shape { .. })));
        assert!(matches!(
            FloatNet::from_bytes(&bytes[..bytes.len() - 1], 3, 4),
            Err(NetError::Length { .. })
        ));
        assert_eq!(FloatNet::from_bytes(b"SW", 3, 4), Err(NetError::Magic));
    }

    #[test]
    fn adding_and_subtracting_rows_is_the_same_as_refreshing() {
        let net = Network::<3, 4>::from_bytes(&float_net().to_bytes()).unwrap();
        let (mut fresh, mut updated) = (Row([0; 4]), Row([0; 4]));
        net.refresh([0, 2], &mut updated);
        net.sub(&mut updated, 0);
        net.add(&mut updated, 1);
        net.refresh([2, 1], &mut fresh);
        assert_eq!(fresh, updated);
    }

    #[test]
    fn applying_many_rows_at_once_is_adding_them_one_by_one() {
        let mut float = float_net();
        float.hidden = 32;
        float.feature_weights = (0..3 * 32).map(|i| ((i * 37 % 101) as f32 - 50.0) / 60.0).collect();
        float.feature_bias = (0..32).map(|i| i as f32 / 40.0).collect();
        float.output_weights = vec![0.5; 64];
        let net = Network::<3, 32>::from_bytes(&float.to_bytes()).unwrap();
        let mut before = Row([0; 32]);
        net.refresh([0, 1], &mut before);
        let mut one_by_one = before;
        net.add(&mut one_by_one, 2);
        net.add(&mut one_by_one, 2);
        net.sub(&mut one_by_one, 0);
        let mut at_once = Row([0; 32]);
        net.apply(&before, &mut at_once, &[2, 2], &[0]);
        assert_eq!(at_once, one_by_one);
    }

    #[test]
    fn a_slot_swaps_networks_and_keeps_its_own_on_a_bad_file() {
        let slot = NetworkSlot::<3, 4>::new(Box::leak(float_net().to_bytes().into_boxed_slice()), "test");
        let value = |slot: &NetworkSlot<3, 4>| {
            let mut acc = Accumulator::<4>::default();
            slot.get().refresh([0, 1], &mut acc.0[0]);
            slot.get().refresh([2], &mut acc.0[1]);
            slot.get().evaluate(&acc.0[0], &acc.0[1])
        };
        let embedded = value(&slot);
        let mut other = float_net();
        other.output_weights.iter_mut().for_each(|w| *w = -*w);
        other.output_bias = -other.output_bias;
        slot.load(&other.to_bytes()).unwrap();
        assert_eq!(value(&slot), -embedded);
        let bytes = float_net().to_bytes();
        assert!(matches!(slot.load(&bytes[..bytes.len() - 3]), Err(NetError::Length { .. })));
        assert_eq!(slot.load(b"SWNN"), Err(NetError::Magic));
        assert_eq!(value(&slot), -embedded, "a bad file keeps the network in use");
        slot.use_embedded();
        assert_eq!(value(&slot), embedded);
    }

    #[test]
    fn malformed_files_are_refused_with_a_reason() {
        let bytes = float_net().to_bytes();
        assert_eq!(Network::<3, 4>::from_bytes(b"nope").unwrap_err(), NetError::Magic);
        let mut versioned = bytes.clone();
        versioned[4] = 9;
        assert_eq!(Network::<3, 4>::from_bytes(&versioned).unwrap_err(), NetError::Version(9));
        let shape = Network::<3, 8>::from_bytes(&bytes).unwrap_err();
        assert!(shape.to_string().contains("3×4") && shape.to_string().contains("3×8"), "{shape}");
        let short = Network::<3, 4>::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(matches!(short, NetError::Length { .. }), "{short}");
    }
}
