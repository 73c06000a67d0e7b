//! The German wording of typical errors: malformed and illegal moves, bad
//! position, board, set and stone text, in both the standard game and
//! Amakta Infinit. The English wording is checked in the other tests.

use game::{Game, GameError, History, Language, Options};
use spielwerk_amakta::sets::StoneSet;
use spielwerk_amakta::{Amakta, HexBoard, Infinit, Stone};

fn german(error: GameError) -> String {
    error.message(Language::German)
}

fn hex3(turn: &str, stones: &str) -> Amakta {
    let text =
        format!("board=hex3 set=000003,000001 p1=white turn={turn} circles=- stones={stones} removed=-");
    Amakta::from_text(&text).unwrap()
}

#[test]
fn malformed_moves_in_german() {
    let start = hex3("white", "-");
    assert_eq!(
        german(start.parse_move("jump c1").unwrap_err()),
        "Zug „jump c1“ nicht lesbar: unbekannte Zugart „jump“ (pass, rotate, take, place, expropriate, \
         release, replace, relocate, appropriate, remove, release-place; Startphase: circle, circles, \
         colour)"
    );
    assert_eq!(
        german(start.parse_move("take z9").unwrap_err()),
        "Zug „take z9“ nicht lesbar: „z9“: das Spielfeld hat keine Reihe z"
    );
    assert_eq!(
        german(start.parse_move("place 000002 c1 200000").unwrap_err()),
        "Zug „place 000002 c1 200000“ nicht lesbar: Weiß hat keinen Stein 000002 im Satz"
    );
}

#[test]
fn illegal_moves_in_german_name_players_and_control() {
    let start = hex3("white", "-");
    assert_eq!(
        german(start.parse_move("place 000001 c2 100000").unwrap_err()),
        "unzulässiger Zug „place 000001 c2 100000“: c2 ist frei (kein Pfeil zeigt darauf), also nicht von \
         Weiß kontrolliert"
    );
    let black = hex3("black", "c1=w:000001/100000");
    assert_eq!(
        german(black.parse_move("take c1").unwrap_err()),
        "unzulässiger Zug „take c1“: der Stein auf c1 gehört nicht Schwarz"
    );
    assert_eq!(
        german(black.parse_move("release c1").unwrap_err()),
        "unzulässiger Zug „release c1“: der Stein auf c1 ist nicht enteignet (stattdessen enteignen)"
    );
}

#[test]
fn bad_position_board_set_and_stone_text_in_german() {
    assert_eq!(
        german(Amakta::from_text("board=hex3 set=000001 p1=white").unwrap_err()),
        "ungültige Stellung: Eintrag „turn“ fehlt"
    );
    assert_eq!(
        german(
            Amakta::from_text(
                "board=hex3 set=000001 p1=white turn=black stones=c5=w:000001/100000,c1=b:000001/100000"
            )
            .unwrap_err()
        ),
        "ungültige Stellung: beide Spieler haben einen Stein auf dem gegnerischen Basisfeld"
    );
    assert_eq!(
        german(Amakta::from_text("board=hex3 set=000001,000001 p1=white turn=white").unwrap_err()),
        "ungültige Stellung: ungültige Einstellung „set“: Stein 2 („000001“) ist bis auf Drehen und Spiegeln \
         derselbe Stein wie Stein 1 (000001)"
    );
    assert_eq!(
        german(HexBoard::parse(" . .\n# . #\n . .").unwrap_err()),
        "ungültige Einstellung „board“: Zeile 2, Spalte 1: das Basisfeld von Weiß (westliches Ende der \
         mittleren Reihe) ist ein Loch"
    );
    assert_eq!(
        german(StoneSet::parse("100000,010000").unwrap_err()),
        "ungültige Einstellung „set“: Stein 2 („010000“) ist bis auf Drehen und Spiegeln derselbe Stein wie \
         Stein 1 (000001)"
    );
    assert_eq!(
        german(Stone::parse("12345").unwrap_err()),
        "ungültige Einstellung „stone“: „12345“ ist kein Steincode: er hat 5 Ziffern, ein Code hat sechs \
         (eine je Richtung)"
    );
}

#[test]
fn infinit_errors_in_german() {
    let options = Options::new().with("distance", "6").with("points", "20");
    let mut history = History::new(Infinit::from_options(&options, None).unwrap());
    let error = |history: &History<Infinit>, mv: &str| german(history.current().parse_move(mv).unwrap_err());
    assert_eq!(
        error(&history, "accept"),
        "unzulässiger Zug „accept“: es gibt noch kein Angebot zum Annehmen (das erste mit „bid N“ machen)"
    );
    assert_eq!(error(&history, "bid x"), "Zug „bid x“ nicht lesbar: „x“ ist keine Punktzahl (0 oder mehr)");
    history.play_text("bid 5").unwrap();
    assert_eq!(
        error(&history, "bid 4"),
        "unzulässiger Zug „bid 4“: ein Angebot muss höher sein als das letzte Angebot von 5 Punkten"
    );
    history.play_text("accept").unwrap();
    assert_eq!(
        error(&history, "create 600000 r"),
        "unzulässiger Zug „create 600000 r“: Stein 000006 mit Verstärkung ist 24 Punkte wert, Weiß hat \
         noch 20 übrig"
    );
    let options = Options::new().with("distance", "0");
    assert_eq!(
        german(Infinit::from_options(&options, None).unwrap_err()),
        "ungültige Einstellung „distance“: „0“ ist keine ganze Zahl von 1 bis 100"
    );
}
