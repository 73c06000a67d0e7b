//! Tests of the shared model (history, repetition, perft, registry,
//! sessions, records) on the toy game of `toy.rs`.

mod toy;

use game::{
    DynGame, Game, GameError, GameResult, History, Limits, Options, Outcome, Player, Record, Registry,
    Session, perft,
};
use std::sync::atomic::AtomicBool;
use toy::{Line, Step};

fn registry() -> Registry {
    Registry::new(vec![toy::entry()])
}

#[test]
fn threefold_repetition_ends_the_game_with_the_games_outcome() {
    for (p2, expected) in [(false, GameResult::Draw), (true, GameResult::Win(Player::P2))] {
        let mut history = History::new(Line::start(p2));
        // Start position occurs 1st; r l r l brings it back twice more.
        for (index, step) in
            [Step::Right, Step::Left, Step::Left, Step::Right].repeat(2).into_iter().enumerate()
        {
            assert_eq!(history.outcome(), None, "ended early before move {index}");
            history.play(step).unwrap();
        }
        assert_eq!(history.repetition_count(), 3);
        assert_eq!(history.outcome().map(|o| o.result), Some(expected));
        let mut moves = vec![Step::Left];
        history.legal_moves(&mut moves);
        assert!(moves.is_empty(), "a finished game has no moves");
        assert_eq!(history.play(Step::Right), Err(GameError::GameOver));
        history.undo();
        assert_eq!(history.outcome(), None, "undo reopens the game");
    }
}

#[test]
fn repetitions_counted_move_by_move_equal_a_scan_of_the_game() {
    // Pseudo-random walks with moves taken back; the toy's positions repeat often.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut highest = 0;
    for walk in 0..200 {
        let choices: Vec<u8> = (0..120)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 56) as u8
            })
            .collect();
        let seen = game::invariants::check_repetition_walk(Line::start(walk % 2 == 1), &choices)
            .unwrap_or_else(|error| panic!("walk {walk}: {error}"));
        highest = highest.max(seen);
    }
    assert!(highest >= 3, "the walks never reached threefold repetition ({highest})");
}

#[test]
fn illegal_and_malformed_moves_change_nothing() {
    let mut history = History::new(Line::start(false));
    assert!(matches!(history.play_text("x"), Err(GameError::MalformedMove { .. })));
    let error = history.play_text("l").unwrap_err();
    assert_eq!(error.to_string(), "illegal move 'l': blocked");
    assert!(history.moves().is_empty());
    assert_eq!(history.play_text("r"), Ok(Step::Right));
}

#[test]
fn an_ending_from_outside_can_be_taken_back() {
    let mut history = History::new(Line::start(false));
    history.play(Step::Right).unwrap();
    history.end(Outcome::win(Player::P2, "resignation"));
    assert_eq!(history.outcome(), Some(Outcome::win(Player::P2, "resignation")));
    assert_eq!(history.undo(), None, "the first undo takes back the resignation");
    assert_eq!(history.outcome(), None);
    assert_eq!(history.undo(), Some(Step::Right));
}

#[test]
fn perft_counts_every_path() {
    let start = Line::start(false);
    assert_eq!(perft::count(&start, 0), 1);
    assert_eq!(perft::count(&start, 1), 1);
    // Exhaustive check against a hand recursion.
    fn slow(position: &Line, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = *position;
                child.play(mv);
                slow(&child, depth - 1)
            })
            .sum()
    }
    for depth in 0..8 {
        assert_eq!(perft::count(&start, depth), slow(&start, depth));
    }
}

#[test]
fn registry_fills_defaults_and_rejects_bad_options() {
    let registry = registry();
    let game = registry.create("LINE", &Options::new(), None).unwrap();
    assert_eq!(game.options().get("rules"), Some("draw"));
    let error = registry.create("line", &Options::new().with("rules", "never"), None).err().unwrap();
    assert_eq!(error.to_string(), "invalid option 'rules': 'never' is not one of draw, p2");
    let error = registry.create("line", &Options::new().with("size", "9"), None).err().unwrap();
    assert_eq!(error.to_string(), "invalid option 'size': line has no such option (options: rules)");
    let error = registry.create("chess", &Options::new(), None).err().unwrap();
    assert_eq!(error, GameError::UnknownGame("chess".into()));
    let entry = registry.get("line").unwrap();
    assert_eq!(entry.with_engine_defaults(&Options::new()).get("rules"), Some("p2"));
    assert_eq!(entry.with_engine_defaults(&Options::new().with("rules", "draw")).get("rules"), Some("draw"));
}

#[test]
fn sessions_speak_text_and_undo() {
    let registry = registry();
    let mut game = registry.create("line", &Options::new(), Some("1 3 2")).unwrap();
    assert_eq!(game.side_to_move(), Player::P2);
    assert_eq!(game.legal_moves(), ["l", "r"]);
    assert_eq!(game.legal_move_list(2), (2, vec!["l".to_owned(), "r".to_owned()]));
    assert_eq!(game.legal_move_list(1), (2, Vec::new()), "too many to list: the count only");
    assert_eq!(game.legal_moves_in(1..5), ["r"]);
    assert_eq!(game.legal_moves_in(3..5), Vec::<String>::new());
    assert_eq!(game.play(" R ").unwrap(), "r");
    assert_eq!(game.position(), "1 4 1");
    assert_eq!(game.start_position(), "1 3 2");
    assert_eq!(game.undo().as_deref(), Some("r"));
    assert!(game.play("q").is_err());
    assert_eq!(game.moves(), Vec::<String>::new());
    assert!(registry.create("line", &Options::new(), Some("3 1 1")).is_err());
    let divided: u64 = game
        .legal_moves()
        .iter()
        .map(|mv| {
            let mut child = game.clone_box();
            child.play(mv).unwrap();
            child.perft(1)
        })
        .sum();
    assert_eq!(divided, game.perft(2));
}

