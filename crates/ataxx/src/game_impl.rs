//! [`Game`] for [`Ataxx`]: the glue between the position and the shared
//! game model.

use crate::{Ataxx, Move, Ruleset, perft};
use game::{Game, GameError, Outcome, Player, Repetition, StaticText};

/// The players' names: Red moves first, Blue second.
pub const PLAYERS: [StaticText; 2] = [StaticText::new("Red", "Rot"), StaticText::new("Blue", "Blau")];

impl Game for Ataxx {
    type Move = Move;

    fn side_to_move(&self) -> Player {
        self.side()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        self.generate(moves);
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        Ataxx::outcome(self)
    }

    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn repetition(&self) -> Option<Repetition> {
        match self.rules() {
            Ruleset::Seed => Some(Repetition { occurrences: 3 }),
            Ruleset::Community => None,
        }
    }

    /// A clone adds a stone, and no move takes one away.
    fn is_irreversible(&self, mv: Move) -> bool {
        matches!(mv, Move::Clone(_))
    }

    fn repetition_outcome(&self) -> Outcome {
        self.majority_outcome("repetition")
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position_text(&self) -> String {
        self.fen()
    }

    fn player_name(&self, player: Player) -> StaticText {
        PLAYERS[player.index()]
    }

    fn perft(&self, depth: u32) -> u64 {
        perft::perft(self, depth)
    }
}

#[cfg(feature = "presentation")]
impl game::Presentation for Ataxx {
    fn render(&self, last: Option<Move>, style: game::Style) -> String {
        crate::render::render(self, last, style)
    }

    fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        crate::render::cell_at(line, column).map(|square| square.to_string())
    }

    fn view(&self) -> serde_json::Value {
        serde_json::to_value(crate::view::AtaxxView::from(self))
            .expect("a view of strings and numbers serialises")
    }
}
