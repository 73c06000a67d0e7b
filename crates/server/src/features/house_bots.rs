//! The house engine's bots: one bot account per engine level
//! (`Spielwerk-L3`, …) that anyone can challenge. The server keeps the
//! accounts and gives each a fresh personal token at every start (the
//! tokens of the start before revoked); the bot bridge (`spielwerk serve
//! --house-bots`) plays them with the house engine through the Bot API,
//! as any other bot plays. The accounts have no password: nobody signs in
//! as them.

use crate::contract::bots::ApiTokenRequest;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::secret::new_game_id;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::api_tokens;
use crate::store::{AccountRow, Op};

/// The description of a house bot's token, which marks the tokens a later
/// start revokes.
const TOKEN_DESCRIPTION: &str = "house bot (spielwerk serve --house-bots)";

/// What no password hash ever is: no password verifies against it.
pub(crate) const NO_PASSWORD: &str = "-";

/// A house bot ready to be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HouseBot {
    /// The engine level it plays at (1–10).
    pub level: u8,
    /// Its account name.
    pub name: String,
    /// Its personal token (scope `bot:play`), new at this start.
    pub token: String,
}

/// The account name of the house bot of `level`.
#[must_use]
pub fn name(level: u8) -> String {
    format!("Spielwerk-L{level}")
}

/// Makes the bot account of each of `levels` if it is missing (refused if
/// a person's account has its name) and a fresh token for it, revoking
/// the house tokens of earlier starts.
pub async fn prepare(app: &App, levels: &[u8]) -> Result<Vec<HouseBot>, DomainError> {
    let mut bots = Vec::new();
    for &level in levels {
        let name = name(level);
        let row = match app.read(|db| db.account_by_name(&name)).await? {
            Some(row) => row,
            None => {
                let row = AccountRow {
                    id: new_game_id(),
                    name: name.clone(),
                    password_hash: NO_PASSWORD.to_owned(),
                    created_ms: now_ms(),
                };
                app.write(vec![Op::CreateAccount(row.clone()), Op::MakeBot { account_id: row.id.clone() }])
                    .await?;
                row
            }
        };
        if row.password_hash != NO_PASSWORD {
            return Err(DomainError::conflict(game::text!(
                "the name '{name}' of a house bot belongs to a person's account",
                "der Name „{name}“ eines Haus-Bots gehört einem Menschen"
            )));
        }
        let account = Account { id: row.id, name: row.name };
        let old: Vec<Op> = app
            .read(|db| db.api_tokens(&account.id))
            .await?
            .into_iter()
            .filter(|token| token.description == TOKEN_DESCRIPTION)
            .map(|token| Op::DeleteApiToken { id: token.id, account_id: account.id.clone() })
            .collect();
        if !old.is_empty() {
            app.write(old).await?;
        }
        let request = ApiTokenRequest {
            description: TOKEN_DESCRIPTION.to_owned(),
            scopes: vec!["bot:play".to_owned()],
        };
        let made = api_tokens::create(app, &account, request).await?;
        bots.push(HouseBot { level, name: account.name, token: made.token });
    }
    Ok(bots)
}
