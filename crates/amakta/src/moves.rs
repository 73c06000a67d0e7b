//! Moves and their text.
//!
//! Move text (cells by name, see [`HexBoard`](crate::HexBoard); `S` a
//! stone of the mover's set by its code, any orientation accepted; `o` an
//! orientation code):
//!
//! | move | text |
//! |---|---|
//! | circle of the next stone (setup) | `circle w:100000=r` (`=n` none, `=r` reinforcement, `=d` damage); short `circle r` |
//! | no circle for all remaining stones (setup) | `circles none` |
//! | colour choice (setup) | `colour white`, `colour black` |
//! | pass | `pass` |
//! | rotate | `rotate F o` |
//! | take | `take F` |
//! | place | `place S F o` |
//! | expropriate | `expropriate F` |
//! | release | `release F` |
//! | replace | `replace F S o` |
//! | relocate | `relocate F G o` |
//! | appropriate | `appropriate F o` |
//! | remove | `remove F` |
//! | release-place | `release-place F S o` |
//!
//! Every move is also read as one token, its words joined by `_`
//! ([`game::move_token`]): `place_000111_e1_110001`,
//! `release-place_c3_100000_001000`, `circle_w:100000=r`, `circles_none`,
//! `colour_black`. No part of a move contains `_` or a space, so both
//! forms name the same move; the engine protocols write the joined one.

use crate::board::{Board, CellName};
use crate::colour::{Circle, Colour};
use crate::hex::Hex;
use crate::position::{Phase, Position};
use crate::stones::Stone;
use game::{GameError, Text, text};

/// A move of Amakta, setup steps included. Pieces are named by id (index
/// into the position's catalog).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Setup: the circle of the next piece in assignment order.
    Circle {
        /// The piece (the next one to assign).
        piece: u8,
        /// Its circle.
        circle: Circle,
    },
    /// Setup: no circle for every piece not yet assigned (two or more left).
    CirclesNone,
    /// Setup: the colour seat chooses its colour.
    Colour(Colour),
    /// Do nothing.
    Pass,
    /// Turn the mover's free stone on `at` to a new orientation.
    Rotate {
        /// The stone's cell.
        at: Hex,
        /// The new orientation (different from the current one).
        orientation: Stone,
    },
    /// The mover's free stone on `at` goes to the inventory (an expropriated
    /// one leaves the game).
    Take {
        /// The stone's cell.
        at: Hex,
    },
    /// A stone of the inventory onto an empty controlled cell.
    Place {
        /// The piece placed.
        piece: u8,
        /// The cell.
        at: Hex,
        /// Its orientation.
        orientation: Stone,
    },
    /// The opponent's original stone on a controlled cell becomes the mover's.
    Expropriate {
        /// The stone's cell.
        at: Hex,
    },
    /// The opponent's expropriated stone on a controlled cell leaves the game.
    Release {
        /// The stone's cell.
        at: Hex,
    },
    /// Take the stone on `at` and place another one there.
    Replace {
        /// The cell.
        at: Hex,
        /// The piece placed.
        piece: u8,
        /// Its orientation.
        orientation: Stone,
    },
    /// Take the stone on `from` and place it on `to`.
    Relocate {
        /// Where it stands.
        from: Hex,
        /// Where it goes.
        to: Hex,
        /// Its orientation there.
        orientation: Stone,
    },
    /// Expropriate and turn.
    Appropriate {
        /// The stone's cell.
        at: Hex,
        /// The new orientation (different from the current one).
        orientation: Stone,
    },
    /// Expropriate and take (the stone leaves the game).
    Remove {
        /// The stone's cell.
        at: Hex,
    },
    /// Release and place a stone of the inventory on the same cell.
    ReleasePlace {
        /// The cell.
        at: Hex,
        /// The piece placed.
        piece: u8,
        /// Its orientation.
        orientation: Stone,
    },
}

impl Move {
    /// Whether the move expropriates or releases a stone (expropriate,
    /// appropriate, remove, release, release-place): the moves that change
    /// a stone's owner or take it out of the game.
    #[must_use]
    pub fn expropriates_or_releases(self) -> bool {
        matches!(
            self,
            Move::Expropriate { .. }
                | Move::Appropriate { .. }
                | Move::Remove { .. }
                | Move::Release { .. }
                | Move::ReleasePlace { .. }
        )
    }

    /// The kind's name as in move text (`place`, `release-place`, …).
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            Move::Circle { .. } => "circle",
            Move::CirclesNone => "circles",
            Move::Colour(_) => "colour",
            Move::Pass => "pass",
            Move::Rotate { .. } => "rotate",
            Move::Take { .. } => "take",
            Move::Place { .. } => "place",
            Move::Expropriate { .. } => "expropriate",
            Move::Release { .. } => "release",
            Move::Replace { .. } => "replace",
            Move::Relocate { .. } => "relocate",
            Move::Appropriate { .. } => "appropriate",
            Move::Remove { .. } => "remove",
            Move::ReleasePlace { .. } => "release-place",
        }
    }
}

