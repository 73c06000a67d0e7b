//! A game's start and its reading: create a game, read its state, join it
//! by its invite, look at a position of the past (the routes are in
//! [`crate::http::games`]; moves and offers are in
//! [`crate::features::game_actions`], imports in
//! [`crate::features::record_import`]).

use crate::contract::common::SeatId;
use crate::contract::game::{CreateGameRequest, GameJson, GamePositionAt, GameSeatReply};
use crate::core::app::{App, Change};
use crate::core::correspondence::rating_key;
use crate::core::error::DomainError;
use crate::core::limits::Action;
use crate::core::replay::Replay;
use crate::core::secret::{hash_secret, new_game_id, new_secret};
use crate::core::state::StateQuery;
use crate::core::table::{Kind, Seat, Table, now_ms};
use crate::features::account::Account;
use crate::features::seat::{detached, state_value};
use crate::features::setup::{GameSetup, bind, check_rated, parse_setup};
use crate::store::Op;
use bytes::Bytes;
use game::{Player, text};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

/// The link that seats a friend in game `id`: the game's page with the
/// invite `code` after `#invite=` (the fragment never reaches a server).
pub(crate) fn invite_link(app: &App, id: &str, code: &str) -> String {
    format!("{}/play/{id}#invite={code}", app.public_url())
}

/// Creates a game (see [`parse_setup`]) with the asker at their side:
/// against the engine, or between people with an invite for the other
/// seat. `account` is the asker's signed-in account (bound to their seat,
/// against the engine too, which keeps such a game unrated but theirs on
/// every device) or why it may not be used.
pub async fn create(
    app: Arc<App>,
    client: IpAddr,
    account: Result<Option<Account>, DomainError>,
    request: CreateGameRequest,
) -> Result<GameSeatReply, DomainError> {
    app.rates.check(Action::CreateGame, client)?;
    detached(async move {
        let GameSetup { game, title, kind, level, side, clock, correspondence, takebacks } =
            parse_setup(&app.registry, &request)?;
        let account = account?;
        check_rated(request.rated, clock.is_some() || correspondence.is_some(), account.is_some())?;
        if request.rated && kind != Kind::Human {
            return Err(DomainError::unprocessable(text!(
                "only games between people are rated",
                "gewertet werden nur Partien zwischen Menschen"
            )));
        }
        let bound = match &account {
            Some(account) => {
                Some(bind(&app, account, &rating_key(game.name(), correspondence.is_some())).await?)
            }
            None => None,
        };
        let id = new_game_id();
        let token = new_secret();
        let invite = new_secret();
        let mut table = Table::new(id.clone(), title, game, request.position.clone(), kind);
        table.level = level;
        table.clock = clock;
        table.correspondence = correspondence;
        table.rated = request.rated;
        table.people.takebacks = kind == Kind::Human && takebacks;
        table.seats[side.index()] =
            Seat { token_hash: Some(hash_secret(&token)), account: bound, ..Seat::default() };
        table.seats[side.other().index()] = match kind {
            Kind::Engine => Seat { engine: true, ..Seat::default() },
            _ => Seat { invite_hash: Some(hash_secret(&invite)), ..Seat::default() },
        };
        app.commit(vec![Op::CreateGame(Box::new(table.to_stored()))]).await?;
        let state = app.insert_created(table).await;
        let invite = (kind == Kind::Human).then(|| invite_link(&app, &id, &invite));
        Ok(GameSeatReply { id, seat: side.into(), token, invite, state: state_value(state.to_vec())? })
    })
    .await
}

/// The whole state of game `id`, with the played and legal moves `query`
/// asks for, naming the seat of the signed-in `account` (`you`).
pub async fn state(
    app: &Arc<App>,
    id: &str,
    query: &StateQuery,
    account: Option<Account>,
) -> Result<GameJson, DomainError> {
    let slot = app.slot(id).await?;
    let mut table = slot.table.lock().await;
    app.sync(&slot, &mut table).await?;
    let you = account.and_then(|a| table.seat_of_account(&a.id));
    Ok(GameJson(Bytes::from(table.state_for(Instant::now(), query, you))))
}

