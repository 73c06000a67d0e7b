//! The commands typed at the prompt, the same in both front ends: a line
//! is a command when its first word is one, else it is a move.

use game::{Text, text};

/// The question a resignation asks first (nothing else is as final).
#[must_use]
pub fn resign_question() -> Text {
    text!("Really resign? y/n", "Wirklich aufgeben? j/n")
}

/// The reply to any answer but yes: the game goes on.
#[must_use]
pub fn resign_declined() -> Text {
    text!("Not resigned: play on.", "Nicht aufgegeben: weiter geht's.")
}

/// Whether `answer` says yes: `y`, `yes`, `j` or `ja` in any case, in
/// either language.
#[must_use]
pub fn confirms(answer: &str) -> bool {
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes" | "j" | "ja")
}

/// What a line typed at the prompt asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command<'a> {
    /// Nothing typed.
    Nothing,
    /// The commands and keys.
    Help,
    /// The board drawn again.
    Board,
    /// The board with its legend.
    Legend,
    /// The board zoomed out or in.
    Zoom,
    /// The game's rules.
    Rules,
    /// The legal moves, those naming all of these words.
    Moves(Vec<&'a str>),
    /// The numbered moves.
    History,
    /// The game's record.
    Record,
    /// A cell explained (`cell e5`, `stone e5`): the whole line, the
    /// German `zelle e5` as `cell e5`.
    Explain(String),
    /// Take back a move (against the engine, to the person's turn).
    Undo,
    /// The engine's suggestion.
    Hint,
    /// The engine plays the side to move, the person the other.
    Go,
    /// The person changes sides.
    Switch,
    /// The engine's strength; `None` when no level 1–10 was said.
    Level(Option<u8>),
    /// The side to move resigns.
    Resign,
    /// A draw offered or accepted.
    Draw,
    /// Leave (the game stays saved).
    Quit,
    /// A move in the game's notation: the whole line.
    Move(&'a str),
}

/// The command words, for completion beside the legal moves.
pub const WORDS: &[&str] = &[
    "moves", "undo", "hint", "go", "switch", "level", "resign", "draw", "board", "legend", "zoom", "rules",
    "history", "record", "cell", "stone", "help", "quit",
];

/// Reads a line typed at the prompt (trimmed); the commands also by
/// their German words (`hilfe`, `züge`, `zurück`, `aufgeben`, …), and in
/// any case (`Help`, `MOVES`, `Hilfe`); a move is passed on as typed.
#[must_use]
pub fn parse(input: &str) -> Command<'_> {
    let input = input.trim();
    let mut words = input.split_whitespace();
    let first = words.next().unwrap_or("").to_lowercase();
    let rest: Vec<&str> = words.collect();
    match first.as_str() {
        "" => Command::Nothing,
        "help" | "?" | "hilfe" => Command::Help,
        "board" | "brett" => Command::Board,
        "legend" | "legende" => Command::Legend,
        "zoom" => Command::Zoom,
        "rules" | "regeln" => Command::Rules,
        "moves" | "züge" | "zuege" => Command::Moves(rest),
        "history" | "verlauf" => Command::History,
        "record" | "aufzeichnung" => Command::Record,
        "cell" | "stone" => Command::Explain(format!("{first} {}", rest.join(" ")).trim_end().to_owned()),
        // The game reads its own word.
        "zelle" => Command::Explain(format!("cell {}", rest.join(" "))),
        "undo" | "zurück" | "zurueck" => Command::Undo,
        "hint" | "tipp" => Command::Hint,
        "go" => Command::Go,
        "switch" | "tauschen" => Command::Switch,
        "level" | "stufe" => Command::Level(
            rest.first().and_then(|n| n.parse::<u8>().ok()).filter(|n| game::level::LEVELS.contains(n)),
        ),
        "resign" | "aufgeben" => Command::Resign,
        "draw" | "remis" => Command::Draw,
        "quit" | "exit" | "ende" | "beenden" => Command::Quit,
        _ => Command::Move(input),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_in_either_language_confirms_and_anything_else_does_not() {
        for yes in ["y", "Yes", "j", "JA ", "ja"] {
            assert!(confirms(yes), "{yes}");
        }
        for no in ["n", "nein", "", "resign", "yess"] {
            assert!(!confirms(no), "{no}");
        }
    }

    #[test]
    fn a_line_is_a_command_by_its_first_word_else_a_move() {
        assert_eq!(parse("  "), Command::Nothing);
        assert_eq!(parse("moves e5 f6"), Command::Moves(vec!["e5", "f6"]));
        assert_eq!(parse("level 4"), Command::Level(Some(4)));
        assert_eq!(parse("level 11"), Command::Level(None));
        assert_eq!(parse("level"), Command::Level(None));
        assert_eq!(parse("stone e5"), Command::Explain("stone e5".to_owned()));
        assert_eq!(parse("rules"), Command::Rules);
        assert_eq!(parse(" g2f4 "), Command::Move("g2f4"));
        assert_eq!(parse("place 000001 e1"), Command::Move("place 000001 e1"));
        for word in WORDS {
            assert!(!matches!(parse(word), Command::Move(_)), "{word} is a command");
        }
    }

    #[test]
    fn the_commands_answer_to_their_german_words_too() {
        assert_eq!(parse("hilfe"), Command::Help);
        assert_eq!(parse("züge e5"), Command::Moves(vec!["e5"]));
        assert_eq!(parse("zurück"), Command::Undo);
        assert_eq!(parse("stufe 3"), Command::Level(Some(3)));
        assert_eq!(parse("aufgeben"), Command::Resign);
        assert_eq!(parse("ende"), Command::Quit);
        assert_eq!(parse("regeln"), Command::Rules);
        assert_eq!(parse("aufzeichnung"), Command::Record);
        assert_eq!(parse("zelle e5"), Command::Explain("cell e5".to_owned()));
    }

    #[test]
    fn command_words_are_read_in_any_case_and_moves_as_typed() {
        assert_eq!(parse("Help"), Command::Help);
        assert_eq!(parse("MOVES E5"), Command::Moves(vec!["E5"]));
        assert_eq!(parse("Hilfe"), Command::Help);
        assert_eq!(parse("ZÜGE"), Command::Moves(vec![]));
        assert_eq!(parse("Zurück"), Command::Undo);
        assert_eq!(parse("Level 3"), Command::Level(Some(3)));
        assert_eq!(parse("Stone e5"), Command::Explain("stone e5".to_owned()));
        assert_eq!(parse("Quit"), Command::Quit);
        assert_eq!(parse("G2F4"), Command::Move("G2F4"));
    }
}
