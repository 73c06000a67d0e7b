//! `spielwerk datagen`: self-play training data (format: the `train`
//! crate's docs, and the README).

use crate::cmd::engine::name_value_pairs;
use crate::messages::{Failure, counted_text, decimals, game_error_text, os_reason, wrapped, write_line};
use crate::progress::Progress;
use anyhow::{Context, anyhow};
use clap::{ArgGroup, Args, ValueEnum};
use game::{Language, Options, Registry, Text, text};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Seek, SeekFrom};
use std::path::PathBuf;
use std::time::Instant;
use train::datagen::{self, Format, SearchLimit, Settings};
use train::resume::{self, Found};

/// Arguments of `spielwerk datagen`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("limit").required(true).args(["nodes", "depth"])))]
#[command(override_usage = "spielwerk datagen [OPTIONS] <GAME> --games <GAMES> --out <OUT>\n       \
                            --nodes <NODES> | --depth <DEPTH>")]
pub struct DatagenArgs {
    /// The game (its engine defaults apply, e.g. Ataxx's community rules).
    #[arg(long)]
    pub game: String,
    /// How many self-play games the data file holds in the end.
    #[arg(long)]
    pub games: usize,
    /// Search every move this many nodes (with --soft-nodes: the hard
    /// limit, where a search stops wherever it is).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The soft node limit per move: no new iteration of the search starts
    /// after this many nodes (e.g. --soft-nodes 5000 --nodes 10000).
    #[arg(long, value_name = "N", requires = "nodes")]
    pub soft_nodes: Option<u64>,
    /// Search every move to this depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The seed of the random openings (the same seed gives the same data).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies from the start before the engines take over.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// An opening the engine's first search scores beyond ±this many
    /// points (100 ≈ one stone) is already decided and is drawn again;
    /// 30000 keeps every opening.
    #[arg(long, value_name = "POINTS", default_value_t = datagen::MAX_OPENING_SCORE,
          value_parser = clap::value_parser!(i32).range(0..=i64::from(train::data::WIN)))]
    pub max_opening_score: i32,
    /// Games still running after this many plies end drawn (old name:
    /// max-plies).
    #[arg(long, value_name = "PLIES", default_value_t = 400, alias = "max-plies")]
    pub draw_after: usize,
    /// Any game option as NAME=VALUE (repeatable).
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The data file to write. If it exists, the run continues it: its
    /// complete games are kept (a partly written last game is dropped)
    /// and the games from the next one on are added, up to --games in
    /// all; it must have been written with the same settings.
    #[arg(long)]
    pub out: PathBuf,
    /// Start the data file over instead of continuing it.
    #[arg(long)]
    pub fresh: bool,
    /// How the positions are written: `text` (one line each, every game)
    /// or `binary` (packed for the game's network; `train` reads it,
    /// `tune` does not).
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
}

/// The data formats of `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// One line of text a position.
    Text,
    /// Positions packed for the game's network.
    Binary,
}

/// Generates the data, with a progress line on standard error; what a
/// person reads in `language` (the data file's text stays as it is).
pub fn run(registry: &Registry, args: &DatagenArgs, language: Language) -> anyhow::Result<()> {
    // An unknown game is a mistake on the command line, said with the
    // games there are (and the closest), as `play` says it.
    registry.get(&args.game).map_err(|error| Failure::usage(game_error_text(&error)))?;
    if args.threads == 0 {
        let text = text!(
            "--threads 0 plays no game: give 1 or more",
            "--threads 0 spielt keine Partie: gib 1 oder mehr an"
        );
        return Err(Failure::usage(text).into());
    }
    let limit = match (args.soft_nodes, args.nodes, args.depth) {
        (Some(soft), Some(hard), _) if soft > hard => {
            let message = text!(
                "--soft-nodes {soft} is above the hard limit --nodes {hard}",
                "--soft-nodes {soft} liegt über der harten Grenze --nodes {hard}"
            );
            anyhow::bail!("{}", message.get(language))
        }
        (Some(soft), Some(hard), _) => SearchLimit::SoftNodes { soft, hard },
        (None, Some(nodes), _) => SearchLimit::Nodes(nodes),
        (None, _, Some(depth)) => SearchLimit::Depth(depth),
        _ => {
            let message = text!(
                "give --nodes or --depth (--soft-nodes goes with --nodes)",
                "gib --nodes oder --depth an (--soft-nodes gehört zu --nodes)"
            );
            anyhow::bail!("{}", message.get(language))
        }
    };
    let mut settings = Settings::new(&args.game, args.games, limit);
    settings.options = Options::from_pairs(name_value_pairs(&args.options)?);
    settings.threads = args.threads;
    settings.seed = args.seed;
    settings.random_plies = args.random_plies;
    settings.max_opening_score = args.max_opening_score;
    settings.max_plies = args.draw_after;
    settings.format = match args.format {
        FormatArg::Text => Format::Text,
        FormatArg::Binary => Format::Binary,
    };
    let (file, found) = open_output(registry, &settings, args, language)?;
    if found.games >= args.games {
        let (path, wanted) = (args.out.display(), args.games);
        let held = counted_text(found.games, ["game", "games"], ["Partie", "Partien"]);
        let (held_en, held_de) = (&held.en, &held.de);
        let line = text!(
            "{path} already holds {held_en} (--games {wanted}): nothing to add",
            "{path} enthält schon {held_de} (--games {wanted}): nichts hinzuzufügen"
        );
        write_line(line.get(language))?;
        return Ok(());
    }
    let mut out = BufWriter::new(file);
    let started = Instant::now();
    let total = args.games;
    let mut shown = Progress::new();
    let progress = datagen::generate_from(registry, &settings, &found, &mut out, &mut |p| {
        let rate = p.positions as f64 / started.elapsed().as_secs_f64().max(1e-3);
        let (games, found, positions) = (p.games, p.found, p.positions);
        let [first, second, draws] = p.results;
        let line = text!(
            "games {games}/{total} ({found} found in the file)  positions {positions}  ({rate:.0}/s)  P1 {first} P2 {second} draws {draws}",
            "Partien {games}/{total} ({found} aus der Datei)  Stellungen {positions}  ({rate:.0}/s)  P1 {first} P2 {second} Remis {draws}"
        );
        shown.show(line.get(language));
    })
    .map_err(|error| {
        let path = args.out.display();
        let message = text!("datagen for {path}: {error}", "datagen für {path}: {error}");
        anyhow!("{}", message.get(language))
    })?;
    shown.finish();
    write_line(wrapped(&summary(&progress, &args.out, started.elapsed().as_secs_f64(), language)))?;
    Ok(())
}

