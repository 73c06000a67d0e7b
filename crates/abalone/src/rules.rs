//! The [`Game`] implementation of [`Position`].

use crate::movegen::has_move;
use crate::moves::Move;
use crate::position::Position;
use crate::{move_text, position_text};
use game::{Game, GameError, Outcome, Player, Repetition, StaticText};

/// The players' names: Black moves first, White second.
pub const PLAYERS: [StaticText; 2] = [StaticText::new("Black", "Schwarz"), StaticText::new("White", "Weiß")];

impl Game for Position {
    type Move = Move;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.decided().is_none() {
            self.move_sets().list(moves);
        }
    }

    fn play(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// Six ejections win ("ejections"); the ply limit draws ("ply-limit");
    /// a player to move without any legal move loses ("no-moves").
    fn outcome(&self) -> Option<Outcome> {
        self.decided().or_else(|| {
            let (own, opp) = self.own_and_opponent();
            (!has_move(own, opp)).then(|| Outcome::win(self.side.other(), "no-moves"))
        })
    }

    fn hash(&self) -> u64 {
        self.hash_value()
    }

    /// Threefold repetition of the marbles with the same side to move.
    fn repetition(&self) -> Option<Repetition> {
        Some(Repetition { occurrences: 3 })
    }

    /// An ejection counts for good (the counts are part of the hash).
    fn is_irreversible(&self, mv: Move) -> bool {
        mv.ejects()
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        if self.decided().is_some() {
            return Err(GameError::GameOver);
        }
        move_text::parse(self, text)
    }

    fn format_move(&self, mv: Move) -> String {
        move_text::format(mv)
    }

    fn position_text(&self) -> String {
        position_text::format(self)
    }

    fn player_name(&self, player: Player) -> StaticText {
        PLAYERS[player.index()]
    }

    fn perft(&self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(128); depth as usize];
        self.count_leaves(depth, &mut buffers)
    }
}

#[cfg(feature = "presentation")]
impl game::Presentation for Position {
    fn render(&self, last: Option<Move>, style: game::Style) -> String {
        crate::render::render(self, last, style)
    }

    fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        crate::render::cell_at(line, column).map(|cell| cell.to_string())
    }

    fn view(&self) -> serde_json::Value {
        serde_json::to_value(crate::view::AbaloneView::from(self))
            .expect("a view of strings and numbers serialises")
    }
}
