//! Correspondence games from the outside: the deadlines enforced in the
//! background, and the signed-in account's "your turn" list.
//!
//! [`enforce_deadlines`] reads the stored deadlines (see
//! [`crate::core::correspondence`]): it ends the games whose side to move
//! ran out of days, then sleeps until the next deadline — at most a
//! minute, and at most a correspondence day, so that a deadline set
//! meanwhile (at least a day ahead) or by another server instance is never
//! missed. After a restart the first look ends the games whose deadline
//! passed while the server was down. Every instance on a shared database
//! looks; of two ending one game, one succeeds and the other is refused
//! (the game's version moved on).
//!
//! `GET /api/games/your-turn`: `{"games": [...]}`, the running games
//! between people in which the signed-in account is to move, the earliest
//! deadline first (401 when signed out).

use crate::contract::accounts::{TurnGame, YourTurnReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::game_names::{side, titles};
use crate::store::TurnRow;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// The longest sleep between two looks at the deadlines.
const LOOK_EVERY: Duration = Duration::from_secs(60);
/// The shortest sleep: when games were due (more may be), or a look failed.
const LOOK_AGAIN: Duration = Duration::from_millis(50);
/// The sleep after a look that failed.
const AFTER_FAILURE: Duration = Duration::from_secs(1);

/// Ends the games whose deadline passed, now and whenever the next one
/// passes (see the module doc), until the server stops.
pub async fn enforce_deadlines(app: Weak<App>) {
    let Some(mut stopping) = app.upgrade().map(|app| app.stopping.subscribe()) else {
        return;
    };
    loop {
        let Some(strong) = app.upgrade() else { return };
        let wait = look(&strong).await;
        drop(strong);
        tokio::select! {
            changed = stopping.changed() => {
                if changed.is_err() || *stopping.borrow_and_update() {
                    return;
                }
            }
            () = tokio::time::sleep(wait) => {}
        }
    }
}

/// Ends the games due now; returns how long to sleep until the next look.
async fn look(app: &Arc<App>) -> Duration {
    let now = now_ms();
    let (due, next) = match app.read(|db| db.deadlines(now)).await {
        Ok(found) => found,
        Err(error) => {
            tracing::error!(error = error.message.en, "reading the deadlines of correspondence games failed");
            return AFTER_FAILURE;
        }
    };
    if !due.is_empty() {
        let mut failed = false;
        for id in &due {
            if let Err(error) = end_if_due(app, id).await {
                tracing::warn!(
                    game = id,
                    error = error.message.en,
                    "correspondence deadline not enforced yet"
                );
                failed = true;
            }
        }
        return if failed { AFTER_FAILURE } else { LOOK_AGAIN };
    }
    let cap = LOOK_EVERY.min(Duration::from_millis(app.day_ms.unsigned_abs()));
    let until_next = next.map(|next| Duration::from_millis((next - now).max(0).unsigned_abs()));
    until_next.map_or(cap, |until| until.min(cap)).max(LOOK_AGAIN)
}

/// Ends the game `id` on time if its deadline passed (read again first: a
/// move may have come meanwhile).
async fn end_if_due(app: &Arc<App>, id: &str) -> Result<(), DomainError> {
    let slot = app.slot(id).await?;
    let mut table = slot.table.lock().await;
    app.sync(&slot, &mut table).await?;
    app.check_flag(&slot, &mut table).await.map(drop)
}

/// The running games between people in which `account` is to move, the
/// earliest deadline first.
pub async fn your_turn(app: &App, account: &Account) -> Result<YourTurnReply, DomainError> {
    let rows = app.read(|db| db.your_turn(&account.id)).await?;
    let mut games = Vec::with_capacity(rows.len());
    for row in &rows {
        games.push(turn_game(app, row, clock_left(app, row).await));
    }
    Ok(YourTurnReply { games })
}

/// The time the account's clock has left in a clock game held in memory.
async fn clock_left(app: &App, row: &TurnRow) -> Option<i64> {
    let slot = app.loaded(&row.id)?;
    let table = slot.table.lock().await;
    let clock = table.clock.as_ref()?;
    Some(clock.left(row.seat, table.game.side_to_move(), Instant::now()).max(0))
}

/// A line of the "your turn" list: the game, the account's side, the
/// opponent and the time left (the correspondence deadline's, or a running
/// clock's when known).
fn turn_game(app: &App, row: &TurnRow, clock_left: Option<i64>) -> TurnGame {
    let (title, titles) = titles(app, &row.game);
    TurnGame {
        id: row.id.clone(),
        game: row.game.clone(),
        title,
        titles,
        seat: row.seat.into(),
        side: side(app, &row.game, row.seat),
        opponent_name: row.opponent.clone(),
        ply: row.ply,
        rated: row.rated,
        correspondence: row.days_per_move,
        deadline_ms: row.deadline_ms,
        left_ms: row.deadline_ms.map(|deadline| (deadline - now_ms()).max(0)).or(clock_left),
        updated_ms: row.updated_ms,
    }
}
