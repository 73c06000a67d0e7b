//! The position type and the rules: move generation, playing, the end of
//! the game.

use crate::board::Board;
use crate::config::Config;
use crate::connect::is_connected;
use crate::moves::Move;
use crate::square::{self, bit, squares};
use crate::tiles::Color;
use crate::zobrist::{PIECE_KEYS, SIDE_KEY, ply_key};
use game::{Game, GameError, Outcome, Player, Repetition, StaticText, Text, text};
use std::fmt;
use std::sync::Arc;

/// White's start squares: a4 a7 b1 d8 e1 g8 h2 h5.
pub const WHITE_START: u64 = bit(24) | bit(48) | bit(1) | bit(59) | bit(4) | bit(62) | bit(15) | bit(39);
/// Black's start squares: a2 a5 b8 d1 e8 g1 h4 h7.
pub const BLACK_START: u64 = bit(8) | bit(32) | bit(57) | bit(3) | bit(60) | bit(6) | bit(31) | bit(55);

/// Pieces per player.
pub const PIECES: u32 = 8;

/// A position of Die Formation: the board, both players' pieces as
/// bitboards, the side to move, the plies played and the ply limit.
///
/// White is [`Player::P1`], Black [`Player::P2`]. A value only exists valid:
/// 8 pieces each on distinct squares, and the side to move not already
/// connected (a player can only connect on their own move, which ends the
/// game).
#[derive(Clone, PartialEq, Eq)]
pub struct Formation {
    board: Arc<Board>,
    pieces: [u64; 2],
    side: Player,
    plies: u32,
    ply_limit: u32,
    key: u64,
}

impl Formation {
    /// The start position for `config`.
    #[must_use]
    pub fn start(config: &Config) -> Formation {
        Formation::new(
            Arc::new(Board::new(config.layout)),
            [WHITE_START, BLACK_START],
            config.first,
            0,
            config.ply_limit,
        )
        .expect("the start position is valid")
    }

    /// A position from its parts (`pieces` indexed by [`Player::index`]),
    /// or what makes it invalid.
    pub fn new(
        board: Arc<Board>,
        pieces: [u64; 2],
        side: Player,
        plies: u32,
        ply_limit: u32,
    ) -> Result<Formation, Text> {
        if pieces[0] & pieces[1] != 0 {
            let clash = square::name(squares(pieces[0] & pieces[1]).next().unwrap_or(0));
            return Err(text!(
                "{clash} holds a White and a Black piece",
                "auf {clash} stehen eine weiße und eine schwarze Figur"
            ));
        }
        for player in Player::BOTH {
            let count = pieces[player.index()].count_ones();
            if count != PIECES {
                let (name, name_de) = (color_name(player), german_name(player));
                let figures = if count == 1 { "Figur" } else { "Figuren" };
                return Err(text!(
                    "{name} has {count} pieces, needs {PIECES}",
                    "{name_de} hat {count} {figures} statt {PIECES}"
                ));
            }
        }
        if is_connected(pieces[side.index()]) {
            let (name, name_de) = (color_name(side), german_name(side));
            return Err(text!(
                "{name} is to move but already connected (connecting ends the game at once)",
                "{name_de} ist am Zug, hat die Formation aber schon gebildet (mit der Formation endet das \
                 Spiel sofort)"
            ));
        }
        let mut key = if side == Player::P2 { SIDE_KEY } else { 0 };
        for player in Player::BOTH {
            for sq in squares(pieces[player.index()]) {
                key ^= PIECE_KEYS[player.index()][usize::from(sq)];
            }
        }
        Ok(Formation { board, pieces, side, plies, ply_limit, key })
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The squares of `player`'s pieces.
    #[must_use]
    pub fn pieces(&self, player: Player) -> u64 {
        self.pieces[player.index()]
    }

    /// All occupied squares.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// Whose piece stands on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: u8) -> Option<Player> {
        Player::BOTH.into_iter().find(|p| self.pieces[p.index()] & bit(square) != 0)
    }

