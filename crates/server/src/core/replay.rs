//! Rebuilding a position of a game from its start and moves, off the
//! game's lock (for views of earlier plies, analysis and evaluation).

use crate::core::error::DomainError;
use crate::core::table::Table;
use game::{DynGame, Options, Registry, text};

/// What rebuilding a position of a game needs, copied out of its table so
/// that the replay runs without holding the table's lock.
pub struct Replay {
    name: &'static str,
    options: Options,
    setup: Option<String>,
    /// The moves of the game so far.
    pub moves: Vec<String>,
}

impl Replay {
    /// The copy of `table`'s start and moves.
    pub fn of(table: &Table) -> Replay {
        Replay {
            name: table.game.name(),
            options: table.game.options().clone(),
            setup: table.setup.clone(),
            moves: table.moves.clone(),
        }
    }

    /// The game after `ply` moves (as the request wrote it; `None` for all
    /// of them), replayed from the start, with the ply it stands at; 404
    /// when the game has no such ply.
    pub fn game_at(
        &self,
        registry: &Registry,
        ply: Option<&str>,
    ) -> Result<(usize, Box<dyn DynGame>), DomainError> {
        let ply = match ply {
            None => self.moves.len(),
            Some(text) => text.parse().ok().filter(|&p| p <= self.moves.len()).ok_or_else(|| {
                DomainError::not_found(text!(
                    "no position after '{text}' moves in this game",
                    "keine Stellung nach „{text}“ Zügen in dieser Partie"
                ))
            })?,
        };
        let mut game = registry.create(self.name, &self.options, self.setup.as_deref())?;
        for mv in &self.moves[..ply] {
            game.play(mv)?;
        }
        Ok((ply, game))
    }
}
