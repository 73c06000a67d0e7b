//! A league's replies: the list of every game's league, one league's page
//! (its season's divisions with their tables and games, and the season
//! open for sign-up), and signing up and leaving.

use crate::contract::leagues::{
    LEAGUE_DAYS_PER_MOVE, LeagueDivision, LeagueGame, LeagueMe, LeagueReply, LeagueSeason, LeagueSignup,
    LeagueStatus, LeagueSummary, LeagueTableLine, LeaguesReply,
};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::bots::is_bot;
use crate::features::leagues::divisions::{division_tables, zone};
use crate::features::leagues::season::{load, signup_period_ms};
use crate::store::{LeagueSeasonRow, Op, StoredLeagueSeason};
use game::text;
use std::collections::HashMap;

/// The game's registered name, 404 for a game the server does not have.
fn game_name(app: &App, game: &str) -> Result<&'static str, DomainError> {
    app.registry.get(game).map(|entry| entry.name).map_err(|_| {
        DomainError::not_found(text!(
            "there is no league of the game '{game}'",
            "es gibt keine Liga des Spiels „{game}“"
        ))
    })
}

/// A stored status.
fn status(text: &str) -> LeagueStatus {
    match text {
        "running" => LeagueStatus::Running,
        "finished" => LeagueStatus::Finished,
        _ => LeagueStatus::Signup,
    }
}

/// `GET /api/leagues`: every registered game's league, with its running
/// season and the season open for sign-up.
pub async fn list(app: &App) -> Result<LeaguesReply, DomainError> {
    let seasons = app.read(|db| db.league_seasons(None)).await?;
    let leagues = app
        .registry
        .entries()
        .iter()
        .map(|entry| {
            let of = |status: &str| seasons.iter().find(|s| s.game == entry.name && s.status == status);
            let running = of("running");
            let signup = of("signup");
            LeagueSummary {
                game: entry.name.to_owned(),
                running: running.map(|s| s.season),
                playing: running.map_or(0, |s| s.members),
                signup: signup.map(|s| s.season),
                starts_ms: signup.and_then(|s| s.starts_ms),
                signed_up: signup.map_or(0, |s| s.members),
            }
        })
        .collect();
    Ok(LeaguesReply { leagues, days_per_move: LEAGUE_DAYS_PER_MOVE })
}

/// The divisions of a season that started, with their tables and games.
fn divisions(stored: &StoredLeagueSeason) -> Vec<LeagueDivision> {
    let names: HashMap<&str, &str> =
        stored.members.iter().map(|m| (m.account_id.as_str(), m.name.as_str())).collect();
    let name = |account: &str| names.get(account).map_or_else(String::new, |name| (*name).to_owned());
    let divisions = division_tables(stored);
    let count = divisions.len();
    divisions
        .iter()
        .enumerate()
        .map(|(division, part)| {
            let table = part
                .lines
                .iter()
                .enumerate()
                .map(|(place, line)| LeagueTableLine {
                    place: place as u32 + 1,
                    name: name(part.players[line.player.0 as usize]),
                    played: line.played,
                    wins: line.wins,
                    draws: line.draws,
                    losses: line.losses,
                    points: f64::from(line.half_points) / 2.0,
                    head_to_head: f64::from(line.head_to_head) / 2.0,
                    sonneborn_berger: f64::from(line.sonneborn_berger) / 4.0,
                    zone: zone(division, count, part.players.len(), place),
                })
                .collect();
            let games = part
                .games
                .iter()
                .map(|g| LeagueGame {
                    id: g.game_id.clone(),
                    round: g.round,
                    white: name(&g.white_id),
                    black: name(&g.black_id),
                    result: g.result.clone(),
                })
                .collect();
            LeagueDivision { number: division as u32 + 1, table, games }
        })
        .collect()
}

