//! Puzzles: the committed sets of the games ([`game::PuzzleRules`]), one puzzle after another near the learner's puzzle rating, the
//! learner's moves judged by the rules against the solution, and Glicko-2
//! ratings of puzzles and of accounts' puzzle play per game.
//!
//! The routes are [`crate::http::puzzles`]'s:
//!
//! | route | what |
//! | --- | --- |
//! | `GET /api/puzzles` | the games with puzzles: `[{"game", "title": {"en", "de"}, "count", "themes": {THEME: count}}]` |
//! | `GET /api/puzzles/next?game=G&after=ID&theme=T` | a puzzle: `{"id", "game", "rating", "learner_moves", "attempted", "themes", "player", "sides", "start", "lead_in"}` — `start`: the start position `{"position", "view", "side_to_move", "legal_moves", "legal_moves_count", "outcome"}`; `lead_in`: the opponent's move that led to it, `{"before", "move"}` (`before` a position as `start`, `move` canonical text; `null` for a puzzle without one), which the page plays and marks first, as lichess does; `player`: the signed-in account's puzzle rating of the game (`null` for a guest); `sides`: the seats' names in English and German (`{"p1": {"en", "de"}, "p2": …}`); `after`: the puzzle just done, not given again; `theme`: only puzzles of that theme (`win`, `gain`, `one_move`, `short`, `long`, see [`Theme`]; 422 for another); `id=ID` instead gives that puzzle (404 if the game has none of that id): the page `/puzzles/G/ID` is its permanent address |
//! | `GET /api/puzzles/streak?game=G` | a puzzle streak: `{"game", "puzzles": [{"id", "rating"}]}`, up to 30 puzzles from the easiest to the hardest, each fetched with `next?id=` and solved with `"streak": true` |
//! | `POST /api/puzzles/{id}/solve` | `{"moves": [...], "give_up": false, "streak": false}`, the learner's moves so far (the opponent's replies come from the solution) → `{"status": "right"\|"wrong"\|"continue", "played", "reply", "line", "last_move", "at", "solution", "solution_end", "wrong_at", "rated", "unrated", "puzzle_rating", "player"}`: `at`, the position to go on from (as `start` of `next`); `wrong_at`, after a wrong move the position it made (the page shows it, then takes it back); `solution` and `solution_end` (the position after it) once the puzzle is over; `unrated`: why a finished attempt rated nothing (below), else `null` |
//!
//! # Rating and matching
//!
//! A puzzle's rating starts from its set's rating (derived from its
//! difficulty when mined), with a new player's deviation and volatility; a
//! signed-in learner's puzzle rating of a game starts at 1500 likewise. An
//! account's *first* finished attempt at a puzzle — solved, missed, or
//! given up ("show the solution") — is one game between the two: both are
//! updated with [`after_game`] in the transaction that records the attempt
//! ([`Op::RatePuzzleAttempt`]). Later attempts of the account at the same
//! puzzle are judged but rate nothing; steps in between (`continue`) rate
//! nothing. Guests are judged and rate nothing (`"unrated": "guest"`).
//!
//! # Against farming
//!
//! A guest who gives up sees the solution, and the committed sets are
//! public, so knowing a solution must not be worth rating points. A
//! finished attempt of an account is rated only when it answers the
//! puzzle served last to the account in that game (`GET
//! /api/puzzles/next` records it, [`Op::ServePuzzle`]; a newer serving
//! replaces it) and comes at least [`Limits::puzzle_time_floor`] (3 s
//! unless configured) after that serving. Otherwise it rates nothing —
//! `"unrated": "not_served"` or `"too_fast"` — and is recorded all the
//! same ([`Op::RecordPuzzleAttempt`]), as the account has seen the
//! solution now: every later attempt at that puzzle is unrated too
//! (`"attempted"`), served again or not. So at most one rated attempt per
//! game comes per time floor, one puzzle after the other. Puzzle requests
//! (`next` and `solve` together) are limited to
//! [`Limits::puzzle_requests_per_minute`] (60) per account, per client
//! address for guests: beyond, 429 with `Retry-After`.
//!
//! A streak's attempts (`"streak": true`) rate nothing either
//! (`"unrated": "streak"`) and are recorded the same way.
//!
//! [`Limits::puzzle_time_floor`]: crate::Limits::puzzle_time_floor
//! [`Limits::puzzle_requests_per_minute`]: crate::Limits::puzzle_requests_per_minute
//!
//! The next puzzle is drawn from those rated within
//! [`BAND`](puzzle_line::BAND) of the learner's rating (1500 for guests and
//! new accounts), or the [`NEAREST`](puzzle_line::NEAREST) nearest if that
//! is more, among those the account has not attempted (all, once it
//! attempted every one).
//!
//! 404 for an unknown game or puzzle, 422 for a move that is not legal (its
//! number and the rules' reason), too many moves or none, all in both
//! languages.

