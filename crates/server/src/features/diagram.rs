//! `GET /api/diagram` ([`crate::http::analysis`]): a position of a game for the diagrams of its rules
//! page, drawn by the same board code as the games. The position is the
//! start of the game with the given options (or a setup position), after a
//! few moves; nothing is stored.

use crate::contract::common::SeatId;
use crate::contract::study::DiagramReply;
use crate::core::error::DomainError;
use crate::features::analysis::play_variation;
use game::{Options, Registry, text};
use std::collections::HashMap;

/// The query's names that are no game option.
const RESERVED: [&str; 3] = ["game", "moves", "setup"];

/// The position of a diagram: for the query of `GET
/// /api/diagram?game=G&moves=M1;M2&setup=TEXT&OPTION=VALUE…` the view, last
/// move and side to move of game G (every other query name is one of its
/// options) after the moves; 404 for an unknown game, 422 for a bad
/// option, setup or move.
pub fn position(registry: &Registry, query: &HashMap<String, String>) -> Result<DiagramReply, DomainError> {
    let name = query
        .get("game")
        .ok_or_else(|| DomainError::bad_request(text!("no game named", "kein Spiel genannt")))?;
    let options = Options::from_pairs(
        query
            .iter()
            .filter(|(key, _)| !RESERVED.contains(&key.as_str()))
            .map(|(k, v)| (k.as_str(), v.as_str())),
    );
    let entry = registry.get(name).map_err(|error| DomainError::not_found(error.text()))?;
    let mut game = registry.create(entry.name, &options, query.get("setup").map(String::as_str))?;
    let moves = play_variation(game.as_mut(), query.get("moves").map(String::as_str))?;
    Ok(DiagramReply {
        view: game.view(),
        last_move: moves.last().cloned(),
        side_to_move: SeatId::from(game.side_to_move()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn the_moves_are_played_from_the_start_with_the_options() {
        let registry = games::registry();
        let shown =
            position(&registry, &query(&[("game", "abalone"), ("moves", "a1b2"), ("layout", "standard")]))
                .unwrap();
        assert_eq!(shown.last_move.as_deref(), Some("a1b2"));
        assert_eq!(shown.side_to_move, crate::contract::common::SeatId::P2);
        let d4 = shown.view["cells"].as_array().unwrap().iter().find(|c| c["cell"] == "d4").unwrap();
        assert_eq!(d4["marble"], "b");
    }

    #[test]
    fn an_unknown_game_an_illegal_move_and_a_bad_option_are_refused() {
        let registry = games::registry();
        assert!(position(&registry, &query(&[("game", "chess")])).is_err());
        assert!(position(&registry, &query(&[("game", "abalone"), ("moves", "a1a2")])).is_err());
        assert!(position(&registry, &query(&[("game", "abalone"), ("layout", "round")])).is_err());
        assert!(position(&registry, &query(&[])).is_err());
    }
}
