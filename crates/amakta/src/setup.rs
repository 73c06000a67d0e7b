//! Building standard-game positions: from board, set, circles and colours,
//! and from position text.
//!
//! Position text is one line of `key=value` fields separated by spaces,
//! in this order (empty lists are `-`):
//!
//! ```text
//! board=hex5 set=000000,000001 p1=white turn=black circles=w:000001=r stones=e1=w:000001/001000,e2=b:000000/000000/x removed=-
//! ```
//!
//! - `board`: a built-in board name or inline board text (`/` between lines,
//!   `_` for spaces);
//! - `set`: the set's canonical codes, comma-separated (both colours have it);
//! - `p1`: P1's colour (`white`, `black`, or `-` before the colour choice);
//! - `turn`: `white` or `black` (play), `colour` (P2 chooses a colour), or
//!   `circles:N` (the circle of the N-th piece is assigned next, White's
//!   pieces in set order then Black's, counted from 0);
//! - `circles`: the pieces with a circle, `w:CODE=r` (reinforcement) or
//!   `=d` (damage), comma-separated;
//! - `stones`: the stones on the board, `CELL=PIECE/ORIENTATION`, with `/x`
//!   appended for an expropriated stone (it then belongs to the opponent of
//!   its colour);
//! - `removed`: the pieces removed from the game.
//!
//! Every other piece is in the inventory of its colour.

use crate::board::Board;
use crate::colour::{Circle, Colour};
use crate::hexboard::HexBoard;
use crate::position::{Location, Phase, PieceInfo, Position};
use crate::sets::StoneSet;
use crate::stones::Stone;
use game::{GameError, Text, text};
use std::sync::Arc;

/// A standard-game position on a bounded board.
pub type Amakta = Position<HexBoard>;

/// The pieces of a standard game: the set in White's colour, then in Black's.
fn catalog(set: &StoneSet) -> Vec<PieceInfo> {
    Colour::BOTH
        .into_iter()
        .flat_map(|colour| {
            set.stones().iter().map(move |&stone| PieceInfo {
                colour,
                stone,
                orientations: stone.orientations(),
            })
        })
        .collect()
}

/// Finds the piece named `w:CODE` / `b:CODE` (code in any orientation).
pub(crate) fn find_piece(catalog: &[PieceInfo], text: &str) -> Result<usize, Text> {
    let (colour, code) =
        text.split_once(':').and_then(|(c, code)| Some((Colour::parse(c)?, code))).ok_or_else(|| {
            text!(
                "'{text}' is not a stone like w:100000 or b:100000",
                "„{text}“ ist kein Stein wie w:100000 oder b:100000"
            )
        })?;
    let stone = Stone::parse(code)
        .map_err(|_| text!("'{code}' is not a stone code", "„{code}“ ist kein Steincode"))?
        .canonical();
    catalog.iter().position(|info| info.colour == colour && info.stone == stone).ok_or_else(|| {
        let (en, de) = (colour.name(), colour.name_de());
        text!("{en} has no stone {code} in the set", "{de} hat keinen Stein {code} im Satz")
    })
}

/// Reads a circle assignment, `none` or `w:100000=r,b:300000=d` (pieces
/// not named get no circle).
pub(crate) fn parse_circles(catalog: &[PieceInfo], text: &str) -> Result<Vec<Circle>, Text> {
    let mut circles = vec![Circle::None; catalog.len()];
    let text = text.trim();
    if text == "none" || text == "-" {
        return Ok(circles);
    }
    let mut seen = vec![false; catalog.len()];
    for item in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
        let (piece, circle) = item.split_once('=').ok_or_else(|| {
            text!("'{item}' is not of the form w:100000=r", "„{item}“ hat nicht die Form w:100000=r")
        })?;
        let id = find_piece(catalog, piece)?;
        if std::mem::replace(&mut seen[id], true) {
            return Err(text!("{piece} is given twice", "{piece} ist doppelt angegeben"));
        }
        circles[id] = Circle::parse(circle).ok_or_else(|| {
            text!(
                "'{circle}' is not a circle (n none, r reinforcement, d damage)",
                "„{circle}“ ist kein Kreis (n keiner, r Verstärkung, d Schaden)"
            )
        })?;
    }
    Ok(circles)
}

impl Position<HexBoard> {
    /// A new standard game on `board` with `set` for both colours.
    /// `circles`: `None` to assign them in the setup phase, or one circle per
    /// piece (White's pieces in set order, then Black's). `p1_colour`:
    /// `None` to let P2 choose a colour in the setup phase.
    #[must_use]
    pub fn new(
        board: HexBoard,
        set: &StoneSet,
        circles: Option<&[Circle]>,
        p1_colour: Option<Colour>,
    ) -> Amakta {
        let catalog = catalog(set);
        let phase = match (circles, p1_colour) {
            (None, _) => Phase::Circles(0),
            (Some(_), None) => Phase::Colour,
            (Some(_), Some(_)) => Phase::Play,
        };
        let mut position = Position::empty(board, Arc::new(catalog), phase, p1_colour);
        for (id, &circle) in circles.unwrap_or_default().iter().enumerate() {
            position.set_circle(id, circle);
        }
        position
    }

