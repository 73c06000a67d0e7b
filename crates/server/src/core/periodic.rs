//! The server's periodic chores (pairing the pools, the lobby heartbeat,
//! ending abandoned games, deleting old challenges): one loop that runs a
//! chore at a fixed period until the server stops or goes away.

use crate::core::app::App;
use std::future::Future;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// Runs `chore` now and every `period` (a late tick is delayed, not
/// caught up) until the server stops or is dropped; a stop ends the wait
/// at once, a chore under way is finished first.
pub async fn every<F, Fut>(app: Weak<App>, period: Duration, mut chore: F)
where
    F: FnMut(Arc<App>) -> Fut,
    Fut: Future<Output = ()>,
{
    let Some(mut stopping) = app.upgrade().map(|app| app.stopping.subscribe()) else {
        return;
    };
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            changed = stopping.changed() => {
                if changed.is_err() || *stopping.borrow_and_update() {
                    return;
                }
            }
            _ = ticks.tick() => {
                let Some(app) = app.upgrade() else { return };
                chore(app).await;
            }
        }
    }
}
