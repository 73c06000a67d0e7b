//! Evaluation graphs: the engine's score and best move at every position of
//! a finished or imported game, computed in the background and stored.
//!
//! `POST /api/games/{id}/evaluation` ([`crate::http::analysis`]) asks for the evaluation (anyone, once
//! the game is over or for an imported record; asking again changes
//! nothing); `GET` gives `{"requested", "done", "total", "plies"}`, the
//! plies as `{"ply", "score", "best"}`, so a page can show the progress and
//! draw the graph as it fills. Scores are from the first player's point of
//! view in the engine's units, clamped to ±[`SCORE_CLAMP`]; won and lost
//! positions are ±[`DECIDED_SCORE`].
//!
//! One background job evaluates position by position, each for
//! [`PLY_MOVETIME`] on the game's default engine, under the same engine
//! bound as analyses (moves go first), a slice of a game at a time with
//! the clients taking turns; each client may have only so many positions
//! waiting, and the server so many in all (429 with the reason and
//! `Retry-After` beyond; see [`crate::core::evaluations`]). What is stored
//! survives a restart, with who asked; at start the server takes up the
//! unfinished evaluations again, under the same quotas.
//!
//! As engine analysis, the evaluation is refused (403) in a running game
//! between two people; a running game against the engine is not evaluated
//! either (its moves still change).

use crate::contract::study::{EvaluatedPly, EvaluationReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::evaluations::{Client, SLICE_PLIES, Worker};
use crate::core::replay::Replay;
use crate::core::table::{Kind, now_ms};
use crate::features::account::Account;
use crate::features::analysis::ensure_analysable;
use crate::store::{Op, PlyEvaluation};
use game::{DynGame, EngineState, GameError, GameResult, Limits, Player, Score, text};
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// How long the engine looks at each position.
pub const PLY_MOVETIME: Duration = Duration::from_millis(150);
/// The hash table of the engine that evaluates a game, MiB (one table for
/// all its positions: 150 ms of search fills a few MiB).
pub const EVALUATION_HASH_MB: usize = 16;

/// Scores are clamped to ± this.
pub const SCORE_CLAMP: i32 = 2000;

/// The score of a won position (a lost one is its negation), fewer the
/// plies to the end.
pub const DECIDED_SCORE: i32 = 10_000;

/// Queues the evaluations left unfinished by an earlier run of the server,
/// each for the client that asked, as far as the quotas allow (the others
/// stay asked for: asking again queues them).
pub async fn resume(app: &App) -> Result<(), DomainError> {
    let mut left_out = 0;
    for job in app.read(|db| db.unfinished_evaluations()).await? {
        let client = Client::stored(job.owner);
        if let Err(error) = app.evaluations.enqueue(&client, &job.game, job.left) {
            left_out += 1;
            tracing::debug!(game = job.game, error = error.message.en, "evaluation not taken up");
        }
    }
    if left_out > 0 {
        tracing::warn!(left_out, "evaluations not taken up after the restart: over the quotas");
    }
    Ok(())
}

/// The background job: evaluates the queued games a slice at a time, the
/// clients in turn, until the server stops.
pub async fn run(app: Weak<App>, worker: Worker) {
    // The engine of the last slice's game, kept for its next slice.
    let mut kept: Option<(String, EngineState)> = None;
    while let Some(job) = worker.next().await {
        let Some(app) = app.upgrade() else { return };
        if *app.stopping.borrow() {
            return;
        }
        let mut engine = kept.take().and_then(|(game, engine)| (game == job.game).then_some(engine));
        let started = Instant::now();
        let (evaluated, finished) = match evaluate_slice(&app, &job.game, SLICE_PLIES, &mut engine).await {
            Ok(slice) => slice,
            Err(error) => {
                tracing::warn!(game = %job.game, error = error.message.en, "evaluation stopped");
                (0, true)
            }
        };
        kept = engine.map(|engine| (job.game.clone(), engine));
        worker.served(job, evaluated, started.elapsed(), finished);
    }
}

/// Evaluates up to `slice` positions of the game `id` not stored yet,
/// storing each; says how many it evaluated and whether none is left.
async fn evaluate_slice(
    app: &Arc<App>,
    id: &str,
    slice: usize,
    engine: &mut Option<EngineState>,
) -> Result<(usize, bool), DomainError> {
    let slot = app.slot(id).await?;
    let replay = Replay::of(&*slot.table.lock().await);
    let stored = app.read(|db| db.evaluation(id)).await?;
    let done: HashSet<usize> = stored.iter().flat_map(|e| e.plies.iter().map(|p| p.ply)).collect();
    let (_, mut game) = replay.game_at(&app.registry, Some("0"))?;
    let mut evaluated = 0;
    for ply in 0..=replay.moves.len() {
        if !done.contains(&ply) {
            if evaluated == slice || *app.stopping.borrow() {
                return Ok((evaluated, false));
            }
            let (score, best) = evaluate_position(app, game.clone_box(), engine).await?;
            let evaluation = PlyEvaluation { ply, score, best };
            app.write(vec![Op::AddEvaluation { game: id.to_owned(), evaluation }]).await?;
            evaluated += 1;
        }
        if let Some(mv) = replay.moves.get(ply) {
            game.play(mv)?;
        }
    }
    Ok((evaluated, true))
}

/// The score (first player's view) and best move of `game`'s position,
/// thought by `engine` (the engine of the game's earlier positions, kept
/// for the next one).
async fn evaluate_position(
    app: &App,
    mut game: Box<dyn DynGame>,
    engine: &mut Option<EngineState>,
) -> Result<(i32, Option<String>), DomainError> {
    if let Some(outcome) = game.outcome() {
        let score = match outcome.result {
            GameResult::Win(Player::P1) => DECIDED_SCORE,
            GameResult::Win(Player::P2) => -DECIDED_SCORE,
            GameResult::Draw => 0,
        };
        return Ok((score, None));
    }
    let permit = app.engine.for_analysis().await;
    let kept = engine.take();
    let thought = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let name = *game.engines().first().ok_or_else(|| GameError::NoEngine(game.name().to_owned()))?;
        game.set_engine(name)?;
        game.set_hash_mb(EVALUATION_HASH_MB);
        if let Some(kept) = kept {
            game.put_engine(kept);
        }
        let result = game.think(&Limits::movetime(PLY_MOVETIME), &AtomicBool::new(false), &mut |_| {})?;
        Ok::<_, GameError>((result, game.side_to_move(), game.take_engine()))
    })
    .await
    .map_err(|e| DomainError::internal(text!("the engine failed: {e}", "die Engine ist ausgefallen: {e}")))?;
    let (result, mover, used) = thought?;
    *engine = used;
    let score = result.score().map_or(0, for_first_player(mover));
    Ok((score, result.best))
}

