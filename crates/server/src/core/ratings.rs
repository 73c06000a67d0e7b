//! Rating rated games when they end: both accounts' Glicko-2 ratings of
//! the game are updated in the transaction that stores the result, so
//! that a game is rated exactly once (a game ends once: its result is
//! written against its version, see [`crate::store::Op::Bump`]).
//!
//! Within one server instance a mutex lets one game's end at a time read
//! and write ratings. Across instances (PostgreSQL) every rating written is
//! checked against the one it was computed from ([`Op::PutRating`]): of two
//! games of one account ending at the same moment through two servers,
//! the later is refused (409, nothing changed) and its player repeats the
//! move, so no rating update is lost.
//!
//! A game is rated when it was created rated (which needs a clock or days
//! per move and an account at each seat) and did not end as abandoned or
//! aborted. Correspondence games count for a rating of their own
//! ([`crate::core::correspondence::rating_key`]).

use crate::core::error::DomainError;
use crate::core::rating::{Glicko, after_game};
use crate::core::storage::error_of;
use crate::core::table::Table;
use crate::store::{Op, RatingRow, Store};
use game::{GameResult, Outcome, Player};
use std::future::Future;
use tokio::sync::{Mutex, MutexGuard};

/// The rating of a game's end, to be committed with its result.
pub struct Rated<'a> {
    /// The ops that store the new ratings and the seats' before and after.
    pub ops: Vec<Op>,
    /// P1's and P2's ratings before and after.
    changes: [(f64, f64); 2],
    /// Held until the ops are committed: ratings are read and written by
    /// one game's end at a time (in this server instance).
    _turn: MutexGuard<'a, ()>,
}

impl Rated<'_> {
    /// Shows the committed change in the table's seats.
    pub fn apply(self, table: &mut Table) {
        for player in Player::BOTH {
            if let Some(account) = table.seats[player.index()].account.as_mut() {
                let (before, after) = self.changes[player.index()];
                account.rating_before = Some(before);
                account.rating_after = Some(after);
            }
        }
    }
}

/// P1's score of an outcome.
fn first_score(outcome: Outcome) -> f64 {
    match outcome.result {
        GameResult::Win(Player::P1) => 1.0,
        GameResult::Win(Player::P2) => 0.0,
        GameResult::Draw => 0.5,
    }
}

/// The rating of `table`'s game ending with `outcome`, if it is rated
/// (the table is read before anything is awaited), reading the ratings
/// from `store` while holding `turn` (one game's end at a time).
pub fn rate<'a>(
    store: &'a Store,
    turn: &'a Mutex<()>,
    table: &Table,
    outcome: Outcome,
) -> impl Future<Output = Result<Option<Rated<'a>>, DomainError>> + Send + 'a {
    let accounts = table.seats.clone().map(|seat| seat.account);
    let rated = table.rated && outcome.has_result();
    let (id, key) = (table.id.clone(), table.rating_key());
    async move {
        let ([Some(first), Some(second)], true) = (accounts, rated) else {
            return Ok(None);
        };
        let turn = turn.lock().await;
        let key = &key;
        let read = |account_id: String| async move {
            let row = store.rating(&account_id, key).await.map_err(error_of)?;
            let start = Glicko::default();
            Ok::<_, DomainError>(row.unwrap_or(RatingRow {
                account_id,
                game: key.clone(),
                rating: start.rating,
                deviation: start.deviation,
                volatility: start.volatility,
                games: 0,
            }))
        };
        let (first, second) = (read(first.id).await?, read(second.id).await?);
        let (first_after, second_after) =
            after_game(Glicko::of(&first), Glicko::of(&second), first_score(outcome));
        let changes = [(first.rating, first_after.rating), (second.rating, second_after.rating)];
        let mut ops = Vec::new();
        for (player, (row, after)) in
            Player::BOTH.into_iter().zip([(first, first_after), (second, second_after)])
        {
            ops.push(Op::SetSeatRatings {
                game: id.clone(),
                seat: player,
                before: row.rating,
                after: after.rating,
            });
            ops.push(Op::PutRating(RatingRow {
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                games: row.games + 1,
                ..row
            }));
        }
        Ok(Some(Rated { ops, changes, _turn: turn }))
    }
}
