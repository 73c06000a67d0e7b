//! Move text in AbaPro notation.
//!
//! - In-line moves (single marbles and pushes included): the trailing
//!   marble and the cell it moves to, `a1b2`.
//! - Broadside moves: both end marbles, then the destination of the
//!   first-written one, `c3c5d4` (the same move as `c5c3d6`). Written with
//!   the end of lower (row, diagonal) first; both spellings are read.
//!
//! Upper and lower case are both read; the canonical text is lower case.

use crate::board::{Cell, Direction};
use crate::moves::Move;
use crate::position::Position;
use game::{Game, GameError, Player, Text, text};

/// The canonical text of `mv`.
pub(crate) fn format(mv: Move) -> String {
    if mv.is_inline() {
        format!("{}{}", mv.first, mv.first_destination())
    } else {
        format!("{}{}{}", mv.first, mv.last(), mv.first_destination())
    }
}

/// The error of move text `text` whose marble at `cell` would move to
/// the cell it stands on.
fn stays(text: &str, cell: Cell) -> GameError {
    GameError::malformed(
        text,
        text!(
            "a marble must move to another cell than {cell}",
            "eine Kugel muss von {cell} in eine andere Mulde ziehen"
        ),
    )
}

/// Reads move text into a legal move of `position`.
pub(crate) fn parse(position: &Position, text: &str) -> Result<Move, GameError> {
    let trimmed = text.trim();
    let cells = |range: std::ops::Range<usize>| {
        trimmed
            .get(range)
            .ok_or_else(|| GameError::malformed(text, text!("not plain ASCII", "kein reiner ASCII-Text")))
            .and_then(|name| Cell::parse(name).map_err(|reason| GameError::malformed(text, reason)))
    };
    match trimmed.len() {
        4 => {
            let (from, to) = (cells(0..2)?, cells(2..4)?);
            if from == to {
                return Err(stays(text, from));
            }
            let dir = match Direction::between(from, to) {
                Some((dir, 1)) => dir,
                _ => {
                    return Err(GameError::malformed(
                        text,
                        text!(
                            "{to} is not next to {from}; an in-line move is the trailing marble and the cell it moves to",
                            "{to} liegt nicht neben {from}; ein Zug in Linie nennt die hinterste Kugel und die Mulde, in die sie zieht"
                        ),
                    ));
                }
            };
            inline_move(position, from, dir).map_err(|reason| GameError::illegal(text, reason))
        }
        6 => {
            let (a, b, to) = (cells(0..2)?, cells(2..4)?, cells(4..6)?);
            let (line, steps) = Direction::between(a, b).ok_or_else(|| {
                GameError::malformed(
                    text,
                    text!(
                        "{a} and {b} are not two ends of a line of marbles",
                        "{a} und {b} sind nicht die beiden Enden einer Linie von Kugeln"
                    ),
                )
            })?;
            if steps > 2 {
                return Err(GameError::malformed(
                    text,
                    text!(
                        "{a} to {b} spans more than 3 marbles",
                        "von {a} bis {b} sind es mehr als 3 Kugeln"
                    ),
                ));
            }
            if a == to {
                return Err(stays(text, a));
            }
            let dir = match Direction::between(a, to) {
                Some((dir, 1)) => dir,
                _ => {
                    return Err(GameError::malformed(
                        text,
                        text!(
                            "{to} is not next to {a}; a broadside names the destination of the first marble",
                            "{to} liegt nicht neben {a}; ein Zug seitwärts nennt die Zielmulde der zuerst genannten Kugel"
                        ),
                    ));
                }
            };
            if dir.is_parallel(line) {
                return Err(GameError::malformed(
                    text,
                    text!(
                        "this moves along the line of the marbles: write it as an in-line move (trailing marble and its destination, e.g. a1b2)",
                        "dieser Zug führt entlang der Linie der Kugeln: schreibe ihn als Zug in Linie (hinterste Kugel und ihre Zielmulde, z. B. a1b2)"
                    ),
                ));
            }
            let (first, axis) = if line.index() < 3 { (a, line) } else { (b, line.opposite()) };
            broadside_move(position, first, axis, steps + 1, dir)
                .map_err(|reason| GameError::illegal(text, reason))
        }
        _ => Err(GameError::malformed(
            text,
            text!(
                "a move is 4 or 6 characters, e.g. a1b2; in-line (4): the trailing marble and its destination; broadside (6): both end marbles and the first one's destination, e.g. c3c5d4",
                "ein Zug hat 4 oder 6 Zeichen, z. B. a1b2; in Linie (4): die hinterste Kugel und ihre Zielmulde; seitwärts (6): beide Endkugeln und die Zielmulde der ersten, z. B. c3c5d4"
            ),
        )),
    }
}

