//! The full-screen mode driven by key events and drawn into a
//! [`TestBackend`] buffer, no terminal needed.

use crate::session::clock::GameClock;
use crate::session::{Opponent, Session, Setup};
use crate::tui::app::{App, Screen};
use crate::tui::view;
use game::{Options, Player, level};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A record path of its own for each test.
fn record_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("spielwerk-tui-{name}-{}.txt", std::process::id()))
}

fn app(game: &str, opponent: Opponent, name: &str) -> App {
    app_with(game, &Options::new(), opponent, name)
}

fn app_with(game: &str, options: &Options, opponent: Opponent, name: &str) -> App {
    app_at(game, options, opponent, record_path(name))
}

/// The screen of a new game saved to `record`.
fn app_at(game: &str, options: &Options, opponent: Opponent, record: PathBuf) -> App {
    App::new(session_at(game, options, opponent, record), colourless("Test"))
}

/// A new game's session, the first player a person, saved to `record`.
fn session_at(game: &str, options: &Options, opponent: Opponent, record: PathBuf) -> Session {
    let game = games::registry().create(game, options, None).expect("the game exists");
    Session::new(Setup {
        game,
        opponent,
        human: Player::P1,
        level: None,
        movetime: Duration::from_millis(50),
        engine: None,
        clock: None,
        language: game::Language::English,
        record,
    })
}

/// A screen without colour titled `title`.
fn colourless(title: &'static str) -> Screen {
    Screen { colour: false, title, rules: "The rules.".to_owned() }
}

fn press(app: &mut App, code: KeyCode) {
    app.key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn type_line(app: &mut App, line: &str) {
    line.chars().for_each(|c| press(app, KeyCode::Char(c)));
    press(app, KeyCode::Enter);
}

/// The screen at 80×24 as lines of text.
fn screen(app: &mut App) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    terminal.draw(|frame| view::draw(frame, app)).expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..24).map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect()
}

fn shows(lines: &[String], text: &str) -> bool {
    lines.iter().any(|line| line.contains(text))
}

/// Whether the review has the evaluation of every position (they come one
/// by one on the review's thread, several between two ticks, so a test
/// waits for all of them, not for a count on the way).
fn every_position_evaluated(app: &App) -> bool {
    app.review.as_ref().is_some_and(|r| r.evaluations.done() == r.evaluations.scores.len())
}