    /// The set (White's pieces' stones).
    #[must_use]
    pub fn set(&self) -> StoneSet {
        let codes: Vec<String> =
            self.catalog.iter().filter(|i| i.colour == Colour::White).map(|i| i.stone.to_string()).collect();
        StoneSet::parse(&codes.join(",")).expect("the set of a position is valid")
    }

    /// The position text (see the module documentation).
    #[must_use]
    pub fn text(&self) -> String {
        let list = |items: Vec<String>| if items.is_empty() { "-".to_owned() } else { items.join(",") };
        let circles = list(
            (0..self.pieces.len())
                .filter(|&id| self.pieces[id].circle != Circle::None)
                .map(|id| format!("{}={}", self.piece_text(id), self.pieces[id].circle.letter()))
                .collect(),
        );
        let stones = self.stones_text(",");
        let removed = self.removed_text(",");
        let turn = match self.phase {
            Phase::Circles(n) => format!("circles:{n}"),
            Phase::Colour => "colour".to_owned(),
            Phase::Play => self.to_move.to_string(),
        };
        let p1 = self.p1_colour.map_or("-".to_owned(), |c| c.to_string());
        format!(
            "board={} set={} p1={p1} turn={turn} circles={circles} stones={stones} removed={removed}",
            self.board.option_text(),
            self.set().text()
        )
    }

    /// Reads position text (see the module documentation).
    pub fn from_text(text: &str) -> Result<Amakta, GameError> {
        Position::read(text).map_err(GameError::position)
    }

    fn read(text: &str) -> Result<Amakta, Text> {
        const KEYS: [&str; 7] = ["board", "set", "p1", "turn", "circles", "stones", "removed"];
        let fields = crate::fields::read_fields(text, &KEYS)?;
        let field = |i: usize| {
            let key = KEYS[i];
            fields[i].ok_or_else(|| text!("field '{key}' is missing", "Eintrag „{key}“ fehlt"))
        };
        let list = |i: usize| -> Vec<&str> {
            fields[i]
                .filter(|v| *v != "-")
                .map(|v| v.split(',').filter(|t| !t.is_empty()).collect())
                .unwrap_or_default()
        };
        let board = HexBoard::from_option(field(0)?).map_err(|e| e.text())?;
        let set = StoneSet::parse(field(1)?).map_err(|e| e.text())?;
        let p1_colour = match fields[2].unwrap_or("-") {
            "-" => None,
            other => Some(Colour::parse(other).ok_or_else(|| {
                text!("p1 '{other}' is not white, black or -", "p1 „{other}“ ist nicht white, black oder -")
            })?),
        };
        let pieces = catalog(&set);
        let turn = field(3)?;
        let (phase, to_move) = match turn {
            "colour" => (Phase::Colour, Colour::White),
            _ if turn.starts_with("circles:") => {
                let n: usize =
                    turn["circles:".len()..].parse().ok().filter(|&n| n < pieces.len()).ok_or_else(|| {
                        let count = pieces.len();
                        text!(
                            "'{turn}': the number must be below {count}",
                            "„{turn}“: die Zahl muss kleiner als {count} sein"
                        )
                    })?;
                (Phase::Circles(n as u8), Colour::White)
            }
            _ => (
                Phase::Play,
                Colour::parse(turn).ok_or_else(|| {
                    text!(
                        "turn '{turn}' is not white, black, colour or circles:N",
                        "turn „{turn}“ ist nicht white, black, colour oder circles:N"
                    )
                })?,
            ),
        };
        match (phase, p1_colour) {
            (Phase::Colour, Some(_)) => {
                return Err(text!(
                    "p1's colour is known, so no colour is to be chosen",
                    "die Farbe des ersten Spielers (p1) ist bekannt, also ist keine Farbe zu wählen"
                ));
            }
            (Phase::Play, None) => {
                return Err(text!(
                    "in play p1's colour must be given",
                    "in der Partie muss die Farbe des ersten Spielers (p1) angegeben sein"
                ));
            }
            _ => {}
        }
        let circles = parse_circles(&pieces, fields[4].unwrap_or("-"))?;
        if let Phase::Circles(next) = phase
            && let Some(id) = (next as usize..pieces.len()).find(|&id| circles[id] != Circle::None)
        {
            let piece = piece_name(&pieces[id]);
            return Err(text!(
                "{piece} has a circle but its circle is not assigned yet",
                "{piece} hat einen Kreis, aber sein Kreis ist noch nicht vergeben"
            ));
        }
        let mut position = Position::empty(board, Arc::new(pieces), phase, p1_colour);
        position.to_move = to_move;
        for (id, &circle) in circles.iter().enumerate() {
            position.set_circle(id, circle);
        }
        if phase != Phase::Play && !list(5).is_empty() {
            return Err(text!(
                "no stones stand on the board during the setup",
                "während der Startphase liegen keine Steine auf dem Spielfeld"
            ));
        }
        position.read_stones(&list(5), &list(6))?;
        Ok(position)
    }
}