impl<B: Board> Position<B> {
    /// The text of a piece: colour letter and code, `w:100000`.
    #[must_use]
    pub fn piece_text(&self, id: usize) -> String {
        let info = &self.catalog[id];
        format!("{}:{}", info.colour.letter(), info.stone)
    }

    /// The canonical text of a move.
    #[must_use]
    pub fn move_text(&self, mv: Move) -> String {
        let cell = |cell: Hex| CellName { board: &self.board, cell };
        let code = |piece: u8| self.catalog[piece as usize].stone;
        match mv {
            Move::Circle { piece, circle } => {
                format!("circle {}={}", self.piece_text(piece as usize), circle.letter())
            }
            Move::CirclesNone => "circles none".to_owned(),
            Move::Colour(colour) => format!("colour {colour}"),
            Move::Pass => "pass".to_owned(),
            Move::Rotate { at, orientation } => format!("rotate {} {orientation}", cell(at)),
            Move::Take { at } | Move::Expropriate { at } | Move::Release { at } | Move::Remove { at } => {
                format!("{} {}", mv.kind(), cell(at))
            }
            Move::Place { piece, at, orientation } => {
                format!("place {} {} {orientation}", code(piece), cell(at))
            }
            Move::Replace { at, piece, orientation } | Move::ReleasePlace { at, piece, orientation } => {
                format!("{} {} {} {orientation}", mv.kind(), cell(at), code(piece))
            }
            Move::Relocate { from, to, orientation } => {
                format!("relocate {} {} {orientation}", cell(from), cell(to))
            }
            Move::Appropriate { at, orientation } => format!("appropriate {} {orientation}", cell(at)),
        }
    }

    /// Reads move text into a legal move, or says what is wrong.
    pub fn parse_move_text(&self, text: &str) -> Result<Move, GameError> {
        let mv = self.read_move(text)?;
        self.check(mv).map_err(|reason| GameError::illegal(text, reason))?;
        Ok(mv)
    }

    pub(crate) fn read_move(&self, text: &str) -> Result<Move, GameError> {
        let malformed = |reason: Text| GameError::malformed(text, reason);
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = game::move_words(&lower).collect();
        let Some((&kind, args)) = words.split_first() else {
            return Err(malformed(text!("empty move", "leerer Zug")));
        };
        let arity = match kind {
            "pass" => 0,
            "take" | "expropriate" | "release" | "remove" | "circle" | "circles" | "colour" | "color" => 1,
            "rotate" | "appropriate" => 2,
            "place" | "replace" | "relocate" | "release-place" => 3,
            other => {
                return Err(malformed(text!(
                    "unknown move kind '{other}' (pass, rotate, take, place, expropriate, release, replace, \
                     relocate, appropriate, remove, release-place; setup: circle, circles, colour)",
                    "unbekannte Zugart „{other}“ (pass, rotate, take, place, expropriate, release, replace, \
                     relocate, appropriate, remove, release-place; Startphase: circle, circles, colour)"
                )));
            }
        };
        if args.len() != arity {
            let (en, de) = written_as(kind);
            let (en, de) = (en.replace("KIND", kind), de.replace("KIND", kind));
            return Err(malformed(text!(
                "'{kind}' is written '{en}'; `moves {kind}` lists the legal ones",
                "„{kind}“ schreibt man „{de}“; `moves {kind}` listet die zulässigen"
            )));
        }
        let cell = |t: &str| self.board.parse_cell(t).map_err(&malformed);
        let orientation = |t: &str| {
            Stone::parse(t)
                .map_err(|_| malformed(text!("'{t}' is not a stone code", "„{t}“ ist kein Steincode")))
        };
        let stone_of = |colour: Colour, t: &str| -> Result<u8, GameError> {
            let stone = orientation(t)?.canonical();
            self.catalog
                .iter()
                .position(|info| info.colour == colour && info.stone == stone)
                .map(|id| id as u8)
                .ok_or_else(|| {
                    let (en, de) = (colour.name(), colour.name_de());
                    malformed(text!("{en} has no stone {t} in the set", "{de} hat keinen Stein {t} im Satz"))
                })
        };
        let mover = self.to_move;
        Ok(match kind {
            "pass" => Move::Pass,
            "take" => Move::Take { at: cell(args[0])? },
            "expropriate" => Move::Expropriate { at: cell(args[0])? },
            "release" => Move::Release { at: cell(args[0])? },
            "remove" => Move::Remove { at: cell(args[0])? },
            "rotate" => Move::Rotate { at: cell(args[0])?, orientation: orientation(args[1])? },
            "appropriate" => Move::Appropriate { at: cell(args[0])?, orientation: orientation(args[1])? },
            "place" => Move::Place {
                piece: stone_of(mover, args[0])?,
                at: cell(args[1])?,
                orientation: orientation(args[2])?,
            },
            "replace" => Move::Replace {
                at: cell(args[0])?,
                piece: stone_of(mover, args[1])?,
                orientation: orientation(args[2])?,
            },
            "release-place" => Move::ReleasePlace {
                at: cell(args[0])?,
                piece: stone_of(mover, args[1])?,
                orientation: orientation(args[2])?,
            },
            "relocate" => Move::Relocate {
                from: cell(args[0])?,
                to: cell(args[1])?,
                orientation: orientation(args[2])?,
            },
            "colour" | "color" => Move::Colour(Colour::parse(args[0]).ok_or_else(|| {
                let colour = args[0];
                malformed(text!("'{colour}' is not white or black", "„{colour}“ ist nicht white oder black"))
            })?),
            "circles" if args[0] == "none" => Move::CirclesNone,
            "circles" => {
                return Err(malformed(text!(
                    "the only form is 'circles none'",
                    "die einzige Form ist „circles none“"
                )));
            }
            // The short form for the stone whose circle comes next.
            _ if Circle::parse(args[0]).is_some() && self.next_circle_piece().is_some() => Move::Circle {
                piece: self.next_circle_piece().unwrap_or_default() as u8,
                circle: Circle::parse(args[0]).unwrap_or(Circle::None),
            },
            _ => {
                let (piece, circle) = args[0].split_once('=').ok_or_else(|| {
                    malformed(text!(
                        "write the next stone's circle as r, n or d (circle r), or a stone and its circle as \
                         w:100000=r",
                        "den Kreis des nächsten Steins als r, n oder d schreiben (circle r), oder einen Stein und \
                         seinen Kreis als w:100000=r"
                    ))
                })?;
                let (colour, code) = piece
                    .split_once(':')
                    .and_then(|(c, code)| Some((Colour::parse(c)?, code)))
                    .ok_or_else(|| {
                        malformed(text!(
                            "'{piece}' is not a stone like w:100000 or b:100000",
                            "„{piece}“ ist kein Stein wie w:100000 oder b:100000"
                        ))
                    })?;
                let circle = Circle::parse(circle).ok_or_else(|| {
                    malformed(text!(
                        "'{circle}' is not a circle (n, r or d)",
                        "„{circle}“ ist kein Kreis (n, r oder d)"
                    ))
                })?;
                Move::Circle { piece: stone_of(colour, code)?, circle }
            }
        })
    }

