//! An arena's work at each tick: start it, score its finished games, pair
//! its waiting players, and finish it once its time is up and its last
//! game ended.

use crate::contract::tournaments::RESULT_PAUSE_MS;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::setup::{game_between, start_paired};
use crate::features::tournaments::view::{Phase, count, load, outcome_text, phase, playing};
use crate::store::{Op, StoredTournament, TermsRow};
use game::Player;
use std::sync::Arc;
use tournament::PlayerId;
use tournament::arena::pair_waiting;

/// How long two players who just played each other wait for somebody
/// else to finish a game before they are paired again with each other,
/// ms.
pub const REMATCH_WAIT_MS: i64 = 20_000;

/// Whether `who` rests after a game of `stored` scored less than
/// [`RESULT_PAUSE_MS`] before `now`.
fn resting(stored: &StoredTournament, who: &str, now: i64) -> bool {
    stored
        .games
        .iter()
        .filter(|g| g.white_id == who || g.black_id == who)
        .filter_map(|g| g.scored_ms)
        .max()
        .is_some_and(|scored| now - scored < RESULT_PAUSE_MS)
}

/// Whether the board of `white` and `black` may be made now: not the two
/// who just played each other while others still play and they have
/// waited less than [`REMATCH_WAIT_MS`].
fn may_pair(stored: &StoredTournament, white: &str, black: &str, others_playing: bool, now: i64) -> bool {
    let last = |who: &str| {
        stored
            .games
            .iter()
            .filter(|g| g.white_id == who || g.black_id == who)
            .max_by_key(|g| (g.scored_ms, g.paired_ms))
    };
    let Some(game) = last(white) else { return true };
    let rematch = game.white_id == black || game.black_id == black;
    let waited = now - game.scored_ms.unwrap_or(now);
    !rematch || !others_playing || waited >= REMATCH_WAIT_MS
}

/// Moves the tournament from its status to `to` (with `winner_id`);
/// nothing when another instance did meanwhile.
pub async fn set_status(
    app: &App,
    stored: &StoredTournament,
    to: &str,
    winner_id: Option<String>,
) -> Result<(), DomainError> {
    let op = Op::SetTournamentStatus {
        id: stored.row.id.clone(),
        from: stored.row.status.clone(),
        to: to.to_owned(),
        winner_id,
    };
    if app.try_write(vec![op]).await? {
        app.tournament_live.changed(&stored.row.id);
    }
    Ok(())
}

/// Scores the games of `stored` that ended since the last tick, with the
/// players' new scores; a player whose game ended without a result while
/// it was to move is withdrawn. Returns whether anything was scored
/// (nothing when another instance scored them meanwhile).
async fn score(app: &App, stored: &mut StoredTournament) -> Result<bool, DomainError> {
    let now = now_ms();
    let mut ops = Vec::new();
    for game in stored.games.iter_mut().filter(|g| g.scored_ms.is_none()) {
        let Some(result) = &game.result else { continue };
        let outcome = outcome_text(result);
        ops.push(Op::ScoreTournamentGame {
            game_id: game.game_id.clone(),
            white_outcome: outcome.to_owned(),
            scored_ms: now,
        });
        if outcome == "none" {
            let absent = match game.to_move {
                Some(Player::P2) => &game.black_id,
                _ => &game.white_id,
            };
            ops.push(Op::WithdrawTournament {
                tournament_id: stored.row.id.clone(),
                account_id: absent.clone(),
            });
            for player in stored.players.iter_mut().filter(|p| &p.account_id == absent) {
                player.withdrawn = true;
            }
        }
        game.white_outcome = Some(outcome.to_owned());
        game.scored_ms = Some(now);
    }
    if ops.is_empty() {
        return Ok(false);
    }
    let counted = count(stored);
    for line in &counted.lines {
        let i = line.player.0 as usize;
        let player = &mut stored.players[i];
        player.score = line.points;
        player.streak = counted.sheets[i].1;
        ops.push(Op::SetTournamentScore {
            tournament_id: stored.row.id.clone(),
            account_id: player.account_id.clone(),
            score: player.score,
            streak: player.streak,
        });
    }
    app.try_write(ops).await
}

/// Pairs the players of `stored` who wait for a game: joined, not
/// withdrawn, there (not away from its pages, see
/// [`super::presence`]), not playing one of its games, not resting after one (see
/// [`resting`]; and [`may_pair`] for two who just played each other).
async fn pair(app: &Arc<App>, stored: &StoredTournament) -> Result<(), DomainError> {
    let busy = playing(stored);
    let counted = count(stored);
    let now = now_ms();
    let waiting: Vec<PlayerId> = stored
        .players
        .iter()
        .filter(|p| {
            !p.withdrawn
                && !p.away
                && !busy.contains(&p.account_id.as_str())
                && !resting(stored, &p.account_id, now)
        })
        .map(|p| counted.index[&p.account_id])
        .collect();
    if waiting.len() < 2 {
        return Ok(());
    }
    let row = &stored.row;
    let terms = TermsRow {
        game: row.game.clone(),
        options: "{}".to_owned(),
        clock: Some(row.clock),
        rated: row.rated,
        side: "p1".to_owned(),
        days_per_move: None,
        takebacks: false,
    };
    let mut version = row.version;
    for board in pair_waiting(&waiting, &counted.lines, &counted.played) {
        let [white, black] = [board.white, board.black].map(|id| &stored.players[id.0 as usize]);
        if !may_pair(stored, &white.account_id, &black.account_id, !busy.is_empty(), now) {
            continue;
        }
        let account = |p: &crate::store::TournamentPlayerRow| Account {
            id: p.account_id.clone(),
            name: p.account_name.clone(),
        };
        let (mut table, _) = game_between(app, &terms, &account(white), &account(black)).await?;
        table.tournament = Some(row.id.clone());
        table.tournament_kind = Some(row.kind.clone());
        let game = table.id.clone();
        let ops = vec![
            Op::LinkTournamentGame {
                game_id: game.clone(),
                tournament_id: row.id.clone(),
                white_id: white.account_id.clone(),
                black_id: black.account_id.clone(),
                paired_ms: now_ms(),
                round: None,
            },
            Op::BumpTournament { id: row.id.clone(), version },
        ];
        let players = [(white.account_id.as_str(), "p1"), (black.account_id.as_str(), "p2")];
        if !start_paired(app, table, ops, &players).await? {
            // Another instance paired meanwhile: the next tick reads again.
            return Ok(());
        }
        version += 1;
    }
    Ok(())
}

/// One tick of the arena `stored`.
pub async fn tick(app: &Arc<App>, mut stored: StoredTournament) -> Result<(), DomainError> {
    let id = &stored.row.id.clone();
    let now = now_ms();
    match phase(&stored.row, now) {
        Phase::Upcoming | Phase::Finished => Ok(()),
        Phase::Running => {
            if stored.row.status == "created" {
                set_status(app, &stored, "started", None).await?;
                stored = load(app, id).await?;
            }
            if score(app, &mut stored).await? {
                stored = load(app, id).await?;
            }
            pair(app, &stored).await
        }
        Phase::Ending => {
            score(app, &mut stored).await?;
            if stored.games.iter().any(|g| g.result.is_none()) {
                return Ok(());
            }
            let stored = load(app, id).await?;
            if stored.games.iter().any(|g| g.scored_ms.is_none()) {
                return Ok(());
            }
            let counted = count(&stored);
            let winner = counted
                .lines
                .first()
                .filter(|line| line.games > 0)
                .map(|line| stored.players[line.player.0 as usize].account_id.clone());
            set_status(app, &stored, "finished", winner).await
        }
    }
}
