//! Playing people as on lichess (see [`crate::core::people`]; the routes
//! are in [`crate::http::people`]):
//!
//! - `POST /api/games/{id}/abort`: either player ends the game as
//!   `aborted` (unrated) while fewer than two moves were made; 409 after.
//! - `POST /api/games/{id}/claim` `{"result": "win"|"draw"}`: the player
//!   whose opponent has been gone long enough ends the game (reason
//!   `left`); 409 while it is not allowed yet, and always in a game
//!   without a clock.
//! - `POST /api/games/{id}/takeback` `{"action": "offer"|"accept"|"decline"}`:
//!   a player asks to take back their last move, the other grants or
//!   refuses; only in games between people that allow takebacks.
//! - The draw offers' limit: one per player per [`DRAW_OFFER_PLIES`] plies.
//!
//! Every request needs the seat's token or its account signed in, and a
//! refused one changes nothing.

use crate::contract::game::{ClaimRequest, GameJson, OfferRequest};
use crate::core::app::{App, Slot};
use crate::core::error::DomainError;
use crate::core::people::{DRAW_OFFER_PLIES, People};
use crate::core::table::{Kind, Table, now_ms};
use crate::features::seat::{Actor, with_seat};
use crate::store::Op;
use bytes::Bytes;
use game::{Outcome, Player, text};
use std::sync::Arc;

/// 409 when the game is over.
fn refuse_over(table: &Table) -> Result<(), DomainError> {
    match table.game.outcome() {
        Some(outcome) => {
            let why = outcome.description();
            let (en, de) = (why.en, why.de);
            Err(DomainError::conflict(text!("the game is over ({en})", "die Partie ist vorbei ({de})")))
        }
        None => Ok(()),
    }
}

/// 422 unless the game is between people.
fn refuse_not_people(table: &Table) -> Result<(), DomainError> {
    if table.kind == Kind::Human {
        return Ok(());
    }
    Err(DomainError::unprocessable(text!(
        "this is only for games between people",
        "das gibt es nur in Partien zwischen Menschen"
    )))
}

/// Ends the game as `aborted` for the actor's seat: the update.
pub async fn abort(app: Arc<App>, id: String, actor: Actor) -> Result<GameJson, DomainError> {
    with_seat(app, id, actor, |app, slot, table, seat| {
        Box::pin(async move {
            refuse_over(table)?;
            refuse_not_people(table)?;
            if table.begun() {
                return Err(DomainError::conflict(text!(
                    "the game has begun (both sides moved): it can no longer be aborted; resign or offer a draw",
                    "die Partie hat begonnen (beide Seiten haben gezogen): sie kann nicht mehr abgebrochen \
                     werden; gib auf oder biete Remis an"
                )));
            }
            // Who aborted, for both players' pages ("Alice aborted the game during the setup").
            let people = People { aborted_by: Some(seat), ..table.people.clone() };
            app.end_with(slot, table, Outcome::draw("aborted"), Some(people)).await
        })
    })
    .await
}

/// Claims the win or a draw for the actor's seat against an opponent gone
/// long enough: the update.
pub async fn claim(
    app: Arc<App>,
    id: String,
    actor: Actor,
    request: ClaimRequest,
) -> Result<GameJson, DomainError> {
    with_seat(app, id, actor, move |app, slot, table, seat| {
        Box::pin(async move {
            let outcome = match request.result.as_deref().unwrap_or("win") {
                "win" => Outcome::win(seat, "left"),
                "draw" => Outcome::draw("left"),
                other => {
                    return Err(DomainError::unprocessable(text!(
                        "a claim is for 'win' or 'draw', not '{other}'",
                        "beanspruchen kannst du „win“ oder „draw“, nicht „{other}“"
                    )));
                }
            };
            refuse_over(table)?;
            refuse_not_people(table)?;
            check_claim(table, seat.other())?;
            app.end(slot, table, outcome).await
        })
    })
    .await
}

/// 409 unless the opponent `gone` has been gone long enough to be claimed against.
fn check_claim(table: &Table, gone: Player) -> Result<(), DomainError> {
    if !table.begun() {
        return Err(DomainError::conflict(text!(
            "the game has not begun yet: abort it instead",
            "die Partie hat noch nicht begonnen: brich sie stattdessen ab"
        )));
    }
    if table.clock.is_none() {
        return Err(DomainError::conflict(text!(
            "a game without a clock waits for its players: there is no win to claim when one leaves",
            "eine Partie ohne Uhr wartet auf ihre Spieler: verlässt einer sie, gibt es keinen Sieg zu \
             beanspruchen"
        )));
    }
    let Some(from) = table.claim_from_ms(gone) else {
        return Err(DomainError::conflict(text!(
            "your opponent is still in the game",
            "dein Gegner ist noch in der Partie"
        )));
    };
    let wait = Table::ms_until(from);
    if wait > 0 {
        let secs = (wait + 999) / 1000;
        return Err(DomainError::conflict(text!(
            "your opponent left only a moment ago: you may claim in {secs} s",
            "dein Gegner ist gerade erst gegangen: du kannst in {secs} s beanspruchen"
        )));
    }
    Ok(())
}

