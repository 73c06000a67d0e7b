//! Results of single games: win, draw or loss, and a played game with its
//! colours.

use crate::player::PlayerId;

/// The result of one game for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won.
    Win,
    /// Neither won.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    /// The same game seen by the opponent.
    pub fn reversed(self) -> Self {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// Points in half points: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn half_points(self) -> u32 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }
}

/// The two colours (first and second player to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first player ("white").
    White,
    /// The second player ("black").
    Black,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Self {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A finished game between two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedGame {
    /// The player who had the first move.
    pub white: PlayerId,
    /// The player who had the second move.
    pub black: PlayerId,
    /// The result for `white`.
    pub white_outcome: Outcome,
}

impl PlayedGame {
    /// The outcome for `player`, if they played in this game.
    pub fn outcome_for(&self, player: PlayerId) -> Option<Outcome> {
        if player == self.white {
            Some(self.white_outcome)
        } else if player == self.black {
            Some(self.white_outcome.reversed())
        } else {
            None
        }
    }

    /// The opponent of `player`, if they played in this game.
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        if player == self.white {
            Some(self.black)
        } else if player == self.black {
            Some(self.white)
        } else {
            None
        }
    }
}

/// The game between the players numbered `white` and `black`, with
/// `white_outcome` for white: the tests' shorthand.
#[cfg(test)]
pub(crate) fn played(white: u32, black: u32, white_outcome: Outcome) -> PlayedGame {
    PlayedGame { white: crate::player::PlayerId(white), black: crate::player::PlayerId(black), white_outcome }
}
