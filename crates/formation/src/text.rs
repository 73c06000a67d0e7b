//! Position text: `<board text> <pieces> <w|b> <plies>`.
//!
//! - board text: the four tile tokens (see [`tiles`](crate::tiles)),
//! - pieces: the ranks from 8 down to 1, separated by `/`, each from file a
//!   to h: `W` a White piece, `B` a Black piece, a digit 1–8 that many empty
//!   squares (as in chess FEN),
//! - `w` or `b`: the side to move,
//! - the number of plies played since the start.
//!
//! The start on the default board:
//! `1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0`.

use crate::board::Board;
use crate::position::Formation;
use crate::square::bit;
use crate::tiles::Layout;
use game::{Game, GameError, Player, text};
use std::str::FromStr;
use std::sync::Arc;

/// The position text of `position`.
pub(crate) fn format_position(position: &Formation) -> String {
    let mut ranks = Vec::with_capacity(8);
    for rank in (0..8u8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match position.piece_at(rank * 8 + file) {
                None => empty += 1,
                Some(player) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    text.push(if player == Player::P1 { 'W' } else { 'B' });
                }
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        ranks.push(text);
    }
    let side = if position.side_to_move() == Player::P1 { 'w' } else { 'b' };
    format!("{} {} {side} {}", position.board().layout(), ranks.join("/"), position.plies())
}

/// Reads the pieces field into bitboards indexed by player.
fn parse_pieces(text: &str) -> Result<[u64; 2], GameError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        let found = ranks.len();
        return Err(GameError::position(text!(
            "the pieces need 8 ranks separated by '/', found {found}",
            "die Figuren brauchen 8 durch „/“ getrennte Reihen, gefunden: {found}"
        )));
    }
    let mut pieces = [0u64; 2];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        // Counted in `usize`: a hostile rank of many `8`s must give an error, not overflow.
        let mut file = 0usize;
        for c in rank_text.chars() {
            match c {
                '1'..='8' => file += usize::from(c as u8 - b'0'),
                'W' | 'B' => {
                    if let Ok(on_board @ 0..8) = u8::try_from(file) {
                        pieces[usize::from(c == 'B')] |= bit(rank * 8 + on_board);
                    }
                    file += 1;
                }
                _ => {
                    let number = rank + 1;
                    return Err(GameError::position(text!(
                        "rank {number}: unexpected '{c}' (use W, B and the digits 1-8)",
                        "Reihe {number}: unerwartetes „{c}“ (erlaubt sind W, B und die Ziffern 1–8)"
                    )));
                }
            }
        }
        if file != 8 {
            let number = rank + 1;
            return Err(GameError::position(text!(
                "rank {number} '{rank_text}' covers {file} squares, not 8",
                "Reihe {number} „{rank_text}“ umfasst {file} Felder statt 8"
            )));
        }
    }
    Ok(pieces)
}

impl Formation {
    /// Reads position text (see the [module docs](crate::text)) under the
    /// given ply limit (0: none).
    pub fn from_text(text: &str, ply_limit: u32) -> Result<Formation, GameError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 7 {
            let found = fields.len();
            return Err(GameError::position(text!(
                "position text needs 7 fields (4 board tokens, pieces, side to move, plies), found {found}",
                "der Stellungstext braucht 7 Angaben (4 Tableau-Angaben, Figuren, Spieler am Zug, \
                 Halbzüge), gefunden: {found}"
            )));
        }
        let layout = Layout::parse(&fields[..4].join(" "))
            .map_err(|reason| GameError::position(reason.prefixed(&text!("board: ", "Spielplan: "))))?;
        let pieces = parse_pieces(fields[4])?;
        let side = match fields[5] {
            "w" => Player::P1,
            "b" => Player::P2,
            other => {
                return Err(GameError::position(text!(
                    "the side to move must be 'w' or 'b', not '{other}'",
                    "der Spieler am Zug muss „w“ oder „b“ sein, nicht „{other}“"
                )));
            }
        };
        let plies = fields[6].parse().map_err(|_| {
            let plies = fields[6];
            GameError::position(text!(
                "the plies must be a whole number, not '{plies}'",
                "die Zahl der Halbzüge muss eine ganze Zahl sein, nicht „{plies}“"
            ))
        })?;
        Formation::new(Arc::new(Board::new(layout)), pieces, side, plies, ply_limit)
            .map_err(GameError::position)
    }
}

impl FromStr for Formation {
    type Err = GameError;

    /// Reads position text without a ply limit.
    fn from_str(text: &str) -> Result<Formation, GameError> {
        Formation::from_text(text, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    const START: &str = "1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0";

    #[test]
    fn start_position_text() {
        let start = Formation::start(&Config::default());
        assert_eq!(start.position_text(), START);
        assert_eq!(START.parse::<Formation>(), Ok(start));
    }

    #[test]
    fn position_text_round_trips_along_a_game() {
        let config = Config { layout: Layout::random(3), ..Config::default() };
        let mut position = Formation::start(&config);
        let mut moves = Vec::new();
        for ply in 0..40 {
            let text = position.position_text();
            assert_eq!(Formation::from_text(&text, 0), Ok(position.clone()), "{text}");
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[(ply * 7) % moves.len()]);
        }
        assert!(position.position_text().starts_with(&Layout::random(3).to_string()));
    }

    #[test]
    fn bad_position_text_is_rejected_with_the_reason() {
        let error = |text: &str| text.parse::<Formation>().unwrap_err().to_string();
        assert_eq!(
            error("1a0 2a0 3a0 4a0 8/8/8/8/8/8/8/8 w"),
            "invalid position: position text needs 7 fields (4 board tokens, pieces, side to move, plies), \
             found 6"
        );
        assert_eq!(
            error("1a0 2a0 3a0 3a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0"),
            "invalid position: board: tile 3 is used twice (each tile goes on the board once)"
        );
        assert_eq!(
            error("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W w 0"),
            "invalid position: the pieces need 8 ranks separated by '/', found 7"
        );
        assert_eq!(
            error("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1X1 w 0"),
            "invalid position: rank 1: unexpected 'X' (use W, B and the digits 1-8)"
        );
        assert_eq!(
            error("1a0 2a0 3a0 4a0 1B1WB1W1/W7B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0"),
            "invalid position: rank 7 'W7B' covers 9 squares, not 8"
        );
        let long_rank = "8".repeat(40);
        assert_eq!(
            error(&format!("1a0 2a0 3a0 4a0 {long_rank}/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w 0")),
            format!("invalid position: rank 8 '{long_rank}' covers 320 squares, not 8")
        );
        let german = format!("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/{long_rank} w 0")
            .parse::<Formation>()
            .unwrap_err()
            .message(game::Language::German);
        assert_eq!(german, format!("ungültige Stellung: Reihe 1 „{long_rank}“ umfasst 320 Felder statt 8"));
        assert_eq!(
            error("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 x 0"),
            "invalid position: the side to move must be 'w' or 'b', not 'x'"
        );
        assert_eq!(
            error("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW1B1 w -3"),
            "invalid position: the plies must be a whole number, not '-3'"
        );
        assert_eq!(
            error("1a0 2a0 3a0 4a0 1B1WB1W1/W6B/8/B6W/W6B/8/B6W/1W1BW3 w 0"),
            "invalid position: Black has 7 pieces, needs 8"
        );
        assert_eq!(
            error("1a0 2a0 3a0 4a0 WWWWWWWW/8/8/8/8/8/8/BBBBBBBB w 5"),
            "invalid position: White is to move but already connected (connecting ends the game at once)"
        );
    }
}
