//! The [`Game`] trait every game implements.

use crate::{GameError, Options, Outcome, Player, StaticText};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::Range;

/// How repetition ends a game under the active rules: the game ends when the
/// same [`Game::repetition_key`] stands for the `occurrences`-th time at the
/// start of a turn, with [`Game::repetition_outcome`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Repetition {
    /// How many occurrences end the game (3 for threefold repetition).
    pub occurrences: usize,
}

/// A position of a two-player game together with its rules.
///
/// A value of a `Game` type is always a valid position: constructors and
/// parsers reject anything else. Positions are cheap to clone; engines copy
/// and play rather than undo.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move, including passes and any setup step the game treats as a move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// Clears `moves` and fills it with every legal move, each once, in its
    /// canonical form. A forced pass is a move; a finished game (see
    /// [`Game::outcome`]) has none.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Counts the legal moves, and fills `moves` with them (as
    /// [`Game::legal_moves`] does) when there are at most `list_up_to`;
    /// beyond, `moves` is left empty. Games whose lists can be huge may
    /// count without listing; the count must be the length of the list.
    fn count_legal_moves(&self, list_up_to: usize, moves: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(moves);
        let count = moves.len();
        if count > list_up_to {
            moves.clear();
        }
        count
    }

    /// Fills `moves` with the legal moves from index `range.start` up to
    /// (without) `range.end` in the order of [`Game::legal_moves`], the
    /// range cut to the moves there are. Games whose lists can be huge may
    /// pick them without listing the others; the moves must be the same.
    fn legal_moves_in(&self, range: Range<usize>, moves: &mut Vec<Self::Move>) {
        self.legal_moves(moves);
        let end = range.end.min(moves.len());
        moves.truncate(end);
        moves.drain(..range.start.min(end));
    }

    /// Whether `mv` is one of [`Game::legal_moves`]; by default it is
    /// looked up there. Games whose lists can be huge may decide it
    /// directly; the answer must be the same.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv`, which must be one of [`Game::legal_moves`]; anything else
    /// may leave a meaningless (but memory-safe) position.
    fn play(&mut self, mv: Self::Move);

    /// The outcome if the position alone ends the game (history-dependent
    /// endings such as repetition are handled by [`History`](crate::History)).
    fn outcome(&self) -> Option<Outcome>;

    /// A 64-bit hash of everything that makes the position (Zobrist-style,
    /// side to move included).
    fn hash(&self) -> u64;

    /// The repetition rule of the active rules, if any.
    fn repetition(&self) -> Option<Repetition>;

    /// The key compared for repetition; by default the full hash.
    fn repetition_key(&self) -> u64 {
        self.hash()
    }

    /// Whether playing `mv`, a legal move of this position, leaves every
    /// earlier position behind for good: no position after it can have the
    /// [`Game::repetition_key`] of one before it (a capture, a stone added
    /// for good, a setup step). [`History`](crate::History) then forgets the
    /// keys before it when it counts repetitions. `false`, the default, is
    /// always correct; `true` only saves memory and must never be claimed
    /// for a move that a position could repeat across.
    fn is_irreversible(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Whether this position is in the game's setup phase: its moves are
    /// setup steps (Amakta's circle assignment and colour choice, Amakta
    /// Infinit's bids and stone creation), not moves of play. The server
    /// counts only moves of play to decide when a game has begun (abort,
    /// claims, the lobby's move count). By default no position is.
    fn in_setup(&self) -> bool {
        false
    }

    /// The outcome when repetition ends the game in this position; by
    /// default a draw.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::draw("repetition")
    }

    /// Reads move text (leniently where the game's notation allows) into a
    /// legal move of this position, or says what is wrong with it. Move
    /// text of several words is also read in its single-token form (see
    /// [`move_token`](crate::move_token)).
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// The canonical text of `mv`, a legal move of this position. It never
    /// contains [`MOVE_JOINER`](crate::MOVE_JOINER).
    fn format_move(&self, mv: Self::Move) -> String;

    /// The canonical position text (FEN or the game's equivalent), which the
    /// game's constructor reads back to an equal position.
    fn position_text(&self) -> String;

    /// The display name of a player in this game ("Red", "Black", …), in
    /// English and German; one of the names its registry entry lists
    /// ([`GameEntry::side_names`](crate::GameEntry::side_names)).
    fn player_name(&self, player: Player) -> StaticText;

    /// Checks options given beside this position — the tags of a record
    /// next to its `Setup` — against what the position itself fixes
    /// (Amakta: its board and its set), so that a contradiction is an
    /// error rather than silently decided. The default accepts any.
    fn check_options(&self, options: &Options) -> Result<(), GameError> {
        let _ = options;
        Ok(())
    }

    /// Counts the leaf nodes of the move tree `depth` plies deep (perft).
    /// Games may override this with a faster, bulk-counting version; the
    /// result must equal [`perft::count`](crate::perft::count).
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth)
    }
}
