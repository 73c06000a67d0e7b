//! Properties of the model of Amakta and Amakta Infinit on random walks
//! (see `game::invariants`), and the parsers fed arbitrary and mutated
//! text.

#[cfg(feature = "presentation")]
use game::Registry;
use game::{Game, Options, invariants, move_token};
use proptest::collection::vec;
use proptest::prelude::*;
use spielwerk_amakta::sets::StoneSet;
use spielwerk_amakta::{Amakta, HexBoard, Infinit, Stone};

fn options() -> impl Strategy<Value = Options> {
    (
        prop::sample::select(vec![
            "hex3",
            "hex4",
            "hex5-holes",
            "__._._./_._._._./._._._._./_._._._./__._._.",
        ]),
        prop::sample::select(vec!["default", "beginner", "doubles", "100000,300000"]),
        prop::sample::select(vec!["play", "none"]),
        prop::sample::select(vec!["auto", "white", "black"]),
    )
        .prop_map(|(board, set, circles, colour)| {
            Options::new()
                .with("board", board)
                .with("set", set)
                .with("circles", circles)
                .with("colour", colour)
        })
}

fn infinit_options() -> impl Strategy<Value = Options> {
    (1..10i32, 0..60u32).prop_map(|(distance, points)| {
        Options::new().with("distance", &distance.to_string()).with("points", &points.to_string())
    })
}

/// Text that looks like Amakta move text, and anything else.
fn move_like() -> impl Strategy<Value = String> {
    prop_oneof![
        "(pass|rotate|take|place|expropriate|release|replace|relocate|appropriate|remove|circle|circles|colour|bid|accept|create|close)[ _][a-f0-9wb:=rnd _]{0,14}",
        ".{0,8}",
    ]
}

/// Edits for [`invariants::edit_text`], numbers with many digits among them.
fn edits() -> impl Strategy<Value = Vec<(usize, usize, String)>> {
    vec((any::<usize>(), 0..3usize, prop_oneof!["[0-9]{1,12}", "[-=,;:/ a-f0-9wbrnd]{1,3}", ".{0,3}"]), 1..4)
}

/// Checks that every legal move of `position` (up to 2000, spread over
/// the list) has a single-token form without whitespace, other than its
/// spaced text when that has several words, that reads back to the move.
fn every_move_reads_back_from_its_token<G: Game>(position: &G) -> Result<(), TestCaseError> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for &mv in moves.iter().step_by(moves.len().div_ceil(2000).max(1)) {
        let text = position.format_move(mv);
        let token = move_token(&text);
        prop_assert!(!token.is_empty() && !token.contains(char::is_whitespace), "{token}");
        prop_assert_eq!(token.contains('_'), text.contains(' '), "{} / {}", text, token);
        prop_assert_eq!(position.parse_move(&token), Ok(mv), "{}", token);
        prop_assert_eq!(position.parse_move(&token.to_ascii_uppercase()), Ok(mv), "{}", token);
    }
    Ok(())
}

fn amakta(options: &Options, text: Option<&str>) -> Result<Amakta, game::GameError> {
    Amakta::from_options(options, text)
}

