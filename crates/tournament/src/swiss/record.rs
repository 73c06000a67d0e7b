//! What the rounds so far say about each player: score, colours,
//! opponents and byes.

use std::collections::HashMap;

use crate::outcome::Colour;
use crate::player::PlayerId;
use crate::swiss::round::Round;

/// One player's history in the tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Points in half points (a win or a bye 2, a draw 1).
    pub half_points: u32,
    /// The colours of the games played, in order (byes have none).
    pub colours: Vec<Colour>,
    /// The opponents met, in order.
    pub opponents: Vec<PlayerId>,
    /// How many byes the player had.
    pub byes: u32,
}

impl Record {
    /// Games with white minus games with black.
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| match c {
                Colour::White => 1,
                Colour::Black => -1,
            })
            .sum()
    }

    /// Whether the player has already met `other`.
    pub fn has_met(&self, other: PlayerId) -> bool {
        self.opponents.contains(&other)
    }
}

/// The record of every player who appears in `rounds`.
pub fn records(rounds: &[Round]) -> HashMap<PlayerId, Record> {
    let mut records: HashMap<PlayerId, Record> = HashMap::new();
    for round in rounds {
        for game in &round.games {
            for (player, colour, opponent) in
                [(game.white, Colour::White, game.black), (game.black, Colour::Black, game.white)]
            {
                let record = records.entry(player).or_default();
                record.colours.push(colour);
                record.opponents.push(opponent);
                if let Some(outcome) = game.outcome_for(player) {
                    record.half_points += outcome.half_points();
                }
            }
        }
        if let Some(player) = round.bye {
            let record = records.entry(player).or_default();
            record.byes += 1;
            record.half_points += BYE_HALF_POINTS;
        }
    }
    records
}

/// What a bye scores, in half points: a full point, as a win.
pub const BYE_HALF_POINTS: u32 = 2;
