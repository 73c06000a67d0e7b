//! `GET /api/games/{id}/analysis?ply=N&movetime=MS&lines=K&moves=M1,M2`:
//! the game's default engine, at full strength, analyses a position and
//! reports its progress as a stream of [`AnalysisEvent`]s, which
//! [`crate::http::analysis`] sends as Server-Sent Events.
//!
//! The position is the one after `ply` moves of the game, then the moves
//! `moves` (a variation off the main line, each checked: 422 naming the
//! first that is not legal). The moves are separated by commas, or by
//! semicolons when the text has one: Amakta Infinit's cells (`3,-2`) have
//! commas, so the web UI always writes `M1;M2;`. `lines` (1 to
//! [`MAX_LINES`], default 1) asks for the best K lines (multi-PV).
//!
//! The stream sends an `info` event per engine report of a line,
//! `{"depth", "score", "pv", "nodes", "multipv"}` (`multipv` numbers the
//! line from 1, the best), then one `done` event,
//! `{"best", "score", "depth", "pv"}` of the best line, and ends. Scores
//! are UCI-style text (`cp 35`, `mate 3`, `mate -2`) for the side to move.
//!
//! `GET /api/games/{id}/explore?ply=N&moves=M1,M2` gives that position
//! itself, with its legal moves and the seats' names in both languages
//! (`sides`), for playing a variation on the board.
//!
//! The search runs on the blocking pool under the same bound as the
//! engine's moves ([`App::engine`]), which keeps a thread free for moves;
//! it stops when the client goes away (the stream is dropped) and when the
//! server shuts down. Each client address may run (or wait for) a few
//! analyses at once and start a few per minute (429 beyond, see
//! [`crate::Limits`]).
//!
//! Analysis would help a player in a running game between two people, so
//! there it is refused (403); it is open once the game is over, for
//! imported records and in games against the engine (a hint). A game
//! built without engines cannot be analysed (422).

use crate::contract::study::{AnalysisDone, AnalysisEvent, AnalysisInfo, ExploreReply, StudySides};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::limits::{Action, AnalysisTicket};
use crate::core::replay::Replay;
use crate::core::table::{Kind, Table};
use crate::features::learn::position;
use futures_util::Stream;
use game::{DynGame, GameError, Info, Limits, ThinkResult, text};
use serde::Deserialize;
use std::net::IpAddr;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::{mpsc, watch};

/// The analysis time when a request names none, ms.
pub const DEFAULT_MOVETIME_MS: u64 = 2000;

/// The analysis times a request may ask for, ms; others are refused (422).
pub const MOVETIME_MS: RangeInclusive<u64> = 100..=10_000;

/// The most lines an analysis reports.
pub const MAX_LINES: u32 = 3;

/// The most moves of a variation.
pub const MAX_VARIATION_MOVES: usize = 256;

/// How many events wait for a slow client; further `info` reports are
/// left out until it catches up (the `done` event always comes).
const EVENTS_BUFFERED: usize = 64;

/// The query of an analysis request.
#[derive(Deserialize)]
pub struct AnalysisQuery {
    /// The ply of the position; the current position if absent.
    ply: Option<String>,
    /// How long the engine thinks, ms.
    movetime: Option<String>,
    /// How many lines to report.
    lines: Option<String>,
    /// A variation: moves played from `ply` (see [`play_variation`]).
    moves: Option<String>,
}

/// The query of a position off the main line.
#[derive(Deserialize)]
pub struct ExploreQuery {
    /// The ply of the main line the variation leaves from; the end if
    /// absent.
    ply: Option<String>,
    /// The variation's moves (see [`play_variation`]).
    moves: Option<String>,
}

/// The events of an engine analysis of game `id` for the client at
/// `client` (see the module docs): the search starts at once and stops
/// when the stream is dropped.
pub async fn analyse(
    app: Arc<App>,
    id: &str,
    client: IpAddr,
    query: AnalysisQuery,
) -> Result<impl Stream<Item = AnalysisEvent> + Send + 'static, DomainError> {
    let replay = analysable_replay(&app, id).await?;
    let (_, mut game) = replay.game_at(&app.registry, query.ply.as_deref())?;
    play_variation(game.as_mut(), query.moves.as_deref())?;
    if game.engines().is_empty() {
        return Err(GameError::NoEngine(game.name().to_owned()).into());
    }
    let limits = Limits {
        multipv: parse_lines(query.lines.as_deref())?,
        ..Limits::movetime(parse_movetime(query.movetime.as_deref())?)
    };
    let ticket = app.analyses.take(client)?;
    app.rates.check(Action::Analyse, client)?;
    Ok(events(app, game, limits, ticket))
}

