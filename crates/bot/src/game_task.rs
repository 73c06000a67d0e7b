//! One game of the bot: its stream read, the engine asked whenever it is
//! the bot's turn, the move sent.

use crate::http::Api;
use crate::{BotConfig, BotError};
use game::{DynGame, Options, Player};
use protocol::{Dialect, HostedEngine, MoveBudget, play_words};
use server::contract::bots::{BotGameFull, BotGameLine, BotGameState};
use std::sync::Arc;
use std::time::Duration;

/// What a game needs to know of the game as a whole (from `gameFull`).
struct Table {
    /// The game's registry name.
    game: String,
    /// Its options.
    options: Options,
    /// Its start position (`None`: the game's own).
    setup: Option<String>,
    /// The bot's seat.
    seat: Player,
    /// Whether the game has a clock (else the bridge's time per move).
    clocked: bool,
}

/// Plays game `id` to its end as `me`; returns when its stream ends.
pub(crate) async fn play(config: Arc<BotConfig>, api: Api, me: String, id: String) -> Result<(), BotError> {
    let mut lines = api.stream(&format!("/api/bot/game/stream/{id}")).await?;
    let mut table = None;
    let mut engine: Option<HostedEngine> = None;
    // The number of moves when the bot last moved, so that a repeated
    // state does not send a move twice.
    let mut moved_at = None;
    while let Some(line) = lines.next().await? {
        let state = match serde_json::from_str::<BotGameLine>(&line) {
            Ok(BotGameLine::GameFull(full)) => {
                let BotGameFull { variant, white, black, initial_fen, options, clock, state, .. } = *full;
                let seat = if white.name.eq_ignore_ascii_case(&me) {
                    Player::P1
                } else if black.name.eq_ignore_ascii_case(&me) {
                    Player::P2
                } else {
                    return Err(BotError::Server(format!("game {id}: {me} plays neither side")));
                };
                let setup = (initial_fen != "startpos").then_some(initial_fen);
                let options =
                    Options::from_pairs(options.iter().map(|(name, value)| (name.as_str(), value.as_str())));
                table = Some(Table { game: variant.key, options, setup, seat, clocked: clock.is_some() });
                state
            }
            Ok(BotGameLine::GameState(state)) => state,
            Ok(_) => continue,
            Err(error) => {
                eprintln!("bot: game {id}: a line not understood ({error}): {line}");
                continue;
            }
        };
        let Some(table) = &table else {
            return Err(BotError::Server(format!("game {id}: the stream did not begin with gameFull")));
        };
        if state.status != "started" && state.status != "created" {
            break;
        }
        let position = replay(&config, table, &state.moves)
            .map_err(|error| BotError::Server(format!("game {id}: the moves do not replay: {error}")))?;
        let plies = position.moves().len();
        if position.outcome().is_some() || position.side_to_move() != table.seat || moved_at == Some(plies) {
            continue;
        }
        let budget = budget(&config, table, &state);
        let (answer, returned) = think(&config, table, engine.take(), position, budget).await;
        engine = returned;
        match answer {
            Ok(mv) => {
                moved_at = Some(plies);
                if let Err(error) = api.post(&format!("/api/bot/game/{id}/move/{mv}"), None::<&()>).await {
                    // The game may have ended meanwhile (a resignation,
                    // the clock): its stream says so next.
                    eprintln!("bot: game {id}: the move {mv} was not taken: {error}");
                }
            }
            Err(error) => {
                eprintln!("bot: game {id}: {error}; resigning");
                api.post(&format!("/api/bot/game/{id}/resign"), None::<&()>).await.ok();
            }
        }
    }
    Ok(())
}

/// The game after `moves` (tokens separated by spaces).
fn replay(config: &BotConfig, table: &Table, moves: &str) -> Result<Box<dyn DynGame>, game::GameError> {
    let mut position = config.registry.create(&table.game, &table.options, table.setup.as_deref())?;
    let words: Vec<&str> = moves.split_whitespace().collect();
    play_words(position.as_mut(), &words)?;
    Ok(position)
}

/// What the engine may spend: the clocks if the game has them, else the
/// bridge's time per move.
fn budget(config: &BotConfig, table: &Table, state: &BotGameState) -> MoveBudget {
    let millis = |ms: i64| Duration::from_millis(ms.max(0).unsigned_abs());
    if table.clocked {
        MoveBudget::Clocks {
            remaining: [millis(state.wtime), millis(state.btime)],
            increment: [millis(state.winc), millis(state.binc)],
        }
    } else {
        MoveBudget::Movetime(config.movetime)
    }
}

/// Asks the engine (started on first use) for its move on a thread of its
/// own; gives the engine back for the next move unless it failed.
async fn think(
    config: &Arc<BotConfig>,
    table: &Table,
    engine: Option<HostedEngine>,
    position: Box<dyn DynGame>,
    budget: MoveBudget,
) -> (Result<String, String>, Option<HostedEngine>) {
    let config = Arc::clone(config);
    let game = table.game.clone();
    let options: Vec<(String, String)> =
        table.options.iter().map(|(name, value)| (name.to_owned(), value.to_owned())).collect();
    let task = tokio::task::spawn_blocking(move || {
        let mut engine = match engine {
            Some(engine) => engine,
            None => {
                let dialect = config.dialect.unwrap_or_else(|| Dialect::for_game(&game));
                let mut engine =
                    HostedEngine::start(&config.engine, dialect, &config.registry, &game, &options)?;
                engine.new_game()?;
                engine
            }
        };
        let answer = engine.best_move(position.as_ref(), budget)?;
        Ok((answer, engine))
    });
    match task.await {
        Ok(Ok((answer, engine))) => (Ok(answer), Some(engine)),
        Ok(Err(error)) => (Err(error), None),
        Err(error) => (Err(format!("the engine's thread failed: {error}")), None),
    }
}
