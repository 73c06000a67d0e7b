//! Learning and analysis: lessons, puzzles, the analysis board, evaluations, diagrams and game records.

use super::common::{Names, SeatId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use ts_rs::{Config, ExportError, TS};

/// The names of both seats of a position, in both languages (the names
/// can depend on the game's options and position).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct StudySides {
    /// The first player's name.
    pub p1: Names,
    /// The second player's name.
    pub p2: Names,
}

impl StudySides {
    /// The names of `game`'s seats.
    pub fn of(game: &dyn game::DynGame) -> Self {
        StudySides {
            p1: game.player_name(game::Player::P1).into(),
            p2: game.player_name(game::Player::P2).into(),
        }
    }
}

/// A position for the board of a lesson, puzzle or the analysis board:
/// its text, the board's view, who is to move and the legal moves.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct StudyPosition {
    /// The position as text.
    pub position: String,
    /// The board's view of it (the game's board module reads it).
    #[ts(type = "Record<string, unknown>")]
    pub view: Value,
    /// The seat to move.
    pub side_to_move: SeatId,
    /// The legal moves, listed unless there are very many.
    pub legal_moves: Vec<String>,
    /// How many legal moves there are.
    pub legal_moves_count: usize,
    /// The ending's reason once the game is over there, else `null`.
    pub outcome: Option<String>,
}

impl StudyPosition {
    /// The position of `game`, its legal moves listed up to `listed`.
    pub fn of(game: &dyn game::DynGame, listed: usize) -> Self {
        let (count, legal) = game.legal_move_list(listed);
        StudyPosition {
            position: game.position(),
            view: game.view(),
            side_to_move: SeatId::from(game.side_to_move()),
            legal_moves: legal,
            legal_moves_count: count,
            outcome: game.outcome().map(|o| o.describe()),
        }
    }
}

/// `GET /api/learn`: one game that has a lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct LessonSummary {
    /// The game's name.
    pub game: String,
    /// Its title.
    pub title: Names,
    /// How many steps its lesson has.
    pub steps: usize,
    /// The best stars the signed-in account earned on each step it
    /// finished, by step id (as [`LessonReply::stars`]); `null` when
    /// nobody is signed in.
    pub stars: Option<BTreeMap<String, u8>>,
}

/// A text of a lesson: both languages, or the one the request asked for
/// (`?lang=en|de`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum LessonText {
    /// Both languages (no `lang` asked).
    Both(Names),
    /// The language asked for.
    One(String),
}

/// One step of a lesson, with its start position.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LessonStep {
    /// The step's id.
    pub id: String,
    /// Its title.
    pub title: LessonText,
    /// What it teaches.
    pub explanation: LessonText,
    /// What the learner is to do.
    pub task: LessonText,
    /// A hint.
    pub hint: LessonText,
    /// The moves that solve it (the learner's and the scripted replies).
    pub solution: Vec<String>,
    /// How many moves the learner plays.
    pub learner_moves: usize,
    /// The start position.
    pub start: StudyPosition,
}

/// `GET /api/learn/{game}`: a game's lesson.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LessonReply {
    /// The game's name.
    pub game: String,
    /// Its title.
    pub title: LessonText,
    /// The steps in order.
    pub steps: Vec<LessonStep>,
    /// The steps the signed-in account has finished; `null` when nobody
    /// is signed in.
    pub done: Option<Vec<String>>,
    /// The best stars the signed-in account earned on each finished step
    /// (3 at the first try without help, 2 with a hint or after a wrong
    /// move, 1 after the solution was shown; 0 when finished before stars
    /// were kept); `null` when nobody is signed in.
    pub stars: Option<BTreeMap<String, u8>>,
}

/// `POST /api/learn/{game}/{step}/check`: the learner's moves.
#[derive(Clone, Debug, Deserialize, TS)]
pub struct LessonCheckRequest {
    /// The learner's own moves so far, in order.
    pub moves: Vec<String>,
    /// Whether the moves are the solution played for the learner ("show
    /// me"): then a finished step is not recorded.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub shown: bool,
    /// The stars the learner earned when the moves finish the step (1 to
    /// 3, as the page counts them; more is taken as 3, none as 0).
    #[serde(default)]
    #[ts(as = "Option<u8>", optional)]
    pub stars: u8,
}

/// How a lesson step stands after the learner's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum LessonStatus {
    /// The task is done.
    Done,
    /// Right so far; the opponent replied, the learner goes on.
    Continue,
    /// The last move is not the task's.
    Wrong,
}

