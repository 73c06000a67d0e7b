//! Lessons: short steps that teach a game on its own board.
//!
//! Each game provides its lesson as data in its [`GameEntry`]
//! ([`GameEntry::lesson`]): a list of [`Step`]s, each a position (the
//! game's own position text), a sentence of explanation and a task in
//! English and German, a hint, and a [`Goal`] that the rules check. The
//! learner plays their moves; the opponent's replies, where a task has
//! any, are scripted. [`Step::check`] judges the learner's moves so far;
//! [`verify`] checks a whole lesson (each game's tests call it).

use crate::{DynGame, GameEntry, GameError, Options, Text, text};

/// A sentence for people, in English and German, fixed in the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// English.
    pub en: &'static str,
    /// German.
    pub de: &'static str,
}

impl Words {
    /// The words as a [`Text`].
    #[must_use]
    pub fn text(&self) -> Text {
        Text::new(self.en, self.de)
    }
}

/// What a step asks the learner to do, checked by the rules.
#[derive(Clone, Copy, Debug)]
pub enum Goal {
    /// Play one of these moves (canonical move text); the first is shown
    /// by "show me".
    OneOf(&'static [&'static str]),
    /// Play a line: the learner's move, the opponent's scripted reply, the
    /// learner's next move, …, ending with a move of the learner.
    Line(&'static [&'static str]),
    /// Play one move after which `test` holds of the game (e.g. the game
    /// is won, a stone stands on a cell); `example` is such a move.
    Reach {
        /// Whether the position after the learner's move completes the task.
        test: fn(&dyn DynGame) -> bool,
        /// A move that completes the task ("show me").
        example: &'static str,
    },
}

impl Goal {
    /// The learner's moves and the replies of a solution, in order ("show me").
    #[must_use]
    pub fn solution(&self) -> Vec<&'static str> {
        match self {
            Goal::OneOf(moves) => moves.iter().take(1).copied().collect(),
            Goal::Line(line) => line.to_vec(),
            Goal::Reach { example, .. } => vec![example],
        }
    }

    /// How many moves the learner plays in a solution.
    #[must_use]
    pub fn learner_moves(&self) -> usize {
        match self {
            Goal::Line(line) => line.len().div_ceil(2),
            Goal::OneOf(_) | Goal::Reach { .. } => 1,
        }
    }
}

/// One step of a lesson.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// A short name that stays the same (`"clone"`), used in addresses
    /// and in the progress kept for an account.
    pub id: &'static str,
    /// The step's heading.
    pub title: Words,
    /// The position, as the game's own position text.
    pub position: &'static str,
    /// What the step teaches: a sentence or two.
    pub explanation: Words,
    /// What the learner must do on the board.
    pub task: Words,
    /// A hint that helps without giving the move away.
    pub hint: Words,
    /// What the rules check.
    pub goal: Goal,
}

/// How far the learner's moves get with a step's task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The task is done.
    Done,
    /// Right so far: the opponent replied with `reply`; the learner plays on.
    Continue {
        /// The opponent's scripted reply (canonical text).
        reply: String,
    },
    /// A legal move that does not do the task; the learner tries again
    /// from the position before it.
    Wrong {
        /// The move, in canonical text.
        played: String,
    },
}

/// The answer to the learner's moves: the verdict, and the game at the
/// position the learner plays on from (after the replies; before a wrong
/// move; the final position when done).
pub struct Checked {
    /// How far the moves got.
    pub verdict: Verdict,
    /// The moves played on the board, replies included, in canonical text
    /// (without a wrong move).
    pub line: Vec<String>,
    /// The game at the position after `line`.
    pub game: Box<dyn DynGame>,
}

/// Why the learner's moves cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    /// The game has no lesson step of that id.
    #[error("{game} has no lesson step '{step}'")]
    UnknownStep {
        /// The game's name.
        game: String,
        /// The step asked for.
        step: String,
    },
    /// A move that is not legal (or not readable) where it was played.
    #[error("move {number}: {error}")]
    IllegalMove {
        /// Which of the learner's moves, from 1.
        number: usize,
        /// What the rules say.
        error: GameError,
    },
    /// More moves than the task has; the first ones already finished it
    /// or went wrong.
    #[error("{}", too_many_moves(.expected, .given).en)]
    TooManyMoves {
        /// How many moves the task takes at most.
        expected: usize,
        /// How many were given.
        given: usize,
    },
    /// The step's own position or solution does not work (a bug in the
    /// lesson; [`verify`] finds it).
    #[error("the lesson step is broken: {0}")]
    Broken(GameError),
}

/// "the task takes 2 moves, not 3" in both languages ("1 move" for one).
fn too_many_moves(expected: &usize, given: &usize) -> Text {
    if *expected == 1 {
        text!("the task takes 1 move, not {given}", "die Aufgabe braucht 1 Zug, nicht {given}")
    } else {
        text!(
            "the task takes {expected} moves, not {given}",
            "die Aufgabe braucht {expected} Züge, nicht {given}"
        )
    }
}

