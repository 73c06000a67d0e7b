//! A game in progress: start position, moves, undo and repetition.

use crate::repetition::RepetitionCounts;
use crate::{Game, GameError, Outcome};
use std::ops::Range;

/// The course of one game: its start position, every move played and the
/// positions they led to. Knows the endings that depend on history
/// (repetition) and endings from outside the board (resignation, agreement,
/// time), and supports undo.
///
/// Repetitions are counted move by move (see
/// [`Game::is_irreversible`]), so that playing a move and asking for the
/// outcome do not grow with the length of the game.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
    ended: Option<Outcome>,
    repetitions: RepetitionCounts,
    /// The moves a search may choose from at the current position (UCI's
    /// `go searchmoves`); `None` for every legal move. Cleared by every
    /// change of position.
    root_moves: Option<Vec<G::Move>>,
}

impl<G: Game> History<G> {
    /// A game starting at `start`.
    pub fn new(start: G) -> History<G> {
        let repetitions = RepetitionCounts::new(start.repetition_key());
        History { positions: vec![start], moves: Vec::new(), ended: None, repetitions, root_moves: None }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> &G {
        self.positions.last().expect("a history always holds its start")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Every position of the game so far, the start first and the current
    /// one last.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// How often the current position's repetition key has stood at the
    /// start of a turn in this game, the current occurrence included.
    pub fn repetition_count(&self) -> usize {
        self.repetitions.current()
    }

    /// The outcome if the game is over: an ending declared from outside
    /// (see [`History::end`]), the position's own outcome, or repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.ended.is_some() {
            return self.ended;
        }
        let current = self.current();
        if let Some(outcome) = current.outcome() {
            return Some(outcome);
        }
        let rule = current.repetition()?;
        (self.repetition_count() >= rule.occurrences).then(|| current.repetition_outcome())
    }

    /// Clears `moves` and fills it with the legal moves, none when the game
    /// is over; only those of [`History::restrict_root`] while it holds.
    pub fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        if self.outcome().is_some() {
            moves.clear();
        } else {
            self.current().legal_moves(moves);
            if let Some(allowed) = &self.root_moves {
                moves.retain(|mv| allowed.contains(mv));
            }
        }
    }

    /// Lets a search of the current position choose only among `moves`
    /// (UCI's `go searchmoves`): [`History::legal_moves`] then lists only
    /// the legal ones of them, until the next move, undo or ending. An
    /// empty list lifts the restriction.
    pub fn restrict_root(&mut self, moves: Vec<G::Move>) {
        self.root_moves = (!moves.is_empty()).then_some(moves);
    }

    /// The moves a search of the current position may choose from, if
    /// [`History::restrict_root`] restricts them.
    pub fn root_moves(&self) -> Option<&[G::Move]> {
        self.root_moves.as_deref()
    }

    /// Counts the legal moves (none when the game is over) and fills
    /// `moves` with them when there are at most `list_up_to` (see
    /// [`Game::count_legal_moves`]).
    pub fn count_legal_moves(&self, list_up_to: usize, moves: &mut Vec<G::Move>) -> usize {
        if self.outcome().is_some() {
            moves.clear();
            return 0;
        }
        self.current().count_legal_moves(list_up_to, moves)
    }

    /// Fills `moves` with the legal moves in `range` (none when the game is
    /// over; see [`Game::legal_moves_in`]).
    pub fn legal_moves_in(&self, range: Range<usize>, moves: &mut Vec<G::Move>) {
        if self.outcome().is_some() {
            moves.clear();
        } else {
            self.current().legal_moves_in(range, moves);
        }
    }

    /// Plays a move after checking that it is legal now.
    pub fn play(&mut self, mv: G::Move) -> Result<(), GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        if !self.current().is_legal(mv) {
            return Err(GameError::illegal(
                &format!("{mv:?}"),
                crate::text!("not a legal move in this position", "in dieser Stellung kein zulässiger Zug"),
            ));
        }
        self.push(mv);
        Ok(())
    }

    /// Reads move text, checks it and plays it; returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::GameOver);
        }
        let mv = self.current().parse_move(text)?;
        self.play(mv).map_err(|error| match error {
            GameError::IllegalMove { reason, .. } => GameError::illegal(text, reason),
            other => other,
        })?;
        Ok(mv)
    }

    fn push(&mut self, mv: G::Move) {
        let current = self.current();
        let irreversible = current.is_irreversible(mv);
        let mut next = current.clone();
        next.play(mv);
        self.repetitions.push(next.repetition_key(), irreversible);
        self.root_moves = None;
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes back the last move (or a declared ending, if the game was ended
    /// from outside); returns the move taken back.
    pub fn undo(&mut self) -> Option<G::Move> {
        self.root_moves = None;
        if self.ended.take().is_some() {
            return None;
        }
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.repetitions.pop();
        Some(mv)
    }

    /// Ends the game from outside the board: resignation, agreed draw, loss
    /// on time, a crashed engine. Ignored if the game is already over.
    pub fn end(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.root_moves = None;
            self.ended = Some(outcome);
        }
    }

    /// The repetition keys of all positions so far, oldest first; engines
    /// use them to see repetitions that involve earlier moves.
    pub fn repetition_keys(&self) -> &[u64] {
        self.repetitions.keys()
    }
}