fn infinit(options: &Options, text: Option<&str>) -> Result<Infinit, game::GameError> {
    Infinit::from_options(options, text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn walks_keep_the_invariants(options in options(), choices in vec(any::<u8>(), 0..60), probes in vec(move_like(), 0..4)) {
        let start = amakta(&options, None).unwrap();
        let checked = invariants::check_walk(start, &choices, &probes, |text| amakta(&options, Some(text)));
        prop_assert_eq!(checked, Ok(()));
    }

    #[test]
    fn every_legal_move_reads_back_from_its_single_token(options in options(), choices in vec(any::<u8>(), 0..40)) {
        let walked = invariants::walk(amakta(&options, None).unwrap(), &choices);
        every_move_reads_back_from_its_token(&walked)?;
    }

    #[test]
    fn every_legal_infinit_move_reads_back_from_its_single_token(options in infinit_options(), choices in vec(any::<u8>(), 0..40)) {
        let walked = invariants::walk(infinit(&options, None).unwrap(), &choices);
        every_move_reads_back_from_its_token(&walked)?;
    }

    #[test]
    fn repetitions_counted_move_by_move_equal_a_scan(options in options(), choices in vec(any::<u8>(), 0..150)) {
        let start = amakta(&options, None).unwrap();
        let checked = invariants::check_repetition_walk(start, &choices);
        prop_assert!(checked.is_ok(), "{:?}", checked);
    }

    #[test]
    fn infinit_repetitions_counted_move_by_move_equal_a_scan(options in infinit_options(), choices in vec(any::<u8>(), 0..150)) {
        let start = infinit(&options, None).unwrap();
        let checked = invariants::check_repetition_walk(start, &choices);
        prop_assert!(checked.is_ok(), "{:?}", checked);
    }

    #[test]
    fn infinit_walks_keep_the_invariants(options in infinit_options(), choices in vec(any::<u8>(), 0..60), probes in vec(move_like(), 0..4)) {
        let start = infinit(&options, None).unwrap();
        let checked = invariants::check_walk(start, &choices, &probes, |text| infinit(&options, Some(text)));
        prop_assert_eq!(checked, Ok(()));
    }

    #[test]
    #[cfg(feature = "presentation")]
    fn text_walks_keep_the_invariants(options in options(), choices in vec(any::<u8>(), 0..25), probes in vec(move_like(), 0..3)) {
        let registry = Registry::new(vec![spielwerk_amakta::entry()]);
        let mut game = registry.create("amakta", &options, None).unwrap();
        let checked = invariants::check_dyn_walk(game.as_mut(), &choices, &probes, |record| registry.load_record(record));
        prop_assert_eq!(checked, Ok(()));
    }

    #[test]
    #[cfg(feature = "presentation")]
    fn infinit_text_walks_keep_the_invariants(options in infinit_options(), choices in vec(any::<u8>(), 0..15), probes in vec(move_like(), 0..3)) {
        let registry = Registry::new(vec![spielwerk_amakta::infinit_entry()]);
        let mut game = registry.create("amakta-infinit", &options, None).unwrap();
        let checked = invariants::check_dyn_walk(game.as_mut(), &choices, &probes, |record| registry.load_record(record));
        prop_assert_eq!(checked, Ok(()));
    }

    #[test]
    fn edited_position_texts_are_refused_or_keep_the_invariants(
        options in options(),
        choices in vec(any::<u8>(), 0..40),
        edits in edits(),
        probes in vec(move_like(), 0..3),
    ) {
        let walked = invariants::walk(amakta(&options, None).unwrap(), &choices);
        let text = invariants::edit_text(&walked.position_text(), &edits);
        if let Ok(position) = amakta(&options, Some(&text)) {
            let checked = invariants::check_walk(position, &[0, 1, 2], &probes, |text| amakta(&options, Some(text)));
            prop_assert_eq!(checked, Ok(()), "{}", text);
        }
    }

    #[test]
    fn edited_infinit_texts_are_refused_or_keep_the_invariants(
        options in infinit_options(),
        choices in vec(any::<u8>(), 0..40),
        edits in edits(),
        probes in vec(move_like(), 0..3),
    ) {
        let walked = invariants::walk(infinit(&options, None).unwrap(), &choices);
        let text = invariants::edit_text(&walked.position_text(), &edits);
        if let Ok(position) = infinit(&options, Some(&text)) {
            let checked = invariants::check_walk(position, &[0, 1, 2], &probes, |text| infinit(&options, Some(text)));
            prop_assert_eq!(checked, Ok(()), "{}", text);
        }
    }

    #[test]
    fn any_text_is_read_or_refused(text in ".{0,60}") {
        let _ = Amakta::from_text(&text);
        let _ = Infinit::from_text(&text);
        let _ = HexBoard::parse(&text);
        let _ = HexBoard::from_option(&text);
        let _ = StoneSet::parse(&text);
        let _ = StoneSet::from_option(&text);
        let _ = Stone::parse(&text);
        let _ = amakta(&Options::new().with("circles", "none"), None).unwrap().parse_move(&text);
        let _ = infinit(&Options::new(), None).unwrap().parse_move(&text);
        let _ = amakta(&Options::new().with("circles", &text), None);
        let _ = infinit(&Options::new().with("distance", &text), None);
    }
}
