//! Lessons: each game's lesson ([`game::lesson`]), the rules
//! checking the learner's moves, and the steps an account has finished.
//!
//! The routes are [`crate::http::learn`]'s:
//!
//! | route | what |
//! | --- | --- |
//! | `GET /api/learn` | the games with a lesson: `[{"game", "title": {"en", "de"}, "steps"}]` |
//! | `GET /api/learn/{game}?lang=en\|de` | the lesson: `{"game", "title", "steps": [{"id", "title", "explanation", "task", "hint", "solution", "learner_moves", "start"}], "done", "stars"}` — `start`: the step's start position `{"position", "view", "side_to_move", "legal_moves", "legal_moves_count", "outcome"}`; texts as `{"en", "de"}`, or one string in the language `lang` asks for; `done`: the step ids the signed-in account has finished, `stars`: the best stars it earned on each (both `null` when nobody is signed in) |
//! | `POST /api/learn/{game}/{step}/check` | `{"moves": [...], "shown": false, "stars": 3}`, the learner's moves so far (the opponent's scripted replies are played in between) → `{"status": "done"\|"continue"\|"wrong", "played", "reply", "line", "last_move", "at", "positions"}`: `at`, the position to go on from (after the reply; before a wrong move), `positions`, the position after each move of `line`; a finished step is recorded for the signed-in account, with its `stars` (1–3, counted by the page; a step solved again keeps its best), unless `shown` says the moves were the solution played for the learner |
//!
//! 404 for an unknown game or step, 422 for a move that is not legal (its
//! number and the rules' reason) or more moves than the task has, 400 for
//! an unknown `lang`, all in both languages.

use crate::contract::study::{
    LessonCheckReply, LessonCheckRequest, LessonReply, LessonStatus, LessonStep, LessonSummary, LessonText,
    StudyPosition,
};
use crate::core::app::App;
use crate::core::cache::LEGAL_MOVES_LISTED;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::store::Op;
use game::lesson::{LessonError, Step, Verdict, Words};
use game::{DynGame, GameEntry, GameError, Language, text};

/// The most moves a check may carry (every task takes fewer).
const MAX_MOVES: usize = 64;

/// The most stars a step gives (solved at the first try without help).
const MAX_STARS: u8 = 3;

/// Every game that has a lesson, with its title in both languages, its
/// number of steps and the stars `account` earned on it (all games' read
/// at once).
pub async fn list(app: &App, account: Option<&Account>) -> Result<Vec<LessonSummary>, DomainError> {
    let mut stars = match account {
        Some(account) => Some(app.read(|db| db.lesson_stars(&account.id)).await?),
        None => None,
    };
    let list =
        app.registry.entries().iter().filter(|entry| !entry.lesson.is_empty()).map(|entry| LessonSummary {
            game: entry.name.to_owned(),
            title: entry.title.into(),
            steps: entry.lesson.len(),
            stars: stars
                .as_mut()
                .map(|games| games.remove(entry.name).unwrap_or_default().into_iter().collect()),
        });
    Ok(list.collect())
}

/// The language a lesson's query asks for (`en` or `de`; `None`: both),
/// 400 for another.
pub fn language(code: Option<&str>) -> Result<Option<Language>, DomainError> {
    let Some(code) = code else { return Ok(None) };
    Language::from_code(code).map(Some).ok_or_else(|| {
        DomainError::bad_request(text!(
            "unknown language '{code}' (en or de)",
            "unbekannte Sprache „{code}“ (en oder de)"
        ))
    })
}

/// The lesson of `game`, its texts in `language` (both when `None`), and
/// the steps `account` has finished.
pub async fn lesson(
    app: &App,
    game: &str,
    language: Option<Language>,
    account: Option<&Account>,
) -> Result<LessonReply, DomainError> {
    let entry = lesson_entry(app, game)?;
    let steps = entry
        .lesson
        .iter()
        .map(|step| lesson_step(entry, step, language))
        .collect::<Result<Vec<LessonStep>, DomainError>>()?;
    let progress = match account {
        Some(account) => Some(app.read(|db| db.lesson_progress(&account.id, entry.name)).await?),
        None => None,
    };
    let done = progress.as_ref().map(|steps| steps.iter().map(|(step, _)| step.clone()).collect());
    let stars = progress.map(|steps| steps.into_iter().collect());
    let title = match language {
        None => LessonText::Both(entry.title.into()),
        Some(language) => LessonText::One(entry.title.get(language).to_owned()),
    };
    Ok(LessonReply { game: entry.name.to_owned(), title, steps, done, stars })
}

