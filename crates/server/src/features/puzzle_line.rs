//! The puzzles a game's registry entry brings ([`game::PuzzleRules::set`])
//! with their ids, the choice of the next puzzle near a rating, and the
//! judging of a learner's moves against a puzzle's solution by the rules.

use crate::core::error::DomainError;
use crate::features::puzzle_kinds::Theme;
use game::{DynGame, GameEntry, GameError, GameResult, Language, Puzzle, Registry, Text, puzzle_game, text};
use rand::Rng;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

/// How many of the puzzles nearest the wanted rating the next one is drawn
/// from at least (so that a learner does not always get the same).
pub const NEAREST: usize = 5;

/// How far from the wanted rating a puzzle may be rated and still be drawn:
/// the sets' ratings come in steps of 250–300 points, so drawing only the
/// [`NEAREST`] would give a new player (at 1500) the few puzzles of one
/// rating, over and over.
pub const BAND: f64 = 300.0;

/// The longest puzzle id accepted (longer ones are unknown without a look).
const MAX_ID_LENGTH: usize = 64;

/// A puzzle of a committed set, with its id.
#[derive(Clone, Debug)]
pub struct SetPuzzle {
    /// `<game>-<12 hex digits>`: the game and a hash of the position and
    /// the solution, so that it stays when the set is re-ordered or grows.
    pub id: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its themes ([`themes_of`]).
    pub themes: Vec<Theme>,
}

/// The id of `puzzle` (see [`SetPuzzle::id`]).
pub fn puzzle_id(puzzle: &Puzzle) -> String {
    let digest = Sha256::digest(format!("{}\t{}", puzzle.position, puzzle.line.join(" ")).as_bytes());
    let mut id = format!("{}-", puzzle.game);
    for byte in &digest[..6] {
        let _ = write!(id, "{byte:02x}");
    }
    id
}

/// The entries of the games that have a puzzle set with puzzles in it.
pub fn games_with_puzzles(registry: &Registry) -> impl Iterator<Item = &GameEntry> {
    registry.entries().iter().filter(|entry| entry.puzzles.is_some_and(|rules| !set_is_empty(rules.set)))
}

/// Whether a set has no puzzle line.
fn set_is_empty(set: &str) -> bool {
    set.lines().all(|line| line.trim().is_empty() || line.starts_with('#'))
}

/// The entry of `game`, which must have puzzles (404 otherwise).
pub fn puzzle_entry<'a>(registry: &'a Registry, game: &str) -> Result<&'a GameEntry, DomainError> {
    games_with_puzzles(registry).find(|entry| entry.name == game).ok_or_else(|| not_a_puzzle_game(game))
}

/// The sets read so far, by the address of their text (a set is static
/// text of its game's crate, read and replayed once).
static SETS: LazyLock<Mutex<HashMap<usize, Arc<Vec<SetPuzzle>>>>> = LazyLock::new(Mutex::default);

/// The puzzles of `entry`'s committed set, with their ids and themes.
pub fn puzzle_set(registry: &Registry, entry: &GameEntry) -> Result<Arc<Vec<SetPuzzle>>, DomainError> {
    let rules = entry.puzzles.ok_or_else(|| not_a_puzzle_game(entry.name))?;
    let key = rules.set.as_ptr() as usize;
    if let Some(set) = SETS.lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return Ok(Arc::clone(set));
    }
    let broken = |reason: String| {
        let game = entry.name;
        DomainError::internal(text!(
            "the puzzle set of {game} is broken: {reason}",
            "die Aufgabensammlung von {game} ist fehlerhaft: {reason}"
        ))
    };
    let puzzles = game::read_puzzles(rules.set).map_err(|error| broken(error.to_string()))?;
    let set = puzzles
        .into_iter()
        .map(|puzzle| {
            let themes = themes_of(registry, &puzzle).map_err(|error| broken(error.to_string()))?;
            Ok(SetPuzzle { id: puzzle_id(&puzzle), puzzle, themes })
        })
        .collect::<Result<Vec<_>, DomainError>>()?;
    let set = Arc::new(set);
    SETS.lock().unwrap_or_else(PoisonError::into_inner).insert(key, Arc::clone(&set));
    Ok(set)
}