/// The reply to a lesson check: the position to go on from (after the
/// reply; before a wrong move).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LessonCheckReply {
    /// The verdict.
    pub status: LessonStatus,
    /// The learner's move judged.
    pub played: Option<String>,
    /// The opponent's scripted reply, when the step goes on.
    pub reply: Option<String>,
    /// The moves played on the board so far.
    pub line: Vec<String>,
    /// The last of them.
    pub last_move: Option<String>,
    /// The position to go on from.
    pub at: StudyPosition,
    /// The position after each move of `line`, in order (the last is
    /// `at`): the page plays the moves one by one, e.g. a solution shown.
    pub positions: Vec<StudyPosition>,
}

/// `GET /api/puzzles`: one game that has puzzles.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzleSummary {
    /// The game's name.
    pub game: String,
    /// Its title.
    pub title: Names,
    /// How many puzzles it has.
    pub count: usize,
    /// How many puzzles of each theme (by the theme's key), themes without
    /// any left out.
    pub themes: BTreeMap<String, usize>,
    /// The signed-in account's puzzle rating of the game (a new player's
    /// before the first attempt); absent for a guest.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub player: Option<PuzzlePlayer>,
}

/// A learner's puzzle rating of a game.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzlePlayer {
    /// The rating, rounded.
    pub rating: f64,
    /// Its deviation, rounded.
    pub deviation: f64,
    /// Whether it is still provisional.
    pub provisional: bool,
    /// How many rated attempts made it.
    pub attempts: u32,
}

/// `GET /api/puzzles/next`: a puzzle and its start position.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzleReply {
    /// The puzzle's id (its permanent address is `/puzzles/<game>/<id>`).
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The puzzle's rating, rounded.
    pub rating: f64,
    /// How many moves the learner plays.
    pub learner_moves: usize,
    /// Whether the signed-in account attempted it before.
    pub attempted: bool,
    /// Its themes' keys.
    pub themes: Vec<String>,
    /// The signed-in account's puzzle rating of the game; `null` for a
    /// guest.
    pub player: Option<PuzzlePlayer>,
    /// The names of the seats.
    pub sides: StudySides,
    /// The start position.
    pub start: StudyPosition,
    /// The opponent's move that led to the start position, as lichess
    /// shows it: the page draws `lead_in.before`, plays the move and marks
    /// it until the learner moves; `null` for a puzzle without one.
    pub lead_in: Option<PuzzleLeadIn>,
}

/// The opponent's move before a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzleLeadIn {
    /// The position before the move (the opponent to move).
    pub before: StudyPosition,
    /// The move in canonical text; it leads to the puzzle's start.
    #[serde(rename = "move")]
    #[ts(rename = "move")]
    pub mv: String,
}

/// One puzzle of a streak.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzleStreakEntry {
    /// The puzzle's id.
    pub id: String,
    /// Its rating, rounded.
    pub rating: f64,
}

/// `GET /api/puzzles/streak`: the puzzles of a streak, easiest first.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzleStreakReply {
    /// The game's name.
    pub game: String,
    /// The puzzles in order.
    pub puzzles: Vec<PuzzleStreakEntry>,
}

/// `POST /api/puzzles/{id}/solve`: the learner's moves.
#[derive(Clone, Debug, Default, Deserialize, TS)]
pub struct PuzzleSolveRequest {
    /// The learner's own moves so far, in order.
    #[serde(default)]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub moves: Vec<String>,
    /// Whether the learner gives up (asks for the solution): a miss.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub give_up: bool,
    /// Whether the attempt is part of a streak: judged, recorded as seen,
    /// never rated.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub streak: bool,
}

/// How a puzzle stands after the learner's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum PuzzleStatus {
    /// Solved.
    Right,
    /// Missed (or given up).
    Wrong,
    /// Right so far; the opponent replied.
    Continue,
}

/// Why a finished attempt rated nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleUnrated {
    /// Nobody is signed in.
    Guest,
    /// The account attempted the puzzle before.
    Attempted,
    /// The puzzle is not the one served last to the account in its game.
    NotServed,
    /// The attempt came sooner than the time floor after the serving.
    TooFast,
    /// The attempt is part of a streak.
    Streak,
}

/// A puzzle's rating around a finished attempt.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzleRatingChange {
    /// Before, rounded.
    pub before: f64,
    /// After (only for a signed-in learner), rounded.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub after: Option<f64>,
}

/// The learner's puzzle rating around a finished attempt.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzlePlayerChange {
    /// The rating before, rounded.
    pub before: f64,
    /// The whole rating after.
    pub after: PuzzlePlayer,
}

