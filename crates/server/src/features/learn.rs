//! Lessons: each game's lesson ([`game::lesson`]) over HTTP, the rules
//! checking the learner's moves, and the steps an account has finished.
//!
//! | route | what |
//! | --- | --- |
//! | `GET /api/learn` | the games with a lesson: `[{"game", "title": {"en", "de"}, "steps"}]` |
//! | `GET /api/learn/{game}?lang=en\|de` | the lesson: `{"game", "title", "steps": [{"id", "title", "explanation", "task", "hint", "solution", "learner_moves", "position", "view", "side_to_move", "legal_moves", "legal_moves_count"}], "done"}` — texts as `{"en", "de"}`, or one string in the language `lang` asks for; `done`: the step ids the signed-in account has finished (`null` when nobody is signed in) |
//! | `POST /api/learn/{game}/{step}/check` | `{"moves": [...], "shown": false}`, the learner's moves so far (the opponent's scripted replies are played in between) → `{"status": "done"\|"continue"\|"wrong", "played", "reply", "line", "position", "view", "side_to_move", "last_move", "legal_moves", "legal_moves_count"}`: the position to go on from (after the reply; before a wrong move); a finished step is recorded for the signed-in account, unless `shown` says the moves were the solution played for the learner |
//!
//! 404 for an unknown game or step, 422 for a move that is not legal (its
//! number and the rules' reason) or more moves than the task has, 400 for
//! an unknown `lang`, all in both languages.

use crate::core::app::App;
use crate::core::cache::LEGAL_MOVES_LISTED;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::{self, Account};
use crate::http::request::JsonBody;
use crate::http::session;
use crate::store::Op;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, response::IntoResponse, response::Response};
use game::lesson::{LessonError, Step, Verdict, Words};
use game::{DynGame, GameEntry, GameError, Language, text};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The most moves a check may carry (every task takes fewer).
const MAX_MOVES: usize = 64;

/// The routes of lessons (the pages `/learn` and `/learn/{game}` are the web UI's).
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/learn", get(list))
        .route("/api/learn/{game}", get(lesson))
        .route("/api/learn/{game}/{step}/check", post(check))
}

/// The query of a lesson: the language of its texts, if only one.
#[derive(Deserialize)]
pub struct LessonQuery {
    /// `en` or `de`; both when absent.
    lang: Option<String>,
}

/// The learner's moves of a check.
#[derive(Deserialize)]
pub struct CheckBody {
    /// The learner's own moves so far, in order.
    moves: Vec<String>,
    /// Whether the moves are the solution played for the learner ("show
    /// me"): then a finished step is not recorded.
    #[serde(default)]
    shown: bool,
}

/// `GET /api/learn`: every game that has a lesson, with its title in both
/// languages and its number of steps.
async fn list(State(app): State<Arc<App>>) -> Json<Value> {
    let games: Vec<Value> = app
        .registry
        .entries()
        .iter()
        .filter(|entry| !entry.lesson.is_empty())
        .map(|entry| json!({"game": entry.name, "title": entry.title, "steps": entry.lesson.len()}))
        .collect();
    Json(json!(games))
}

/// `GET /api/learn/{game}`: the lesson, and the signed-in account's progress.
async fn lesson(
    State(app): State<Arc<App>>,
    Path(game): Path<String>,
    headers: HeaderMap,
    query: Result<Query<LessonQuery>, QueryRejection>,
) -> Result<Response, DomainError> {
    let Query(query) = query?;
    let language = match query.lang.as_deref() {
        None => None,
        Some(code) => Some(Language::from_code(code).ok_or_else(|| {
            DomainError::bad_request(text!(
                "unknown language '{code}' (en or de)",
                "unbekannte Sprache „{code}“ (en oder de)"
            ))
        })?),
    };
    let entry = lesson_entry(&app, &game)?;
    let steps = entry
        .lesson
        .iter()
        .map(|step| step_json(entry, step, language))
        .collect::<Result<Vec<Value>, DomainError>>()?;
    let done = match session::signed_in(&app, &headers).await? {
        Some(account) => {
            Some(app.store.lesson_progress(&account.id, entry.name).await.map_err(account::storage)?)
        }
        None => None,
    };
    let title = language.map_or_else(|| json!(entry.title), |language| json!(entry.title.get(language)));
    Ok(Json(json!({"game": entry.name, "title": title, "steps": steps, "done": done})).into_response())
}

