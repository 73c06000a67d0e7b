//! Checks of the model's invariants, shared by the property tests of every
//! game crate and by the fuzz targets (`fuzz/`).
//!
//! Along a walk of moves, in every position:
//! - every generated move's text, and its single-token form
//!   ([`move_token`]), parses back to the same move,
//! - a move parsed from any text is among the generated ones,
//! - the legal moves are counted as many as are generated, with or
//!   without listing them, parts of them picked by index are those of the
//!   list, and generated moves are judged legal,
//! - the position text reads back with the same hash, legal moves, outcome
//!   and text;
//!
//! and through `DynGame` (with the feature `presentation`), a move text the game rejects changes nothing,
//! while an accepted one was a legal move and is taken back by `undo`;
//! and along walks of a [`History`] with moves taken back, the repetitions
//! it counts move by move are those a scan of the whole game finds.
//!
//! Each check returns `Err` with what went wrong instead of panicking, so a
//! caller decides how to fail.

#[cfg(feature = "presentation")]
use crate::{DynGame, Record};
use crate::{Game, GameError, History, MOVE_JOINER, Outcome, move_token};

/// How many of the last moves played a walk also tries as move text in
/// each position (legal once, they are often illegal later).
const RECENT_PROBES: usize = 8;

/// Walks from `start`, playing at each step the legal move `choice %
/// count` of the next `choices`, until the choices run out or the game
/// ends; checks [`check_position`] in every position reached, with
/// `probes` and the texts of the last moves played as the texts tried as
/// moves.
pub fn check_walk<G: Game>(
    start: G,
    choices: &[u8],
    probes: &[String],
    reread: impl Fn(&str) -> Result<G, GameError>,
) -> Result<(), String> {
    let mut position = start;
    let mut moves = Vec::new();
    let mut tried = probes.to_vec();
    for &choice in choices {
        check_position(&position, &tried, &reread)?;
        if position.outcome().is_some() {
            return Ok(());
        }
        moves.clear();
        position.legal_moves(&mut moves);
        let Some(&mv) = moves.get(usize::from(choice) % moves.len().max(1)) else {
            return Err(format!("no legal moves but no outcome in '{}'", position.position_text()));
        };
        tried.push(position.format_move(mv));
        if tried.len() > probes.len() + RECENT_PROBES {
            tried.remove(probes.len());
        }
        position.play(mv);
    }
    check_position(&position, &tried, &reread)
}

/// How many of a position's legal moves [`check_position`] writes and
/// reads back at most (spread over the list), so that positions with
/// thousands of moves stay quick to check.
const MOVES_READ_BACK: usize = 64;

/// Checks one position: the generated moves' texts parse back to them
/// (up to 64 of them, spread over the list),
/// each of `probes` either fails to parse or names a generated move, and
/// the position text reads back (through `reread`) to a position with the
/// same hash, legal moves, outcome and text.
pub fn check_position<G: Game>(
    position: &G,
    probes: &[String],
    reread: impl Fn(&str) -> Result<G, GameError>,
) -> Result<(), String> {
    let text = position.position_text();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let step = moves.len().div_ceil(MOVES_READ_BACK).max(1);
    for &mv in moves.iter().step_by(step) {
        let written = position.format_move(mv);
        for form in [written.clone(), move_token(&written)] {
            match position.parse_move(&form) {
                Ok(read) if read == mv && !written.contains(MOVE_JOINER) => {}
                other => {
                    return Err(format!(
                        "in '{text}' move {mv:?} is written '{written}', and '{form}' reads as {other:?}"
                    ));
                }
            }
        }
    }
    for probe in probes {
        if let Ok(mv) = position.parse_move(probe)
            && !moves.contains(&mv)
        {
            return Err(format!("in '{text}' the text '{probe}' reads as {mv:?}, which is not a legal move"));
        }
    }
    check_counts_and_judgements(position, &moves, &text)?;
    let again =
        reread(&text).map_err(|error| format!("the position text '{text}' does not read back: {error}"))?;
    let mut moves_again = Vec::new();
    again.legal_moves(&mut moves_again);
    if again.hash() != position.hash() {
        return Err(format!("the position text '{text}' reads back with another hash"));
    }
    if moves_again != moves {
        return Err(format!("the position text '{text}' reads back with other legal moves"));
    }
    if again.outcome() != position.outcome() {
        return Err(format!(
            "the position text '{text}' reads back with the outcome {:?}, not {:?}",
            again.outcome(),
            position.outcome()
        ));
    }
    if again.position_text() != text {
        return Err(format!("the position text '{text}' reads back as '{}'", again.position_text()));
    }
    Ok(())
}

