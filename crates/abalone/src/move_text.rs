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
use game::{Game, GameError, Player};

/// The canonical text of `mv`.
pub(crate) fn format(mv: Move) -> String {
    if mv.is_inline() {
        format!("{}{}", mv.first, mv.first_destination())
    } else {
        format!("{}{}{}", mv.first, mv.last(), mv.first_destination())
    }
}

/// Reads move text into a legal move of `position`.
pub(crate) fn parse(position: &Position, text: &str) -> Result<Move, GameError> {
    let trimmed = text.trim();
    let cells = |range: std::ops::Range<usize>| {
        trimmed
            .get(range)
            .ok_or_else(|| GameError::malformed(text, "not plain ASCII"))
            .and_then(|name| Cell::parse(name).map_err(|reason| GameError::malformed(text, reason)))
    };
    match trimmed.len() {
        4 => {
            let (from, to) = (cells(0..2)?, cells(2..4)?);
            let dir = match Direction::between(from, to) {
                Some((dir, 1)) => dir,
                _ => {
                    return Err(GameError::malformed(
                        text,
                        format!(
                            "{to} is not next to {from}; an in-line move is the trailing marble and the cell it moves to"
                        ),
                    ));
                }
            };
            inline_move(position, from, dir).map_err(|reason| GameError::illegal(text, reason))
        }
        6 => {
            let (a, b, to) = (cells(0..2)?, cells(2..4)?, cells(4..6)?);
            let (line, steps) = Direction::between(a, b).ok_or_else(|| {
                GameError::malformed(text, format!("{a} and {b} are not two ends of a line of marbles"))
            })?;
            if steps > 2 {
                return Err(GameError::malformed(text, format!("{a} to {b} spans more than 3 marbles")));
            }
            let dir = match Direction::between(a, to) {
                Some((dir, 1)) => dir,
                _ => {
                    return Err(GameError::malformed(
                        text,
                        format!(
                            "{to} is not next to {a}; a broadside names the destination of the first marble"
                        ),
                    ));
                }
            };
            if dir.is_parallel(line) {
                return Err(GameError::malformed(
                    text,
                    "this moves along the line of the marbles: write it as an in-line move (trailing marble and its destination, e.g. a1b2)",
                ));
            }
            let (first, axis) = if line.index() < 3 { (a, line) } else { (b, line.opposite()) };
            broadside_move(position, first, axis, steps + 1, dir)
                .map_err(|reason| GameError::illegal(text, reason))
        }
        _ => Err(GameError::malformed(
            text,
            "expected 4 characters (in-line: trailing marble and its destination, e.g. a1b2) or 6 (broadside: both end marbles and the first one's destination, e.g. c3c5d4)",
        )),
    }
}

fn colour(player: Player) -> &'static str {
    match player {
        Player::P1 => "black",
        Player::P2 => "white",
    }
}

fn not_own(position: &Position, cell: Cell) -> String {
    let me = colour(position.side_to_move());
    match position.marble_at(cell) {
        Some(owner) => format!("{cell} holds a {} marble, not a {me} one", colour(owner)),
        None => format!("{cell} holds no marble"),
    }
}

/// The in-line move with trailing marble `tail` in direction `dir`, or why
/// there is none.
pub(crate) fn inline_move(position: &Position, tail: Cell, dir: Direction) -> Result<Move, String> {
    let me = position.side_to_move();
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
        return Err(format!(
            "{count} {} marbles stand in line from {tail}; at most 3 move, so name the trailing marble of the three that move",
            colour(me)
        ));
    }
    let Some(head) = at else {
        return Err(format!("the {} marble at the head would leave the board", colour(me)));
    };
    let mut pushed = 0u8;
    while holds(at, me.other()) {
        pushed += 1;
        at = at.and_then(|c| c.neighbour(dir));
    }
    if pushed >= count {
        return Err(if pushed == count {
            format!("pac: {count} against {pushed} cannot push")
        } else {
            format!("{count} marble(s) cannot push {pushed}")
        });
    }
    if let Some(blocker) = at.filter(|c| position.marble_at(*c) == Some(me)) {
        return Err(format!(
            "blocked: the {} marble on {blocker} stands behind the pushed marble(s) at {head}",
            colour(me)
        ));
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
) -> Result<Move, String> {
    let mv = Move { first, line: axis, dir, count, pushed: 0 };
    let me = position.side_to_move();
    for cell in mv.marbles() {
        if position.marble_at(cell) != Some(me) {
            return Err(not_own(position, cell));
        }
        match cell.neighbour(dir) {
            None => return Err(format!("the marble on {cell} would leave the board")),
            Some(to) if position.marble_at(to).is_some() => {
                return Err(format!("{to} is not empty (broadside moves cannot push)"));
            }
            Some(_) => {}
        }
    }
    Ok(mv)
}
