//! The registry of every game Spielwerk plays.

use game::Registry;

pub mod nets;
pub mod tunable;

/// A registry of all games, in the order they are listed to users.
#[must_use]
pub fn registry() -> Registry {
    Registry::new(vec![
        ataxx::entry(),
        abalone::entry(),
        formation::entry(),
        amakta::entry(),
        amakta::infinit_entry(),
    ])
}
