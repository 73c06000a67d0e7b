//! Reading tournaments: their phase, an arena's standings counted from its
//! scored games, and the replies of the list and of one tournament's page
//! (a Swiss's part from [`super::swiss_view`]).

use crate::contract::accounts::ProfileTournament;
use crate::contract::common::Names;
use crate::contract::tournaments::{
    ArenaBots, SheetGame, StandingLine, TournamentChatLine, TournamentGame, TournamentGames, TournamentKind,
    TournamentMe, TournamentReply, TournamentStatus, TournamentSummary, TournamentsReply,
};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::store::{StoredTournament, TournamentGameRow, TournamentRow};
use game::text;
use std::collections::HashMap;
use tournament::arena::{ArenaPlayer, ArenaStanding, StreakScorer, standings};
use tournament::{Outcome, PlayedGame, PlayerId};

/// How many finished games the page lists.
const RECENT_GAMES: usize = 20;

/// Where a tournament is at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before its start.
    Upcoming,
    /// Between its start and its end: pairing.
    Running,
    /// After an arena's end time, not yet finished: its last games are
    /// played (a Swiss has no end time: it runs until its last round ends).
    Ending,
    /// Finished.
    Finished,
}

/// The phase of `row` at `now` (ms since the epoch): by its status and
/// its times, so that an arena is never paired after its end even before
/// a tick has moved its status.
pub fn phase(row: &TournamentRow, now: i64) -> Phase {
    let swiss = is_swiss(row);
    match row.status.as_str() {
        "finished" => Phase::Finished,
        _ if !swiss && now >= row.starts_ms + row.duration_ms => Phase::Ending,
        _ if now >= row.starts_ms => Phase::Running,
        _ => Phase::Upcoming,
    }
}

/// The tournament `id`; 404 when there is none.
pub async fn load(app: &App, id: &str) -> Result<StoredTournament, DomainError> {
    app.read(|db| db.tournament(id))
        .await?
        .ok_or_else(|| DomainError::not_found(text!("no tournament {id}", "kein Turnier {id}")))
}

/// White's outcome of a scored game, `None` for one without a result.
pub fn white_outcome(text: &str) -> Option<Outcome> {
    match text {
        "win" => Some(Outcome::Win),
        "draw" => Some(Outcome::Draw),
        "loss" => Some(Outcome::Loss),
        _ => None,
    }
}

/// The stored text of white's outcome of a game with result `result`
/// (`1-0`, `0-1`, `1/2-1/2`; anything else ended without one).
pub fn outcome_text(result: &str) -> &'static str {
    match result {
        "1-0" => "win",
        "0-1" => "loss",
        "1/2-1/2" => "draw",
        _ => "none",
    }
}

/// An arena's standings as its scored games give them.
pub struct Counted {
    /// The standings, first place first; the players by their index in
    /// the stored players.
    pub lines: Vec<ArenaStanding>,
    /// The scored games with a result, in the order they were scored.
    pub played: Vec<PlayedGame>,
    /// Each player's sheet (points and doubling of each game) and wins in
    /// a row, by index.
    pub sheets: Vec<(Vec<SheetGame>, u32)>,
    /// The index of each account.
    pub index: HashMap<String, PlayerId>,
}

/// Counts the standings of `stored`.
pub fn count(stored: &StoredTournament) -> Counted {
    let index: HashMap<String, PlayerId> =
        stored.players.iter().enumerate().map(|(i, p)| (p.account_id.clone(), PlayerId(i as u32))).collect();
    let players: Vec<ArenaPlayer> = stored
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| ArenaPlayer { id: PlayerId(i as u32), rating: p.rating.round().max(0.0) as u32 })
        .collect();
    let mut scored: Vec<&TournamentGameRow> = stored.games.iter().filter(|g| g.scored_ms.is_some()).collect();
    scored.sort_by_key(|g| (g.scored_ms, g.paired_ms));
    let played: Vec<PlayedGame> = scored
        .iter()
        .filter_map(|g| {
            let outcome = white_outcome(g.white_outcome.as_deref()?)?;
            Some(PlayedGame {
                white: *index.get(&g.white_id)?,
                black: *index.get(&g.black_id)?,
                white_outcome: outcome,
            })
        })
        .collect();
    let sheets = players
        .iter()
        .map(|player| {
            let mut scorer = StreakScorer::default();
            let sheet = played
                .iter()
                .filter_map(|game| game.outcome_for(player.id))
                .map(|outcome| {
                    let doubled = scorer.on_fire();
                    SheetGame { points: scorer.add(outcome), doubled }
                })
                .collect();
            (sheet, scorer.wins_in_a_row)
        })
        .collect();
    Counted { lines: standings(&players, &played), played, sheets, index }
}

