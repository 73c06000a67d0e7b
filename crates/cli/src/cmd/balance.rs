//! `spielwerk amakta balance`: which sets are fair for both colours on
//! which board, measured by self-play between equal engines.
//!
//! A **configuration** is a board, a set and a circle assignment. For every
//! configuration the command plays `--games` games from the start of play
//! (White = the first player, the setup phase skipped): game `i` starts
//! with `--random-plies` random legal plies (never `pass`: two passes draw
//! at once), drawn from a generator seeded by the configuration and `i`
//! only, then the default engine (alpha-beta) plays both sides with the
//! same node budget per move; a game still running after `--draw-after`
//! plies of play counts as a draw (`cap`). The searches are bounded by
//! nodes, never by time, so a game is reproducible from its seed.
//!
//! Results: one line per finished game is appended to `games.csv` in the
//! output directory at once (a rerun skips the games already there, so a
//! run can be stopped and resumed); at the end `summary.csv` (per
//! configuration: the first player's score with its 95 % interval, the
//! draw, decisive and capped rates, the average length) and `balance.svg`
//! (the scores with their intervals and the decisive rates) are written
//! from every game of `games.csv` that belongs to the configurations asked
//! for.

use crate::progress::Progress;
use amakta::sets::StoneSet;
use amakta::{Amakta, Circle, Colour, HexBoard, Move, Stone};
use anyhow::{Context, bail};
use clap::Args;
use game::{History, Limits, Player};
use protocol::Tally;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// The header of `games.csv`.
const GAMES_HEADER: &str = "board,set,circles,game,result,plies,end";

/// The header of `summary.csv`.
const SUMMARY_HEADER: &str = "board,set,circles,games,white_wins,black_wins,draws,score,score_low,score_high,\
                              draw_rate,decisive_rate,capped_rate,average_plies";

/// Arguments of `spielwerk amakta balance`.
#[derive(Args, Debug, Clone)]
pub struct BalanceArgs {
    /// The board: hex3, hex4, hex5, hex6, hex5-holes or board text.
    #[arg(long, default_value = "hex5")]
    pub board: String,
    /// Sets to measure, separated by ';': named sets or stone codes
    /// (e.g. "default;beginner;100000 110000 000000").
    #[arg(long, value_delimiter = ';')]
    pub sets: Vec<String>,
    /// Also measure this many random sets (see --stones, --max-arrows,
    /// --max-value), drawn from --seed.
    #[arg(long, default_value_t = 0)]
    pub random: usize,
    /// Stones per random set.
    #[arg(long, default_value_t = 6)]
    pub stones: usize,
    /// Most arrows a stone of a random set has (a double arrow counts two).
    #[arg(long, default_value_t = 3)]
    pub max_arrows: usize,
    /// Most Amakta Infinit value (circle none) a stone of a random set has.
    #[arg(long)]
    pub max_value: Option<u32>,
    /// Circle assignments to measure every set with, separated by ';':
    /// "none" or e.g. "w:100000=d b:300000=r".
    #[arg(long, value_delimiter = ';', default_value = "none")]
    pub circles: Vec<String>,
    /// Also measure every set with the handicap ladder: White (the first
    /// player) with damage on its first h stones and with reinforcement on
    /// its first h stones, for h = 1..=N.
    #[arg(long, default_value_t = 0)]
    pub handicaps: usize,
    /// Games per configuration.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Nodes the engine searches per move.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Random plies at the start of play (pass excluded).
    #[arg(long, default_value_t = 2)]
    pub random_plies: usize,
    /// Plies of play after which a game counts as a draw (old name:
    /// max-plies).
    #[arg(long, value_name = "PLIES", default_value_t = 200, alias = "max-plies")]
    pub draw_after: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The seed of the random sets and openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The output directory (games.csv, summary.csv, balance.svg).
    #[arg(long)]
    pub out: PathBuf,
}

/// A board, a set and a circle assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The board's option text.
    pub board: String,
    /// The set.
    pub set: StoneSet,
    /// The circles, `none` or `w:CODE=C` items separated by spaces.
    pub circles: String,
}

impl Config {
    /// The key of the configuration in the CSV files: board, set codes
    /// and circles separated by commas (codes and circle items by spaces).
    #[must_use]
    pub fn key(&self) -> String {
        format!("{},{},{}", self.board, self.set.text().replace(',', " "), self.circles)
    }

