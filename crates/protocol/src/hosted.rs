//! One engine program hosted for games that another program runs, such
//! as the bot bridge (`spielwerk bot`) playing a server's games: the game
//! comes from outside, the engine is asked for one move at a time.

use crate::Dialect;
use crate::engine::option_name;
use crate::process::{EngineProcess, EngineSpec, Failure};
use crate::runner::position_command;
use game::{DynGame, Player, Registry};
use std::time::{Duration, Instant};

/// How long an engine may overrun the time it was given before the host
/// gives up on its answer (the server's clock is the judge; this only
/// keeps a hung engine from holding a game forever).
const OVERRUN: Duration = Duration::from_secs(5);

/// What the engine may spend on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveBudget {
    /// Both players' clocks: the time left and the increment, P1's first.
    Clocks {
        /// The time each player has left.
        remaining: [Duration; 2],
        /// What each player gains per move.
        increment: [Duration; 2],
    },
    /// A fixed time for this move (a correspondence game, or a host's
    /// choice).
    Movetime(Duration),
}

impl MoveBudget {
    /// The `go` line in `dialect`.
    fn go(self, dialect: Dialect) -> String {
        match self {
            MoveBudget::Clocks { remaining, increment } => {
                let [p1_time, p2_time, p1_inc, p2_inc] = dialect.clock_keys();
                format!(
                    "go {p1_time} {} {p2_time} {} {p1_inc} {} {p2_inc} {}",
                    remaining[0].as_millis(),
                    remaining[1].as_millis(),
                    increment[0].as_millis(),
                    increment[1].as_millis()
                )
            }
            MoveBudget::Movetime(time) => format!("go movetime {}", time.as_millis()),
        }
    }

    /// The most `player` may think before the host stops waiting.
    fn allowed(self, player: Player) -> Duration {
        match self {
            MoveBudget::Clocks { remaining, .. } => remaining[player.index()],
            MoveBudget::Movetime(time) => time,
        }
    }
}

/// An engine program started for one game kind, asked for moves in
/// positions given from outside.
pub struct HostedEngine {
    process: EngineProcess,
    dialect: Dialect,
}

impl HostedEngine {
    /// Starts `spec` speaking `dialect` for `game` with these game
    /// `options` (registry names and values; the engine is told those it
    /// offers, and `Game` under UGI). The error says what went wrong.
    pub fn start(
        spec: &EngineSpec,
        dialect: Dialect,
        registry: &Registry,
        game: &str,
        options: &[(String, String)],
    ) -> Result<HostedEngine, String> {
        let entry = registry.get(game).map_err(|error| error.to_string())?;
        let mut game_options = vec![("Game".to_owned(), entry.name.to_owned())];
        game_options.extend(options.iter().map(|(name, value)| (option_name(name), value.clone())));
        let process = EngineProcess::start(spec, dialect, &game_options)?;
        Ok(HostedEngine { process, dialect })
    }

    /// The name the engine gave (`id name`), or its command.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.process.name
    }

    /// Tells the engine a new game begins and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.process.new_game().map_err(|failure| describe(failure, "a new game"))
    }

    /// The engine's move in `game` (its start position and every move
    /// since are sent, so it sees the history) within `budget`: the move
    /// text as the engine wrote it (one token, see [`game::move_token`]).
    pub fn best_move(&mut self, game: &dyn DynGame, budget: MoveBudget) -> Result<String, String> {
        let player = game.side_to_move();
        let deadline = Instant::now().checked_add(budget.allowed(player) + OVERRUN);
        let go = budget.go(self.dialect);
        self.process
            .best_move(&position_command(game), &go, deadline)
            .map(|(text, _)| text)
            .map_err(|failure| describe(failure, "its move"))
    }
}

/// What a failure means, for a person reading the bridge's log.
fn describe(failure: Failure, step: &str) -> String {
    match failure {
        Failure::Crashed => format!("the engine stopped answering (crashed or exited) during {step}"),
        Failure::TimedOut => format!("the engine did not answer in time during {step}"),
    }
}
