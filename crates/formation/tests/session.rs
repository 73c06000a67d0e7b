//! Die Formation through the registry: options, text, records.
#![cfg(feature = "presentation")]

use game::{GameError, Options, Outcome, Player, Record, Registry, Style};
use spielwerk_formation::{Layout, entry};

fn registry() -> Registry {
    Registry::new(vec![entry()])
}

#[test]
fn entry_describes_the_game() {
    let entry = entry();
    assert_eq!((entry.name, entry.title.en), ("formation", "Die Formation"));
    let options: Vec<(&str, &str)> = entry.options.iter().map(|o| (o.name, o.default)).collect();
    assert_eq!(options, [("board", "default"), ("first", "white"), ("plylimit", "0")]);
    assert!(entry.rules.en.contains("connected"));
    assert!(entry.rules.de.contains("Formation"));
}

#[test]
fn options_shape_the_start() {
    let options = Options::new().with("board", "random:42").with("first", "black");
    let game = registry().create("formation", &options, None).unwrap();
    assert_eq!(game.side_to_move(), Player::P2);
    assert_eq!(game.player_name(Player::P2).en, "Black");
    assert!(game.position().starts_with(&Layout::random(42).to_string()));
    assert_eq!(game.view()["to_move"], "black");
    assert_eq!(game.view()["board"], Layout::random(42).to_string());
    let engines: &[&str] = if cfg!(feature = "engine") { &["alphabeta", "greedy", "random"] } else { &[] };
    assert_eq!(game.engines(), engines);
}

#[test]
fn bad_options_and_setups_are_rejected() {
    let create =
        |options: Options, setup: Option<&str>| registry().create("formation", &options, setup).err();
    assert_eq!(
        create(Options::new().with("board", "1a0 2a0 3a0"), None).unwrap().to_string(),
        "invalid option 'board': board text needs 4 tile tokens (top-left, top-right, bottom-left, \
         bottom-right) like '1a0 2a0 3a0 4a0', found 3 (or give 'default' or 'random:SEED')"
    );
    assert_eq!(
        create(Options::new().with("first", "red"), None).unwrap().to_string(),
        "invalid option 'first': 'red' is not one of white, black"
    );
    assert_eq!(
        create(Options::new(), Some("1a0 2a0 3a0 4a0 8/8/8/8/8/8/8/8 w 0")),
        Some(GameError::position(game::text!("White has 0 pieces, needs 8", "Weiß hat 0 Figuren statt 8")))
    );
}

#[test]
fn a_game_round_trips_through_its_record() {
    let options = Options::new().with("board", "random:7").with("plylimit", "100");
    let mut game = registry().create("formation", &options, None).unwrap();
    for _ in 0..12 {
        let moves = game.legal_moves();
        let pick = moves[moves.len() / 3].clone();
        assert_eq!(game.play(&pick).unwrap(), pick);
    }
    let text = game.record().to_text();
    let loaded = registry().load_record(&Record::parse(&text).unwrap()).unwrap();
    assert_eq!(loaded.position(), game.position());
    assert_eq!(loaded.moves(), game.moves());
    assert_eq!(loaded.options(), game.options());
    assert_eq!(loaded.start_position(), game.start_position());
    assert_eq!(loaded.outcome(), None);
}

#[test]
fn a_won_game_round_trips_with_its_result() {
    let setup = "1a0 2a0 3a0 4a0 1B2B3/7B/8/B4W1W/2WWW2B/2WWW3/B7/3B2B1 w 0";
    let mut game = registry().create("formation", &Options::new(), Some(setup)).unwrap();
    assert_eq!(game.play("h5f4").unwrap(), "h5f4");
    assert_eq!(game.outcome(), Some(Outcome::win(Player::P1, "connection")));
    assert!(game.legal_moves().is_empty());
    let record = game.record();
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("Termination"), Some("connection"));
    let loaded = registry().load_record(&Record::parse(&record.to_text()).unwrap()).unwrap();
    assert_eq!(loaded.outcome(), game.outcome());
    assert_eq!(loaded.render(Style::default()), game.render(Style::default()));
    assert_eq!(game.undo().as_deref(), Some("h5f4"));
    assert_eq!(game.outcome(), None);
}

#[test]
#[cfg(feature = "engine")]
fn the_session_thinks_and_draws() {
    use game::Limits;
    use std::sync::atomic::AtomicBool;
    let mut game = registry().create("formation", &Options::new(), None).unwrap();
    let result = game.think(&Limits::depth(2), &AtomicBool::new(false), &mut |_| {}).unwrap();
    let best = result.best.unwrap();
    assert!(game.legal_moves().contains(&best));
    game.play(&best).unwrap();
    assert!(game.render(Style::default()).contains(&format!("last move {best}")));
    assert_eq!(registry().create("formation", &Options::new(), None).unwrap().perft(3), 38_361);
}
