//! Bot accounts, as lichess's Bot API has them: an account turned into a
//! bot (`POST /api/bot/account/upgrade`) is played by a program through a
//! personal API token with the scope `bot:play`. The change is for good,
//! and refused for an account that has played a game as a person, so that
//! a person's games and rating never pass to a program.

use crate::contract::bots::OkReply;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::account::Account;
use crate::features::api_tokens::{Scope, TokenHolder};
use crate::store::Op;
use game::text;

/// Who asks to upgrade: a signed-in person (the account page) or a program
/// with a token.
pub enum Caller {
    /// The account of a session cookie.
    Session(Account),
    /// The holder of a personal API token.
    Token(TokenHolder),
}

/// Turns the caller's account into a bot. 403 for a token without
/// `bot:play`; 409 for an account that is a bot already or has played.
pub async fn upgrade(app: &App, caller: Caller) -> Result<OkReply, DomainError> {
    let account = match caller {
        Caller::Session(account) => account,
        Caller::Token(holder) if holder.scopes.contains(&Scope::BotPlay) => holder.account,
        Caller::Token(_) => {
            return Err(DomainError::forbidden(text!(
                "this token lacks the scope 'bot:play'",
                "diesem Token fehlt der Bereich „bot:play“"
            )));
        }
    };
    let refused = |bot: bool| {
        DomainError::conflict(if bot {
            text!("this account is a bot already", "dieses Konto ist schon ein Bot")
        } else {
            text!(
                "an account that has played games cannot become a bot: make a fresh account for the bot",
                "ein Konto, das schon Partien gespielt hat, kann kein Bot werden: lege für den Bot ein neues Konto an"
            )
        })
    };
    match app.read(|db| db.account_bot(&account.id)).await? {
        None => return Err(DomainError::not_found(text!("no such account", "kein solches Konto"))),
        Some((bot, played)) if bot || played => return Err(refused(bot)),
        Some(_) => {}
    }
    app.write(vec![Op::MakeBot { account_id: account.id.clone() }]).await.map_err(|error| {
        // Another request made it a bot or gave it a game meanwhile.
        if error.kind == crate::core::error::ErrorKind::Conflict { refused(false) } else { error }
    })?;
    Ok(OkReply { ok: true })
}
