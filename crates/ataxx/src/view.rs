//! The view for graphical interfaces ([`game::Presentation::view`]) as a
//! type: [`AtaxxView`] serialises to the JSON of the crate documentation's
//! schema, and its TypeScript declaration (ts-rs) is what the web board
//! reads.

use crate::square::SIZE;
use crate::{Ataxx, Square};
use game::Player;
use serde::Serialize;
use ts_rs::TS;

/// An Ataxx position as the boards draw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AtaxxView {
    /// Always `"ataxx"`.
    #[ts(type = "\"ataxx\"")]
    pub game: &'static str,
    /// The number of files (7).
    pub files: u8,
    /// The number of ranks (7).
    pub ranks: u8,
    /// The ranks from the top (7) down, each a string of the files a to g:
    /// `x` a stone of player 1, `o` of player 2, `-` a blocker, `.` empty.
    pub board: Vec<String>,
    /// The stones of player 1 and of player 2.
    pub counts: [u32; 2],
    /// Plies since the last clone (the fifty-move rule's counter).
    pub halfmove: u32,
    /// The move number, from 1.
    pub fullmove: u32,
    /// The ruleset: `"seed"` or `"community"`.
    pub rules: &'static str,
}

impl From<&Ataxx> for AtaxxView {
    fn from(position: &Ataxx) -> Self {
        let board = (0..SIZE)
            .rev()
            .map(|rank| {
                (0..SIZE)
                    .map(|file| {
                        position.char_at(Square::new(file, rank).expect("file and rank are on the board"))
                    })
                    .collect()
            })
            .collect();
        Self {
            game: "ataxx",
            files: SIZE,
            ranks: SIZE,
            board,
            counts: [position.count(Player::P1), position.count(Player::P2)],
            halfmove: position.halfmove(),
            fullmove: position.fullmove(),
            rules: position.rules().name(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    /// The view serialises to the JSON of the crate documentation.
    #[test]
    fn the_view_serialises_as_documented() {
        let position = Ataxx::from_fen(crate::START_FEN, Ruleset::Seed).unwrap();
        let json = serde_json::to_value(AtaxxView::from(&position)).unwrap();
        let expected = serde_json::json!({
            "game": "ataxx", "files": 7, "ranks": 7,
            "board": ["x.....o", ".......", ".......", ".......", ".......", ".......", "o.....x"],
            "counts": [2, 2], "halfmove": 0, "fullmove": 1, "rules": "seed",
        });
        assert_eq!(json, expected);
    }
}
