//! The bot bridge of Spielwerk: any engine program that speaks UAI or UGI
//! plays on a Spielwerk server through its Bot API (lichess's shape; see
//! `docs/bots.md`), as `spielwerk bot` runs it.
//!
//! The bridge signs in with a personal API token of a bot account, reads
//! the account's event stream, accepts the challenges its owner's
//! [`AcceptRules`] allow (declining the others with lichess's reasons),
//! and for each game that starts reads the game's stream and asks the
//! engine for a move whenever it is the bot's turn, on the game's clocks
//! (or a fixed time per move in correspondence games). The engine is
//! started per game and told the game and its options (`Game`, `Rules`, …
//! as the match runner does). A lost event stream is opened again, waiting
//! longer each time up to 30 s. The engine's failure in a game resigns
//! that game. The bridge may also join tournaments (arenas and Swiss)
//! that welcome bots; it plays the games they pair like any other, each
//! as its `gameStart` comes (a Swiss's round by round).

mod accept;
mod bridge;
mod game_task;
mod http;

pub use accept::{AcceptRules, Decline, Offer, OfferedTime, RatedChoice};
pub use bridge::{run, run_blocking};

use game::Registry;
use protocol::{Dialect, EngineSpec};
use std::time::Duration;
use thiserror::Error;

/// How the bridge runs.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// The server, `http://host:port`.
    pub server: String,
    /// The bot account's personal API token (`spw_…`, scope `bot:play`).
    pub token: String,
    /// The engine program.
    pub engine: EngineSpec,
    /// The protocol it speaks; `None`: by game (UAI for Ataxx, UGI for
    /// the others).
    pub dialect: Option<Dialect>,
    /// The games the bridge knows (their rules replay the moves).
    pub registry: Registry,
    /// Which challenges it accepts.
    pub accept: AcceptRules,
    /// The time per move in games without a clock.
    pub movetime: Duration,
    /// Stop after this many games have ended (`None`: run until stopped).
    pub stop_after: Option<usize>,
    /// Tournaments (arenas or Swiss) to join at the start (their ids);
    /// their games come as any game does, on the event stream.
    pub tournaments: Vec<String>,
}

/// Why the bridge stopped.
#[derive(Debug, Error)]
pub enum BotError {
    /// The bridge's settings are wrong.
    #[error("{0}")]
    Config(String),
    /// The server could not be reached or answered what the bridge
    /// cannot read.
    #[error("{0}")]
    Server(String),
    /// The server refused a request.
    #[error("{request}: refused ({status}): {reason}")]
    Refused {
        /// The request, `METHOD path`.
        request: String,
        /// The HTTP status.
        status: u16,
        /// The server's reason.
        reason: String,
    },
}