/// Takes the seat that `invite` opens, bound to the signed-in `account`
/// (or why it may not be used) unless the account holds the other seat.
/// A bot may not take a seat by invite (see
/// [`refuse_bot`](crate::features::bots::refuse_bot)).
pub async fn join(
    app: Arc<App>,
    id: String,
    account: Result<Option<Account>, DomainError>,
    invite: String,
) -> Result<GameSeatReply, DomainError> {
    detached(async move {
        let account = account?;
        if let Some(account) = &account {
            crate::features::bots::refuse_bot(&app, account).await?;
        }
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        if table.kind == Kind::Record {
            return Err(DomainError::conflict(text!(
                "an imported record is for viewing: it has no seats to take",
                "eine importierte Aufzeichnung ist zum Ansehen da: sie hat keine freien Plätze"
            )));
        }
        let hash = hash_secret(invite.trim());
        let Some(seat) = Player::BOTH
            .into_iter()
            .find(|p| table.seats[p.index()].invite_hash.as_deref() == Some(hash.as_str()))
        else {
            return Err(if table.kind == Kind::Human && table.seats_filled() {
                DomainError::conflict(text!(
                    "both seats of this game are taken",
                    "beide Plätze dieser Partie sind besetzt"
                ))
            } else {
                DomainError::forbidden(text!(
                    "this invite code does not belong to the game",
                    "dieser Einladungslink gehört nicht zu dieser Partie"
                ))
            });
        };
        // One account plays one seat: a second seat of the same account stays unbound.
        let account = account.filter(|a| table.seat_of_account(&a.id).is_none());
        if table.rated && account.is_none() {
            return Err(DomainError::forbidden(text!(
                "this game is rated: sign in with another account than your opponent's to join it",
                "diese Partie ist gewertet: melde dich mit einem anderen Konto als dein Gegner an, um \
                 mitzuspielen"
            )));
        }
        let bound = match &account {
            Some(account) => Some(bind(&app, account, &table.rating_key()).await?),
            None => None,
        };
        let token = new_secret();
        let token_hash = hash_secret(&token);
        let claim = Op::ClaimSeat {
            game: table.id.clone(),
            seat,
            token_hash: token_hash.clone(),
            account: bound.clone(),
        };
        // A correspondence game starts when its second seat is taken.
        let deadline = table.deadline_on_taking(seat, now_ms(), app.day_ms);
        let mut people = table.people.clone();
        people.first_move_since_ms = Some(now_ms());
        let mut ops = vec![claim];
        ops.extend(
            deadline.map(|deadline| Op::SetDeadline { game: table.id.clone(), deadline_ms: Some(deadline) }),
        );
        if table.kind == Kind::Human {
            ops.push(Op::SetPeople { game: table.id.clone(), state: people.to_text() });
        }
        app.commit_change(&table, ops).await?;
        table.people = people;
        table.seats[seat.index()] =
            Seat { engine: false, token_hash: Some(token_hash), invite_hash: None, account: bound };
        table.set_deadline(deadline);
        let now = Instant::now();
        table.start_clock_if_ready(now);
        let from = table.moves.len();
        app.changed(&slot, &mut table, Change::Added { from });
        let state = table.state(now, &StateQuery::default());
        Ok(GameSeatReply {
            id: table.id.clone(),
            seat: seat.into(),
            token,
            invite: None,
            state: state_value(state)?,
        })
    })
    .await
}

/// The position of game `id` after `ply` moves (as the path gives it).
pub async fn view_at(app: &Arc<App>, id: &str, ply: &str) -> Result<GamePositionAt, DomainError> {
    let slot = app.slot(id).await?;
    let replay = Replay::of(&*slot.table.lock().await);
    let (ply, game) = replay.game_at(&app.registry, Some(ply))?;
    Ok(GamePositionAt {
        ply,
        view: game.view(),
        last_move: ply.checked_sub(1).map(|i| replay.moves[i].clone()),
        side_to_move: SeatId::from(game.side_to_move()),
        position: game.position(),
    })
}