/// Checks [`Game::count_legal_moves`], [`Game::legal_moves_in`] and
/// [`Game::is_legal`] against the list of legal moves: counts with and
/// without the list, a few ranges, and every listed move (up to
/// [`MOVES_READ_BACK`] of them) judged legal.
fn check_counts_and_judgements<G: Game>(position: &G, moves: &[G::Move], text: &str) -> Result<(), String> {
    let mut listed = Vec::new();
    let all = position.count_legal_moves(usize::MAX, &mut listed);
    if all != moves.len() || listed != moves {
        return Err(format!("in '{text}' counting lists {all} moves, not the {} legal ones", moves.len()));
    }
    let counted = position.count_legal_moves(moves.len().saturating_sub(1), &mut listed);
    if counted != moves.len() || (!moves.is_empty() && !listed.is_empty()) {
        return Err(format!(
            "in '{text}' counting without listing gives {counted} moves (listing {}), not {}",
            listed.len(),
            moves.len()
        ));
    }
    let len = moves.len();
    for range in [0..len, 0..1, len / 2..len / 2 + 3, len.saturating_sub(1)..len + 5, len + 1..len + 2] {
        position.legal_moves_in(range.clone(), &mut listed);
        let end = range.end.min(len);
        if listed != moves[range.start.min(end)..end] {
            return Err(format!("in '{text}' the legal moves {range:?} are {listed:?}"));
        }
    }
    let step = moves.len().div_ceil(MOVES_READ_BACK).max(1);
    if let Some(mv) = moves.iter().step_by(step).find(|&&mv| !position.is_legal(mv)) {
        return Err(format!("in '{text}' the legal move {mv:?} is judged illegal"));
    }
    Ok(())
}

/// Tries `text` as a move of `game`: if the game rejects it, its position,
/// moves and outcome must be unchanged; if it accepts it, `undo` must
/// restore the game, and the canonical text the game returned must be one
/// of its legal moves.
#[cfg(feature = "presentation")]
pub fn check_play_text(game: &mut dyn DynGame, text: &str) -> Result<(), String> {
    let state = |game: &dyn DynGame| (game.position(), game.moves(), game.outcome());
    let before = state(game);
    match game.play(text) {
        Err(error) => {
            if state(game) != before {
                return Err(format!("the rejected move '{text}' ({error}) changed the game"));
            }
        }
        Ok(played) => {
            if game.undo().as_deref() != Some(played.as_str()) || state(game) != before {
                return Err(format!("undoing '{text}' (played as '{played}') does not restore the game"));
            }
            if !game.legal_moves().contains(&played) {
                return Err(format!("'{text}' was played as '{played}', which is not a legal move"));
            }
        }
    }
    Ok(())
}

/// Walks `game` like [`check_walk`] through its text interface: in every
/// position each of `probes` and of the last moves played goes through
/// [`check_play_text`]; at the end
/// the game's record must survive writing and reading, and `reload` must
/// rebuild from it a game with the same position, moves and outcome.
#[cfg(feature = "presentation")]
pub fn check_dyn_walk(
    game: &mut dyn DynGame,
    choices: &[u8],
    probes: &[String],
    reload: impl Fn(&Record) -> Result<Box<dyn DynGame>, GameError>,
) -> Result<(), String> {
    let mut tried = probes.to_vec();
    for &choice in choices {
        for probe in &tried {
            check_play_text(game, probe)?;
        }
        let moves = game.legal_moves();
        let Some(mv) = moves.get(usize::from(choice) % moves.len().max(1)) else {
            break;
        };
        game.play(mv).map_err(|error| format!("the legal move '{mv}' is refused: {error}"))?;
        tried.push(mv.clone());
        if tried.len() > probes.len() + RECENT_PROBES {
            tried.remove(probes.len());
        }
    }
    let record = game.record();
    let text = record.to_text();
    match Record::parse(&text) {
        Ok(read) if read == record => {}
        other => {
            return Err(format!("the record {record:?} is written as '{text}', which reads as {other:?}"));
        }
    }
    let again = reload(&record).map_err(|error| format!("the record '{text}' does not load: {error}"))?;
    if (again.position(), again.moves(), again.outcome()) != (game.position(), game.moves(), game.outcome()) {
        return Err(format!("the record '{text}' loads as another game"));
    }
    Ok(())
}

