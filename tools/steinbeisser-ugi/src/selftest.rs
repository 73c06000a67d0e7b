//! `--selftest`: checks the translation between Spielwerk's and
//! Steinbeisser's boards.
//!
//! 1. Geometry: for every cell and direction, Spielwerk's neighbour and
//!    Steinbeisser's neighbour are the same cell under the translation.
//! 2. Move generation: along random games (biased towards pushes, so that
//!    ejections and finished games occur) from the three start layouts and
//!    from every opening of an openings file, at every position Spielwerk's
//!    legal moves, translated, are exactly Steinbeisser's legal moves
//!    (`PositionState::generate_legal_moves`), and for each legal move the
//!    position after it is the same in both (pushes and ejections
//!    included).
//! 3. Search: at every 16th position a depth-2 Steinbeisser search returns
//!    a move that is legal for Spielwerk.

use crate::translate;
use abalone::{Cell, Direction, Layout, Move, Position};
use game::{Game, Player};
use std::collections::BTreeSet;

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
    games: u64,
    won_by_ejections: u64,
    failures: u64,
}

/// Options of the self-test.
pub struct Options {
    /// Random games from each start.
    pub games: usize,
    /// Plies per random game at most.
    pub plies: usize,
    /// Openings file (position text a line; `#` comments).
    pub openings: Option<String>,
    /// The seed of the random games.
    pub seed: u64,
}

/// Runs the self-test; true when everything agreed.
pub fn run(options: &Options) -> bool {
    let mut tally = Tally::default();
    check_geometry(&mut tally);
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
    let per_start = |name: &str| {
        if name.contains(':') { 1.max(options.games / 4) } else { options.games }
    };
    for (name, start) in &starts {
        for _ in 0..per_start(name) {
            play_random_game(name, start.clone(), options.plies, &mut rng, &mut tally);
        }
    }
    println!(
        "selftest: {} starts, {} games ({} won by 6 ejections), {} positions, {} legal moves compared \
         ({} pushes, {} ejections), {} searches checked, {} failures",
        starts.len(),
        tally.games,
        tally.won_by_ejections,
        tally.positions,
        tally.moves,
        tally.pushes,
        tally.ejections,
        tally.searches,
        tally.failures
    );
    tally.failures == 0
}

/// Check 1: neighbours of every cell in every direction.
fn check_geometry(tally: &mut Tally) {
    let geometry = steinbeisser::geometry();
    for cell in Cell::all() {
        for dir in Direction::ALL {
            let sw = cell.neighbour(dir).map(|n| n.index());
            let sb = geometry.cell(translate::cell_to_sb(cell)).neighbors
                [translate::direction_to_sb(dir).index()]
            .map(|n| n.as_usize());
            if sw != sb {
                println!(
                    "FAIL neighbour of {cell} towards {}: Spielwerk {sw:?}, Steinbeisser {sb:?}",
                    dir.name()
                );
                tally.failures += 1;
            }
        }
    }
}

/// Plays one random game from `start`, checking every position.
fn play_random_game(name: &str, start: Position, plies: usize, rng: &mut Rng, tally: &mut Tally) {
    tally.games += 1;
    let mut position = start;
    for _ in 0..=plies {
        if position.outcome().is_some() {
            if position.outcome().and_then(|o| o.winner()).is_some()
                && Player::BOTH.iter().any(|p| position.ejected_by(*p) >= abalone::EJECTIONS_TO_WIN)
            {
                tally.won_by_ejections += 1;
            }
            return;
        }
        let moves = check_position(name, &position, tally);
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

/// Checks one position (check 2, and check 3 at every 16th); returns
/// Spielwerk's legal moves.
fn check_position(name: &str, position: &Position, tally: &mut Tally) -> Vec<Move> {
    tally.positions += 1;
    let text = position.position_text();
    let fail = |tally: &mut Tally, what: String| {
        println!("FAIL [{name}] {text}: {what}");
        tally.failures += 1;
    };
    if let Some(mismatch) = translate::ejection_mismatch(position) {
        fail(tally, format!("marbles and ejections disagree: {mismatch}"));
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let sb_position = translate::position_to_sb(position);
    let state = match steinbeisser::PositionState::new(sb_position.clone()) {
        Ok(state) => state,
        Err(error) => {
            fail(tally, format!("Steinbeisser rejects the position: {error}"));
            return moves;
        }
    };
    let sw_keys: BTreeSet<(Vec<u8>, usize)> =
        moves.iter().map(|mv| translate::key_of_sw(*mv)).map(|(c, d)| (c, d.index())).collect();
    let sb_keys: BTreeSet<(Vec<u8>, usize)> =
        state.generate_legal_moves().iter().map(translate::key_of_sb).map(|(c, d)| (c, d.index())).collect();
    if sw_keys.len() != moves.len() {
        fail(tally, format!("{} Spielwerk moves but {} distinct keys", moves.len(), sw_keys.len()));
    }
    if sw_keys != sb_keys {
        let only_sw: Vec<_> = sw_keys.difference(&sb_keys).collect();
        let only_sb: Vec<_> = sb_keys.difference(&sw_keys).collect();
        fail(tally, format!("move sets differ: only Spielwerk {only_sw:?}, only Steinbeisser {only_sb:?}"));
    }
    for &mv in &moves {
        tally.moves += 1;
        if mv.pushed() > 0 {
            tally.pushes += 1;
        }
        if mv.ejects() {
            tally.ejections += 1;
        }
        let mut child = position.clone();
        child.play(mv);
        let mut sb_state = state.clone();
        match sb_state.apply_move(&translate::move_to_sb(mv)) {
            Ok(_) => {
                let expected = translate::position_to_sb(&child);
                let got = steinbeisser::Position::new(
                    sb_state.position().side_to_move(),
                    sb_state.position().black().to_vec(),
                    sb_state.position().white().to_vec(),
                );
                if got.as_ref() != Ok(&expected) {
                    fail(
                        tally,
                        format!(
                            "after {}: Steinbeisser {got:?}, Spielwerk {expected}",
                            position.format_move(mv)
                        ),
                    );
                }
            }
            Err(error) => {
                fail(tally, format!("Steinbeisser cannot play {}: {error:?}", position.format_move(mv)))
            }
        }
    }
    if tally.positions.is_multiple_of(16) && !moves.is_empty() {
        tally.searches += 1;
        let turn = position.plies().min(300) as u16;
        match steinbeisser::search::search_fixed_depth_with_turn(&sb_position, &[], 0, turn, 2, None) {
            Ok(result) => {
                let legal = result.best_move.and_then(|mv| translate::move_to_sw(position, &mv));
                if legal.is_none() {
                    fail(
                        tally,
                        format!("search move {:?} is not legal", result.best_move.map(|m| m.to_string())),
                    );
                }
            }
            Err(error) => fail(tally, format!("search failed: {error}")),
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::{Options, run};

    /// A short self-test (three start layouts, two random games each) as a
    /// unit test; `--selftest` runs the long one.
    #[test]
    fn translation_agrees_with_spielwerk() {
        assert!(run(&Options { games: 2, plies: 150, openings: None, seed: 7 }));
    }
}
