//! Puzzle mining: self-play games of a game's engine, every position
//! scanned with a two-line (multi-PV) search; where the best move beats
//! every other by the game's [`PuzzleRules::min_gap`], a deeper search
//! verifies it and its line is followed to a clear gain (the solver's win,
//! or the game's [`PuzzleRules::material_gain`]).
//!
//! A candidate becomes a puzzle when, on a fresh game from its position
//! text:
//! - the verification search (two lines, [`PuzzleRules::verify_depth`])
//!   keeps the gap, and its best line reaches a clear gain within
//!   [`PuzzleRules::max_plies`] plies, ending with a move of the solver;
//! - every later move of the solver in the line is again the only good one
//!   (a two-line scan, same gap), unless it wins the game at once;
//! - a one-line search at [`PuzzleRules::check_depth`] chooses the
//!   solution's first move (what the committed sets' test checks).
//!
//! The game's rules (thresholds, depths, the gain) come from its registry
//! entry, so the miner treats every game alike.

use crate::data::WIN;
use crate::datagen::random_opening;
use game::{
    DynGame, GameError, GameResult, LeadIn, Limits, Options, Player, Puzzle, PuzzleRules, Registry, Score,
    move_token, puzzle_game,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use thiserror::Error;

/// What to mine.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The registered name of the game.
    pub game: String,
    /// Stop after this many puzzles.
    pub target: usize,
    /// Play at most this many self-play games.
    pub games: usize,
    /// How many games are mined at the same time.
    pub threads: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Random legal moves played from the start before the engine takes
    /// over (their positions are not scanned).
    pub random_plies: u32,
    /// A self-play game still running after this many plies is left.
    pub max_plies: usize,
    /// The engine's hash size in MiB.
    pub hash_mb: usize,
    /// The scan depth in place of the game's [`PuzzleRules::scan_depth`].
    pub scan_depth: Option<u32>,
    /// The verification depth in place of the game's
    /// [`PuzzleRules::verify_depth`].
    pub verify_depth: Option<u32>,
    /// The least gap in place of the game's [`PuzzleRules::min_gap`] (in
    /// the scan and the verification alike).
    pub min_gap: Option<i32>,
}

impl Settings {
    /// Mining `target` puzzles of `game` from at most `games` games: one
    /// thread, seed 1, 6 random plies, at most 300 plies a game, 16 MiB
    /// hash, the game's own depths.
    #[must_use]
    pub fn new(game: &str, target: usize, games: usize) -> Settings {
        Settings {
            game: game.to_owned(),
            target,
            games,
            threads: 1,
            seed: 1,
            random_plies: 6,
            max_plies: 300,
            hash_mb: 16,
            scan_depth: None,
            verify_depth: None,
            min_gap: None,
        }
    }
}

/// How far a run has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Self-play games finished.
    pub games: usize,
    /// Positions scanned.
    pub positions: u64,
    /// Positions that passed the scan and were verified.
    pub candidates: u64,
    /// Puzzles written.
    pub puzzles: usize,
}

