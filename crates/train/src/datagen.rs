//! Self-play data generation: games between two copies of a game's default
//! engine from randomised openings, every position written with the
//! search score and the game's result (format: see the crate docs).
//!
//! Deterministic: game `i` of a run depends only on the seed and `i` (its
//! random opening comes from its own generator, the searches are bounded by
//! nodes or depth, never by time), and the games are written in order
//! whatever the number of threads.

use crate::binary;
use crate::data::{Sample, WIN};
use crate::resume::Found;
use game::{DynGame, GameError, GameResult, Limits, Options, Player, Registry, Score};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use thiserror::Error;

/// How each move of the self-play games is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// A fixed number of nodes per move.
    Nodes(u64),
    /// A fixed depth per move.
    Depth(u32),
    /// Soft and hard node limits per move: no new iteration of the
    /// search starts after `soft` nodes, and the search stops at `hard`
    /// ([`Limits::soft_nodes`], [`Limits::nodes`]).
    SoftNodes {
        /// The soft limit.
        soft: u64,
        /// The hard limit.
        hard: u64,
    },
}

impl SearchLimit {
    /// The search limits of one move.
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            SearchLimit::Nodes(nodes) => Limits { nodes: Some(nodes), ..Limits::default() },
            SearchLimit::Depth(depth) => Limits::depth(depth),
            SearchLimit::SoftNodes { soft, hard } => {
                Limits { soft_nodes: Some(soft), nodes: Some(hard), ..Limits::default() }
            }
        }
    }
}

impl fmt::Display for SearchLimit {
    /// The limit as written in a data file's header: `nodes 6000`,
    /// `depth 3`, `soft-nodes 5000 nodes 10000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchLimit::Nodes(nodes) => write!(f, "nodes {nodes}"),
            SearchLimit::Depth(depth) => write!(f, "depth {depth}"),
            SearchLimit::SoftNodes { soft, hard } => write!(f, "soft-nodes {soft} nodes {hard}"),
        }
    }
}

/// How the positions are written (both: see the crate docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One line of text a position.
    #[default]
    Text,
    /// Positions packed for the game's network ([`crate::binary`]).
    Binary,
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The registered name of the game.
    pub game: String,
    /// Game options; the game's engine defaults fill in those not given.
    pub options: Options,
    /// How many games to play.
    pub games: usize,
    /// The search of every move.
    pub limit: SearchLimit,
    /// How many games are played at the same time.
    pub threads: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Random legal moves played from the start before the engines take
    /// over (their positions are not written).
    pub random_plies: u32,
    /// The largest score (in points, as written: 100 ≈ one stone) the
    /// engine's first two searches after a random opening may give, either
    /// way: an opening scored beyond it is already decided, and its game is
    /// dropped and played from a new opening. A found win or loss is
    /// ±[`WIN`], so [`WIN`] keeps every opening, as datagen did before it
    /// had this setting: the header then leaves the setting out, and files
    /// written before continue.
    pub max_opening_score: i32,
    /// A game still running after this many plies ends drawn.
    pub max_plies: usize,
    /// The engine's hash size in MiB.
    pub hash_mb: usize,
    /// How the positions are written.
    pub format: Format,
}

impl Settings {
    /// `games` games of `game` with default options, `limit` per move, one
    /// thread, seed 1, 8 random plies scored within ±[`MAX_OPENING_SCORE`],
    /// at most 400 plies, 16 MiB hash.
    #[must_use]
    pub fn new(game: &str, games: usize, limit: SearchLimit) -> Settings {
        Settings {
            game: game.to_owned(),
            options: Options::new(),
            games,
            limit,
            threads: 1,
            seed: 1,
            random_plies: 8,
            max_opening_score: MAX_OPENING_SCORE,
            max_plies: 400,
            hash_mb: 16,
            format: Format::Text,
        }
    }
}

/// The default [`Settings::max_opening_score`]: four stones of Ataxx, a
/// lead the engine rarely gives back.
pub const MAX_OPENING_SCORE: i32 = 400;

/// How many random openings a game draws before giving up on finding one
/// scored within [`Settings::max_opening_score`].
const OPENING_TRIES: usize = 100;

/// How many of a game's first searches must score within
/// [`Settings::max_opening_score`]: the opening's and the reply's, since a
/// short search of the opening may miss what the next one finds (an
/// Ataxx opening scored -59 at 500 nodes, its reply a found win).
const SCORED_PLIES: usize = 2;