/// The accounts playing a running game of `stored`.
pub fn playing(stored: &StoredTournament) -> Vec<&str> {
    stored
        .games
        .iter()
        .filter(|g| g.result.is_none())
        .flat_map(|g| [g.white_id.as_str(), g.black_id.as_str()])
        .collect()
}

/// A clock as `"3+2"`: minutes (with a fraction for seconds) + seconds;
/// empty for correspondence games (days per move instead).
fn clock_text(row: &TournamentRow) -> String {
    let (initial, increment) = row.clock;
    match row.days_per_move {
        Some(_) => String::new(),
        None => format!("{}+{}", initial as f64 / 60_000.0, increment as f64 / 1000.0),
    }
}

/// Whether `row` is a Swiss.
pub fn is_swiss(row: &TournamentRow) -> bool {
    row.kind == TournamentKind::Swiss.word()
}

/// How the list and the page show `row` at `now`.
fn summary(app: &App, row: &TournamentRow, now: i64) -> TournamentSummary {
    let title = app
        .registry
        .get(&row.game)
        .map(|entry| Names { en: entry.title.en.to_owned(), de: entry.title.de.to_owned() })
        .unwrap_or_else(|_| Names { en: row.game.clone(), de: row.game.clone() });
    TournamentSummary {
        id: row.id.clone(),
        kind: row.kind.clone(),
        name: row.name.clone(),
        game: row.game.clone(),
        title,
        clock: clock_text(row),
        days_per_move: row.days_per_move,
        rounds: is_swiss(row).then_some(row.rounds),
        rated: row.rated,
        bots: ArenaBots::parse(&row.bots).unwrap_or_default(),
        min_rating: row.rating_range.0,
        max_rating: row.rating_range.1,
        starts_ms: row.starts_ms,
        ends_ms: row.starts_ms + row.duration_ms,
        status: match phase(row, now) {
            Phase::Upcoming => TournamentStatus::Upcoming,
            Phase::Running => TournamentStatus::Running,
            Phase::Ending => TournamentStatus::Ending,
            Phase::Finished => TournamentStatus::Finished,
        },
        created_by: row.created_by_name.clone(),
        players: row.player_count,
        winner: row.winner_name.clone(),
    }
}

/// How many tournaments a profile lists.
pub const PROFILE_TOURNAMENTS: usize = 10;

/// The latest tournaments `account_id` joined (see [`PROFILE_TOURNAMENTS`]),
/// the latest start first, each with the account's place, points and games
/// as its standings give them.
pub async fn joined_by(app: &App, account_id: &str) -> Result<Vec<ProfileTournament>, DomainError> {
    let tournaments = app.read(|db| db.joined_tournaments(account_id, PROFILE_TOURNAMENTS)).await?;
    let now = now_ms();
    let mut joined = Vec::with_capacity(tournaments.len());
    for stored in &tournaments {
        if is_swiss(&stored.row) {
            if let Some((place, points, games)) = super::swiss_view::place_of(stored, account_id) {
                let tournament = summary(app, &stored.row, now);
                joined.push(ProfileTournament { tournament, place, points, games });
            }
            continue;
        }
        let counted = count(stored);
        let Some(player) = counted.index.get(account_id) else { continue };
        let Some(place) = counted.lines.iter().position(|line| line.player == *player) else { continue };
        let line = &counted.lines[place];
        joined.push(ProfileTournament {
            tournament: summary(app, &stored.row, now),
            place: place + 1,
            points: line.points,
            games: line.games,
        });
    }
    Ok(joined)
}

/// `GET /api/tournaments`: the tournaments by status.
pub async fn list(app: &App) -> Result<TournamentsReply, DomainError> {
    let rows = app.read(|db| db.tournaments()).await?;
    let now = now_ms();
    let mut reply = TournamentsReply {
        upcoming: Vec::new(),
        running: Vec::new(),
        finished: Vec::new(),
        shortest_arena_minutes: app.patience.shortest_arena_minutes,
    };
    for row in &rows {
        let line = summary(app, row, now);
        match line.status {
            TournamentStatus::Upcoming => reply.upcoming.push(line),
            TournamentStatus::Running | TournamentStatus::Ending => reply.running.push(line),
            TournamentStatus::Finished => reply.finished.push(line),
        }
    }
    reply.upcoming.reverse();
    Ok(reply)
}

