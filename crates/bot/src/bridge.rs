//! The bridge's main loop: the event stream read (again after a lost
//! connection), challenges judged by the owner's rules and answered, and
//! a game task started for each game.

use crate::accept::{Offer, OfferedTime};
use crate::http::Api;
use crate::{BotConfig, BotError, game_task};
use serde::Serialize;
use server::contract::bots::{BotChallenge, BotEvent, BotTimeControl};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// The longest wait before connecting again after the event stream was
/// lost.
const MOST_BACKOFF: Duration = Duration::from_secs(30);

/// The reply of `GET /api/account`.
#[derive(serde::Deserialize)]
struct Whoami {
    name: Option<String>,
}

/// The body of a decline.
#[derive(Serialize)]
struct DeclineBody {
    reason: &'static str,
}

/// Runs the bridge until `config.stop_after` games have ended (forever if
/// `None`); errors only on what no retry mends (a bad token, a bad
/// address).
pub async fn run(config: BotConfig) -> Result<(), BotError> {
    let api = Api::new(&config.server, &config.token)?;
    let me = api
        .get::<Whoami>("/api/account")
        .await?
        .name
        .ok_or_else(|| BotError::Config("the token signs in no account".into()))?;
    eprintln!("bot: signed in as {me} at {}", config.server);
    for tournament in &config.tournaments {
        api.post(&format!("/api/tournaments/{tournament}/join"), None::<&()>).await?;
        eprintln!("bot: joined the tournament {tournament}");
    }
    let config = Arc::new(config);
    let (finished_sender, mut finished) = mpsc::unbounded_channel::<(String, Result<(), BotError>)>();
    let mut running: HashSet<String> = HashSet::new();
    let mut ended = 0;
    let mut backoff = Duration::from_secs(1);
    loop {
        let mut events = match api.stream("/api/stream/event").await {
            Ok(events) => {
                backoff = Duration::from_secs(1);
                events
            }
            Err(error @ BotError::Refused { status: 401 | 403, .. }) => return Err(error),
            Err(error) => {
                eprintln!("bot: the event stream: {error}; again in {} s", backoff.as_secs());
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MOST_BACKOFF);
                continue;
            }
        };
        loop {
            tokio::select! {
                line = events.next() => {
                    let line = match line {
                        Ok(Some(line)) => line,
                        Ok(None) => break,
                        Err(error) => {
                            eprintln!("bot: the event stream: {error}");
                            break;
                        }
                    };
                    match serde_json::from_str::<BotEvent>(&line) {
                        Ok(BotEvent::Challenge { challenge }) => answer(&config, &api, &me, &challenge, running.len()).await,
                        Ok(BotEvent::GameStart { game }) => {
                            if running.insert(game.game_id.clone()) {
                                eprintln!("bot: game {} begins", game.game_id);
                                let sender = finished_sender.clone();
                                let (config, api, me, id) = (Arc::clone(&config), api.clone(), me.clone(), game.game_id);
                                tokio::spawn(async move {
                                    let result = game_task::play(config, api, me, id.clone()).await;
                                    sender.send((id, result)).ok();
                                });
                            }
                        }
                        Ok(BotEvent::GameFinish { .. } | BotEvent::ChallengeCanceled { .. } | BotEvent::ChallengeDeclined { .. }) => {}
                        Err(error) => eprintln!("bot: an event not understood ({error}): {line}"),
                    }
                }
                Some((id, result)) = finished.recv() => {
                    running.remove(&id);
                    ended += 1;
                    match result {
                        Ok(()) => eprintln!("bot: game {id} is over ({ended} so far)"),
                        Err(error) => eprintln!("bot: game {id} stopped: {error}"),
                    }
                    if config.stop_after.is_some_and(|limit| ended >= limit) {
                        return Ok(());
                    }
                }
            }
        }
        eprintln!("bot: the event stream ended; connecting again");
        tokio::time::sleep(backoff).await;
    }
}

/// [`run`] on a runtime of its own, for a program that has none.
pub fn run_blocking(config: BotConfig) -> Result<(), BotError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| BotError::Config(format!("cannot start the bridge's runtime: {error}")))?;
    runtime.block_on(run(config))
}

/// Accepts or declines a challenge to the bot (its own are left alone).
async fn answer(config: &BotConfig, api: &Api, me: &str, challenge: &BotChallenge, running: usize) {
    if challenge.challenger.name.eq_ignore_ascii_case(me) {
        return;
    }
    let offer = offer(challenge);
    let id = &challenge.id;
    let result = match config.accept.judge(&offer, running) {
        Ok(()) => {
            eprintln!("bot: accepting {id} from {} ({})", challenge.challenger.name, offer.game);
            api.post(&format!("/api/challenge/{id}/accept"), None::<&()>).await
        }
        Err(decline) => {
            eprintln!("bot: declining {id} from {}: {}", challenge.challenger.name, decline.reason());
            api.post(&format!("/api/challenge/{id}/decline"), Some(&DeclineBody { reason: decline.reason() }))
                .await
        }
    };
    if let Err(error) = result {
        eprintln!("bot: challenge {id}: {error}");
    }
}

/// The challenge as the owner's rules see it.
fn offer(challenge: &BotChallenge) -> Offer {
    Offer {
        game: challenge.variant.key.clone(),
        rated: challenge.rated,
        time: match challenge.time_control.clone() {
            BotTimeControl::Clock { limit, increment, .. } => OfferedTime::Clock {
                base: Duration::from_secs(limit.max(0).unsigned_abs()),
                increment: Duration::from_secs(increment.max(0).unsigned_abs()),
            },
            BotTimeControl::Correspondence { days_per_turn } => OfferedTime::Days(days_per_turn.into()),
            BotTimeControl::Unlimited => OfferedTime::Unlimited,
        },
        from_bot: challenge.challenger.title.as_deref() == Some("BOT"),
    }
}