/// How far a run has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games in the output: those found in it at the start, and those
    /// written since.
    pub games: usize,
    /// Games found in the output at the start (a resumed run).
    pub found: usize,
    /// Positions written by this run.
    pub positions: u64,
    /// Of the games this run wrote: won by P1, won by P2, drawn.
    pub results: [usize; 3],
}

/// Why a run failed.
#[derive(Debug, Error)]
pub enum DatagenError {
    /// The game or its options are bad, or the engine played an illegal
    /// move (a bug).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The output could not be written.
    #[error("cannot write the data: {0}")]
    Io(#[from] std::io::Error),
    /// The output holds data made with other settings.
    #[error(
        "the file was written with {name} '{found}', this run asks for '{wanted}' \
         (the same settings continue it; --fresh starts it over)"
    )]
    OtherSettings {
        /// The setting that differs.
        name: String,
        /// Its value in the file.
        found: String,
        /// Its value in this run.
        wanted: String,
    },
    /// The output is not data this run can continue.
    #[error("byte {offset} of the file: {reason} (--fresh starts it over)")]
    Unreadable {
        /// Where the problem starts.
        offset: u64,
        /// What it is.
        reason: String,
    },
    /// Binary data was asked for a game without a network.
    #[error("'{0}' has no network: binary data holds positions packed for one; write text data")]
    NoNetwork(String),
    /// The game's network could not pack one of its own positions (a bug).
    #[error("game {game}: the network cannot pack the position '{position}': {reason}")]
    Pack {
        /// The game, from 0.
        game: usize,
        /// The position text.
        position: String,
        /// Why.
        reason: String,
    },
    /// The openings kept ending the game before the engines took over.
    #[error("no random opening of {plies} plies left the game running (game {game})")]
    NoOpening {
        /// The number of random plies asked for.
        plies: u32,
        /// The game, from 0.
        game: usize,
    },
    /// Every opening tried was scored beyond the limit.
    #[error(
        "no random opening of {plies} plies in {OPENING_TRIES} was scored within ±{limit} (game {game}); \
         a larger --max-opening-score keeps more"
    )]
    NoBalancedOpening {
        /// The number of random plies asked for.
        plies: u32,
        /// The largest score an opening may have.
        limit: i32,
        /// The game, from 0.
        game: usize,
    },
}

/// One finished self-play game.
struct Played {
    samples: Vec<Sample>,
    winner: Option<Player>,
}

/// The settings that shape the data, as name and value, in the order of a
/// data file's header: game, options (completed by the engine
/// defaults), limit, seed, random plies, the largest opening score (unless
/// every opening is kept), draw after, hash size. The
/// number of games and threads are not among them: a run of more games
/// begins with the same data, and threads change nothing.
pub fn described(registry: &Registry, settings: &Settings) -> Result<Vec<(String, String)>, DatagenError> {
    let entry = registry.get(&settings.game)?;
    let options = entry.complete_options(&entry.with_engine_defaults(&settings.options))?;
    let options: Vec<String> = options.iter().map(|(name, value)| format!("{name}={value}")).collect();
    let opening_limit = (settings.max_opening_score < WIN).then(|| settings.max_opening_score.to_string());
    Ok([
        ("game", Some(entry.name.to_owned())),
        ("options", Some(options.join(" "))),
        ("limit", Some(settings.limit.to_string())),
        ("seed", Some(settings.seed.to_string())),
        ("random-plies", Some(settings.random_plies.to_string())),
        ("max-opening-score", opening_limit),
        ("draw-after", Some(settings.max_plies.to_string())),
        ("hash-mb", Some(settings.hash_mb.to_string())),
    ]
    .into_iter()
    .filter_map(|(name, value)| Some((name.to_owned(), value?)))
    .collect())
}

/// The first line of a text data file.
pub const TEXT_TITLE: &str = "# spielwerk datagen";
/// The start of a header line of a text data file that holds a setting.
pub const TEXT_SETTING: &str = "# setting ";

/// The start of the line of a text data file that ends a game's
/// positions, followed by the game's index (from 0).
pub const TEXT_GAME: &str = "# game ";

/// The last line of a text data file's header: what the game lines mean
/// (files written before it was added end their header without it).
pub const TEXT_GAME_NOTE: &str = "# a line '# game N' ends the positions of game N (from 0)";

