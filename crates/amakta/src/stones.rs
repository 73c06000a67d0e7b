//! Stones: six-digit codes, the twelve symmetries, canonical codes,
//! orientations, drawings and the count of all distinct stones.

use crate::hex::{DIRECTION_NAMES, DIRECTION_NAMES_DE};
use game::{GameError, Text, text};
use std::fmt::{self, Write as _};

/// The arrows of one direction's digit, as distances (1 blue, 2 green, 3 red).
const ARROWS: [&[u8]; 10] = [&[], &[1], &[2], &[3], &[1, 1], &[2, 2], &[3, 3], &[1, 2], &[1, 3], &[2, 3]];

/// The arrow colours of one direction's digit, for drawings (`b` blue,
/// `g` green, `r` red).
const ARROW_LABELS: [&str; 10] = ["", "b", "g", "r", "bb", "gg", "rr", "bg", "br", "gr"];

/// A stone in one orientation: for each of the six directions (E, NE, NW, W,
/// SW, SE) a digit `0`–`9` saying which arrows point that way:
/// `0` none, `1` blue, `2` green, `3` red, `4` blue+blue, `5` green+green,
/// `6` red+red, `7` blue+green, `8` blue+red, `9` green+red.
///
/// The same value names a concrete orientation of a placed stone and, in its
/// [canonical](Stone::canonical) form, the stone itself. Codes order as their
/// six-digit numbers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stone([u8; 6]);

impl Stone {
    /// The stone without arrows, `000000`.
    pub const EMPTY: Stone = Stone([0; 6]);

    /// The stone with the given digits (each 0–9), or `None`.
    #[must_use]
    pub fn from_digits(digits: [u8; 6]) -> Option<Stone> {
        digits.iter().all(|&d| d <= 9).then_some(Stone(digits))
    }

    /// The stone of a number 0..=999_999 read as six digits (`100000` = a
    /// blue arrow east).
    #[must_use]
    pub fn from_number(number: u32) -> Option<Stone> {
        if number > 999_999 {
            return None;
        }
        let mut digits = [0; 6];
        let mut rest = number;
        for slot in digits.iter_mut().rev() {
            *slot = (rest % 10) as u8;
            rest /= 10;
        }
        Some(Stone(digits))
    }

