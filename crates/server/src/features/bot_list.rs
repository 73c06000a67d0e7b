//! The list of bots (`GET /api/bots`, the page `/bots`): every bot
//! account, the connected ones first, with its ratings. A bot is connected
//! while a live lobby connection of its account is open: its event stream
//! (see [`crate::features::bot_events`]) or a lobby page.

use crate::contract::bots::{BotListing, BotsReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::players::profile_rating;

/// `GET /api/bots`: the bot accounts, the connected ones first, then by
/// name, each with its ratings.
pub async fn list(app: &App) -> Result<BotsReply, DomainError> {
    let rows = app.read(|db| db.bots(crate::core::table::now_ms())).await?;
    let mut bots: Vec<BotListing> = rows
        .into_iter()
        .map(|row| BotListing {
            ratings: row.ratings.iter().map(|r| profile_rating(app, r)).collect(),
            name: row.name,
            online: row.online,
            created_ms: row.created_ms,
        })
        .collect();
    bots.sort_by_key(|bot| !bot.online);
    Ok(BotsReply { bots })
}
