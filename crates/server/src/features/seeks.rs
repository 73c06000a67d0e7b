//! Seeks: a signed-in account looks for a game ("Abalone 5+3 rated", or a
//! correspondence game with `"correspondence": 3` days per move), another
//! account accepts, and a game is made with both seats bound to the two
//! accounts (the seeker's side as chosen, or at random). A seek says
//! whether its game allows takebacks (`"takebacks"`; by default only a
//! casual one does).
//!
//! `GET /api/seeks` lists the open seeks; `POST /api/seeks` makes one,
//! `DELETE /api/seeks/{id}` withdraws it, `POST /api/seeks/{id}/accept`
//! accepts it, and `GET /api/seeks/{id}` tells the seeker (who polls it)
//! the game once it is accepted — and the seeker's lobby connections are
//! told at once (see [`crate::core::lobby_live`]). A seek leaves the list
//! when it is accepted or withdrawn, when its owner logs out (their last
//! session ends), [`SEEK_MS`] after it was made, and — a seek with a
//! clock or none, not a correspondence seek — when its owner's last lobby
//! connection closed [`App::lobby_grace_ms`] ago (so that a reload or
//! another page keeps it; a client that never opens one has as long). The same seek made again is the one already open.

use crate::contract::common::ClockSpec;
use crate::contract::common::SeatId;
use crate::contract::lobby::{LobbySeek, PairedGame, PairingTerms, SeekCancelled, SeekSide, SeeksReply};
use crate::core::app::App;
use crate::core::correspondence::rating_key;
use crate::core::error::DomainError;
use crate::core::rating::Glicko;
use crate::core::secret::{is_game_id, new_game_id};
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::setup::{game_between, read_terms, start_paired};
use crate::store::{Op, SeekRow};
use game::text;
use std::sync::Arc;

/// How long a seek stays open, ms (30 minutes).
pub const SEEK_MS: i64 = 30 * 60_000;
/// The most open seeks of one account.
const SEEKS_PER_ACCOUNT: usize = 3;

/// A seek as the lobby shows it, with its owner's rating of the game;
/// `account` the signed-in one, if any.
async fn seek_line(app: &App, seek: &SeekRow, account: Option<&Account>) -> Result<LobbySeek, DomainError> {
    let terms = &seek.terms;
    let key = rating_key(&terms.game, terms.days_per_move.is_some());
    let rating = app.read(|db| db.rating(&seek.account_id, &key)).await?;
    let glicko = rating.as_ref().map_or_else(Glicko::default, Glicko::of);
    Ok(LobbySeek {
        id: seek.id.clone(),
        game: terms.game.clone(),
        title: app.registry.get(&terms.game).map_or("", |entry| entry.title.en).to_owned(),
        options: serde_json::from_str(&terms.options).ok(),
        clock: terms.clock.map(|(initial_ms, increment_ms)| ClockSpec { initial_ms, increment_ms }),
        rated: terms.rated,
        takebacks: terms.takebacks,
        correspondence: terms.days_per_move,
        side: match terms.side.as_str() {
            "p1" => SeekSide::P1,
            "p2" => SeekSide::P2,
            _ => SeekSide::Random,
        },
        name: seek.account_name.clone(),
        rating: glicko.rating.round(),
        provisional: glicko.provisional(),
        mine: account.is_some_and(|a| a.id == seek.account_id),
        game_id: seek.game_id.clone(),
        created_ms: seek.created_ms,
    })
}

/// `GET /api/seeks`: the open seeks, the oldest first; `account` the
/// signed-in one, if any (its own are marked).
pub async fn list(app: &App, account: Option<&Account>) -> Result<SeeksReply, DomainError> {
    let now = now_ms();
    let seeks = app.read(|db| db.open_seeks(now - SEEK_MS, now, now - app.lobby_grace_ms)).await?;
    let mut listed = Vec::with_capacity(seeks.len());
    for seek in &seeks {
        listed.push(seek_line(app, seek, account).await?);
    }
    Ok(SeeksReply { seeks: listed })
}

/// The seek `id`, or 404.
async fn find(app: &App, id: &str) -> Result<SeekRow, DomainError> {
    let missing = || DomainError::not_found(text!("no seek '{id}'", "kein Gesuch „{id}“"));
    if !is_game_id(id) {
        return Err(missing());
    }
    app.read(|db| db.seek(id)).await?.ok_or_else(missing)
}

/// `GET /api/seeks/{id}`: the seek, with `game_id` once accepted; 404
/// for an unknown one.
pub async fn one(app: &App, id: &str, account: Option<&Account>) -> Result<LobbySeek, DomainError> {
    let seek = find(app, id).await?;
    seek_line(app, &seek, account).await
}