    /// The start of play: circles given, White the first player (the
    /// game's own option parser reads board, set and circles).
    fn start(&self) -> anyhow::Result<Amakta> {
        let set = self.set.text();
        let options = game::Options::from_pairs([
            ("board", self.board.as_str()),
            ("set", set.as_str()),
            ("circles", self.circles.as_str()),
            ("colour", "white"),
        ]);
        Ok(Amakta::from_options(&options, None)?)
    }
}

/// How many arrows a stone has, a double arrow counting two.
#[must_use]
pub fn arrows_of(stone: Stone) -> usize {
    (0..6).map(|d| stone.arrows(d).len()).sum()
}

/// `count` random sets of `size` distinct stones, each stone with at most
/// `max_arrows` arrows and (if given) an Infinit value (no circle) of at
/// most `max_value`; every set holds at least one stone with an arrow (a
/// set of blockers alone cannot reach the other base). The same seed gives
/// the same sets.
pub fn random_sets(
    count: usize,
    size: usize,
    max_arrows: usize,
    max_value: Option<u32>,
    seed: u64,
) -> anyhow::Result<Vec<StoneSet>> {
    let pool: Vec<Stone> = amakta::infinit::all_stones()
        .iter()
        .copied()
        .filter(|&s| {
            arrows_of(s) <= max_arrows
                && max_value.is_none_or(|v| amakta::infinit::stone_value(s, Circle::None) <= v)
        })
        .collect();
    if size == 0 || size > amakta::sets::MAX_SET_SIZE {
        bail!("a random set needs 1 to {} stones, not {size}", amakta::sets::MAX_SET_SIZE);
    }
    if pool.len() < size || !pool.iter().any(|&s| arrows_of(s) > 0) {
        bail!(
            "only {} stones have at most {max_arrows} arrows{}: too few for sets of {size}",
            pool.len(),
            max_value.map_or(String::new(), |v| format!(" and a value of at most {v}"))
        );
    }
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x5E75);
    let mut sets = Vec::with_capacity(count);
    while sets.len() < count {
        let stones: Vec<Stone> = pool.choose_multiple(&mut rng, size).copied().collect();
        if stones.iter().all(|&s| arrows_of(s) == 0) {
            continue;
        }
        let text = stones.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        sets.push(StoneSet::parse(&text)?);
    }
    Ok(sets)
}

/// The handicap ladder of a set: White with damage on its first `h` stones,
/// then with reinforcement on its first `h` stones, `h` = 1..=`steps`.
#[must_use]
pub fn handicap_ladder(set: &StoneSet, steps: usize) -> Vec<String> {
    let mut ladder = Vec::new();
    for letter in ['d', 'r'] {
        for h in 1..=steps.min(set.stones().len()) {
            let items: Vec<String> = set.stones()[..h].iter().map(|s| format!("w:{s}={letter}")).collect();
            ladder.push(items.join(" "));
        }
    }
    ladder
}

/// The configurations of the arguments, in order: every set (given, then
/// random) with every circle assignment, then its handicap ladder.
pub fn configs(args: &BalanceArgs) -> anyhow::Result<Vec<Config>> {
    HexBoard::from_option(&args.board)?;
    let mut sets = Vec::new();
    for text in args.sets.iter().filter(|t| !t.trim().is_empty()) {
        sets.push(StoneSet::from_option(text).with_context(|| format!("set '{text}'"))?);
    }
    sets.extend(random_sets(args.random, args.stones, args.max_arrows, args.max_value, args.seed)?);
    if sets.is_empty() {
        bail!("no sets: give --sets and/or --random");
    }
    let mut configs = Vec::new();
    for set in sets {
        let mut circles: Vec<String> = args.circles.iter().map(|c| c.trim().replace(',', " ")).collect();
        circles.extend(handicap_ladder(&set, args.handicaps));
        for circles in circles {
            let config = Config { board: args.board.clone(), set: set.clone(), circles };
            config.start().with_context(|| format!("configuration {}", config.key()))?;
            if !configs.contains(&config) {
                configs.push(config);
            }
        }
    }
    Ok(configs)
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Its configuration's key.
    pub key: String,
    /// The game's index within its configuration.
    pub game: usize,
    /// White's (the first player's) score: 1, 0.5 or 0.
    pub result: f64,
    /// Plies of play, random ones included.
    pub plies: usize,
    /// How it ended: `base`, `repetition`, `cap` or the game's reason.
    pub end: String,
}