/// Writes a data file's header for `settings` in their format.
pub(crate) fn write_header(
    out: &mut dyn Write,
    settings: &Settings,
    described: &[(String, String)],
) -> std::io::Result<()> {
    match settings.format {
        Format::Text => {
            let mut text = format!("{TEXT_TITLE}\n");
            for (name, value) in described {
                text.push_str(&format!("{TEXT_SETTING}{name} {value}\n"));
            }
            text.push_str(TEXT_GAME_NOTE);
            text.push('\n');
            out.write_all(text.as_bytes())
        }
        Format::Binary => {
            let header = binary::Header { game: described[0].1.clone(), settings: described.to_vec() };
            binary::write_header(out, &header)
        }
    }
}

/// Writes one game's positions: lines of text, or a binary block of
/// positions packed by `pack`.
fn write_game(
    out: &mut dyn Write,
    pack: Option<&PackFn>,
    index: usize,
    samples: &[Sample],
) -> Result<(), DatagenError> {
    let Some(pack) = pack else {
        let mut text = String::new();
        for sample in samples {
            text.push_str(&format!("{sample}\n"));
        }
        text.push_str(&format!("{TEXT_GAME}{index}\n"));
        return Ok(out.write_all(text.as_bytes())?);
    };
    let records = samples
        .iter()
        .map(|sample| {
            let packed = pack(&sample.position).map_err(|reason| DatagenError::Pack {
                game: index,
                position: sample.position.clone(),
                reason,
            })?;
            Ok(binary::Record { packed, score: sample.score, result: sample.result })
        })
        .collect::<Result<Vec<_>, DatagenError>>()?;
    Ok(binary::write_block(out, index as u64, &records)?)
}

/// Reads a position text into its packed form (a game's
/// [`NetSpec::pack`](game::NetSpec::pack)).
type PackFn = fn(&str) -> Result<Option<game::Packed>, String>;