use crate::contract::study::{
    PuzzleLeadIn, PuzzlePlayer, PuzzlePlayerChange, PuzzleRatingChange, PuzzleReply, PuzzleSolveReply,
    PuzzleSolveRequest, PuzzleStatus, PuzzleStreakEntry, PuzzleStreakReply, PuzzleSummary,
    PuzzleUnrated as Unrated, StudySides,
};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::limits::{Action, Counted};
use crate::core::rating::{Glicko, START_VOLATILITY, after_game};
use crate::core::table::{millis, now_ms};
use crate::features::account::Account;
use crate::features::learn::position;
use crate::features::puzzle_kinds::{STREAK_LENGTH, Theme, streak as streak_order};
use crate::features::puzzle_line::{
    self, SetPuzzle, Verdict, choose, find_puzzle, judge, puzzle_entry, puzzle_set,
};
use crate::store::{Op, PuzzleAttemptRow, PuzzleRatingRow, RatingRow};
use game::{GameEntry, text};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;

/// How often a rating computed from ratings changed meanwhile (another
/// learner's attempt at the same puzzle) is computed again.
const RATE_TRIES: usize = 5;

/// The most moves a solve may carry (every solution has fewer).
const MAX_MOVES: usize = 64;

/// What `GET /api/puzzles/next` asks for (its query).
#[derive(Deserialize)]
pub struct NextQuery {
    /// The game.
    pub game: String,
    /// The puzzle just done, not to be given again at once.
    pub after: Option<String>,
    /// This puzzle (its permanent address, `/puzzles/<game>/<id>`) instead
    /// of one chosen near the learner's rating.
    pub id: Option<String>,
    /// Only puzzles of this theme ([`Theme::key`]).
    pub theme: Option<String>,
}

/// Every game with puzzles, with its title, count and the count of each
/// theme that has puzzles, and the puzzle rating of `account` (if signed in).
pub async fn list(app: &App, account: Option<&Account>) -> Result<Vec<PuzzleSummary>, DomainError> {
    let mut games = Vec::new();
    for entry in puzzle_line::games_with_puzzles(&app.registry) {
        let set = puzzle_set(&app.registry, entry)?;
        let mut themes = BTreeMap::new();
        for theme in Theme::ALL {
            let count = set.iter().filter(|puzzle| puzzle.themes.contains(&theme)).count();
            if count > 0 {
                themes.insert(theme.key().to_owned(), count);
            }
        }
        games.push(PuzzleSummary {
            game: entry.name.to_owned(),
            title: entry.title.into(),
            count: set.len(),
            themes,
            player: match account {
                Some(account) => Some(player_reply(&player(app, account, entry.name).await?.0)),
                None => None,
            },
        });
    }
    Ok(games)
}

/// The theme a query names: `None` for none, 422 for an unknown one.
fn theme_of(key: Option<&str>) -> Result<Option<Theme>, DomainError> {
    let Some(key) = key.filter(|key| !key.is_empty()) else { return Ok(None) };
    Theme::from_key(key).map(Some).ok_or_else(|| {
        let known = Theme::ALL.map(Theme::key).join(", ");
        DomainError::unprocessable(text!(
            "no puzzle theme '{key}' (the themes: {known})",
            "kein Aufgabenthema „{key}“ (die Themen: {known})"
        ))
    })
}

/// A puzzle streak of `game` for `account` (a guest: the client at
/// `client`): at most [`STREAK_LENGTH`] puzzles from the easiest to the
/// hardest ([`streak_order`]). A streak is unrated: its attempts are
/// solved with `"streak": true`.
pub async fn streak(
    app: &App,
    game: &str,
    account: Option<&Account>,
    client: IpAddr,
) -> Result<PuzzleStreakReply, DomainError> {
    let entry = puzzle_entry(&app.registry, game)?;
    check_rate(app, account, client)?;
    let set = puzzle_set(&app.registry, entry)?;
    let stored = stored_ratings(app, entry.name).await?;
    let rated: Vec<(&SetPuzzle, f64)> =
        set.iter().map(|puzzle| (puzzle, puzzle_glicko(puzzle, &stored).0.rating)).collect();
    let ratings: HashMap<&str, f64> = rated.iter().map(|(p, r)| (p.id.as_str(), *r)).collect();
    let puzzles = streak_order(&rated, STREAK_LENGTH, &mut rand::rng())
        .into_iter()
        .map(|puzzle| PuzzleStreakEntry {
            id: puzzle.id.clone(),
            rating: ratings[puzzle.id.as_str()].round(),
        })
        .collect();
    Ok(PuzzleStreakReply { game: entry.name.to_owned(), puzzles })
}

