//! Personal API tokens: what a program (a bot bridge, a script) signs in
//! with instead of a password, made and revoked on the account page.
//!
//! A token is `spw_` and a random secret; only the secret's hash is
//! stored, so the secret is shown once, when it is made. It grants the
//! scopes chosen then ([`Scope`]) and acts for its account until revoked;
//! a request carries it as `Authorization: Bearer spw_…` (the prefix tells
//! it apart from a game's seat token, which travels the same way).

use crate::contract::bots::{ApiTokenCreated, ApiTokenList, ApiTokenRequest, ApiTokenSummary};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::secret::{hash_secret, new_game_id, new_secret};
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::store::{ApiTokenRow, Op};
use game::text;

/// What every personal token starts with.
pub const TOKEN_PREFIX: &str = "spw_";
/// The most tokens one account may hold.
pub const MAX_TOKENS: usize = 20;
/// The longest description of a token, in characters.
pub const MAX_DESCRIPTION: usize = 100;

/// What a token may do besides reading what its account may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Play as a bot: upgrade the account, stream its events and games,
    /// move, chat, resign and abort (`bot:play`).
    BotPlay,
    /// Read the account's incoming challenges (`challenge:read`).
    ChallengeRead,
    /// Make, accept and decline challenges (`challenge:write`).
    ChallengeWrite,
}

impl Scope {
    /// Every scope, in the order they are listed.
    pub const ALL: [Scope; 3] = [Scope::BotPlay, Scope::ChallengeRead, Scope::ChallengeWrite];

    /// Its name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Scope::BotPlay => "bot:play",
            Scope::ChallengeRead => "challenge:read",
            Scope::ChallengeWrite => "challenge:write",
        }
    }

    /// The scope named `name`.
    pub fn parse(name: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|scope| scope.name() == name)
    }
}

/// The scopes of a token, parsed from their stored, space-separated form
/// (a name no longer known is dropped).
pub fn parse_scopes(stored: &str) -> Vec<Scope> {
    stored.split_whitespace().filter_map(Scope::parse).collect()
}

/// Who a token acts for and what it may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenHolder {
    /// The account.
    pub account: Account,
    /// The token's scopes.
    pub scopes: Vec<Scope>,
}

/// The account and scopes of the token `secret` (`spw_…`), if it is one.
pub async fn by_token(app: &App, secret: &str) -> Result<Option<TokenHolder>, DomainError> {
    if !secret.starts_with(TOKEN_PREFIX) {
        return Ok(None);
    }
    let hash = hash_secret(secret);
    let found = app.read(|db| db.token_account(&hash)).await?;
    Ok(found.map(|row| TokenHolder {
        account: Account { id: row.id, name: row.name },
        scopes: parse_scopes(&row.scopes),
    }))
}

/// Makes a token for `account`: its secret is in the reply, and nowhere
/// after. 422 for a description that is empty or too long, a scope that is
/// none or no scope; 409 when the account holds [`MAX_TOKENS`] already.
pub async fn create(
    app: &App,
    account: &Account,
    request: ApiTokenRequest,
) -> Result<ApiTokenCreated, DomainError> {
    let description = request.description.trim().to_owned();
    let length = description.chars().count();
    if !(1..=MAX_DESCRIPTION).contains(&length) {
        return Err(DomainError::unprocessable(text!(
            "a token's description has 1 to {MAX_DESCRIPTION} characters",
            "die Beschreibung eines Tokens hat 1 bis {MAX_DESCRIPTION} Zeichen"
        ))
        .on_field("description"));
    }
    let mut scopes = Vec::new();
    for name in &request.scopes {
        let scope = Scope::parse(name.trim()).ok_or_else(|| {
            let known = Scope::ALL.map(Scope::name).join(", ");
            DomainError::unprocessable(text!(
                "no scope '{name}' (the scopes: {known})",
                "keinen Bereich „{name}“ (die Bereiche: {known})"
            ))
            .on_field("scopes")
        })?;
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    if scopes.is_empty() {
        return Err(DomainError::unprocessable(text!(
            "choose at least one scope",
            "wähle mindestens einen Bereich"
        ))
        .on_field("scopes"));
    }
    let held = app.read(|db| db.api_tokens(&account.id)).await?.len();
    if held >= MAX_TOKENS {
        return Err(DomainError::conflict(text!(
            "an account holds at most {MAX_TOKENS} tokens: revoke one first",
            "ein Konto hat höchstens {MAX_TOKENS} Tokens: widerrufe zuerst eines"
        )));
    }
    let secret = format!("{TOKEN_PREFIX}{}", new_secret());
    let row = ApiTokenRow {
        id: new_game_id(),
        account_id: account.id.clone(),
        secret_hash: hash_secret(&secret),
        description,
        scopes: scopes.iter().map(|scope| scope.name()).collect::<Vec<_>>().join(" "),
        created_ms: now_ms(),
    };
    let id = row.id.clone();
    app.write(vec![Op::CreateApiToken(row)]).await?;
    Ok(ApiTokenCreated { id, token: secret })
}

/// `account`'s tokens, oldest first, and whether it is a bot.
pub async fn list(app: &App, account: &Account) -> Result<ApiTokenList, DomainError> {
    let tokens = app.read(|db| db.api_tokens(&account.id)).await?;
    let bot = app.read(|db| db.account_bot(&account.id)).await?.is_some_and(|(bot, _)| bot);
    let tokens = tokens
        .into_iter()
        .map(|token| ApiTokenSummary {
            id: token.id,
            description: token.description,
            scopes: parse_scopes(&token.scopes).into_iter().map(|scope| scope.name().to_owned()).collect(),
            created_ms: token.created_ms,
        })
        .collect();
    Ok(ApiTokenList { tokens, bot })
}

/// Revokes `account`'s token `id`; 404 when it has none of that id.
pub async fn revoke(app: &App, account: &Account, id: &str) -> Result<(), DomainError> {
    let held = app.read(|db| db.api_tokens(&account.id)).await?;
    if !held.iter().any(|token| token.id == id) {
        return Err(DomainError::not_found(text!("you have no token '{id}'", "du hast kein Token „{id}“")));
    }
    app.write(vec![Op::DeleteApiToken { id: id.to_owned(), account_id: account.id.clone() }]).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_parse_by_name_and_unknown_ones_are_dropped_from_storage() {
        for scope in Scope::ALL {
            assert_eq!(Scope::parse(scope.name()), Some(scope));
        }
        assert_eq!(Scope::parse("bot"), None);
        assert_eq!(
            parse_scopes("bot:play  gone:away challenge:write"),
            [Scope::BotPlay, Scope::ChallengeWrite]
        );
    }
}
