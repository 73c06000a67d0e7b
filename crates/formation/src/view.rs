//! The view for graphical interfaces ([`game::Presentation::view`]) as a
//! type: [`FormationView`] serialises to the JSON of the crate
//! documentation's schema, and its TypeScript declaration (ts-rs) is what
//! the web board reads.

use crate::position::Formation;
use game::{Game, Player};
use serde::Serialize;
use ts_rs::TS;

/// A position of Die Formation as the boards draw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct FormationView {
    /// Always `"formation"`.
    #[ts(type = "\"formation\"")]
    pub game: &'static str,
    /// The squares' colours: 8 strings, rank 8 first, files a to h, each
    /// square `R` red, `Y` yellow, `G` green or `B` blue.
    pub colors: Vec<String>,
    /// The pieces: 8 strings, rank 8 first, files a to h, each square `W`
    /// white, `B` black or `.` empty.
    pub pieces: Vec<String>,
    /// The colour to move.
    pub to_move: FormationColour,
    /// The board text (four tiles, e.g. `1a0 2a0 3a0 4a0`).
    pub board: String,
}

/// A player's colour: White is player 1, Black player 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "games/")]
pub enum FormationColour {
    /// White, player 1.
    White,
    /// Black, player 2.
    Black,
}

impl From<&Formation> for FormationView {
    fn from(position: &Formation) -> Self {
        let rows = |cell: &dyn Fn(u8) -> char| -> Vec<String> {
            (0..8u8).rev().map(|rank| (0..8).map(|file| cell(rank * 8 + file)).collect()).collect()
        };
        let colors = rows(&|square| position.board().color(square).letter());
        let pieces = rows(&|square| match position.piece_at(square) {
            Some(Player::P1) => 'W',
            Some(Player::P2) => 'B',
            None => '.',
        });
        let to_move = if position.side_to_move() == Player::P1 {
            FormationColour::White
        } else {
            FormationColour::Black
        };
        FormationView {
            game: "formation",
            colors,
            pieces,
            to_move,
            board: position.board().layout().to_string(),
        }
    }
}