/// Turns a score for `mover` into the clamped score for the first player.
fn for_first_player(mover: Player) -> impl Fn(Score) -> i32 {
    move |score| {
        let value = match score {
            Score::Cp(cp) => cp.clamp(-SCORE_CLAMP, SCORE_CLAMP),
            Score::Win(plies) => DECIDED_SCORE - plies.min(1000) as i32,
            Score::Loss(plies) => -(DECIDED_SCORE - plies.min(1000) as i32),
        };
        if mover == Player::P1 { value } else { -value }
    }
}

/// Asks for the evaluation of the finished or imported game `id` for
/// `account` (a guest: the client at `ip`) and gives its progress; 429
/// when the client, or everybody, has too many positions waiting.
pub async fn start(
    app: &Arc<App>,
    id: &str,
    account: Option<&Account>,
    ip: IpAddr,
) -> Result<EvaluationReply, DomainError> {
    let slot = app.slot(id).await?;
    let total = {
        let table = slot.table.lock().await;
        ensure_analysable(&table)?;
        if table.kind != Kind::Record && table.game.outcome().is_none() {
            return Err(DomainError::forbidden(text!(
                "the evaluation graph is made once the game is over",
                "die Bewertungskurve entsteht, wenn die Partie vorbei ist"
            )));
        }
        if table.game.engines().is_empty() {
            return Err(GameError::NoEngine(table.game.name().to_owned()).into());
        }
        table.moves.len() + 1
    };
    let stored = app.read(|db| db.evaluation(id)).await?;
    let (total, done) = stored.as_ref().map_or((total, 0), |e| (e.total, e.plies.len()));
    if done < total && !app.evaluations.is_queued(id) {
        let client = Client::of(account.map(|a| a.id.as_str()), ip);
        if let Some(place) = app.evaluations.reserve(&client, id, total - done)? {
            let owner = client.as_str().to_owned();
            let request = Op::RequestEvaluation { game: id.to_owned(), total, requested_ms: now_ms(), owner };
            app.write(vec![request]).await?;
            place.queue();
        }
    }
    progress(app, id, total).await
}

/// The evaluation of game `id` so far.
pub async fn status(app: &Arc<App>, id: &str) -> Result<EvaluationReply, DomainError> {
    let slot = app.slot(id).await?;
    let total = {
        let table = slot.table.lock().await;
        ensure_analysable(&table)?;
        table.moves.len() + 1
    };
    progress(app, id, total).await
}

/// The evaluation of the game `id`, which has `total` positions.
async fn progress(app: &App, id: &str, total: usize) -> Result<EvaluationReply, DomainError> {
    let evaluation = app.read(|db| db.evaluation(id)).await?;
    let plies: Vec<EvaluatedPly> = evaluation
        .iter()
        .flat_map(|e| &e.plies)
        .map(|p| EvaluatedPly { ply: p.ply, score: p.score, best: p.best.clone() })
        .collect();
    Ok(EvaluationReply {
        requested: evaluation.is_some(),
        done: plies.len(),
        total: evaluation.map_or(total, |e| e.total),
        plies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_the_first_players_view_and_are_clamped() {
        assert_eq!(for_first_player(Player::P1)(Score::Cp(35)), 35);
        assert_eq!(for_first_player(Player::P2)(Score::Cp(35)), -35);
        assert_eq!(for_first_player(Player::P1)(Score::Cp(90_000)), SCORE_CLAMP);
        assert_eq!(for_first_player(Player::P2)(Score::Win(3)), -(DECIDED_SCORE - 3));
        assert_eq!(for_first_player(Player::P2)(Score::Loss(2)), DECIDED_SCORE - 2);
    }
}
