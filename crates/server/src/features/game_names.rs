//! The names the replies of people's games carry in both languages: a
//! registered game's title and the names of its sides at the standard
//! start (a game no longer registered has empty ones).

use crate::contract::common::Names;
use crate::core::app::App;
use game::Player;

/// The English title of the registered game `game` (kept in the replies
/// beside [`titles`]) and its title in both languages.
pub fn titles(app: &App, game: &str) -> (String, Names) {
    match app.registry.get(game) {
        Ok(entry) => (entry.title.en.to_owned(), entry.title.into()),
        Err(_) => (String::new(), Names { en: String::new(), de: String::new() }),
    }
}

/// The name of `player`'s side in `game` at the standard start.
pub fn side(app: &App, game: &str, player: Player) -> Names {
    match app.registry.get(game) {
        Ok(entry) => entry.players[player.index()].into(),
        Err(_) => Names { en: String::new(), de: String::new() },
    }
}
