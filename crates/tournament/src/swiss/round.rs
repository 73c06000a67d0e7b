//! The input of a Swiss pairing: the players and the rounds played so far.

use crate::outcome::PlayedGame;
use crate::player::PlayerId;

/// A player of a Swiss tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SwissPlayer {
    /// Who it is.
    pub id: PlayerId,
    /// The rating at the start of the tournament; it orders players with
    /// equal scores.
    pub rating: u32,
}

/// A finished round: its games and the player who had the bye, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The games of the round, all finished.
    pub games: Vec<PlayedGame>,
    /// The player who sat out and scored a win for it.
    pub bye: Option<PlayerId>,
}
