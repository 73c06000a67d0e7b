//! The German wording of typical errors, as the web UI shows them.

mod common;

use game::{Game, GameError, Language, Options};
use spielwerk_abalone::{Layout, Position, make_position};

fn german(error: GameError) -> String {
    error.message(Language::German)
}

fn move_error(position: &Position, text: &str) -> String {
    german(position.parse_move(text).unwrap_err())
}

#[test]
fn malformed_moves_in_german() {
    let start = Position::new(Layout::Standard);
    assert_eq!(
        move_error(&start, "a1a6"),
        "Zug „a1a6“ nicht lesbar: „a6“ liegt nicht auf dem Spielfeld (Reihe und Diagonale unterscheiden sich um mehr als 4)"
    );
    assert_eq!(
        move_error(&start, "c3e3"),
        "Zug „c3e3“ nicht lesbar: e3 liegt nicht neben c3; ein Zug in Linie nennt die hinterste Kugel und die Mulde, in die sie zieht"
    );
    assert_eq!(
        move_error(&start, "c3c3"),
        "Zug „c3c3“ nicht lesbar: eine Kugel muss von c3 in eine andere Mulde ziehen"
    );
    assert_eq!(
        move_error(&start, "c3"),
        "Zug „c3“ nicht lesbar: ein Zug hat 4 oder 6 Zeichen, z. B. a1b2; in Linie (4): die hinterste Kugel und ihre Zielmulde; seitwärts (6): beide Endkugeln und die Zielmulde der ersten, z. B. c3c5d4"
    );
}

#[test]
fn illegal_moves_in_german_name_the_colours() {
    let start = Position::new(Layout::Standard);
    assert_eq!(
        move_error(&start, "i5h5"),
        "unzulässiger Zug „i5h5“: auf i5 liegt eine weiße Kugel, keine schwarze"
    );
    assert_eq!(
        move_error(&start, "b1b2c2"),
        "unzulässiger Zug „b1b2c2“: c3 ist nicht frei (ein Zug seitwärts schiebt nie)"
    );
    let pac = common::position("c3 c4", "c5 c6");
    assert_eq!(move_error(&pac, "c3c4"), "unzulässiger Zug „c3c4“: Pac: bei 2 gegen 2 wird nicht geschoben");
    let blocked = common::position("c3 c4 c6", "c5");
    assert_eq!(
        move_error(&blocked, "c3c4"),
        "unzulässiger Zug „c3c4“: blockiert: die schwarze Kugel auf c6 liegt hinter der geschobenen Kugel auf c5"
    );
}

#[test]
fn bad_position_text_and_options_in_german() {
    let invalid = |text: &str| german(text.parse::<Position>().unwrap_err());
    assert_eq!(
        invalid("sssss/ssssss/2sss2/8/9/8/2SxS2/SSSSSS/SSSSS 0 0 b 0 1"),
        "ungültige Stellung: Reihe C: unerwartetes Zeichen „x“ (S = Schwarz, s = Weiß, 1–9 = leere Mulden)"
    );
    assert_eq!(
        invalid("sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 2 0 b 0 1"),
        "ungültige Stellung: Weiß hat 14 Kugeln auf dem Spielfeld und 2 hinausgestoßene: mehr als 14"
    );
    assert_eq!(
        invalid("5/6/7/8/4S4/8/7/6/5 0 0 b -1 1"),
        "ungültige Stellung: die Angabe „-1“ für die Halbzüge seit dem letzten Hinausstoßen ist keine Zahl"
    );
    let options = Options::new().with("layout", "dutch-daisy");
    assert_eq!(
        german(make_position(&options, None).unwrap_err()),
        "ungültige Einstellung „layout“: „dutch-daisy“ ist weder standard noch belgian-daisy noch german-daisy"
    );
}
