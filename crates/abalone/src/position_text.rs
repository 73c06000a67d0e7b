//! Position text, PlayStrategy style:
//!
//! ```text
//! sssss/ssssss/2sss2/8/9/8/2SSS2/SSSSSS/SSSSS 0 0 b 0 1
//! ```
//!
//! The rows I→A separated by `/`, each in increasing diagonal order: `S` a
//! black marble, `s` a white one, a digit a run of empty cells. Then the
//! marbles ejected by Black and by White, the side to move (`b`/`w`), the
//! plies since the last ejection and the move number. The board alone is
//! also read (the rest then defaults to `0 0 b 0 1`).

use crate::board::Cell;
use crate::position::{EJECTIONS_TO_WIN, MARBLES_PER_PLAYER, Position};
use game::{GameError, Player};

const ROW_NAMES: &[u8; 9] = b"ABCDEFGHI";

/// The position text of `position`.
pub(crate) fn format(position: &Position) -> String {
    let mut rows = Vec::with_capacity(9);
    for row in (1..=9u8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in Cell::all().filter(|c| c.row() == row) {
            let symbol = match position.marble_at(cell) {
                Some(Player::P1) => 'S',
                Some(Player::P2) => 's',
                None => {
                    empty += 1;
                    continue;
                }
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(symbol);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        rows.push(text);
    }
    format!(
        "{} {} {} {} {} {}",
        rows.join("/"),
        position.ejected_by(Player::P1),
        position.ejected_by(Player::P2),
        if position.side == Player::P1 { 'b' } else { 'w' },
        position.since_ejection,
        position.move_number
    )
}

/// Reads position text (no ply limit).
pub(crate) fn parse(text: &str) -> Result<Position, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let fields: Vec<&str> = match fields.len() {
        1 => vec![fields[0], "0", "0", "b", "0", "1"],
        6 => fields,
        n => {
            return Err(GameError::position(format!(
                "expected the board and 5 fields (ejected by black, ejected by white, side to move, plies since the last ejection, move number), got {n} field(s)"
            )));
        }
    };
    let marbles = parse_board(fields[0])?;
    let number = |name: &str, value: &str| {
        value.parse::<u32>().map_err(|_| GameError::position(format!("{name} '{value}' is not a number")))
    };
    let ejected = [number("ejected by black", fields[1])?, number("ejected by white", fields[2])?];
    for (player, &count) in ["black", "white"].iter().zip(&ejected) {
        if count > u32::from(EJECTIONS_TO_WIN) {
            return Err(GameError::position(format!(
                "{player} cannot have ejected {count} marbles; the game ends at {EJECTIONS_TO_WIN}"
            )));
        }
    }
    if ejected.iter().all(|&n| n >= u32::from(EJECTIONS_TO_WIN)) {
        return Err(GameError::position("both players cannot have ejected six marbles"));
    }
    for (index, player) in ["black", "white"].iter().enumerate() {
        let on_board = marbles[index].count_ones();
        let lost = ejected[1 - index];
        if on_board + lost > MARBLES_PER_PLAYER {
            return Err(GameError::position(format!(
                "{player} has {on_board} marbles on the board and {lost} ejected: more than {MARBLES_PER_PLAYER}"
            )));
        }
    }
    let side = match fields[3] {
        "b" => Player::P1,
        "w" => Player::P2,
        other => {
            return Err(GameError::position(format!("side to move '{other}' is neither 'b' nor 'w'")));
        }
    };
    let since_ejection = number("plies since the last ejection", fields[4])?;
    let move_number = number("move number", fields[5])?;
    if move_number == 0 {
        return Err(GameError::position("the move number starts at 1"));
    }
    Ok(Position {
        marbles,
        ejected: [ejected[0] as u8, ejected[1] as u8],
        side,
        since_ejection,
        move_number,
        ply_limit: 0,
    })
}

fn parse_board(board: &str) -> Result<[u64; 2], GameError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 9 {
        return Err(GameError::position(format!(
            "the board needs 9 rows (I to A) separated by '/', got {}",
            rows.len()
        )));
    }
    let mut marbles = [0u64; 2];
    for (text, row) in rows.iter().zip((1..=9u8).rev()) {
        let name = char::from(ROW_NAMES[usize::from(row - 1)]);
        let cells: Vec<Cell> = Cell::all().filter(|c| c.row() == row).collect();
        let mut at = 0usize;
        for symbol in text.chars() {
            let (owner, run) = match symbol {
                'S' => (Some(0), 1),
                's' => (Some(1), 1),
                '1'..='9' => (None, symbol as usize - '0' as usize),
                other => {
                    return Err(GameError::position(format!(
                        "row {name}: unexpected character '{other}' (S = black, s = white, 1-9 = empty cells)"
                    )));
                }
            };
            if at + run > cells.len() {
                return Err(GameError::position(format!(
                    "row {name} describes more than its {} cells",
                    cells.len()
                )));
            }
            if let Some(owner) = owner {
                marbles[owner] |= cells[at].bit();
            }
            at += run;
        }
        if at != cells.len() {
            return Err(GameError::position(format!(
                "row {name} describes {at} cells, it has {}",
                cells.len()
            )));
        }
    }
    Ok(marbles)
}