/// `1 game (0 found in the file), 2 positions written to FILE in 0.1 s`
/// in `language`.
fn summary(progress: &datagen::Progress, path: &std::path::Path, seconds: f64, language: Language) -> String {
    let path = path.display();
    let games = counted_text(progress.games, ["game", "games"], ["Partie", "Partien"]);
    let positions = counted_text(progress.positions, ["position", "positions"], ["Stellung", "Stellungen"]);
    let found = progress.found;
    let seconds = decimals(&format!("{seconds:.1}"), language);
    let (games_en, games_de, positions_en, positions_de) =
        (&games.en, &games.de, &positions.en, &positions.de);
    let line = text!(
        "{games_en} ({found} found in the file), {positions_en} written to {path} in {seconds} s",
        "{games_de} ({found} aus der Datei), {positions_de} nach {path} geschrieben in {seconds} s"
    );
    line.get(language).to_owned()
}

/// The output file, positioned where the run goes on, and what it holds:
/// a new file (or with `--fresh` an emptied one) holds nothing; an
/// existing one written with the same settings is cut after its last
/// complete game.
fn open_output(
    registry: &Registry,
    settings: &Settings,
    args: &DatagenArgs,
    language: Language,
) -> anyhow::Result<(File, Found)> {
    let path = &args.out;
    let exists = std::fs::metadata(path).is_ok_and(|meta| meta.len() > 0);
    if args.fresh || !exists {
        let file = File::create(path).map_err(|error| {
            let (path, Text { en, de }) = (path.display(), os_reason(&error));
            anyhow!(
                "{}",
                text!("cannot create {path}: {en}", "{path} lässt sich nicht anlegen: {de}").get(language)
            )
        })?;
        return Ok((file, Found::default()));
    }
    let file = File::open(path).map_err(|error| {
        let (path, Text { en, de }) = (path.display(), os_reason(&error));
        anyhow!("{}", text!("cannot open {path}: {en}", "{path} lässt sich nicht öffnen: {de}").get(language))
    })?;
    let found = resume::find(registry, settings, BufReader::new(file))
        .map_err(|error| anyhow!("{}: {error}", path.display()))?;
    let mut file = OpenOptions::new().write(true).open(path).with_context(|| {
        let path = path.display();
        text!("cannot write {path}", "{path} lässt sich nicht schreiben").get(language).to_owned()
    })?;
    file.set_len(found.keep).with_context(|| {
        let path = path.display();
        text!("cannot cut {path}", "{path} lässt sich nicht kürzen").get(language).to_owned()
    })?;
    file.seek(SeekFrom::End(0))?;
    Ok((file, found))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_in_the_singular_for_one_and_speaks_german() {
        let progress = datagen::Progress { games: 1, found: 0, positions: 2, results: [1, 0, 0] };
        let path = std::path::Path::new("data.txt");
        assert_eq!(
            summary(&progress, path, 1.5, Language::English),
            "1 game (0 found in the file), 2 positions written to data.txt in 1.5 s"
        );
        assert_eq!(
            summary(&progress, path, 1.5, Language::German),
            "1 Partie (0 aus der Datei), 2 Stellungen nach data.txt geschrieben in 1,5 s"
        );
    }
}
