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
use game::{GameError, Player, Text, text};

const ROW_NAMES: &[u8; 9] = b"ABCDEFGHI";

/// Black and White as position messages name them, in English and German.
const PLAYERS: [(&str, &str); 2] = [("black", "Schwarz"), ("white", "Weiß")];

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
            return Err(GameError::position(text!(
                "expected the board and 5 fields (ejected by black, ejected by white, side to move, plies since the last ejection, move number), got {n} fields",
                "erwartet sind das Spielfeld und 5 Angaben (von Schwarz hinausgestoßene Kugeln, von Weiß hinausgestoßene Kugeln, wer am Zug ist, Halbzüge seit dem letzten Hinausstoßen, Zugnummer), gefunden: {n}"
            )));
        }
    };
    let marbles = parse_board(fields[0])?;
    let number = |name: &Text, value: &str| {
        value.parse::<u32>().map_err(|_| {
            let (name_en, name_de) = (&name.en, &name.de);
            GameError::position(text!(
                "{name_en} '{value}' is not a number",
                "die Angabe „{value}“ für {name_de} ist keine Zahl"
            ))
        })
    };
    let ejected = [
        number(&text!("ejected by black", "die von Schwarz hinausgestoßenen Kugeln"), fields[1])?,
        number(&text!("ejected by white", "die von Weiß hinausgestoßenen Kugeln"), fields[2])?,
    ];
    for (&(player_en, player_de), &count) in PLAYERS.iter().zip(&ejected) {
        if count > u32::from(EJECTIONS_TO_WIN) {
            return Err(GameError::position(text!(
                "{player_en} cannot have ejected {count} marbles; the game ends at {EJECTIONS_TO_WIN}",
                "{player_de} kann nicht {count} Kugeln hinausgestoßen haben; die Partie endet bei {EJECTIONS_TO_WIN}"
            )));
        }
    }
    if ejected.iter().all(|&n| n >= u32::from(EJECTIONS_TO_WIN)) {
        return Err(GameError::position(text!(
            "both players cannot have ejected six marbles",
            "nicht beide Spieler können sechs Kugeln hinausgestoßen haben"
        )));
    }
    for (index, &(player_en, player_de)) in PLAYERS.iter().enumerate() {
        let on_board = marbles[index].count_ones();
        let lost = ejected[1 - index];
        if on_board + lost > MARBLES_PER_PLAYER {
            return Err(GameError::position(text!(
                "{player_en} has {on_board} marbles on the board and {lost} ejected: more than {MARBLES_PER_PLAYER}",
                "{player_de} hat {on_board} Kugeln auf dem Spielfeld und {lost} hinausgestoßene: mehr als {MARBLES_PER_PLAYER}"
            )));
        }
    }
    let side = match fields[3] {
        "b" => Player::P1,
        "w" => Player::P2,
        other => {
            return Err(GameError::position(text!(
                "side to move '{other}' is neither 'b' nor 'w'",
                "die Angabe „{other}“ für den Spieler am Zug ist weder „b“ noch „w“"
            )));
        }
    };
    let since_ejection = number(
        &text!("plies since the last ejection", "die Halbzüge seit dem letzten Hinausstoßen"),
        fields[4],
    )?;
    let move_number = number(&text!("move number", "die Zugnummer"), fields[5])?;
    if move_number == 0 {
        return Err(GameError::position(text!("the move number starts at 1", "die Zugnummer beginnt bei 1")));
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
        let got = rows.len();
        return Err(GameError::position(text!(
            "the board needs 9 rows (I to A) separated by '/', got {got}",
            "das Spielfeld braucht 9 Reihen (I bis A), getrennt durch „/“, gefunden: {got}"
        )));
    }
    let mut marbles = [0u64; 2];
    for (text, row) in rows.iter().zip((1..=9u8).rev()) {
        let name = char::from(ROW_NAMES[usize::from(row - 1)]);
        let cells: Vec<Cell> = Cell::all().filter(|c| c.row() == row).collect();
        let size = cells.len();
        let mut at = 0usize;
        for symbol in text.chars() {
            let (owner, run) = match symbol {
                'S' => (Some(0), 1),
                's' => (Some(1), 1),
                '1'..='9' => (None, symbol as usize - '0' as usize),
                other => {
                    return Err(GameError::position(text!(
                        "row {name}: unexpected character '{other}' (S = black, s = white, 1-9 = empty cells)",
                        "Reihe {name}: unerwartetes Zeichen „{other}“ (S = Schwarz, s = Weiß, 1–9 = leere Mulden)"
                    )));
                }
            };
            if at + run > size {
                return Err(GameError::position(text!(
                    "row {name} describes more than its {size} cells",
                    "Reihe {name} beschreibt mehr als ihre {size} Mulden"
                )));
            }
            if let Some(owner) = owner {
                marbles[owner] |= cells[at].bit();
            }
            at += run;
        }
        if at != size {
            return Err(GameError::position(text!(
                "row {name} describes {at} cells, it has {size}",
                "Reihe {name} beschreibt {at} Mulden, sie hat {size}"
            )));
        }
    }
    Ok(marbles)
}