/// The position reached from `start` by playing at each step the legal
/// move `choice % count` of the next `choices`, until they run out or the
/// game ends.
pub fn walk<G: Game>(start: G, choices: &[u8]) -> G {
    let mut position = start;
    let mut moves = Vec::new();
    for &choice in choices {
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() || position.outcome().is_some() {
            break;
        }
        position.play(moves[usize::from(choice) % moves.len()]);
    }
    position
}

/// `text` with edits applied in turn: each `(at, remove, insert)` replaces
/// `remove` characters from character `at` (modulo the length) with
/// `insert`. For turning valid text into nearly valid text.
#[must_use]
pub fn edit_text(text: &str, edits: &[(usize, usize, String)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, remove, insert) in edits {
        let at = at % (chars.len() + 1);
        let end = at.saturating_add(*remove).min(chars.len());
        chars.splice(at..end, insert.chars());
    }
    chars.into_iter().collect()
}

/// Choices from this value on take a move back in
/// [`check_repetition_walk`]; those from [`SHUFFLE_CHOICES`] up to it play
/// one of the first two legal moves, which makes positions come back often.
const UNDO_CHOICES: u8 = 224;
/// See [`UNDO_CHOICES`].
const SHUFFLE_CHOICES: u8 = 128;

/// Walks a [`History`] from `start`: a choice below 128 plays the legal
/// move `choice % count`, one from 128 to 223 one of the first two legal
/// moves, and one from 224 on takes a move back (as does any choice once
/// the game is over). In every position the history's repetition count,
/// keys and outcome must equal those of a scan over all its positions
/// (the way repetition was judged before it was counted move by move).
/// Returns the highest repetition count seen.
pub fn check_repetition_walk<G: Game>(start: G, choices: &[u8]) -> Result<usize, String> {
    let mut history = History::new(start);
    let mut moves = Vec::new();
    let mut highest = 0;
    for &choice in choices {
        highest = highest.max(check_repetitions(&history)?);
        history.legal_moves(&mut moves);
        if choice >= UNDO_CHOICES || moves.is_empty() {
            history.undo();
            continue;
        }
        let index = if choice >= SHUFFLE_CHOICES {
            usize::from(choice) % moves.len().min(2)
        } else {
            usize::from(choice) % moves.len()
        };
        history.play(moves[index]).map_err(|error| format!("a generated move is refused: {error}"))?;
    }
    highest = highest.max(check_repetitions(&history)?);
    Ok(highest)
}

/// Compares the history's repetition count, keys and outcome with a scan
/// of all its positions; returns the count.
fn check_repetitions<G: Game>(history: &History<G>) -> Result<usize, String> {
    let positions = history.positions();
    let current = history.current();
    let key = current.repetition_key();
    let scanned = positions.iter().filter(|p| p.repetition_key() == key).count();
    let counted = history.repetition_count();
    let text = current.position_text();
    if counted != scanned {
        return Err(format!(
            "after {} moves, in '{text}', the repetition count is {counted}, a scan finds {scanned}",
            history.moves().len()
        ));
    }
    let keys: Vec<u64> = positions.iter().map(Game::repetition_key).collect();
    if history.repetition_keys() != keys {
        return Err(format!(
            "after {} moves the repetition keys differ from the positions' keys",
            history.moves().len()
        ));
    }
    let scanned_outcome: Option<Outcome> = current.outcome().or_else(|| {
        let rule = current.repetition()?;
        (scanned >= rule.occurrences).then(|| current.repetition_outcome())
    });
    if history.outcome() != scanned_outcome {
        return Err(format!(
            "after {} moves, in '{text}', the outcome is {:?}, by a scan {scanned_outcome:?}",
            history.moves().len(),
            history.outcome()
        ));
    }
    Ok(counted)
}