/// Ticks until `done` holds, for at most five minutes (the engine runs on
/// a thread of a debug build, and CI's two cores may be shared with other
/// builds: one minute was once too short).
fn tick_until(app: &mut App, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(300);
    while !done(app) {
        assert!(Instant::now() < deadline, "no change within five minutes");
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn ataxx_board_and_prompt_fit_80_by_24_and_a_typed_move_is_played() {
    let mut app = app("ataxx", Opponent::Human, "typed");
    let lines = screen(&mut app);
    assert!(shows(&lines, "a  b  c  d  e  f  g"), "{lines:#?}");
    assert!(shows(&lines, "7  x  .  .  .  .  .  o  7"), "{lines:#?}");
    assert!(lines[23].starts_with("Red to move>"), "{lines:#?}");
    type_line(&mut app, "b6");
    assert_eq!(app.session.game.moves(), ["b6"]);
    let lines = screen(&mut app);
    assert!(shows(&lines, "6  . [x]"), "{lines:#?}");
    assert!(lines[23].starts_with("Blue to move>"), "{lines:#?}");
    assert!(shows(&lines, "  1. b6"), "the move list: {lines:#?}");
    let record = std::fs::read_to_string(app.session.record_path()).expect("saved after the move");
    assert!(record.contains("b6"));
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_draw_between_people_is_an_offer_that_the_other_accepts() {
    let mut app = app("ataxx", Opponent::Human, "draw");
    type_line(&mut app, "draw");
    assert!(app.session.game.outcome().is_none(), "one `draw` alone ends nothing");
    assert!(app.message.as_ref().is_some_and(|m| m.text.contains("offer a draw")), "{:?}", app.message);
    type_line(&mut app, "draw");
    assert!(app.message.as_ref().is_some_and(|m| m.text.contains("already stands")), "{:?}", app.message);
    type_line(&mut app, "b6");
    assert!(app.message.as_ref().is_some_and(|m| m.text.contains("offers a draw")), "{:?}", app.message);
    type_line(&mut app, "draw");
    let outcome = app.session.game.outcome().expect("the offer accepted");
    assert_eq!(outcome.result, game::GameResult::Draw);
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_help_panel_wraps_its_sentences_once_at_spaces() {
    let mut app = app("ataxx", Opponent::Human, "help-wrap");
    press(&mut app, KeyCode::F(1));
    let lines = screen(&mut app);
    // The sentence is broken once by the panel, not at the old break too.
    assert!(shows(&lines, "stays saved; continue with --resume)"), "{lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn an_illegal_move_shows_the_error_in_the_status_line() {
    let mut app = app("ataxx", Opponent::Human, "illegal");
    type_line(&mut app, "a1");
    assert!(app.session.game.moves().is_empty());
    let message = app.message.clone().expect("a message");
    assert!(message.error);
    let lines = screen(&mut app);
    assert!(shows(&lines[20..], &message.text[..20]), "{lines:#?}");
}

#[test]
fn history_and_completion_at_the_prompt() {
    let mut app = app("ataxx", Opponent::Human, "complete");
    for c in "g1f".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.editor.text(), "g1f3 ");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session.game.moves(), ["g1f3"]);
    press(&mut app, KeyCode::Char('u'));
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.editor.text(), "undo ");
    press(&mut app, KeyCode::Enter);
    assert!(app.session.game.moves().is_empty());
    press(&mut app, KeyCode::Up);
    assert_eq!(app.editor.text(), "undo");
    press(&mut app, KeyCode::Up);
    assert_eq!(app.editor.text(), "g1f3");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn clicks_on_cells_build_and_play_a_move() {
    let mut app = app("ataxx", Opponent::Human, "click");
    screen(&mut app);
    let area = app.board_area;
    let click = |app: &mut App, line: u16, column: u16| {
        app.mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: area.x + column,
            row: area.y + line,
            modifiers: KeyModifiers::NONE,
        });
    };
    // a7 is drawn on line 1 at column 5, c5 on line 3 at column 11.
    click(&mut app, 1, 5);
    assert_eq!(app.editor.text(), "a7");
    assert!(app.message.as_ref().is_some_and(|m| m.text.contains("a7c5")));
    click(&mut app, 3, 11);
    assert_eq!(app.session.game.moves(), ["a7c5"]);
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn amakta_after_several_moves_fits_80_by_24_with_the_legend_on_a_key() {
    let mut app = app("amakta", Opponent::Human, "amakta");
    for _ in 0..12 {
        let mv = app.legal.first().cloned().expect("a legal move");
        type_line(&mut app, &mv);
    }
    assert_eq!(app.session.game.moves().len(), 12);
    let lines = screen(&mut app);
    assert!(lines[23].contains("to move>"), "{lines:#?}");
    assert!(shows(&lines, "e  1"), "row e of the board: {lines:#?}");
    assert!(!shows(&lines, "Arrows ↗→↘↙←↖"), "no legend before F2: {lines:#?}");
    press(&mut app, KeyCode::F(2));
    let lines = screen(&mut app);
    assert!(shows(&lines, "Legend"), "{lines:#?}");
    press(&mut app, KeyCode::Esc);
    assert!(app.panel.is_none());
    press(&mut app, KeyCode::PageDown);
    assert!(app.viewport.top > 0 || app.drawing.size().1 <= app.board_area.height);
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_stone_chosen_by_click_or_tab_lists_its_clones_as_well_as_its_jumps() {
    let mut app = app("ataxx", Opponent::Human, "clones");
    app.click("g1");
    let said = app.message.as_ref().map(|shown| shown.text.clone()).unwrap_or_default();
    assert!(said.starts_with("8 moves: f1, f2, g2, g1e1"), "{said}");
    app.editor.set_text("");
    "g1".chars().for_each(|c| press(&mut app, KeyCode::Char(c)));
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Tab);
    let said = app.message.as_ref().map(|shown| shown.text.clone()).unwrap_or_default();
    assert!(said.contains("f1, f2, g2, g1e1"), "{said}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_tab_list_of_moves_with_spaces_is_separated_by_commas_and_counts_them_all() {
    let options = Options::from_pairs([("circles", "none")]);
    let mut app = app_with("amakta", &options, Opponent::Human, "tab-spaces");
    "place 000008 e1 ".chars().for_each(|c| press(&mut app, KeyCode::Char(c)));
    press(&mut app, KeyCode::Tab);
    let said = app.message.as_ref().map(|shown| shown.text.clone()).unwrap_or_default();
    assert!(said.starts_with("6: place 000008 e1 000008, place 000008 e1 000080, "), "{said}");
    // Tab twice on a start many moves share: all of them counted.
    app.editor.set_text("");
    let count = app.legal.iter().filter(|mv| mv.starts_with("place 0")).count();
    "place 0".chars().for_each(|c| press(&mut app, KeyCode::Char(c)));
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Tab);
    let said = app.message.as_ref().map(|shown| shown.text.clone()).unwrap_or_default();
    assert!(said.starts_with(&format!("{count}: place 0")), "{said}");
    assert_eq!(said.matches(", ").count(), count - 1, "{said}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn levels_map_to_the_web_limits() {
    let mut app = app("ataxx", Opponent::Engine, "levels");
    let now = Instant::now();
    assert_eq!(app.session.limits(now), game::Limits::movetime(Duration::from_millis(50)));
    for n in level::LEVELS {
        type_line(&mut app, &format!("level {n}"));
        assert_eq!(app.session.level, Some(n));
        assert_eq!(app.session.limits(now), level::level(n).limits);
    }
    type_line(&mut app, "level 11");
    assert_eq!(app.session.level, Some(10));
    assert!(app.message.as_ref().is_some_and(|m| m.error));
}

#[test]
fn the_engine_answers_and_go_switches_sides() {
    let mut app = app("ataxx", Opponent::Engine, "engine");
    type_line(&mut app, "level 3");
    type_line(&mut app, "b6");
    tick_until(&mut app, |app| app.session.game.moves().len() == 2);
    assert_eq!(app.session.game.side_to_move(), Player::P1);
    type_line(&mut app, "go");
    assert_eq!(app.session.human, Player::P2);
    tick_until(&mut app, |app| app.session.game.moves().len() == 3);
    // The person (now Blue) takes back to their previous turn.
    type_line(&mut app, "undo");
    assert_eq!(app.session.game.moves().len(), 1);
    assert_eq!(app.session.game.side_to_move(), Player::P2);
    assert!(shows(&screen(&mut app), "Took back 2 moves."), "{:#?}", screen(&mut app));
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_review_evaluates_every_position_at_the_low_levels_too() {
    for level in ["level 1", "level 2"] {
        let mut app = app("ataxx", Opponent::Engine, "low-level-review");
        type_line(&mut app, level);
        type_line(&mut app, "f2");
        tick_until(&mut app, |app| app.session.game.moves().len() == 2);
        type_line(&mut app, "resign");
        type_line(&mut app, "y");
        // Every position: the start, after f2 and after the reply.
        tick_until(&mut app, every_position_evaluated);
        assert_eq!(app.review.as_ref().map(|r| r.evaluations.done()), Some(3));
        // Numbered in move pairs and the scores labelled with the side.
        let reply = app.session.game.moves()[1].clone();
        let lines = screen(&mut app);
        // Red resigned at move 2.
        assert!(shows(&lines, "move 2 "), "{lines:#?}");
        let status = format!("Review: position after 1... {reply} (2/2 moves of either side)");
        assert!(shows(&lines, &status), "{lines:#?}");
        assert!(lines.iter().any(|line| line.contains("1. f2") && line.contains("Red ")), "{lines:#?}");
        // `history` works in the review as in play and in the line mode's.
        type_line(&mut app, "history");
        let panel = app.panel.as_ref().expect("the moves");
        assert_eq!(panel.title, "Moves");
        let text: String = panel.lines.iter().map(ToString::to_string).collect();
        assert!(text.starts_with("1. Red  f2") && text.contains(&format!("Blue {reply}")), "{text}");
        let _ = std::fs::remove_file(app.session.record_path());
    }
}

#[test]
fn the_title_numbers_the_move_being_played_as_the_board_does() {
    let mut app = app("abalone", Opponent::Human, "title-move-number");
    let title = |app: &mut App| screen(app)[0].clone();
    assert!(title(&mut app).contains(" · move 1 · "), "{}", title(&mut app));
    assert!(shows(&screen(&mut app), "Black (X) to move, move 1"), "{:#?}", screen(&mut app));
    type_line(&mut app, "c3d3");
    assert!(title(&mut app).contains(" · move 1 · "), "White's reply is 1...: {}", title(&mut app));
    type_line(&mut app, "g7f6");
    assert!(title(&mut app).contains(" · move 2 · "), "{}", title(&mut app));
    assert!(shows(&screen(&mut app), "Black (X) to move, move 2"), "{:#?}", screen(&mut app));
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_move_list_pairs_each_move_with_its_reply_and_an_early_resignation_keeps_its_move_number() {
    let mut paired = app("ataxx", Opponent::Human, "move-pairs");
    for mv in ["f2", "a2", "e1"] {
        type_line(&mut paired, mv);
    }
    let lines = screen(&mut paired);
    assert!(lines.iter().any(|line| line.contains("│    1. f2 a2")), "{lines:#?}");
    assert!(shows(&lines, "│    2. e1") && !shows(&lines, "1... a2"), "{lines:#?}");
    // Blue resigns at move 2, which the title names.
    type_line(&mut paired, "resign");
    type_line(&mut paired, "y");
    let title = screen(&mut paired)[0].clone();
    assert!(title.contains(" · move 2 · "), "{title}");
    let _ = std::fs::remove_file(paired.session.record_path());
    // A game the board ends names its last move: Red takes the last stones.
    let game = games::registry().create("ataxx", &Options::new(), Some("7/7/7/7/7/7/4xoo x 0 1"));
    let mut app = app("ataxx", Opponent::Human, "move-pairs-end");
    app.session.game = game.expect("the position");
    app.refresh();
    type_line(&mut app, "f2");
    assert!(app.session.game.outcome().is_some(), "Blue has no stones left");
    let title = screen(&mut app)[0].clone();
    assert!(title.contains(" · move 1 · "), "{title}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn abalone_has_its_move_list_beside_the_board_at_80_by_24_in_german_too() {
    for language in [game::Language::English, game::Language::German] {
        let mut app = app("abalone", Opponent::Human, "abalone-move-list");
        app.session.language = language;
        app.refresh();
        type_line(&mut app, "c3d3");
        let lines = screen(&mut app);
        assert!(lines.iter().any(|line| line.contains("│    1. c3d3")), "{language:?}: {lines:#?}");
        let _ = std::fs::remove_file(app.session.record_path());
    }
}

#[test]
fn the_review_move_list_shows_each_jump_whole_beside_its_evaluation() {
    let mut app = app("ataxx", Opponent::Human, "review-move-list");
    type_line(&mut app, "f2");
    type_line(&mut app, "a1c2");
    type_line(&mut app, "resign");
    type_line(&mut app, "y");
    tick_until(&mut app, every_position_evaluated);
    let lines = screen(&mut app);
    // The jump "1... a1c2" beside "Red +0.58" is wider than the least
    // width of the list.
    for mv in ["1. f2 ", "1... a1c2 "] {
        assert!(lines.iter().any(|line| line.contains(mv) && line.contains(" Red ")), "{mv}: {lines:#?}");
    }
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_time_forfeit_ends_the_game_and_the_review_evaluates_it() {
    let mut app = app("ataxx", Opponent::Human, "clock");
    app.session.clock = Some(GameClock::new("1+0".parse().expect("a clock")));
    let start = Instant::now();
    app.session.clock.as_mut().expect("a clock").start(Player::P1, start);
    type_line(&mut app, "b6");
    app.tick(start + Duration::from_secs(120));
    let outcome = app.session.game.outcome().expect("over");
    assert_eq!(outcome.reason, "time");
    assert_eq!(outcome.result, game::GameResult::Win(Player::P1));
    app.tick(Instant::now());
    assert!(app.review.is_some());
    tick_until(&mut app, every_position_evaluated);
    let lines = screen(&mut app);
    assert!(shows(&lines, "Review 1/1>"), "{lines:#?}");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.review.as_ref().map(|r| r.ply), Some(0));
    let lines = screen(&mut app);
    assert!(shows(&lines, "1. b6"), "{lines:#?}");
    // A number past the end goes to the end and says why.
    type_line(&mut app, "7");
    assert_eq!(app.review.as_ref().map(|r| r.ply), Some(1));
    assert!(app.message.as_ref().is_some_and(|m| m.text.contains("only 1 ply")), "{:?}", app.message);
    let _ = std::fs::remove_file(app.session.record_path());
}

/// Clicks the first screen cell where the board shows `cell` (the screen
/// drawn first, so that the board's place is known).
fn click_cell(app: &mut App, cell: &str) {
    screen(app);
    let area = app.board_area;
    let (x, y) = (area.x..area.right())
        .flat_map(|x| (area.y..area.bottom()).map(move |y| (x, y)))
        .find(|&(x, y)| {
            let at = app.viewport.drawing_position(area, x, y);
            at.and_then(|(line, column)| app.cell_at(line, column)).as_deref() == Some(cell)
        })
        .unwrap_or_else(|| panic!("{cell} is not on screen"));
    app.mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    });
}

#[test]
fn clicks_spell_moves_in_abalone_and_die_formation() {
    let mut app = app("abalone", Opponent::Human, "click-abalone");
    click_cell(&mut app, "a1");
    assert_eq!(app.editor.text(), "a1");
    click_cell(&mut app, "b2");
    assert_eq!(app.session.game.moves(), ["a1b2"]);
    let _ = std::fs::remove_file(app.session.record_path());
    let mut formation = self::app("formation", Opponent::Human, "click-formation");
    click_cell(&mut formation, "b1");
    click_cell(&mut formation, "b4");
    assert_eq!(formation.session.game.moves(), ["b1b4"]);
    let _ = std::fs::remove_file(formation.session.record_path());
}

#[test]
fn in_amakta_a_click_is_the_next_word_of_the_move() {
    let options = Options::new().with("circles", "none");
    let mut app = app_with("amakta", &options, Opponent::Human, "click-amakta");
    click_cell(&mut app, "e1");
    assert!(app.message.as_ref().is_some_and(|m| m.text.contains("place 000000 e1")), "{:?}", app.message);
    assert_eq!(app.editor.text(), "");
    for c in "place 000003".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    click_cell(&mut app, "e1");
    assert_eq!(app.editor.text(), "place 000003 e1 ");
    type_line(&mut app, "000030");
    assert_eq!(app.session.game.moves(), ["place 000003 e1 000030"]);
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn infinit_cells_are_clickable() {
    let mut app = app("amakta-infinit", Opponent::Human, "click-infinit");
    for c in "cell".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    click_cell(&mut app, "0,0");
    assert_eq!(app.editor.text(), "cell 0,0");
    let _ = std::fs::remove_file(app.session.record_path());
}

/// Whether a screen line is the labelled line of row `row` (`e  1 w1:0 …`,
/// wherever the board stands across the screen).
fn starts_row(line: &str, row: char) -> bool {
    line.trim_start().starts_with(&format!("{row} "))
}

/// The screen position of the label `label` in the line of row `row`
/// (`e  1 w1:0 …`): its column and the line.
fn label_on_screen(lines: &[String], row: char, label: &str) -> (u16, u16) {
    let y = lines.iter().position(|line| starts_row(line, row)).expect("the row is on screen");
    let start = lines[y].find(row).expect("the row's letter") + 2;
    let x = lines[y][start..].find(&format!(" {label} ")).expect("the label") + start + 1;
    (u16::try_from(x).unwrap(), u16::try_from(y).unwrap())
}

#[test]
fn a_tall_amakta_board_is_zoomed_out_to_fit_and_f5_zooms_in() {
    // Stones with arrows all round in rows a, c, e, g and i: the full
    // board takes 24 lines.
    let position = "board=hex5 set=111111,222222,333333 p1=white turn=white circles=- \
        stones=a1=w:111111/111111,c3=b:111111/111111,e5=w:222222/222222,g3=b:222222/222222,\
        i1=w:333333/333333 removed=-";
    let game = games::registry().create("amakta", &Options::new(), Some(position)).expect("the position");
    let mut app = app("amakta", Opponent::Human, "zoom");
    app.session.game = game;
    app.refresh();
    let lines = screen(&mut app);
    assert!(app.compact, "{lines:#?}");
    for row in 'a'..='i' {
        assert!(lines.iter().any(|line| starts_row(line, row)), "row {row}: {lines:#?}");
    }
    // A click on a label, or on the line above it, finds its cell.
    let (x, y) = label_on_screen(&lines, 'e', "1");
    let cell_under = |app: &App, x: u16, y: u16| {
        let (line, column) = app.viewport.drawing_position(app.board_area, x, y).expect("on the board");
        app.cell_at(line, column)
    };
    assert_eq!(cell_under(&app, x, y).as_deref(), Some("e1"));
    assert_eq!(cell_under(&app, x, y - 1).as_deref(), Some("e1"));
    let (x, y) = label_on_screen(&lines, 'a', "3");
    assert_eq!(cell_under(&app, x, y).as_deref(), Some("a3"));
    // F5 shows the board in full (rows leave the screen), F5 again zooms out.
    press(&mut app, KeyCode::F(5));
    let full = screen(&mut app);
    assert!(!app.compact && app.drawing.size().1 > app.board_area.height, "{full:#?}");
    press(&mut app, KeyCode::F(5));
    screen(&mut app);
    assert!(app.compact);
    let _ = std::fs::remove_file(app.session.record_path());
}

/// The screen at 80×24 as the text of a capture: lines without their
/// trailing spaces.
fn capture(app: &mut App) -> String {
    let lines: Vec<String> = screen(app).iter().map(|line| line.trim_end().to_owned()).collect();
    format!("{}\n", lines.join("\n"))
}

/// Compares `text` with the capture `docs/img/NAME`, or writes it there
/// when `SPIELWERK_WRITE_CAPTURES` is set.
fn check_capture(name: &str, text: &str) {
    let path = crate::doc_commands::workspace_root().join("docs/img").join(name);
    if std::env::var_os("SPIELWERK_WRITE_CAPTURES").is_some() {
        std::fs::write(&path, text).expect("the capture is written");
    }
    let committed = std::fs::read_to_string(&path).expect("the capture exists");
    assert_eq!(
        committed, text,
        "docs/img/{name} is not the screen of today; run with SPIELWERK_WRITE_CAPTURES=1"
    );
}

#[test]
fn the_captures_in_docs_are_todays_screens() {
    let mut ataxx = app("ataxx", Opponent::Human, "capture-ataxx");
    ataxx.title = "Ataxx";
    for mv in ["b6", "b2", "c5", "a1c3"] {
        type_line(&mut ataxx, mv);
    }
    check_capture("tui-ataxx.txt", &capture(&mut ataxx));
    let _ = std::fs::remove_file(ataxx.session.record_path());
    // Amakta in play: each side places the stone with the most arrows.
    let options = Options::new().with("circles", "none");
    let mut amakta = app_with("amakta", &options, Opponent::Human, "capture-amakta");
    amakta.title = "Amakta";
    for _ in 0..8 {
        let mv =
            amakta.legal.iter().filter(|mv| mv.starts_with("place")).max().cloned().expect("a placing move");
        type_line(&mut amakta, &mv);
    }
    // Zoomed out for the whole game at 80×24 (the full board can grow
    // taller than the screen); F5 shows it in full.
    assert!(amakta.compact);
    check_capture("tui-amakta-zoomed.txt", &capture(&mut amakta));
    press(&mut amakta, KeyCode::F(5));
    check_capture("tui-amakta.txt", &capture(&mut amakta));
    let _ = std::fs::remove_file(amakta.session.record_path());
}

#[test]
fn f3_hides_and_shows_the_engines_thinking() {
    let mut app = app("ataxx", Opponent::Engine, "thinking");
    type_line(&mut app, "b6");
    tick_until(&mut app, |app| !app.engine_line.is_empty() || app.session.game.moves().len() == 2);
    app.engine_line = "engine: depth 3 · +0.50 · g7f6".to_owned();
    assert!(shows(&screen(&mut app), "⚙ engine: depth 3"));
    press(&mut app, KeyCode::F(3));
    assert!(!shows(&screen(&mut app), "engine: depth"));
    press(&mut app, KeyCode::F(3));
    assert!(shows(&screen(&mut app), "⚙ engine: depth 3"));
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_save_that_fails_warns_in_a_line_of_its_own_and_the_game_goes_on() {
    let dir = std::env::temp_dir().join(format!("spielwerk-tui-save-fails-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_at("ataxx", &Options::new(), Opponent::Human, dir.join("game.txt"));
    type_line(&mut app, "f2");
    assert!(
        app.session.record_path().exists() && app.session.save_note.is_none() && !app.session.save_failed()
    );
    // The folder is removed and a file takes its place.
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, "in the way").unwrap();
    type_line(&mut app, "f6");
    assert_eq!(app.session.game.moves(), ["f2", "f6"], "the move is played");
    let note = app.session.save_note.clone().expect("a warning");
    assert!(note.warning, "{note:?}");
    let path = app.session.record_path().display().to_string();
    assert!(
        note.text.starts_with(&format!(
            "Warning: the game could not be saved to {path} (Not a directory (os error 20))"
        )),
        "{note:?}"
    );
    // The warning is on screen whole, above the move's message.
    let lines = screen(&mut app);
    let text = lines.iter().map(|line| line.trim_end()).collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("Not a directory (os error 20)). Play goes on; every move tries again."),
        "{lines:#?}"
    );
    assert!(shows(&lines, "Blue played f6"), "{lines:#?}");
    assert!(lines[23].starts_with("Red to move>"), "{lines:#?}");
    // The way is free again: the next move is saved, and that is said.
    std::fs::remove_file(&dir).unwrap();
    type_line(&mut app, "g2");
    let record = std::fs::read_to_string(app.session.record_path()).expect("saved again");
    assert!(record.contains("1. f2 f6 2. g2 *"), "{record}");
    let note = app.session.save_note.clone().expect("a note");
    assert!(!note.warning && note.text == format!("The game is saved to {path} again."), "{note:?}");
    assert!(!app.session.save_failed());
    // Only until the next save.
    type_line(&mut app, "a2");
    assert!(app.session.save_note.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether `header` shows `name` and a whole clock after it (`Red 9:59`;
/// the clock runs from the start).
fn shows_clock(header: &str, name: &str) -> bool {
    header.match_indices(&format!("{name} ")).any(|(at, found)| {
        let time: String = header[at + found.len()..].chars().take_while(|c| !c.is_whitespace()).collect();
        let (minutes, seconds) = time.split_once(':').unwrap_or_default();
        !minutes.is_empty()
            && minutes.chars().all(|c| c.is_ascii_digit())
            && seconds.len() >= 2
            && seconds.chars().all(|c| c.is_ascii_digit() || c == '.')
    })
}

#[test]
fn the_header_shows_both_clocks_in_full_at_80_columns_in_every_game() {
    let registry = games::registry();
    let control: crate::session::clock::TimeControl = "10+5".parse().expect("a clock");
    for (name, language) in [
        ("ataxx", game::Language::English),
        ("abalone", game::Language::English),
        ("formation", game::Language::English),
        ("amakta", game::Language::German),
        ("amakta", game::Language::English),
        ("amakta-infinit", game::Language::English),
        ("amakta-infinit", game::Language::German),
    ] {
        for level in [None, Some(3), Some(10)] {
            let entry = registry.get(name).expect("the game exists");
            let session = Session::new(Setup {
                game: registry.create(name, &Options::new(), None).expect("the game exists"),
                opponent: Opponent::Engine,
                human: Player::P1,
                level,
                movetime: Duration::from_millis(2000),
                engine: None,
                clock: Some(GameClock::new(control)),
                language,
                record: record_path(&format!("header-{name}")),
            });
            let mut app = App::new(session, colourless(entry.title.get(language)));
            let header = &screen(&mut app)[0];
            for player in Player::BOTH {
                let player = app.name(player);
                assert!(
                    shows_clock(header, player),
                    "{name} {language:?} level {level:?}: no whole clock of {player} in '{header}'"
                );
            }
            assert!(header.starts_with(&format!(" {}", entry.title.get(language))), "{header}");
        }
    }
}

#[test]
fn the_rules_are_a_command_of_the_full_screen_too() {
    let mut app = app("ataxx", Opponent::Human, "rules");
    type_line(&mut app, "rules");
    let panel = app.panel.clone().expect("a panel");
    assert_eq!(panel.title, "Rules");
    assert!(shows(&screen(&mut app), "The rules."), "{:#?}", screen(&mut app));
}

/// The screen at `width`×`height` as lines of text.
fn screen_of(app: &mut App, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|frame| view::draw(frame, app)).expect("drawn");
    let buffer = terminal.backend().buffer();
    (0..height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect()
}

#[test]
fn a_long_message_ends_in_a_marker_and_f6_shows_every_message_whole() {
    let mut app = app("ataxx", Opponent::Human, "message-log");
    type_line(&mut app, "b6");
    let words = "word ".repeat(60);
    let long = format!("{words}finis");
    app.inform(&game::Text::new(&long, &long));
    let lines = screen(&mut app);
    assert!(lines[22].trim_end().ends_with("… (F6: all)"), "{lines:#?}");
    assert!(!shows(&lines, "finis"), "{lines:#?}");
    assert!(lines[23].starts_with("Blue to move>"), "the prompt stays: {lines:#?}");
    press(&mut app, KeyCode::F(6));
    let lines = screen(&mut app);
    assert!(shows(&lines, "Messages") && shows(&lines, "finis"), "{lines:#?}");
    assert!(shows(&lines, "Red played b6"), "the earlier message is in the log: {lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_panel_longer_than_the_screen_says_so_in_its_title() {
    let mut app = app("ataxx", Opponent::Human, "panel-more");
    app.rules = (1..=60).map(|n| format!("rule {n}")).collect::<Vec<_>>().join("\n");
    type_line(&mut app, "rules");
    let title = screen(&mut app)[1].clone();
    assert!(title.contains("↓ PgDn") && !title.contains("↑ PgUp"), "{title}");
    for _ in 0..10 {
        press(&mut app, KeyCode::PageDown);
    }
    let lines = screen(&mut app);
    assert!(lines[1].contains("↑ PgUp") && !lines[1].contains("↓ PgDn"), "{lines:#?}");
    assert!(shows(&lines, "rule 60"), "scrolled to the last line: {lines:#?}");
}

#[test]
fn a_status_of_two_rows_keeps_the_key_help_on_its_last_row() {
    let mut app = app("amakta-infinit", Opponent::Human, "status-keys");
    type_line(&mut app, "bid 50");
    let lines = screen(&mut app);
    let status = lines.iter().position(|line| line.starts_with("Bidding: ")).expect("the status");
    assert!(lines[status].trim_end().chars().count() > 60, "a status of two rows: {lines:#?}");
    let second = lines[status + 1].trim_end();
    assert!(second.starts_with("(N above 50)"), "{lines:#?}");
    assert!(second.ends_with("F1 help · F2 legend · ^C quit"), "{lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_help_offers_cell_only_where_the_game_explains_cells_and_ctrl_j_ends_a_line() {
    let mut ataxx = app("ataxx", Opponent::Human, "help-cell");
    press(&mut ataxx, KeyCode::F(1));
    let text: String = ataxx.panel.as_ref().expect("help").lines.iter().map(ToString::to_string).collect();
    assert!(!text.contains("explain a cell") && text.contains("rules · record · help · quit"), "{text}");
    // The commands are one paragraph, wrapped to the panel's width at
    // spaces, not three source lines broken again into ragged rows.
    let lines: Vec<String> =
        ataxx.panel.as_ref().expect("help").lines.iter().map(ToString::to_string).collect();
    assert!(lines.iter().any(|line| line.starts_with("Commands") && line.ends_with("quit")), "{lines:#?}");
    // Ctrl-J, the line feed of text pasted with LF line ends, plays the line.
    "g2".chars().for_each(|c| press(&mut ataxx, KeyCode::Char(c)));
    ataxx.key(KeyEvent::new(KeyCode::Char('j'), KeyModifiers::CONTROL));
    assert_eq!(ataxx.session.game.moves(), ["g2"]);
    let _ = std::fs::remove_file(ataxx.session.record_path());
    let mut amakta = app("amakta", Opponent::Human, "help-cell-amakta");
    press(&mut amakta, KeyCode::F(1));
    let text: String = amakta.panel.as_ref().expect("help").lines.iter().map(ToString::to_string).collect();
    assert!(text.contains("record · cell "), "{text}");
}

#[test]
fn a_panel_pages_a_screenful_and_goes_to_its_start_and_end() {
    let mut app = app("ataxx", Opponent::Human, "panel-pages");
    app.rules = (1..=200).map(|n| format!("rule {n}")).collect::<Vec<_>>().join("\n");
    type_line(&mut app, "rules");
    screen(&mut app);
    let rows = app.panel.as_ref().map_or(0, |panel| panel.rows);
    assert!(rows > 9, "{rows}");
    // PgDn and Space each a page less one row, kept in sight.
    press(&mut app, KeyCode::PageDown);
    assert_eq!(app.panel.as_ref().map(|panel| panel.scroll), Some(rows - 1));
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.panel.as_ref().map(|panel| panel.scroll), Some(2 * (rows - 1)));
    assert_eq!(app.editor.text(), "", "Space pages, with nothing typed");
    press(&mut app, KeyCode::End);
    assert!(shows(&screen(&mut app), "rule 200"));
    press(&mut app, KeyCode::Home);
    assert!(shows(&screen(&mut app), "rule 1 "));
    press(&mut app, KeyCode::PageUp);
    assert_eq!(app.panel.as_ref().map(|panel| panel.scroll), Some(0));
    // With a move being typed, Space and Home edit it.
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Char(' '));
    press(&mut app, KeyCode::Home);
    assert_eq!((app.editor.text().as_str(), app.editor.cursor()), ("g ", 0));
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_legal_moves_panel_closes_after_a_move_and_the_help_stays() {
    let mut app = app("ataxx", Opponent::Human, "moves-panel");
    type_line(&mut app, "moves");
    assert!(app.panel.is_some());
    type_line(&mut app, "b6");
    assert!(app.panel.is_none(), "the list of the earlier position is closed");
    press(&mut app, KeyCode::F(1));
    type_line(&mut app, "a2");
    assert_eq!(app.session.game.moves(), ["b6", "a2"]);
    assert!(app.panel.is_some(), "the help stays open");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn f2_shows_the_legend_of_ataxx_and_die_formation() {
    let mut ataxx = app("ataxx", Opponent::Human, "legend-ataxx");
    type_line(&mut ataxx, "g1e3");
    press(&mut ataxx, KeyCode::F(2));
    let lines = screen(&mut ataxx);
    assert!(shows(&lines, "[x] the square the last move went to"), "{lines:#?}");
    assert!(shows(&lines, "(.) the square its jump left"), "{lines:#?}");
    let mut formation = app("formation", Opponent::Human, "legend-formation");
    press(&mut formation, KeyCode::F(2));
    let lines = screen(&mut formation);
    assert!(shows(&lines, "o a piece of White"), "{lines:#?}");
    assert!(shows(&lines, "x a piece of Black"), "{lines:#?}");
    assert!(shows(&lines, ". an empty square"), "{lines:#?}");
    assert!(shows(&lines, "R red: like a rook"), "{lines:#?}");
    for app in [ataxx, formation] {
        let _ = std::fs::remove_file(app.session.record_path());
    }
}

#[test]
fn f2_shows_the_legend_of_abalone_and_die_formation_in_german_too() {
    let cases = [
        (
            "abalone",
            game::Language::English,
            ["X Black · O White", "[ ] the cells the last move's", "diagonal"],
        ),
        ("abalone", game::Language::German, ["X Schwarz · O Weiß", "[ ] die Mulden, in die", "Diagonal"]),
        (
            "formation",
            game::Language::German,
            ["o eine Figur von Weiß", "Figur von Schwarz", "R rot: wie ein Turm"],
        ),
    ];
    for (name, language, wanted) in cases {
        let mut app = app(name, Opponent::Human, "legend-german");
        app.session.language = language;
        app.refresh();
        press(&mut app, KeyCode::F(2));
        let lines = screen(&mut app);
        assert!(!shows(&lines, "no legend") && !shows(&lines, "keine Legende"), "{name}: {lines:#?}");
        for text in wanted {
            assert!(shows(&lines, text), "{name} {language:?}, '{text}': {lines:#?}");
        }
        let _ = std::fs::remove_file(app.session.record_path());
    }
}

#[test]
fn f5_says_why_a_board_without_a_smaller_drawing_stays() {
    let mut app = app("ataxx", Opponent::Human, "zoom-ataxx");
    screen(&mut app);
    press(&mut app, KeyCode::F(5));
    assert!(!app.compact);
    let message = app.message.clone().expect("a message");
    assert!(message.text.starts_with("This position has no smaller drawing"), "{message:?}");
    assert!(!shows(&screen(&mut app), "F5 zoom"), "no F5 in the key help where it changes nothing");
}

#[test]
fn f5_in_amakta_before_any_stone_speaks_of_the_position_and_zooms_once_a_stone_stands() {
    // In colour, as on a terminal: the colours alone are no smaller drawing.
    let session = session_at("amakta", &Options::new(), Opponent::Human, record_path("zoom-amakta-setup"));
    let mut setup = App::new(session, Screen { colour: true, title: "Test", rules: String::new() });
    press(&mut setup, KeyCode::F(5));
    let message = setup.message.clone().expect("a message");
    assert!(message.text.starts_with("This position has no smaller drawing"), "{message:?}");
    let _ = std::fs::remove_file(setup.session.record_path());
    let options = Options::new().with("circles", "none");
    let mut app = app_with("amakta", &options, Opponent::Human, "zoom-amakta-empty");
    screen(&mut app);
    press(&mut app, KeyCode::F(5));
    let message = app.message.clone().expect("a message");
    assert!(message.text.starts_with("This position has no smaller drawing"), "{message:?}");
    let mv = app.legal.iter().find(|mv| mv.starts_with("place")).cloned().expect("a placing move");
    type_line(&mut app, &mv);
    assert!(app.zoomable, "a stone on the board has a smaller drawing");
    let compact = app.compact;
    press(&mut app, KeyCode::F(5));
    assert_ne!(app.compact, compact, "F5 zooms");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_wide_screen_has_the_board_in_the_middle_and_the_amakta_moves_in_full() {
    let options = Options::from_pairs([("circles", "none")]);
    let mut app = app_with("amakta", &options, Opponent::Human, "wide");
    let first = app.legal.first().cloned().expect("a legal move");
    type_line(&mut app, &first);
    let lines = screen_of(&mut app, 160, 45);
    let (room, board) = (app.board_room, app.board_area);
    assert!(board.width < room.width && board.x > room.x, "{room:?} {board:?}");
    let (left, right) = (board.x - room.x, room.x + room.width - board.x - board.width);
    assert!(left.abs_diff(right) <= 1, "centred: {left} and {right} columns beside it");
    assert!(shows(&lines, &format!("1. {first}")), "the whole move in the list: {lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_large_screen_gives_the_move_list_and_the_messages_more_room() {
    let mut app = app("ataxx", Opponent::Human, "large");
    type_line(&mut app, "b6");
    let long = format!("{}finis", "word ".repeat(100));
    app.inform(&game::Text::new(&long, &long));
    let lines = screen_of(&mut app, 160, 45);
    let moves_width = 160 - app.board_room.width;
    assert!(moves_width >= 36, "the move list is {moves_width} columns wide: {lines:#?}");
    let (room, board) = (app.board_room, app.board_area);
    assert!(board.x > room.x && board.y > room.y, "the board in the middle: {room:?} {board:?}");
    // 500 characters take four rows at 160 columns: all of them shown.
    assert!(shows(&lines, "finis") && !shows(&lines, "(F6: all)"), "{lines:#?}");
    // At 80×24 the layout is as before: the list narrower (room for a
    // move and its evaluation in the review), two message rows.
    let lines = screen(&mut app);
    assert!((20..36).contains(&(80 - app.board_room.width)), "{lines:#?}");
    assert!(lines[22].trim_end().ends_with("… (F6: all)"), "{lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn ctrl_c_makes_the_thinking_engine_move_now_and_ctrl_z_asks_to_suspend() {
    let mut app = app("ataxx", Opponent::Engine, "move-now");
    app.session.movetime = Duration::from_secs(600);
    type_line(&mut app, "b6");
    tick_until(&mut app, App::thinking);
    app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(!app.quit, "Ctrl-C does not leave while the engine thinks");
    tick_until(&mut app, |app| app.session.game.moves().len() == 2);
    app.key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert!(app.suspend);
    // As in the line mode: a first Ctrl-C clears the line and says that a
    // second leaves; another key in between plays on.
    type_line(&mut app, "hint");
    "a1".chars().for_each(|c| press(&mut app, KeyCode::Char(c)));
    app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(!app.quit, "one Ctrl-C does not leave");
    assert_eq!(app.editor.text(), "", "the line is cleared");
    let said = app.message.as_ref().map(|message| message.text.clone()).unwrap_or_default();
    assert!(said.starts_with("Ctrl-C again leaves (the game stays saved"), "{said}");
    press(&mut app, KeyCode::Char('a'));
    app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(!app.quit, "a key between two Ctrl-C plays on");
    app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quit, "a second Ctrl-C in a row leaves when the engine does not think");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_formation_board_stays_in_place_when_its_status_grows() {
    let mut app = app("formation", Opponent::Human, "formation-in-place");
    let column = |lines: &[String]| {
        let row = lines.iter().find(|line| line.trim_start().starts_with("8 ")).expect("the top rank");
        row.len() - row.trim_start().len()
    };
    let before = column(&screen(&mut app));
    let mv = app.session.game.legal_moves()[0].clone();
    type_line(&mut app, &mv);
    let lines = screen(&mut app);
    assert_eq!(app.session.game.moves().len(), 1, "{lines:#?}");
    assert_eq!(column(&lines), before, "{lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_game_ended_before_any_move_opens_no_empty_review() {
    let mut app = app("ataxx", Opponent::Human, "no-moves-review");
    type_line(&mut app, "resign");
    type_line(&mut app, "y");
    app.tick(Instant::now());
    assert!(app.session.game.outcome().is_some());
    assert!(app.review.is_none());
    let lines = screen(&mut app);
    assert!(shows(&lines, "No move was played; `quit` leaves."), "{lines:#?}");
    assert!(!shows(&lines, "0/0"), "{lines:#?}");
    // Said once: what is typed next gets its own answer.
    type_line(&mut app, "board2");
    app.tick(Instant::now());
    assert!(!shows(&screen(&mut app), "No move was played"), "{:#?}", screen(&mut app));
    type_line(&mut app, "quit");
    assert!(app.quit);
}

#[test]
fn f4_says_why_when_there_is_no_room_for_the_move_list() {
    // At 50×16 Amakta's board takes every row.
    let mut app = app("amakta", Opponent::Human, "f4-no-room");
    type_line(&mut app, "circle r");
    let lines = screen_of(&mut app, 50, 16);
    assert!(!app.moves_on_screen && !shows(&lines, "1. circle"), "{lines:#?}");
    press(&mut app, KeyCode::F(4));
    let lines = screen_of(&mut app, 50, 16);
    assert!(shows(&lines, "No room for the move list"), "{lines:#?}");
    // Where it fits, F4 hides and shows it.
    let mut ataxx = self::app("ataxx", Opponent::Human, "f4-room");
    assert!(shows(&screen(&mut ataxx), "┌Moves"), "{:#?}", screen(&mut ataxx));
    press(&mut ataxx, KeyCode::F(4));
    assert!(!shows(&screen(&mut ataxx), "┌Moves"), "{:#?}", screen(&mut ataxx));
    press(&mut ataxx, KeyCode::F(4));
    assert!(shows(&screen(&mut ataxx), "┌Moves"), "{:#?}", screen(&mut ataxx));
}

#[test]
fn the_legend_and_the_legal_moves_leave_the_board_in_sight() {
    let mut app = app("ataxx", Opponent::Human, "panel-beside");
    let rank = |lines: &[String]| lines.iter().any(|line| line.trim_start().starts_with("7  x"));
    press(&mut app, KeyCode::F(2));
    let lines = screen(&mut app);
    assert!(shows(&lines, "Legend"), "{lines:#?}");
    assert!(rank(&lines), "the board is hidden: {lines:#?}");
    press(&mut app, KeyCode::Esc);
    type_line(&mut app, "moves");
    let lines = screen(&mut app);
    assert!(shows(&lines, "Legal moves") && shows(&lines, "g1e3"), "{lines:#?}");
    assert!(rank(&lines), "the board is hidden: {lines:#?}");
}

#[test]
fn f5_on_amakta_infinits_plane_says_it_has_no_smaller_drawing() {
    let mut app = app("amakta-infinit", Opponent::Human, "infinit-f5");
    press(&mut app, KeyCode::F(5));
    let lines = screen(&mut app);
    assert!(shows(&lines, "This position has no smaller drawing"), "{lines:#?}");
}

#[test]
fn the_german_status_keeps_z_b_together_where_it_wraps() {
    let mut app = app("amakta", Opponent::Human, "amakta-status-de");
    app.session.language = game::Language::German;
    app.refresh();
    let lines = screen(&mut app);
    assert!(shows(&lines, "z.\u{a0}B.") || shows(&lines, "z. B."), "{lines:#?}");
    assert!(!lines.iter().any(|line| line.trim_end().ends_with(" z.")), "{lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

/// The screen position (column, line) of the board's top-left cell: the
/// label of Abalone's top row `I`.
fn abalone_corner(lines: &[String]) -> (usize, usize) {
    let y = lines.iter().position(|line| starts_row(line, 'I')).expect("the top row is on screen");
    let x = lines[y].chars().position(|c| c == 'I').expect("the row's letter");
    (x, y)
}

#[test]
fn the_board_stays_in_place_after_a_long_error_and_in_the_review() {
    let mut app = app("abalone", Opponent::Human, "board-in-place");
    let start = abalone_corner(&screen(&mut app));
    type_line(&mut app, "c3d4");
    let lines = screen(&mut app);
    assert_eq!(abalone_corner(&lines), start, "after a move: {lines:#?}");
    type_line(&mut app, "zz");
    let lines = screen(&mut app);
    assert!(app.message.as_ref().is_some_and(|m| m.error), "{lines:#?}");
    assert_eq!(abalone_corner(&lines), start, "after an error: {lines:#?}");
    app.inform(&game::Text::new("word ".repeat(60), "Wort ".repeat(60)));
    let lines = screen(&mut app);
    assert_eq!(abalone_corner(&lines), start, "after a long message: {lines:#?}");
    type_line(&mut app, "resign");
    type_line(&mut app, "y");
    tick_until(&mut app, every_position_evaluated);
    let lines = screen(&mut app);
    assert!(shows(&lines, "Review"), "{lines:#?}");
    assert_eq!(abalone_corner(&lines), start, "in the review: {lines:#?}");
    press(&mut app, KeyCode::Left);
    let lines = screen(&mut app);
    assert_eq!(abalone_corner(&lines), start, "a step back in the review: {lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_typing_error_in_abalone_leads_with_a_short_reason_cut_at_a_word() {
    let mut app = app("abalone", Opponent::Human, "typing-error");
    type_line(&mut app, "zz");
    let message = app.message.clone().expect("a message");
    let lines = screen(&mut app);
    let shown = format!("{} {}", lines[21].trim_end(), lines[22].trim_end());
    assert!(
        shown.starts_with("malformed move 'zz': a move is 4 or 6 characters, e.g. a1b2"),
        "the short reason first: {lines:#?}"
    );
    assert!(shown.ends_with("… (F6: all)"), "{lines:#?}");
    // Every word shown is a whole word of the message: none cut.
    let words: Vec<&str> = message.text.split(' ').collect();
    let shown = shown.trim_end_matches("… (F6: all)");
    for word in shown.split_whitespace() {
        assert!(words.contains(&word), "'{word}' is cut: {lines:#?}");
    }
    press(&mut app, KeyCode::F(6));
    assert!(shows(&screen(&mut app), "c3c5d4"), "the whole explanation in the log");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn after_the_end_the_status_and_the_prompt_show_the_result_and_a_move_is_refused_plainly() {
    let mut app = app("formation", Opponent::Human, "over-status");
    type_line(&mut app, "resign");
    type_line(&mut app, "y");
    app.tick(Instant::now());
    let lines = screen(&mut app);
    assert!(lines[19].starts_with("Game over: Black wins — "), "the status line: {lines:#?}");
    assert!(lines[23].starts_with("Game over>"), "the prompt: {lines:#?}");
    let mv = app.legal.first().cloned().unwrap_or_else(|| "a1a2".to_owned());
    type_line(&mut app, &mv);
    let message = app.message.clone().expect("a message");
    assert!(message.error && message.text.starts_with("The game is over"), "{message:?}");
    assert!(!message.text.contains("Tab"), "no completion offered: {message:?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_colour_choice_says_who_chose_and_what_that_leaves_the_person() {
    let mut people = app("amakta", Opponent::Human, "colour-people");
    type_line(&mut people, "circles none");
    type_line(&mut people, "colour black");
    assert_eq!(people.session.game.moves().len(), 2, "{:?}", people.message);
    let message = people.message.clone().expect("a message").text;
    assert_eq!(message, "The second player chose Black; the first player plays White.");
    let mut engine = app("amakta", Opponent::Engine, "colour-engine");
    type_line(&mut engine, "level 1");
    type_line(&mut engine, "circles none");
    tick_until(&mut engine, |app| app.session.game.moves().len() == 2);
    let message = engine.message.clone().expect("a message").text;
    assert!(message.starts_with("The engine (second player) chose "), "{message}");
    assert!(message.contains("; you play "), "{message}");
    for app in [people, engine] {
        let _ = std::fs::remove_file(app.session.record_path());
    }
}

#[test]
fn the_moves_panel_says_what_the_circle_letters_mean_and_circle_r_is_the_next_stone() {
    let mut app = app("amakta", Opponent::Human, "circle-letters");
    type_line(&mut app, "moves");
    let lines = screen_of(&mut app, 160, 45);
    // The panel beside a board drawn wider wraps before "damage".
    assert!(shows(&lines, "=n no circle, =r reinforcement, =d") && shows(&lines, "damage"), "{lines:#?}");
    type_line(&mut app, "circle r");
    assert_eq!(app.session.game.moves().len(), 1, "{:?}", app.message);
    assert!(app.session.game.moves()[0].ends_with("=r"), "{:?}", app.session.game.moves());
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn german_replies_name_german_commands_and_the_status_says_strg_c() {
    let mut ataxx = app("ataxx", Opponent::Human, "german-keys");
    ataxx.session.language = game::Language::German;
    ataxx.refresh();
    let lines = screen_of(&mut ataxx, 120, 30);
    assert!(shows(&lines, "Strg-C Ende") && !shows(&lines, "^C"), "{lines:#?}");
    let _ = std::fs::remove_file(ataxx.session.record_path());
    let mut app = app("amakta", Opponent::Human, "german-words");
    app.session.language = game::Language::German;
    app.refresh();
    type_line(&mut app, "stufe 11");
    let message = app.message.clone().expect("a message").text;
    assert!(message.contains("`stufe 5`") && !message.contains("level"), "{message}");
    type_line(&mut app, "zelle e5");
    let lines = screen_of(&mut app, 120, 30);
    assert!(shows(&lines, "Feld e5"), "zelle is cell: {lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn after_a_resignation_the_board_shows_the_result_not_the_side_to_move() {
    for game in ["ataxx", "abalone", "formation", "amakta"] {
        let mut app = app(game, Opponent::Human, "end-status");
        type_line(&mut app, "resign");
        type_line(&mut app, "y");
        let lines = screen(&mut app);
        // (Amakta's phase line is below what 24 rows show.)
        assert!(game == "amakta" || shows(&lines, "game over: "), "{game}: {lines:#?}");
        assert!(!shows(&lines, "to move"), "{game}: {lines:#?}");
        let _ = std::fs::remove_file(app.session.record_path());
    }
}
/// A move that takes a game through its phases: Amakta's placements,
/// Infinit's bidding (one offer, accepted), creation (two stones a side,
/// then closed) and placements.
fn next_move(app: &App) -> Option<String> {
    let (_, legal) = app.session.game.legal_move_list(100_000);
    let played = app.session.game.moves();
    let creates = played.iter().filter(|mv| mv.starts_with("create")).count();
    let find = |prefix: &str| legal.iter().find(|mv| mv.starts_with(prefix)).cloned();
    if played.iter().any(|mv| mv.starts_with("bid"))
        && let Some(mv) = find("accept")
    {
        return Some(mv);
    }
    if let Some(mv) = find("bid 5") {
        return Some(mv);
    }
    if find("create").is_some() {
        // A few different stones, then both sets closed.
        let create = legal.iter().filter(|mv| mv.starts_with("create")).nth(creates * 7 + 3).cloned();
        return if creates < 4 { create } else { find("close") };
    }
    find("place").or_else(|| legal.get(legal.len() / 3).cloned())
}

/// What a test reads off an 80×24 screen of Amakta or Infinit: the
/// board's top line, the screen line of each row's label, and whether the
/// last move stands whole in the move list.
struct Seen {
    top: u16,
    rows: Vec<(String, usize)>,
    last_move_whole: bool,
}

/// Reads `lines`, the screen of `app`: rows labelled by `labels` (their
/// first word).
fn seen(app: &App, lines: &[String], labels: &[String]) -> Seen {
    let rows = labels
        .iter()
        .filter_map(|label| {
            let y = lines.iter().position(|line| line.trim_start().starts_with(&format!("{label} ")))?;
            Some((label.clone(), y))
        })
        .collect();
    let moves = app.session.game.moves();
    let movers = crate::session::review::movers(app.session.game.as_ref());
    let labels = crate::session::review::move_labels(&movers);
    // The last row of the list: a move, or a move and its reply (or that
    // reply alone, `N...`, where the pair does not fit).
    let last_move_whole = match crate::session::review::move_rows(&movers).last().map(Vec::as_slice) {
        Some(&[only]) => shows(lines, &format!("{} {}", labels[only], moves[only])),
        Some(&[first, reply]) => {
            let number = labels[first].trim_end_matches('.');
            shows(lines, &format!("{} {} {}", labels[first], moves[first], moves[reply]))
                || shows(lines, &format!("{number}... {}", moves[reply]))
        }
        _ => false,
    };
    Seen { top: app.board_area.y, rows, last_move_whole }
}

/// Plays `plies` moves of `app`'s game at 80×24 from its start (chosen by
/// [`next_move`]) and checks each screen: the board's top line never
/// moves, no row of the board moves up, the zoom stays (but on
/// Infinit's growing plane), the move list
/// is no sliver beside the board and shows its moves whole, and
/// `notes(lines, ply)` (the inventories) holds. Returns how many screens
/// had the move list.
fn play_at_80_by_24(app: &mut App, plies: usize, notes: impl Fn(&[String], usize) -> bool) -> usize {
    // Infinit's plane grows with its stones: a taller one is zoomed out.
    let plane = app.session.game.name() == "amakta-infinit";
    let labels: Vec<String> = ('a'..='i').map(String::from).collect();
    let first = screen(app);
    let start = seen(app, &first, &labels);
    let compact = app.compact;
    let mut previous = start.rows.clone();
    let mut with_list = 0;
    for ply in 1..=plies {
        let mv = next_move(app).expect("a move");
        type_line(app, &mv);
        assert_eq!(app.session.game.moves().len(), ply, "{mv} was played");
        let lines = screen(app);
        let now = seen(app, &lines, &labels);
        assert_eq!(now.top, start.top, "the board's top moved after {mv}: {lines:#?}");
        assert!(plane || app.compact == compact, "the zoom changed after {mv}: {lines:#?}");
        for (label, y) in &now.rows {
            if let Some((_, before)) = previous.iter().find(|(kept, _)| kept == label) {
                assert!(y >= before, "row {label} moved up after {mv}: {lines:#?}");
            }
        }
        previous = now.rows;
        assert!(!shows(&lines, "┌"), "a move list squeezed beside the board: {lines:#?}");
        if app.moves_on_screen {
            assert!(now.last_move_whole, "the last move is not whole in the list: {lines:#?}");
            with_list += 1;
        }
        assert!(notes(&lines, ply), "after {mv}: {lines:#?}");
        assert!(lines[23].contains("to move>"), "{lines:#?}");
    }
    with_list
}

#[test]
fn amakta_at_80_by_24_keeps_its_board_in_place_with_the_inventories_and_whole_moves() {
    let mut app = app("amakta", Opponent::Human, "amakta-80x24");
    // 20 circles, the colour, then 16 moves of play.
    let with_list = play_at_80_by_24(&mut app, 37, |lines, _| {
        shows(lines, "White inventory:") && shows(lines, "Black inventory:")
    });
    assert!(with_list >= 10, "the move list was on {with_list} screens");
    assert!(app.compact, "zoomed out for the whole game");
    // F4 hides the list and shows it again, with room made for two rows
    // of it where the inventories took them.
    if app.moves_on_screen {
        press(&mut app, KeyCode::F(4));
        screen(&mut app);
        assert!(!app.moves_on_screen);
    }
    press(&mut app, KeyCode::F(4));
    let lines = screen(&mut app);
    let last = app.session.game.moves().last().cloned().expect("a move");
    assert!(app.moves_on_screen && shows(&lines, &last), "{lines:#?}");
    assert!(shows(&lines, "White inventory:") && shows(&lines, "Black inventory:"), "{lines:#?}");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn amakta_infinit_at_80_by_24_keeps_its_board_at_the_top_with_the_sets_and_whole_moves() {
    let mut app = app("amakta-infinit", Opponent::Human, "infinit-80x24");
    // The offer and its acceptance, four stones created and both sets
    // closed, then the first placements.
    let with_list = play_at_80_by_24(&mut app, 10, |lines, ply| match ply {
        1 => shows(lines, "last offer 5 points"),
        2..=7 => shows(lines, "White (first player) set") && shows(lines, "Black (second player) set"),
        _ => shows(lines, "White inventory:") && shows(lines, "Black inventory:"),
    });
    assert_eq!(with_list, 10, "the move list under the board on every screen");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn a_large_screen_shows_every_board_larger_and_whole_in_the_middle() {
    for game in ["ataxx", "abalone", "formation", "amakta", "amakta-infinit"] {
        let options =
            if game == "amakta" { Options::from_pairs([("circles", "none")]) } else { Options::new() };
        let mut app = app_with(game, &options, Opponent::Human, &format!("large-{game}"));
        // Amakta's board grows with its stones: one stands.
        if game == "amakta" {
            let place =
                app.legal.iter().find(|mv| mv.starts_with("place")).cloned().expect("a stone to place");
            type_line(&mut app, &place);
        }
        let small = screen(&mut app);
        let (small_area, small_size) = (app.board_area, app.drawing.size());
        let lines = screen_of(&mut app, 160, 45);
        let (room, board, size) = (app.board_room, app.board_area, app.drawing.size());
        let text = lines.join("\n");
        assert!(
            size.0 >= small_size.0 && size.1 > small_size.1 && board.height > small_area.height,
            "{game}: not larger than at 80×24 ({small_area:?}):\n{text}"
        );
        // Whole on the screen: no arrow to more of it, inside the screen.
        assert_eq!((board.width, board.height), size, "{game}: not all of the board is shown:\n{text}");
        assert!(board.right() <= 160 && board.bottom() <= 45, "{game}: {board:?}");
        assert!(
            board.right() <= room.right() && board.bottom() <= room.bottom(),
            "{game}: {board:?} {room:?}"
        );
        assert!(!["▲", "▼", "◀", "▶"].iter().any(|arrow| text.contains(arrow)), "{game}:\n{text}");
        // In the middle across.
        let (left, right) = (board.x - room.x, room.right() - board.right());
        assert!(left.abs_diff(right) <= 1, "{game}: {left} and {right} columns beside it:\n{text}");
        // At 80×24 again, it is as it was.
        let again = screen(&mut app);
        assert_eq!(again, small, "{game}");
        let _ = std::fs::remove_file(app.session.record_path());
    }
}

#[test]
fn a_click_on_a_board_shown_larger_picks_the_cell_drawn_there() {
    let mut app = app("ataxx", Opponent::Human, "click-large");
    let lines = screen_of(&mut app, 160, 45);
    // Row 7's first stone is a7's (x); g1's is the last of row 1.
    let at = |row: &str, first: bool| {
        let y = lines.iter().position(|line| line.trim_start().starts_with(row)).expect("the row");
        let chars: Vec<char> = lines[y].chars().collect();
        let x =
            if first { chars.iter().position(|&c| c == 'x') } else { chars.iter().rposition(|&c| c == 'x') };
        (u16::try_from(x.expect("a stone")).unwrap_or(0), u16::try_from(y).unwrap_or(0))
    };
    for ((x, y), cell) in [(at("7 ", true), "a7"), (at("1 ", false), "g1")] {
        app.mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(app.editor.text(), cell, "{}", lines.join("\n"));
        press(&mut app, KeyCode::Esc);
        screen_of(&mut app, 160, 45);
    }
    let _ = std::fs::remove_file(app.session.record_path());
}

/// hex6 with White's stone on its base f1 and Black's on f11.
fn hex6_with_both_bases_taken(name: &str) -> App {
    let position = "board=hex6 set=000000,000001 p1=white turn=white circles=- \
        stones=f1=w:000001/000001,f11=b:000001/000010 removed=-";
    let game = games::registry().create("amakta", &Options::new(), Some(position)).expect("the position");
    let mut app = app("amakta", Opponent::Human, name);
    app.session.game = game;
    app.refresh();
    app
}

#[test]
fn hex6_zoomed_out_fits_80_columns_and_its_row_labels_stay_when_it_scrolls() {
    let mut app = hex6_with_both_bases_taken("hex6-80");
    app.zoom = Some(true);
    app.refresh();
    let lines = screen(&mut app);
    assert!(app.compact && app.drawing.size().0 <= 80, "{lines:#?}");
    // Every row with its every cell, both stones on their bases, no
    // scroll mark: the board is whole.
    let cells_per_row = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
    for (row, cells) in ('a'..='k').zip(cells_per_row) {
        assert!(lines.iter().any(|line| starts_row(line, row)), "row {row}: {lines:#?}");
        for label in 1..=cells {
            let (x, y) = label_on_screen(&lines, row, &label.to_string());
            let (line, column) = app.viewport.drawing_position(app.board_area, x, y).expect("on the board");
            assert_eq!(app.cell_at(line, column), Some(format!("{row}{label}")), "{lines:#?}");
        }
    }
    assert!(shows(&lines, "W000001") && shows(&lines, "B000010"), "{lines:#?}");
    assert!(!shows(&lines, "▶") && !shows(&lines, "◀"), "{lines:#?}");
    // In full the board scrolls sideways; the row letters stay at the left
    // and nothing of the cells is left over in their columns.
    press(&mut app, KeyCode::F(5));
    screen(&mut app);
    assert!(!app.compact && app.drawing.size().0 > 80);
    app.viewport.left = 10;
    let lines = screen(&mut app);
    for row in 'a'..='k' {
        assert!(lines.iter().any(|line| starts_row(line, row)), "row {row}: {lines:#?}");
    }
    let area = app.board_area;
    for line in &lines[usize::from(area.y)..usize::from(area.bottom())] {
        let labels: String = line.chars().skip(usize::from(area.x)).take(2).collect();
        let row = labels.starts_with(|c: char| c.is_ascii_lowercase()) && labels.ends_with(' ');
        assert!(row || labels == "  ", "a stray fragment {labels:?}: {lines:#?}");
    }
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn amakta_is_drawn_larger_on_a_large_screen_and_its_clicks_still_find_cells() {
    for (name, board) in
        [("large-hex5", None), ("large-hex6", Some(hex6_with_both_bases_taken("large-hex6")))]
    {
        let mut app = board.unwrap_or_else(|| app("amakta", Opponent::Human, name));
        let small = {
            screen(&mut app);
            app.drawing.size()
        };
        let lines = screen_of(&mut app, 160, 45);
        let (width, height) = app.drawing.size();
        assert!(
            width >= small.0 + small.0 / 5 && height >= small.1,
            "{name}: {small:?} → {width}×{height}: {lines:#?}"
        );
        assert!(shows(&lines, "Moves"), "{name}: the move list beside it: {lines:#?}");
        // A click on row e's first label finds e1.
        let (x, y) = label_on_screen(&lines, 'e', "1");
        let (line, column) = app.viewport.drawing_position(app.board_area, x, y).expect("on the board");
        assert_eq!(app.cell_at(line, column).as_deref(), Some("e1"), "{name}: {lines:#?}");
        let _ = std::fs::remove_file(app.session.record_path());
    }
}

#[test]
fn resign_asks_first_and_only_yes_resigns() {
    let mut app = app("ataxx", Opponent::Human, "resign-asks");
    type_line(&mut app, "resign");
    assert!(app.session.game.outcome().is_none());
    assert_eq!(app.message.clone().expect("the question").text, "Really resign? y/n");
    type_line(&mut app, "n");
    assert!(app.session.game.outcome().is_none(), "no is no");
    assert_eq!(app.message.clone().expect("the reply").text, "Not resigned: play on.");
    type_line(&mut app, "aufgeben");
    type_line(&mut app, "j");
    assert!(app.session.game.outcome().is_some(), "ja is yes");
    let _ = std::fs::remove_file(app.session.record_path());
}

#[test]
fn the_review_keeps_the_boards_size_while_stepping() {
    let mut app = app("ataxx", Opponent::Human, "review-scale");
    for mv in ["f2", "a1c2", "g2", "b1", "resign", "y"] {
        type_line(&mut app, mv);
    }
    tick_until(&mut app, every_position_evaluated);
    let mut sizes = Vec::new();
    screen(&mut app);
    sizes.push(app.scale.size());
    for key in [KeyCode::Left; 4].into_iter().chain([KeyCode::Right; 4]) {
        press(&mut app, key);
        screen(&mut app);
        sizes.push(app.scale.size());
    }
    // A position whose notes leave less room may draw the board smaller
    // once; it does not grow back at the next step.
    assert!(sizes.windows(2).all(|pair| pair[1] <= pair[0]), "{sizes:?}");
    let _ = std::fs::remove_file(app.session.record_path());
}
