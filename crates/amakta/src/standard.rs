//! The standard game as a [`game::Game`]: options, seats and outcome.

use crate::Amakta;
use crate::colour::Colour;
use crate::hexboard::HexBoard;
use crate::moves::Move;
use crate::position::{Phase, Position};
use crate::rules::{DEFAULT_P1_COLOUR, REPETITION_IGNORES_SIDE_TO_MOVE, REPETITION_OCCURRENCES};
use crate::sets::StoneSet;
use crate::setup::parse_circles;
use game::{Game, GameError, Options, Outcome, Player, Repetition, StaticText, text};

impl Position<HexBoard> {
    /// The start position of the options `board`, `set`, `circles` and
    /// `colour` (see [`mod@crate::entry`]), or the position of `text`.
    pub fn from_options(options: &Options, text: Option<&str>) -> Result<Amakta, GameError> {
        if let Some(text) = text {
            return Amakta::from_text(text);
        }
        let board = HexBoard::from_option(options.get("board").unwrap_or("hex5"))?;
        let set = StoneSet::from_option(options.get("set").unwrap_or("default"))?;
        let colour = match options.get("colour").unwrap_or("auto") {
            "auto" => None,
            other => Some(Colour::parse(other).ok_or_else(|| {
                GameError::option(
                    "colour",
                    text!(
                        "'{other}' is not auto, white or black",
                        "„{other}“ ist nicht auto, white oder black"
                    ),
                )
            })?),
        };
        let start = Amakta::new(board, &set, None, colour);
        match options.get("circles").unwrap_or("play") {
            "play" => Ok(start),
            text => {
                let circles =
                    parse_circles(start.catalog(), text).map_err(|e| GameError::option("circles", e))?;
                Ok(Amakta::new(
                    start.board().clone(),
                    &set,
                    Some(&circles),
                    colour.or(Some(DEFAULT_P1_COLOUR)),
                ))
            }
        }
    }
}

impl Game for Amakta {
    type Move = Move;

    fn side_to_move(&self) -> Player {
        self.seat_to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    fn play(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase() != Phase::Play {
            return None;
        }
        let winner = self.winner()?;
        Some(Outcome::win(self.seat_of(winner).expect("colours are known in play"), "base"))
    }

    fn hash(&self) -> u64 {
        let side =
            self.colour_to_move().index() as u64 + 2 * self.p1_colour().map_or(2, |c| c.index() as u64);
        self.situation_key() ^ side.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn repetition(&self) -> Option<Repetition> {
        Some(Repetition { occurrences: REPETITION_OCCURRENCES })
    }

    fn repetition_key(&self) -> u64 {
        if REPETITION_IGNORES_SIDE_TO_MOVE { self.situation_key() } else { self.hash() }
    }

    /// The setup steps: the phase (part of the key) only moves on.
    fn is_irreversible(&self, mv: Move) -> bool {
        matches!(mv, Move::Circle { .. } | Move::CirclesNone | Move::Colour(_))
    }

    /// The circle assignment and the colour choice.
    fn in_setup(&self) -> bool {
        self.phase() != Phase::Play
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        self.parse_move_text(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.move_text(mv)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn player_name(&self, player: Player) -> StaticText {
        crate::colour::player_name(self.p1_colour(), player)
    }

    /// The board and the set of the options must be the position's.
    fn check_options(&self, options: &Options) -> Result<(), GameError> {
        if let Some(value) = options.get("board") {
            let board = HexBoard::from_option(value)?;
            if board != *self.board() {
                let (given, actual) = (board.name(), self.board().name());
                return Err(GameError::option(
                    "board",
                    text!(
                        "'{given}' disagrees with the setup position, which is on {actual}",
                        "„{given}“ widerspricht der Ausgangsstellung, die auf {actual} steht"
                    ),
                ));
            }
        }
        if let Some(value) = options.get("set") {
            let set = StoneSet::from_option(value)?;
            let own: Vec<_> = self
                .catalog()
                .iter()
                .filter(|piece| piece.colour == Colour::White)
                .map(|piece| piece.stone)
                .collect();
            if set.stones() != own.as_slice() {
                let (given, actual) =
                    (set.text(), own.iter().map(ToString::to_string).collect::<Vec<_>>().join(","));
                return Err(GameError::option(
                    "set",
                    text!(
                        "{given} disagrees with the setup position, whose set is {actual}",
                        "{given} widerspricht der Ausgangsstellung mit dem Satz {actual}"
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(feature = "presentation")]
impl game::Presentation for Amakta {
    fn render(&self, last: Option<Move>, style: game::Style) -> String {
        self.drawing(last, style)
    }

    fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        self.drawn_cell(line, column).map(|cell| crate::board::Board::cell_name(self.board(), cell))
    }

    fn full_column(&self, column: usize) -> usize {
        if self.compact_pitch() == crate::render::PITCH {
            column
        } else {
            crate::render::full_column(column, crate::render::ROW_LABEL)
        }
    }

    /// Every row with all its lines: a cell's block of lines a row in
    /// full, two zoomed out.
    fn board_lines_most(&self, style: game::Style) -> Option<usize> {
        Some(self.board().rows().len() * crate::render::row_lines_most(style))
    }

    fn view(&self) -> serde_json::Value {
        serde_json::to_value(crate::view::AmaktaView::from(self))
            .expect("a view of strings and numbers serialises")
    }

    /// `cell CELL` and `stone CELL`: the arrows into the cell, its control,
    /// the stone there and the legal moves with it.
    fn explain(&self, what: &str) -> Option<Result<game::Text, game::Text>> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        self.explain_command(what, &moves)
    }
}
