//! Game records: any text is read or refused; records read are written back
//! as text that reads as the same records, and loading them into their game
//! gives a game whose own record loads back to the same game.
#![no_main]

use game::Record;
use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::registry;

fuzz_target!(|text: &str| {
    let Ok(records) = Record::parse_all(text) else { return };
    let registry = registry();
    for record in records {
        assert_eq!(Record::parse(&record.to_text()), Ok(record.clone()), "{}", record.to_text());
        if let Ok(game) = registry.load_record(&record) {
            let again = registry.load_record(&game.record()).expect("a game's own record loads");
            assert_eq!((again.position(), again.moves(), again.outcome()), (game.position(), game.moves(), game.outcome()));
        }
    }
});