/// The state between the players after `seat` offers a draw now, or 409
/// when they offered one fewer than [`DRAW_OFFER_PLIES`] plies ago.
pub fn draw_offered(table: &Table, seat: Player) -> Result<People, DomainError> {
    let ply = table.moves.len();
    if let Some(last) = table.people.draw_offer_plies[seat.index()]
        && ply < last + DRAW_OFFER_PLIES
    {
        let next = last + DRAW_OFFER_PLIES;
        return Err(DomainError::conflict(text!(
            "you offered a draw at ply {last}; you may offer one again from ply {next} on \
             (one offer per {DRAW_OFFER_PLIES} plies)",
            "du hast bei Halbzug {last} Remis angeboten; ein neues Angebot geht ab Halbzug {next} \
             (eins pro {DRAW_OFFER_PLIES} Halbzüge)"
        )));
    }
    let mut people = table.people.clone();
    people.draw_offer_plies[seat.index()] = Some(ply);
    people.draw_declined = None;
    Ok(people)
}

/// The state between the players after `seat` declines the other's draw offer.
pub fn draw_declined(table: &Table, seat: Player) -> People {
    let mut people = table.people.clone();
    people.draw_declined = Some(seat.other());
    people
}

/// The actor's seat asks to take back its last move (`offer`, the
/// default), or grants (`accept`) or refuses (`decline`) the other's
/// request: the update, or the whole state after moves were taken back.
pub async fn takeback(
    app: Arc<App>,
    id: String,
    actor: Actor,
    request: OfferRequest,
) -> Result<GameJson, DomainError> {
    with_seat(app, id, actor, move |app, slot, table, seat| {
        Box::pin(async move {
            let action = request.action.unwrap_or_else(|| "offer".to_owned());
            if !matches!(action.as_str(), "offer" | "accept" | "decline") {
                return Err(DomainError::unprocessable(text!(
                    "takeback action '{action}' is not offer, accept or decline",
                    "Rücknahme-Aktion „{action}“ ist nicht offer, accept oder decline"
                )));
            }
            refuse_over(table)?;
            if table.kind == Kind::Engine {
                return Err(DomainError::unprocessable(text!(
                    "against the engine take moves back with undo",
                    "gegen den Computer nimmst du Züge mit „undo“ zurück"
                )));
            }
            refuse_not_people(table)?;
            if !table.people.takebacks {
                return Err(DomainError::conflict(text!(
                    "takebacks are off in this game",
                    "in dieser Partie sind Zugrücknahmen ausgeschaltet"
                )));
            }
            answer_takeback(app, slot, table, seat, &action).await
        })
    })
    .await
}

/// Carries out a valid takeback action of `seat`.
async fn answer_takeback(
    app: &Arc<App>,
    slot: &Arc<Slot>,
    table: &mut Table,
    seat: Player,
    action: &str,
) -> Result<Bytes, DomainError> {
    let offer = table.people.takeback_offer;
    let mut people = table.people.clone();
    match action {
        "offer" | "accept" if offer == Some(seat.other()) => {
            return grant(app, slot, table, seat.other()).await;
        }
        "offer" if offer == Some(seat) => {
            return Err(DomainError::conflict(text!(
                "you asked for a takeback already: wait for the answer",
                "du hast schon um eine Rücknahme gebeten: warte auf die Antwort"
            )));
        }
        "offer" => {
            steps_back(table, seat)?;
            people.takeback_offer = Some(seat);
        }
        "decline" if offer == Some(seat.other()) => people.takeback_offer = None,
        _ => {
            return Err(DomainError::conflict(text!(
                "your opponent has not asked for a takeback",
                "dein Gegner hat nicht um eine Rücknahme gebeten"
            )));
        }
    }
    app.commit_change(table, vec![Op::SetPeople { game: table.id.clone(), state: people.to_text() }]).await?;
    table.people = people;
    let from = table.moves.len();
    Ok(app.changed(slot, table, crate::core::app::Change::Added { from }))
}

/// How many moves go back so that `seat` is to move again before its last
/// move; 422 when it has made none.
fn steps_back(table: &Table, seat: Player) -> Result<usize, DomainError> {
    let mut game = table.game.clone_box();
    let mut steps = 0;
    while game.undo().is_some() {
        steps += 1;
        if game.side_to_move() == seat {
            return Ok(steps);
        }
    }
    Err(DomainError::unprocessable(text!(
        "you have no move to take back",
        "du hast keinen Zug zum Zurücknehmen"
    )))
}

/// Takes back `asker`'s last move (and the opponent's after it): the
/// moves kept give the clock times, and the side to move's turn starts now.
async fn grant(
    app: &Arc<App>,
    slot: &Arc<Slot>,
    table: &mut Table,
    asker: Player,
) -> Result<Bytes, DomainError> {
    let steps = steps_back(table, asker)?;
    let keep = table.moves.len() - steps;
    let mut people = table.people.clone();
    people.takeback_offer = None;
    people.draw_declined = None;
    if keep < 2 {
        people.first_move_since_ms = Some(now_ms());
    }
    let ops = vec![
        Op::TruncateMoves { game: table.id.clone(), from_ply: keep, to_move: asker },
        Op::SetDrawOffer { game: table.id.clone(), seat: None },
        Op::SetPeople { game: table.id.clone(), state: people.to_text() },
    ];
    app.commit_change(table, ops).await?;
    app.read_again(slot, table).await
}
