//! The registry entry: options, records through the registry, the text
//! drawing and the JSON view.
#![cfg(feature = "presentation")]

mod common;

use game::{DynGame, GameError, GameResult, Language, Options, Record, Registry, Style};
use serde_json::json;
use spielwerk_abalone::entry;

fn registry() -> Registry {
    Registry::new(vec![entry()])
}

fn new_game(options: &Options, setup: Option<&str>) -> Box<dyn DynGame> {
    registry().create("abalone", options, setup).unwrap()
}

#[test]
fn entry_describes_the_game() {
    let entry = entry();
    assert_eq!((entry.name, entry.title.en), ("abalone", "Abalone"));
    let options: Vec<(&str, &str)> = entry.options.iter().map(|o| (o.name, o.default)).collect();
    assert_eq!(options, [("layout", "standard"), ("plylimit", "0")]);
    assert!(entry.rules.en.contains("sumito") && entry.rules.de.contains("Sumito"));
    let game = new_game(&Options::new(), None);
    let engines: &[&str] =
        if cfg!(feature = "engine") { &["alphabeta", "mcts", "greedy", "random"] } else { &[] };
    assert_eq!(game.engines(), engines);
    assert_eq!(game.legal_moves().len(), 44);
    assert_eq!(game.player_name(game.side_to_move()).en, "Black");
}

#[test]
fn options_choose_the_layout_and_check_the_ply_limit() {
    let game = new_game(&Options::new().with("layout", "belgian-daisy"), None);
    assert_eq!(game.position(), "ss1SS/sssSSS/1ss1SS1/8/9/8/1SS1ss1/SSSsss/SS1ss 0 0 b 0 1");
    assert_eq!(game.perft(2), 2692);
    let error = registry().create("abalone", &Options::new().with("plylimit", "ten"), None).err().unwrap();
    assert_eq!(
        error.to_string(),
        "invalid option 'plylimit': 'ten' is not a number of plies from 0 to 1000000 (0 = no limit)"
    );
    let error = registry().create("abalone", &Options::new().with("layout", "dutch"), None).err().unwrap();
    assert!(matches!(error, GameError::InvalidOption { .. }));
}

#[test]
fn a_record_loads_back_through_the_registry() {
    let options = Options::new().with("layout", "german-daisy").with("plylimit", "200");
    let mut game = new_game(&options, None);
    for text in ["C3C4", "g5f5", "d3d2e3", "f4e4"] {
        game.play(text).unwrap();
    }
    let record = game.record();
    assert_eq!(record.tag("Layout"), Some("german-daisy"));
    assert!(record.to_text().contains("[PlyLimit \"200\"]"), "the documented name: {}", record.to_text());
    assert_eq!(record.moves, ["c3c4", "g5f5", "d2d3e2", "f4e4"]);
    let loaded = registry().load_record(&Record::parse(&record.to_text()).unwrap()).unwrap();
    assert_eq!(loaded.position(), game.position());
    assert_eq!(loaded.moves(), game.moves());
    assert_eq!(loaded.options(), game.options());
    // A record written before the tag was PlyLimit loads with its limit.
    let old = record.to_text().replace("[PlyLimit ", "[Plylimit ");
    assert!(old.contains("[Plylimit \"200\"]"), "{old}");
    let loaded = registry().load_record(&Record::parse(&old).unwrap()).unwrap();
    assert_eq!(loaded.options(), game.options());
}

#[test]
fn a_won_game_loads_back_with_its_result() {
    let setup = common::text("e7 e8 a1 a2", "e9 i5 i6", "5 0 b 3 30");
    let mut game = new_game(&Options::new(), Some(&setup));
    game.play("e7e8").unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.result, outcome.reason), (GameResult::Win(game::Player::P1), "ejections"));
    let record = game.record();
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("Termination"), Some("ejections"));
    let loaded = registry().load_record(&Record::parse(&record.to_text()).unwrap()).unwrap();
    assert_eq!(loaded.outcome(), Some(outcome));
    assert_eq!(loaded.position(), game.position());
}

#[test]
fn render_draws_the_hex_board() {
    let mut game = new_game(&Options::new(), None);
    game.play("c3c4d4").unwrap();
    let expected = r"
    I O O O O O
   H O O O O O O
  G . . O O O . .
 F . . . . . . . .
E . . . . . . . . .
 D . . .[X X]. . . 9
  C . . . . X . . 8
   B X X X X X X 7
    A X X X X X 6
       1 2 3 4 5
ejected: by Black (X) 0, by White (O) 0 (6 win)
White (O) to move, move 1
last move: c3c4d4 (its marbles now in [ ])
";
    assert_eq!(game.render(Style::default().brief()), expected.trim_start_matches('\n'));
    // In full the legend follows after a blank line.
    let full = game.render(Style::default());
    let legend = full.strip_prefix(expected.trim_start_matches('\n')).expect("the drawing first");
    assert!(legend.starts_with("\nX Black · O White · . an empty cell\n"), "{legend}");
    let german = game.render(Style::new(Language::German, false).brief());
    assert!(
        german.ends_with(
            "hinausgestoßen von Schwarz (X) 0, Weiß (O) 0 (6 = Sieg)\nWeiß (O) am Zug, Zug 1\n\
         letzter Zug: c3c4d4 (seine Kugeln jetzt in [ ])\n"
        ),
        "{german}"
    );
    let coloured = game.render(Style::new(Language::English, true));
    assert!(coloured.contains("\x1b[1;7mX\x1b[0m"), "Black's marbles in reverse video: {coloured:?}");
    assert!(coloured.contains("\x1b[1mO\x1b[0m"), "White's in bold: {coloured:?}");
    assert_eq!(game::strip_escapes(&coloured), game.render(Style::default()));
}

#[test]
fn view_follows_the_schema() {
    let game = new_game(&Options::new(), None);
    let view = game.view();
    assert_eq!(view["game"], "abalone");
    let cells = view["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 61);
    assert_eq!(cells[0], json!({"cell": "a1", "row": 1, "diag": 1, "marble": "b"}));
    assert_eq!(cells[30], json!({"cell": "e5", "row": 5, "diag": 5, "marble": null}));
    assert_eq!(cells[60], json!({"cell": "i9", "row": 9, "diag": 9, "marble": "w"}));
    assert_eq!(view["ejected"], json!({"black": 0, "white": 0}));
    assert_eq!(view["to_move"], "b");
    let legal = view["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 44);
    assert!(legal.contains(&json!({"move": "c3c4d4", "marbles": ["c3", "c4"], "direction": "NE"})));
    assert!(legal.contains(&json!({"move": "b6c7", "marbles": ["b6"], "direction": "NE"})));
    assert!(legal.contains(&json!({"move": "c3c4", "marbles": ["c3", "c4", "c5"], "direction": "E"})));
    assert!(legal.contains(&json!({"move": "a1b1", "marbles": ["a1", "b1"], "direction": "NW"})));
}

#[test]
fn set_position_reads_position_text_and_rejects_bad_text() {
    let mut game = new_game(&Options::new(), None);
    let setup = game::Game::position_text(&common::position("c3 c4", "c5"));
    game.set_position(Some(&setup)).unwrap();
    assert_eq!(game.position(), setup);
    assert_eq!(game.play("c3c4").unwrap(), "c3c4");
    assert_eq!(
        game.set_position(Some("9 0 0 b 0 1")).unwrap_err().to_string(),
        "invalid position: the board needs 9 rows (I to A) separated by '/', got 1"
    );
}