impl LessonError {
    /// The error for people, in both languages.
    #[must_use]
    pub fn message(&self) -> Text {
        match self {
            LessonError::UnknownStep { game, step } => {
                text!("{game} has no lesson step '{step}'", "{game} hat keinen Lernschritt „{step}“")
            }
            LessonError::IllegalMove { number, error } => {
                let (en, de) =
                    (error.message(crate::Language::English), error.message(crate::Language::German));
                text!("move {number}: {en}", "Zug {number}: {de}")
            }
            LessonError::TooManyMoves { expected, given } => too_many_moves(expected, given),
            LessonError::Broken(error) => {
                let (en, de) =
                    (error.message(crate::Language::English), error.message(crate::Language::German));
                text!("the lesson step is broken: {en}", "der Lernschritt ist fehlerhaft: {de}")
            }
        }
    }
}

impl GameEntry {
    /// The lesson step `id`.
    pub fn lesson_step(&self, id: &str) -> Result<&'static Step, LessonError> {
        self.lesson
            .iter()
            .find(|step| step.id == id)
            .ok_or_else(|| LessonError::UnknownStep { game: self.name.to_owned(), step: id.to_owned() })
    }

    /// A game at the position of `step` (default options).
    pub fn lesson_game(&self, step: &Step) -> Result<Box<dyn DynGame>, GameError> {
        let options = self.complete_options(&Options::new())?;
        (self.create)(&options, Some(step.position))
    }
}

impl Step {
    /// Judges the learner's `moves` (their own moves only; the scripted
    /// replies are played in between) on `entry`'s game.
    pub fn check(&self, entry: &GameEntry, moves: &[String]) -> Result<Checked, LessonError> {
        let mut game = entry.lesson_game(self).map_err(LessonError::Broken)?;
        let expected = self.goal.learner_moves();
        if moves.len() > expected {
            return Err(LessonError::TooManyMoves { expected, given: moves.len() });
        }
        let mut line = Vec::new();
        let mut verdict = Verdict::Wrong { played: String::new() };
        for (index, mv) in moves.iter().enumerate() {
            let before = game.clone_box();
            let played =
                game.play(mv).map_err(|error| LessonError::IllegalMove { number: index + 1, error })?;
            verdict = self.judge(index, &played, game.as_ref());
            match &verdict {
                Verdict::Wrong { .. } => {
                    if index + 1 < moves.len() {
                        return Err(LessonError::TooManyMoves { expected: index + 1, given: moves.len() });
                    }
                    game = before;
                }
                Verdict::Done => {
                    line.push(played);
                    if index + 1 < moves.len() {
                        return Err(LessonError::TooManyMoves { expected: index + 1, given: moves.len() });
                    }
                }
                Verdict::Continue { reply } => {
                    line.push(played);
                    let reply = game.play(reply).map_err(LessonError::Broken)?;
                    line.push(reply);
                }
            }
        }
        Ok(Checked { verdict, line, game })
    }

    /// The verdict on the learner's move number `index` (from 0), played
    /// as `played`, leading to `game`.
    fn judge(&self, index: usize, played: &str, game: &dyn DynGame) -> Verdict {
        let wrong = || Verdict::Wrong { played: played.to_owned() };
        match self.goal {
            Goal::OneOf(moves) => {
                if moves.contains(&played) {
                    Verdict::Done
                } else {
                    wrong()
                }
            }
            Goal::Reach { test, .. } => {
                if test(game) {
                    Verdict::Done
                } else {
                    wrong()
                }
            }
            Goal::Line(line) => {
                if line.get(2 * index) != Some(&played) {
                    wrong()
                } else if let Some(reply) = line.get(2 * index + 1) {
                    Verdict::Continue { reply: (*reply).to_owned() }
                } else {
                    Verdict::Done
                }
            }
        }
    }
}

/// Checks every step of `entry`'s lesson: the position reads, the step's
/// moves are legal in canonical text, the solution does the task, and a
/// wrong first move does not. Returns what is broken, one line per
/// problem (empty when the lesson is sound). `min_steps` is the least
/// number of steps the lesson must have.
#[must_use]
pub fn verify(entry: &GameEntry, min_steps: usize) -> Vec<String> {
    let mut problems = Vec::new();
    if entry.lesson.len() < min_steps {
        problems.push(format!("{} has {} steps, fewer than {min_steps}", entry.name, entry.lesson.len()));
    }
    for (index, step) in entry.lesson.iter().enumerate() {
        if entry.lesson[..index].iter().any(|other| other.id == step.id) {
            problems.push(format!("step id '{}' twice", step.id));
        }
        for words in [step.title, step.explanation, step.task, step.hint] {
            if words.en.trim().is_empty() || words.de.trim().is_empty() {
                problems.push(format!("{}: a text is empty in one language", step.id));
            }
        }
        if let Err(problem) = verify_step(entry, step) {
            problems.push(format!("{}: {problem}", step.id));
        }
    }
    problems
}

