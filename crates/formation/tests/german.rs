//! The German wording of typical errors: moves, positions, boards, options.

use game::{Game, Language, Options};
use spielwerk_formation::{Config, Formation};

const START: &str = "1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0";

fn start() -> Formation {
    START.parse().unwrap()
}

fn move_error(text: &str) -> String {
    start().parse_move(text).unwrap_err().message(Language::German)
}

fn position_error(text: &str) -> String {
    text.parse::<Formation>().unwrap_err().message(Language::German)
}

#[test]
fn malformed_moves_in_german() {
    assert_eq!(
        move_error("b1"),
        "Zug „b1“ nicht lesbar: ein Zug besteht aus zwei Feldern wie „b1c3“, oder „0000“ zum Passen"
    );
    assert_eq!(move_error("z1b2"), "Zug „z1b2“ nicht lesbar: „z1“ ist kein Feld (a1 bis h8)");
}

#[test]
fn illegal_moves_in_german() {
    assert_eq!(move_error("a2a3"), "unzulässiger Zug „a2a3“: auf a2 steht keine weiße Figur");
    assert_eq!(
        move_error("a4a5"),
        "unzulässiger Zug „a4a5“: a5 ist besetzt (es darf nicht geschlagen werden)"
    );
    assert_eq!(
        move_error("b1c3"),
        "unzulässiger Zug „b1c3“: die Figur auf b1 steht auf einem roten Feld und zieht wie ein Turm bis \
         zum ersten roten Feld; c3 kann sie nicht erreichen"
    );
    assert_eq!(move_error("0000"), "unzulässiger Zug „0000“: Weiß kann ziehen und darf nicht passen");
    assert_eq!(
        move_error("a4a4"),
        "unzulässiger Zug „a4a4“: eine Figur muss von a4 auf ein anderes Feld ziehen"
    );
}

#[test]
fn bad_positions_in_german() {
    assert_eq!(
        position_error("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW3 w 0"),
        "ungültige Stellung: Schwarz hat 7 Figuren statt 8"
    );
    assert_eq!(
        position_error("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 x 0"),
        "ungültige Stellung: der Spieler am Zug muss „w“ oder „b“ sein, nicht „x“"
    );
    assert_eq!(
        position_error("1a0 2a0 3a0 9a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0"),
        "ungültige Stellung: Spielplan: „9a0“: unbekanntes Tableau „9“ (die Tableaus heißen 1–4)"
    );
}

#[test]
fn bad_options_in_german() {
    let error = |name, value| {
        Config::from_options(&Options::new().with(name, value)).unwrap_err().message(Language::German)
    };
    assert_eq!(
        error("board", "1a0 2a0 1b0 4a0"),
        "ungültige Einstellung „board“: Tableau 1 kommt zweimal vor (jedes Tableau liegt genau einmal im \
         Spielplan) (oder gib „default“ oder „random:ZAHL“ an)"
    );
    assert_eq!(error("first", "red"), "ungültige Einstellung „first“: „red“ ist weder „white“ noch „black“");
}