/// Why a run failed.
#[derive(Debug, Error)]
pub enum MineError {
    /// The game is unknown, has no engine, or played an illegal move (a
    /// bug).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The game has no puzzle rules in its registry entry.
    #[error("{0} has no puzzles")]
    NoPuzzles(String),
    /// The output could not be written.
    #[error("cannot write the puzzles: {0}")]
    Io(#[from] std::io::Error),
    /// The openings kept ending the game before the engine took over.
    #[error("no random opening of {0} plies left the game running")]
    NoOpening(u32),
}

/// The depths and rules one run uses.
#[derive(Clone, Copy)]
struct Plan {
    rules: &'static PuzzleRules,
    min_gap: i32,
    scan_depth: u32,
    verify_depth: u32,
}

/// What one game reports to the writer.
enum Found {
    /// A position was scanned; `candidate` when it was verified.
    Scanned { candidate: bool },
    /// A puzzle.
    Puzzle(Puzzle),
    /// The game ended (or failed).
    Done(Result<(), MineError>),
}

/// Mines puzzles and writes them to `out` (comment lines with the settings
/// first), calling `on_progress` after each scanned position and each
/// puzzle; returns the final progress.
pub fn mine(
    registry: &Registry,
    settings: &Settings,
    out: &mut dyn Write,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, MineError> {
    let entry = registry.get(&settings.game)?;
    let rules = entry.puzzles.ok_or_else(|| MineError::NoPuzzles(entry.name.to_owned()))?;
    let plan = Plan {
        rules,
        min_gap: settings.min_gap.unwrap_or(rules.min_gap),
        scan_depth: settings.scan_depth.unwrap_or(rules.scan_depth),
        verify_depth: settings.verify_depth.unwrap_or(rules.verify_depth),
    };
    writeln!(
        out,
        "# spielwerk puzzles mine: game {} seed {} random-plies {} min-gap {} scan-depth {} verify-depth {} check-depth {} max-plies {}",
        entry.name,
        settings.seed,
        settings.random_plies,
        plan.min_gap,
        plan.scan_depth,
        plan.verify_depth,
        rules.check_depth,
        rules.max_plies
    )?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let seen = Mutex::new(HashSet::new());
    let (sender, found) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.clamp(1, settings.games.max(1)) {
            let sender = sender.clone();
            let (next, stop, seen) = (&next, &stop, &seen);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= settings.games {
                        return;
                    }
                    let mut report = |found: Found| sender.send(found).is_ok();
                    let done =
                        mine_game(registry, entry.name, plan, settings, index, seen, stop, &mut report);
                    if !report(Found::Done(done)) {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut progress = Progress::default();
        for found in found {
            match found {
                Found::Scanned { candidate } => {
                    progress.positions += 1;
                    progress.candidates += u64::from(candidate);
                }
                Found::Puzzle(puzzle) if progress.puzzles < settings.target => {
                    writeln!(out, "{puzzle}")?;
                    out.flush()?;
                    progress.puzzles += 1;
                    if progress.puzzles >= settings.target {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Found::Puzzle(_) => {}
                Found::Done(result) => {
                    if let Err(error) = result {
                        stop.store(true, Ordering::Relaxed);
                        return Err(error);
                    }
                    progress.games += 1;
                }
            }
            on_progress(&progress);
        }
        Ok(progress)
    })
}

/// Plays self-play game `index` and reports what it finds, until the game
/// ends or `stop` is set.
#[allow(clippy::too_many_arguments)]
fn mine_game(
    registry: &Registry,
    name: &str,
    plan: Plan,
    settings: &Settings,
    index: usize,
    seen: &Mutex<HashSet<String>>,
    stop: &AtomicBool,
    report: &mut dyn FnMut(Found) -> bool,
) -> Result<(), MineError> {
    self_play(registry, name, plan.scan_depth, settings, index, stop, &mut |position, lines, lead_in| {
        let promising = stands_out(lines, plan);
        let fresh =
            promising && seen.lock().map(|mut seen| seen.insert(position.to_owned())).unwrap_or(false);
        let puzzle = if fresh { verify(registry, name, position, plan)? } else { None };
        if !report(Found::Scanned { candidate: fresh }) {
            return Ok(false);
        }
        Ok(match puzzle {
            Some(puzzle) => report(Found::Puzzle(Puzzle { lead_in: lead_in.cloned(), ..puzzle })),
            None => true,
        })
    })
}

/// What [`self_play`] shows of each position: its text, its two-line scan
/// and the move that led to it; `Ok(false)` stops the game.
type Visit<'a> = dyn FnMut(&str, &[(String, i32)], Option<&LeadIn>) -> Result<bool, MineError> + 'a;

/// Plays self-play game `index` of the miner: the seeded random opening,
/// then the best move of a two-line scan at `scan_depth` each ply, showing
/// each position after the opening to `visit`. The same settings and
/// engine play the same game.
fn self_play(
    registry: &Registry,
    name: &str,
    scan_depth: u32,
    settings: &Settings,
    index: usize,
    stop: &AtomicBool,
    visit: &mut Visit<'_>,
) -> Result<(), MineError> {
    let entry = registry.get(name)?;
    let options = entry.with_engine_defaults(&Options::new());
    let mut rng = SmallRng::seed_from_u64(settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64);
    let mut game = random_opening(registry, name, &options, settings.random_plies, &mut rng)
        .ok_or(MineError::NoOpening(settings.random_plies))??;
    let mut lead_in = opening_lead_in(registry, name, &options, game.as_ref())?;
    game.set_hash_mb(settings.hash_mb);
    game.new_game();
    let mut plies = 0;
    while game.outcome().is_none() && plies < settings.max_plies && !stop.load(Ordering::Relaxed) {
        let lines = two_lines(game.as_mut(), scan_depth)?;
        let Some(best) = lines.first().map(|(mv, _)| mv.clone()) else { break };
        let position = game.position();
        if !visit(&position, &lines, lead_in.as_ref())? {
            return Ok(());
        }
        game.play(&best)?;
        lead_in = Some(LeadIn { position, mv: move_token(&best) });
        plies += 1;
    }
    Ok(())
}

/// The last move of a random opening and the position before it (`None`
/// when no move was played).
fn opening_lead_in(
    registry: &Registry,
    name: &str,
    options: &Options,
    game: &dyn DynGame,
) -> Result<Option<LeadIn>, GameError> {
    let moves = game.moves();
    let Some((last, before)) = moves.split_last() else { return Ok(None) };
    let mut replay = registry.create(name, options, None)?;
    for mv in before {
        replay.play(mv)?;
    }
    Ok(Some(LeadIn { position: replay.position(), mv: move_token(last) }))
}

/// The best two moves at `depth` with their scores (fewer when there are
/// fewer legal moves).
fn two_lines(game: &mut dyn DynGame, depth: u32) -> Result<Vec<(String, i32)>, GameError> {
    let limits = Limits { multipv: 2, ..Limits::depth(depth) };
    let mut lines: BTreeMap<u32, (String, i32)> = BTreeMap::new();
    let thought = game.think(&limits, &AtomicBool::new(false), &mut |info| {
        if info.is_complete()
            && let Some(first) = info.pv.first()
        {
            lines.insert(info.multipv, (first.clone(), points(info.score)));
        }
    })?;
    if let (Some(best), Some(line)) = (thought.best, lines.get_mut(&1)) {
        line.0 = best;
    }
    Ok(lines.into_values().collect())
}

/// Whether the best of `lines` beats the second by the plan's gap (and,
/// for a game whose only gain is a win, whether it wins).
fn stands_out(lines: &[(String, i32)], plan: Plan) -> bool {
    let [(_, best), (_, second)] = lines else { return false };
    best - second >= plan.min_gap && (plan.rules.material_gain.is_some() || *best > WIN - 1000)
}

/// A search score in points: wins and losses as ±[`WIN`] less the plies to
/// them (a quicker win scores higher).
fn points(score: Score) -> i32 {
    let plies = |plies: u32| i32::try_from(plies).unwrap_or(999).min(999);
    match score {
        Score::Cp(cp) => cp.clamp(-(WIN - 1000), WIN - 1000),
        Score::Win(n) => WIN - plies(n),
        Score::Loss(n) => -WIN + plies(n),
    }
}

/// The puzzle at `position`, if the deeper search confirms it (see the
/// module docs).
fn verify(registry: &Registry, name: &str, position: &str, plan: Plan) -> Result<Option<Puzzle>, GameError> {
    let mut game = puzzle_game(registry, name, position)?;
    let limits = Limits { multipv: 2, ..Limits::depth(plan.verify_depth) };
    let mut lines: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    let mut scores: BTreeMap<u32, i32> = BTreeMap::new();
    game.think(&limits, &AtomicBool::new(false), &mut |info| {
        if info.is_complete() {
            lines.insert(info.multipv, info.pv.clone());
            scores.insert(info.multipv, points(info.score));
        }
    })?;
    let (Some(pv), Some(&best), Some(&second)) = (lines.get(&1), scores.get(&1), scores.get(&2)) else {
        return Ok(None);
    };
    if best - second < plan.min_gap {
        return Ok(None);
    }
    let Some(line) = line_to_gain(game.as_ref(), pv, plan)? else { return Ok(None) };
    if first_choice(game.as_mut(), plan.rules.check_depth)? != line[0] {
        return Ok(None);
    }
    let easy = first_choice(game.as_mut(), 1)? == line[0];
    let solver_moves = line.len().div_ceil(2) as u32;
    let rating = 1000 + 250 * (solver_moves - 1) + if easy { 0 } else { 300 };
    Ok(Some(Puzzle { game: name.to_owned(), position: position.to_owned(), line, rating, lead_in: None }))
}

/// The start of `pv` up to the first move of the solver after which the
/// solver has won or gained clearly, as single-token move text; `None` if
/// the line gets there too late, ends otherwise, or a later move of the
/// solver is not the only good one.
fn line_to_gain(start: &dyn DynGame, pv: &[String], plan: Plan) -> Result<Option<Vec<String>>, GameError> {
    let solver = start.side_to_move();
    let mut game = start.clone_box();
    let mut line = Vec::new();
    for (ply, mv) in pv.iter().enumerate().take(plan.rules.max_plies) {
        let solver_to_move = ply % 2 == 0;
        if (game.side_to_move() == solver) != solver_to_move {
            return Ok(None);
        }
        if solver_to_move && ply > 0 && !wins_at_once(game.as_ref(), mv, solver)? {
            let lines = two_lines(game.as_mut(), plan.scan_depth)?;
            if !stands_out(&lines, plan) || lines[0].0 != *mv {
                return Ok(None);
            }
        }
        game.play(mv)?;
        line.push(move_token(mv));
        if let Some(outcome) = game.outcome() {
            let won = outcome.result == GameResult::Win(solver);
            return Ok((won && solver_to_move).then_some(line));
        }
        let gained = plan.rules.material_gain.is_some_and(|gain| gain(&start.position(), &game.position()));
        if solver_to_move && gained {
            return Ok(Some(line));
        }
    }
    Ok(None)
}

/// Whether `mv` ends the game at once with `solver`'s win.
fn wins_at_once(game: &dyn DynGame, mv: &str, solver: Player) -> Result<bool, GameError> {
    let mut after = game.clone_box();
    after.play(mv)?;
    Ok(after.outcome().is_some_and(|outcome| outcome.result == GameResult::Win(solver)))
}

/// The engine's choice at `depth` with fresh tables, as single-token move
/// text ("" when there is no legal move).
pub fn first_choice(game: &mut dyn DynGame, depth: u32) -> Result<String, GameError> {
    game.new_game();
    let thought = game.think(&Limits::depth(depth), &AtomicBool::new(false), &mut |_| {})?;
    Ok(thought.best.map(|mv| move_token(&mv)).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::read_puzzles;

    #[test]
    fn mined_ataxx_puzzles_are_verified_lines_to_a_gain_with_their_lead_in() {
        let registry = games::registry();
        let mut settings = Settings::new("ataxx", 2, 6);
        settings.scan_depth = Some(2);
        settings.verify_depth = Some(3);
        let mut out = Vec::new();
        let mut reports = 0;
        let progress = mine(&registry, &settings, &mut out, &mut |_| reports += 1).unwrap();
        assert!(reports > 0 && progress.positions > 0, "{progress:?}");
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("# spielwerk puzzles mine: game ataxx"), "{text}");
        let puzzles = read_puzzles(&text).unwrap();
        assert_eq!(puzzles.len(), progress.puzzles);
        assert!(!puzzles.is_empty(), "six games of Ataxx give a puzzle: {progress:?}");
        let rules = registry.get("ataxx").unwrap().puzzles.unwrap();
        for puzzle in &puzzles {
            let mut game = puzzle_game(&registry, "ataxx", &puzzle.position).unwrap();
            let start = game.position();
            let side = game.side_to_move();
            assert_eq!(first_choice(game.as_mut(), rules.check_depth).unwrap(), puzzle.line[0]);
            for mv in &puzzle.line {
                game.play(mv).unwrap();
            }
            let gain = rules.material_gain.unwrap();
            assert!(gain(&start, &game.position()), "{puzzle}");
            // The move that led to the puzzle, from the position before it.
            let lead_in = puzzle.lead_in.as_ref().unwrap_or_else(|| panic!("no lead-in: {puzzle}"));
            let mut before = puzzle_game(&registry, "ataxx", &lead_in.position).unwrap();
            assert_ne!(before.side_to_move(), side);
            before.play(&lead_in.mv).unwrap();
            assert_eq!(before.position(), puzzle.position, "{puzzle}");
        }
    }

    #[test]
    fn a_game_without_puzzle_rules_or_engine_is_an_error() {
        let settings = Settings::new("amakta-infinit", 1, 1);
        let error = mine(&games::registry(), &settings, &mut Vec::new(), &mut |_| {}).unwrap_err();
        assert!(matches!(error, MineError::NoPuzzles(_)), "{error}");
        let settings = Settings::new("chess", 1, 1);
        assert!(mine(&games::registry(), &settings, &mut Vec::new(), &mut |_| {}).is_err());
    }
}