/// A puzzle's rating: stored, or else its set's.
fn puzzle_glicko(puzzle: &SetPuzzle, stored: &HashMap<String, PuzzleRatingRow>) -> (Glicko, u32) {
    match stored.get(&puzzle.id) {
        Some(row) => (
            Glicko { rating: row.rating, deviation: row.deviation, volatility: row.volatility },
            row.attempts,
        ),
        None => (Glicko { rating: f64::from(puzzle.puzzle.rating), ..Glicko::default() }, 0),
    }
}

/// The stored ratings of `game`'s puzzles, by id.
async fn stored_ratings(app: &App, game: &str) -> Result<HashMap<String, PuzzleRatingRow>, DomainError> {
    let rows = app.read(|db| db.puzzle_ratings(game)).await?;
    Ok(rows.into_iter().map(|row| (row.puzzle_id.clone(), row)).collect())
}

/// An account's puzzle rating of a game (a new player's when it has none)
/// and the puzzles it attempted.
async fn player(app: &App, account: &Account, game: &str) -> Result<(RatingRow, Vec<String>), DomainError> {
    let (row, attempts) = app.read(|db| db.puzzle_player(&account.id, game)).await?;
    let start = Glicko::default();
    let row = row.unwrap_or(RatingRow {
        account_id: account.id.clone(),
        game: game.to_owned(),
        rating: start.rating,
        deviation: start.deviation,
        volatility: START_VOLATILITY,
        games: 0,
    });
    Ok((row, attempts.into_iter().map(|(id, _)| id).collect()))
}

/// A player's puzzle rating for a reply.
fn player_reply(row: &RatingRow) -> PuzzlePlayer {
    PuzzlePlayer {
        rating: row.rating.round(),
        deviation: row.deviation.round(),
        provisional: Glicko::of(row).provisional(),
        attempts: row.games,
    }
}

/// A puzzle of `query.game` near the rating of `account` (a guest, at
/// `client`: near 1500), or the one `query.id` names; its serving is
/// recorded for the account.
pub async fn next(
    app: &App,
    query: NextQuery,
    account: Option<&Account>,
    client: IpAddr,
) -> Result<PuzzleReply, DomainError> {
    let entry = puzzle_entry(&app.registry, &query.game)?;
    check_rate(app, account, client)?;
    let theme = theme_of(query.theme.as_deref())?;
    let full = puzzle_set(&app.registry, entry)?;
    let set: Vec<&SetPuzzle> =
        full.iter().filter(|puzzle| theme.is_none_or(|theme| puzzle.themes.contains(&theme))).collect();
    let stored = stored_ratings(app, entry.name).await?;
    let (player, attempted) = match account {
        Some(account) => {
            let (row, attempted) = player(app, account, entry.name).await?;
            (Some(row), attempted)
        }
        None => (None, Vec::new()),
    };
    let target = player.as_ref().map_or(Glicko::default().rating, |row| row.rating);
    let rated = |puzzle: &SetPuzzle| puzzle_glicko(puzzle, &stored).0.rating;
    let not_after =
        |puzzle: &&SetPuzzle| query.after.as_deref() != Some(puzzle.id.as_str()) || set.len() == 1;
    let fresh: Vec<(&SetPuzzle, f64)> = set
        .iter()
        .copied()
        .filter(not_after)
        .filter(|puzzle| !attempted.contains(&puzzle.id))
        .map(|puzzle| (puzzle, rated(puzzle)))
        .collect();
    let candidates = if fresh.is_empty() {
        set.iter().copied().filter(not_after).map(|p| (p, rated(p))).collect()
    } else {
        fresh
    };
    let chosen = match query.id.as_deref() {
        Some(id) => {
            let game = entry.name;
            let puzzle = full.iter().find(|puzzle| puzzle.id == id).ok_or_else(|| {
                DomainError::not_found(text!(
                    "{game} has no puzzle '{id}'",
                    "{game} hat keine Aufgabe „{id}“"
                ))
            })?;
            Some((puzzle, rated(puzzle)))
        }
        None => choose(&candidates, target, &mut rand::rng()).copied(),
    };
    let Some((puzzle, rating)) = chosen else {
        return Err(puzzle_line::not_a_puzzle_game(entry.name));
    };
    let game = puzzle_line::start_game(&app.registry, &puzzle.puzzle)
        .map_err(puzzle_line::LineError::into_domain)?;
    let lead_in = puzzle_line::lead_in_game(&app.registry, &puzzle.puzzle)
        .map_err(puzzle_line::LineError::into_domain)?
        .map(|(before, mv)| PuzzleLeadIn { before: position(before.as_ref()), mv });
    if let Some(account) = account {
        let served = Op::ServePuzzle {
            account_id: account.id.clone(),
            game: entry.name.to_owned(),
            puzzle_id: puzzle.id.clone(),
            served_ms: now_ms(),
        };
        app.write(vec![served]).await?;
    }
    Ok(PuzzleReply {
        id: puzzle.id.clone(),
        game: entry.name.to_owned(),
        rating: rating.round(),
        learner_moves: puzzle.puzzle.line.len().div_ceil(2),
        attempted: attempted.contains(&puzzle.id),
        themes: puzzle.themes.iter().map(|theme| theme.key().to_owned()).collect(),
        player: player.as_ref().map(player_reply),
        sides: StudySides::of(game.as_ref()),
        start: position(game.as_ref()),
        lead_in,
    })
}