/// The reply to a solve: the verdict and the position to go on from;
/// once the puzzle is over, its solution and the ratings.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PuzzleSolveReply {
    /// The verdict.
    pub status: PuzzleStatus,
    /// The learner's move judged.
    pub played: Option<String>,
    /// The opponent's reply, when the puzzle goes on.
    pub reply: Option<String>,
    /// The moves played on the board so far.
    pub line: Vec<String>,
    /// The last of them.
    pub last_move: Option<String>,
    /// Whether this attempt changed the ratings.
    pub rated: bool,
    /// Why a finished attempt rated nothing; `null` otherwise.
    pub unrated: Option<PuzzleUnrated>,
    /// The whole solution, once the puzzle is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub solution: Option<Vec<String>>,
    /// The position after the solution, once the puzzle is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub solution_end: Option<StudyPosition>,
    /// The puzzle's rating, once the puzzle is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub puzzle_rating: Option<PuzzleRatingChange>,
    /// The signed-in learner's rating, once the puzzle is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub player: Option<PuzzlePlayerChange>,
    /// After a wrong move, the position it made (`at` is the one before it,
    /// to try again from): the page shows the move, then takes it back.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub wrong_at: Option<StudyPosition>,
    /// The position to go on from.
    pub at: StudyPosition,
}

/// `GET /api/games/{id}/explore`: a position of the analysis board.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ExploreReply {
    /// The ply of the main line the variation leaves from.
    pub ply: usize,
    /// The variation's moves in canonical text.
    pub moves: Vec<String>,
    /// The move that led here.
    pub last_move: Option<String>,
    /// The ending's record text (`1-0`, `0-1`, `1/2-1/2`), `null` while the
    /// game goes on.
    pub result: Option<String>,
    /// The names of the seats.
    pub sides: StudySides,
    /// The position.
    pub at: StudyPosition,
}

/// An engine report of one line of an analysis (the `info` event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct AnalysisInfo {
    /// The depth completed.
    pub depth: u32,
    /// The score for the side to move, UCI-style (`cp 35`, `mate 3`,
    /// `mate -2`).
    pub score: String,
    /// The line's moves.
    pub pv: Vec<String>,
    /// The nodes searched so far.
    pub nodes: u64,
    /// The line's number, from 1 (the best).
    pub multipv: u32,
}

/// The end of an analysis (the `done` event): the best move and the last
/// completed iteration's score, depth and line (`null` if none completed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct AnalysisDone {
    /// The best move, if any.
    pub best: Option<String>,
    /// Its score for the side to move, UCI-style.
    pub score: Option<String>,
    /// The depth completed.
    pub depth: Option<u32>,
    /// The best line.
    pub pv: Option<Vec<String>>,
}

/// An event of `GET /api/games/{id}/analysis`: the server-sent event's
/// name (`event`) and its data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "event", content = "data", rename_all = "lowercase")]
pub enum AnalysisEvent {
    /// A report of one line.
    Info(AnalysisInfo),
    /// The end.
    Done(AnalysisDone),
}

impl AnalysisEvent {
    /// The server-sent event's name.
    pub fn name(&self) -> &'static str {
        match self {
            AnalysisEvent::Info(_) => "info",
            AnalysisEvent::Done(_) => "done",
        }
    }
}

/// One evaluated position of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct EvaluatedPly {
    /// The ply.
    pub ply: usize,
    /// The score from the first player's view (clamped; decided positions
    /// ±10000 less the plies to the end).
    pub score: i32,
    /// The engine's best move there, if any.
    pub best: Option<String>,
}

/// `GET`/`POST /api/games/{id}/evaluation`: the evaluation graph so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct EvaluationReply {
    /// Whether anyone asked for it.
    pub requested: bool,
    /// How many positions are evaluated.
    pub done: usize,
    /// How many positions the game has.
    pub total: usize,
    /// The evaluated positions.
    pub plies: Vec<EvaluatedPly>,
}

/// `GET /api/diagram`: a position for a diagram of the rules.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct DiagramReply {
    /// The board's view.
    #[ts(type = "Record<string, unknown>")]
    pub view: Value,
    /// The last move played, if any.
    pub last_move: Option<String>,
    /// The seat to move.
    pub side_to_move: SeatId,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<LessonSummary>(cfg)?;
    super::export_type::<LessonReply>(cfg)?;
    super::export_type::<LessonCheckRequest>(cfg)?;
    super::export_type::<LessonCheckReply>(cfg)?;
    super::export_type::<PuzzleSummary>(cfg)?;
    super::export_type::<PuzzleReply>(cfg)?;
    super::export_type::<PuzzleStreakReply>(cfg)?;
    super::export_type::<PuzzleSolveRequest>(cfg)?;
    super::export_type::<PuzzleSolveReply>(cfg)?;
    super::export_type::<ExploreReply>(cfg)?;
    super::export_type::<AnalysisEvent>(cfg)?;
    super::export_type::<EvaluationReply>(cfg)?;
    super::export_type::<DiagramReply>(cfg)?;
    Ok(())
}
