//! Properties of the record and puzzle set formats over random texts.

use game::{LeadIn, Player, Puzzle, Record, read_puzzles};
use proptest::prelude::*;

/// Text from characters that the record format gives a meaning to, and a
/// few others.
fn awkward_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(vec![
                '"', '\\', '[', ']', '{', '}', '*', '-', '/', '.', ' ', '\n', '\t', '0', '1', '2', 'a', 'ß',
                '\u{85}',
            ]),
            any::<char>(),
        ],
        0..12,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// Results and words that look like parts of a record.
fn lookalike() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "*", "1-0", "0-1", "1/2-1/2", "draw", "1.", "2...", "3.e4", "[Game", "{", "}", "\"", "",
    ])
    .prop_map(String::from)
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![awkward_text(), lookalike()]
}

/// Tag names: words without whitespace, `]` or `"`.
fn tag_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec!["Game", "Result", "Setup", "result", "Termination"]).prop_map(String::from),
        "[A-Za-z0-9_\\[{}*.\\\\-]{1,8}",
    ]
}

/// Records whose moves are made by any player in any order (Amakta's
/// setup has one player move many times running).
fn record() -> impl Strategy<Value = Record> {
    (
        prop::collection::vec((tag_name(), value()), 0..5),
        prop::collection::vec((value(), any::<bool>()), 0..30),
    )
        .prop_map(|(tags, moves)| {
            let mut record = Record { tags, ..Record::default() };
            record.moves = moves.iter().map(|(mv, _)| mv.clone()).collect();
            record.set_movers(
                moves.iter().map(|&(_, first)| if first { Player::P1 } else { Player::P2 }).collect(),
            );
            record
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn records_read_back_as_written(record in record()) {
        let text = record.to_text();
        prop_assert_eq!(Record::parse(&text), Ok(record), "{}", text);
    }

    #[test]
    fn records_follow_each_other(first in record(), second in record()) {
        let text = first.to_text() + &second.to_text();
        prop_assert_eq!(Record::parse_all(&text), Ok(vec![first, second]), "{}", text);
    }

    #[test]
    fn any_text_reads_or_fails_without_panic(text in ".{0,200}") {
        let _ = Record::parse_all(&text);
    }
}

/// Field text of a puzzle line: no tab or line break, not blank.
fn field() -> impl Strategy<Value = String> {
    "[^\t\r\n]{0,20}".prop_filter("not blank", |text| !text.trim().is_empty())
}

/// A move token: no whitespace.
fn token() -> impl Strategy<Value = String> {
    "[a-z0-9_]{1,10}"
}

/// Puzzles with or without a lead-in.
fn puzzle() -> impl Strategy<Value = Puzzle> {
    (
        "[a-z]{1,8}",
        field(),
        prop::collection::vec(token(), 0..3),
        token(),
        any::<u32>(),
        prop::option::of((field(), token())),
    )
        .prop_map(|(game, position, pairs, last, rating, lead_in)| {
            let mut line: Vec<String> = pairs.iter().flat_map(|mv| [mv.clone(), mv.clone()]).collect();
            line.push(last);
            let lead_in = lead_in.map(|(position, mv)| LeadIn { position, mv });
            Puzzle { game, position, line, rating, lead_in }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn puzzle_sets_read_back_as_written(puzzles in prop::collection::vec(puzzle(), 0..5)) {
        let text: String = puzzles.iter().map(|puzzle| format!("{puzzle}\n# a comment\n\n")).collect();
        prop_assert_eq!(read_puzzles(&text), Ok(puzzles), "{}", text);
    }

    #[test]
    fn any_puzzle_text_reads_or_fails_without_panic(text in "[a-z0-9 \t\n#]{0,200}") {
        let _ = read_puzzles(&text);
    }
}
