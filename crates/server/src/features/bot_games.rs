//! The Bot API's games (lichess's `/api/bot/game/…`): a player's stream of
//! one game — `gameFull` first, then `gameState` on every change and
//! `chatLine` for every new chat message, until the game ends — and a
//! bot's move, chat, abort and resignation. Every action goes through the
//! same path as a person's (see [`crate::features::game_actions`]), as the
//! seat bound to the bot's account.

use crate::contract::bots::{BotGameLine, BotGameState, OkReply};
use crate::contract::game::OfferRequest;
use crate::contract::social::ChatRequest;
use crate::core::app::{App, Push, Slot};
use crate::core::error::{DomainError, ErrorKind};
use crate::features::account::Account;
use crate::features::bot_lines::{game_full, game_state, player_chat, spectator_chat};
use crate::features::seat::{Actor, with_seat};
use crate::features::{chat, game_actions, people};
use futures_util::Stream;
use game::text;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How long a stream stays silent before it sends an empty line.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// The actor of `account`'s seat (no seat token).
fn actor_of(account: &Account) -> Actor {
    Actor { token: None, account: Ok(Some(account.clone())) }
}

/// A refusal of the game (out of turn, an illegal move, over) is a 400,
/// as lichess answers; other errors stay as they are.
fn as_bad_request(mut error: DomainError) -> DomainError {
    if error.kind == ErrorKind::Rejected {
        error.kind = ErrorKind::Unreadable;
    }
    error
}

/// Plays `mv` (our game's move text) for `account`'s seat of the game
/// `id`, and offers a draw with it when `offering_draw` (an offer the game
/// refuses — it ended with the move, it is against the engine — is
/// dropped: the move stands). 400 naming why a move is refused, 403 for a
/// game the account does not play, 404 for no game.
pub async fn play(
    app: Arc<App>,
    account: Account,
    id: String,
    mv: String,
    offering_draw: bool,
) -> Result<OkReply, DomainError> {
    game_actions::play(app.clone(), id.clone(), actor_of(&account), mv).await.map_err(as_bad_request)?;
    if offering_draw {
        let offer = OfferRequest { action: Some("offer".to_owned()) };
        // The move stands whatever becomes of the offer (see above).
        let _ = game_actions::draw(app, id, actor_of(&account), offer).await;
    }
    Ok(OkReply { ok: true })
}

/// Resigns `account`'s game `id`.
pub async fn resign(app: Arc<App>, account: Account, id: String) -> Result<OkReply, DomainError> {
    game_actions::resign(app, id, actor_of(&account)).await.map_err(as_bad_request)?;
    Ok(OkReply { ok: true })
}

/// Aborts `account`'s game `id` (only before both sides moved).
pub async fn abort(app: Arc<App>, account: Account, id: String) -> Result<OkReply, DomainError> {
    people::abort(app, id, actor_of(&account)).await.map_err(as_bad_request)?;
    Ok(OkReply { ok: true })
}

/// Writes `text` in the room `room` (`player`: the players' chat;
/// `spectator`: the spectators', open to players once the game is over)
/// of `account`'s game `id`.
pub async fn chat(
    app: Arc<App>,
    account: Account,
    id: String,
    room: &str,
    text: String,
) -> Result<OkReply, DomainError> {
    let request = ChatRequest { text };
    match room {
        "player" => {
            with_seat(app, id, actor_of(&account), move |app, slot, table, seat| {
                Box::pin(chat::post(app, slot, table, seat, request))
            })
            .await
            .map_err(as_bad_request)?;
        }
        "spectator" => {
            chat::post_spectator(app, account, id, request).await.map_err(as_bad_request)?;
        }
        other => {
            return Err(DomainError::bad_request(text!(
                "room '{other}' is not player or spectator",
                "Raum „{other}“ ist weder player noch spectator"
            )));
        }
    }
    Ok(OkReply { ok: true })
}

/// What a game stream has told and still has to send.
struct GameWatch {
    app: Arc<App>,
    slot: Arc<Slot>,
    pushes: watch::Receiver<Push>,
    stopping: watch::Receiver<bool>,
    /// The last state sent.
    last: BotGameState,
    /// Players' chat messages sent.
    chat: usize,
    /// Spectators' chat messages sent (the index after the last).
    spectators: usize,
    /// Lines to send (`None`: a keep-alive).
    queue: VecDeque<Option<BotGameLine>>,
    /// The game is over: end once the queue is sent.
    done: bool,
}

/// Whether two states differ but for the clocks, which run on.
fn news(before: &BotGameState, after: &BotGameState) -> bool {
    (&before.moves, &before.status, &before.winner, before.wdraw, before.bdraw)
        != (&after.moves, &after.status, &after.winner, after.wdraw, after.bdraw)
}

impl GameWatch {
    /// Queues what changed since the last look: the state, then new chat
    /// messages.
    async fn look(&mut self) {
        let table = self.slot.table.lock().await;
        let state = game_state(&table, self.app.day_ms);
        if news(&self.last, &state) {
            self.last = state.clone();
            self.queue.push_back(Some(BotGameLine::GameState(state)));
        }
        for line in player_chat(&table, self.chat) {
            self.queue.push_back(Some(BotGameLine::ChatLine(line)));
        }
        self.chat = table.chat.len();
        for line in spectator_chat(&table, self.spectators) {
            self.queue.push_back(Some(BotGameLine::ChatLine(line)));
        }
        self.spectators = table.spectator_chat_end();
        self.done = table.game.outcome().is_some();
    }
}

/// The stream of the game `id` for `account`, one of its players (403
/// for anyone else, 404 for no game): `gameFull`, then a `gameState` on
/// every change of moves, result or draw offers and a `chatLine` for each
/// new message (of both chats), `None` after [`KEEP_ALIVE`] of silence;
/// it ends after the game ends, or when the server stops.
pub async fn stream(
    app: Arc<App>,
    account: Account,
    id: String,
) -> Result<impl Stream<Item = Option<BotGameLine>> + Send, DomainError> {
    let slot = app.slot(&id).await?;
    {
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        if table.seat_of_account(&account.id).is_none() {
            return Err(DomainError::forbidden(text!(
                "this is not your game: only its players can stream it",
                "das ist nicht deine Partie: nur ihre Spieler können sie verfolgen"
            )));
        }
    }
    let mut pushes = slot.pushes.subscribe();
    pushes.borrow_and_update();
    let stopping = app.stopping.subscribe();
    let table = slot.table.lock().await;
    let full = game_full(&app, &table);
    let (chat, spectators, done) =
        (table.chat.len(), table.spectator_chat_end(), table.game.outcome().is_some());
    drop(table);
    let last = full.state.clone();
    let queue = VecDeque::from([Some(BotGameLine::GameFull(Box::new(full)))]);
    let watch = GameWatch { app, slot, pushes, stopping, last, chat, spectators, queue, done };
    Ok(futures_util::stream::unfold(watch, |mut watch| async move {
        loop {
            if let Some(line) = watch.queue.pop_front() {
                return Some((line, watch));
            }
            if watch.done || *watch.stopping.borrow() {
                return None;
            }
            tokio::select! {
                () = tokio::time::sleep(KEEP_ALIVE) => watch.queue.push_back(None),
                changed = watch.pushes.changed() => {
                    if changed.is_err() {
                        return None;
                    }
                    watch.pushes.borrow_and_update();
                    watch.look().await;
                }
                _ = watch.stopping.changed() => {}
            }
        }
    }))
}
