//! `spielwerk datagen`: self-play training data (format: the `train`
//! crate's docs, and the README).

use crate::cmd::engine::name_value_pairs;
use crate::messages::write_line;
use crate::progress::Progress;
use anyhow::{Context, anyhow};
use clap::{ArgGroup, Args, ValueEnum};
use game::{Options, Registry};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Seek, SeekFrom};
use std::path::PathBuf;
use std::time::Instant;
use train::datagen::{self, Format, SearchLimit, Settings};
use train::resume::{self, Found};

/// Arguments of `spielwerk datagen`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("limit").required(true).args(["nodes", "depth"])))]
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

/// Generates the data, with a progress line on standard error.
pub fn run(registry: &Registry, args: &DatagenArgs) -> anyhow::Result<()> {
    let limit = match (args.soft_nodes, args.nodes, args.depth) {
        (Some(soft), Some(hard), _) if soft > hard => {
            anyhow::bail!("--soft-nodes {soft} is above the hard limit --nodes {hard}")
        }
        (Some(soft), Some(hard), _) => SearchLimit::SoftNodes { soft, hard },
        (None, Some(nodes), _) => SearchLimit::Nodes(nodes),
        (None, _, Some(depth)) => SearchLimit::Depth(depth),
        _ => anyhow::bail!("give --nodes or --depth (--soft-nodes goes with --nodes)"),
    };
    let mut settings = Settings::new(&args.game, args.games, limit);
    settings.options = Options::from_pairs(name_value_pairs(&args.options)?);
    settings.threads = args.threads;
    settings.seed = args.seed;
    settings.random_plies = args.random_plies;
    settings.max_plies = args.draw_after;
    settings.format = match args.format {
        FormatArg::Text => Format::Text,
        FormatArg::Binary => Format::Binary,
    };
    let (file, found) = open_output(registry, &settings, args)?;
    if found.games >= args.games {
        write_line(format_args!(
            "{} already holds {} games (--games {}): nothing to add",
            args.out.display(),
            found.games,
            args.games
        ))?;
        return Ok(());
    }
    let mut out = BufWriter::new(file);
    let started = Instant::now();
    let total = args.games;
    let mut shown = Progress::new();
    let progress = datagen::generate_from(registry, &settings, &found, &mut out, &mut |p| {
        let seconds = started.elapsed().as_secs_f64().max(1e-3);
        shown.show(&format!(
            "games {}/{total} ({} found in the file)  positions {}  ({:.0}/s)  P1 {} P2 {} draws {}",
            p.games,
            p.found,
            p.positions,
            p.positions as f64 / seconds,
            p.results[0],
            p.results[1],
            p.results[2]
        ));
    })
    .map_err(|error| anyhow!("datagen for {}: {error}", args.out.display()))?;
    shown.finish();
    write_line(format_args!(
        "{} games ({} found in the file), {} positions written to {} in {:.1} s",
        progress.games,
        progress.found,
        progress.positions,
        args.out.display(),
        started.elapsed().as_secs_f64()
    ))?;
    Ok(())
}

/// The output file, positioned where the run goes on, and what it holds:
/// a new file (or with `--fresh` an emptied one) holds nothing; an
/// existing one written with the same settings is cut after its last
/// complete game.
fn open_output(
    registry: &Registry,
    settings: &Settings,
    args: &DatagenArgs,
) -> anyhow::Result<(File, Found)> {
    let path = &args.out;
    let exists = std::fs::metadata(path).is_ok_and(|meta| meta.len() > 0);
    if args.fresh || !exists {
        let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
        return Ok((file, Found::default()));
    }
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let found = resume::find(registry, settings, BufReader::new(file))
        .map_err(|error| anyhow!("{}: {error}", path.display()))?;
    let mut file = OpenOptions::new()
        .write(true)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.set_len(found.keep).with_context(|| format!("cannot cut {}", path.display()))?;
    file.seek(SeekFrom::End(0))?;
    Ok((file, found))
}