/// The position of game `id` after `ply` moves and the variation `moves`
/// (`moves` in canonical text; the legal moves listed unless there are
/// very many, as in the game's state; `outcome` the ending's reason and
/// `result` its record text, `1-0`, `0-1` or `1/2-1/2`, both `null` while
/// the game goes on). Refused (403) where analysis is.
pub async fn explore(app: &Arc<App>, id: &str, query: ExploreQuery) -> Result<ExploreReply, DomainError> {
    let replay = analysable_replay(app, id).await?;
    let (ply, mut game) = replay.game_at(&app.registry, query.ply.as_deref())?;
    let moves = play_variation(game.as_mut(), query.moves.as_deref())?;
    let last_move = moves.last().or_else(|| ply.checked_sub(1).map(|i| &replay.moves[i])).cloned();
    Ok(ExploreReply {
        ply,
        last_move,
        moves,
        result: game.outcome().map(|o| o.result_text().to_owned()),
        sides: StudySides::of(game.as_ref()),
        at: position(game.as_ref()),
    })
}

/// Plays the moves of a variation (separated by semicolons if there is
/// one, else by commas) on `game` and returns them in canonical text; 422
/// naming the first move that is not legal (or when there are more than
/// [`MAX_VARIATION_MOVES`]).
pub fn play_variation(game: &mut dyn DynGame, moves: Option<&str>) -> Result<Vec<String>, DomainError> {
    let text = moves.unwrap_or("");
    let separator = if text.contains(';') { ';' } else { ',' };
    let words: Vec<&str> = text.split(separator).map(str::trim).filter(|w| !w.is_empty()).collect();
    if words.len() > MAX_VARIATION_MOVES {
        let count = words.len();
        return Err(DomainError::unprocessable(text!(
            "a variation of {count} moves is too long (at most {MAX_VARIATION_MOVES})",
            "eine Variante von {count} Zügen ist zu lang (höchstens {MAX_VARIATION_MOVES})"
        )));
    }
    let mut played = Vec::with_capacity(words.len());
    for (index, word) in words.iter().enumerate() {
        let number = index + 1;
        let canonical = game.play(word).map_err(|error| {
            DomainError::unprocessable(text!(
                "move {number} of the variation, '{word}', is not legal here: {error}",
                "Zug {number} der Variante, „{word}“, ist hier nicht erlaubt: {error}"
            ))
        })?;
        played.push(canonical);
    }
    Ok(played)
}

/// The number of lines of a request: 1 if absent, 422 unless a whole
/// number from 1 to [`MAX_LINES`].
fn parse_lines(text: Option<&str>) -> Result<u32, DomainError> {
    let Some(text) = text else { return Ok(1) };
    text.trim().parse().ok().filter(|n| (1..=MAX_LINES).contains(n)).ok_or_else(|| {
        DomainError::unprocessable(text!(
            "lines '{text}' is not a number from 1 to {MAX_LINES}",
            "lines „{text}“ ist keine Zahl von 1 bis {MAX_LINES}"
        ))
    })
}

/// The moves of game `id` to replay, unless analysis is refused there
/// (see [`ensure_analysable`]).
async fn analysable_replay(app: &Arc<App>, id: &str) -> Result<Replay, DomainError> {
    let slot = app.slot(id).await?;
    let table = slot.table.lock().await;
    ensure_analysable(&table)?;
    Ok(Replay::of(&table))
}

/// 403 in a running game between two people.
pub fn ensure_analysable(table: &Table) -> Result<(), DomainError> {
    if table.kind == Kind::Human && table.game.outcome().is_none() {
        return Err(DomainError::forbidden(text!(
            "no engine analysis while a game between two people runs; it opens when the game is over",
            "keine Computeranalyse, solange eine Partie zwischen zwei Menschen läuft; \
             nach dem Ende der Partie ist sie möglich"
        )));
    }
    Ok(())
}

/// The analysis time of a request: [`DEFAULT_MOVETIME_MS`] if absent, 422
/// unless a whole number of ms within [`MOVETIME_MS`].
fn parse_movetime(text: Option<&str>) -> Result<Duration, DomainError> {
    let Some(text) = text else {
        return Ok(Duration::from_millis(DEFAULT_MOVETIME_MS));
    };
    let (min, max) = (MOVETIME_MS.start(), MOVETIME_MS.end());
    text.trim().parse().ok().filter(|ms| MOVETIME_MS.contains(ms)).map(Duration::from_millis).ok_or_else(
        || {
            DomainError::unprocessable(text!(
                "movetime '{text}' is not a number of milliseconds from {min} to {max}",
                "movetime „{text}“ ist keine Zahl von Millisekunden zwischen {min} und {max}"
            ))
        },
    )
}

