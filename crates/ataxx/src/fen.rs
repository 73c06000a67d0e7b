//! FEN, the community position text: `<board> <side> <halfmove> <fullmove>`,
//! e.g. `x5o/7/7/7/7/7/o5x x 0 1`.
//!
//! Ranks 7 to 1 separated by `/`, files a to g, `x` and `o` stones, `-`
//! blockers, digits for runs of empty squares. Reading is lenient: `startpos`
//! is the start position, stone letters may be upper case and the two clock
//! fields may be left out (`0 1`).

use crate::square::SIZE;
use crate::{Ataxx, Ruleset, Square};
use game::{GameError, Player, text};

/// The FEN of the standard start position.
pub const START_FEN: &str = "x5o/7/7/7/7/7/o5x x 0 1";

impl Ataxx {
    /// Reads a FEN (or `startpos`) into a position under `rules`.
    pub fn from_fen(text: &str, rules: Ruleset) -> Result<Ataxx, GameError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("startpos") {
            return Ok(Ataxx::start(rules));
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side) = match fields.as_slice() {
            [] => return Err(GameError::position(text!("empty FEN", "leere FEN"))),
            [_] => {
                return Err(GameError::position(text!(
                    "FEN '{text}' has no side to move (x or o)",
                    "FEN „{text}“ nennt nicht, wer am Zug ist (x oder o)"
                )));
            }
            [board, side, ..] if fields.len() <= 4 => (*board, *side),
            _ => {
                let count = fields.len();
                return Err(GameError::position(text!(
                    "FEN '{text}' has {count} fields, expected at most 4 (board, side, half-move clock, \
                     full-move number)",
                    "FEN „{text}“ hat {count} Teile, erwartet höchstens 4 (Brett, am Zug, Halbzugzähler, \
                     Zugnummer)"
                )));
            }
        };
        let (stones, blockers) = read_board(board)?;
        let side = match side {
            "x" | "X" => Player::P1,
            "o" | "O" => Player::P2,
            _ => {
                return Err(GameError::position(text!(
                    "bad side to move '{side}': expected x or o",
                    "ungültige Angabe „{side}“, wer am Zug ist: erwartet x oder o"
                )));
            }
        };
        let halfmove = match fields.get(2) {
            None => 0,
            Some(field) => field.parse().map_err(|_| {
                GameError::position(text!(
                    "bad half-move clock '{field}': expected a number ≥ 0",
                    "ungültiger Halbzugzähler „{field}“: erwartet eine Zahl ≥ 0"
                ))
            })?,
        };
        let fullmove = match fields.get(3) {
            None => 1,
            Some(field) => field.parse().ok().filter(|&n: &u32| n >= 1).ok_or_else(|| {
                GameError::position(text!(
                    "bad full-move number '{field}': expected a number ≥ 1",
                    "ungültige Zugnummer „{field}“: erwartet eine Zahl ≥ 1"
                ))
            })?,
        };
        Ok(Ataxx::from_parts(stones, blockers, side, halfmove, fullmove, rules))
    }

    /// The canonical FEN of the position.
    #[must_use]
    pub fn fen(&self) -> String {
        let mut text = String::new();
        for rank in (0..SIZE).rev() {
            let mut empty = 0;
            for file in 0..SIZE {
                let c = self.char_at(Square::new(file, rank).expect("file and rank are on the board"));
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push(char::from(b'0' + empty));
                    empty = 0;
                }
                text.push(c);
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                text.push('/');
            }
        }
        let side = if self.side() == Player::P1 { 'x' } else { 'o' };
        format!("{text} {side} {} {}", self.halfmove(), self.fullmove())
    }

    /// The character of a square: `x`, `o`, `-` (blocker) or `.` (empty).
    #[must_use]
    pub fn char_at(&self, square: Square) -> char {
        let bit = square.bit();
        if self.stones(Player::P1) & bit != 0 {
            'x'
        } else if self.stones(Player::P2) & bit != 0 {
            'o'
        } else if self.blockers() & bit != 0 {
            '-'
        } else {
            '.'
        }
    }
}

/// Reads the board field into the stones of `x` and `o` and the blockers.
fn read_board(board: &str) -> Result<([u64; 2], u64), GameError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != usize::from(SIZE) {
        let count = ranks.len();
        return Err(GameError::position(text!(
            "board '{board}' has {count} ranks, expected 7 separated by '/'",
            "Brett „{board}“ hat {count} Reihen, erwartet 7, getrennt durch „/“"
        )));
    }
    let mut stones = [0u64; 2];
    let mut blockers = 0u64;
    for (row, text) in ranks.iter().enumerate() {
        let rank = SIZE - 1 - row as u8;
        let name = rank + 1;
        let mut file = 0u8;
        for c in text.chars() {
            let run = match c {
                '1'..='7' => c as u8 - b'0',
                'x' | 'X' | 'o' | 'O' | '-' => 1,
                _ => {
                    return Err(GameError::position(text!(
                        "bad character '{c}' in rank {name}: expected x, o, -, or a digit 1-7",
                        "ungültiges Zeichen „{c}“ in Reihe {name}: erwartet x, o, - oder eine Ziffer 1–7"
                    )));
                }
            };
            if file + run > SIZE {
                return Err(GameError::position(text!(
                    "rank {name} '{text}' is longer than 7 squares",
                    "Reihe {name} „{text}“ ist länger als 7 Felder"
                )));
            }
            if let Some(square) = Square::new(file, rank).filter(|_| run == 1 && !c.is_ascii_digit()) {
                match c {
                    'x' | 'X' => stones[0] |= square.bit(),
                    'o' | 'O' => stones[1] |= square.bit(),
                    _ => blockers |= square.bit(),
                }
            }
            file += run;
        }
        if file < SIZE {
            return Err(GameError::position(text!(
                "rank {name} '{text}' has {file} squares, expected 7",
                "Reihe {name} „{text}“ hat {file} Felder, erwartet 7"
            )));
        }
    }
    Ok((stones, blockers))
}