/// A seek asked for: made now, or the same one open already.
pub struct SeekMade {
    /// The seek.
    pub seek: LobbySeek,
    /// Whether it was made by this request.
    pub new: bool,
}

/// `POST /api/seeks`: makes the seek of `account` (or finds the same one
/// already open); the game, options, clock or side may be refused, and an
/// account has at most [`SEEKS_PER_ACCOUNT`] open seeks; 403 for a bot
/// (see [`crate::features::bots::refuse_bot`]).
pub async fn create(app: &App, account: &Account, request: PairingTerms) -> Result<SeekMade, DomainError> {
    crate::features::bots::refuse_bot(app, account).await?;
    let terms = read_terms(&app.registry, &request)?;
    let now = now_ms();
    let open = app.read(|db| db.open_seeks(now - SEEK_MS, now, now - app.lobby_grace_ms)).await?;
    // The same seek again (a button clicked twice) is the one already open.
    let same = open.iter().find(|s| s.account_id == account.id && s.terms == terms);
    if let Some(same) = same {
        return Ok(SeekMade { seek: seek_line(app, same, Some(account)).await?, new: false });
    }
    if open.iter().filter(|s| s.account_id == account.id).count() >= SEEKS_PER_ACCOUNT {
        return Err(DomainError::unprocessable(text!(
            "you have {SEEKS_PER_ACCOUNT} open seeks already; withdraw one first",
            "du hast schon {SEEKS_PER_ACCOUNT} offene Gesuche; zieh erst eins zurück"
        )));
    }
    let seek = SeekRow {
        id: new_game_id(),
        account_id: account.id.clone(),
        account_name: account.name.clone(),
        terms,
        created_ms: now,
        game_id: None,
    };
    app.write(vec![Op::CreateSeek(seek.clone())]).await?;
    Ok(SeekMade { seek: seek_line(app, &seek, Some(account)).await?, new: true })
}

/// `DELETE /api/seeks/{id}`: withdraws the open seek `id` of `account`;
/// refused for another's seek and for one accepted already.
pub async fn cancel(app: &App, id: &str, account: &Account) -> Result<SeekCancelled, DomainError> {
    let seek = find(app, id).await?;
    if seek.account_id != account.id {
        return Err(DomainError::forbidden(text!("this is not your seek", "das ist nicht dein Gesuch")));
    }
    if seek.game_id.is_some() {
        return Err(DomainError::conflict(text!(
            "the seek was accepted already",
            "das Gesuch wurde schon angenommen"
        )));
    }
    let op = Op::CancelSeek { id: seek.id, account_id: account.id.clone() };
    app.write(vec![op]).await?;
    Ok(SeekCancelled { cancelled: true })
}

/// `POST /api/seeks/{id}/accept`: makes the game of seek `id` for
/// `account` (403 for a bot), and returns it with the accepting account's seat; a conflict
/// if the seek was taken or withdrawn meanwhile, refused for one's own.
pub async fn accept(app: &Arc<App>, id: &str, account: &Account) -> Result<PairedGame, DomainError> {
    crate::features::bots::refuse_bot(app, account).await?;
    let seek = find(app, id).await?;
    let gone = || {
        DomainError::conflict(text!(
            "the seek was taken or withdrawn meanwhile",
            "das Gesuch wurde inzwischen angenommen oder zurückgezogen"
        ))
    };
    if seek.game_id.is_some() || seek.created_ms < now_ms() - SEEK_MS {
        return Err(gone());
    }
    if seek.account_id == account.id {
        return Err(DomainError::unprocessable(text!(
            "you cannot accept your own seek",
            "du kannst dein eigenes Gesuch nicht annehmen"
        )));
    }
    let seeker = Account { id: seek.account_id.clone(), name: seek.account_name.clone() };
    let (table, seat) = game_between(app, &seek.terms, &seeker, account).await?;
    let game_id = table.id.clone();
    // The seeker's lobby connections are told, so that their page goes
    // to the game at once (the accepting page goes by this reply).
    let seeker_seat = seat.other().to_string();
    let told = [(seek.account_id.as_str(), seeker_seat.as_str())];
    let accepted = Op::AcceptSeek { id: seek.id.clone(), game: game_id.clone() };
    if !start_paired(app, table, vec![accepted], &told).await? {
        return Err(gone());
    }
    Ok(PairedGame { id: game_id, seat: SeatId::from(seat) })
}
