//! `GET /api/players/{name}?game=&result=&page=`: a player's profile: the
//! Glicko-2 rating of every game they played rated, and their games, 20 a
//! page, the latest first, filtered by game and by result (`won`, `lost`,
//! `drawn`, `running`) — the games aborted before their second move only
//! with `aborted=true` —, and the latest tournaments they joined.
//!
//! `GET /api/players?prefix=` gives the names that start with a prefix
//! (any case), for the search's autocompletion.

use crate::contract::accounts::{
    PLAYER_NAMES, PlayerNames, PlayerProfile, ProfileGame, ProfileRating, ProfileResult,
};
use crate::contract::common::ClockSpec;
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::correspondence::split_rating_key;
use crate::core::error::DomainError;
use crate::core::rating::Glicko;
use crate::features::game_names::{side, titles};
use crate::store::{ProfileGameRow, ProfileQuery, RatingRow};
use game::{Outcome, text};
use serde::Deserialize;

/// Games per page of a profile.
pub const PAGE_SIZE: usize = 20;

/// The query of a profile.
#[derive(Debug, Default, Deserialize)]
pub struct ProfileParams {
    game: Option<String>,
    result: Option<String>,
    aborted: Option<String>,
    page: Option<String>,
}

/// The query of the names of players: what their name starts with.
#[derive(Debug, Default, Deserialize)]
pub struct NamesParams {
    prefix: Option<String>,
}

/// `GET /api/players?prefix=`: at most [`PLAYER_NAMES`] names that start
/// with the prefix, any case, in alphabetical order; none for a blank
/// prefix or one no name can start with.
pub async fn names(app: &App, params: &NamesParams) -> Result<PlayerNames, DomainError> {
    let prefix = params.prefix.as_deref().unwrap_or("").trim();
    let possible = prefix.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if prefix.is_empty() || !possible || prefix.len() > 20 {
        return Ok(PlayerNames { names: Vec::new() });
    }
    Ok(PlayerNames { names: app.read(|db| db.names_by_prefix(prefix, PLAYER_NAMES)).await? })
}

/// The player's result of a stored game: `won`, `lost`, `drawn`,
/// `aborted` or `abandoned` (no result: these count nowhere) or `running`.
fn result_of(row: &ProfileGameRow) -> ProfileResult {
    let Some((result, reason)) = &row.result else {
        return ProfileResult::Running;
    };
    match Outcome::from_texts(result, reason) {
        Some(outcome) if !outcome.has_result() && outcome.reason == "abandoned" => ProfileResult::Abandoned,
        Some(outcome) if !outcome.has_result() => ProfileResult::Aborted,
        Some(outcome) => match outcome.winner() {
            Some(winner) if winner == row.seat => ProfileResult::Won,
            Some(_) => ProfileResult::Lost,
            None => ProfileResult::Drawn,
        },
        None => ProfileResult::Drawn,
    }
}

/// The profile of the player `name` with the page `params` asks for;
/// 404 for no such player, 422 for a bad filter or page.
pub async fn profile(
    app: &App,
    name: &AccountName,
    params: ProfileParams,
) -> Result<PlayerProfile, DomainError> {
    let account = app
        .read(|db| db.account_by_name(name.as_str()))
        .await?
        .ok_or_else(|| DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")))?;
    let game = params.game.filter(|g| !g.is_empty());
    if let Some(game) = &game {
        app.registry.get(game)?;
    }
    let result = params.result.filter(|r| !r.is_empty());
    if let Some(result) = result.as_deref()
        && !["won", "lost", "drawn", "running"].contains(&result)
    {
        return Err(DomainError::unprocessable(text!(
            "result '{result}' is not won, lost, drawn or running",
            "Ergebnis „{result}“ ist nicht won, lost, drawn oder running"
        )));
    }
    let page: usize = match params.page.as_deref() {
        None | Some("") => 1,
        Some(text) => text.trim().parse().ok().filter(|p| (1..=1_000_000).contains(p)).ok_or_else(|| {
            DomainError::unprocessable(text!(
                "page '{text}' is not a whole number from 1 on",
                "Seite „{text}“ ist keine ganze Zahl ab 1"
            ))
        })?,
    };
    let with_aborted = match params.aborted.as_deref().map(str::trim) {
        None | Some("") => false,
        Some(text) => crate::features::search::read_truth(text, "aborted")?,
    };
    let query = ProfileQuery { game, result, with_aborted, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
    let (games, total) = app.read(|db| db.profile_games(&account.id, query)).await?;
    let ratings =
        app.read(|db| db.ratings(&account.id)).await?.iter().map(|r| profile_rating(app, r)).collect();
    let games = games.iter().map(|row| profile_game(app, row)).collect();
    Ok(PlayerProfile {
        bot: crate::features::bots::is_bot(app, &account.id).await?,
        name: account.name,
        created_ms: account.created_ms,
        closed_ms: app.read(|db| db.account_care(&account.id)).await?.and_then(|care| care.closed_ms),
        ratings,
        games,
        page,
        pages: total.div_ceil(PAGE_SIZE).max(1),
        total,
        tournaments: crate::features::tournaments::joined_by(app, &account.id).await?,
    })
}

/// A rating as profiles and the list of bots show it.
pub fn profile_rating(app: &App, r: &RatingRow) -> ProfileRating {
    let (game, correspondence) = split_rating_key(&r.game);
    let (title, titles) = titles(app, game);
    ProfileRating {
        game: game.to_owned(),
        correspondence,
        title,
        titles,
        rating: r.rating.round(),
        deviation: r.deviation.round(),
        provisional: Glicko::of(r).provisional(),
        games: r.games,
    }
}

/// A game of the profile's list.
fn profile_game(app: &App, row: &ProfileGameRow) -> ProfileGame {
    let (title, titles) = titles(app, &row.game);
    ProfileGame {
        id: row.id.clone(),
        game: row.game.clone(),
        title,
        titles,
        opponent: row.kind.clone(),
        opponent_name: row.opponent.clone(),
        seat: row.seat.into(),
        side: side(app, &row.game, row.seat),
        result: result_of(row),
        reason: row.result.as_ref().map(|(_, reason)| reason.clone()),
        rated: row.rated,
        clock: row.clock.map(|(initial_ms, increment_ms)| ClockSpec { initial_ms, increment_ms }),
        correspondence: row.days_per_move,
        rating_before: row.rating.0.map(f64::round),
        rating_after: row.rating.1.map(f64::round),
        created_ms: row.created_ms,
    }
}
