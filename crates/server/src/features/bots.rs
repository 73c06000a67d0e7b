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

impl Caller {
    /// The caller's account: a session's, or a token's that grants one of
    /// `scopes` (403 naming them otherwise).
    pub fn account_with(self, scopes: &[Scope]) -> Result<Account, DomainError> {
        match self {
            Caller::Session(account) => Ok(account),
            Caller::Token(holder) if scopes.iter().any(|scope| holder.scopes.contains(scope)) => {
                Ok(holder.account)
            }
            Caller::Token(_) => {
                let names = scopes.iter().map(|scope| format!("'{}'", scope.name())).collect::<Vec<_>>();
                let (en, de) = (names.join(" or "), names.join(" oder "));
                Err(DomainError::forbidden(text!(
                    "this token lacks the scope {en}",
                    "diesem Token fehlt der Bereich {de}"
                )))
            }
        }
    }
}

/// The bot account of a Bot API request: a token with `bot:play` (or a
/// session) of an account that is a bot; 403 otherwise.
pub async fn bot_account(app: &App, caller: Caller) -> Result<Account, DomainError> {
    let account = caller.account_with(&[Scope::BotPlay])?;
    if !is_bot(app, &account.id).await? {
        return Err(DomainError::forbidden(text!(
            "only bot accounts may use the bot endpoints: upgrade a fresh account with POST \
             /api/bot/account/upgrade",
            "nur Bot-Konten dürfen die Bot-Schnittstelle nutzen: mach ein neues Konto mit POST \
             /api/bot/account/upgrade zum Bot"
        )));
    }
    Ok(account)
}

/// Whether the account `account_id` is a bot.
pub async fn is_bot(app: &App, account_id: &str) -> Result<bool, DomainError> {
    Ok(app.read(|db| db.account_bot(account_id)).await?.is_some_and(|(bot, _)| bot))
}

/// 403 when `account` is a bot: bots play only by challenge (and in
/// bot arenas), not in pools, seeks, the lobby's quick games or games
/// opened by an invite link.
pub async fn refuse_bot(app: &App, account: &Account) -> Result<(), DomainError> {
    if is_bot(app, &account.id).await? {
        return Err(DomainError::forbidden(text!(
            "bots play by challenge only, not in pools, seeks, quick games or by invite links",
            "Bots spielen nur auf Herausforderung, nicht in Pools, Gesuchen, Schnellpartien oder \
             über Einladungslinks"
        )));
    }
    Ok(())
}

/// Turns the caller's account into a bot. 403 for a token without
/// `bot:play`; 409 for an account that is a bot already or has played.
pub async fn upgrade(app: &App, caller: Caller) -> Result<OkReply, DomainError> {
    let account = caller.account_with(&[Scope::BotPlay])?;
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