/// Judges the learner's moves at `step` of `game`'s lesson; a finished
/// step is recorded for `account` unless the moves were shown.
pub async fn check(
    app: &App,
    game: &str,
    step: &str,
    account: Option<&Account>,
    body: LessonCheckRequest,
) -> Result<LessonCheckReply, DomainError> {
    let entry = lesson_entry(app, game)?;
    let step = entry.lesson_step(step).map_err(lesson_error)?;
    if body.moves.len() > MAX_MOVES {
        return Err(lesson_error(LessonError::TooManyMoves {
            expected: step.goal.learner_moves(),
            given: body.moves.len(),
        }));
    }
    let checked = step.check(entry, &body.moves).map_err(lesson_error)?;
    let (status, played, reply) = match &checked.verdict {
        Verdict::Done => (LessonStatus::Done, body.moves.last().cloned(), None),
        Verdict::Continue { reply } => {
            (LessonStatus::Continue, body.moves.last().cloned(), Some(reply.clone()))
        }
        Verdict::Wrong { played } => (LessonStatus::Wrong, Some(played.clone()), None),
    };
    if checked.verdict == Verdict::Done && !body.shown {
        record_done(app, account, entry, step, body.stars.min(MAX_STARS)).await?;
    }
    Ok(LessonCheckReply {
        status,
        played,
        reply,
        last_move: checked.line.last().cloned(),
        at: position(checked.game.as_ref()),
        positions: line_positions(entry, step, &checked.line)?,
        line: checked.line,
    })
}

/// The position after each move of `line`, played from `step`'s start.
fn line_positions(
    entry: &GameEntry,
    step: &Step,
    line: &[String],
) -> Result<Vec<StudyPosition>, DomainError> {
    let broken = |error: GameError| lesson_error(LessonError::Broken(error));
    let mut game = entry.lesson_game(step).map_err(broken)?;
    let mut positions = Vec::with_capacity(line.len());
    for mv in line {
        game.play(mv).map_err(broken)?;
        positions.push(position(game.as_ref()));
    }
    Ok(positions)
}

/// Records a finished step with its `stars` for the signed-in account, if any.
async fn record_done(
    app: &App,
    account: Option<&Account>,
    entry: &GameEntry,
    step: &Step,
    stars: u8,
) -> Result<(), DomainError> {
    let Some(account) = account else { return Ok(()) };
    let op = Op::FinishLessonStep {
        account_id: account.id.clone(),
        game: entry.name.to_owned(),
        step: step.id.to_owned(),
        done_ms: now_ms(),
        stars,
    };
    app.write(vec![op]).await
}

/// The entry of `game`, which must have a lesson (404 otherwise).
fn lesson_entry<'a>(app: &'a App, game: &str) -> Result<&'a GameEntry, DomainError> {
    app.registry
        .get(game)
        .ok()
        .filter(|entry| !entry.lesson.is_empty())
        .ok_or_else(|| DomainError::not_found(text!("no lesson for '{game}'", "keine Lektion für „{game}“")))
}

/// The status and message of a lesson error.
fn lesson_error(error: LessonError) -> DomainError {
    match error {
        LessonError::UnknownStep { .. } => DomainError::not_found(error.message()),
        LessonError::IllegalMove { .. } | LessonError::TooManyMoves { .. } => {
            DomainError::unprocessable(error.message())
        }
        LessonError::Broken(_) => DomainError::internal(error.message()),
    }
}

/// A text of a step: both languages, or the one asked for.
fn words(words: Words, language: Option<Language>) -> LessonText {
    let text = words.text();
    match language {
        None => LessonText::Both(text.into()),
        Some(language) => LessonText::One(text.get(language).to_owned()),
    }
}

/// One step, with its position drawn for the board.
fn lesson_step(
    entry: &GameEntry,
    step: &Step,
    language: Option<Language>,
) -> Result<LessonStep, DomainError> {
    let game =
        entry.lesson_game(step).map_err(|error: GameError| lesson_error(LessonError::Broken(error)))?;
    Ok(LessonStep {
        id: step.id.to_owned(),
        title: words(step.title, language),
        explanation: words(step.explanation, language),
        task: words(step.task, language),
        hint: words(step.hint, language),
        solution: step.goal.solution().into_iter().map(str::to_owned).collect(),
        learner_moves: step.goal.learner_moves(),
        start: position(game.as_ref()),
    })
}

/// The position of `game` for the board: text, view, side to move and
/// legal moves (listed unless very many).
pub fn position(game: &dyn DynGame) -> StudyPosition {
    StudyPosition::of(game, LEGAL_MOVES_LISTED)
}