/// `POST /api/learn/{game}/{step}/check`: judges the learner's moves.
async fn check(
    State(app): State<Arc<App>>,
    Path((game, step)): Path<(String, String)>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CheckBody>,
) -> Result<Response, DomainError> {
    let entry = lesson_entry(&app, &game)?;
    let step = entry.lesson_step(&step).map_err(lesson_error)?;
    if body.moves.len() > MAX_MOVES {
        return Err(lesson_error(LessonError::TooManyMoves {
            expected: step.goal.learner_moves(),
            given: body.moves.len(),
        }));
    }
    let account = session::acting(&app, &headers).await?;
    let checked = step.check(entry, &body.moves).map_err(lesson_error)?;
    let (status, played, reply) = match &checked.verdict {
        Verdict::Done => ("done", body.moves.last().cloned(), None),
        Verdict::Continue { reply } => ("continue", body.moves.last().cloned(), Some(reply.clone())),
        Verdict::Wrong { played } => ("wrong", Some(played.clone()), None),
    };
    if checked.verdict == Verdict::Done && !body.shown {
        record_done(&app, account.as_ref(), entry, step).await?;
    }
    let mut reply_json = position_json(checked.game.as_ref());
    reply_json["status"] = json!(status);
    reply_json["played"] = json!(played);
    reply_json["reply"] = json!(reply);
    reply_json["line"] = json!(checked.line);
    reply_json["last_move"] = json!(checked.line.last());
    Ok(Json(reply_json).into_response())
}

/// Records a finished step for the signed-in account, if any.
async fn record_done(
    app: &App,
    account: Option<&Account>,
    entry: &GameEntry,
    step: &Step,
) -> Result<(), DomainError> {
    let Some(account) = account else { return Ok(()) };
    let op = Op::FinishLessonStep {
        account_id: account.id.clone(),
        game: entry.name.to_owned(),
        step: step.id.to_owned(),
        done_ms: now_ms(),
    };
    app.store.write(vec![op]).await.map_err(account::storage)
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
fn words(words: Words, language: Option<Language>) -> Value {
    match language {
        None => json!(words.text()),
        Some(language) => json!(words.text().get(language)),
    }
}

/// One step as JSON, with its position drawn for the board.
fn step_json(entry: &GameEntry, step: &Step, language: Option<Language>) -> Result<Value, DomainError> {
    let game =
        entry.lesson_game(step).map_err(|error: GameError| lesson_error(LessonError::Broken(error)))?;
    let mut value = position_json(game.as_ref());
    value["id"] = json!(step.id);
    value["title"] = words(step.title, language);
    value["explanation"] = words(step.explanation, language);
    value["task"] = words(step.task, language);
    value["hint"] = words(step.hint, language);
    value["solution"] = json!(step.goal.solution());
    value["learner_moves"] = json!(step.goal.learner_moves());
    Ok(value)
}

/// The position of `game` for the board: text, view, side to move and
/// legal moves (listed unless very many).
pub fn position_json(game: &dyn DynGame) -> Value {
    let (count, legal) = game.legal_move_list(LEGAL_MOVES_LISTED);
    json!({
        "position": game.position(),
        "view": game.view(),
        "side_to_move": game.side_to_move().to_string(),
        "legal_moves": legal,
        "legal_moves_count": count,
        "outcome": game.outcome().map(|o| o.describe()),
    })
}
