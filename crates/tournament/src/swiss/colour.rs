//! Colour rules of the Swiss pairing: how well a colour suits a player.
//!
//! Nobody's colour difference (games with white minus games with black)
//! may leave −2..=2, nobody should get the same colour three times in a
//! row, and each player should get the colour they are due: the one that
//! evens their difference, or with an even difference the other colour
//! than in their last game.

use crate::outcome::Colour;
use crate::swiss::record::Record;

/// How much a colour goes against a player's history; each field matters
/// more than the ones after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct ColourMisfit {
    /// 1 if the colour would take the colour difference beyond ±2.
    pub over_limit: u64,
    /// 1 if the colour would be the third of the same in a row.
    pub third_in_row: u64,
    /// 2 against a strong preference (an uneven colour difference), 1
    /// against a mild one (the colour of the last game), 0 otherwise.
    pub against_preference: u64,
}

impl ColourMisfit {
    /// The misfit of giving `colour` to the player with `record`.
    pub fn of(record: &Record, colour: Colour) -> Self {
        let difference = record.colour_difference();
        let after = difference
            + match colour {
                Colour::White => 1,
                Colour::Black => -1,
            };
        let last_two = record.colours.iter().rev().take(2);
        let third_in_row = record.colours.len() >= 2 && last_two.clone().all(|&c| c == colour);
        let against_preference = match (difference.signum(), colour) {
            (1, Colour::White) | (-1, Colour::Black) => 2,
            (0, _) if record.colours.last() == Some(&colour) => 1,
            _ => 0,
        };
        ColourMisfit {
            over_limit: u64::from(after.abs() > 2),
            third_in_row: u64::from(third_in_row),
            against_preference,
        }
    }

    /// The misfits of two players added up.
    pub fn plus(self, other: Self) -> Self {
        ColourMisfit {
            over_limit: self.over_limit + other.over_limit,
            third_in_row: self.third_in_row + other.third_in_row,
            against_preference: self.against_preference + other.against_preference,
        }
    }
}

/// The misfit of a game with `white` and `black` as given, for both.
pub fn game_misfit(white: &Record, black: &Record) -> ColourMisfit {
    ColourMisfit::of(white, Colour::White).plus(ColourMisfit::of(black, Colour::Black))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black, White};

    fn record(colours: &[Colour]) -> Record {
        Record { colours: colours.to_vec(), ..Record::default() }
    }

    #[test]
    fn a_difference_of_two_forbids_the_same_colour_again() {
        let twice_white = record(&[Black, White, White, White]);
        assert_eq!(ColourMisfit::of(&twice_white, White).over_limit, 1);
        assert_eq!(ColourMisfit::of(&twice_white, Black), ColourMisfit::default());
    }

    #[test]
    fn a_third_colour_in_a_row_is_a_misfit_even_when_balanced() {
        let history = record(&[White, White, Black, Black]);
        let misfit = ColourMisfit::of(&history, Black);
        assert_eq!((misfit.over_limit, misfit.third_in_row), (0, 1));
        // The difference is even, so only the last colour is a (mild) wish.
        assert_eq!(misfit.against_preference, 1);
        assert_eq!(ColourMisfit::of(&history, White), ColourMisfit::default());
    }

    #[test]
    fn an_uneven_difference_is_a_strong_preference() {
        let history = record(&[White]);
        assert_eq!(ColourMisfit::of(&history, White).against_preference, 2);
        assert_eq!(ColourMisfit::of(&record(&[]), White), ColourMisfit::default());
    }
}