/// 404 for a game without puzzles.
pub fn not_a_puzzle_game(game: &str) -> DomainError {
    DomainError::not_found(text!("no puzzles for '{game}'", "keine Aufgaben für „{game}“"))
}

/// The puzzle `id` with its game's entry (404 when there is none).
pub fn find_puzzle<'a>(registry: &'a Registry, id: &str) -> Result<(&'a GameEntry, SetPuzzle), DomainError> {
    let unknown = || DomainError::not_found(text!("no puzzle '{id}'", "keine Aufgabe „{id}“"));
    let readable = id.len() <= MAX_ID_LENGTH
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    let Some((game, _)) = id.rsplit_once('-').filter(|_| readable) else { return Err(unknown()) };
    let entry = puzzle_entry(registry, game).map_err(|_| unknown())?;
    let found = puzzle_set(registry, entry)?.iter().find(|candidate| candidate.id == id).cloned();
    Ok((entry, found.ok_or_else(unknown)?))
}

/// The next puzzle for a learner whose rating is `target`: of `candidates`
/// (each with its current rating), one of those rated within [`BAND`] of
/// `target` — or of the [`NEAREST`] nearest, if that is more — at random;
/// `None` when there are none.
pub fn choose<'a, T>(candidates: &'a [(T, f64)], target: f64, rng: &mut impl Rng) -> Option<&'a (T, f64)> {
    let mut order: Vec<&(T, f64)> = candidates.iter().collect();
    order.sort_by(|a, b| (a.1 - target).abs().total_cmp(&(b.1 - target).abs()));
    let within = order.iter().take_while(|candidate| (candidate.1 - target).abs() <= BAND).count();
    order.truncate(within.max(NEAREST));
    (!order.is_empty()).then(|| order[rng.random_range(0..order.len())])
}

/// The verdict on a learner's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The puzzle is solved: the solution's last move, or a move that wins
    /// the game at once.
    Right,
    /// Right so far; the opponent answered `reply` (canonical text).
    Continue {
        /// The opponent's reply from the solution.
        reply: String,
    },
    /// The last move (canonical text) is legal but not the solution's;
    /// `None` when the learner gave up before a wrong move.
    Wrong {
        /// The wrong move.
        played: Option<String>,
    },
}

/// The judged moves: the verdict, the line played (the learner's moves
/// and the replies, canonical text; without a wrong move) and the game
/// after it.
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The moves played from the puzzle's position.
    pub line: Vec<String>,
    /// The game after `line`.
    pub game: Box<dyn DynGame>,
}

/// Why a learner's moves cannot be judged (a 4xx).
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// Move `number` (from 1) of the learner is not legal there.
    #[error("move {number} is not legal: {error}")]
    Illegal {
        /// The learner's move number, from 1.
        number: usize,
        /// The rules' reason.
        error: GameError,
    },
    /// More moves than the solution has for the learner, or moves after a
    /// wrong one or after the puzzle was solved.
    #[error("{given} moves where at most {expected} can be judged")]
    TooMany {
        /// How many could be judged.
        expected: usize,
        /// How many were sent.
        given: usize,
    },
    /// No moves and no giving up: nothing to judge.
    #[error("no moves")]
    Empty,
    /// The committed puzzle does not replay (a broken set).
    #[error("the puzzle is broken: {0}")]
    Broken(GameError),
}

impl LineError {
    /// The message in both languages.
    pub fn message(&self) -> Text {
        match self {
            LineError::Illegal { number, error } => {
                let (en, de) = (error.message(Language::English), error.message(Language::German));
                text!("move {number}: {en}", "Zug {number}: {de}")
            }
            LineError::TooMany { expected, given } => text!(
                "{given} moves sent, but the puzzle takes at most {expected} here",
                "{given} Züge geschickt, aber die Aufgabe braucht hier höchstens {expected}"
            ),
            LineError::Empty => text!("no moves to check", "keine Züge zu prüfen"),
            LineError::Broken(error) => {
                let (en, de) = (error.message(Language::English), error.message(Language::German));
                text!("the puzzle is broken: {en}", "die Aufgabe ist fehlerhaft: {de}")
            }
        }
    }

