//! `spielwerk train`: trains a game's NNUE evaluation on self-play data,
//! from scratch or on from an existing network (the trainer: the `train`
//! crate's `nnue` module; the games with networks: their registry
//! entries' `network`).

use anyhow::{Context, anyhow, bail};
use clap::Args;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::Instant;
use train::nnue::{self, Encoding, FloatNet, Settings};

/// Arguments of `spielwerk train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The game whose network is trained.
    #[arg(long)]
    pub game: String,
    /// Data files written by `spielwerk datagen` for this game, text or
    /// binary (told apart by their first bytes).
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// The network file to write (the engine embeds the one at the game's
    /// path, e.g. crates/ataxx/nets/ataxx.nnue, when the binary is built).
    #[arg(long)]
    pub out: PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Adam's initial step size.
    #[arg(long, default_value_t = 0.001)]
    pub learning_rate: f32,
    /// The weight of the search score in the target (the rest is the game
    /// result).
    #[arg(long, default_value_t = 0.7)]
    pub lambda: f32,
    /// Threads (the network does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The seed of the initial weights, shuffles and symmetries.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A network file of the game to go on training instead of random
    /// weights (e.g. the embedded crates/ataxx/nets/ataxx.nnue): new data
    /// then adds to what the network learnt before, so data of runs on
    /// different days accumulates in it; a smaller --learning-rate
    /// (e.g. 0.0002) suits going on.
    #[arg(long, value_name = "NET")]
    pub from: Option<PathBuf>,
}

/// Reads the data, trains and writes the network, with a line per epoch.
pub fn run(args: &TrainArgs) -> anyhow::Result<()> {
    let registry = games::registry();
    let Some(spec) = registry.get(&args.game).ok().and_then(|entry| entry.network) else {
        let names = super::game_names(&registry, |entry| entry.network.is_some());
        bail!("'{}' has no trained network; games with one: {names}", args.game);
    };
    super::check_lambda(args.lambda)?;
    if args.epochs == 0 {
        bail!("--epochs must be at least 1");
    }
    let encoding = Encoding::from_spec(registry.get(&args.game)?.name, &spec);
    let start = match &args.from {
        Some(path) => {
            let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            let net = FloatNet::from_bytes(&bytes, spec.inputs, spec.hidden)
                .map_err(|error| anyhow!("{}: {error}", path.display()))?;
            Some(net)
        }
        None => None,
    };
    let started = Instant::now();
    let mut examples = Vec::new();
    let (mut decided, mut not_evaluated) = (0, 0);
    for path in &args.data {
        let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        // The cause goes into the message: the command line prints only
        // the outermost context of an error.
        let read = nnue::read_examples(BufReader::new(file), &encoding)
            .map_err(|error| anyhow!("{}: {error}", path.display()))?;
        examples.extend(read.examples);
        decided += read.decided;
        not_evaluated += read.not_evaluated;
    }
    let total = examples.len() + decided + not_evaluated;
    eprintln!(
        "{} of {total} positions read in {:.1} s; left out: {decided} with a found win or loss (|score| >= {}), \
         {not_evaluated} the network does not evaluate (game over)",
        examples.len(),
        started.elapsed().as_secs_f64(),
        train::data::WIN
    );
    let settings = Settings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        lambda: args.lambda,
        threads: args.threads.max(1),
        seed: args.seed,
        ..Settings::default()
    };
    let (net, k) = nnue::train(&examples, &encoding, &settings, start, &mut |report| {
        eprintln!(
            "epoch {:>3}/{}  train loss {:.6}  validation loss {:.6}  {:.0} positions/s  {:.0} s",
            report.epoch,
            settings.epochs,
            report.train_loss,
            report.validation_loss,
            report.speed,
            started.elapsed().as_secs_f64()
        );
    })?;
    std::fs::write(&args.out, net.to_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    println!(
        "scale K {k:.1}; network {}×{}×2 written to {} in {:.0} s (the engine embeds {})",
        spec.inputs,
        spec.hidden,
        args.out.display(),
        started.elapsed().as_secs_f64(),
        spec.embedded_path
    );
    Ok(())
}
