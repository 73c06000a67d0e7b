//! Reading move text: `f2` (clone), `g1e3` (jump), `0000` (pass), and
//! leniently `pass`, `null` and long-hand clones (`b2b3`), in any case.

use crate::bitboard::dilate;
use crate::{Ataxx, Move, Square};
use game::{GameError, Player, text};

/// The letter of a player's stones.
pub(crate) fn letter(player: Player) -> char {
    if player == Player::P1 { 'x' } else { 'o' }
}

/// The German name of a player, as the web UI shows it.
pub(crate) fn german_name(player: Player) -> &'static str {
    if player == Player::P1 { "Rot" } else { "Blau" }
}

impl Ataxx {
    /// Reads move text into a legal move of this position; the error says
    /// whether the text is malformed or the move illegal, and why.
    pub fn read_move(&self, text: &str) -> Result<Move, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        let lower = text.trim().to_ascii_lowercase();
        let square = |s: &str| Square::parse(s).map_err(|reason| GameError::malformed(text, reason));
        let us = letter(self.side());
        let side_de = german_name(self.side());
        let own = self.stones(self.side());
        let mv = match lower.as_str() {
            "0000" | "pass" | "null" => Move::Pass,
            s if s.len() == 2 && s.is_ascii() => Move::Clone(square(s)?),
            s if s.len() == 4 && s.is_ascii() => {
                let (from, to) = (square(&s[..2])?, square(&s[2..])?);
                if own & from.bit() == 0 {
                    return Err(GameError::illegal(
                        text,
                        text!("{from} holds no {us} stone", "auf {from} steht kein Stein von {side_de}"),
                    ));
                }
                match from.distance(to) {
                    0 => {
                        return Err(GameError::malformed(
                            text,
                            text!(
                                "the move starts and ends on the same square",
                                "der Zug beginnt und endet auf demselben Feld"
                            ),
                        ));
                    }
                    1 => Move::Clone(to),
                    2 => Move::Jump(from, to),
                    d => {
                        return Err(GameError::illegal(
                            text,
                            text!(
                                "{to} is {d} squares from {from}; a stone moves 1 or 2 squares",
                                "{to} ist {d} Felder von {from} entfernt; ein Stein zieht 1 oder 2 Felder weit"
                            ),
                        ));
                    }
                }
            }
            _ => {
                return Err(GameError::malformed(
                    text,
                    text!(
                        "expected a square (f2), two squares (g1e3) or 0000 for a pass",
                        "erwartet wird ein Feld (f2), zwei Felder (g1e3) oder 0000 zum Passen"
                    ),
                ));
            }
        };
        match mv {
            Move::Pass if self.can_move(self.side()) => {
                let reason = text!(
                    "{us} can move; a pass is only allowed without a move",
                    "{side_de} kann ziehen; passen darf nur, wer keinen Zug hat"
                );
                Err(GameError::illegal(text, reason))
            }
            Move::Clone(to) | Move::Jump(_, to) if self.empty() & to.bit() == 0 => {
                Err(GameError::illegal(text, text!("{to} is not empty", "{to} ist nicht leer")))
            }
            Move::Clone(to) if dilate(own) & to.bit() == 0 => Err(GameError::illegal(
                text,
                text!("no {us} stone is next to {to}", "kein Stein von {side_de} grenzt an {to}"),
            )),
            _ => Ok(mv),
        }
    }
}
