//! Lesson steps on the toy game (two tokens on cells 0..=4, moves `l`/`r`,
//! who steps next to the other token wins): the check of the learner's
//! moves, and `verify` finding broken steps.

#[allow(dead_code)]
mod toy;

use game::GameEntry;
use game::lesson::{Goal, LessonError, Step, Verdict, Words, verify};

const WORDS: Words = Words { en: "text", de: "Text" };

const fn step(id: &'static str, position: &'static str, goal: Goal) -> Step {
    Step { id, title: WORDS, position, explanation: WORDS, task: WORDS, hint: WORDS, goal }
}

/// P1 steps right, P2 answers left, P1 steps next to P2 and wins.
const LINE: Step = step("line", "0 4 1", Goal::Line(&["r", "l", "r"]));
const RIGHT: Step = step("right", "1 4 1", Goal::OneOf(&["r"]));
const WIN: Step = step("win", "1 3 1", Goal::Reach { test: game::lesson::first_player_won, example: "r" });

fn entry(lesson: &'static [Step]) -> GameEntry {
    GameEntry { lesson, ..toy::entry() }
}

fn moves(list: &[&str]) -> Vec<String> {
    list.iter().map(|m| (*m).to_owned()).collect()
}

#[test]
fn a_line_goes_on_with_the_scripted_reply_until_done() {
    let entry = entry(&[LINE]);
    let first = LINE.check(&entry, &moves(&["r"])).unwrap();
    assert_eq!(first.verdict, Verdict::Continue { reply: "l".into() });
    assert_eq!(first.line, ["r", "l"]);
    assert_eq!(first.game.position(), "1 3 1", "the learner plays on after the reply");
    let done = LINE.check(&entry, &moves(&["r", "r"])).unwrap();
    assert_eq!((done.verdict, done.line), (Verdict::Done, moves(&["r", "l", "r"])));
    assert!(matches!(
        LINE.check(&entry, &moves(&["r", "r", "l"])),
        Err(LessonError::TooManyMoves { expected: 2, given: 3 })
    ));
}

#[test]
fn a_wrong_move_leaves_the_position_and_an_illegal_one_is_refused_by_number() {
    let entry = entry(&[RIGHT, WIN]);
    let wrong = RIGHT.check(&entry, &moves(&["l"])).unwrap();
    assert_eq!(wrong.verdict, Verdict::Wrong { played: "l".into() });
    assert_eq!((wrong.game.position(), wrong.line.len()), ("1 4 1".to_owned(), 0));
    assert!(matches!(RIGHT.check(&entry, &moves(&["x"])), Err(LessonError::IllegalMove { number: 1, .. })));
    assert_eq!(WIN.check(&entry, &moves(&["r"])).unwrap().verdict, Verdict::Done);
    assert_eq!(WIN.check(&entry, &moves(&["l"])).unwrap().verdict, Verdict::Wrong { played: "l".into() });
    let unknown = entry.lesson_step("nothing").unwrap_err();
    assert_eq!(unknown.message().de, "line hat keinen Lernschritt „nothing“");
}

#[test]
fn verify_passes_a_sound_lesson_and_names_each_broken_step() {
    assert_eq!(verify(&entry(&[RIGHT, WIN]), 2), Vec::<String>::new());
    const BROKEN: &[Step] = &[
        step("illegal", "1 4 1", Goal::OneOf(&["x"])),
        step("no-win", "1 4 1", Goal::Reach { test: game::lesson::first_player_won, example: "r" }),
        step("everything", "0 4 1", Goal::OneOf(&["r"])),
        step("bad-position", "9 9 9", Goal::OneOf(&["r"])),
        step("right", "1 4 1", Goal::OneOf(&["r"])),
        step("right", "1 4 1", Goal::OneOf(&["r"])),
    ];
    let problems = verify(&entry(BROKEN), 12);
    let named = |prefix: &str| problems.iter().any(|p| p.starts_with(prefix));
    assert!(named("line has 6 steps, fewer than 12"), "{problems:#?}");
    for id in ["illegal:", "no-win:", "everything:", "bad-position:", "step id 'right' twice"] {
        assert!(named(id), "{id} not found in {problems:#?}");
    }
    assert_eq!(problems.len(), 6, "{problems:#?}");
}