/// `GET /api/leagues/{game}`: the league of `game` as `viewer` sees it:
/// its running season, or else the last finished one, and the season
/// open for sign-up. 404 for a game the server does not have.
pub async fn details(app: &App, game: &str, viewer: Option<&Account>) -> Result<LeagueReply, DomainError> {
    let game = game_name(app, game)?;
    let seasons = app.read(|db| db.league_seasons(Some(game))).await?;
    let shown = seasons.iter().rev().find(|s| s.status == "running" || s.status == "finished");
    let shown = match shown {
        Some(row) => load(app, game, row.season).await?,
        None => None,
    };
    let signup = match seasons.iter().find(|s| s.status == "signup") {
        Some(row) => load(app, game, row.season).await?,
        None => None,
    };
    let me = viewer.map(|account| LeagueMe {
        signed_up: signup.as_ref().is_some_and(|s| s.members.iter().any(|m| m.account_id == account.id)),
        division: shown.as_ref().and_then(|s| {
            s.members.iter().find(|m| m.account_id == account.id).and_then(|m| m.division).map(|d| d + 1)
        }),
    });
    Ok(LeagueReply {
        game: game.to_owned(),
        days_per_move: LEAGUE_DAYS_PER_MOVE,
        signup_period_ms: signup_period_ms(app),
        season: shown.map(|s| LeagueSeason {
            number: s.row.season,
            status: status(&s.row.status),
            started_ms: s.row.starts_ms,
            divisions: divisions(&s),
        }),
        signup: signup.map(|s| {
            let mut members: Vec<_> = s.members.iter().collect();
            members.sort_by_key(|m| (m.division.is_none(), m.division, m.seed, m.joined_ms));
            LeagueSignup {
                number: s.row.season,
                starts_ms: s.row.starts_ms,
                players: members.iter().map(|m| m.name.clone()).collect(),
            }
        }),
        me,
    })
}

/// The season of the league of `game` open for sign-up, as read.
async fn signup_season(app: &App, game: &str) -> Result<Option<LeagueSeasonRow>, DomainError> {
    let seasons = app.read(|db| db.league_seasons(Some(game))).await?;
    Ok(seasons.into_iter().find(|s| s.status == "signup"))
}

/// The reply when a season started while one signed up or left.
fn started() -> DomainError {
    DomainError::conflict(text!(
        "the season has just started: try again for the next one",
        "die Saison hat eben begonnen: versuch es für die nächste noch einmal"
    ))
}

/// `POST /api/leagues/{game}/join`: `account` signs up for the next
/// season of the league of `game` (nothing when it has already). 403 for
/// a bot account: leagues are for people. 404 for an unknown game.
pub async fn join(app: &App, account: &Account, game: &str) -> Result<LeagueReply, DomainError> {
    let game = game_name(app, game)?;
    if is_bot(app, &account.id).await? {
        return Err(DomainError::forbidden(text!(
            "leagues are for people: bot accounts cannot sign up",
            "Ligen sind für Menschen: Bot-Konten können sich nicht anmelden"
        )));
    }
    let now = now_ms();
    let mut ops = Vec::new();
    let season = match signup_season(app, game).await? {
        Some(season) => season.season,
        None => {
            // The league's first tick has not opened it yet.
            let starts_ms = Some(now + signup_period_ms(app));
            ops.push(Op::OpenLeagueSeason { game: game.to_owned(), season: 1, starts_ms });
            1
        }
    };
    ops.push(Op::JoinLeague {
        game: game.to_owned(),
        season,
        account_id: account.id.clone(),
        joined_ms: now,
    });
    app.write_or(ops, started).await?;
    details(app, game, Some(account)).await
}

/// `POST /api/leagues/{game}/leave`: `account` leaves the season of the
/// league of `game` open for sign-up (a player carried over may leave
/// too). 404 when it had not signed up; 409 when the season started
/// meanwhile.
pub async fn leave(app: &App, account: &Account, game: &str) -> Result<LeagueReply, DomainError> {
    let game = game_name(app, game)?;
    let not_signed_up = || {
        DomainError::not_found(text!(
            "you have not signed up for the next season",
            "du hast dich nicht für die nächste Saison angemeldet"
        ))
    };
    let Some(season) = signup_season(app, game).await? else { return Err(not_signed_up()) };
    let signed_up = load(app, game, season.season)
        .await?
        .is_some_and(|s| s.members.iter().any(|m| m.account_id == account.id));
    if !signed_up {
        return Err(not_signed_up());
    }
    let op = Op::LeaveLeague { game: game.to_owned(), season: season.season, account_id: account.id.clone() };
    app.write_or(vec![op], started).await?;
    details(app, game, Some(account)).await
}
