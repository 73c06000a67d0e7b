//! The view for graphical interfaces ([`game::Presentation::view`]) as a
//! type: [`AbaloneView`] serialises to the JSON of the crate documentation's
//! schema, and its TypeScript declaration (ts-rs) is what the web board
//! reads.

use crate::board::Cell;
use crate::move_text;
use crate::position::Position;
use game::{Game, Player};
use serde::Serialize;
use ts_rs::TS;

/// An Abalone position as the boards draw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AbaloneView {
    /// Always `"abalone"`.
    #[ts(type = "\"abalone\"")]
    pub game: &'static str,
    /// All 61 cells ordered by row then diagonal (`a1`, `a2`, …, `i9`).
    pub cells: Vec<AbaloneCell>,
    /// The opponent marbles each colour has pushed off (six win).
    pub ejected: AbaloneEjected,
    /// The colour to move.
    pub to_move: AbaloneMarble,
    /// One entry per legal move (none when the position decides the game).
    pub legal: Vec<AbaloneMove>,
}

/// A cell of the board and its marble.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AbaloneCell {
    /// The cell's name (`a1` … `i9`).
    pub cell: String,
    /// Its row, 1 (A, bottom) to 9 (I, top).
    pub row: u8,
    /// Its diagonal, 1 to 9.
    pub diag: u8,
    /// The marble on it, or `null`.
    pub marble: Option<AbaloneMarble>,
}

/// A marble's colour: `"b"` black (player 1), `"w"` white (player 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub enum AbaloneMarble {
    /// Black, player 1.
    #[serde(rename = "b")]
    Black,
    /// White, player 2.
    #[serde(rename = "w")]
    White,
}

impl From<Player> for AbaloneMarble {
    fn from(player: Player) -> Self {
        match player {
            Player::P1 => AbaloneMarble::Black,
            Player::P2 => AbaloneMarble::White,
        }
    }
}

/// The opponent marbles each colour has pushed off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AbaloneEjected {
    /// Pushed off by black (player 1).
    pub black: u8,
    /// Pushed off by white (player 2).
    pub white: u8,
}

/// A legal move: its text, the own marbles that move and their direction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export_to = "games/")]
pub struct AbaloneMove {
    /// The canonical move text (AbaPro: `a1b2`, broadside `c3c5d4`).
    #[serde(rename = "move")]
    pub text: String,
    /// The own marbles that move.
    pub marbles: Vec<String>,
    /// Their direction as (Δrow, Δdiagonal): `E` (0, +1), `W` (0, −1),
    /// `NE` (+1, +1), `NW` (+1, 0), `SE` (−1, 0), `SW` (−1, −1).
    #[ts(type = "\"E\" | \"W\" | \"NE\" | \"NW\" | \"SE\" | \"SW\"")]
    pub direction: &'static str,
}

impl From<&Position> for AbaloneView {
    fn from(position: &Position) -> Self {
        let cells = Cell::all()
            .map(|cell| AbaloneCell {
                cell: cell.to_string(),
                row: cell.row(),
                diag: cell.diag(),
                marble: position.marble_at(cell).map(AbaloneMarble::from),
            })
            .collect();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let legal = moves
            .into_iter()
            .map(|mv| AbaloneMove {
                text: move_text::format(mv),
                marbles: mv.marbles().map(|c| c.to_string()).collect(),
                direction: mv.direction().name(),
            })
            .collect();
        AbaloneView {
            game: "abalone",
            cells,
            ejected: AbaloneEjected {
                black: position.ejected_by(Player::P1),
                white: position.ejected_by(Player::P2),
            },
            to_move: position.side_to_move().into(),
            legal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    /// The view serialises to the JSON of the crate documentation.
    #[test]
    fn the_view_serialises_as_documented() {
        let json = serde_json::to_value(AbaloneView::from(&Position::new(Layout::Standard))).unwrap();
        assert_eq!(json["game"], "abalone");
        assert_eq!(json["cells"][0], serde_json::json!({"cell": "a1", "row": 1, "diag": 1, "marble": "b"}));
        assert_eq!(json["cells"][30]["marble"], serde_json::Value::Null);
        assert_eq!(json["cells"].as_array().unwrap().len(), 61);
        assert_eq!(json["ejected"], serde_json::json!({"black": 0, "white": 0}));
        assert_eq!(json["to_move"], "b");
        let first = &json["legal"][0];
        assert!(
            first["move"].is_string() && first["marbles"].is_array() && first["direction"].is_string(),
            "{first}"
        );
        assert_eq!(json.as_object().unwrap().len(), 5);
    }
}
