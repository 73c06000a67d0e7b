//! `--selftest`: checks the engine-side program's translation against
//! Spielwerk's rules.
//!
//! Along random games (biased towards pushes, so that ejections and
//! finished games occur) from the three start layouts and from every
//! opening of an openings file, at every position the engine's legal moves
//! (as the marbles after each) must be exactly Spielwerk's. This checks the
//! cells, the directions, the sides and the engine's move generation,
//! pushes and ejections included. At every 16th position a short search
//! must return one of Spielwerk's legal moves; its time is measured
//! against its budget.

use crate::engine::{self, Engine, Marbles};
use abalone::{Cell, Layout, Move, Position};
use game::{Game, Player};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// A small xorshift64* generator (no dependencies needed for a test).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What the self-test found.
#[derive(Default)]
struct Tally {
    positions: u64,
    moves: u64,
    pushes: u64,
    ejections: u64,
    searches: u64,
    slowest_search_ms: u128,
    most_search_cpu_ms: u64,
    games: u64,
    won_by_ejections: u64,
    failures: u64,
    /// Spielwerk's legal moves the engine did not list, by kind.
    missing: BTreeMap<String, u64>,
    /// Moves the engine listed that Spielwerk does not allow.
    extra: u64,
}

/// Failures printed in full; the rest are only counted.
const FAILURES_SHOWN: u64 = 12;

/// The kind of a move in `position`, for the tally of the moves an engine
/// misses. A push that ejects nothing is "blocked beyond" when the cell after
/// the one its last pushed marble goes to is taken.
fn kind(position: &Position, mv: Move) -> String {
    let shape = if mv.is_inline() { "inline" } else { "broadside" };
    let push = match mv.pushed() {
        0 => String::new(),
        n => format!(" pushing {n}"),
    };
    let eject = if mv.ejects() {
        " (ejecting)"
    } else if mv.pushed() > 0 && blocked_beyond(position, mv) {
        " (blocked beyond)"
    } else {
        ""
    };
    format!("{} marble(s) {shape}{push}{eject}", mv.count())
}

/// Whether the cell two steps past the last marble a push moves is taken.
fn blocked_beyond(position: &Position, mv: Move) -> bool {
    let dir = mv.direction();
    let marbles: Vec<Cell> = mv.marbles().collect();
    let Some(head) =
        marbles.iter().copied().find(|cell| cell.neighbour(dir).is_none_or(|n| !marbles.contains(&n)))
    else {
        return false;
    };
    let mut cell = Some(head);
    for _ in 0..usize::from(mv.pushed()) + 2 {
        cell = cell.and_then(|c| c.neighbour(dir));
    }
    cell.is_some_and(|c| position.marble_at(c).is_some())
}

/// Options of the self-test.
pub struct Options {
    /// Random games from each start layout (a quarter of it from each opening).
    pub games: usize,
    /// Plies per random game at most.
    pub plies: usize,
    /// Openings file (position text a line; `#` comments).
    pub openings: Option<String>,
    /// The seed of the random games.
    pub seed: u64,
    /// The budget of the searches, in milliseconds.
    pub search_ms: u64,
}

/// Runs the self-test against `engine`; true when everything agreed.
pub fn run(engine: &mut Engine, options: &Options) -> bool {
    let mut tally = Tally::default();
    let mut starts: Vec<(String, Position)> =
        Layout::ALL.iter().map(|layout| (layout.name().to_owned(), Position::new(*layout))).collect();
    if let Some(path) = &options.openings {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                for (number, line) in text.lines().enumerate() {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    match line.parse::<Position>() {
                        Ok(position) => starts.push((format!("{path}:{}", number + 1), position)),
                        Err(error) => {
                            println!("FAIL cannot read opening {path}:{}: {error}", number + 1);
                            tally.failures += 1;
                        }
                    }
                }
            }
            Err(error) => {
                println!("FAIL cannot read {path}: {error}");
                tally.failures += 1;
            }
        }
    }
    let mut rng = Rng(options.seed.max(1));
    for (name, start) in &starts {
        let games = if name.contains(':') { 1.max(options.games / 4) } else { options.games };
        for _ in 0..games {
            play_random_game(engine, name, start.clone(), options, &mut rng, &mut tally);
        }
    }
    println!(
        "selftest ({}): {} starts, {} games ({} won by 6 ejections), {} positions, {} legal moves compared \
         ({} pushes, {} ejections), {} searches of {} ms checked (slowest {} ms, most processor time {} ms), {} failures",
        engine.name,
        starts.len(),
        tally.games,
        tally.won_by_ejections,
        tally.positions,
        tally.moves,
        tally.pushes,
        tally.ejections,
        tally.searches,
        options.search_ms,
        tally.slowest_search_ms,
        tally.most_search_cpu_ms,
        tally.failures
    );
    if tally.failures > 0 {
        println!(
            "differences: {} moves listed by the engine that Spielwerk does not allow; Spielwerk's moves the engine does not list, by kind: {:?}",
            tally.extra, tally.missing
        );
    }
    tally.failures == 0
}

