//! [`Square`]: one of the 49 cells of the board, and its name (`a1`…`g7`).

use std::fmt;

use game::{Text, text};

/// Number of files and of ranks.
pub const SIZE: u8 = 7;

/// One cell of the 7×7 board. Index `rank * 7 + file`, both counted from 0,
/// so `a1` is 0, `g1` is 6 and `g7` is 48.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    #[must_use]
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < SIZE && rank < SIZE).then_some(Square(rank * SIZE + file))
    }

    /// The square with the given index (0..49), if on the board.
    #[must_use]
    pub fn from_index(index: u8) -> Option<Square> {
        (index < SIZE * SIZE).then_some(Square(index))
    }

    /// The index `rank * 7 + file` (0..49).
    #[must_use]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The square's bit in a bitboard.
    #[must_use]
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// The file, 0 = a.
    #[must_use]
    pub fn file(self) -> u8 {
        self.0 % SIZE
    }

    /// The rank, 0 = rank 1.
    #[must_use]
    pub fn rank(self) -> u8 {
        self.0 / SIZE
    }

    /// The king-move (Chebyshev) distance to `other`: 1 for a clone, 2 for a
    /// jump.
    #[must_use]
    pub fn distance(self, other: Square) -> u8 {
        self.file().abs_diff(other.file()).max(self.rank().abs_diff(other.rank()))
    }

    /// Reads a square name such as `f2` (case-insensitive); the error says
    /// what is wrong, in English and German.
    pub fn parse(text: &str) -> Result<Square, Text> {
        let mut chars = text.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(text!(
                "'{text}' is not a square (a letter a-g and a digit 1-7)",
                "„{text}“ ist kein Feld (ein Buchstabe a–g und eine Ziffer 1–7)"
            ));
        };
        let file = file.to_ascii_lowercase();
        if !('a'..='g').contains(&file) {
            return Err(text!("'{file}' is not a file (a-g)", "„{file}“ ist keine Linie (a–g)"));
        }
        if !('1'..='7').contains(&rank) {
            return Err(text!("'{rank}' is not a rank (1-7)", "„{rank}“ ist keine Reihe (1–7)"));
        }
        Ok(Square((rank as u8 - b'1') * SIZE + (file as u8 - b'a')))
    }

    /// Every square, `a1` first, then along rank 1 to `g1`, then rank 2…
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE * SIZE).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for square in Square::all() {
            assert_eq!(Square::parse(&square.to_string()), Ok(square));
        }
        assert_eq!(Square::parse("G7").unwrap().index(), 48);
    }

    #[test]
    fn bad_names_say_what_is_wrong_in_both_languages() {
        let cases = [
            ("h1", "'h' is not a file (a-g)", "„h“ ist keine Linie (a–g)"),
            ("a8", "'8' is not a rank (1-7)", "„8“ ist keine Reihe (1–7)"),
            (
                "a",
                "'a' is not a square (a letter a-g and a digit 1-7)",
                "„a“ ist kein Feld (ein Buchstabe a–g und eine Ziffer 1–7)",
            ),
        ];
        for (name, english, german) in cases {
            let reason = Square::parse(name).expect_err(name);
            assert_eq!((reason.en.as_ref(), reason.de.as_ref()), (english, german), "{name}");
        }
    }

    #[test]
    fn distance_is_chebyshev() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.distance(Square::parse("b2").unwrap()), 1);
        assert_eq!(a1.distance(Square::parse("c2").unwrap()), 2);
        assert_eq!(a1.distance(Square::parse("g7").unwrap()), 6);
    }
}
