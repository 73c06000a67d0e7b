//! The registry entry: options, setup skipping, records that replay.
#![cfg(feature = "presentation")]

use game::{Options, Record, Registry};

fn registry() -> Registry {
    Registry::new(vec![spielwerk_amakta::entry()])
}

#[test]
fn the_entries_offer_engines_with_the_engine_feature() {
    let registry = Registry::new(vec![spielwerk_amakta::entry(), spielwerk_amakta::infinit_entry()]);
    let engines: &[&str] = if cfg!(feature = "engine") { &["alphabeta", "greedy", "random"] } else { &[] };
    for name in ["amakta", "amakta-infinit"] {
        assert_eq!(registry.create(name, &Options::new(), None).unwrap().engines(), engines, "{name}");
    }
}

#[test]
fn circles_none_starts_at_once_and_records_replay() {
    let registry = registry();
    let mut game = registry.create("amakta", &Options::new().with("circles", "none"), None).unwrap();
    assert_eq!(game.legal_moves().len(), 50);
    for mv in ["place 100000 e1 100000", "place 000000 e9 000000", "relocate e1 e2 010000", "pass", "pass"] {
        game.play(mv).unwrap();
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, "repetition");
    let record = Record::parse(&game.record().to_text()).unwrap();
    let replayed = registry.load_record(&record).unwrap();
    assert_eq!(replayed.moves(), game.moves());
    assert_eq!(replayed.position(), game.position());
}

#[test]
fn records_keep_the_spaced_form_and_read_single_tokens() {
    let registry = registry();
    let mut game = registry.create("amakta", &Options::new().with("circles", "none"), None).unwrap();
    for mv in ["place_100000_e1_100000", "PLACE_000000_E9_000000", "relocate_e1_e2_010000", "pass"] {
        game.play(mv).unwrap();
    }
    assert_eq!(
        game.moves(),
        ["place 000001 e1 100000", "place 000000 e9 000000", "relocate e1 e2 010000", "pass"]
    );
    let written = game.record().to_text();
    assert!(written.contains("\"place 000001 e1 100000\""), "{written}");
    let tokens = written.replace("\"place 000001 e1 100000\"", "place_000001_e1_100000");
    let tokens = tokens.replace("\"relocate e1 e2 010000\"", "relocate_e1_e2_010000");
    assert!(tokens.contains("relocate_e1_e2_010000") && !tokens.contains("\"relocate"), "{tokens}");
    let replayed = registry.load_record(&Record::parse(&tokens).unwrap()).unwrap();
    assert_eq!(replayed.moves(), game.moves());
    assert_eq!(replayed.position(), game.position());
}

#[test]
fn the_setup_phase_replays_from_a_record() {
    let registry = registry();
    let options = Options::new().with("board", "hex3").with("set", "beginner");
    let mut game = registry.create("amakta", &options, None).unwrap();
    game.play("circle w:100000=r").unwrap();
    game.play("circles none").unwrap();
    game.play("colour black").unwrap();
    assert_eq!(game.player_name(game::Player::P1).en, "White");
    assert_eq!(game.side_to_move(), game::Player::P1);
    game.play("place 000001 c1 000010").unwrap();
    let record = Record::parse(&game.record().to_text()).unwrap();
    let replayed = registry.load_record(&record).unwrap();
    assert_eq!(replayed.position(), game.position());
    assert!(game.render(game::Style::default()).contains("Last move: place 000001 c1 000010"));
    let view = game.view();
    assert_eq!(view["phase"], "play");
    assert_eq!(view["bases"]["black"], "c5");
    assert_eq!(view["legal"]["count"].as_u64().unwrap() as usize, game.legal_moves().len());
}

#[test]
fn bad_options_are_rejected_clearly() {
    let registry = registry();
    let error = |name: &str, value: &str| {
        registry.create("amakta", &Options::new().with(name, value), None).err().unwrap().to_string()
    };
    assert_eq!(
        error("circles", "w:123456=r"),
        "invalid option 'circles': White has no stone 123456 in the set"
    );
    assert_eq!(
        error("circles", "w:000000=x"),
        "invalid option 'circles': 'x' is not a circle (n none, r reinforcement, d damage)"
    );
    assert_eq!(error("colour", "red"), "invalid option 'colour': 'red' is not one of auto, white, black");
    assert!(error("board", " . .\n. . .").contains("line 2, column 1"));
}

#[test]
fn bad_position_text_is_rejected_clearly() {
    let registry = registry();
    let bad = |text: &str| registry.create("amakta", &Options::new(), Some(text)).err().unwrap().to_string();
    let base = "board=hex3 set=000001,000000 p1=white turn=white circles=-";
    assert_eq!(
        bad(&format!("{base} stones=c1=w:000001/100001")),
        "invalid position: 100001 is not an orientation of w:000001"
    );
    assert_eq!(
        bad(&format!("{base} stones=c1=w:000001/100000,c1=w:000000/000000")),
        "invalid position: two stones on c1"
    );
    assert_eq!(
        bad(&format!("{base} stones=- bogus=1")),
        "invalid position: unknown field 'bogus' (fields: board, set, p1, turn, circles, stones, removed)"
    );
    assert_eq!(
        bad("board=hex3 set=000001 p1=- turn=white"),
        "invalid position: in play p1's colour must be given"
    );
}