    /// The piece whose circle is assigned next, in the circle phase.
    #[must_use]
    pub fn next_circle_piece(&self) -> Option<usize> {
        match self.phase {
            Phase::Circles(n) => Some(n as usize),
            _ => None,
        }
    }
}

/// How a move of `kind` is written, in English and German, with an
/// example (`KIND` stands for the kind where several share a form).
fn written_as(kind: &str) -> (&'static str, &'static str) {
    match kind {
        "pass" => ("pass", "pass"),
        "take" | "expropriate" | "release" | "remove" => {
            ("KIND CELL, e.g. KIND e5", "KIND FELD, z. B. KIND e5")
        }
        "rotate" | "appropriate" => (
            "KIND CELL ORIENTATION, e.g. KIND e5 010000 (the stone's code as it then lies)",
            "KIND FELD AUSRICHTUNG, z. B. KIND e5 010000 (der Code des Steins, wie er dann liegt)",
        ),
        "place" => (
            "place STONE CELL ORIENTATION, e.g. place 000001 e5 010000 (a stone of your inventory, the cell, \
             its code as it lies there)",
            "place STEIN FELD AUSRICHTUNG, z. B. place 000001 e5 010000 (ein Stein deines Vorrats, das Feld, \
             sein Code, wie er dort liegt)",
        ),
        "replace" | "release-place" => (
            "KIND CELL STONE ORIENTATION, e.g. KIND e5 000001 010000",
            "KIND FELD STEIN AUSRICHTUNG, z. B. KIND e5 000001 010000",
        ),
        "relocate" => (
            "relocate FROM TO ORIENTATION, e.g. relocate e5 e6 010000",
            "relocate VON NACH AUSRICHTUNG, z. B. relocate e5 e6 010000",
        ),
        "circle" => (
            "circle CIRCLE for the next stone, e.g. circle r (n none, r reinforcement, d damage), or circle \
             STONE=CIRCLE, e.g. circle w:000001=r",
            "circle KREIS für den nächsten Stein, z. B. circle r (n keiner, r Verstärkung, d Schaden), oder \
             circle STEIN=KREIS, z. B. circle w:000001=r",
        ),
        "circles" => ("circles none", "circles none"),
        _ => ("colour white or colour black", "colour white oder colour black"),
    }
}
