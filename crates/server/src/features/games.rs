//! The game flows as a player or a visitor acts: create a game, read its
//! state, join it by its invite, move, resign, offer or answer a draw,
//! take moves back against the engine, import a record, look at a
//! position of the past (the routes are in [`crate::http::games`]).

use crate::contract::common::SeatId;
use crate::contract::game::{
    CreateGameRequest, GameImported, GameJson, GamePositionAt, GameSeatReply, OfferRequest,
};
use crate::core::app::{App, Change};
use crate::core::correspondence::rating_key;
use crate::core::error::DomainError;
use crate::core::limits::Action;
use crate::core::replay::Replay;
use crate::core::secret::{hash_secret, new_game_id, new_secret};
use crate::core::state::StateQuery;
use crate::core::table::{Kind, Seat, Table, now_ms};
use crate::features::account::Account;
use crate::features::records;
use crate::features::seat::{Actor, detached, state_value, with_seat};
use crate::features::setup::{GameSetup, bind, check_rated, parse_setup};
use crate::store::Op;
use bytes::Bytes;
use game::{DynGame, Outcome, Player, Registry, text};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The most moves an imported record may have.
pub const RECORD_MOVES: usize = 5000;

/// Creates a game (see [`parse_setup`]) with the asker at their side:
/// against the engine, or between people with an invite for the other
/// seat. `account` is the asker's signed-in account (bound to their seat
/// in a game between people) or why it may not be used.
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
        let account = if kind == Kind::Human { account? } else { None };
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
        let slot = app.insert(table);
        let mut table = slot.table.lock().await;
        let state = app.changed(&slot, &mut table, Change::Replaced);
        let invite = (kind == Kind::Human).then(|| format!("{}/play/{id}#invite={invite}", app.public_url()));
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

/// 422 when the game is over.
fn ensure_running(table: &Table) -> Result<(), DomainError> {
    match table.game.outcome() {
        Some(outcome) => {
            let described = outcome.describe();
            Err(DomainError::unprocessable(text!("the game is over ({described})", "das Spiel ist vorbei")))
        }
        None => Ok(()),
    }
}

/// Plays `mv` as the actor's seat: the update; 422 out of turn or for an
/// illegal move.
pub async fn play(app: Arc<App>, id: String, actor: Actor, mv: String) -> Result<GameJson, DomainError> {
    with_seat(app, id, actor, move |app, slot, table, seat| {
        Box::pin(async move {
            ensure_running(table)?;
            let to_move = table.game.side_to_move();
            if to_move != seat {
                let (name, name_de) =
                    (table.game.player_name(to_move).en, table.game.player_name(to_move).de);
                return Err(DomainError::unprocessable(text!(
                    "it is not your turn: {name} is to move",
                    "du bist nicht am Zug: {name_de} ist am Zug"
                )));
            }
            app.play(slot, table, &mv).await
        })
    })
    .await
}

/// The actor's seat resigns: the update.
pub async fn resign(app: Arc<App>, id: String, actor: Actor) -> Result<GameJson, DomainError> {
    with_seat(app, id, actor, |app, slot, table, seat| {
        Box::pin(async move {
            ensure_running(table)?;
            app.end(slot, table, Outcome::win(seat.other(), "resignation")).await
        })
    })
    .await
}

/// The actor's seat offers a draw (the default), accepts or declines the
/// other's offer: the update.
pub async fn draw(
    app: Arc<App>,
    id: String,
    actor: Actor,
    request: OfferRequest,
) -> Result<GameJson, DomainError> {
    with_seat(app, id, actor, move |app, slot, table, seat| {
        Box::pin(async move {
            ensure_running(table)?;
            let offered_to_me = table.draw_offer == Some(seat.other());
            match request.action.as_deref().unwrap_or("offer") {
                "offer" | "accept" if offered_to_me => app.end(slot, table, Outcome::draw("agreement")).await,
                "offer" if table.kind == Kind::Engine => Err(DomainError::unprocessable(text!(
                    "the engine declines; play on or resign",
                    "der Computer lehnt ab; spiel weiter oder gib auf"
                ))),
                "offer" => {
                    let people = crate::features::people::draw_offered(table, seat)?;
                    let ops = vec![
                        Op::SetDrawOffer { game: table.id.clone(), seat: Some(seat) },
                        Op::SetPeople { game: table.id.clone(), state: people.to_text() },
                    ];
                    app.commit_change(table, ops).await?;
                    table.draw_offer = Some(seat);
                    table.people = people;
                    let from = table.moves.len();
                    Ok(app.changed(slot, table, Change::Added { from }))
                }
                "accept" => Err(DomainError::unprocessable(text!(
                    "there is no draw offer to accept",
                    "es gibt kein Remisangebot, das du annehmen könntest"
                ))),
                "decline" if offered_to_me => {
                    let people = crate::features::people::draw_declined(table, seat);
                    let ops = vec![
                        Op::SetDrawOffer { game: table.id.clone(), seat: None },
                        Op::SetPeople { game: table.id.clone(), state: people.to_text() },
                    ];
                    app.commit_change(table, ops).await?;
                    table.draw_offer = None;
                    table.people = people;
                    let from = table.moves.len();
                    Ok(app.changed(slot, table, Change::Added { from }))
                }
                "decline" => Err(DomainError::unprocessable(text!(
                    "there is no draw offer to decline",
                    "es gibt kein Remisangebot, das du ablehnen könntest"
                ))),
                other => Err(DomainError::unprocessable(text!(
                    "draw action '{other}' is not offer, accept or decline",
                    "Remis-Aktion „{other}“ ist nicht offer, accept oder decline"
                ))),
            }
        })
    })
    .await
}

