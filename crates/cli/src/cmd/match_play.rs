//! The arguments `spielwerk match` and `spielwerk tune-search` share: the
//! game, how long a move may take, the openings and the runner's rules.

use crate::cmd::engine::name_value_pairs;
use crate::cmd::matches::{openings_file, random_openings};
use anyhow::{Context, bail};
use clap::{ArgGroup, Args};
use game::{Options, Registry};
use protocol::{Dialect, MatchSettings, MoveLimit, TimeControl};
use std::path::PathBuf;
use std::time::Duration;

/// How the games of a match are played.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("limit").required(true).args(["tc", "movetime", "depth", "nodes"])))]
pub struct MatchPlayArgs {
    /// The game; Spielwerk's rules (with the engine defaults, e.g. Ataxx's
    /// community rules) judge every move.
    #[arg(long, default_value = "ataxx")]
    pub game: String,
    /// A clock per player: [MOVES/]SECONDS[+INCREMENT], e.g. 8+0.08.
    #[arg(long, value_name = "TC")]
    pub tc: Option<TimeControl>,
    /// A fixed time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// A fixed depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// A fixed number of nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Openings file: one opening a line, position text or moves from the
    /// start; each is played twice, once from each side. Without it, each
    /// pair of games starts from its own --random-plies random moves.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Without --openings: random legal moves from the start that open
    /// each game pair (distinct pairs as far as there are such openings;
    /// 0 = every game from the start).
    #[arg(long, value_name = "PLIES", default_value_t = 4)]
    pub random_plies: usize,
    /// The seed of the random openings (the same seed, the same openings;
    /// tune-search: of the perturbations too).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Ruleset (Ataxx: community, the default in matches, or seed).
    #[arg(long)]
    pub rules: Option<String>,
    /// Any other game option as NAME=VALUE (repeatable).
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The protocol the engines speak (default: uai for Ataxx, ugi for the
    /// other games).
    #[arg(long)]
    pub protocol: Option<Dialect>,
    /// How many milliseconds an engine may overstep its time before it
    /// loses on time [default: 0 with --tc, 100 otherwise].
    #[arg(long, value_name = "MS")]
    pub grace: Option<u64>,
    /// Declare a game drawn after this many plies (old name: max-plies). A
    /// game's own ply-limit rule is a game option: `--ply-limit N`.
    #[arg(long, value_name = "PLIES", alias = "max-plies")]
    pub draw_after: Option<usize>,
}

impl MatchPlayArgs {
    /// The protocol: as given, or the game's own.
    pub fn dialect(&self) -> Dialect {
        self.protocol.unwrap_or_else(|| Dialect::for_game(&self.game))
    }

    /// How long a move may take.
    pub fn limit(&self) -> anyhow::Result<MoveLimit> {
        Ok(match (&self.tc, self.movetime, self.depth, self.nodes) {
            (Some(tc), ..) => MoveLimit::Clock(*tc),
            (_, Some(ms), ..) => MoveLimit::Movetime(Duration::from_millis(ms)),
            (_, _, Some(depth), _) => MoveLimit::Depth(depth),
            (_, _, _, Some(nodes)) => MoveLimit::Nodes(nodes),
            _ => bail!("give --tc, --movetime, --depth or --nodes"),
        })
    }

    /// Sets the protocol, the game's options, the grace, the draw limit
    /// and the openings of `settings`: the openings file's, or
    /// `random_count` random ones.
    pub fn apply(
        &self,
        registry: &Registry,
        settings: &mut MatchSettings,
        random_count: usize,
    ) -> anyhow::Result<()> {
        settings.dialect = self.dialect();
        settings.options = Options::from_pairs(name_value_pairs(&self.options)?);
        if let Some(rules) = &self.rules {
            settings.options.set("rules", rules);
        }
        if let Some(grace) = self.grace {
            settings.grace = Duration::from_millis(grace);
        }
        settings.max_plies = self.draw_after;
        if let Some(path) = &self.openings {
            settings.openings = openings_file(registry, &self.game, &settings.options, path)?;
        } else if self.random_plies > 0 {
            settings.openings = random_openings(
                registry,
                &settings.options,
                &self.game,
                random_count,
                self.random_plies,
                self.seed,
            )
            .context("cannot draw the random openings")?;
        }
        Ok(())
    }
}