/// `GET /api/tournaments/{id}`: the tournament's page as `account` (if
/// signed in) sees it.
pub async fn details(app: &App, id: &str, account: Option<&Account>) -> Result<TournamentReply, DomainError> {
    let stored = load(app, id).await?;
    let now = now_ms();
    let swiss = is_swiss(&stored.row);
    let standings = if swiss { Vec::new() } else { arena_standings(&stored) };
    let game_of = game_namer(&stored);
    let running = stored.games.iter().filter(|g| g.result.is_none()).map(&game_of).collect();
    let recent = finished_in_order(&stored).into_iter().rev().take(RECENT_GAMES).map(&game_of).collect();
    let me = account.map(|account| TournamentMe {
        joined: stored.players.iter().any(|p| p.account_id == account.id && !p.withdrawn),
        game: stored
            .games
            .iter()
            .find(|g| g.result.is_none() && (g.white_id == account.id || g.black_id == account.id))
            .map(|g| g.game_id.clone()),
    });
    let muted = match account {
        Some(account) => app.read(|db| db.muted(&account.id)).await?,
        None => Vec::new(),
    };
    let chat = stored
        .chat
        .iter()
        .filter(|line| !muted.contains(&line.name))
        .map(|line| TournamentChatLine {
            name: line.name.clone(),
            text: line.body.clone(),
            sent_ms: line.sent_ms,
        })
        .collect();
    Ok(TournamentReply {
        tournament: summary(app, &stored.row, now),
        standings,
        running,
        recent,
        chat,
        me,
        swiss: swiss.then(|| super::swiss_view::part(&stored, &game_of)),
        now_ms: now,
    })
}

/// An arena's standings with each player's sheet.
fn arena_standings(stored: &StoredTournament) -> Vec<StandingLine> {
    let counted = count(stored);
    let busy = playing(stored);
    counted
        .lines
        .iter()
        .enumerate()
        .map(|(place, line)| {
            let i = line.player.0 as usize;
            let player = &stored.players[i];
            StandingLine {
                rank: place + 1,
                name: player.account_name.clone(),
                rating: player.rating.round(),
                points: line.points,
                games: line.games,
                wins: line.wins,
                on_fire: line.on_fire,
                sheet: counted.sheets[i].0.clone(),
                performance: line.performance,
                withdrawn: player.withdrawn,
                away: player.away,
                playing: busy.contains(&player.account_id.as_str()),
            }
        })
        .collect()
}

/// `GET /api/tournaments/{id}/games`: every game of the arena, the finished
/// ones in the order they were scored (the order the standings count
/// them), then the running ones; 404 for an unknown arena.
pub async fn games(app: &App, id: &str) -> Result<TournamentGames, DomainError> {
    let stored = load(app, id).await?;
    let game_of = game_namer(&stored);
    let finished = finished_in_order(&stored).into_iter().map(&game_of);
    let running = stored.games.iter().filter(|g| g.result.is_none()).map(&game_of);
    Ok(TournamentGames { games: finished.chain(running).collect() })
}

/// The finished games of an arena, the first scored first.
fn finished_in_order(stored: &StoredTournament) -> Vec<&TournamentGameRow> {
    let mut finished: Vec<&TournamentGameRow> = stored.games.iter().filter(|g| g.result.is_some()).collect();
    finished.sort_by_key(|g| (g.scored_ms.unwrap_or(i64::MAX), g.paired_ms));
    finished
}

/// A game of the tournament with its players' names.
pub fn game_namer(stored: &StoredTournament) -> impl Fn(&TournamentGameRow) -> TournamentGame + '_ {
    let name: HashMap<&str, &str> =
        stored.players.iter().map(|p| (p.account_id.as_str(), p.account_name.as_str())).collect();
    move |g: &TournamentGameRow| TournamentGame {
        id: g.game_id.clone(),
        white: name.get(g.white_id.as_str()).copied().unwrap_or_default().to_owned(),
        black: name.get(g.black_id.as_str()).copied().unwrap_or_default().to_owned(),
        result: g.result.clone(),
    }
}
