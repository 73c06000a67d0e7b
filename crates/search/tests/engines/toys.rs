//! Small games for testing the engines: Nim, tic-tac-toe, Connect Four and a
//! shuffling game where repetition wins for the side ahead.

use game::{Game, GameError, Outcome, Player, Repetition, StaticText};
use search::Evaluate;

fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn side_bits(side: Player) -> u64 {
    if side == Player::P1 { 0 } else { 0x5555_AAAA_1234_8765 }
}

/// Plain-text moves for the toys: a move is shown by its `Debug` form and
/// read back by matching it against the legal moves.
fn parse_by_debug<G: Game>(position: &G, text: &str) -> Result<G::Move, GameError> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves.into_iter().find(|mv| format!("{mv:?}") == text).ok_or_else(|| {
        GameError::illegal(text, game::text!("not a legal move here", "hier kein zulässiger Zug"))
    })
}

// ---------------------------------------------------------------- Nim

/// Nim with three piles: take any number of stones from one pile; whoever
/// takes the last stone wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pub piles: [u8; 3],
    pub side: Player,
    /// Whether alpha-beta may use late-move reductions.
    pub reductions: bool,
}

impl Nim {
    pub fn new(piles: [u8; 3]) -> Nim {
        Nim { piles, side: Player::P1, reductions: true }
    }
}

impl Game for Nim {
    type Move = (u8, u8);

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
        moves.clear();
        for (pile, &stones) in self.piles.iter().enumerate() {
            moves.extend((1..=stones).map(|take| (pile as u8, take)));
        }
    }

    fn play(&mut self, (pile, take): (u8, u8)) {
        self.piles[pile as usize] -= take;
        self.side = self.side.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.piles == [0; 3]).then(|| Outcome::win(self.side.other(), "last-stone"))
    }

    fn hash(&self) -> u64 {
        let packed =
            u64::from(self.piles[0]) | u64::from(self.piles[1]) << 8 | u64::from(self.piles[2]) << 16;
        mix(packed) ^ side_bits(self.side)
    }

    fn repetition(&self) -> Option<Repetition> {
        None
    }

    fn parse_move(&self, text: &str) -> Result<(u8, u8), GameError> {
        parse_by_debug(self, text)
    }

    fn format_move(&self, mv: (u8, u8)) -> String {
        format!("{mv:?}")
    }

    fn position_text(&self) -> String {
        format!("{:?} {}", self.piles, self.side)
    }

    fn player_name(&self, player: Player) -> StaticText {
        [StaticText::new("First", "First"), StaticText::new("Second", "Second")][player.index()]
    }
}

impl Evaluate for Nim {
    type Accumulator = ();

    fn evaluate(&self) -> i32 {
        0
    }

    fn late_move_reductions(&self) -> bool {
        self.reductions
    }
}

// ---------------------------------------------------------------- tic-tac-toe

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// Tic-tac-toe; cells 0..9 row by row, 0 empty, 1 P1, 2 P2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    pub cells: [u8; 9],
    pub side: Player,
    /// Whether alpha-beta may use late-move reductions.
    pub reductions: bool,
}

impl TicTacToe {
    pub fn new() -> TicTacToe {
        TicTacToe { cells: [0; 9], side: Player::P1, reductions: true }
    }

    /// A position from nine characters `x`, `o`, `.`; the side to move
    /// follows from the counts.
    pub fn from_text(text: &str) -> TicTacToe {
        let mut position = TicTacToe::new();
        for (cell, c) in position.cells.iter_mut().zip(text.chars()) {
            *cell = match c {
                'x' => 1,
                'o' => 2,
                _ => 0,
            };
        }
        let count = |v| position.cells.iter().filter(|&&c| c == v).count();
        position.side = if count(1) > count(2) { Player::P2 } else { Player::P1 };
        position
    }

