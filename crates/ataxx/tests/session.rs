//! The registry entry: options, sessions driven by text, records, the
//! drawing and the JSON view.
#![cfg(feature = "presentation")]

use game::{Game, GameError, Language, Options, Presentation, Record, Registry, Style};
use serde_json::json;
use spielwerk_ataxx::{Ataxx, Move, Ruleset, Square, entry};

fn registry() -> Registry {
    Registry::new(vec![entry()])
}

#[test]
fn the_entry_describes_the_game() {
    let entry = entry();
    assert_eq!((entry.name, entry.title.en), ("ataxx", "Ataxx"));
    let rules = entry.options.iter().find(|o| o.name == "rules").unwrap();
    assert_eq!((rules.default, rules.values().collect::<Vec<_>>()), ("seed", vec!["seed", "community"]));
    assert!(entry.rules.en.contains("FEN") && entry.rules.de.contains("FEN"));
    let error = registry().create("ataxx", &Options::new().with("rules", "chess"), None).err().unwrap();
    assert_eq!(error.to_string(), "invalid option 'rules': 'chess' is not one of seed, community");
    assert!(matches!(error, GameError::InvalidOption { .. }));
    let engines: &[&str] = if cfg!(feature = "engine") { &["alphabeta", "greedy", "random"] } else { &[] };
    assert_eq!(registry().create("ataxx", &Options::new(), None).unwrap().engines(), engines);
}

#[test]
fn a_session_round_trips_through_a_record() {
    let registry = registry();
    for rules in ["seed", "community"] {
        let options = Options::new().with("rules", rules);
        let mut game = registry.create("ataxx", &options, None).unwrap();
        for mv in ["f2", "F6", "g1e3", "g7e5", "a7c5", "E4"] {
            game.play(mv).unwrap();
        }
        assert_eq!(game.moves(), ["f2", "f6", "g1e3", "g7e5", "a7c5", "e4"]);
        let text = game.record().to_text();
        let loaded = registry.load_record(&Record::parse(&text).unwrap()).unwrap();
        assert_eq!(loaded.position(), game.position());
        assert_eq!(loaded.moves(), game.moves());
        assert_eq!(loaded.options().get("rules"), Some(rules));
        assert_eq!(loaded.view()["rules"], rules);
    }
}

#[test]
fn a_record_with_a_setup_and_a_pass_round_trips() {
    let registry = registry();
    let setup = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1";
    let mut game = registry.create("ataxx", &Options::new(), Some(setup)).unwrap();
    assert_eq!(game.legal_moves(), ["0000"]);
    assert_eq!(game.play("pass").unwrap(), "0000");
    game.play("a4").unwrap();
    let record = Record::parse(&game.record().to_text()).unwrap();
    assert_eq!(record.tag("Setup"), Some(setup));
    let loaded = registry.load_record(&record).unwrap();
    assert_eq!(loaded.position(), game.position());
    assert_eq!(loaded.moves(), ["0000", "a4"]);
}

#[test]
fn a_finished_game_keeps_its_result_in_the_record() {
    let registry = registry();
    let mut game = registry.create("ataxx", &Options::new(), Some("7/7/7/7/7/1o5/x6 x 0 1")).unwrap();
    game.play("b1").unwrap();
    let record = game.record();
    assert_eq!((record.tag("Result"), record.tag("Termination")), (Some("1-0"), Some("no-stones")));
    let loaded = registry.load_record(&Record::parse(&record.to_text()).unwrap()).unwrap();
    assert_eq!(loaded.outcome(), game.outcome());
    assert!(game.play("a2").is_err());
}

#[test]
fn the_view_follows_the_schema() {
    let position = Ataxx::from_fen("x5o/7/2-1-2/7/7/7/o4xx o 3 7", Ruleset::Community).unwrap();
    assert_eq!(
        position.view(),
        json!({
            "game": "ataxx", "files": 7, "ranks": 7,
            "board": ["x.....o", ".......", "..-.-..", ".......", ".......", ".......", "o....xx"],
            "counts": [3, 2], "halfmove": 3, "fullmove": 7, "rules": "community",
        })
    );
}

#[test]
fn the_drawing_marks_the_last_move() {
    let start = Ataxx::start(Ruleset::Seed);
    let jump = Move::Jump(Square::parse("g1").unwrap(), Square::parse("e3").unwrap());
    let mut position = start;
    position.play(jump);
    let expected = "     a  b  c  d  e  f  g
  7  x  .  .  .  .  .  o  7
  6  .  .  .  .  .  .  .  6
  5  .  .  .  .  .  .  .  5
  4  .  .  .  .  .  .  .  4
  3  .  .  .  . [x] .  .  3
  2  .  .  .  .  .  .  .  2
  1  o  .  .  .  .  . (.) 1
     a  b  c  d  e  f  g
Red (x): 2   Blue (o): 2   Blue (o) to move
Last move: g1e3 (x)

x Red · o Blue · . an empty square · - a blocked one
[x] the square the last move went to · (.) the square its jump left
";
    assert_eq!(position.render(Some(jump), Style::default()), expected);
    let brief = position.render(Some(jump), Style::default().brief());
    assert_eq!(brief, expected.split("\n\n").next().unwrap().to_owned() + "\n", "the legend is left out");
    assert!(start.render(None, Style::default().brief()).ends_with("Red (x) to move\n"));
    assert!(start.render(None, Style::default()).ends_with("- a blocked one\n"), "no marks before a move");
}

#[test]
fn the_drawing_speaks_german_and_paints_the_sides() {
    let mut position = Ataxx::start(Ruleset::Community);
    let jump = Move::Jump(Square::parse("g1").unwrap(), Square::parse("e3").unwrap());
    position.play(jump);
    let german = position.render(Some(jump), Style::new(Language::German, false));
    assert!(german.contains("Rot (x): 2   Blau (o): 2   Blau (o) am Zug\n"), "{german}");
    assert!(german.contains("50-Züge-Regel: 1 von 100 Halbzügen ohne Klonen\n"), "{german}");
    assert!(german.contains("Letzter Zug: g1e3 (x)\n"), "{german}");
    let coloured = position.render(Some(jump), Style::new(Language::English, true));
    assert!(coloured.contains("\x1b[1;38;5;196mx\x1b[0m"), "Red's stones in red: {coloured:?}");
    assert!(coloured.contains("\x1b[1;38;5;33mo\x1b[0m"), "Blue's stones in blue: {coloured:?}");
    let stripped = game::strip_escapes(&coloured);
    assert_eq!(stripped, position.render(Some(jump), Style::default()), "colour adds nothing but escapes");
}

#[test]
fn community_drawings_show_the_fifty_move_counter() {
    let mut position = Ataxx::start(Ruleset::Community);
    position.play(Move::Jump(Square::parse("g1").unwrap(), Square::parse("e3").unwrap()));
    assert!(
        position
            .render(None, Style::default())
            .contains("50-move rule: 1 of 100 half-moves without a clone\n")
    );
    assert!(
        !Ataxx::start(Ruleset::Seed).render(None, Style::default()).contains("50-move"),
        "seed rules have no such rule"
    );
}
