//! Accounts: sign-up, log-in and log-out, sessions by cookie.
//!
//! Accounts are optional: every game can be played with a seat token.
//! A name is 3 to 20 letters, digits, `_` or `-`, unique whatever its
//! case ([`AccountName`]: a name that is none is refused with 422, at
//! sign-up and log-in alike); a password has at least 8 characters and is stored as an
//! argon2id PHC string (hashed on the server's own hashing threads: it takes a while on
//! purpose). Sign-ups and log-ins are limited per client address, and
//! the server hashes at most [`crate::Limits::password_hashes`] passwords
//! at once ([`PasswordHashes`](crate::core::passwords::PasswordHashes)). A log-in with an unknown name hashes
//! against a dummy hash and gets the same reply as a wrong password
//! ("wrong name or password"), so that names cannot be told apart.
//!
//! A session is a random secret in the cookie `spielwerk_session`
//! (`HttpOnly; SameSite=Lax; Path=/`, 30 days), stored as its hash in the
//! `sessions` table; log-out deletes it. The cookie itself, its `Secure`
//! flag behind a trusted https proxy and the refusal of cross-site
//! requests are the HTTP layer's (`http::session`).

use crate::contract::accounts::{AccountReply, MIN_PASSWORD};
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::{DomainError, ErrorKind};
use crate::core::limits::Action;
use crate::core::passwords::dummy_hash;
use crate::core::recovery_code::{new_recovery_code, normalized_code};
use crate::core::secret::{hash_secret, new_game_id, new_secret};
use crate::core::table::now_ms;
use crate::store::{AccountRow, Op};
use game::text;
use serde::Deserialize;
use std::net::IpAddr;

/// The name of the session cookie.
pub const COOKIE: &str = "spielwerk_session";
/// How long a session lasts, ms (30 days).
pub const SESSION_MS: i64 = 30 * 24 * 3_600_000;
/// The longest password (hashing a huge one would cost a lot).
pub const MAX_PASSWORD: usize = 200;

/// The signed-in account of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// A session just started: the account's reply and the secret its cookie
/// carries.
pub struct Session {
    /// `{"name"}` of the signed-in account.
    pub reply: AccountReply,
    /// The session's secret (only its hash is stored).
    pub secret: String,
}

/// The account whose live session has `secret`.
pub async fn by_session(app: &App, secret: &str) -> Result<Option<Account>, DomainError> {
    let hash = hash_secret(secret);
    let found = app.read(|db| db.session(&hash, now_ms())).await?;
    Ok(found.map(|(id, name)| Account { id, name }))
}

/// A refusal of a field: `field` (`name` or `password`) says where the
/// page shows it.
fn field_error(kind: ErrorKind, field: &'static str, message: game::Text) -> DomainError {
    DomainError::new(kind, message).on_field(field)
}

/// `POST /api/account/signup` and `/login`: `{"name", "password"}`.
#[derive(Deserialize)]
pub struct Credentials {
    /// The account's name.
    #[serde(default)]
    pub name: String,
    /// Its password.
    #[serde(default)]
    pub password: String,
}

/// Starts a session of `account`.
pub async fn start_session(app: &App, account: &AccountRow) -> Result<Session, DomainError> {
    let secret = new_secret();
    let op = Op::CreateSession {
        id_hash: hash_secret(&secret),
        account_id: account.id.clone(),
        expires_ms: now_ms() + SESSION_MS,
    };
    app.write(vec![op]).await?;
    Ok(Session { reply: AccountReply { name: Some(account.name.clone()) }, secret })
}

/// The op that gives an account a new recovery code (its first, or one in
/// place of the old), and the code.
pub async fn recovery_code_op(app: &App, account_id: &str) -> Result<(Op, String), DomainError> {
    let recovery_code = new_recovery_code();
    let recovery_hash = hash_code(app, &recovery_code).await?;
    Ok((Op::SetRecoveryCode { account_id: account_id.to_owned(), recovery_hash }, recovery_code))
}

