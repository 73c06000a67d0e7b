//! `GET /api/lobby/featured`: the featured game of the lobby, as lichess
//! TV — the highest-rated game being played now — so the lobby can show it
//! live (the page watches it through the game's socket).
//!
//! The reply is `{"game": LINE}` with the game's lobby line (see
//! [`LobbyGame`](crate::contract::lobby::LobbyGame)), or `{"game": null}` when
//! no game is being played. A game is being played when it has a move,
//! its last move is at most [`LIVE_MS`] old, it is no correspondence game
//! and it is not over. Games between two people go before games of a
//! signed-in player against the engine; a guest's game against the engine
//! is never featured. Among them the higher mean rating of the people's seats (a
//! guest or an account without a rating counts [`START_RATING`]) goes
//! first, then the latest move. Ratings within the same hundred count as
//! equal (a few points say nothing of the players), so among games of a
//! like level the box follows the latest move.

use crate::contract::lobby::FeaturedReply;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::rating::START_RATING;
use crate::core::table::now_ms;
use crate::features::lobby;
use crate::store::{LobbyFilter, LobbyRow};
use std::cmp::Ordering;

/// How old a game's last move may be for the game to be featured, ms.
pub const LIVE_MS: i64 = 3 * 60_000;
/// How many of the latest games are looked at.
const LOOKED_AT: usize = 200;

/// `GET /api/lobby/featured`: the featured game, if one is being played
/// (see the module doc).
pub async fn featured(app: &App) -> Result<FeaturedReply, DomainError> {
    let now = now_ms();
    let filter = LobbyFilter::Started { fresh_since_ms: now - LIVE_MS, guest_engine_since_ms: now - LIVE_MS };
    let page = app.read(|db| db.lobby(filter, 0, LOOKED_AT)).await?;
    let Some(best) = pick(&page.games, now) else {
        return Ok(FeaturedReply { game: None });
    };
    let line = lobby::line(app, best, lobby::live(app, &best.id).await);
    Ok(FeaturedReply { game: Some(line) })
}

/// The game to feature among `games` at time `now` (see the module doc).
pub fn pick(games: &[LobbyRow], now: i64) -> Option<&LobbyRow> {
    games.iter().filter(|game| live(game, now)).max_by(|a, b| rank(a, b))
}

/// Whether `game` may be featured at `now`: a move within [`LIVE_MS`], no
/// correspondence game, and an account at a seat when one seat is the
/// engine's.
fn live(game: &LobbyRow, now: i64) -> bool {
    let signed_in = game.seats.iter().any(|seat| !seat.engine && seat.account.is_some());
    let guest_engine = game.seats.iter().any(|seat| seat.engine) && !signed_in;
    game.ply > 0 && game.days_per_move.is_none() && now - game.updated_ms <= LIVE_MS && !guest_engine
}

/// How `a` ranks against `b`: between people before against the engine,
/// then the mean rating, then the latest move.
fn rank(a: &LobbyRow, b: &LobbyRow) -> Ordering {
    let between_people = |game: &LobbyRow| game.seats.iter().all(|seat| !seat.engine);
    between_people(a)
        .cmp(&between_people(b))
        .then(rating_band(a).total_cmp(&rating_band(b)))
        .then(a.updated_ms.cmp(&b.updated_ms))
}

/// The hundred of the mean rating of the people's seats of `game`
/// ([`START_RATING`] for a guest or a seat without a rating); 0 without
/// people.
fn rating_band(game: &LobbyRow) -> f64 {
    let ratings: Vec<f64> = game
        .seats
        .iter()
        .filter(|seat| !seat.engine)
        .map(|seat| seat.account.as_ref().and_then(|a| a.rating_before).unwrap_or(START_RATING))
        .collect();
    if ratings.is_empty() {
        0.0
    } else {
        (ratings.iter().sum::<f64>() / ratings.len() as f64 / 100.0).floor()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{SeatAccount, SeatRow};
    use game::Player;

    const NOW: i64 = 10_000_000;

    fn seat(seat: Player, engine: bool, rating: Option<f64>) -> SeatRow {
        SeatRow {
            seat,
            engine,
            token_hash: None,
            invite_hash: None,
            account: rating.map(|r| SeatAccount {
                id: format!("id{r}"),
                name: format!("player{r}"),
                rating_before: Some(r),
                rating_after: None,
                bot: false,
                provisional: false,
                closed: false,
            }),
        }
    }

    fn game(id: &str, seats: [(bool, Option<f64>); 2], updated_ago_ms: i64) -> LobbyRow {
        LobbyRow {
            id: id.to_owned(),
            game: "ataxx".to_owned(),
            kind: if seats.iter().any(|s| s.0) { "engine" } else { "human" }.to_owned(),
            level: None,
            created_ms: 0,
            updated_ms: NOW - updated_ago_ms,
            ply: 4,
            to_move: Some(Player::P1),
            rated: true,
            seats: vec![seat(Player::P1, seats[0].0, seats[0].1), seat(Player::P2, seats[1].0, seats[1].1)],
            days_per_move: None,
            deadline_ms: None,
        }
    }

    #[test]
    fn the_highest_rated_game_between_people_is_featured() {
        let games = [
            game("engine", [(false, Some(2400.0)), (true, None)], 1000),
            game("low", [(false, Some(1400.0)), (false, Some(1500.0))], 1000),
            game("high", [(false, Some(1800.0)), (false, Some(1700.0))], 60_000),
            game("guests", [(false, None), (false, None)], 10),
        ];
        assert_eq!(pick(&games, NOW).map(|g| g.id.as_str()), Some("high"));
    }

    #[test]
    fn engine_games_are_featured_when_nobody_else_plays() {
        let games = [
            game("weak", [(false, Some(1200.0)), (true, None)], 1000),
            game("strong", [(true, None), (false, Some(1900.0))], 1000),
        ];
        assert_eq!(pick(&games, NOW).map(|g| g.id.as_str()), Some("strong"));
    }

    #[test]
    fn a_guests_game_against_the_engine_is_never_featured() {
        let games = [game("guest", [(false, None), (true, None)], 10)];
        assert_eq!(pick(&games, NOW), None);
        let games = [
            game("guest", [(false, None), (true, None)], 10),
            game("signed", [(true, None), (false, Some(1200.0))], 9000),
        ];
        assert_eq!(pick(&games, NOW).map(|g| g.id.as_str()), Some("signed"));
    }

    #[test]
    fn quiet_unstarted_and_correspondence_games_are_not_featured() {
        let quiet = game("quiet", [(false, Some(2000.0)), (false, Some(2000.0))], LIVE_MS + 1);
        let mut unstarted = game("unstarted", [(false, None), (false, None)], 0);
        unstarted.ply = 0;
        let mut correspondence = game("correspondence", [(false, None), (false, None)], 0);
        correspondence.days_per_move = Some(3);
        assert_eq!(pick(&[quiet, unstarted, correspondence], NOW), None);
    }

    #[test]
    fn among_equals_the_latest_move_wins() {
        let games = [
            game("older", [(false, Some(1540.0)), (false, Some(1560.0))], 5000),
            game("newer", [(false, None), (false, None)], 100),
        ];
        assert_eq!(pick(&games, NOW).map(|g| g.id.as_str()), Some("newer"), "1550 and 1500 are alike");
    }
}