/// 429 when the account (a guest: the address) asked for puzzles too often.
fn check_rate(app: &App, account: Option<&Account>, client: IpAddr) -> Result<(), DomainError> {
    match account {
        Some(account) => app.rates.check(Action::Puzzle, Counted::Account(account.id.clone())),
        None => app.rates.check(Action::Puzzle, client),
    }
}

/// Judges the learner's moves at puzzle `id`, and rates the first
/// finished attempt of `account` (a guest: the client at `client`) if it
/// answers the puzzle's serving late enough (see the module docs).
pub async fn solve(
    app: &App,
    id: &str,
    account: Option<&Account>,
    client: IpAddr,
    body: PuzzleSolveRequest,
) -> Result<PuzzleSolveReply, DomainError> {
    let (entry, puzzle) = find_puzzle(&app.registry, id)?;
    if body.moves.len() > MAX_MOVES {
        let expected = puzzle.puzzle.line.len().div_ceil(2);
        return Err(puzzle_line::LineError::TooMany { expected, given: body.moves.len() }.into_domain());
    }
    if body.moves.is_empty() && !body.give_up {
        return Err(puzzle_line::LineError::Empty.into_domain());
    }
    check_rate(app, account, client)?;
    let judged =
        judge(&app.registry, &puzzle.puzzle, &body.moves).map_err(puzzle_line::LineError::into_domain)?;
    let verdict = match judged.verdict {
        Verdict::Continue { .. } if body.give_up => Verdict::Wrong { played: None },
        verdict => verdict,
    };
    let (status, played, reply) = match &verdict {
        Verdict::Right => (PuzzleStatus::Right, body.moves.last().cloned(), None),
        Verdict::Continue { reply } => {
            (PuzzleStatus::Continue, body.moves.last().cloned(), Some(reply.clone()))
        }
        Verdict::Wrong { played } => (PuzzleStatus::Wrong, played.clone(), None),
    };
    // A wrong move: the position it made, for the page to show before taking it back.
    let wrong_at = match &verdict {
        Verdict::Wrong { played: Some(played) } => {
            let mut after = judged.game.clone_box();
            after.play(played).ok().map(|_| position(after.as_ref()))
        }
        _ => None,
    };
    let mut answer = PuzzleSolveReply {
        status,
        played,
        reply,
        last_move: judged.line.last().cloned(),
        rated: false,
        unrated: None,
        solution: None,
        solution_end: None,
        puzzle_rating: None,
        player: None,
        wrong_at,
        at: position(judged.game.as_ref()),
        line: judged.line,
    };
    if matches!(verdict, Verdict::Continue { .. }) {
        return Ok(answer);
    }
    let (solution, end) =
        puzzle_line::solution(&app.registry, &puzzle.puzzle).map_err(puzzle_line::LineError::into_domain)?;
    answer.solution = Some(solution);
    answer.solution_end = Some(position(end.as_ref()));
    let solved = verdict == Verdict::Right;
    let stored = stored_ratings(app, entry.name).await?;
    let before = puzzle_glicko(&puzzle, &stored).0.rating.round();
    answer.puzzle_rating = Some(PuzzleRatingChange { before, after: None });
    answer.unrated = Some(if body.streak { Unrated::Streak } else { Unrated::Guest });
    if let Some(account) = account {
        let unrated = if body.streak {
            Some(Unrated::Streak)
        } else {
            match app.read(|db| db.puzzle_serving(&account.id, entry.name)).await? {
                Some((served, at)) if served == puzzle.id => {
                    (now_ms() - at < millis(app.puzzle_time_floor)).then_some(Unrated::TooFast)
                }
                _ => Some(Unrated::NotServed),
            }
        };
        let rated = rate(app, account, entry, &puzzle, solved, unrated).await?;
        answer.rated = rated.unrated.is_none();
        answer.unrated = rated.unrated;
        answer.puzzle_rating =
            Some(PuzzleRatingChange { before: rated.puzzle.0.round(), after: Some(rated.puzzle.1.round()) });
        answer.player =
            Some(PuzzlePlayerChange { before: rated.player.0.round(), after: player_reply(&rated.player.1) });
    }
    Ok(answer)
}