/// The PHC string of a recovery code (hashed as a password is).
async fn hash_code(app: &App, code: &str) -> Result<String, DomainError> {
    app.password_hashes.hash(normalized_code(code)).await
}

/// 422 on the field `field` (`password` at sign-up, `new_password` for a
/// new one) for a password shorter than [`MIN_PASSWORD`] or longer than
/// [`MAX_PASSWORD`] characters.
pub fn check_password_length(password: &str, field: &'static str) -> Result<(), DomainError> {
    let length = password.chars().count();
    if (MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
        return Ok(());
    }
    Err(field_error(
        ErrorKind::Rejected,
        field,
        text!(
            "a password has at least {MIN_PASSWORD} (at most {MAX_PASSWORD}) characters",
            "ein Passwort hat mindestens {MIN_PASSWORD} (höchstens {MAX_PASSWORD}) Zeichen"
        ),
    ))
}

/// Signs up a new account for a client at `client` and starts its
/// session, with its first recovery code (see
/// `features::account_care`); a bad name or password is refused
/// (the error names the field), a name taken (also by a closed account)
/// is a conflict.
pub async fn signup(
    app: &App,
    client: IpAddr,
    request: Credentials,
) -> Result<(Session, String), DomainError> {
    app.rates.check(Action::Login, client)?;
    let name = AccountName::parse(&request.name)?;
    check_password_length(&request.password, "password")?;
    let taken = || {
        field_error(
            ErrorKind::Conflict,
            "name",
            text!("the name '{name}' is taken", "der Name „{name}“ ist schon vergeben"),
        )
    };
    if app.read(|db| db.account_by_name(name.as_str())).await?.is_some() {
        return Err(taken());
    }
    let account = AccountRow {
        id: new_game_id(),
        name: name.to_string(),
        password_hash: app.password_hashes.hash(request.password).await?,
        created_ms: now_ms(),
    };
    let (first_code, recovery_code) = recovery_code_op(app, &account.id).await?;
    if let Err(error) = app.write(vec![Op::CreateAccount(account.clone()), first_code]).await {
        // Two sign-ups of one name at once: the unique name refused one.
        if app.read(|db| db.account_by_name(name.as_str())).await?.is_some() {
            return Err(taken());
        }
        return Err(error);
    }
    Ok((start_session(app, &account).await?, recovery_code))
}

/// Logs a client at `client` in: "wrong name or password" for an unknown
/// name and a wrong password alike, after the same work (a hash against a
/// dummy for an unknown name); a name that is none (which no account has:
/// nothing is told) is refused.
pub async fn login(app: &App, client: IpAddr, request: Credentials) -> Result<Session, DomainError> {
    app.rates.check(Action::Login, client)?;
    let name = AccountName::parse(&request.name)?;
    let account = app.read(|db| db.account_by_name(name.as_str())).await?;
    let stored = account.as_ref().map_or_else(|| dummy_hash().to_owned(), |a| a.password_hash.clone());
    let matches = app.password_hashes.verify(request.password, stored).await?;
    match account {
        Some(account) if matches => start_session(app, &account).await,
        _ => Err(DomainError::new(ErrorKind::Unauthenticated, wrong_name_or_password())),
    }
}

/// The refusal of a log-in, whichever of name and password was wrong.
pub fn wrong_name_or_password() -> game::Text {
    text!("wrong name or password", "falscher Name oder falsches Passwort")
}

/// Ends the session with `secret`, if it is live.
pub async fn logout(app: &App, secret: &str) -> Result<AccountReply, DomainError> {
    if let Some(account) = by_session(app, secret).await? {
        let op = Op::DeleteSession { id_hash: hash_secret(secret), account_id: account.id };
        app.write(vec![op]).await?;
    }
    Ok(AccountReply { name: None })
}

/// Who is signed in: `{"name"}` or `{"name": null}`.
pub fn whoami(account: Option<Account>) -> AccountReply {
    AccountReply { name: account.map(|a| a.name) }
}