    fn stone(player: Player) -> u8 {
        player.index() as u8 + 1
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend((0..9u8).filter(|&c| self.cells[c as usize] == 0));
        }
    }

    fn play(&mut self, mv: u8) {
        self.cells[mv as usize] = TicTacToe::stone(self.side);
        self.side = self.side.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        for line in LINES {
            let first = self.cells[line[0]];
            if first != 0 && line.iter().all(|&c| self.cells[c] == first) {
                return Some(Outcome::win(Player::from_index(usize::from(first - 1)), "three-in-a-row"));
            }
        }
        (!self.cells.contains(&0)).then(|| Outcome::draw("board-full"))
    }

    fn hash(&self) -> u64 {
        let packed = self.cells.iter().fold(0u64, |acc, &c| acc * 3 + u64::from(c));
        mix(packed) ^ side_bits(self.side)
    }

    fn repetition(&self) -> Option<Repetition> {
        None
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        parse_by_debug(self, text)
    }

    fn format_move(&self, mv: u8) -> String {
        format!("{mv:?}")
    }

    fn position_text(&self) -> String {
        self.cells.iter().map(|&c| ['.', 'x', 'o'][c as usize]).collect()
    }

    fn player_name(&self, player: Player) -> StaticText {
        [StaticText::new("X", "X"), StaticText::new("O", "O")][player.index()]
    }
}

impl Evaluate for TicTacToe {
    type Accumulator = ();

    fn evaluate(&self) -> i32 {
        let own = TicTacToe::stone(self.side);
        let open = |blocker: u8| {
            LINES.iter().filter(|line| line.iter().all(|&c| self.cells[c] != blocker)).count() as i32
        };
        10 * (open(3 - own) - open(own))
    }

    fn order_hint(&self, mv: u8) -> i32 {
        match mv {
            4 => 2,
            0 | 2 | 6 | 8 => 1,
            _ => 0,
        }
    }

    fn late_move_reductions(&self) -> bool {
        self.reductions
    }
}

// ---------------------------------------------------------------- Connect Four

const COLUMNS: u8 = 7;
const ROWS: u8 = 6;
const CELL_WEIGHTS: [i32; 6] = [3, 4, 5, 5, 4, 3];
const COLUMN_WEIGHTS: [i32; 7] = [3, 4, 5, 7, 5, 4, 3];

/// Connect Four on bitboards (bit `column * 7 + row`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    boards: [u64; 2],
    heights: [u8; 7],
    side: Player,
    winner: Option<Player>,
    /// Whether completing four counts as a noisy move (quiescence).
    pub quiescence: bool,
    /// Whether the engine may prune with null moves.
    pub null_moves: bool,
}

impl ConnectFour {
    pub fn new() -> ConnectFour {
        ConnectFour {
            boards: [0; 2],
            heights: [0; 7],
            side: Player::P1,
            winner: None,
            quiescence: false,
            null_moves: false,
        }
    }

    /// The position after the columns (digits 0–6) in `moves` were played.
    pub fn after(moves: &str) -> ConnectFour {
        let mut position = ConnectFour::new();
        for c in moves.chars() {
            position.play(c.to_digit(10).expect("a column digit") as u8);
        }
        position
    }

    fn bit(&self, column: u8) -> u64 {
        1 << (column * 7 + self.heights[column as usize])
    }

    fn four(board: u64) -> bool {
        [1, 7, 6, 8].iter().any(|&shift| {
            let pairs = board & (board >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
    }

    fn wins_at(&self, column: u8) -> bool {
        ConnectFour::four(self.boards[self.side.index()] | self.bit(column))
    }
}

impl Game for ConnectFour {
    type Move = u8;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend((0..COLUMNS).filter(|&c| self.heights[c as usize] < ROWS));
        }
    }

    fn play(&mut self, column: u8) {
        let bit = self.bit(column);
        let board = &mut self.boards[self.side.index()];
        *board |= bit;
        if ConnectFour::four(*board) {
            self.winner = Some(self.side);
        }
        self.heights[column as usize] += 1;
        self.side = self.side.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner {
            return Some(Outcome::win(winner, "four-in-a-row"));
        }
        self.heights.iter().all(|&h| h == ROWS).then(|| Outcome::draw("board-full"))
    }

    fn hash(&self) -> u64 {
        mix(self.boards[0])
            ^ mix(self.boards[1] ^ 0xABCD_EF01_2345_6789).rotate_left(17)
            ^ side_bits(self.side)
    }

    fn repetition(&self) -> Option<Repetition> {
        None
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        parse_by_debug(self, text)
    }

    fn format_move(&self, mv: u8) -> String {
        format!("{mv:?}")
    }

    fn position_text(&self) -> String {
        format!("{:?} {:?} {}", self.boards, self.heights, self.side)
    }

    fn player_name(&self, player: Player) -> StaticText {
        [StaticText::new("Yellow", "Yellow"), StaticText::new("Red", "Red")][player.index()]
    }
}

impl Evaluate for ConnectFour {
    type Accumulator = ();

