//! The chats of a game between people: the players' chat and the
//! spectators' chat.
//!
//! Messages are at most [`CHAT_CHARS`] characters (trimmed, not empty), at
//! most [`CHAT_BURST`] per writer within [`CHAT_WINDOW_MS`]; they are
//! stored with the game. The players' chat holds at most [`CHAT_MESSAGES`]
//! per game. The spectators' chat keeps the newest
//! [`SPECTATOR_CHAT_KEPT`] messages (an older one is deleted as a new one
//! comes), so that it never fills up, and an account writes at most
//! [`Limits::spectator_messages_per_minute`] (20) in all spectators' chats
//! together; beyond, 429 with `Retry-After`.
//!
//! [`Limits::spectator_messages_per_minute`]: crate::Limits::spectator_messages_per_minute
//!
//! Only the players read the players' chat: with their token or signed in
//! with the seat's account (`GET /api/games/{id}/chat`), and live on the
//! game's WebSocket once it knows whose it is (see [`crate::http::ws`]).
//! Spectators see none of it.
//!
//! The spectators' chat (`/api/games/{id}/spectator-chat`) is written by
//! signed-in accounts that do not play the game, under their names, and
//! read by everybody else; the WebSocket pushes it to every socket that is
//! not a player's while the game runs, and to all once it is over. The
//! players' page shows it only once the game is over.

use crate::core::app::{App, Change, seat_for};
use crate::core::error::DomainError;
use crate::core::limits::{Action, Counted};
pub use crate::core::table::SPECTATOR_CHAT_KEPT;
use crate::core::table::{Kind, Table, now_ms, seat_name};
use crate::features::seat::detached;
use crate::http::games::with_seat;
use crate::http::request::{JsonBody, bearer};
use crate::http::session;
use crate::store::{ChatRow, Op, SpectatorChatRow};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use game::text;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The longest message, in characters.
pub const CHAT_CHARS: usize = 200;
/// The most messages of one seat within [`CHAT_WINDOW_MS`].
pub const CHAT_BURST: usize = 5;
/// The window of the rate limit, ms.
pub const CHAT_WINDOW_MS: i64 = 10_000;
/// The most messages of one game's players' chat.
pub const CHAT_MESSAGES: usize = 500;

/// The body of `POST /api/games/{id}/chat`.
#[derive(Deserialize)]
pub struct ChatRequest {
    text: String,
}

/// The messages from index `from` on as JSON: `{"type": "chat", "from",
/// "messages": [{"seat", "text", "sent_ms"}]}`.
pub fn chat_json(table: &Table, from: usize) -> Value {
    let from = from.min(table.chat.len());
    let messages: Vec<Value> = table.chat[from..]
        .iter()
        .map(|line| json!({ "seat": seat_name(line.seat), "text": line.body, "sent_ms": line.sent_ms }))
        .collect();
    json!({ "type": "chat", "from": from, "messages": messages })
}

