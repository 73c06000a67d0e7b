//! `spielwerk tune`: Texel-style tuning of a game's hand-written evaluation
//! on self-play data (the tuner: the `train` crate's `texel` module; the
//! tunable evaluations: their registry entries' `tunable`).

use crate::messages::decimals;
use anyhow::{Context, anyhow};
use clap::Args;
use game::{Language, TunableEval, text};
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use train::data;
use train::texel::{self, Example, Settings};

/// Arguments of `spielwerk tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game whose evaluation is tuned.
    #[arg(long)]
    pub game: String,
    /// Data files written by `spielwerk datagen` for this game.
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// The weight of the game result in the target (1: results only, 0:
    /// search scores only).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Steps of gradient descent over all positions.
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
    /// Adam's step size, in points.
    #[arg(long, default_value_t = 1.0)]
    pub learning_rate: f64,
    /// Threads summing the gradient (the result does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print the loss every this many epochs.
    #[arg(long, default_value_t = 100)]
    pub report: usize,
    /// Leave out the positions whose search had already found the game won
    /// or lost (kept by default: their results are certain).
    #[arg(long)]
    pub skip_decided: bool,
    /// Also write the tuned weights to this file, one `name weight` a line.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Reads the data, tunes and prints the weights, speaking `language` (the
/// `weights [...]` line, for pasting into code, stays as it is).
pub fn run(args: &TuneArgs, language: Language) -> anyhow::Result<()> {
    let registry = games::registry();
    let (game, eval) = super::game_with(
        &registry,
        &args.game,
        |entry| Some((entry.name, entry.tunable?)),
        |wanted, names| {
            text!(
                "'{wanted}' has no tunable evaluation; tunable: {names}",
                "„{wanted}“ hat keine einstellbare Bewertung; einstellbar: {names}"
            )
        },
        language,
    )?;
    super::check_lambda(args.lambda, language)?;
    let examples = read_examples(game, &eval, &args.data, args.skip_decided, language)?;
    let settings = Settings {
        lambda: args.lambda,
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        threads: args.threads.max(1),
    };
    let report = args.report.max(1);
    let tuned = texel::tune(&examples, eval.weights, &settings, &mut |epoch, loss| {
        if epoch == 1 || epoch % report == 0 || epoch == settings.epochs {
            let line = text!("epoch {epoch:>6}  loss {loss:.7}", "Epoche {epoch:>6}  Verlust {loss:.7}");
            println!("{}", decimals(line.get(language), language));
        }
    })?;
    let (scale, initial, last, rounded) =
        (tuned.scale, tuned.initial_loss, tuned.final_loss, tuned.rounded_loss);
    let line = text!(
        "scale {scale:.1}  loss {initial:.7} -> {last:.7} (rounded {rounded:.7})",
        "Skala {scale:.1}  Verlust {initial:.7} -> {last:.7} (gerundet {rounded:.7})"
    );
    println!("{}", decimals(line.get(language), language));
    let [feature, current, tuned_word, exact_word] = match language {
        Language::English => ["feature", "current", "tuned", "exact"],
        Language::German => ["Merkmal", "bisher", "neu", "genau"],
    };
    println!("{feature:<16} {current:>8} {tuned_word:>8} {exact_word:>10}");
    for (((name, old), new), exact) in
        eval.features.iter().zip(eval.weights).zip(&tuned.weights).zip(&tuned.exact)
    {
        println!("{}", decimals(&format!("{name:<16} {old:>8} {new:>8} {exact:>10.2}"), language));
    }
    let list: Vec<String> = tuned.weights.iter().map(i32::to_string).collect();
    println!("weights [{}]", list.join(", "));
    if let Some(out) = &args.out {
        let text: String = eval
            .features
            .iter()
            .zip(&tuned.weights)
            .map(|(name, weight)| format!("{name} {weight}\n"))
            .collect();
        let path = out.display();
        std::fs::write(out, text).with_context(|| {
            text!("cannot write {path}", "{path} kann nicht geschrieben werden").get(language).to_owned()
        })?;
    }
    Ok(())
}

/// The examples of the data files: positions the linear evaluation covers,
/// without those whose search had already found the game won or lost if
/// `skip_decided`.
fn read_examples(
    game: &str,
    eval: &TunableEval,
    files: &[PathBuf],
    skip_decided: bool,
    language: Language,
) -> anyhow::Result<Vec<Example>> {
    let mut examples = Vec::new();
    let (mut decided, mut uncovered) = (0usize, 0usize);
    for path in files {
        let shown = path.display();
        let file = File::open(path).with_context(|| {
            text!("cannot open {shown}", "{shown} kann nicht geöffnet werden").get(language).to_owned()
        })?;
        let samples = data::read(BufReader::new(file)).map_err(|error| anyhow!("{shown}: {error}"))?;
        for (index, sample) in samples.iter().enumerate() {
            if skip_decided && sample.is_decided() {
                decided += 1;
                continue;
            }
            let features = (eval.extract)(&sample.position).with_context(|| {
                let (number, position) = (index + 1, &sample.position);
                text!(
                    "{shown}: position {number} '{position}' is not {game}",
                    "{shown}: Stellung {number} „{position}“ ist keine Stellung von {game}"
                )
                .get(language)
                .to_owned()
            })?;
            match features {
                Some(features) => examples.push(Example::new(sample, features)),
                None => uncovered += 1,
            }
        }
    }
    let count = examples.len();
    let line = text!(
        "{count} positions ({decided} already decided and {uncovered} outside the linear evaluation left out)",
        "{count} Stellungen ({decided} schon entschiedene und {uncovered} außerhalb der linearen Bewertung ausgelassen)"
    );
    println!("{}", line.get(language));
    Ok(examples)
}
