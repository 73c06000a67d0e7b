//! Properties of the model on random walks (see `game::invariants`), and
//! the parsers fed arbitrary and mutated text.

#[cfg(feature = "presentation")]
use game::Registry;
use game::{Game, Options, invariants};
use proptest::collection::vec;
use proptest::prelude::*;
use spielwerk_ataxx::{Ataxx, Ruleset, Square, make_position};

fn options() -> impl Strategy<Value = Options> {
    prop::sample::select(vec!["seed", "community"]).prop_map(|rules| Options::new().with("rules", rules))
}

/// Text that looks like Ataxx move text, and anything else.
fn move_like() -> impl Strategy<Value = String> {
    prop_oneof!["[a-hA-H0-8]{1,4}", "0000|pass|-|@", ".{0,6}"]
}

/// Edits of a text: at a position (modulo the length), replace a few
/// characters with some text, numbers with many digits among them.
fn edits() -> impl Strategy<Value = Vec<(usize, usize, String)>> {
    vec((any::<usize>(), 0..3usize, prop_oneof!["[0-9]{1,12}", "[xXoO7/ -]{1,3}", ".{0,3}"]), 1..4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn walks_keep_the_invariants(options in options(), choices in vec(any::<u8>(), 0..150), probes in vec(move_like(), 0..6)) {
        let start = make_position(&options, None).unwrap();
        let checked = invariants::check_walk(start, &choices, &probes, |text| make_position(&options, Some(text)));
        prop_assert_eq!(checked, Ok(()));
    }

    #[test]
    fn repetitions_counted_move_by_move_equal_a_scan(options in options(), choices in vec(any::<u8>(), 0..300)) {
        let start = make_position(&options, None).unwrap();
        let checked = invariants::check_repetition_walk(start, &choices);
        prop_assert!(checked.is_ok(), "{:?}", checked);
    }

    #[test]
    #[cfg(feature = "presentation")]
    fn text_walks_keep_the_invariants(options in options(), choices in vec(any::<u8>(), 0..60), probes in vec(move_like(), 0..4)) {
        let registry = Registry::new(vec![spielwerk_ataxx::entry()]);
        let mut game = registry.create("ataxx", &options, None).unwrap();
        let checked = invariants::check_dyn_walk(game.as_mut(), &choices, &probes, |record| registry.load_record(record));
        prop_assert_eq!(checked, Ok(()));
    }

    #[test]
    fn edited_position_texts_are_refused_or_keep_the_invariants(
        options in options(),
        choices in vec(any::<u8>(), 0..40),
        edits in edits(),
        probes in vec(move_like(), 0..4),
    ) {
        let text = invariants::edit_text(&invariants::walk(make_position(&options, None).unwrap(), &choices).fen(), &edits);
        if let Ok(position) = make_position(&options, Some(&text)) {
            let checked = invariants::check_walk(position, &[0, 1, 2], &probes, |text| make_position(&options, Some(text)));
            prop_assert_eq!(checked, Ok(()), "{}", text);
        }
    }

    #[test]
    fn any_text_is_read_or_refused(text in ".{0,40}", rules in prop::sample::select(vec![Ruleset::Seed, Ruleset::Community])) {
        let _ = Ataxx::from_fen(&text, rules);
        let _ = Square::parse(&text);
        let _ = Ataxx::start(rules).parse_move(&text);
    }
}
