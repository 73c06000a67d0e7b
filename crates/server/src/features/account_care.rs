//! What the owner of an account looks after, signed in or not: a new
//! password, a recovery code, closing the account, the settings kept on
//! it.
//!
//! There is no e-mail. At sign-up the server makes a one-time **recovery
//! code** (20 letters and digits without look-alikes, shown once, in
//! groups of four); only its argon2id hash is kept, as a password's is.
//! Whoever knows the name and the code sets a new password
//! ([`recover`]): the code is used up and a new one shown, every session
//! ends and a new one starts. A signed-in owner makes a new code (the old
//! one stops working) and changes the password, each with the current
//! password; changing it ends the account's other sessions. Wrong
//! passwords and codes count against the client address's log-ins, as a
//! wrong log-in does. An operator gives an owner who lost both a new code
//! with `spielwerk account reset NAME` (`core::recovery_code::reset`).
//!
//! Closing an account (with its password) is for good: the password and
//! code match nothing any more, sessions and API tokens end, open seeks,
//! the pool entry, open challenges and entries in unfinished tournaments
//! and leagues in sign-up are withdrawn (the store's `Op::CloseAccount`);
//! the name stays taken and its games and ratings stay, the profile
//! saying the account is closed.

use crate::contract::accounts::{AccountSettings, MAX_VOLUME, RecoveryCodeReply, SettingsReply};
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::{DomainError, ErrorKind};
use crate::core::limits::Action;
use crate::core::passwords::dummy_hash;
use crate::core::recovery_code::normalized_code;
use crate::core::table::now_ms;
use crate::features::account::{Account, Session, check_password_length, recovery_code_op, start_session};
use crate::store::{AccountCare, Op};
use game::text;
use serde::Deserialize;
use std::net::IpAddr;

/// The care of a signed-in account (it is open: a closed one has no
/// session).
async fn care_of(app: &App, account: &Account) -> Result<AccountCare, DomainError> {
    app.read(|db| db.account_care(&account.id)).await?.ok_or_else(|| {
        DomainError::new(ErrorKind::Unauthenticated, text!("sign in first", "melde dich zuerst an"))
    })
}

/// Checks the signed-in owner's `password` (counted as a log-in of
/// `client`): 401 on the field `password` when it is wrong.
async fn check_password(
    app: &App,
    client: IpAddr,
    account: &Account,
    password: &str,
) -> Result<(), DomainError> {
    app.rates.check(Action::Login, client)?;
    let care = care_of(app, account).await?;
    if app.password_hashes.verify(password.to_owned(), care.password_hash).await? {
        return Ok(());
    }
    Err(DomainError::new(
        ErrorKind::Unauthenticated,
        text!("that is not your password", "das ist nicht dein Passwort"),
    )
    .on_field("password"))
}

/// `POST /api/account/password`: `{"password", "new_password"}`.
#[derive(Deserialize)]
pub struct PasswordChange {
    /// The current password.
    #[serde(default)]
    pub password: String,
    /// The new one.
    #[serde(default)]
    pub new_password: String,
}

/// Changes the signed-in owner's password, checking the current one; the
/// account's other sessions end (the one with `session_hash` stays).
pub async fn change_password(
    app: &App,
    client: IpAddr,
    account: &Account,
    session_hash: Option<String>,
    request: PasswordChange,
) -> Result<(), DomainError> {
    check_password_length(&request.new_password, "new_password")?;
    check_password(app, client, account, &request.password).await?;
    let password_hash = app.password_hashes.hash(request.new_password).await?;
    app.write(vec![Op::SetPassword {
        account_id: account.id.clone(),
        password_hash,
        keep_session: session_hash,
    }])
    .await
}

/// `POST /api/account/recovery-code` and `/close`: `{"password"}`.
#[derive(Deserialize)]
pub struct PasswordOnly {
    /// The current password.
    #[serde(default)]
    pub password: String,
}