    /// Plies played since the start.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The ply limit (0: none).
    #[must_use]
    pub fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    /// The squares the piece on `from` can move to now.
    #[inline]
    #[must_use]
    pub fn targets(&self, from: u8) -> u64 {
        self.board.targets(from, self.occupied())
    }

    /// Whether `player` has a move (ignoring whose turn it is).
    #[must_use]
    pub fn can_move(&self, player: Player) -> bool {
        let occupied = self.occupied();
        squares(self.pieces[player.index()]).any(|from| self.board.targets(from, occupied) != 0)
    }

    /// The number of moves `player` has (ignoring whose turn it is; a pass
    /// is not counted).
    #[must_use]
    pub fn move_count(&self, player: Player) -> u32 {
        let occupied = self.occupied();
        squares(self.pieces[player.index()]).map(|from| self.board.targets(from, occupied).count_ones()).sum()
    }

    /// Bulk-counting perft below a position whose depth is at least 1.
    fn perft_from(&self, depth: u32) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        if depth == 1 {
            return u64::from(self.move_count(self.side).max(1));
        }
        let occupied = self.occupied();
        let mut total = 0;
        let mut moved = false;
        for from in squares(self.pieces[self.side.index()]) {
            for to in squares(self.board.targets(from, occupied)) {
                moved = true;
                let mut child = self.clone();
                child.play(Move::Step { from, to });
                total += child.perft_from(depth - 1);
            }
        }
        if !moved {
            let mut child = self.clone();
            child.play(Move::Pass);
            total = child.perft_from(depth - 1);
        }
        total
    }

    /// Why `mv` is not legal here, or `None` if it is.
    fn illegal_reason(&self, mv: Move) -> Option<Text> {
        let (mover, mover_de) = (color_name(self.side), german_name(self.side));
        match mv {
            Move::Pass => self.can_move(self.side).then(|| {
                text!("{mover} has a move and may not pass", "{mover_de} kann ziehen und darf nicht passen")
            }),
            Move::Step { from, to } => {
                let (from_name, to_name) = (square::name(from), square::name(to));
                if self.pieces[self.side.index()] & bit(from) == 0 {
                    let own = german_adjective(self.side);
                    return Some(text!(
                        "there is no {mover} piece on {from_name}",
                        "auf {from_name} steht keine {own} Figur"
                    ));
                }
                if from == to {
                    return Some(text!(
                        "a piece must move to another square than {from_name}",
                        "eine Figur muss von {from_name} auf ein anderes Feld ziehen"
                    ));
                }
                if self.occupied() & bit(to) != 0 {
                    return Some(text!(
                        "{to_name} is occupied (pieces never capture)",
                        "{to_name} ist besetzt (es darf nicht geschlagen werden)"
                    ));
                }
                if self.targets(from) & bit(to) == 0 {
                    let color = self.board.color(from);
                    let (name, name_de) = (color.name(), german_square_adjective(color));
                    let how = movement(color);
                    let (how_en, how_de) = (&how.en, &how.de);
                    return Some(text!(
                        "the piece on {from_name} stands on {name} and {how_en}; it cannot reach {to_name}",
                        "die Figur auf {from_name} steht auf einem {name_de} Feld und {how_de}; \
                         {to_name} kann sie nicht erreichen"
                    ));
                }
                None
            }
        }
    }
}

/// How a piece on a square of `color` moves, in words.
fn movement(color: Color) -> Text {
    match color {
        Color::Red => text!(
            "moves like a rook up to the first red square",
            "zieht wie ein Turm bis zum ersten roten Feld"
        ),
        Color::Yellow => text!(
            "moves like a bishop up to the first yellow square",
            "zieht wie ein Läufer bis zum ersten gelben Feld"
        ),
        Color::Green => text!("moves like a knight", "zieht wie ein Springer"),
        Color::Blue => text!("moves one step like a king", "zieht wie ein König ein Feld weit"),
    }
}

/// The German adjective for a square of `color` after "einem": "roten".
fn german_square_adjective(color: Color) -> &'static str {
    match color {
        Color::Red => "roten",
        Color::Yellow => "gelben",
        Color::Green => "grünen",
        Color::Blue => "blauen",
    }
}

