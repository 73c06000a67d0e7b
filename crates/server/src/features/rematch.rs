//! `POST /api/games/{id}/rematch`: a new game with the same game, options
//! and clock once a game is over, the seats swapped.
//!
//! Between people one player offers (`offer`), the other accepts (`accept`,
//! or `offer` too) or declines (`decline`); the offerer may withdraw
//! (`cancel`). Against the engine `offer` starts the new game at once. The
//! new game's id is kept on the old game (`rematch` in its state), so a
//! reload of the old game still leads to it. The accepting player gets
//! their new seat's token in the reply; the other claims theirs with the
//! old game's token (`claim`). Only hashes of the tokens are stored.
//! The route is in [`crate::http::rematch`].

use crate::contract::game::{GameJson, GameSeatReply, RematchRequest};
use crate::core::app::{App, Change, seat_for};
use crate::core::correspondence::Correspondence;
use crate::core::error::DomainError;
use crate::core::limits::Action;
use crate::core::secret::{hash_secret, new_game_id, new_secret};
use crate::core::table::{Clock, Kind, Seat, Table, now_ms};
use crate::features::account::Account;
use crate::features::seat::{detached, state_value};
use crate::store::{Op, SeatAccount};
use bytes::Bytes;
use game::{Player, text};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

/// What a rematch action gives.
#[derive(Debug)]
pub enum RematchReply {
    /// The old game's update (an offer made, declined or withdrawn).
    Offer(GameJson),
    /// The rematch started: the asker's seat in it.
    Started(GameSeatReply),
    /// The asker's seat in the rematch, claimed.
    Claimed(GameSeatReply),
}

/// A rematch action of the seat of `token` (else of the signed-in
/// `account`) in the finished game `id`: `offer`, `accept`, `decline`,
/// `cancel` → the old game's update; when the rematch starts (`accept`,
/// an `offer` answering the other's, `offer` against the engine) and for
/// `claim` → the seat in the new game.
pub async fn rematch(
    app: Arc<App>,
    id: String,
    client: IpAddr,
    token: Option<String>,
    account: Option<Account>,
    request: RematchRequest,
) -> Result<RematchReply, DomainError> {
    let account = account.map(|a| a.id);
    detached(async move {
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        let seat = seat_for(&table, token.as_deref(), account.as_deref())?;
        app.check_flag(&slot, &mut table).await?;
        if table.game.outcome().is_none() {
            return Err(DomainError::unprocessable(text!(
                "a rematch can be had once the game is over",
                "eine Revanche gibt es erst, wenn die Partie vorbei ist"
            )));
        }
        let offered_to_me = table.rematch_offer == Some(seat.other());
        let action = request.action.as_str();
        if action == "claim" {
            let rematch = table.rematch.clone();
            return claim(&app, rematch, seat).await;
        }
        if table.rematch.is_some() && ["offer", "accept", "decline", "cancel"].contains(&action) {
            return Err(DomainError::conflict(text!(
                "the rematch has started already",
                "die Revanche hat schon begonnen"
            )));
        }
        match action {
            "offer" | "accept" if table.kind == Kind::Engine || offered_to_me => {
                app.rates.check(Action::CreateGame, client)?;
                start(&app, &slot, &mut table, seat).await
            }
            "offer" => set_offer(&app, &slot, &mut table, Some(seat)).await,
            "accept" => Err(DomainError::unprocessable(text!(
                "there is no rematch offer to accept",
                "es gibt kein Revancheangebot, das du annehmen könntest"
            ))),
            "decline" if offered_to_me => set_offer(&app, &slot, &mut table, None).await,
            "cancel" if table.rematch_offer == Some(seat) => set_offer(&app, &slot, &mut table, None).await,
            "decline" | "cancel" => Err(DomainError::unprocessable(text!(
                "there is no rematch offer to {action}",
                "es gibt kein Revancheangebot dafür ({action})"
            ))),
            other => Err(DomainError::unprocessable(text!(
                "rematch action '{other}' is not offer, accept, decline, cancel or claim",
                "Revanche-Aktion „{other}“ ist nicht offer, accept, decline, cancel oder claim"
            ))),
        }
    })
    .await
}

/// Sets or clears the rematch offer and tells the watchers.
async fn set_offer(
    app: &Arc<App>,
    slot: &Arc<crate::core::app::Slot>,
    table: &mut Table,
    seat: Option<Player>,
) -> Result<RematchReply, DomainError> {
    if table.rematch_offer != seat {
        app.commit_change(table, vec![Op::SetRematchOffer { game: table.id.clone(), seat }]).await?;
        table.rematch_offer = seat;
        let from = table.moves.len();
        app.changed(slot, table, Change::Added { from });
    }
    let update = table.update(Instant::now(), table.moves.len(), false);
    Ok(RematchReply::Offer(GameJson(Bytes::from(update))))
}