impl GameRow {
    fn line(&self) -> String {
        format!("{},{},{},{},{}", self.key, self.game, self.result, self.plies, self.end)
    }

    fn parse(line: &str) -> Option<GameRow> {
        let fields: Vec<&str> = line.split(',').collect();
        let [board, set, circles, game, result, plies, end] = fields[..] else { return None };
        Some(GameRow {
            key: format!("{board},{set},{circles}"),
            game: game.parse().ok()?,
            result: result.parse().ok()?,
            plies: plies.parse().ok()?,
            end: end.to_owned(),
        })
    }
}

/// A deterministic 64-bit hash of text (FNV-1a), for per-game seeds.
fn text_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Plays game `index` of `config` (see the module documentation).
pub fn play_game(config: &Config, index: usize, args: &BalanceArgs) -> anyhow::Result<GameRow> {
    let mut rng = SmallRng::seed_from_u64(
        text_hash(&config.key()) ^ args.seed.wrapping_mul(0x9E37_79B9) ^ index as u64,
    );
    let mut history = History::new(config.start()?);
    let mut moves = Vec::new();
    for _ in 0..args.random_plies {
        if history.outcome().is_some() {
            break;
        }
        history.legal_moves(&mut moves);
        moves.retain(|&m| m != Move::Pass);
        let Some(&mv) = moves.choose(&mut rng) else { break };
        history.play(mv)?;
    }
    let mut engine = amakta::engine::alpha_beta();
    engine.set_hash_mb(4);
    engine.new_game();
    let limits = Limits { nodes: Some(args.nodes), ..Limits::default() };
    let stop = AtomicBool::new(false);
    while history.outcome().is_none() && history.moves().len() < args.draw_after {
        let Some(mv) = engine.think(&history, &limits, &stop, &mut |_| {}) else { break };
        history.play(mv)?;
    }
    let (result, end) = match history.outcome() {
        Some(outcome) => (outcome.result.score_for(Player::P1), outcome.reason.to_owned()),
        None => (0.5, "cap".to_owned()),
    };
    debug_assert!(history.current().p1_colour() == Some(Colour::White));
    Ok(GameRow { key: config.key(), game: index, result, plies: history.moves().len(), end })
}

/// Reads the games already in `games.csv` (none if it does not exist).
fn read_games(path: &Path) -> anyhow::Result<Vec<GameRow>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error).with_context(|| format!("cannot read {}", path.display())),
    };
    let mut rows = Vec::new();
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line?;
        if number == 0 || line.trim().is_empty() {
            continue;
        }
        // A line cut off by a killed run is skipped (and its game replayed).
        if let Some(row) = GameRow::parse(&line) {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// The statistics of one configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The configuration's key.
    pub key: String,
    /// White's wins, losses and draws.
    pub tally: Tally,
    /// Games that reached the ply cap.
    pub capped: u32,
    /// Plies of all games.
    pub plies: usize,
}

impl Summary {
    /// White's score, 0.5 before the first game.
    #[must_use]
    pub fn score(&self) -> f64 {
        self.tally.score().unwrap_or(0.5)
    }

    /// The 95 % interval of White's score.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        self.tally.score_interval().unwrap_or((0.0, 1.0))
    }

    /// The share of decisive games.
    #[must_use]
    pub fn decisive_rate(&self) -> f64 {
        let games = self.tally.games().max(1);
        f64::from(self.tally.wins + self.tally.losses) / f64::from(games)
    }

    fn line(&self) -> String {
        let games = f64::from(self.tally.games().max(1));
        let (low, high) = self.interval();
        format!(
            "{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.1}",
            self.key,
            self.tally.games(),
            self.tally.wins,
            self.tally.losses,
            self.tally.draws,
            self.score(),
            low,
            high,
            f64::from(self.tally.draws) / games,
            self.decisive_rate(),
            f64::from(self.capped) / games,
            self.plies as f64 / games
        )
    }
}

