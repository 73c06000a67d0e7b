//! A Swiss's work at each tick: start it at its start time, score its
//! finished games, pair the next round once every game of the round
//! before has been scored (and [`RESULT_PAUSE_MS`] has passed since the
//! last), and finish it after its last round.
//!
//! A round is paired by [`tournament::swiss::pair_round`] among the
//! players joined and not withdrawn at that moment (a player who joins
//! late starts with no points); its games and its bye are written in one
//! write with the round's number, which the store takes once, so that of
//! two instances pairing at once only one does.

use crate::contract::tournaments::RESULT_PAUSE_MS;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::setup::{game_between, start_all_paired};
use crate::features::tournaments::arena::set_status;
use crate::features::tournaments::swiss_view::count;
use crate::features::tournaments::view::{load, outcome_text};
use crate::store::{Op, StoredTournament, TermsRow, TournamentPlayerRow};
use game::Player;
use std::sync::Arc;
use tournament::swiss::{SwissPlayer, pair_round};

/// White's stored outcome of a game of a Swiss that ended with `result`
/// and `to_move` to move: the result's, or for a game ended without one
/// (aborted or abandoned) a loss for the side that was to move, and who
/// that was.
fn scored_outcome(result: &str, to_move: Option<Player>) -> (&'static str, Option<Player>) {
    match outcome_text(result) {
        "none" => match to_move {
            Some(Player::P2) => ("win", Some(Player::P2)),
            _ => ("loss", Some(Player::P1)),
        },
        outcome => (outcome, None),
    }
}

/// Scores the games of `stored` that ended since the last tick; a player
/// who lost by not moving is withdrawn (it may join again). Returns
/// whether anything was scored (nothing when another instance scored
/// them meanwhile).
async fn score(app: &App, stored: &StoredTournament) -> Result<bool, DomainError> {
    let now = now_ms();
    let mut ops = Vec::new();
    for game in stored.games.iter().filter(|g| g.scored_ms.is_none()) {
        let Some(result) = &game.result else { continue };
        let (outcome, absent) = scored_outcome(result, game.to_move);
        ops.push(Op::ScoreTournamentGame {
            game_id: game.game_id.clone(),
            white_outcome: outcome.to_owned(),
            scored_ms: now,
        });
        let absent = match absent {
            Some(Player::P1) => Some(&game.white_id),
            Some(Player::P2) => Some(&game.black_id),
            None => None,
        };
        if let Some(absent) = absent {
            ops.push(Op::WithdrawTournament {
                tournament_id: stored.row.id.clone(),
                account_id: absent.clone(),
            });
        }
    }
    if ops.is_empty() {
        return Ok(false);
    }
    app.try_write(ops).await
}

/// Pairs round `number` of `stored` among its players not withdrawn and
/// starts its games. Nothing when another instance paired it meanwhile or
/// a player withdrew since `stored` was read.
async fn pair(app: &Arc<App>, stored: &StoredTournament, number: u32) -> Result<(), DomainError> {
    let counted = count(stored);
    let taking_part: Vec<SwissPlayer> =
        counted.players.iter().filter(|p| !stored.players[p.id.0 as usize].withdrawn).copied().collect();
    let pairing = pair_round(&taking_part, &counted.rounds);
    let row = &stored.row;
    let terms = TermsRow {
        game: row.game.clone(),
        options: "{}".to_owned(),
        clock: row.days_per_move.is_none().then_some(row.clock),
        rated: row.rated,
        side: "p1".to_owned(),
        days_per_move: row.days_per_move,
        takebacks: false,
    };
    let account =
        |p: &TournamentPlayerRow| Account { id: p.account_id.clone(), name: p.account_name.clone() };
    let now = now_ms();
    let seats: Vec<[(&str, &str); 2]> = pairing
        .boards
        .iter()
        .map(|pair| {
            let [white, black] =
                [pair.white, pair.black].map(|id| stored.players[id.0 as usize].account_id.as_str());
            [(white, "p1"), (black, "p2")]
        })
        .collect();
    let mut tables = Vec::new();
    let mut ops = Vec::new();
    for (board, pair) in pairing.boards.iter().enumerate() {
        let [white, black] = [pair.white, pair.black].map(|id| &stored.players[id.0 as usize]);
        let (mut table, _) = game_between(app, &terms, &account(white), &account(black)).await?;
        table.tournament = Some(row.id.clone());
        table.tournament_kind = Some(row.kind.clone());
        ops.push(Op::LinkTournamentGame {
            game_id: table.id.clone(),
            tournament_id: row.id.clone(),
            white_id: white.account_id.clone(),
            black_id: black.account_id.clone(),
            // A millisecond apart, so that the boards read in their order.
            paired_ms: now + board as i64,
            round: Some(number),
        });
        tables.push(table);
    }
    // Refused if a player withdrew since `stored` was read: the next tick
    // pairs the round without them.
    ops.push(Op::BumpTournament { id: row.id.clone(), version: row.version });
    ops.push(Op::PairSwissRound {
        tournament_id: row.id.clone(),
        round: number,
        paired_ms: now,
        bye_id: pairing.bye.map(|id| stored.players[id.0 as usize].account_id.clone()),
    });
    let games = tables.into_iter().zip(seats.iter().map(|players| &players[..])).collect();
    start_all_paired(app, games, ops).await.map(drop)
}

/// Finishes `stored` with the first of its standings as its winner (none
/// when nobody played).
async fn finish(app: &App, stored: &StoredTournament) -> Result<(), DomainError> {
    let counted = count(stored);
    let played = counted.rounds.iter().any(|round| !round.games.is_empty() || round.bye.is_some());
    let winner = counted
        .standings()
        .first()
        .filter(|_| played)
        .map(|line| stored.players[line.player.0 as usize].account_id.clone());
    set_status(app, stored, "finished", winner).await
}

/// One tick of the Swiss `stored` (not finished).
pub async fn tick(app: &Arc<App>, mut stored: StoredTournament) -> Result<(), DomainError> {
    let id = stored.row.id.clone();
    if now_ms() < stored.row.starts_ms {
        return Ok(());
    }
    if stored.row.status == "created" {
        set_status(app, &stored, "started", None).await?;
        stored = load(app, &id).await?;
    }
    if score(app, &stored).await? {
        stored = load(app, &id).await?;
    }
    let round = stored.rounds.len() as u32;
    let in_play = stored.games.iter().any(|g| g.round == Some(round) && g.scored_ms.is_none());
    if in_play {
        return Ok(());
    }
    let taking_part = stored.players.iter().filter(|p| !p.withdrawn).count();
    if round >= stored.row.rounds || taking_part < 2 {
        return finish(app, &stored).await;
    }
    let last_scored =
        stored.games.iter().filter(|g| g.round == Some(round)).filter_map(|g| g.scored_ms).max();
    if last_scored.is_some_and(|at| now_ms() - at < RESULT_PAUSE_MS) {
        return Ok(());
    }
    pair(app, &stored, round + 1).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_without_a_result_is_lost_by_the_side_to_move() {
        assert_eq!(scored_outcome("1-0", Some(Player::P2)), ("win", None));
        assert_eq!(scored_outcome("1/2-1/2", None), ("draw", None));
        assert_eq!(scored_outcome("0-1", Some(Player::P1)), ("loss", None));
        assert_eq!(scored_outcome("*", Some(Player::P2)), ("win", Some(Player::P2)), "black was absent");
        assert_eq!(scored_outcome("*", Some(Player::P1)), ("loss", Some(Player::P1)), "white was absent");
        assert_eq!(scored_outcome("*", None), ("loss", Some(Player::P1)));
    }
}