/// The ratings around an attempt.
struct Rated {
    /// Why this attempt changed nothing; `None`: it rated both.
    unrated: Option<Unrated>,
    /// The puzzle's rating before and after.
    puzzle: (f64, f64),
    /// The account's rating before, and its rating after.
    player: (f64, RatingRow),
}

/// Rates the account's attempt at `puzzle` if it is its first and no
/// reason it should not be (`unrated`) holds, else records it unrated if it
/// is its first (see the module docs); a rating changed meanwhile is read
/// and computed again.
async fn rate(
    app: &App,
    account: &Account,
    entry: &GameEntry,
    puzzle: &SetPuzzle,
    solved: bool,
    unrated: Option<Unrated>,
) -> Result<Rated, DomainError> {
    let attempt = || PuzzleAttemptRow {
        account_id: account.id.clone(),
        puzzle_id: puzzle.id.clone(),
        game: entry.name.to_owned(),
        solved,
        attempted_ms: now_ms(),
    };
    for _ in 0..RATE_TRIES {
        let (row, attempted) = player(app, account, entry.name).await?;
        let (before, attempts) = puzzle_glicko(puzzle, &stored_ratings(app, entry.name).await?);
        let again = attempted.contains(&puzzle.id);
        // A streak's attempt says so even at a puzzle attempted before.
        let unrated =
            if again && unrated != Some(Unrated::Streak) { Some(Unrated::Attempted) } else { unrated };
        if let Some(unrated) = unrated {
            if !again {
                app.write(vec![Op::RecordPuzzleAttempt(attempt())]).await?;
            }
            let rating = row.rating;
            return Ok(Rated {
                unrated: Some(unrated),
                puzzle: (before.rating, before.rating),
                player: (rating, row),
            });
        }
        let (learner, after) = after_game(Glicko::of(&row), before, if solved { 1.0 } else { 0.0 });
        let new_row = RatingRow {
            rating: learner.rating,
            deviation: learner.deviation,
            volatility: learner.volatility,
            games: row.games + 1,
            ..row.clone()
        };
        let op = Op::RatePuzzleAttempt {
            attempt: attempt(),
            puzzle: PuzzleRatingRow {
                puzzle_id: puzzle.id.clone(),
                game: entry.name.to_owned(),
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                attempts: attempts + 1,
            },
            player: new_row.clone(),
        };
        if app.try_write(vec![op]).await? {
            return Ok(Rated {
                unrated: None,
                puzzle: (before.rating, after.rating),
                player: (row.rating, new_row),
            });
        }
    }
    Err(DomainError::conflict(text!(
        "the puzzle's rating kept changing; please try again",
        "die Wertung der Aufgabe änderte sich ständig; bitte versuche es noch einmal"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::puzzle_line::{BAND, NEAREST};

    #[test]
    fn the_first_puzzles_of_a_new_player_are_near_1500() {
        let registry = games::registry();
        let entry = puzzle_entry(&registry, "ataxx").unwrap();
        let set = puzzle_set(&registry, entry).unwrap();
        let rated: Vec<(&SetPuzzle, f64)> =
            set.iter().map(|p| (p, puzzle_glicko(p, &HashMap::new()).0.rating)).collect();
        let (_, nearest) = choose(&rated, 1500.0, &mut rand::rng()).unwrap();
        let mut distances: Vec<f64> = rated.iter().map(|(_, r)| (r - 1500.0).abs()).collect();
        distances.sort_by(f64::total_cmp);
        assert!((nearest - 1500.0).abs() <= distances[NEAREST - 1].max(BAND), "{nearest}");
    }
}