/// Plays the games and writes their positions to `out` (the header with
/// the settings first), calling `on_progress` after each game is
/// written and flushed; returns the final progress.
pub fn generate(
    registry: &Registry,
    settings: &Settings,
    out: &mut dyn Write,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, DatagenError> {
    generate_from(registry, settings, &Found::default(), out, on_progress)
}

/// Continues a run whose output holds `found` (see
/// [`crate::resume::find`]): `out` must be that output cut to
/// [`Found::keep`] bytes, where the games from [`Found::games`] on are
/// appended (and the header, if none is kept). The result is the output
/// of a run that was never interrupted.
pub fn generate_from(
    registry: &Registry,
    settings: &Settings,
    found: &Found,
    out: &mut dyn Write,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, DatagenError> {
    let entry = registry.get(&settings.game)?;
    let options = entry.complete_options(&entry.with_engine_defaults(&settings.options))?;
    let pack = match settings.format {
        Format::Text => None,
        Format::Binary => {
            Some(entry.network.ok_or_else(|| DatagenError::NoNetwork(entry.name.to_owned()))?.pack)
        }
    };
    if found.keep == 0 {
        write_header(out, settings, &described(registry, settings)?)?;
    }
    let first = found.games;
    let next = AtomicUsize::new(first);
    let abort = AtomicBool::new(false);
    let (sender, finished) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.clamp(1, settings.games.saturating_sub(first).max(1)) {
            let sender = sender.clone();
            let (next, abort, options) = (&next, &abort, &options);
            scope.spawn(move || {
                while !abort.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= settings.games {
                        return;
                    }
                    let played = play_game(registry, entry.name, options, settings, index);
                    if sender.send((index, played)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut progress = Progress { games: first, found: first, ..Progress::default() };
        let mut pending = BTreeMap::new();
        let mut outcome = Ok(());
        for (index, played) in finished {
            pending.insert(index, played);
            while let Some(played) = pending.remove(&progress.games) {
                let index = progress.games;
                // Flushed game by game: a run stopped by a signal loses at most the
                // games still being played, never finished ones in a buffer.
                let written = played.and_then(|played| {
                    write_game(out, pack.as_ref(), index, &played.samples)?;
                    out.flush()?;
                    Ok(played)
                });
                match written {
                    Ok(played) => {
                        progress.games += 1;
                        progress.positions += played.samples.len() as u64;
                        progress.results[played.winner.map_or(2, Player::index)] += 1;
                        on_progress(&progress);
                    }
                    Err(error) => {
                        abort.store(true, Ordering::Relaxed);
                        outcome = Err(error);
                        break;
                    }
                }
            }
            if outcome.is_err() {
                break;
            }
        }
        outcome?;
        out.flush()?;
        Ok(progress)
    })
}

/// The random generator of game `index` of a run with `seed`.
fn game_rng(seed: u64, index: usize) -> SmallRng {
    SmallRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64)
}

/// Plays game `index`: a random opening, then the engine against itself.
/// A game whose first [`SCORED_PLIES`] searches do not all score within
/// ±[`Settings::max_opening_score`] began decided: it is dropped and the
/// next opening of the game's own generator is played, so that the game
/// still depends only on the seed and `index`.
fn play_game(
    registry: &Registry,
    name: &str,
    options: &Options,
    settings: &Settings,
    index: usize,
) -> Result<Played, DatagenError> {
    let mut rng = game_rng(settings.seed, index);
    let plies = settings.random_plies;
    for _ in 0..OPENING_TRIES {
        let mut game = random_opening(registry, name, options, plies, &mut rng)
            .ok_or(DatagenError::NoOpening { plies, game: index })??;
        game.set_hash_mb(settings.hash_mb);
        game.new_game();
        if let Some(played) = self_play(game.as_mut(), settings)? {
            return Ok(played);
        }
    }
    Err(DatagenError::NoBalancedOpening { plies, limit: settings.max_opening_score, game: index })
}

/// The engine's game against itself from `game`'s position, or `None` as
/// soon as one of its first [`SCORED_PLIES`] searches scores beyond
/// ±[`Settings::max_opening_score`].
fn self_play(game: &mut dyn DynGame, settings: &Settings) -> Result<Option<Played>, DatagenError> {
    let limits = settings.limit.limits();
    let stop = AtomicBool::new(false);
    let mut seen: Vec<(String, Player, i32)> = Vec::new();
    let mut plies = 0;
    while game.outcome().is_none() && plies < settings.max_plies {
        let thought = game.think(&limits, &stop, &mut |_| {})?;
        let Some(best) = thought.best.clone() else { break };
        if let Some(score) = thought.score() {
            let score = points(score);
            if plies < SCORED_PLIES && score.abs() > settings.max_opening_score {
                return Ok(None);
            }
            seen.push((game.position(), game.side_to_move(), score));
        }
        game.play(&best)?;
        plies += 1;
    }
    let winner = match game.outcome().map(|outcome| outcome.result) {
        Some(GameResult::Win(player)) => Some(player),
        _ => None,
    };
    let samples = seen
        .into_iter()
        .map(|(position, side, score)| Sample {
            position,
            score,
            result: winner.map_or(0.5, |winner| if winner == side { 1.0 } else { 0.0 }),
        })
        .collect();
    Ok(Some(Played { samples, winner }))
}

/// A new game after `plies` random legal moves that has not ended, trying
/// up to 100 openings; `None` if every one ended the game.
pub(crate) fn random_opening(
    registry: &Registry,
    name: &str,
    options: &Options,
    plies: u32,
    rng: &mut SmallRng,
) -> Option<Result<Box<dyn DynGame>, GameError>> {
    for _ in 0..100 {
        let mut game = match registry.create(name, options, None) {
            Ok(game) => game,
            Err(error) => return Some(Err(error)),
        };
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            if let Err(error) = game.play(&moves[rng.random_range(0..moves.len())]) {
                return Some(Err(error));
            }
        }
        if game.outcome().is_none() {
            return Some(Ok(game));
        }
    }
    None
}

/// A search score as data points: wins and losses as ±[`WIN`].
fn points(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-(WIN - 1), WIN - 1),
        Score::Win(_) => WIN,
        Score::Loss(_) => -WIN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data;

    fn run(settings: &Settings) -> (String, Progress) {
        let mut out = Vec::new();
        let mut reports = Vec::new();
        let progress = generate(&games::registry(), settings, &mut out, &mut |p| reports.push(*p)).unwrap();
        assert_eq!(reports.len(), settings.games);
        assert_eq!(reports.last(), Some(&progress));
        (String::from_utf8(out).unwrap(), progress)
    }

    #[test]
    fn writes_every_position_of_every_game_with_its_result() {
        let mut settings = Settings::new("ataxx", 3, SearchLimit::Depth(1));
        settings.random_plies = 4;
        settings.max_plies = 30;
        let (text, progress) = run(&settings);
        let samples = data::read(text.as_bytes()).unwrap();
        assert_eq!(samples.len() as u64, progress.positions);
        assert_eq!(progress.results.iter().sum::<usize>(), 3);
        assert!(samples.len() >= 3, "each game has positions");
        let registry = games::registry();
        for sample in &samples {
            let game =
                registry.create("ataxx", &Options::new().with("rules", "community"), Some(&sample.position));
            assert!(game.is_ok(), "{}", sample.position);
        }
        // Capped games are drawn: every result is 0.5 when no game ended.
        if progress.results[2] == 3 {
            assert!(samples.iter().all(|s| s.result == 0.5));
        }
    }

    #[test]
    fn openings_already_decided_are_drawn_again() {
        // Seed 1's first game began decided before openings were scored:
        // its first search said -59, the reply's a found win.
        let mut settings = Settings::new("ataxx", 4, SearchLimit::Nodes(500));
        settings.max_plies = 40;
        let (text, _) = run(&settings);
        let limit = settings.max_opening_score;
        let mut games: Vec<Vec<data::Sample>> = vec![Vec::new()];
        for line in text.lines() {
            if line.starts_with(TEXT_GAME) {
                games.push(Vec::new());
            } else if !line.starts_with('#') {
                games.last_mut().unwrap().push(data::parse_line(line).unwrap());
            }
        }
        assert_eq!(games.len(), 5, "four games and nothing after the last: {text}");
        for game in &games[..4] {
            for sample in &game[..2] {
                assert!(sample.score.abs() <= limit, "{sample:?} in {game:?}");
            }
        }
        // The limit is a setting of the data: the header says it.
        assert!(text.contains(&format!("{TEXT_SETTING}max-opening-score {limit}\n")), "{text}");
        // And it is the same data run after run.
        assert_eq!(run(&settings).0, text);
    }

    #[test]
    fn no_opening_within_a_limit_no_opening_meets_is_an_error() {
        let mut settings = Settings::new("ataxx", 1, SearchLimit::Nodes(500));
        settings.max_opening_score = 0;
        settings.random_plies = 9;
        let error = generate(&games::registry(), &settings, &mut Vec::new(), &mut |_| {}).unwrap_err();
        assert!(error.to_string().contains("within ±0"), "{error}");
    }

    #[test]
    fn the_text_header_says_that_a_game_line_ends_its_game() {
        let settings = Settings::new("ataxx", 1, SearchLimit::Depth(1));
        let (text, _) = run(&settings);
        let header: Vec<&str> = text.lines().take_while(|line| line.starts_with('#')).collect();
        assert_eq!(header.last(), Some(&TEXT_GAME_NOTE), "{text}");
        assert!(TEXT_GAME_NOTE.contains("ends the positions of game N"));
        assert!(text.trim_end().ends_with(&format!("{TEXT_GAME}0")));
    }

    /// A writer that counts the bytes written since its last flush.
    struct Unflushed(std::rc::Rc<std::cell::Cell<usize>>);

    impl Write for Unflushed {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.set(self.0.get() + bytes.len());
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            self.0.set(0);
            Ok(())
        }
    }

    #[test]
    fn every_game_is_flushed_before_its_progress_is_reported() {
        let mut settings = Settings::new("ataxx", 3, SearchLimit::Depth(1));
        settings.max_plies = 20;
        let unflushed = std::rc::Rc::new(std::cell::Cell::new(0));
        let mut out = Unflushed(unflushed.clone());
        let mut reports = 0;
        generate(&games::registry(), &settings, &mut out, &mut |_| {
            assert_eq!(unflushed.get(), 0, "bytes of a reported game still unflushed");
            reports += 1;
        })
        .unwrap();
        assert_eq!(reports, 3);
    }

    #[test]
    fn the_same_seed_gives_the_same_data_whatever_the_threads() {
        let mut settings = Settings::new("formation", 4, SearchLimit::Nodes(300));
        settings.max_plies = 40;
        let (one, _) = run(&settings);
        settings.threads = 2;
        let (two, _) = run(&settings);
        assert_eq!(one, two);
        settings.seed = 2;
        let (other, _) = run(&settings);
        assert_ne!(one, other);
    }

    #[test]
    fn results_are_from_the_side_to_moves_view() {
        // Depth 3 self-play of Ataxx from few random plies reaches decided
        // games; the winner's positions score 1, the loser's 0.
        let mut settings = Settings::new("ataxx", 2, SearchLimit::Depth(2));
        settings.random_plies = 2;
        let (text, progress) = run(&settings);
        let samples = data::read(text.as_bytes()).unwrap();
        let decided = progress.results[0] + progress.results[1];
        assert!(decided > 0, "{progress:?}");
        for sample in samples.iter().filter(|s| s.is_decided()) {
            let expected = if sample.score > 0 { 1.0 } else { 0.0 };
            assert_eq!(sample.result, expected, "a found win or loss agrees with the result: {sample}");
        }
    }

    #[test]
    fn a_soft_node_limit_of_one_stops_after_the_first_iteration() {
        // Soft limit 1: the first iteration is searched whole, no second
        // starts; the hard limit is far away. That is a depth-1 search.
        let mut settings = Settings::new("ataxx", 2, SearchLimit::SoftNodes { soft: 1, hard: 1_000_000 });
        settings.max_plies = 40;
        let (soft, _) = run(&settings);
        settings.limit = SearchLimit::Depth(1);
        let (depth, _) = run(&settings);
        let positions = |text: &str| data::read(text.as_bytes()).unwrap();
        assert!(!positions(&soft).is_empty());
        assert_eq!(positions(&soft), positions(&depth));
        // A soft limit below the hard one plays different (deeper) games
        // than the hard limit alone.
        settings.limit = SearchLimit::SoftNodes { soft: 500, hard: 2000 };
        let (both, _) = run(&settings);
        settings.limit = SearchLimit::Nodes(2000);
        let (hard, _) = run(&settings);
        assert_ne!(positions(&both), positions(&hard));
    }

    fn generate_bytes(settings: &Settings) -> Vec<u8> {
        let mut out = Vec::new();
        generate(&games::registry(), settings, &mut out, &mut |_| {}).unwrap();
        out
    }

    #[test]
    fn binary_data_gives_the_trainer_the_examples_of_the_text_data() {
        let registry = games::registry();
        for game in ["ataxx", "formation", "abalone"] {
            let mut settings = Settings::new(game, 3, SearchLimit::Depth(2));
            settings.random_plies = 3;
            settings.max_plies = 60;
            let text = generate_bytes(&settings);
            settings.format = Format::Binary;
            let packed = generate_bytes(&settings);
            let spec = registry.get(game).unwrap().network.unwrap();
            let encoding = crate::nnue::Encoding::from_spec(game, &spec);
            let from_text = crate::nnue::read_examples(text.as_slice(), &encoding).unwrap();
            let from_binary = crate::nnue::read_examples(packed.as_slice(), &encoding).unwrap();
            assert!(!from_text.examples.is_empty(), "{game}");
            assert_eq!(from_binary.examples, from_text.examples, "{game}");
            assert_eq!(
                (from_binary.decided, from_binary.not_evaluated),
                (from_text.decided, from_text.not_evaluated),
                "{game}"
            );
            assert!(packed.len() < text.len(), "{game}: {} bytes against {}", packed.len(), text.len());
            let other = crate::nnue::Encoding { game: "other", ..encoding };
            let error = crate::nnue::read_examples(packed.as_slice(), &other).unwrap_err();
            assert_eq!(error.to_string(), format!("the data is of the game '{game}', not 'other'"));
        }
    }

    #[test]
    fn binary_data_needs_a_network() {
        let mut settings = Settings::new("amakta", 1, SearchLimit::Depth(1));
        settings.format = Format::Binary;
        let error = generate(&games::registry(), &settings, &mut Vec::new(), &mut |_| {}).unwrap_err();
        assert!(matches!(error, DatagenError::NoNetwork(_)), "{error}");
        assert!(error.to_string().contains("'amakta' has no network"), "{error}");
    }

    #[test]
    fn bad_settings_are_errors() {
        let settings = Settings::new("chess", 1, SearchLimit::Depth(1));
        let error = generate(&games::registry(), &settings, &mut Vec::new(), &mut |_| {}).unwrap_err();
        assert!(error.to_string().contains("chess"), "{error}");
    }
}
