//! `spielwerk bot`: an engine program (this program's own by default)
//! plays on a Spielwerk server as a bot, through the server's Bot API.

use bot::{AcceptRules, BotConfig, RatedChoice};
use clap::{Args, ValueEnum};
use game::Registry;
use protocol::{Dialect, EngineSpec};
use std::time::Duration;

/// Which games the bot accepts by rating.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RatingFilter {
    /// Rated and casual games.
    Any,
    /// Rated games only.
    Rated,
    /// Casual games only.
    Casual,
}

/// Arguments of `spielwerk bot`.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The server, http://host:port.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub server: String,
    /// The bot account's personal API token (scope bot:play); or the
    /// environment variable SPIELWERK_TOKEN.
    #[arg(long, env = "SPIELWERK_TOKEN", hide_env_values = true)]
    pub token: String,
    /// The engine program's command line (UAI/UGI), run by the shell;
    /// default: this program's own engine.
    #[arg(long, value_name = "COMMAND")]
    pub program: Option<String>,
    /// The protocol the program speaks (default: UAI for Ataxx, UGI for
    /// the other games; UGI for this program's own engine).
    #[arg(long)]
    pub protocol: Option<Dialect>,
    /// This program's own engine plays at this level (1–10, as against
    /// the computer on the web; with --program: not allowed).
    #[arg(long, conflicts_with_all = ["program", "max_depth"], value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// This program's own engine searches no deeper than this: a weaker
    /// bot (with --program: not allowed).
    #[arg(long, conflicts_with = "program")]
    pub max_depth: Option<u32>,
    /// A game the bot plays (repeatable; default: every game).
    #[arg(long = "game", value_name = "GAME")]
    pub games: Vec<String>,
    /// Rated games, casual games or both.
    #[arg(long, value_enum, default_value = "any")]
    pub rated: RatingFilter,
    /// The shortest starting clock accepted, in seconds.
    #[arg(long, default_value_t = 30)]
    pub min_base: u64,
    /// The longest starting clock accepted, in seconds.
    #[arg(long, default_value_t = 3600)]
    pub max_base: u64,
    /// Also accept correspondence games and games without a clock.
    #[arg(long)]
    pub correspondence: bool,
    /// Decline challenges from other bots.
    #[arg(long)]
    pub no_bots: bool,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub max_games: usize,
    /// Milliseconds per move in games without a clock.
    #[arg(long, default_value_t = 5000)]
    pub movetime: u64,
    /// Stop after this many games (default: run until stopped).
    #[arg(long)]
    pub stop_after: Option<usize>,
    /// Join this tournament, an arena or a Swiss (its id; repeatable; also
    /// --arena): it must welcome bots; its games, round after round, are
    /// played like any other.
    #[arg(long = "tournament", alias = "arena", value_name = "ID")]
    pub tournaments: Vec<String>,
}

/// Runs the bridge until it is stopped (or `--stop-after` games ended).
pub fn run(registry: Registry, args: BotArgs) -> anyhow::Result<()> {
    for game in &args.games {
        registry.get(game)?;
    }
    let mut movetime = Duration::from_millis(args.movetime);
    let (engine, dialect) = match (&args.program, args.level) {
        (Some(program), _) => (EngineSpec::new(program), args.protocol),
        (None, Some(level)) => {
            let (engine, level_movetime) = house_engine(level)?;
            movetime = level_movetime;
            (engine, Some(Dialect::Ugi))
        }
        (None, None) => {
            let mut command = own_engine()?;
            if let Some(depth) = args.max_depth {
                command.push_str(&format!(" --max-depth {depth}"));
            }
            (EngineSpec::new(&command), Some(args.protocol.unwrap_or(Dialect::Ugi)))
        }
    };
    let config = BotConfig {
        server: args.server,
        token: args.token,
        engine,
        dialect,
        registry,
        accept: AcceptRules {
            games: args.games,
            rated: match args.rated {
                RatingFilter::Any => RatedChoice::Any,
                RatingFilter::Rated => RatedChoice::Rated,
                RatingFilter::Casual => RatedChoice::Casual,
            },
            min_base: Duration::from_secs(args.min_base),
            max_base: Duration::from_secs(args.max_base),
            correspondence: args.correspondence,
            bots: !args.no_bots,
            max_games: args.max_games.max(1),
        },
        movetime,
        stop_after: args.stop_after,
        tournaments: args.tournaments,
    };
    bot::run_blocking(config)?;
    Ok(())
}

/// This program's own engine as a UGI command line for the shell (the
/// bridge tells it each game with `setoption name Game`).
fn own_engine() -> anyhow::Result<String> {
    Ok(format!("{} ugi", crate::cmd::matches::this_program()?))
}

/// This program's own engine at `level` (as on the web: random, greedy,
/// a depth, or the full engine on the game's clock), and the time per move
/// in games without a clock.
pub fn house_engine(level: u8) -> anyhow::Result<(EngineSpec, Duration)> {
    let settings = game::level::level(level);
    let mut command = own_engine()?;
    if let Some(engine) = settings.engine {
        command.push_str(&format!(" --engine {engine}"));
    }
    if let Some(depth) = settings.limits.depth {
        command.push_str(&format!(" --max-depth {depth}"));
    }
    command.push_str(&format!(" --hash {}", settings.hash_mb));
    Ok((EngineSpec::new(&command), settings.limits.movetime.unwrap_or(Duration::from_secs(2))))
}

/// Plays the house bots of `spielwerk serve --house-bots` on the server at
/// `addr`, each on a thread of its own with its level's engine: any
/// game, any clock from 15 s, correspondence too, people and bots, up to
/// four games at once.
pub fn play_house_bots(registry: &Registry, addr: std::net::SocketAddr, bots: Vec<server::HouseBot>) {
    let host = if addr.ip().is_unspecified() {
        std::net::SocketAddr::from(([127, 0, 0, 1], addr.port()))
    } else {
        addr
    };
    for house in bots {
        let (engine, movetime) = match house_engine(house.level) {
            Ok(found) => found,
            Err(error) => {
                eprintln!("house bot {}: {}", house.name, crate::messages::with_causes(&error));
                continue;
            }
        };
        let config = BotConfig {
            server: format!("http://{host}"),
            token: house.token,
            engine,
            dialect: Some(Dialect::Ugi),
            registry: registry.clone(),
            accept: AcceptRules {
                min_base: Duration::from_secs(15),
                max_base: Duration::from_secs(3 * 3600),
                correspondence: true,
                max_games: 4,
                ..AcceptRules::default()
            },
            movetime,
            stop_after: None,
            tournaments: Vec::new(),
        };
        let name = house.name;
        let spawned =
            std::thread::Builder::new().name(format!("house-bot-{}", house.level)).spawn(move || {
                if let Err(error) = bot::run_blocking(config) {
                    eprintln!("house bot {name} stopped: {error}");
                }
            });
        if let Err(error) = spawned {
            eprintln!("house bot: cannot start its thread: {error}");
        }
    }
}