/// Panics with every problem [`verify`] finds in `entry`'s lesson: the
/// test each game runs on its own lesson.
pub fn assert_sound(entry: &GameEntry, min_steps: usize) {
    let problems = verify(entry, min_steps);
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Panics unless each `(step, move)` of `cases` is a legal first move of
/// that step of `entry`'s lesson that the step judges wrong: the moves a
/// step's words rule out (a jump where a clone is asked for, a move that
/// leaves a hole), which each game's tests name.
pub fn assert_wrong(entry: &GameEntry, cases: &[(&str, &str)]) {
    for (id, mv) in cases {
        let step = entry.lesson_step(id).unwrap_or_else(|e| panic!("{e}"));
        let checked = step.check(entry, &[(*mv).to_owned()]).unwrap_or_else(|e| panic!("{id}: {mv}: {e}"));
        assert!(matches!(checked.verdict, Verdict::Wrong { .. }), "{id}: {mv} does the task");
    }
}

/// The checks of [`verify`] for one step.
fn verify_step(entry: &GameEntry, step: &Step) -> Result<(), String> {
    let game = entry.lesson_game(step).map_err(|e| format!("position: {e}"))?;
    if game.outcome().is_some() {
        return Err("the position is already over".into());
    }
    let mut walk = game.clone_box();
    for mv in step.goal.solution() {
        let played = walk.play(mv).map_err(|e| format!("solution move '{mv}': {e}"))?;
        if played != mv {
            return Err(format!("solution move '{mv}' is written '{played}' canonically"));
        }
    }
    if let Goal::OneOf(moves) = step.goal {
        for mv in moves {
            let played = game.clone_box().play(mv).map_err(|e| format!("move '{mv}': {e}"))?;
            if played != *mv {
                return Err(format!("move '{mv}' is written '{played}' canonically"));
            }
        }
    }
    let learner: Vec<String> = step.goal.solution().iter().step_by(2).map(|mv| (*mv).to_owned()).collect();
    let checked = step.check(entry, &learner).map_err(|e| format!("solution: {e}"))?;
    if checked.verdict != Verdict::Done {
        return Err(format!("the solution does not finish the task: {:?}", checked.verdict));
    }
    // Some legal move must not do the task, and it is judged wrong (not
    // refused as illegal, not taken as the start of the line).
    let refused = game.legal_moves().into_iter().any(|mv| {
        matches!(
            step.check(entry, std::slice::from_ref(&mv)),
            Ok(Checked { verdict: Verdict::Wrong { .. }, .. })
        )
    });
    if refused { Ok(()) } else { Err("every legal move does the task".into()) }
}

/// Whether `holds` is true after every reply the side to move in `game`
/// may play (true when it has none): for tasks that ask the learner to
/// leave the opponent no good answer (a [`Goal::Reach`] test).
#[must_use]
pub fn every_reply(game: &dyn DynGame, holds: impl Fn(&dyn DynGame) -> bool) -> bool {
    game.legal_moves().iter().all(|reply| {
        let mut after = game.clone_box();
        after.play(reply).is_ok() && holds(after.as_ref())
    })
}

/// The legal first moves of step `id` of `entry`'s lesson after which the
/// learner (the first player) has won, for a final test's own tests to
/// compare with the move it shows; panics unless the shown move is one.
#[must_use]
pub fn winning_first_moves(entry: &GameEntry, id: &str) -> Vec<String> {
    let step = entry.lesson_step(id).unwrap_or_else(|e| panic!("{e}"));
    let game = entry.lesson_game(step).unwrap_or_else(|e| panic!("{id}: {e}"));
    let winning = winning_moves(game.as_ref());
    let shown = step.goal.solution()[0];
    assert!(winning.iter().any(|mv| mv == shown), "{id}: the shown move {shown} does not win: {winning:?}");
    winning
}

/// The legal moves of `game` after which the first player (the learner)
/// has won.
fn winning_moves(game: &dyn DynGame) -> Vec<String> {
    game.legal_moves()
        .into_iter()
        .filter(|mv| {
            let mut after = game.clone_box();
            after.play(mv).is_ok() && first_player_won(after.as_ref())
        })
        .collect()
}

/// Whether `game` is over and won by the first player (P1), the side the
/// learner plays (for [`Goal::Reach`] tests of steps that end the game).
#[must_use]
pub fn first_player_won(game: &dyn DynGame) -> bool {
    game.outcome().is_some_and(|outcome| outcome.result == crate::GameResult::Win(crate::Player::P1))
}