    /// As a domain error: 422 for the learner's moves, 500 for a broken
    /// puzzle.
    pub fn into_domain(self) -> DomainError {
        match self {
            LineError::Broken(_) => DomainError::internal(self.message()),
            _ => DomainError::unprocessable(self.message()),
        }
    }
}

/// A fresh game at the puzzle's position.
pub fn start_game(registry: &Registry, puzzle: &Puzzle) -> Result<Box<dyn DynGame>, LineError> {
    puzzle_game(registry, &puzzle.game, &puzzle.position).map_err(LineError::Broken)
}

/// The game at the position before a puzzle's lead-in, and the lead-in
/// move in canonical text.
pub type LeadInGame = (Box<dyn DynGame>, String);

/// The game at the position before the puzzle's lead-in and the lead-in
/// move in canonical text, checked to lead to the puzzle's position;
/// `None` for a puzzle without a lead-in.
pub fn lead_in_game(registry: &Registry, puzzle: &Puzzle) -> Result<Option<LeadInGame>, LineError> {
    let Some(lead_in) = &puzzle.lead_in else { return Ok(None) };
    let before = puzzle_game(registry, &puzzle.game, &lead_in.position).map_err(LineError::Broken)?;
    let mut after = before.clone_box();
    let mv = after.play(&lead_in.mv).map_err(LineError::Broken)?;
    if after.position() != start_game(registry, puzzle)?.position() {
        let reason = text!(
            "the lead-in {mv} does not lead to the puzzle's position",
            "der Zug {mv} davor führt nicht zur Stellung der Aufgabe"
        );
        return Err(LineError::Broken(GameError::InvalidPosition(reason)));
    }
    Ok(Some((before, mv)))
}

/// The solution in canonical move text, and the game at its end.
pub fn solution(registry: &Registry, puzzle: &Puzzle) -> Result<(Vec<String>, Box<dyn DynGame>), LineError> {
    let mut game = start_game(registry, puzzle)?;
    let line =
        puzzle.line.iter().map(|mv| game.play(mv)).collect::<Result<_, _>>().map_err(LineError::Broken)?;
    Ok((line, game))
}

/// The themes of `puzzle`: how it ends (its solution replayed by the
/// rules) and how long it is.
pub fn themes_of(registry: &Registry, puzzle: &Puzzle) -> Result<Vec<Theme>, LineError> {
    let (_, end) = solution(registry, puzzle)?;
    let solver = start_game(registry, puzzle)?.side_to_move();
    let won = end.outcome().is_some_and(|outcome| outcome.result == GameResult::Win(solver));
    let length = match puzzle.line.len().div_ceil(2) {
        1 => Theme::OneMove,
        2 => Theme::Short,
        _ => Theme::Long,
    };
    Ok(vec![if won { Theme::Win } else { Theme::Gain }, length])
}