    /// Reads a six-digit code; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Stone, GameError> {
        let bad = |reason: Text| {
            let prefix = text!("'{text}' is not a stone code: ", "„{text}“ ist kein Steincode: ");
            GameError::option("stone", reason.prefixed(&prefix))
        };
        let chars: Vec<char> = text.trim().chars().collect();
        if let Some(c) = chars.iter().find(|c| !c.is_ascii_digit()) {
            return Err(bad(text!(
                "'{c}' is not a digit (codes are six digits 0-9, one per direction)",
                "„{c}“ ist keine Ziffer (ein Code hat sechs Ziffern 0–9, eine je Richtung)"
            )));
        }
        if chars.len() != 6 {
            let n = chars.len();
            return Err(bad(text!(
                "it has {n} digits, a code has six (one per direction)",
                "er hat {n} Ziffern, ein Code hat sechs (eine je Richtung)"
            )));
        }
        let mut digits = [0; 6];
        for (slot, c) in digits.iter_mut().zip(&chars) {
            *slot = c.to_digit(10).expect("checked digit") as u8;
        }
        Ok(Stone(digits))
    }

    /// The six digits, E first.
    #[must_use]
    pub fn digits(self) -> [u8; 6] {
        self.0
    }

    /// The arrows pointing in `direction` (0..6), as distances 1–3.
    #[must_use]
    pub fn arrows(self, direction: usize) -> &'static [u8] {
        ARROWS[self.0[direction] as usize]
    }

    /// The total number of arrows.
    #[must_use]
    pub fn arrow_count(self) -> usize {
        (0..6).map(|d| self.arrows(d).len()).sum()
    }

    /// The code under symmetry `symmetry` (0..12): rotations by
    /// `symmetry % 6` sixths of a turn, mirrored first when `symmetry >= 6`.
    /// Direction `d` goes to `±d + k mod 6`.
    #[must_use]
    pub fn transformed(self, symmetry: usize) -> Stone {
        let k = symmetry % 6;
        let mirror = symmetry >= 6;
        let mut out = [0; 6];
        for (d, &digit) in self.0.iter().enumerate() {
            let to = if mirror { (6 - d + k) % 6 } else { (d + k) % 6 };
            out[to] = digit;
        }
        Stone(out)
    }

    /// The canonical code: the smallest of the stone's codes under the
    /// twelve symmetries.
    #[must_use]
    pub fn canonical(self) -> Stone {
        (0..12).map(|s| self.transformed(s)).min().expect("twelve symmetries")
    }

    /// Whether this code is the canonical code of its stone.
    #[must_use]
    pub fn is_canonical(self) -> bool {
        (1..12).all(|s| self.transformed(s) >= self)
    }

    /// Every distinct orientation of the stone, smallest code first (1 to 12).
    #[must_use]
    pub fn orientations(self) -> Vec<Stone> {
        let mut all: Vec<Stone> = (0..12).map(|s| self.transformed(s)).collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// Whether `other` is an orientation of this stone.
    #[must_use]
    pub fn same_stone(self, other: Stone) -> bool {
        self.canonical() == other.canonical()
    }

    /// A small ASCII drawing of this orientation: the stone `( )` in the
    /// middle and, for each direction with arrows, a spoke with the arrow
    /// colours at its end (`b` blue reaches 1 cell, `g` green 2, `r` red 3).
    ///
    /// ```text
    ///  gg      b
    ///    \    /
    ///  r --( )--
    ///    /    \
    ///           br
    /// ```
    #[must_use]
    pub fn drawing(self) -> String {
        let label = |d: usize| ARROW_LABELS[self.0[d] as usize];
        let has = |d: usize| self.0[d] != 0;
        let spoke = |d: usize, s: &'static str| if has(d) { s } else { " " };
        let lines = [
            format!("{:>3}      {:<3}", label(2), label(1)),
            format!("    {}    {}", spoke(2, "\\"), spoke(1, "/")),
            format!(
                "{:>3} {}( ){} {:<3}",
                label(3),
                if has(3) { "--" } else { "  " },
                if has(0) { "--" } else { "  " },
                label(0)
            ),
            format!("    {}    {}", spoke(4, "/"), spoke(5, "\\")),
            format!("{:>3}      {:<3}", label(4), label(5)),
        ];
        lines.iter().map(|l| l.trim_end().to_owned() + "\n").collect()
    }

    /// A description for players in `language`: the code, the canonical
    /// code, every orientation and a drawing (what `spielwerk amakta stone
    /// CODE` shows). Directions are compass letters in `language` (E, NE, …;
    /// O, NO, … in German); arrows keep their colour letters (b, g, r), as
    /// in the drawings.
    #[must_use]
    pub fn describe(self, language: game::Language) -> String {
        let canonical = self.canonical();
        let orientations = self.orientations();
        let names = match language {
            game::Language::English => DIRECTION_NAMES,
            game::Language::German => DIRECTION_NAMES_DE,
        };
        let arrows: Vec<String> = (0..6)
            .filter(|&d| self.0[d] != 0)
            .map(|d| format!("{} {}", names[d], ARROW_LABELS[self.0[d] as usize]))
            .collect();
        let none = text!("none", "keine");
        let arrows = if arrows.is_empty() { none.get(language).to_owned() } else { arrows.join(", ") };
        let list: Vec<String> = orientations.iter().map(ToString::to_string).collect();
        let (count, distinct, list, drawing) =
            (self.arrow_count(), orientations.len(), list.join(" "), self.drawing());
        let text = text!(
            "stone {self}\ncanonical code: {canonical}\narrows: {arrows} ({count} in all)\n\
             orientations ({distinct}): {list}\n\n{drawing}",
            "Stein {self}\nkanonischer Code: {canonical}\nPfeile: {arrows} ({count} insgesamt)\n\
             Ausrichtungen ({distinct}): {list}\n\n{drawing}"
        );
        text.get(language).to_owned()
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every digit is 0–9 (the constructors see to it): one character
        // each, written without the number formatting machinery (move
        // lists write thousands of stones).
        for d in self.0 {
            f.write_char(char::from(b'0' + d.min(9)))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stone({self})")
    }
}

/// How many different stones there are (codes counted up to the twelve
/// symmetries): enumerates all 10⁶ codes and counts the canonical ones.
/// The answer is 86185.
#[must_use]
pub fn count_distinct() -> usize {
    (0..1_000_000).filter(|&n| Stone::from_number(n).expect("six digits").is_canonical()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stone(text: &str) -> Stone {
        Stone::parse(text).unwrap()
    }

    #[test]
    fn there_are_86185_stones() {
        assert_eq!(count_distinct(), 86185);
    }

    #[test]
    fn symmetries_rotate_and_mirror_directions() {
        assert_eq!(stone("100000").transformed(1), stone("010000"));
        assert_eq!(stone("010000").transformed(6), stone("000001"));
        assert_eq!(stone("123456").transformed(3), stone("456123"));
        assert_eq!(stone("000123").canonical(), stone("000123"));
        assert_eq!(stone("010000").canonical(), stone("000001"));
    }

    #[test]
    fn orientations_of_stones() {
        assert_eq!(stone("100000").orientations().len(), 6);
        assert_eq!(stone("000000").orientations(), vec![Stone::EMPTY]);
        assert_eq!(stone("111111").orientations().len(), 1);
        assert_eq!(stone("101010").orientations().len(), 2);
        assert_eq!(stone("120000").orientations().len(), 12);
        assert!(stone("120000").orientations().contains(&stone("000021")));
    }

    #[test]
    fn invalid_codes_are_rejected_clearly() {
        assert_eq!(
            Stone::parse("12345").unwrap_err().to_string(),
            "invalid option 'stone': '12345' is not a stone code: it has 5 digits, a code has six (one per direction)"
        );
        assert_eq!(
            Stone::parse("12a456").unwrap_err().to_string(),
            "invalid option 'stone': '12a456' is not a stone code: 'a' is not a digit (codes are six digits 0-9, one per direction)"
        );
    }

    #[test]
    fn drawing_shows_each_spoke() {
        let drawing = stone("170005").drawing();
        assert_eq!(drawing, "         bg\n         /\n      ( )-- b\n         \\\n         gg\n");
        let all = stone("123456").drawing();
        assert_eq!(all, "  r      g\n    \\    /\n bb --( )-- b\n    /    \\\n gg      rr\n");
        assert!(
            stone("100000")
                .describe(game::Language::English)
                .contains("orientations (6): 000001 000010 000100 001000 010000 100000")
        );
        assert!(
            stone("017033").describe(game::Language::English).contains("arrows: NE b, NW bg, SW r, SE r")
        );
        let compass = stone("017033").describe(game::Language::German);
        assert!(compass.contains("Pfeile: NO b, NW bg, SW r, SO r"), "{compass}");
        let german = stone("100000").describe(game::Language::German);
        assert!(
            german.contains("Ausrichtungen (6): 000001 000010") && german.contains("Pfeile: O b"),
            "{german}"
        );
    }
}