impl<B: Board> Position<B> {
    /// The stones on the board as position text, `CELL=PIECE/ORIENTATION`
    /// with `/x` for an expropriated stone, row by row from the top, west
    /// to east, separated by `separator` (`-` for none).
    pub(crate) fn stones_text(&self, separator: &str) -> String {
        let mut cells: Vec<(i32, i32, usize)> = (0..self.pieces.len())
            .filter_map(|id| match self.pieces[id].location {
                Location::Board(at) => Some((at.r, at.q, id)),
                _ => None,
            })
            .collect();
        cells.sort_unstable();
        let items: Vec<String> = cells
            .into_iter()
            .map(|(r, q, id)| {
                let state = self.pieces[id];
                let mark = if state.expropriated { "/x" } else { "" };
                let cell = self.board.cell_name(crate::hex::Hex::new(q, r));
                format!("{cell}={}/{}{mark}", self.piece_text(id), state.orientation)
            })
            .collect();
        if items.is_empty() { "-".to_owned() } else { items.join(separator) }
    }

    /// The removed pieces as position text, separated by `separator` (`-`
    /// for none).
    pub(crate) fn removed_text(&self, separator: &str) -> String {
        let items: Vec<String> = (0..self.pieces.len())
            .filter(|&id| self.pieces[id].location == Location::Removed)
            .map(|id| self.piece_text(id))
            .collect();
        if items.is_empty() { "-".to_owned() } else { items.join(separator) }
    }

    /// Puts the stones of position text on the board (`CELL=PIECE/ORIENTATION`
    /// items, `/x` appended for expropriated ones) and removes the named
    /// pieces from the game; checks that the result is a valid position.
    pub(crate) fn read_stones(&mut self, stones: &[&str], removed: &[&str]) -> Result<(), Text> {
        let mut placed = vec![false; self.catalog.len()];
        for &item in stones {
            let (cell, rest) = item.split_once('=').ok_or_else(|| {
                text!(
                    "'{item}' is not CELL=PIECE/ORIENTATION",
                    "„{item}“ hat nicht die Form FELD=STEIN/AUSRICHTUNG"
                )
            })?;
            let at = self.board.parse_cell(cell)?;
            let parts: Vec<&str> = rest.split('/').collect();
            let (piece, orientation, mark) = match parts[..] {
                [p, o] => (p, o, false),
                [p, o, "x"] => (p, o, true),
                _ => {
                    return Err(text!(
                        "'{item}' is not CELL=PIECE/ORIENTATION or CELL=PIECE/ORIENTATION/x",
                        "„{item}“ hat nicht die Form FELD=STEIN/AUSRICHTUNG oder FELD=STEIN/AUSRICHTUNG/x"
                    ));
                }
            };
            let id = find_piece(&self.catalog, piece)?;
            let orientation = Stone::parse(orientation).map_err(|_| {
                text!("'{orientation}' is not a stone code", "„{orientation}“ ist kein Steincode")
            })?;
            if !self.catalog[id].orientations.contains(&orientation) {
                return Err(text!(
                    "{orientation} is not an orientation of {piece}",
                    "{orientation} ist keine Ausrichtung von {piece}"
                ));
            }
            if std::mem::replace(&mut placed[id], true) {
                return Err(text!(
                    "{piece} stands on the board twice",
                    "{piece} liegt zweimal auf dem Spielfeld"
                ));
            }
            if self.occupant(at).is_some() {
                return Err(text!("two stones on {cell}", "zwei Steine auf {cell}"));
            }
            if mark && self.pieces[id].circle != Circle::None {
                return Err(text!(
                    "{piece} is expropriated and so has no circle",
                    "{piece} ist enteignet und hat daher keinen Kreis"
                ));
            }
            self.put(id, at, orientation);
            if mark {
                self.expropriate(id, at);
            }
        }
        for &piece in removed {
            let id = find_piece(&self.catalog, piece)?;
            if std::mem::replace(&mut placed[id], true) {
                return Err(text!(
                    "{piece} is both removed and on the board, or removed twice",
                    "{piece} ist zugleich aus dem Spiel und auf dem Spielfeld oder zweimal aus dem Spiel"
                ));
            }
            self.remove_from_inventory(id);
        }
        let winners = Colour::BOTH
            .iter()
            .filter(|&&c| self.occupant(self.board.base(c.other())).is_some_and(|id| self.owner(id) == c))
            .count();
        if winners == 2 {
            return Err(text!(
                "both players have a stone on the opponent's base",
                "beide Spieler haben einen Stein auf dem gegnerischen Basisfeld"
            ));
        }
        Ok(())
    }
}

fn piece_name(info: &PieceInfo) -> String {
    format!("{}:{}", info.colour.letter(), info.stone)
}
