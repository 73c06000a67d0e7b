//! A league's work at each tick: open its first season, start a season
//! at its start time (or move the start on while fewer than two signed
//! up), and finish a season once all its games have ended.

use crate::contract::leagues::{LEAGUE_DAYS_PER_MOVE, LEAGUE_MOVING};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::leagues::divisions::{division_tables, form_divisions};
use crate::features::setup::{game_between, start_all};
use crate::store::{GameLeagueRow, LeagueMemberRow, LeagueSeasonRow, Op, StoredLeagueSeason, TermsRow};
use std::sync::Arc;
use tournament::PlayerId;
use tournament::league::{next_season, round_robin};

/// The sign-up period, ms.
pub fn signup_period_ms(app: &App) -> i64 {
    i64::try_from(app.patience.league_signup.as_millis()).unwrap_or(i64::MAX)
}

/// Reads season `season` of the league of `game`.
pub async fn load(app: &App, game: &str, season: u32) -> Result<Option<StoredLeagueSeason>, DomainError> {
    app.read(|db| db.league_season(game, season)).await
}

/// Starts `stored` (in sign-up, its start time come, two or more signed
/// up): places everyone in a division, makes every game of every
/// division's double round robin at once, and opens the next season for
/// sign-up; all in one write, made once (the season's status moves from
/// sign-up to running only for the first instance). The players are not
/// sent to the games: they find them in their lists of games.
async fn start(app: &Arc<App>, stored: &StoredLeagueSeason) -> Result<(), DomainError> {
    let row = &stored.row;
    let terms = TermsRow {
        game: row.game.clone(),
        options: "{}".to_owned(),
        clock: None,
        rated: true,
        side: "p1".to_owned(),
        days_per_move: Some(LEAGUE_DAYS_PER_MOVE),
        takebacks: false,
    };
    let mut ops = vec![Op::SetLeagueStatus {
        game: row.game.clone(),
        season: row.season,
        from: "signup".to_owned(),
        to: "running".to_owned(),
    }];
    let account = |m: &LeagueMemberRow| Account { id: m.account_id.clone(), name: m.name.clone() };
    let mut tables = Vec::new();
    for (division, players) in form_divisions(&stored.members).iter().enumerate() {
        let division = division as u32;
        for &i in players {
            ops.push(Op::PlaceLeagueMember {
                game: row.game.clone(),
                season: row.season,
                account_id: stored.members[i].account_id.clone(),
                division,
            });
        }
        let ids: Vec<PlayerId> = (0..players.len() as u32).map(PlayerId).collect();
        for (round, games) in round_robin(&ids, true).iter().enumerate() {
            for &(white, black) in &games.games {
                let [white, black] = [white, black].map(|id| &stored.members[players[id.0 as usize]]);
                let (mut table, _) = game_between(app, &terms, &account(white), &account(black)).await?;
                table.league = Some(GameLeagueRow { game: row.game.clone(), season: row.season });
                ops.push(Op::LinkLeagueGame {
                    game_id: table.id.clone(),
                    game: row.game.clone(),
                    season: row.season,
                    division,
                    round: round as u32 + 1,
                    white_id: white.account_id.clone(),
                    black_id: black.account_id.clone(),
                });
                tables.push(table);
            }
        }
    }
    ops.push(Op::OpenLeagueSeason { game: row.game.clone(), season: row.season + 1, starts_ms: None });
    start_all(app, tables, ops).await.map(drop)
}

/// Finishes `stored` (running, every game ended): its final tables give
/// the next season's divisions by [`next_season`], whose players are
/// carried over into the season open for sign-up; that season starts a
/// sign-up period from now. Made once: the status moves from running to
/// finished only for the first instance.
async fn finish(app: &App, stored: &StoredLeagueSeason) -> Result<(), DomainError> {
    let row = &stored.row;
    let divisions = division_tables(stored);
    let mut orders: Vec<Vec<PlayerId>> = Vec::new();
    let mut accounts: Vec<&str> = Vec::new();
    for division in &divisions {
        let offset = accounts.len() as u32;
        orders.push(division.lines.iter().map(|line| PlayerId(offset + line.player.0)).collect());
        accounts.extend(&division.players);
    }
    let now = now_ms();
    let next = row.season + 1;
    let mut ops = vec![
        Op::SetLeagueStatus {
            game: row.game.clone(),
            season: row.season,
            from: "running".to_owned(),
            to: "finished".to_owned(),
        },
        Op::MoveLeagueStart {
            game: row.game.clone(),
            season: next,
            from_ms: None,
            to_ms: now + signup_period_ms(app),
        },
    ];
    for (division, players) in next_season(&orders, LEAGUE_MOVING).iter().enumerate() {
        for (seed, player) in players.iter().enumerate() {
            ops.push(Op::CarryLeagueMember {
                game: row.game.clone(),
                season: next,
                account_id: accounts[player.0 as usize].to_owned(),
                joined_ms: now,
                seed: seed as u32,
                division: division as u32,
            });
        }
    }
    app.try_write(ops).await.map(drop)
}

/// One tick of the league of `game`, whose seasons are `seasons` (the
/// first first): opens its first season, starts or postpones the season
/// in sign-up, finishes the running season.
pub async fn tick(app: &Arc<App>, game: &str, seasons: &[&LeagueSeasonRow]) -> Result<(), DomainError> {
    let now = now_ms();
    let period = signup_period_ms(app);
    if seasons.is_empty() {
        let op = Op::OpenLeagueSeason { game: game.to_owned(), season: 1, starts_ms: Some(now + period) };
        return app.write(vec![op]).await;
    }
    if let Some(running) = seasons.iter().find(|s| s.status == "running") {
        let Some(stored) = load(app, game, running.season).await? else { return Ok(()) };
        if stored.games.iter().all(|g| g.result.is_some()) {
            finish(app, &stored).await?;
        }
        return Ok(());
    }
    let Some(signup) = seasons.iter().find(|s| s.status == "signup") else { return Ok(()) };
    let move_start = |to_ms| Op::MoveLeagueStart {
        game: game.to_owned(),
        season: signup.season,
        from_ms: signup.starts_ms,
        to_ms,
    };
    match signup.starts_ms {
        None => app.try_write(vec![move_start(now + period)]).await.map(drop),
        Some(starts) if starts <= now && signup.members < 2 => {
            app.try_write(vec![move_start(now + period)]).await.map(drop)
        }
        Some(starts) if starts <= now => match load(app, game, signup.season).await? {
            Some(stored) if stored.row.status == "signup" && stored.members.len() >= 2 => {
                start(app, &stored).await
            }
            _ => Ok(()),
        },
        Some(_) => Ok(()),
    }
}
