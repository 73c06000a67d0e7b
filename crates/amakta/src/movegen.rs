//! Legal moves: the generator and the judge that explains why a move is
//! not legal. Both follow section 5 of the rules; every condition is judged
//! on the position before the move.

use crate::board::Board;
use crate::colour::Circle;
use crate::colour::Colour;
use crate::hex::Hex;
use crate::moves::Move;
use crate::position::{Control, Location, Phase, Position};
use crate::stones::Stone;
use game::{Text, text};

impl<B: Board> Position<B> {
    /// Clears `out` and fills it with every legal move, each once in its
    /// canonical form (no moves once a stone stands on an opposing base).
    pub fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Circles(next) => {
                out.extend(Circle::ALL.map(|circle| Move::Circle { piece: next, circle }));
                if self.catalog.len() - next as usize >= 2 {
                    out.push(Move::CirclesNone);
                }
                return;
            }
            Phase::Colour => {
                out.extend(Colour::BOTH.map(Move::Colour));
                return;
            }
            Phase::Play => {}
        }
        if self.winner().is_some() {
            return;
        }
        let mover = self.to_move;
        out.push(Move::Pass);
        let inventory: Vec<usize> = self.inventory(mover).collect();
        let targets: Vec<Hex> = self
            .cells_with_arrows()
            .filter(|&(cell, _)| self.occupant(cell).is_none() && self.control(cell) == Control::Of(mover))
            .map(|(cell, _)| cell)
            .collect();
        let place_all = |out: &mut Vec<Move>, at: Hex, make: fn(Hex, u8, Stone) -> Move| {
            for &piece in &inventory {
                for &orientation in &self.catalog[piece].orientations {
                    out.push(make(at, piece as u8, orientation));
                }
            }
        };
        for &at in &targets {
            place_all(out, at, |at, piece, orientation| Move::Place { piece, at, orientation });
        }
        for (id, state) in self.pieces.iter().enumerate() {
            let Location::Board(at) = state.location else { continue };
            let control = self.control(at);
            if self.owner(id) == mover {
                if !matches!(control, Control::Free) && control != Control::Of(mover) {
                    continue;
                }
                let orientations = &self.catalog[id].orientations;
                for &to in &targets {
                    out.extend(orientations.iter().map(|&orientation| Move::Relocate {
                        from: at,
                        to,
                        orientation,
                    }));
                }
                out.extend(
                    orientations
                        .iter()
                        .filter(|&&o| o != state.orientation)
                        .map(|&orientation| Move::Rotate { at, orientation }),
                );
                out.push(Move::Take { at });
                if control == Control::Of(mover) {
                    place_all(out, at, |at, piece, orientation| Move::Replace { at, piece, orientation });
                }
            } else if control == Control::Of(mover) {
                if state.expropriated {
                    out.push(Move::Release { at });
                    place_all(out, at, |at, piece, orientation| Move::ReleasePlace {
                        at,
                        piece,
                        orientation,
                    });
                } else {
                    out.push(Move::Expropriate { at });
                    out.push(Move::Remove { at });
                    out.extend(
                        self.catalog[id]
                            .orientations
                            .iter()
                            .filter(|&&o| o != state.orientation)
                            .map(|&orientation| Move::Appropriate { at, orientation }),
                    );
                }
            }
        }
    }

    fn describe_control(&self, cell: Hex) -> Text {
        let name = self.board.cell_name(cell);
        match self.control(cell) {
            Control::Free => {
                text!("{name} is free (no arrows point at it)", "{name} ist frei (kein Pfeil zeigt darauf)")
            }
            Control::Tie => text!("{name} is tied", "{name} steht im Patt"),
            Control::Of(colour) => {
                let (en, de) = (colour.name(), colour.name_de());
                text!("{name} is controlled by {en}", "{name} wird von {de} kontrolliert")
            }
        }
    }

    fn require_controlled(&self, cell: Hex) -> Result<(), Text> {
        let control = self.control(cell);
        if control == Control::Of(self.to_move) {
            return Ok(());
        }
        let described = self.describe_control(cell);
        let (en, de) = (&described.en, &described.de);
        let (mover, mover_de) = (self.to_move.name(), self.to_move.name_de());
        Err(match control {
            Control::Of(_) => text!("{en}, not by {mover}", "{de}, nicht von {mover_de}"),
            _ => text!("{en}, not by {mover}", "{de}, also nicht von {mover_de} kontrolliert"),
        })
    }

    fn stone_on(&self, cell: Hex) -> Result<usize, Text> {
        self.occupant(cell).ok_or_else(|| {
            let name = self.board.cell_name(cell);
            text!("there is no stone on {name}", "auf {name} liegt kein Stein")
        })
    }

    fn check_take(&self, at: Hex) -> Result<usize, Text> {
        let id = self.stone_on(at)?;
        let name = self.board.cell_name(at);
        if self.owner(id) != self.to_move {
            let (mover, mover_de) = (self.to_move.name(), self.to_move.name_de());
            return Err(text!(
                "the stone on {name} is not {mover}'s",
                "der Stein auf {name} gehört nicht {mover_de}"
            ));
        }
        if !self.is_free(id, at) {
            let described = self.describe_control(at);
            let (en, de) = (&described.en, &described.de);
            return Err(text!(
                "the stone on {name} is bound: {en}",
                "der Stein auf {name} ist gebunden: {de}"
            ));
        }
        Ok(id)
    }

    fn check_opponent_stone(&self, at: Hex, expropriated: bool) -> Result<usize, Text> {
        let id = self.stone_on(at)?;
        let name = self.board.cell_name(at);
        if self.owner(id) == self.to_move {
            let (mover, mover_de) = (self.to_move.name(), self.to_move.name_de());
            return Err(text!(
                "the stone on {name} is {mover}'s own",
                "der Stein auf {name} gehört {mover_de} selbst"
            ));
        }
        match (self.pieces[id].expropriated, expropriated) {
            (true, false) => Err(text!(
                "the stone on {name} is expropriated already (release it instead)",
                "der Stein auf {name} ist schon enteignet (stattdessen lösen)"
            )),
            (false, true) => Err(text!(
                "the stone on {name} is not expropriated (expropriate it instead)",
                "der Stein auf {name} ist nicht enteignet (stattdessen enteignen)"
            )),
            _ => self.require_controlled(at).map(|()| id),
        }
    }

    fn check_inventory(&self, piece: u8) -> Result<(), Text> {
        let id = piece as usize;
        if self.pieces[id].location == Location::Inventory && self.owner(id) == self.to_move {
            Ok(())
        } else {
            let stone = self.catalog[id].stone;
            let (mover, mover_de) = (self.to_move.name(), self.to_move.name_de());
            Err(text!(
                "stone {stone} is not in {mover}'s inventory",
                "Stein {stone} ist nicht im Inventar von {mover_de}"
            ))
        }
    }

    fn check_orientation(&self, id: usize, orientation: Stone) -> Result<(), Text> {
        if self.catalog[id].orientations.contains(&orientation) {
            Ok(())
        } else {
            let stone = self.catalog[id].stone;
            Err(text!(
                "{orientation} is not an orientation of stone {stone}",
                "{orientation} ist keine Ausrichtung von Stein {stone}"
            ))
        }
    }

    fn check_new_orientation(&self, id: usize, orientation: Stone) -> Result<(), Text> {
        self.check_orientation(id, orientation)?;
        if self.pieces[id].orientation == orientation {
            return Err(text!(
                "the stone already has orientation {orientation}",
                "der Stein hat schon die Ausrichtung {orientation}"
            ));
        }
        Ok(())
    }

    fn check_target(&self, at: Hex) -> Result<(), Text> {
        if self.occupant(at).is_some() {
            let name = self.board.cell_name(at);
            return Err(text!("{name} is not empty", "{name} ist nicht leer"));
        }
        self.require_controlled(at)
    }

    /// Whether `mv` is legal now; if not, why (for people, in both languages).
    pub fn check(&self, mv: Move) -> Result<(), Text> {
        match (self.phase, mv) {
            (Phase::Circles(next), Move::Circle { piece, .. }) => {
                let next_piece = self.piece_text(next as usize);
                return if piece == next {
                    Ok(())
                } else {
                    Err(text!(
                        "the circle of {next_piece} is assigned next",
                        "als Nächstes wird der Kreis von {next_piece} vergeben"
                    ))
                };
            }
            (Phase::Circles(next), Move::CirclesNone) => {
                return if self.catalog.len() - next as usize >= 2 {
                    Ok(())
                } else {
                    Err(text!(
                        "only one stone is left; assign its circle",
                        "nur noch ein Stein ist übrig; vergib seinen Kreis"
                    ))
                };
            }
            (Phase::Colour, Move::Colour(_)) => return Ok(()),
            (Phase::Circles(next), _) => {
                let next_piece = self.piece_text(next as usize);
                return Err(text!(
                    "the circles are being assigned; the circle of {next_piece} is next",
                    "die Kreise werden gerade vergeben; als Nächstes ist der Kreis von {next_piece} dran"
                ));
            }
            (Phase::Colour, _) => {
                return Err(text!(
                    "a colour must be chosen first (colour white|black)",
                    "zuerst muss eine Farbe gewählt werden (colour white|black)"
                ));
            }
            (Phase::Play, Move::Circle { .. } | Move::CirclesNone | Move::Colour(_)) => {
                return Err(text!("the setup is over", "die Startphase ist vorbei"));
            }
            (Phase::Play, _) => {}
        }
        if let Some(winner) = self.winner() {
            let (en, de) = (winner.name(), winner.name_de());
            return Err(text!("the game is over: {en} has won", "die Partie ist vorbei: {de} hat gewonnen"));
        }
        match mv {
            Move::Pass => Ok(()),
            Move::Rotate { at, orientation } => {
                let id = self.check_take(at)?;
                self.check_new_orientation(id, orientation)
            }
            Move::Take { at } => self.check_take(at).map(|_| ()),
            Move::Place { piece, at, orientation } => {
                self.check_inventory(piece)?;
                self.check_target(at)?;
                self.check_orientation(piece as usize, orientation)
            }
            Move::Expropriate { at } | Move::Remove { at } => {
                self.check_opponent_stone(at, false).map(|_| ())
            }
            Move::Release { at } => self.check_opponent_stone(at, true).map(|_| ()),
            Move::Replace { at, piece, orientation } => {
                self.check_take(at)?;
                self.require_controlled(at)?;
                self.check_inventory(piece)?;
                self.check_orientation(piece as usize, orientation)
            }
            Move::Relocate { from, to, orientation } => {
                let id = self.check_take(from)?;
                if from == to {
                    return Err(text!(
                        "a stone relocates to another cell (to turn it in place, rotate it)",
                        "Umsetzen bringt einen Stein auf ein anderes Feld (auf seinem Feld wird er gedreht)"
                    ));
                }
                self.check_target(to)?;
                self.check_orientation(id, orientation)
            }
            Move::Appropriate { at, orientation } => {
                let id = self.check_opponent_stone(at, false)?;
                self.check_new_orientation(id, orientation)
            }
            Move::ReleasePlace { at, piece, orientation } => {
                self.check_opponent_stone(at, true)?;
                self.check_inventory(piece)?;
                self.check_orientation(piece as usize, orientation)
            }
            Move::Circle { .. } | Move::CirclesNone | Move::Colour(_) => unreachable!("handled above"),
        }
    }
}
