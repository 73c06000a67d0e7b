//! Who watches a tournament over the lobby socket (`GET /api/lobby/ws`),
//! and telling them when it changed.
//!
//! A page of a tournament (its page, or a game of it) asks the lobby
//! socket to watch the tournament; the list of tournaments asks to watch
//! them all. Every instance looks at each tournament not finished every
//! tick (see `features::tournaments`) and tells its watchers here when
//! what they see changed (players, scores, pairings, results, status,
//! chat) — whichever instance changed it — so that their pages fetch it
//! again, as lichess's tournament socket says "reload". Requests served
//! here (joining, chatting, …) tell at once.
//!
//! A signed-in player watching a tournament is there: an arena pairs only
//! its players who are (see `features::tournaments::presence`). The
//! watching connections are counted here per tournament and account.

use crate::store::StoredTournament;
use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::broadcast;

/// The tournaments watched here, and the news of their changes.
pub struct TournamentLive {
    news: broadcast::Sender<Arc<str>>,
    watching: Mutex<HashMap<(String, String), usize>>,
    seen: Mutex<HashMap<String, u64>>,
}

impl Default for TournamentLive {
    fn default() -> TournamentLive {
        TournamentLive {
            news: broadcast::Sender::new(256),
            watching: Mutex::new(HashMap::new()),
            seen: Mutex::new(HashMap::new()),
        }
    }
}

/// What a tournament's watchers see of `stored`, hashed: its status and
/// winner, its players' scores and pauses, its games and their results,
/// its rounds and its chat — not the moves of its games.
#[must_use]
pub fn fingerprint(stored: &StoredTournament) -> u64 {
    let mut hasher = DefaultHasher::new();
    let row = &stored.row;
    (&row.status, &row.winner_id, row.version, row.starts_ms).hash(&mut hasher);
    for p in &stored.players {
        (&p.account_id, p.withdrawn, p.away, p.score, p.streak).hash(&mut hasher);
    }
    for g in &stored.games {
        (&g.game_id, g.result.is_some(), g.scored_ms).hash(&mut hasher);
    }
    stored.rounds.len().hash(&mut hasher);
    for c in &stored.chat {
        (&c.account_id, c.sent_ms).hash(&mut hasher);
    }
    hasher.finish()
}

impl TournamentLive {
    /// The changes told from now on (each a tournament's id).
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.news.subscribe()
    }

    /// Tells this instance's watchers that the tournament `id` changed.
    pub fn changed(&self, id: &str) {
        let _ = self.news.send(Arc::from(id));
    }

    /// Notes what the tournament `stored` looks like now, and tells its
    /// watchers when it differs from the last look here.
    pub fn look(&self, stored: &StoredTournament) {
        let print = fingerprint(stored);
        let before =
            self.seen.lock().unwrap_or_else(PoisonError::into_inner).insert(stored.row.id.clone(), print);
        if before.is_some_and(|before| before != print) {
            self.changed(&stored.row.id);
        }
    }

    /// Forgets the looks at the tournaments not among `active` (finished
    /// ones are not looked at again).
    pub fn keep_only(&self, active: &[String]) {
        self.seen.lock().unwrap_or_else(PoisonError::into_inner).retain(|id, _| active.contains(id));
    }

    /// Counts a connection of `account_id` watching `tournament` in
    /// (`opened`) or out; true when it was its first or last one here.
    pub fn count(&self, tournament: &str, account_id: &str, opened: bool) -> bool {
        let mut watching = self.watching.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (tournament.to_owned(), account_id.to_owned());
        if opened {
            let count = watching.entry(key).or_insert(0);
            *count += 1;
            *count == 1
        } else {
            let Some(count) = watching.get_mut(&key) else { return false };
            *count -= 1;
            let last = *count == 0;
            if last {
                watching.remove(&key);
            }
            last
        }
    }

    /// Every tournament and account watched here, as `(tournament,
    /// account)`.
    pub fn watched(&self) -> Vec<(String, String)> {
        self.watching.lock().unwrap_or_else(PoisonError::into_inner).keys().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_and_last_watcher_of_a_player_are_told() {
        let live = TournamentLive::default();
        assert!(live.count("t", "a", true));
        assert!(!live.count("t", "a", true));
        assert!(live.count("u", "a", true), "another tournament counts apart");
        assert!(!live.count("t", "a", false));
        assert_eq!(live.watched().len(), 2);
        assert!(live.count("t", "a", false));
        assert!(!live.count("t", "a", false), "nobody left to count out");
        assert_eq!(live.watched(), vec![("u".to_owned(), "a".to_owned())]);
    }
}
