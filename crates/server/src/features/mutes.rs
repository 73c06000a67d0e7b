//! Muting in chats, per account and kept: `GET /api/account/mutes` lists
//! the names of the players the signed-in account mutes (`{"muted":
//! [...]}`), `PUT /api/account/mutes/{name}` mutes one, `DELETE` no longer.
//! The game page hides the messages of muted players, in the players' and
//! the spectators' chat alike (guests keep their mutes in the browser).

use crate::contract::accounts::MutesReply;
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::store::Op;
use game::text;

/// The names of the players `account` mutes.
pub async fn muted(app: &App, account: &Account) -> Result<MutesReply, DomainError> {
    let muted = app.read(|db| db.muted(&account.id)).await?;
    Ok(MutesReply { muted })
}

/// Mutes (or unmutes) the player `name` for `account`; returns the names
/// it mutes then. 404 for an unknown name, 422 for oneself.
pub async fn set_muted(
    app: &App,
    account: &Account,
    name: &AccountName,
    mute: bool,
) -> Result<MutesReply, DomainError> {
    let Some(other) = app.read(|db| db.account_by_name(name.as_str())).await? else {
        return Err(DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")));
    };
    if other.id == account.id {
        return Err(DomainError::unprocessable(text!(
            "you cannot mute yourself",
            "du kannst dich nicht selbst stummschalten"
        )));
    }
    let op = Op::SetMute { account_id: account.id.clone(), muted_id: other.id, muted: mute, at_ms: now_ms() };
    app.write(vec![op]).await?;
    muted(app, account).await
}
