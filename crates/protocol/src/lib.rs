//! The engine protocols of Spielwerk, UAI (Ataxx) and UGI (every game),
//! from both sides:
//!
//! - the engine side, [`serve`]: a conversation loop over any game of the
//!   [`Registry`](game::Registry), generic over its input and output;
//! - the host side, [`run_match`]: plays external engine programs against
//!   each other, adjudicating with Spielwerk's own rules, and measures the
//!   Elo difference ([`Tally`]).
//!
//! # The engine side
//!
//! UAI and UGI are UCI with other words (see [`Dialect`]). Decisions where
//! the protocols leave room:
//!
//! - Both greetings are understood and answered in kind (`uai` → `uaiok`,
//!   `ugi` → `ugiok`); `uainewgame` and `uginewgame` both start a new game.
//! - Options: `Hash` (spin, MiB), `Threads` (spin 1..256: Lazy SMP
//!   threads of the alpha-beta engine; other engines use one),
//!   `MoveOverhead` (spin, ms, default 10: what the host's
//!   clock is assumed to charge per move beyond the search; also as `Move
//!   Overhead`), `Engine` (combo of the game's engines: `alphabeta`,
//!   `greedy`, `random`, …), the search's tunable constants (spins of
//!   [`search::params`]: `AspirationWindow`, `LmrBase`, `LmrDivisor`,
//!   `LmrSpared`, `FutilityScale`, `LmpBase`, `LmpFactor`,
//!   `SingularMargin`, `Contempt`, `CounterMoves`, `LmrHistory`,
//!   `HistoryOrder`, `CorrectionHistory`, always listed; process-wide; for `spielwerk
//!   tune-search` and SPRTs of a tuned set), `EvalFile` (string, for the games whose
//!   evaluation is a network (`GameEntry::network`): the path of a network
//!   file to evaluate with from now on, `<embedded>` for the built-in one;
//!   a file that cannot be read or is not a network of the game is answered
//!   with `info string` and the network in use stays; a network loaded
//!   clears the tables), every option of the game (e.g. `Rules` of Ataxx,
//!   combo, string, or spin with the game's bounds for a whole-number
//!   option (`OptionSpec::bounds`: `PlyLimit`, Amakta Infinit's `Distance`
//!   and `Points`), a value outside them refused with `info string` naming
//!   the option and its bounds; named by [`option_name`]: `PlyLimit` in every game
//!   that has a ply limit, Amakta's colour of P1 as `P1`), and under UGI `Game` (combo of all games; switching
//!   resets the game options). Names are case-insensitive;
//!   unknown names and bad values are answered with `info string` and
//!   otherwise ignored. Options not set take the game's engine defaults
//!   (Ataxx: community rules).
//! - `go` understands the clock words of both dialects (`btime`/`binc` and
//!   `p1time`/`p1inc` are P1's, `wtime`/`winc` and `p2time`/`p2inc` P2's),
//!   `movestogo`, `movetime`, `depth`, `nodes`, `infinite` and
//!   `searchmoves m…` (the search chooses only among these moves; the list
//!   runs to the next keyword, a move may span several words as in
//!   `position … moves`); `ponder` is ignored. Negative clock times count
//!   as zero.
//! - Every `go` is answered by exactly one `bestmove` (but one ignored
//!   during a search, see below); `go infinite` only
//!   after `stop`. A search stopped before its first depth (`go nodes 0`,
//!   `go movetime 0`, `stop` at once) still answers with the move of a
//!   depth-1 search. A `go` that cannot search answers `bestmove 0000`
//!   after one `info string go: …` saying why: a word it does not know or
//!   a number it cannot read (`go movetime abc`, `go depth -3`; every
//!   problem named), a move of `searchmoves` that is not legal, or a
//!   rejected `position` before it (a bad position text, an illegal move,
//!   a bare `position` or `position fen`), until the next good
//!   `position`, `…newgame` or change of game.
//!   Such a `bestmove 0000` comes at once, before the answer to any later
//!   command.
//! - Commands are carried out in order. `isready`, `query` and `d` (the
//!   board as `info string` lines) are answered during a search;
//!   `position`, `setoption`, `…newgame` and `go` wait until the running
//!   search ends by its own limits or by `stop` (a `stop` ends the running
//!   search at once, whatever waits behind it), and so does every command after them but
//!   `isready`, which is always answered at once. `quit` and the end of
//!   the input stop the search (its `bestmove` is still sent).
//! - A `go` sent while a search runs that has been neither stopped nor
//!   answered waits, with one `info string go: waits for the running
//!   search to end …` saying so: the running search goes on to its own
//!   `bestmove`, then the waiting `go` is searched and answered, so every
//!   `go` gets exactly one `bestmove`. A `go` after `stop`, or after the
//!   `bestmove`, is the next search (`stop`, `position`, `go` in a row is
//!   how hosts move on) and says nothing.
//! - The last `info … pv` line before a `bestmove` begins with its move.
//! - Every move the engine writes (`bestmove`, `pv`, `currmove`) is one
//!   whitespace-free token: move text of several words (Amakta's `place
//!   100000 e1 001000`) is written with its words joined by `_`
//!   (`place_100000_e1_001000`, see [`game::move_token`]), which every game
//!   reads back. In `position … moves` both forms are read: each move is the
//!   shortest run of words that is legal (see [`play_words`]), so a token
//!   is one move and the spaced form still works.
//! - `bestmove 0000` when the game is over (a pass is the game's own move
//!   text, `0000` in Ataxx). A bad position or move in `position` is
//!   answered with `info string`; the position then stands after the last
//!   good move (for `d` and `query`), but `go` does not search it.
//!
//! # The host side
//!
//! The runner sends `position fen <start> moves <all moves>` (so that
//! engines know the history; each move one token, as above), skips every
//! line it does not wait for,
//! tells the engines the game and its options if they offer them as
//! options (`Game`, `Rules`, …), and scores a crash, a timeout (the clock
//! or move time exceeded by more than a grace: none on a clock, 100 ms on
//! a move time, unless the match says otherwise) or an illegal move as a
//! loss; a crashed or timed-out engine is restarted for the next game. It
//! counts game pairs (one opening, colours swapped) in a [`Pentanomial`]
//! and can stop a match early by an [`Sprt`]. [`tune_search`] tunes an
//! engine's spin options by SPSA ([`Spsa`]), one game pair of the runner
//! per iteration. [`HostedEngine`] is one engine asked for moves in games
//! that another program runs (the bot bridge, `spielwerk bot`), the same
//! way.

