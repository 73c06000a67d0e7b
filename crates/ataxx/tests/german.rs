//! Messages in German: the web UI shows them with the words of the German
//! rules (Zug, Feld, Stein, Reihe, Stellung) and the players Rot and Blau.

use game::{Game, Language};
#[cfg(feature = "presentation")]
use game::{Options, Registry};
use spielwerk_ataxx::{Ataxx, Ruleset};

fn german_move_error(position: &Ataxx, text: &str) -> String {
    position.parse_move(text).unwrap_err().message(Language::German)
}

fn german_fen_error(fen: &str) -> String {
    Ataxx::from_fen(fen, Ruleset::Seed).unwrap_err().message(Language::German)
}

#[test]
fn malformed_moves_are_explained_in_german() {
    let start = Ataxx::start(Ruleset::Seed);
    assert_eq!(
        german_move_error(&start, "g1-e3"),
        "Zug „g1-e3“ nicht lesbar: erwartet wird ein Feld (f2), zwei Felder (g1e3) oder 0000 zum Passen"
    );
    assert_eq!(german_move_error(&start, "h2"), "Zug „h2“ nicht lesbar: „h“ ist keine Linie (a–g)");
    assert_eq!(
        german_move_error(&start, "g1g1"),
        "Zug „g1g1“ nicht lesbar: der Zug beginnt und endet auf demselben Feld"
    );
}

#[test]
fn illegal_moves_are_explained_in_german_with_the_players_colour() {
    let start = Ataxx::start(Ruleset::Seed);
    assert_eq!(german_move_error(&start, "d4"), "unzulässiger Zug „d4“: kein Stein von Rot grenzt an d4");
    assert_eq!(
        german_move_error(&start, "0000"),
        "unzulässiger Zug „0000“: Rot kann ziehen; passen darf nur, wer keinen Zug hat"
    );
    assert_eq!(german_move_error(&start, "g7"), "unzulässiger Zug „g7“: g7 ist nicht leer");
    let blue = Ataxx::from_fen("x5o/7/7/7/7/7/o5x o 0 1", Ruleset::Seed).unwrap();
    assert_eq!(german_move_error(&blue, "g1e3"), "unzulässiger Zug „g1e3“: auf g1 steht kein Stein von Blau");
    assert_eq!(
        german_move_error(&blue, "g7d4"),
        "unzulässiger Zug „g7d4“: d4 ist 3 Felder von g7 entfernt; ein Stein zieht 1 oder 2 Felder weit"
    );
}

#[test]
fn bad_fens_are_explained_in_german() {
    assert_eq!(
        german_fen_error("x5o/7/7/8/7/7/o5x x 0 1"),
        "ungültige Stellung: ungültiges Zeichen „8“ in Reihe 4: erwartet x, o, - oder eine Ziffer 1–7"
    );
    assert_eq!(
        german_fen_error("x5o/7/7/7/7/6/o5x x 0 1"),
        "ungültige Stellung: Reihe 2 „6“ hat 6 Felder, erwartet 7"
    );
    assert_eq!(
        german_fen_error("x5o/7/7/7/7/7/o5x w 0 1"),
        "ungültige Stellung: ungültige Angabe „w“, wer am Zug ist: erwartet x oder o"
    );
}

#[test]
#[cfg(feature = "presentation")]
fn a_bad_option_is_explained_in_german() {
    let expected = "ungültige Einstellung „rules“: „chess“ ist keiner der Werte seed, community";
    assert_eq!(Ruleset::from_name("chess").unwrap_err().message(Language::German), expected);
    let registry = Registry::new(vec![spielwerk_ataxx::entry()]);
    let error = registry.create("ataxx", &Options::new().with("rules", "chess"), None).err().unwrap();
    assert_eq!(error.message(Language::German), expected);
}