    fn evaluate(&self) -> i32 {
        let weigh = |mut board: u64| -> i32 {
            let mut total = 0;
            while board != 0 {
                let bit = board.trailing_zeros() as usize;
                total += COLUMN_WEIGHTS[bit / 7] * CELL_WEIGHTS[bit % 7];
                board &= board - 1;
            }
            total
        };
        weigh(self.boards[self.side.index()]) - weigh(self.boards[self.side.other().index()])
    }

    fn order_hint(&self, column: u8) -> i32 {
        3 - (i32::from(column) - 3).abs()
    }

    fn is_noisy(&self, column: u8) -> bool {
        self.quiescence && self.wins_at(column)
    }

    fn noisy_moves(&self, moves: &mut Vec<u8>) {
        self.legal_moves(moves);
        moves.retain(|&column| self.is_noisy(column));
    }

    fn null_move(&self) -> Option<ConnectFour> {
        self.null_moves.then(|| ConnectFour { side: self.side.other(), ..self.clone() })
    }
}

// ---------------------------------------------------------------- Shuffle

/// A move of [`Shuffle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Flip the own token (reversible).
    Toggle,
    /// Advance the own counter (irreversible).
    Advance,
}

/// Both players shuffle a token back and forth; P1 is "ahead" (more stones),
/// so a threefold repetition wins for P1. The game is drawn after
/// `ply_limit` plies (the ply count is not part of the repetition key).
/// Advancing never repeats; in the `trapped` variant P2 cannot advance.
///
/// In the standoff ([`Shuffle::standoff`]) nobody is ahead: threefold
/// repetition is a draw, and each advance costs its mover 5 points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    tokens: [u8; 2],
    advances: [u8; 2],
    ply: u8,
    side: Player,
    ply_limit: u8,
    trapped: bool,
    standoff: bool,
}

impl Shuffle {
    pub fn new(ply_limit: u8, trapped: bool) -> Shuffle {
        Shuffle {
            tokens: [0; 2],
            advances: [0; 2],
            ply: 0,
            side: Player::P1,
            ply_limit,
            trapped,
            standoff: false,
        }
    }

    /// The standoff, drawn after 200 plies.
    pub fn standoff() -> Shuffle {
        Shuffle { standoff: true, ..Shuffle::new(200, false) }
    }
}

impl Game for Shuffle {
    type Move = Step;

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Step>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.push(Step::Toggle);
            if !(self.trapped && self.side == Player::P2) {
                moves.push(Step::Advance);
            }
        }
    }

    fn play(&mut self, mv: Step) {
        let me = self.side.index();
        match mv {
            Step::Toggle => self.tokens[me] ^= 1,
            Step::Advance => self.advances[me] += 1,
        }
        self.ply += 1;
        self.side = self.side.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.ply >= self.ply_limit).then(|| Outcome::draw("ply-limit"))
    }

    fn hash(&self) -> u64 {
        self.repetition_key() ^ mix(u64::from(self.ply) + 1000)
    }

    fn repetition(&self) -> Option<Repetition> {
        Some(Repetition { occurrences: 3 })
    }

    fn repetition_key(&self) -> u64 {
        let packed = u64::from(self.tokens[0])
            | u64::from(self.tokens[1]) << 8
            | u64::from(self.advances[0]) << 16
            | u64::from(self.advances[1]) << 24;
        mix(packed) ^ side_bits(self.side)
    }

    fn repetition_outcome(&self) -> Outcome {
        if self.standoff { Outcome::draw("repetition") } else { Outcome::win(Player::P1, "repetition") }
    }

    fn parse_move(&self, text: &str) -> Result<Step, GameError> {
        parse_by_debug(self, text)
    }

    fn format_move(&self, mv: Step) -> String {
        format!("{mv:?}")
    }

    fn position_text(&self) -> String {
        format!("{:?} {:?} {} {}", self.tokens, self.advances, self.ply, self.side)
    }

    fn player_name(&self, player: Player) -> StaticText {
        [StaticText::new("Ahead", "Ahead"), StaticText::new("Behind", "Behind")][player.index()]
    }
}

impl Evaluate for Shuffle {
    type Accumulator = ();

    fn evaluate(&self) -> i32 {
        if self.standoff {
            let (me, other) = (self.side.index(), self.side.other().index());
            5 * (i32::from(self.advances[other]) - i32::from(self.advances[me]))
        } else if self.side == Player::P1 {
            100
        } else {
            -100
        }
    }
}
