//! Properties of the model on random walks (see `game::invariants`), and
//! the parsers fed arbitrary and mutated text.

#[cfg(feature = "presentation")]
use game::Registry;
use game::{Game, Options, invariants};
use proptest::collection::vec;
use proptest::prelude::*;
use spielwerk_formation::{Formation, Layout, make_position, square};

fn options() -> impl Strategy<Value = Options> {
    (any::<u64>(), prop::sample::select(vec!["white", "black"]), prop::sample::select(vec!["0", "9", "60"]))
        .prop_map(|(seed, first, limit)| {
            let board = if seed % 4 == 0 { "default".to_owned() } else { format!("random:{seed}") };
            Options::new().with("board", &board).with("first", first).with("plylimit", limit)
        })
}

/// Text that looks like Die Formation move text, and anything else.
fn move_like() -> impl Strategy<Value = String> {
    prop_oneof!["[a-iA-I0-9-]{2,5}", "pass|0000|-", ".{0,6}"]
}

/// Edits for [`invariants::edit_text`], numbers with many digits among them.
fn edits() -> impl Strategy<Value = Vec<(usize, usize, String)>> {
    vec(
        (any::<usize>(), 0..3usize, prop_oneof!["[0-9]{1,12}", "8{1,40}", "[WBwb1-8/ a]{1,3}", ".{0,3}"]),
        1..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn walks_keep_the_invariants(options in options(), choices in vec(any::<u8>(), 0..100), probes in vec(move_like(), 0..4)) {
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
    fn text_walks_keep_the_invariants(options in options(), choices in vec(any::<u8>(), 0..40), probes in vec(move_like(), 0..3)) {
        let registry = Registry::new(vec![spielwerk_formation::entry()]);
        let mut game = registry.create("formation", &options, None).unwrap();
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
        let walked = invariants::walk(make_position(&options, None).unwrap(), &choices);
        let text = invariants::edit_text(&walked.position_text(), &edits);
        if let Ok(position) = make_position(&options, Some(&text)) {
            let checked = invariants::check_walk(position, &[0, 1, 2], &probes, |text| make_position(&options, Some(text)));
            prop_assert_eq!(checked, Ok(()), "{}", text);
        }
    }

    #[test]
    fn any_text_is_read_or_refused(text in ".{0,40}") {
        let _ = text.parse::<Formation>();
        let _ = Layout::parse(&text);
        let _ = Layout::from_option(&text);
        let _ = square::parse(&text);
        let _ = make_position(&Options::new(), None).unwrap().parse_move(&text);
        let _ = make_position(&Options::new().with("plylimit", &text), None);
    }
}