/// Takes the actor's moves back to their last turn, only in a running
/// game against the engine (a finished game stays finished): the whole
/// state.
pub async fn undo(app: Arc<App>, id: String, actor: Actor) -> Result<GameJson, DomainError> {
    with_seat(app, id, actor, |app, slot, table, seat| {
        Box::pin(async move {
            if table.kind != Kind::Engine {
                return Err(DomainError::unprocessable(text!(
                    "moves can be taken back only in games against the engine",
                    "Züge zurücknehmen geht nur in Partien gegen den Computer"
                )));
            }
            if let Some(outcome) = table.game.outcome() {
                let described = outcome.describe();
                return Err(DomainError::unprocessable(text!(
                    "the game is over ({described}); moves can be taken back only while it runs",
                    "das Spiel ist vorbei; Züge können nur zurückgenommen werden, solange es läuft"
                )));
            }
            let mut game = table.game.clone_box();
            let mut steps = 0;
            while game.undo().is_some() {
                steps += 1;
                if game.side_to_move() == seat {
                    break;
                }
            }
            if steps == 0 {
                return Err(DomainError::unprocessable(text!(
                    "there is no move to take back",
                    "es gibt keinen Zug zum Zurücknehmen"
                )));
            }
            let keep = table.moves.len() - steps;
            let truncate =
                Op::TruncateMoves { game: table.id.clone(), from_ply: keep, to_move: game.side_to_move() };
            app.commit_change(table, vec![truncate]).await?;
            if let Some(stop) = table.stop.take() {
                stop.store(true, Ordering::Relaxed);
            }
            table.game = game;
            table.moves.truncate(keep);
            Ok(app.changed(slot, table, Change::Replaced))
        })
    })
    .await
}

/// Takes the seat that `invite` opens, bound to the signed-in `account`
/// (or why it may not be used) unless the account holds the other seat.
pub async fn join(
    app: Arc<App>,
    id: String,
    account: Result<Option<Account>, DomainError>,
    invite: String,
) -> Result<GameSeatReply, DomainError> {
    detached(async move {
        let account = account?;
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
            account: bound.as_ref().map(|b| (b.id.clone(), b.rating_before)),
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

/// Imports a record as a game to view (see [`read_record`]).
pub async fn import(app: Arc<App>, client: IpAddr, record: String) -> Result<GameImported, DomainError> {
    app.rates.check(Action::ImportRecord, client)?;
    detached(async move {
        let reader = app.clone();
        let (game, setup, tags) =
            tokio::task::spawn_blocking(move || read_record(&reader.registry, &record)).await.map_err(
                |e| DomainError::internal(text!("import failed: {e}", "Import fehlgeschlagen: {e}")),
            )??;
        let title = app.registry.get(game.name())?.title.en;
        let mut table = Table::new(new_game_id(), title, game, setup, Kind::Record);
        table.tags = tags;
        app.commit(vec![Op::CreateGame(Box::new(table.to_stored()))]).await?;
        let slot = app.insert(table);
        let mut table = slot.table.lock().await;
        let state = app.changed(&slot, &mut table, Change::Replaced);
        Ok(GameImported { id: table.id.clone(), state: state_value(state.to_vec())? })
    })
    .await
}

/// A game, its start position text and the record's own tags.
type ReadRecord = (Box<dyn DynGame>, Option<String>, Vec<(String, String)>);

/// Reads and replays a record (on the blocking pool: long records take a
/// while): the game at its end, its start position text and the record's
/// tags that the game does not write itself (players' names, event, site,
/// date, round…). Records of more than [`RECORD_MOVES`] moves, or whose
/// tags break a rule of [`records::check_tags`] (too many, a name too long
/// or not a word, a value too long or with control characters), are
/// refused (422) before any replay.
fn read_record(registry: &Registry, text: &str) -> Result<ReadRecord, DomainError> {
    let record = game::Record::parse(text)?;
    let count = record.moves.len();
    if count > RECORD_MOVES {
        return Err(DomainError::unprocessable(text!(
            "the record has {count} moves; at most {RECORD_MOVES} are imported",
            "die Aufzeichnung hat {count} Züge; höchstens {RECORD_MOVES} werden importiert"
        )));
    }
    records::check_tags(&record.tags)?;
    let game = registry.load_record(&record)?;
    let own = game.record();
    let kept = record
        .tags
        .iter()
        .filter(|(name, _)| !name.eq_ignore_ascii_case("Setup") && own.tag(name).is_none())
        .cloned()
        .collect();
    Ok((game, record.tag("Setup").map(str::to_owned), kept))
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