mod command;
mod dialect;
mod elo;
mod engine;
mod hosted;
mod moves;
mod openings;
mod process;
mod runner;
mod sprt;
mod spsa;
mod time_control;
#[cfg(test)]
mod toy;
mod tune_search;

pub use command::{Command, Go, Query};
pub use dialect::Dialect;
pub use elo::{Elo, MIN_INTERVAL_GAMES, MIN_INTERVAL_PAIRS, Tally, elo_of_score};
pub use engine::{
    DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, EMBEDDED_NETWORK, EngineSettings, MAX_HASH_MB, MAX_MULTIPV,
    MAX_THREADS, NULL_MOVE, ServeError, engine_name, info_line, multipv_info_line, option_name, serve,
};
pub use hosted::{HostedEngine, MoveBudget};
pub use moves::{play_words, root_moves};
pub use openings::{Opening, read_openings};
pub use process::EngineSpec;
pub use runner::{
    ClockReport, GameReport, MOVETIME_GRACE, MatchError, MatchResult, MatchSettings, MoveLimit, Standing,
    run_match,
};
pub use sprt::{Hypothesis, MIN_PAIRS, Pentanomial, Sprt};
pub use spsa::{DEFAULT_RATE, PairResult, SpinOption, Spsa, SpsaError, SpsaParam, SpsaSettings, Trial};
pub use time_control::{TimeControl, TimeUse};
pub use tune_search::{TuneError, play_pair, spin_options, tune_search};