/// The seat in the rematch of the one who held `old`: the engine stays the
/// engine; a person's seat waits for its holder, who claims it with the
/// old game's token, and stays bound to their account (with their latest
/// rating), which plays it without a token.
fn rematch_seat(old: &Seat) -> Seat {
    let account = old.account.as_ref().map(|a| SeatAccount {
        rating_before: a.rating_after.or(a.rating_before),
        rating_after: None,
        ..a.clone()
    });
    Seat { engine: old.engine, account, ..Seat::default() }
}

/// Starts the rematch of the finished game `old`: a new game, the seats
/// swapped, `seat`'s new seat claimed at once.
async fn start(
    app: &Arc<App>,
    slot: &Arc<crate::core::app::Slot>,
    old: &mut Table,
    seat: Player,
) -> Result<RematchReply, DomainError> {
    let game = app.registry.create(old.game.name(), old.game.options(), old.setup.as_deref())?;
    let mut table = Table::new(new_game_id(), old.title, game, old.setup.clone(), old.kind);
    table.level = old.level;
    table.clock = old.clock.as_ref().map(|clock| Clock::new(clock.initial_ms, clock.increment_ms));
    table.rated = old.rated;
    table.correspondence = old.correspondence.map(|c| Correspondence::new(c.days));
    table.people.takebacks = old.people.takebacks;
    for player in Player::BOTH {
        table.seats[player.other().index()] = rematch_seat(&old.seats[player.index()]);
    }
    let token = new_secret();
    let mine = seat.other();
    table.seats[mine.index()].token_hash = Some(hash_secret(&token));
    table.start_clock_if_ready(Instant::now());
    table.start_deadline(now_ms(), app.day_ms);
    let ops = vec![
        Op::CreateGame(Box::new(table.to_stored())),
        Op::SetRematch { game: old.id.clone(), rematch: table.id.clone() },
    ];
    app.commit_change(old, ops).await?;
    old.rematch = Some(table.id.clone());
    old.rematch_offer = None;
    let from = old.moves.len();
    app.changed(slot, old, Change::Added { from });
    let id = table.id.clone();
    let state = app.insert_created(table).await;
    Ok(RematchReply::Started(GameSeatReply {
        id,
        seat: mine.into(),
        token,
        invite: None,
        state: state_value(state.to_vec())?,
    }))
}

/// Gives the holder of `seat` in the old game their seat in its rematch
/// `rematch`, with a new token (once: 409 if it is claimed already).
async fn claim(app: &Arc<App>, rematch: Option<String>, seat: Player) -> Result<RematchReply, DomainError> {
    let Some(id) = rematch else {
        return Err(DomainError::unprocessable(text!(
            "there is no rematch to claim a seat in",
            "es gibt keine Revanche, in der du einen Platz nehmen könntest"
        )));
    };
    let slot = app.slot(&id).await?;
    let mut table = slot.table.lock().await;
    app.sync(&slot, &mut table).await?;
    let mine = seat.other();
    if table.seats[mine.index()].token_hash.is_some() {
        return Err(DomainError::conflict(text!(
            "your seat in the rematch is taken already",
            "dein Platz in der Revanche ist schon vergeben"
        )));
    }
    let token = new_secret();
    let token_hash = hash_secret(&token);
    let account = table.seats[mine.index()].account.clone();
    let claim = Op::ClaimSeat { game: table.id.clone(), seat: mine, token_hash: token_hash.clone(), account };
    let deadline = table.deadline_on_taking(mine, now_ms(), app.day_ms);
    let start =
        deadline.map(|deadline| Op::SetDeadline { game: table.id.clone(), deadline_ms: Some(deadline) });
    app.commit_change(&table, [claim].into_iter().chain(start).collect()).await?;
    table.seats[mine.index()].token_hash = Some(token_hash);
    table.set_deadline(deadline);
    table.start_clock_if_ready(Instant::now());
    let from = table.moves.len();
    app.changed(&slot, &mut table, Change::Added { from });
    let state = table.state(Instant::now(), &crate::core::state::StateQuery::default());
    Ok(RematchReply::Claimed(GameSeatReply {
        id: table.id.clone(),
        seat: mine.into(),
        token,
        invite: None,
        state: state_value(state)?,
    }))
}