/// Plays one random game from `start`, checking every position.
fn play_random_game(
    engine: &mut Engine,
    name: &str,
    start: Position,
    options: &Options,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    tally.games += 1;
    let mut position = start;
    for _ in 0..=options.plies {
        if position.outcome().is_some() {
            if Player::BOTH.iter().any(|p| position.ejected_by(*p) >= abalone::EJECTIONS_TO_WIN) {
                tally.won_by_ejections += 1;
            }
            return;
        }
        let moves = check_position(engine, name, &position, options, tally);
        if moves.is_empty() {
            return;
        }
        let pushes: Vec<Move> = moves.iter().copied().filter(|mv| mv.pushed() > 0).collect();
        let mv = if !pushes.is_empty() && rng.below(2) == 0 {
            pushes[rng.below(pushes.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        position.play(mv);
    }
}

/// Checks one position (and searches at every 16th); returns Spielwerk's
/// legal moves.
fn check_position(
    engine: &mut Engine,
    name: &str,
    position: &Position,
    options: &Options,
    tally: &mut Tally,
) -> Vec<Move> {
    tally.positions += 1;
    let text = position.position_text();
    let fail = |tally: &mut Tally, what: String| {
        tally.failures += 1;
        if tally.failures <= FAILURES_SHOWN {
            println!("FAIL [{name}] {text}: {what}");
        }
    };
    let results = engine::spielwerk_results(position);
    let moves: Vec<Move> = results.iter().map(|(_, mv)| *mv).collect();
    for mv in &moves {
        tally.moves += 1;
        tally.pushes += u64::from(mv.pushed() > 0);
        tally.ejections += u64::from(mv.ejects());
    }
    if let Err(error) = engine.set_position(position) {
        fail(tally, format!("the engine rejects the position: {error}"));
        return moves;
    }
    let spielwerk: BTreeSet<Marbles> = results.iter().map(|(after, _)| *after).collect();
    if spielwerk.len() != results.len() {
        fail(tally, format!("{} Spielwerk moves but {} distinct results", results.len(), spielwerk.len()));
    }
    match engine.moves() {
        Ok(list) => {
            let theirs: BTreeSet<Marbles> = list.iter().copied().collect();
            if theirs.len() != list.len() {
                fail(tally, format!("the engine lists {} moves, {} distinct", list.len(), theirs.len()));
            }
            if theirs != spielwerk {
                let missing: Vec<Move> =
                    results.iter().filter(|(after, _)| !theirs.contains(after)).map(|(_, mv)| *mv).collect();
                for mv in &missing {
                    *tally.missing.entry(kind(position, *mv)).or_default() += 1;
                }
                tally.extra += theirs.difference(&spielwerk).count() as u64;
                let only_sw: Vec<String> = missing.iter().map(|mv| position.format_move(*mv)).collect();
                let only_engine: Vec<String> =
                    theirs.difference(&spielwerk).map(|(p1, p2)| format!("{p1:x}:{p2:x}")).collect();
                fail(
                    tally,
                    format!("move sets differ: only Spielwerk {only_sw:?}, only the engine {only_engine:?}"),
                );
            }
        }
        Err(error) => fail(tally, format!("moves: {error}")),
    }
    if tally.positions.is_multiple_of(16) && !moves.is_empty() {
        tally.searches += 1;
        let cpu_before = engine.cpu_ms();
        let started = Instant::now();
        let found = engine.go(options.search_ms);
        let elapsed = started.elapsed().as_millis();
        tally.slowest_search_ms = tally.slowest_search_ms.max(elapsed);
        if let (Some(before), Some(after)) = (cpu_before, engine.cpu_ms()) {
            tally.most_search_cpu_ms = tally.most_search_cpu_ms.max(after.saturating_sub(before));
        }
        match found {
            Ok(found) if spielwerk.contains(&found.after) => {}
            Ok(found) => fail(
                tally,
                format!("the search's move (to {:x}:{:x}) is not legal", found.after.0, found.after.1),
            ),
            Err(error) => fail(tally, format!("search: {error}")),
        }
    }
    moves
}
