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

    fn describe_control(&self, cell: Hex) -> String {
        let name = self.board.cell_name(cell);
        match self.control(cell) {
            Control::Free => format!("{name} is free (no arrows point at it)"),
            Control::Tie => format!("{name} is tied"),
            Control::Of(colour) => format!("{name} is controlled by {}", colour.name()),
        }
    }

    fn require_controlled(&self, cell: Hex) -> Result<(), String> {
        if self.control(cell) == Control::Of(self.to_move) {
            Ok(())
        } else {
            Err(format!("{}, not by {}", self.describe_control(cell), self.to_move.name()))
        }
    }

    fn stone_on(&self, cell: Hex) -> Result<usize, String> {
        self.occupant(cell).ok_or_else(|| format!("there is no stone on {}", self.board.cell_name(cell)))
    }

    fn check_take(&self, at: Hex) -> Result<usize, String> {
        let id = self.stone_on(at)?;
        let name = self.board.cell_name(at);
        if self.owner(id) != self.to_move {
            return Err(format!("the stone on {name} is not {}'s", self.to_move.name()));
        }
        if !self.is_free(id, at) {
            return Err(format!("the stone on {name} is bound: {}", self.describe_control(at)));
        }
        Ok(id)
    }

    fn check_opponent_stone(&self, at: Hex, expropriated: bool) -> Result<usize, String> {
        let id = self.stone_on(at)?;
        let name = self.board.cell_name(at);
        if self.owner(id) == self.to_move {
            return Err(format!("the stone on {name} is {}'s own", self.to_move.name()));
        }
        match (self.pieces[id].expropriated, expropriated) {
            (true, false) => Err(format!("the stone on {name} is expropriated already (release it instead)")),
            (false, true) => Err(format!("the stone on {name} is not expropriated (expropriate it instead)")),
            _ => self.require_controlled(at).map(|()| id),
        }
    }

    fn check_inventory(&self, piece: u8) -> Result<(), String> {
        let id = piece as usize;
        if self.pieces[id].location == Location::Inventory && self.owner(id) == self.to_move {
            Ok(())
        } else {
            Err(format!("stone {} is not in {}'s inventory", self.catalog[id].stone, self.to_move.name()))
        }
    }

    fn check_orientation(&self, id: usize, orientation: Stone) -> Result<(), String> {
        if self.catalog[id].orientations.contains(&orientation) {
            Ok(())
        } else {
            Err(format!("{orientation} is not an orientation of stone {}", self.catalog[id].stone))
        }
    }

    fn check_new_orientation(&self, id: usize, orientation: Stone) -> Result<(), String> {
        self.check_orientation(id, orientation)?;
        if self.pieces[id].orientation == orientation {
            return Err(format!("the stone already has orientation {orientation}"));
        }
        Ok(())
    }

    fn check_target(&self, at: Hex) -> Result<(), String> {
        if self.occupant(at).is_some() {
            return Err(format!("{} is not empty", self.board.cell_name(at)));
        }
        self.require_controlled(at)
    }

    /// Whether `mv` is legal now; if not, why (for people).
    pub fn check(&self, mv: Move) -> Result<(), String> {
        match (self.phase, mv) {
            (Phase::Circles(next), Move::Circle { piece, .. }) => {
                return if piece == next {
                    Ok(())
                } else {
                    Err(format!("the circle of {} is assigned next", self.piece_text(next as usize)))
                };
            }
            (Phase::Circles(next), Move::CirclesNone) => {
                return if self.catalog.len() - next as usize >= 2 {
                    Ok(())
                } else {
                    Err("only one stone is left; assign its circle".to_owned())
                };
            }
            (Phase::Colour, Move::Colour(_)) => return Ok(()),
            (Phase::Circles(next), _) => {
                return Err(format!(
                    "the circles are being assigned; the circle of {} is next",
                    self.piece_text(next as usize)
                ));
            }
            (Phase::Colour, _) => return Err("a colour must be chosen first (colour white|black)".to_owned()),
            (Phase::Play, Move::Circle { .. } | Move::CirclesNone | Move::Colour(_)) => {
                return Err("the setup is over".to_owned());
            }
            (Phase::Play, _) => {}
        }
        if let Some(winner) = self.winner() {
            return Err(format!("the game is over: {} has won", winner.name()));
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
                    return Err(
                        "a stone relocates to another cell (to turn it in place, rotate it)".to_owned()
                    );
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