/// The German name of `player`: "Weiß" for P1, "Schwarz" for P2 (as in the
/// web UI).
fn german_name(player: Player) -> &'static str {
    PLAYERS[player.index()].de
}

/// The German adjective of `player`'s pieces after "keine": "weiße".
fn german_adjective(player: Player) -> &'static str {
    match player {
        Player::P1 => "weiße",
        Player::P2 => "schwarze",
    }
}

/// "White" for P1, "Black" for P2.
#[must_use]
pub fn color_name(player: Player) -> &'static str {
    PLAYERS[player.index()].en
}

/// The players' names: White (player 1) and Black (player 2).
pub const PLAYERS: [StaticText; 2] = [StaticText::new("White", "Weiß"), StaticText::new("Black", "Schwarz")];

impl fmt::Debug for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Formation({})", self.position_text())
    }
}

impl Game for Formation {
    type Move = Move;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        let occupied = self.occupied();
        for from in squares(self.pieces[self.side.index()]) {
            moves.extend(squares(self.board.targets(from, occupied)).map(|to| Move::Step { from, to }));
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    fn play(&mut self, mv: Move) {
        if let Move::Step { from, to } = mv {
            let us = self.side.index();
            self.pieces[us] ^= bit(from) | bit(to);
            self.key ^= PIECE_KEYS[us][usize::from(from)] ^ PIECE_KEYS[us][usize::from(to)];
        }
        self.side = self.side.other();
        self.key ^= SIDE_KEY;
        self.plies = self.plies.saturating_add(1);
    }

    fn outcome(&self) -> Option<Outcome> {
        let mover = self.side.other();
        if is_connected(self.pieces[mover.index()]) {
            return Some(Outcome::win(mover, "connection"));
        }
        if !self.can_move(self.side) && !self.can_move(mover) {
            return Some(Outcome::draw("no-moves"));
        }
        if self.ply_limit > 0 && self.plies >= self.ply_limit {
            return Some(Outcome::draw("ply-limit"));
        }
        None
    }

    /// Pieces, side to move and board; the ply count too while a ply limit
    /// is active (it then decides the outcome).
    fn hash(&self) -> u64 {
        let plies = if self.ply_limit > 0 { ply_key(self.plies) } else { 0 };
        self.key ^ self.board.key() ^ plies
    }

    fn repetition(&self) -> Option<Repetition> {
        Some(Repetition { occurrences: 3 })
    }

    /// Pieces and side to move (the ply count never repeats).
    fn repetition_key(&self) -> u64 {
        self.key ^ self.board.key()
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        let trimmed = text.trim();
        let mv = if trimmed == "0000" || trimmed.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            if trimmed.len() != 4 || !trimmed.is_ascii() {
                return Err(GameError::malformed(
                    text,
                    text!(
                        "a move is two squares like 'b1c3', or '0000' for a pass",
                        "ein Zug besteht aus zwei Feldern wie „b1c3“, oder „0000“ zum Passen"
                    ),
                ));
            }
            let square_at = |part: &str| {
                square::parse(part).ok_or_else(|| {
                    GameError::malformed(
                        text,
                        text!("'{part}' is not a square (a1 to h8)", "„{part}“ ist kein Feld (a1 bis h8)"),
                    )
                })
            };
            Move::Step { from: square_at(&trimmed[..2])?, to: square_at(&trimmed[2..])? }
        };
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        match self.illegal_reason(mv) {
            Some(reason) => Err(GameError::illegal(text, reason)),
            None => Ok(mv),
        }
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position_text(&self) -> String {
        crate::text::format_position(self)
    }

    fn player_name(&self, player: Player) -> StaticText {
        PLAYERS[player.index()]
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 { 1 } else { self.perft_from(depth) }
    }
}

#[cfg(feature = "presentation")]
impl game::Presentation for Formation {
    fn render(&self, last: Option<Move>, style: game::Style) -> String {
        crate::render::render(self, last, style)
    }

    fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        crate::render::cell_at(line, column).map(crate::square::name)
    }

    fn view(&self) -> serde_json::Value {
        serde_json::to_value(crate::view::FormationView::from(self)).expect("a view of strings serialises")
    }
}