/// Whether `c` directs text against its order: the bidi embeddings,
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` shows nothing: white space, zero-width and filler
/// characters.
fn is_blank(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{200B}'..='\u{200F}'
                | '\u{2060}'..='\u{2064}'
                | '\u{FEFF}'
                | '\u{180E}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{3164}'
                | '\u{FFA0}'
                | '\u{2800}'
        )
}

/// 422 unless `body` (trimmed) is a message: 1 to [`CHAT_CHARS`]
/// characters, something visible among them, no control characters (NUL,
/// line breaks…) and no bidi controls, which could turn the chat's text
/// around.
pub fn check_message(body: &str) -> Result<(), DomainError> {
    let chars = body.chars().count();
    if chars == 0 || chars > CHAT_CHARS {
        return Err(DomainError::unprocessable(text!(
            "a message has 1 to {CHAT_CHARS} characters",
            "eine Nachricht hat 1 bis {CHAT_CHARS} Zeichen"
        )));
    }
    if let Some(c) = body.chars().find(|&c| c.is_control() || is_bidi_control(c)) {
        let code = format!("U+{:04X}", u32::from(c));
        return Err(DomainError::unprocessable(text!(
            "a message may not contain control characters ({code})",
            "eine Nachricht darf keine Steuerzeichen enthalten ({code})"
        )));
    }
    if body.chars().all(is_blank) {
        return Err(DomainError::unprocessable(text!(
            "a message needs something visible, not only blanks",
            "eine Nachricht braucht etwas Sichtbares, nicht nur Leerzeichen"
        )));
    }
    Ok(())
}

/// The spectators' messages from index `from` on (those kept: from the
/// oldest kept on, when `from` is older) as JSON: `{"type":
/// "spectator_chat", "from", "messages": [{"name", "text", "sent_ms"}]}`,
/// `from` being the index of the first message sent (counting every
/// message ever written, the deleted ones too).
pub fn spectator_chat_json(table: &Table, from: usize) -> Value {
    let from = from.clamp(table.spectator_chat_from, table.spectator_chat_end());
    let messages: Vec<Value> = table.spectator_chat[from - table.spectator_chat_from..]
        .iter()
        .map(|line| json!({ "name": line.name, "text": line.body, "sent_ms": line.sent_ms }))
        .collect();
    json!({ "type": "spectator_chat", "from": from, "messages": messages })
}

/// 429 when the writer's messages `sent` (times, ms) hold
/// [`CHAT_BURST`] within the last [`CHAT_WINDOW_MS`] at `now`.
fn check_rate(sent: impl Iterator<Item = i64>, now: i64) -> Result<(), DomainError> {
    let recent: Vec<i64> = sent.filter(|&ms| ms > now - CHAT_WINDOW_MS).collect();
    if recent.len() < CHAT_BURST {
        return Ok(());
    }
    // The oldest message in the window leaves it first.
    let oldest = recent.iter().copied().min().unwrap_or(now);
    let wait_ms = (oldest + CHAT_WINDOW_MS - now).max(0);
    Err(DomainError::too_many(
        text!("you write too fast: wait a few seconds", "du schreibst zu schnell: warte ein paar Sekunden"),
        u64::try_from(wait_ms).map_or(1, |ms| ms.div_ceil(1000)),
    ))
}

/// 422 when a chat of `count` messages is full.
fn check_room(count: usize) -> Result<(), DomainError> {
    if count >= CHAT_MESSAGES {
        return Err(DomainError::unprocessable(text!(
            "this game's chat is full ({CHAT_MESSAGES} messages)",
            "der Chat dieser Partie ist voll ({CHAT_MESSAGES} Nachrichten)"
        )));
    }
    Ok(())
}

/// The routes of the spectators' chat.
pub fn routes() -> axum::Router<Arc<App>> {
    axum::Router::new()
        .route("/api/games/{id}/spectator-chat", axum::routing::get(spectators).post(post_spectator))
}

/// `GET /api/games/{id}/spectator-chat`: every message of the spectators
/// (see [`spectator_chat_json`]).
async fn spectators(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, DomainError> {
    let slot = app.slot(&id).await?;
    let mut table = slot.table.lock().await;
    app.sync(&slot, &mut table).await?;
    ensure_people(&table)?;
    Ok(axum::Json(spectator_chat_json(&table, 0)).into_response())
}

/// `POST /api/games/{id}/spectator-chat` `{"text"}`, signed in (401
/// otherwise): adds a message of the account → `{"type":
/// "spectator_chat", …}` with every message kept; 403 for a player of the
/// game while it runs, 422 and 429 as for the players' chat, and 429 for
/// an account that writes too much in spectators' chats.
async fn post_spectator(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ChatRequest>,
) -> Result<Response, DomainError> {
    let writer = session::require(&app, &headers).await?;
    detached(async move {
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        ensure_people(&table)?;
        if table.game.outcome().is_none() && table.seat_of_account(&writer.id).is_some() {
            return Err(DomainError::forbidden(text!(
                "players write in the players' chat while the game runs",
                "Spieler schreiben im Spielerchat, solange die Partie läuft"
            )));
        }
        let body = request.text.trim();
        check_message(body)?;
        let now = now_ms();
        check_rate(
            table.spectator_chat.iter().filter(|l| l.account_id == writer.id).map(|l| l.sent_ms),
            now,
        )?;
        app.rates.check(Action::SpectatorChat, Counted::Account(writer.id.clone()))?;
        let line = SpectatorChatRow {
            account_id: writer.id,
            name: writer.name,
            body: body.to_owned(),
            sent_ms: now,
        };
        let seq = table.spectator_chat_end();
        let keep_from = (seq + 1).saturating_sub(SPECTATOR_CHAT_KEPT);
        let op = Op::AddSpectatorChat { game: table.id.clone(), seq, line: line.clone(), keep_from };
        app.commit_change(&table, vec![op]).await?;
        table.spectator_chat.push(line);
        table.keep_newest_spectator_chat();
        let from = table.moves.len();
        app.changed(&slot, &mut table, Change::Added { from });
        Ok(axum::Json(spectator_chat_json(&table, 0)).into_response())
    })
    .await
}

/// 422 unless the game is between people.
fn ensure_people(table: &Table) -> Result<(), DomainError> {
    if table.kind == Kind::Human {
        Ok(())
    } else {
        Err(DomainError::unprocessable(text!(
            "chat is for games between people",
            "Chat gibt es nur in Partien zwischen Menschen"
        )))
    }
}

/// `POST /api/games/{id}/chat` `{"text": "…"}` with the seat's token: adds
/// a message → the game's update (the message reaches both players over
/// the WebSocket); 422 for an empty, blank or too long message or one with
/// control characters (see [`check_message`]), 429 when the seat writes
/// too fast.
pub async fn post(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ChatRequest>,
) -> Result<Response, DomainError> {
    with_seat(app, id, headers, move |app, slot, table, seat| {
        Box::pin(async move {
            ensure_people(table)?;
            let body = request.text.trim();
            check_message(body)?;
            check_room(table.chat.len())?;
            let now = now_ms();
            check_rate(table.chat.iter().filter(|l| l.seat == seat).map(|l| l.sent_ms), now)?;
            let line = ChatRow { seat, body: body.to_owned(), sent_ms: now };
            let seq = table.chat.len();
            app.commit_change(table, vec![Op::AddChat { game: table.id.clone(), seq, line: line.clone() }])
                .await?;
            table.chat.push(line);
            let from = table.moves.len();
            Ok(app.changed(slot, table, Change::Added { from }))
        })
    })
    .await
}

/// `GET /api/games/{id}/chat` with the seat's token: every message (see
/// [`chat_json`]).
pub async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    let token = bearer(&headers).map(str::to_owned);
    let account = session::acting(&app, &headers).await?.map(|a| a.id);
    detached(async move {
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        seat_for(&table, token.as_deref(), account.as_deref())?;
        ensure_people(&table)?;
        Ok(axum::Json(chat_json(&table, 0)).into_response())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_refused_for_controls_bidi_overrides_and_blanks() {
        for good in ["hi", "gut gespielt!", "שלום", "a\u{200B}b", "😀"] {
            assert!(check_message(good).is_ok(), "{good:?}");
        }
        for (bad, says) in [
            ("a\u{0}b", "U+0000"),
            ("line\nbreak", "U+000A"),
            ("\u{7}bell", "U+0007"),
            ("evil\u{202E}txt.exe", "U+202E"),
            ("\u{2066}isolate", "U+2066"),
            ("\u{200B}\u{200B}", "visible"),
            ("\u{3164}", "visible"),
        ] {
            let error = check_message(bad).unwrap_err();
            assert_eq!(error.kind, crate::core::error::ErrorKind::Rejected, "{bad:?}");
            assert!(error.message.en.contains(says), "{bad:?}: {error:?}");
            assert!(!error.message.de.is_empty() && error.message.de != error.message.en);
        }
        assert!(check_message(&"x".repeat(CHAT_CHARS + 1)).is_err());
    }
}