/// Sets the stop flag when dropped: the stream holds one, so that a client
/// going away stops its search.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Starts the search and returns its events.
fn events(
    app: Arc<App>,
    game: Box<dyn DynGame>,
    limits: Limits,
    ticket: AnalysisTicket,
) -> impl Stream<Item = AnalysisEvent> + Send + 'static {
    let (sender, receiver) = mpsc::channel(EVENTS_BUFFERED);
    let stop = Arc::new(AtomicBool::new(false));
    let search = search(app, game, limits, stop.clone(), sender);
    tokio::spawn(async move {
        search.await;
        drop(ticket);
    });
    futures_util::stream::unfold((receiver, StopOnDrop(stop)), |(mut receiver, guard)| async move {
        let event = receiver.recv().await?;
        Some((event, (receiver, guard)))
    })
}

/// Waits for an engine permit, then lets the engine think on the blocking
/// pool, sending its reports; stops early when `stop` is set or the server
/// shuts down.
async fn search(
    app: Arc<App>,
    mut game: Box<dyn DynGame>,
    limits: Limits,
    stop: Arc<AtomicBool>,
    sender: mpsc::Sender<AnalysisEvent>,
) {
    let mut stopping = app.stopping.subscribe();
    // A free permit is taken even when the server is stopping: the search
    // then ends at once, with its result.
    let permit = tokio::select! {
        biased;
        permit = app.engine.for_analysis() => permit,
        () = sender.closed() => return,
        () = shutting_down(&mut stopping) => return,
    };
    let flag = stop.clone();
    let mut thinking = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        if let Some(&engine) = game.engines().first() {
            let _ = game.set_engine(engine);
        }
        let thought = game.think(&limits, &flag, &mut |info| {
            if !info.is_complete() {
                return;
            }
            if let Err(TrySendError::Closed(_)) = sender.try_send(info_event(info)) {
                flag.store(true, Ordering::Relaxed);
            }
        });
        // `analyse` lets only games with an engine through, so it thinks.
        if let Ok(result) = thought {
            let _ = sender.blocking_send(done_event(&result));
        }
    });
    tokio::select! {
        _ = &mut thinking => {}
        () = shutting_down(&mut stopping) => {
            stop.store(true, Ordering::Relaxed);
            let _ = thinking.await;
        }
    }
}

/// Completes when the server shuts down.
async fn shutting_down(stopping: &mut watch::Receiver<bool>) {
    let _ = stopping.wait_for(|stopping| *stopping).await;
}

/// An `info` event: one line's report.
fn info_event(info: &Info<String>) -> AnalysisEvent {
    AnalysisEvent::Info(AnalysisInfo {
        depth: info.depth,
        score: info.score.uci(),
        pv: info.pv.clone(),
        nodes: info.nodes,
        multipv: info.multipv,
    })
}

/// The `done` event: the best move, and the score, depth and line of the
/// last completed iteration (`null` if none completed).
fn done_event(result: &ThinkResult) -> AnalysisEvent {
    let info = result.info.as_ref();
    AnalysisEvent::Done(AnalysisDone {
        best: result.best.clone(),
        score: info.map(|i| i.score.uci()),
        depth: info.map(|i| i.depth),
        pv: info.map(|i| i.pv.clone()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetimes_default_and_stay_in_range() {
        assert_eq!(parse_movetime(None).unwrap(), Duration::from_millis(DEFAULT_MOVETIME_MS));
        assert_eq!(parse_movetime(Some("300")).unwrap(), Duration::from_millis(300));
        assert_eq!(parse_movetime(Some("10000")).unwrap(), Duration::from_secs(10));
        for bad in ["99", "10001", "-5", "2s", ""] {
            let error = parse_movetime(Some(bad)).unwrap_err();
            assert_eq!(error.kind, crate::core::error::ErrorKind::Rejected, "{bad}");
        }
    }

    #[test]
    fn lines_default_to_one_and_stay_in_range() {
        assert_eq!(parse_lines(None).unwrap(), 1);
        assert_eq!(parse_lines(Some("3")).unwrap(), 3);
        for bad in ["0", "4", "two", ""] {
            let error = parse_lines(Some(bad)).unwrap_err();
            assert_eq!(error.kind, crate::core::error::ErrorKind::Rejected, "{bad}");
        }
    }

    #[test]
    fn dropping_the_stream_stops_the_search() {
        let stop = Arc::new(AtomicBool::new(false));
        drop(StopOnDrop(stop.clone()));
        assert!(stop.load(Ordering::Relaxed));
    }
}