#[test]
fn the_engine_is_reached_through_the_session() {
    let mut game = registry().create("line", &Options::new(), None).unwrap();
    assert_eq!(game.engines(), ["first"]);
    assert!(game.set_engine("strong").is_err());
    let mut infos = 0;
    let result = game
        .think(&Limits::depth(1), &AtomicBool::new(false), &mut |info| {
            infos += 1;
            assert_eq!(info.pv, ["r"]);
        })
        .unwrap();
    assert_eq!(result.best.as_deref(), Some("r"));
    assert_eq!(infos, 1);
}

/// How many times the game's engine has thought, as the toy engine reports
/// it (its nodes), after thinking once more.
fn thinks(game: &mut dyn DynGame) -> u64 {
    let result = game.think(&Limits::depth(1), &AtomicBool::new(false), &mut |_| {}).unwrap();
    result.info.expect("the toy engine reports").nodes
}

#[test]
fn an_engine_taken_out_of_a_game_goes_on_in_a_later_copy() {
    let registry = registry();
    let mut game = registry.create("line", &Options::new(), None).unwrap();
    assert!(game.take_engine().is_none(), "no engine before the first thought");
    assert_eq!(thinks(game.as_mut()), 1);
    let engine = game.take_engine().expect("the engine that thought");
    assert_eq!(engine.engine(), "first");
    assert_eq!(thinks(game.as_mut()), 1, "the game made itself a fresh engine");

    game.play("r").unwrap();
    let mut later = game.clone_box();
    assert!(later.put_engine(engine));
    assert_eq!(thinks(later.as_mut()), 2, "the copy thinks with the engine taken out");
    assert_eq!(thinks(game.clone_box().as_mut()), 1, "a copy alone starts with a fresh engine");

    let mut bare = Session::new("line", Options::new(), None, toy::make_position, &[]).unwrap();
    let engine = later.take_engine().unwrap();
    assert!(!bare.put_engine(engine), "a game without that engine refuses it");
}

#[test]
fn a_session_without_engines_plays_but_cannot_think() {
    let mut game = Session::new("line", Options::new(), None, toy::make_position, &[]).unwrap();
    assert!(game.engines().is_empty());
    let no_engine = GameError::NoEngine("line".into());
    assert_eq!(game.set_engine("first"), Err(no_engine.clone()));
    let thought = game.think(&Limits::depth(1), &AtomicBool::new(false), &mut |_| panic!("nothing searches"));
    assert_eq!(thought, Err(no_engine));
    assert_eq!(game.play("r").unwrap(), "r");
    assert_eq!(game.explain("cell r"), None, "a game without explanations answers None");
}

#[test]
fn records_round_trip_through_the_registry() {
    let registry = registry();
    let mut game = registry.create("line", &Options::new().with("rules", "p2"), Some("0 3 1")).unwrap();
    for mv in ["r", "r", "r"] {
        game.play(mv).unwrap();
    }
    let text = game.record().to_text();
    let loaded = registry.load_record(&Record::parse(&text).unwrap()).unwrap();
    assert_eq!(loaded.moves(), game.moves());
    assert_eq!(loaded.position(), game.position());
    assert_eq!(loaded.options(), game.options());
    assert_eq!(loaded.outcome(), None);

    game.end(Outcome::win(Player::P1, "resignation"));
    let record = game.record();
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("Termination"), Some("resignation"));
    let loaded = registry.load_record(&Record::parse(&record.to_text()).unwrap()).unwrap();
    assert_eq!(loaded.outcome(), Some(Outcome::win(Player::P1, "resignation")));
}

#[test]
fn records_with_wrong_moves_or_results_are_rejected() {
    let registry = registry();
    let record = Record::parse("[Game \"line\"]\n1. r q *").unwrap();
    let error = registry.load_record(&record).err().unwrap();
    assert_eq!(error.to_string(), "invalid record: move 2 ('q'): malformed move 'q': expected l or r");
    let record = Record::parse("[Game \"line\"]\n[Setup \"0 2 2\"]\n1. l 1-0").unwrap();
    let error = registry.load_record(&record).err().unwrap();
    assert_eq!(error.to_string(), "invalid record: the record says 1-0 but the moves end in 0-1");
    assert!(registry.load_record(&Record::parse("1. r *").unwrap()).is_err());
}

#[test]
fn aborted_and_abandoned_games_end_without_a_result() {
    use game::NO_RESULT_REASONS;
    for reason in NO_RESULT_REASONS {
        let outcome = Outcome::draw(reason);
        assert!(!outcome.has_result(), "{reason}");
        assert_eq!((outcome.result_text(), outcome.winner()), ("*", None), "{reason}");
        assert_eq!(Outcome::from_texts("*", reason), Some(outcome), "{reason}");
        // Stored before: a draw with that reason reads as no result too.
        assert!(!Outcome::from_texts("1/2-1/2", reason).unwrap().has_result(), "{reason}");
    }
    let resigned = Outcome::win(Player::P2, "resignation");
    assert!(resigned.has_result());
    assert_eq!((resigned.result_text(), resigned.winner()), ("0-1", Some(Player::P2)));
    assert_eq!(Outcome::from_texts("0-1", "resignation"), Some(resigned));
    assert_eq!(Outcome::draw("agreement").result_text(), "1/2-1/2");
    assert_eq!(Outcome::draw("agreement").winner(), None);
    assert_eq!(Outcome::from_texts("*", "resignation"), None, "only an ending without a result says *");
    assert_eq!(Outcome::from_texts("2-0", "resignation"), None);
}