/// Judges the learner's `moves` (the learner's own, the opponent's replies
/// come from the solution) by the rules against `puzzle`'s solution.
pub fn judge(registry: &Registry, puzzle: &Puzzle, moves: &[String]) -> Result<Judged, LineError> {
    let mut game = start_game(registry, puzzle)?;
    let solver = game.side_to_move();
    let expected = puzzle.line.len().div_ceil(2);
    if moves.len() > expected {
        return Err(LineError::TooMany { expected, given: moves.len() });
    }
    let mut line = Vec::new();
    let mut verdict = Verdict::Wrong { played: None };
    for (index, mv) in moves.iter().enumerate() {
        if index > 0 && !matches!(verdict, Verdict::Continue { .. }) {
            return Err(LineError::TooMany { expected: index, given: moves.len() });
        }
        let mut solution_game = game.clone_box();
        let wanted = solution_game.play(&puzzle.line[2 * index]).map_err(LineError::Broken)?;
        let before = game.clone_box();
        let played = game.play(mv).map_err(|error| LineError::Illegal { number: index + 1, error })?;
        let won = game.outcome().is_some_and(|outcome| outcome.result == GameResult::Win(solver));
        verdict = if played != wanted && !won {
            game = before;
            Verdict::Wrong { played: Some(played) }
        } else if let Some(reply) = puzzle.line.get(2 * index + 1).filter(|_| !won) {
            line.push(played);
            let reply = game.play(reply).map_err(LineError::Broken)?;
            line.push(reply.clone());
            Verdict::Continue { reply }
        } else {
            line.push(played);
            Verdict::Right
        };
    }
    Ok(Judged { verdict, line, game })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn the_next_puzzle_is_one_within_the_band_or_of_the_nearest_to_the_rating() {
        // Rated 1000, 1100, …: within 300 of 1520 are 1300 to 1800 (3 to 8).
        let candidates: Vec<(usize, f64)> = (0..20).map(|i| (i, 1000.0 + 100.0 * i as f64)).collect();
        let mut rng = StdRng::seed_from_u64(7);
        let mut drawn = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let (index, rating) = choose(&candidates, 1520.0, &mut rng).unwrap();
            assert!((3..=8).contains(index), "{index} at {rating}");
            drawn.insert(*index);
        }
        assert_eq!(drawn.len(), 6, "each of the band: {drawn:?}");
        // Rated 1000 apart: none but one within the band, so the five nearest.
        let sparse: Vec<(usize, f64)> = (0..10).map(|i| (i, 1000.0 * i as f64)).collect();
        for _ in 0..50 {
            let (index, rating) = choose(&sparse, 4100.0, &mut rng).unwrap();
            assert!((2..=6).contains(index), "{index} at {rating}");
        }
        assert!(choose::<usize>(&[], 1500.0, &mut rng).is_none());
    }

    #[test]
    fn a_new_player_gets_puzzles_of_every_rating_within_the_band() {
        // Ataxx's set at its ratings: the five nearest 1500 are all rated
        // 1550, which is all a new player saw.
        let registry = games::registry();
        let set = puzzle_set(&registry, puzzle_entry(&registry, "ataxx").unwrap()).unwrap();
        let rated: Vec<(&SetPuzzle, f64)> = set.iter().map(|p| (p, f64::from(p.puzzle.rating))).collect();
        let mut rng = StdRng::seed_from_u64(3);
        let mut seen = std::collections::BTreeSet::new();
        let mut ids = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let (puzzle, rating) = choose(&rated, 1500.0, &mut rng).unwrap();
            assert!((rating - 1500.0).abs() <= BAND, "{rating}");
            seen.insert(*rating as u32);
            ids.insert(puzzle.id.clone());
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [1250, 1300, 1550], "the ratings drawn");
        assert!(ids.len() > 2 * NEAREST, "{} puzzles drawn", ids.len());
    }

    #[test]
    fn ids_name_the_game_and_stay_with_the_puzzle() {
        let puzzle: Puzzle = "amakta-infinit\tsome position\ta b c\t1200".parse().unwrap();
        let id = puzzle_id(&puzzle);
        assert!(id.starts_with("amakta-infinit-") && id.len() == "amakta-infinit-".len() + 12, "{id}");
        assert_eq!(id, puzzle_id(&Puzzle { rating: 1700, ..puzzle.clone() }), "the rating is not part of it");
        assert_ne!(id, puzzle_id(&Puzzle { line: vec!["a".into()], ..puzzle }));
    }

    #[test]
    fn every_committed_puzzle_has_an_end_and_a_length() {
        let registry = games::registry();
        for entry in games_with_puzzles(&registry) {
            let set = puzzle_set(&registry, entry).unwrap();
            for puzzle in set.iter() {
                let [end, length] = puzzle.themes[..] else { panic!("{}: {:?}", puzzle.id, puzzle.themes) };
                assert!(matches!(end, Theme::Win | Theme::Gain), "{}", puzzle.id);
                assert!(matches!(length, Theme::OneMove | Theme::Short | Theme::Long), "{}", puzzle.id);
            }
        }
    }
}