/// The statistics of `configs` over `rows` (rows of other configurations
/// and repeated games are ignored).
#[must_use]
pub fn summarise(configs: &[Config], rows: &[GameRow]) -> Vec<Summary> {
    let mut by_key: BTreeMap<String, (Summary, HashSet<usize>)> = BTreeMap::new();
    for config in configs {
        let key = config.key();
        by_key.insert(
            key.clone(),
            (Summary { key, tally: Tally::default(), capped: 0, plies: 0 }, HashSet::new()),
        );
    }
    for row in rows {
        if let Some((summary, seen)) = by_key.get_mut(&row.key)
            && seen.insert(row.game)
        {
            summary.tally.add(row.result);
            summary.capped += u32::from(row.end == "cap");
            summary.plies += row.plies;
        }
    }
    configs.iter().filter_map(|c| by_key.remove(&c.key()).map(|(s, _)| s)).collect()
}

/// Runs the games not yet in `games.csv`, then writes the summary and the
/// plot; returns the summaries.
pub fn run_balance(
    args: &BalanceArgs,
    on_progress: &mut dyn FnMut(usize, usize),
) -> anyhow::Result<Vec<Summary>> {
    let configs = configs(args)?;
    std::fs::create_dir_all(&args.out).with_context(|| format!("cannot create {}", args.out.display()))?;
    let games_path = args.out.join("games.csv");
    let mut rows = read_games(&games_path)?;
    let done: HashSet<(String, usize)> = rows.iter().map(|r| (r.key.clone(), r.game)).collect();
    let jobs: Vec<(usize, usize)> = configs
        .iter()
        .enumerate()
        .flat_map(|(c, config)| {
            (0..args.games).map(move |g| (c, g)).filter(|&(_, g)| !done.contains(&(config.key(), g)))
        })
        .collect();
    let fresh = !games_path.exists();
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&games_path)
        .with_context(|| format!("cannot write {}", games_path.display()))?;
    if fresh {
        writeln!(file, "{GAMES_HEADER}")?;
    } else if std::fs::read(&games_path)?.last().is_some_and(|&b| b != b'\n') {
        writeln!(file)?;
    }
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let (sender, finished) = mpsc::channel();
    let total = jobs.len();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..args.threads.clamp(1, total.max(1)) {
            let sender = sender.clone();
            let (next, abort, jobs, configs) = (&next, &abort, &jobs, &configs);
            scope.spawn(move || {
                while !abort.load(Ordering::Relaxed) {
                    let Some(&(c, g)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else { return };
                    if sender.send(play_game(&configs[c], g, args)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (count, row) in finished.into_iter().enumerate() {
            let row = row.inspect_err(|_| abort.store(true, Ordering::Relaxed))?;
            writeln!(file, "{}", row.line())?;
            file.flush()?;
            rows.push(row);
            on_progress(count + 1, total);
        }
        Ok(())
    })?;
    let summaries = summarise(&configs, &rows);
    let mut summary = File::create(args.out.join("summary.csv"))?;
    writeln!(summary, "{SUMMARY_HEADER}")?;
    for s in &summaries {
        writeln!(summary, "{}", s.line())?;
    }
    crate::cmd::plot::balance_plot(&summaries, &args.out.join("balance.svg"), &args.board)?;
    Ok(summaries)
}

/// Runs `spielwerk amakta balance` with a progress line and a table.
pub fn run(args: &BalanceArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut shown = Progress::new();
    let summaries = run_balance(args, &mut |done, total| {
        let seconds = started.elapsed().as_secs_f64();
        let eta = seconds / done as f64 * (total - done) as f64;
        shown.show(&format!("games {done}/{total}  {seconds:.0} s, about {eta:.0} s left"));
    })?;
    shown.finish();
    println!(
        "{:<44} {:>5} {:>17} {:>6} {:>6} {:>6}",
        "set / circles", "games", "score (95 %)", "draws", "decis.", "plies"
    );
    for s in &summaries {
        let (low, high) = s.interval();
        let games = f64::from(s.tally.games().max(1));
        let label = s.key.split_once(',').map_or(s.key.as_str(), |(_, rest)| rest);
        println!(
            "{:<44} {:>5} {:.3} {:.3}-{:.3} {:>6.2} {:>6.2} {:>6.1}",
            label,
            s.tally.games(),
            s.score(),
            low,
            high,
            f64::from(s.tally.draws) / games,
            s.decisive_rate(),
            s.plies as f64 / games
        );
    }
    println!(
        "written: {}",
        ["games.csv", "summary.csv", "balance.svg"]
            .map(|f| args.out.join(f).display().to_string())
            .join(", ")
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(out: &Path) -> BalanceArgs {
        BalanceArgs {
            board: "hex3".into(),
            sets: vec!["beginner".into()],
            random: 1,
            stones: 3,
            max_arrows: 2,
            max_value: None,
            circles: vec!["none".into()],
            handicaps: 0,
            games: 2,
            nodes: 50,
            random_plies: 2,
            draw_after: 16,
            threads: 2,
            seed: 3,
            out: out.to_owned(),
        }
    }

    #[test]
    fn random_sets_keep_their_constraints_and_seed() {
        let sets = random_sets(20, 5, 2, Some(12), 7).unwrap();
        assert_eq!(sets.len(), 20);
        for set in &sets {
            assert_eq!(set.stones().len(), 5);
            assert!(set.stones().iter().all(|&s| arrows_of(s) <= 2));
            assert!(set.stones().iter().all(|&s| amakta::infinit::stone_value(s, Circle::None) <= 12));
            assert!(set.stones().iter().any(|&s| arrows_of(s) > 0));
        }
        assert_eq!(sets, random_sets(20, 5, 2, Some(12), 7).unwrap());
        assert_ne!(sets, random_sets(20, 5, 2, Some(12), 8).unwrap());
        assert!(random_sets(1, 40, 2, None, 1).is_err());
        assert!(random_sets(1, 3, 0, None, 1).is_err(), "only the empty stone has no arrows");
    }

    #[test]
    fn the_handicap_ladder_gives_white_circles() {
        let set = StoneSet::parse("100000 300000 000000").unwrap();
        assert_eq!(
            handicap_ladder(&set, 2),
            ["w:000001=d", "w:000001=d w:000003=d", "w:000001=r", "w:000001=r w:000003=r"]
        );
    }

    #[test]
    fn a_rerun_plays_nothing_new_and_games_are_reproducible() {
        let dir = std::env::temp_dir().join(format!("spielwerk-balance-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let args = args(&dir);
        let mut played = 0;
        let first = run_balance(&args, &mut |done, _| played = done).unwrap();
        assert_eq!(played, 4, "two sets, two games each");
        assert_eq!(first.iter().map(|s| s.tally.games()).sum::<u32>(), 4);
        let mut again = 0;
        let second = run_balance(&args, &mut |done, _| again = done).unwrap();
        assert_eq!(again, 0, "a rerun plays no game");
        assert_eq!(first, second);
        let lines = std::fs::read_to_string(dir.join("games.csv")).unwrap().lines().count();
        assert_eq!(lines, 5, "header and four games");
        let configs = configs(&args).unwrap();
        assert_eq!(
            play_game(&configs[0], 1, &args).unwrap(),
            read_games(&dir.join("games.csv"))
                .unwrap()
                .into_iter()
                .find(|r| r.key == configs[0].key() && r.game == 1)
                .unwrap()
        );
        assert!(std::fs::read_to_string(dir.join("balance.svg")).unwrap().contains("<svg"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn summaries_count_each_game_once() {
        let config =
            Config { board: "hex3".into(), set: StoneSet::parse("100000").unwrap(), circles: "none".into() };
        let row = |game, result: f64, end: &str| GameRow {
            key: config.key(),
            game,
            result,
            plies: 10,
            end: end.into(),
        };
        let rows = [row(0, 1.0, "base"), row(1, 0.5, "cap"), row(1, 0.0, "base"), row(2, 0.0, "base")];
        let summary = &summarise(std::slice::from_ref(&config), &rows)[0];
        assert_eq!(summary.tally, Tally { wins: 1, losses: 1, draws: 1 });
        assert_eq!(summary.capped, 1);
        assert!((summary.score() - 0.5).abs() < 1e-12);
        assert!((summary.decisive_rate() - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(GameRow::parse(&rows[0].line()), Some(rows[0].clone()));
        assert_eq!(GameRow::parse("hex3,000001,none,1,0."), None);
    }
}
