//! A player's actions in a running game: move, resign, offer or answer a
//! draw, take moves back against the engine (the routes are in
//! [`crate::http::games`]).

use crate::contract::game::{GameJson, OfferRequest};
use crate::core::app::{App, Change};
use crate::core::error::DomainError;
use crate::core::table::{Kind, Table};
use crate::features::people::{draw_declined, draw_offered};
use crate::features::seat::{Actor, with_seat};
use crate::store::Op;
use game::{Outcome, text};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// 422 when the game is over.
fn ensure_running(table: &Table) -> Result<(), DomainError> {
    match table.game.outcome() {
        Some(outcome) => {
            let described = outcome.describe();
            Err(DomainError::unprocessable(text!("the game is over ({described})", "die Partie ist vorbei")))
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
                    let people = draw_offered(table, seat)?;
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
                    let people = draw_declined(table, seat);
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
                    "die Partie ist vorbei; Züge können nur zurückgenommen werden, solange sie läuft"
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
