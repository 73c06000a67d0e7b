//! How a move is written: a legal move of the position as the example,
//! for a new player who has not yet asked for `moves` or pressed Tab.

use game::{DynGame, Text, text};

/// A legal move of `game`'s position to show how a move is written: the
/// second (else the first) of the kind of the middle legal move, so of
/// the most common kind and small (in Amakta's setup a circle, in Amakta
/// Infinit's bidding a low bid, in its creation a stone of one arrow
/// rather than `close`), or `None` when there is none.
#[must_use]
pub fn example_move(game: &dyn DynGame) -> Option<String> {
    let moves = game.legal_moves();
    let middle = first_word(moves.get(moves.len() / 2)?);
    let mut alike = moves.iter().filter(|mv| first_word(mv) == middle);
    let first = alike.next()?;
    Some(alike.next().unwrap_or(first).clone())
}

/// A cell that `game` explains (`cell …`), for the examples of `cell`
/// and `moves`: `e5` where it names one (the boards of Amakta, Abalone,
/// Ataxx…), else `0,0` (Amakta Infinit's plane), else a word of a legal
/// move that it accepts; `None` when the game explains no cells.
#[must_use]
pub fn example_cell(game: &dyn DynGame) -> Option<String> {
    // Whether the game explains cells at all (the answer is not needed).
    let _explains = game.explain("cell")?;
    let accepted = |cell: &String| matches!(game.explain(&format!("cell {cell}")), Some(Ok(_)));
    let usual = ["e5", "0,0"].map(str::to_owned);
    let words = game
        .legal_moves()
        .into_iter()
        .take(64)
        .flat_map(|mv| mv.split_whitespace().skip(1).map(str::to_owned).collect::<Vec<_>>());
    usual.into_iter().chain(words).find(accepted)
}

/// The line that says how a move is written, with `example` (from
/// [`example_move`]) and how to see the others.
#[must_use]
pub fn how_moves_are_written(example: &str) -> Text {
    text!(
        "A move is written like this: `{example}` (`moves` lists the legal moves, `help` the commands).",
        "Ein Zug wird so geschrieben: `{example}` (`züge` listet die zulässigen Züge, `hilfe` die Befehle)."
    )
}

/// The move of Amakta's setup that gives every stone still without a
/// circle none at once.
const ALL_CIRCLES: &str = "circles none";

/// Where the first player is to give circles (Amakta's setup): the note
/// that all of them can be given at once, and that `--circles none`
/// skips the setup; `None` elsewhere.
#[must_use]
pub fn all_circles_note(game: &dyn DynGame) -> Option<Text> {
    game.legal_moves().iter().any(|mv| mv == ALL_CIRCLES).then(|| {
        text!(
            "`{ALL_CIRCLES}` gives all the remaining stones no circle at once (`--circles none` at the start skips \
             the setup).",
            "`{ALL_CIRCLES}` gibt allen übrigen Steinen auf einmal keinen Kreis (`--circles none` beim Start \
             überspringt die Vorbereitung)."
        )
    })
}

/// The status line's short hint of the same (see [`all_circles_note`]).
#[must_use]
pub fn all_circles_hint(game: &dyn DynGame) -> Option<Text> {
    all_circles_note(game)
        .map(|_| text!(" · all at once: {ALL_CIRCLES}", " · alle auf einmal: {ALL_CIRCLES}"))
}

/// The kind of move `example` is: the first word of a move of several
/// words (`create`, `bid`, `circle`), none for a move of one word (`f2e4`,
/// `c4d4`, where the word is the move itself). When it changes, the line
/// mode says again how a move is written.
#[must_use]
pub fn kind(example: &str) -> &str {
    let mut words = example.split_whitespace();
    let first = words.next().unwrap_or_default();
    if words.next().is_some() { first } else { "" }
}

/// The first word of `mv`: the move itself in the notations of one word.
fn first_word(mv: &str) -> &str {
    mv.split_whitespace().next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amakta_setup_points_to_all_circles_at_once_and_other_games_do_not() {
        let registry = games::registry();
        let amakta = registry.create("amakta", &game::Options::default(), None).expect("the start");
        let note = all_circles_note(amakta.as_ref()).expect("a note in the setup");
        assert!(note.get(game::Language::English).contains("`circles none` gives all"));
        assert!(note.get(game::Language::German).contains("`--circles none` beim Start"));
        assert!(amakta.legal_moves().contains(&ALL_CIRCLES.to_owned()));
        let ataxx = registry.create("ataxx", &game::Options::default(), None).expect("the start");
        assert!(all_circles_note(ataxx.as_ref()).is_none() && all_circles_hint(ataxx.as_ref()).is_none());
    }

    #[test]
    fn the_example_is_a_legal_move_of_the_position() {
        let registry = games::registry();
        for entry in registry.entries() {
            let game =
                registry.create(entry.name, &game::Options::default(), None).expect("the start position");
            let example = example_move(game.as_ref()).expect("a legal move at the start");
            assert!(game.legal_moves().contains(&example), "{}: {example}", entry.name);
        }
    }

    #[test]
    fn the_example_cell_is_one_the_game_explains() {
        let registry = games::registry();
        for (name, cell) in [("amakta", Some("e5")), ("amakta-infinit", Some("0,0")), ("ataxx", None)] {
            let game = registry.create(name, &game::Options::default(), None).expect("the start position");
            assert_eq!(example_cell(game.as_ref()).as_deref(), cell, "{name}");
        }
    }

    #[test]
    fn moves_of_one_word_are_all_of_one_kind() {
        assert_eq!(kind("f2e4"), kind("c2"));
        assert_eq!(kind("bid 5"), kind("bid 12"));
        assert_ne!(kind("bid 5"), kind("create 000001"));
    }
}