/// Makes a new recovery code for the signed-in owner, checking the
/// password; the old code stops working.
pub async fn renew_recovery_code(
    app: &App,
    client: IpAddr,
    account: &Account,
    request: PasswordOnly,
) -> Result<RecoveryCodeReply, DomainError> {
    check_password(app, client, account, &request.password).await?;
    let (new_code, recovery_code) = recovery_code_op(app, &account.id).await?;
    app.write(vec![new_code]).await?;
    Ok(RecoveryCodeReply { name: account.name.clone(), recovery_code })
}

/// `POST /api/account/recover`: `{"name", "recovery_code", "new_password"}`.
#[derive(Deserialize)]
pub struct Recovery {
    /// The account's name.
    #[serde(default)]
    pub name: String,
    /// Its recovery code, as typed.
    #[serde(default)]
    pub recovery_code: String,
    /// The new password.
    #[serde(default)]
    pub new_password: String,
}

/// The refusal of a recovery, whichever of name and code was wrong.
pub fn wrong_name_or_code() -> game::Text {
    text!("wrong name or recovery code", "falscher Name oder falscher Wiederherstellungscode")
}

/// Sets a new password with the account's recovery code (counted as a
/// log-in of `client`; an unknown name and a wrong code get the same
/// reply after the same work): the code is used up, a new one made, every
/// session ends and a new one starts.
pub async fn recover(
    app: &App,
    client: IpAddr,
    request: Recovery,
) -> Result<(Session, RecoveryCodeReply), DomainError> {
    app.rates.check(Action::Login, client)?;
    let name = AccountName::parse(&request.name)?;
    check_password_length(&request.new_password, "new_password")?;
    let account = app.read(|db| db.account_by_name(name.as_str())).await?;
    let care = match &account {
        Some(account) => app.read(|db| db.account_care(&account.id)).await?,
        None => None,
    };
    let stored = care.and_then(|care| care.recovery_hash).unwrap_or_else(|| dummy_hash().to_owned());
    let matches = app.password_hashes.verify(normalized_code(&request.recovery_code), stored).await?;
    let Some(account) = account.filter(|_| matches) else {
        return Err(DomainError::new(ErrorKind::Unauthenticated, wrong_name_or_code()));
    };
    let password_hash = app.password_hashes.hash(request.new_password).await?;
    let (new_code, recovery_code) = recovery_code_op(app, &account.id).await?;
    app.write(vec![
        Op::SetPassword { account_id: account.id.clone(), password_hash, keep_session: None },
        new_code,
    ])
    .await?;
    let session = start_session(app, &account).await?;
    Ok((session, RecoveryCodeReply { name: account.name, recovery_code }))
}

/// Closes the signed-in owner's account for good, checking the password
/// (see the module documentation for what it withdraws).
pub async fn close(
    app: &App,
    client: IpAddr,
    account: &Account,
    request: PasswordOnly,
) -> Result<(), DomainError> {
    check_password(app, client, account, &request.password).await?;
    app.write(vec![Op::CloseAccount { account_id: account.id.clone(), closed_ms: now_ms() }]).await
}

/// The settings kept on the signed-in account (`null` until first saved;
/// a stored text that no longer reads as settings counts as none).
pub async fn settings(app: &App, account: &Account) -> Result<SettingsReply, DomainError> {
    let care = care_of(app, account).await?;
    let settings = care.settings.and_then(|text| serde_json::from_str::<AccountSettings>(&text).ok());
    Ok(SettingsReply { settings })
}

/// Keeps `settings` on the signed-in account; 422 for a volume above
/// [`MAX_VOLUME`].
pub async fn save_settings(
    app: &App,
    account: &Account,
    settings: AccountSettings,
) -> Result<SettingsReply, DomainError> {
    if settings.volume > MAX_VOLUME {
        return Err(DomainError::unprocessable(text!(
            "the volume is 0 to {MAX_VOLUME} percent",
            "die Lautstärke ist 0 bis {MAX_VOLUME} Prozent"
        ))
        .on_field("volume"));
    }
    let text = serde_json::to_string(&settings)
        .map_err(|e| DomainError::internal(text!("settings: {e}", "Einstellungen: {e}")))?;
    app.write(vec![Op::SetAccountSettings { account_id: account.id.clone(), settings: text }]).await?;
    Ok(SettingsReply { settings: Some(settings) })
}
