//! `spielwerk train`: trains a game's NNUE evaluation on self-play data,
//! from scratch or on from an existing network (the trainer: the `train`
//! crate's `nnue` module; the games with networks: their registry
//! entries' `network`).

use crate::messages::decimals;
use anyhow::{Context, anyhow, bail};
use clap::Args;
use game::{Language, text};
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

/// Reads the data, trains and writes the network, with a line per epoch,
/// speaking `language`.
pub fn run(args: &TrainArgs, language: Language) -> anyhow::Result<()> {
    let registry = games::registry();
    let spec = super::game_with(
        &registry,
        &args.game,
        |entry| entry.network,
        |wanted, names| {
            text!(
                "'{wanted}' has no trained network; games with one: {names}",
                "„{wanted}“ hat kein trainiertes Netz; Spiele mit einem: {names}"
            )
        },
        language,
    )?;
    super::check_lambda(args.lambda, language)?;
    if args.epochs == 0 {
        bail!("{}", text!("--epochs must be at least 1", "--epochs muss mindestens 1 sein").get(language));
    }
    let encoding = Encoding::from_spec(registry.get(&args.game)?.name, &spec);
    let start = match &args.from {
        Some(path) => {
            let shown = path.display();
            let bytes = std::fs::read(path).with_context(|| {
                text!("cannot read {shown}", "{shown} kann nicht gelesen werden").get(language).to_owned()
            })?;
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
        let shown = path.display();
        let file = File::open(path).with_context(|| {
            text!("cannot open {shown}", "{shown} kann nicht geöffnet werden").get(language).to_owned()
        })?;
        // The cause goes into the message: the command line prints only
        // the outermost context of an error.
        let read = nnue::read_examples(BufReader::new(file), &encoding)
            .map_err(|error| anyhow!("{}: {error}", path.display()))?;
        examples.extend(read.examples);
        decided += read.decided;
        not_evaluated += read.not_evaluated;
    }
    let total = examples.len() + decided + not_evaluated;
    let (count, seconds, win) = (examples.len(), started.elapsed().as_secs_f64(), train::data::WIN);
    let line = text!(
        "{count} of {total} positions read in {seconds:.1} s; left out: {decided} with a found win or loss \
         (|score| >= {win}), {not_evaluated} the network does not evaluate (game over)",
        "{count} von {total} Stellungen in {seconds:.1} s gelesen; ausgelassen: {decided} mit gefundenem Gewinn \
         oder Verlust (|Wert| >= {win}), {not_evaluated}, die das Netz nicht bewertet (Partie vorbei)"
    );
    eprintln!("{}", decimals(line.get(language), language));
    let settings = Settings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        lambda: args.lambda,
        threads: args.threads.max(1),
        seed: args.seed,
        ..Settings::default()
    };
    let (net, k) = nnue::train(&examples, &encoding, &settings, start, &mut |report| {
        let (epoch, epochs, train, validation) =
            (report.epoch, settings.epochs, report.train_loss, report.validation_loss);
        let (speed, seconds) = (report.speed, started.elapsed().as_secs_f64());
        let line = text!(
            "epoch {epoch:>3}/{epochs}  train loss {train:.6}  validation loss {validation:.6}  \
             {speed:.0} positions/s  {seconds:.0} s",
            "Epoche {epoch:>3}/{epochs}  Trainingsverlust {train:.6}  Validierungsverlust {validation:.6}  \
             {speed:.0} Stellungen/s  {seconds:.0} s"
        );
        eprintln!("{}", decimals(line.get(language), language));
    })?;
    let out = args.out.display();
    std::fs::write(&args.out, net.to_bytes()).with_context(|| {
        text!("cannot write {out}", "{out} kann nicht geschrieben werden").get(language).to_owned()
    })?;
    let (inputs, hidden, embedded) = (spec.inputs, spec.hidden, spec.embedded_path);
    let seconds = started.elapsed().as_secs_f64();
    let k = decimals(&format!("{k:.1}"), language);
    let line = text!(
        "scale K {k}; network {inputs}×{hidden}×2 written to {out} in {seconds:.0} s (the engine embeds {embedded})",
        "Skala K {k}; Netz {inputs}×{hidden}×2 in {seconds:.0} s nach {out} geschrieben (die Engine bettet {embedded} ein)"
    );
    println!("{}", line.get(language));
    Ok(())
}