#[test]
fn a_record_whose_tags_contradict_its_setup_is_refused() {
    let registry = registry();
    let game = registry.create("amakta", &Options::new().with("board", "hex4"), None).unwrap();
    let mut record = game.record();
    assert!(registry.load_record(&record).is_ok(), "Spielwerk's own record agrees with itself");
    record.set_tag("Board", "hex5");
    let error = registry.load_record(&record).err().expect("hex5 is not the setup's board").to_string();
    assert!(error.contains("'hex5' disagrees with the setup position, which is on hex4"), "{error}");
    record.set_tag("Board", "hex4");
    record.set_tag("Set", "000001,000003");
    let error = registry.load_record(&record).err().expect("not the setup's set").to_string();
    assert!(error.contains("000001,000003 disagrees with the setup position"), "{error}");
}

#[test]
fn setup_moves_are_numbered_by_who_made_them() {
    let registry = registry();
    let mut game = registry.create("amakta", &Options::new().with("set", "000001,000003"), None).unwrap();
    // The first player assigns both stones' circles, the second chooses a
    // colour.
    while game.side_to_move() == game::Player::P1 {
        let first = game.legal_moves()[0].clone();
        game.play(&first).unwrap();
    }
    let choice = game.legal_moves()[0].clone();
    game.play(&choice).unwrap();
    let text = game.record().to_text();
    let moves = text.split("\n\n").nth(1).unwrap().trim_end().replace('\n', " ");
    assert!(moves.starts_with("1. "), "{moves}");
    assert!(moves.ends_with("\"colour white\" *"), "{moves}");
    let circles = game.moves().len() - 1;
    assert!(moves.contains(&format!("{circles}. ")), "each circle has its number: {moves}");
    assert!(!moves.contains(&format!("{}. ", circles + 1)), "the colour choice answers the last: {moves}");
    let replayed = registry.load_record(&game::Record::parse(&text).unwrap()).unwrap();
    assert_eq!(replayed.moves(), game.moves());
}

#[test]
fn a_wrong_circle_names_the_short_form_too() {
    let registry = registry();
    let mut game = registry.create("amakta", &Options::new(), None).unwrap();
    for (typed, said) in [
        ("circle x", "write the next stone's circle as r, n or d (circle r), or a stone and its circle"),
        ("circle", "'circle' is written 'circle CIRCLE for the next stone, e.g. circle r"),
    ] {
        let error = game.play(typed).unwrap_err();
        let (en, de) = (error.message(game::Language::English), error.message(game::Language::German));
        assert!(en.contains(said), "{en}");
        assert!(de.contains("circle r"), "{de}");
    }
    game.play("circle r").unwrap();
}

#[test]
fn setup_steps_are_not_moves_of_play() {
    let registry = Registry::new(vec![spielwerk_amakta::entry(), spielwerk_amakta::infinit_entry()]);
    let mut game = registry.create("amakta", &Options::new(), None).unwrap();
    assert!(game.in_setup(), "the circles come first");
    game.play("circle r").unwrap();
    game.play("circles none").unwrap();
    assert!(game.in_setup(), "the colour choice is still setup");
    game.play("colour white").unwrap();
    assert!(!game.in_setup());
    assert_eq!((game.moves().len(), game.play_moves()), (3, 0));
    let first = game.legal_moves()[0].clone();
    game.play(&first).unwrap();
    assert_eq!((game.moves().len(), game.play_moves()), (4, 1));

    let options = Options::new().with("distance", "3").with("points", "8");
    let mut infinit = registry.create("amakta-infinit", &options, None).unwrap();
    for mv in ["bid 5", "accept", "create 100000 n", "close", "close"] {
        assert!(infinit.in_setup(), "{mv} is a setup step");
        infinit.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert!(!infinit.in_setup());
    let first = infinit.legal_moves()[0].clone();
    infinit.play(&first).unwrap();
    assert_eq!((infinit.moves().len(), infinit.play_moves()), (6, 1));

    let mut circles = registry.create("amakta", &Options::new(), None).unwrap();
    for mv in ["circle r", "circle d", "circle n"] {
        circles.play(mv).unwrap();
        assert_eq!(circles.outcome(), None, "after {mv}: {:?}", circles.moves());
    }

    let mut plain = registry.create("amakta", &Options::new().with("circles", "none"), None).unwrap();
    assert!(!plain.in_setup());
    plain.play("place 100000 e1 100000").unwrap();
    assert_eq!(plain.play_moves(), 1);
}