/// The colour of `player`'s marbles as an English adjective.
fn colour(player: Player) -> &'static str {
    match player {
        Player::P1 => "black",
        Player::P2 => "white",
    }
}

/// The colour of `player`'s marbles as a German adjective in the form that
/// goes with „die“, „eine“, „keine“ and plurals without article.
fn farbe(player: Player) -> &'static str {
    match player {
        Player::P1 => "schwarze",
        Player::P2 => "weiße",
    }
}

fn not_own(position: &Position, cell: Cell) -> Text {
    let me = position.side_to_move();
    let (me_en, me_de) = (colour(me), farbe(me));
    match position.marble_at(cell) {
        Some(owner) => {
            let (owner_en, owner_de) = (colour(owner), farbe(owner));
            text!(
                "{cell} holds a {owner_en} marble, not a {me_en} one",
                "auf {cell} liegt eine {owner_de} Kugel, keine {me_de}"
            )
        }
        None => text!("{cell} holds no marble", "auf {cell} liegt keine Kugel"),
    }
}

/// The in-line move with trailing marble `tail` in direction `dir`, or why
/// there is none.
pub(crate) fn inline_move(position: &Position, tail: Cell, dir: Direction) -> Result<Move, Text> {
    let me = position.side_to_move();
    let (me_en, me_de) = (colour(me), farbe(me));
    let holds =
        |cell: Option<Cell>, player: Player| cell.is_some_and(|c| position.marble_at(c) == Some(player));
    if !holds(Some(tail), me) {
        return Err(not_own(position, tail));
    }
    let mut at = Some(tail);
    let mut count = 0u8;
    while holds(at, me) {
        count += 1;
        at = at.and_then(|c| c.neighbour(dir));
    }
    if count > 3 {
        return Err(text!(
            "{count} {me_en} marbles stand in line from {tail}; at most 3 move, so name the trailing marble of the three that move",
            "ab {tail} liegen {count} {me_de} Kugeln in einer Linie; höchstens 3 ziehen, nenne also die hinterste der drei, die ziehen"
        ));
    }
    let Some(head) = at else {
        return Err(text!(
            "the {me_en} marble at the head would leave the board",
            "die vorderste {me_de} Kugel würde das Spielfeld verlassen"
        ));
    };
    let mut pushed = 0u8;
    while holds(at, me.other()) {
        pushed += 1;
        at = at.and_then(|c| c.neighbour(dir));
    }
    if pushed >= count {
        return Err(if pushed == count {
            text!(
                "pac: {count} against {pushed} cannot push",
                "Pac: bei {count} gegen {pushed} wird nicht geschoben"
            )
        } else if count == 1 {
            text!("1 marble cannot push {pushed}", "1 Kugel kann nicht {pushed} schieben")
        } else {
            text!("{count} marbles cannot push {pushed}", "{count} Kugeln können nicht {pushed} schieben")
        });
    }
    if let Some(blocker) = at.filter(|c| position.marble_at(*c) == Some(me)) {
        return Err(if pushed == 1 {
            text!(
                "blocked: the {me_en} marble on {blocker} stands behind the pushed marble at {head}",
                "blockiert: die {me_de} Kugel auf {blocker} liegt hinter der geschobenen Kugel auf {head}"
            )
        } else {
            text!(
                "blocked: the {me_en} marble on {blocker} stands behind the pushed marbles from {head}",
                "blockiert: die {me_de} Kugel auf {blocker} liegt hinter den geschobenen Kugeln ab {head}"
            )
        });
    }
    Ok(Move { first: tail, line: dir, dir, count, pushed })
}

/// The broadside move of `count` marbles from `first` along the positive
/// axis `axis`, in direction `dir`, or why it is not legal.
fn broadside_move(
    position: &Position,
    first: Cell,
    axis: Direction,
    count: u8,
    dir: Direction,
) -> Result<Move, Text> {
    let mv = Move { first, line: axis, dir, count, pushed: 0 };
    let me = position.side_to_move();
    for cell in mv.marbles() {
        if position.marble_at(cell) != Some(me) {
            return Err(not_own(position, cell));
        }
        match cell.neighbour(dir) {
            None => {
                return Err(text!(
                    "the marble on {cell} would leave the board",
                    "die Kugel auf {cell} würde das Spielfeld verlassen"
                ));
            }
            Some(to) if position.marble_at(to).is_some() => {
                return Err(text!(
                    "{to} is not empty (broadside moves cannot push)",
                    "{to} ist nicht frei (ein Zug seitwärts schiebt nie)"
                ));
            }
            Some(_) => {}
        }
    }
    Ok(mv)
}
