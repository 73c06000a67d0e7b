//! A new invite link for the open seat of a game between people, asked
//! for by the signed-in account that holds the other seat: the server
//! keeps only an invite's hash, so a creator on another device gets a
//! fresh code, and the old link stops opening the seat.

use crate::contract::game::NewInvite;
use crate::core::app::{App, Change};
use crate::core::error::DomainError;
use crate::core::secret::{hash_secret, new_secret};
use crate::core::table::Kind;
use crate::features::account::Account;
use crate::features::games::invite_link;
use crate::features::seat::detached;
use crate::store::Op;
use game::{Player, text};
use std::sync::Arc;

/// Gives the open seat of game `id` a new invite code and returns its
/// link, when `account` holds the game's other seat: 403 for anyone else
/// (nobody signed in, an account without a seat), 409 once the seat is
/// taken or the game is over or is not between people.
pub async fn renew(app: Arc<App>, id: String, account: Option<Account>) -> Result<NewInvite, DomainError> {
    detached(async move {
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        let Some(mine) = account.and_then(|a| table.seat_of_account(&a.id)) else {
            return Err(DomainError::forbidden(text!(
                "only the player who waits for the friend, signed in, may make a new invite link",
                "nur wer auf den Freund wartet, angemeldet, kann einen neuen Einladungslink erzeugen"
            )));
        };
        let open: Player = mine.other();
        let seat = &table.seats[open.index()];
        if table.kind != Kind::Human || seat.taken() || seat.invite_hash.is_none() {
            return Err(DomainError::conflict(text!(
                "the other seat of this game is taken: no invite is needed",
                "der andere Platz dieser Partie ist besetzt: es braucht keine Einladung"
            )));
        }
        if table.game.outcome().is_some() {
            return Err(DomainError::conflict(text!(
                "this game is over: nobody can join it any more",
                "diese Partie ist vorbei: niemand kann mehr beitreten"
            )));
        }
        let invite = new_secret();
        let invite_hash = hash_secret(&invite);
        let op = Op::SetInvite { game: table.id.clone(), seat: open, invite_hash: invite_hash.clone() };
        app.commit_change(&table, vec![op]).await?;
        table.seats[open.index()].invite_hash = Some(invite_hash);
        let from = table.moves.len();
        app.changed(&slot, &mut table, Change::Added { from });
        Ok(NewInvite { invite: invite_link(&app, &id, &invite) })
    })
    .await
}
