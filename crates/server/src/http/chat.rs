//! The routes of a game's chats (see [`crate::features::chat`]): the
//! players' chat, with the seat's token or account, and the spectators'.

use crate::contract::social::{ChatMessage, ChatRequest, SpectatorChatMessage};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::chat;
use crate::features::seat::with_seat;
use crate::http::games::{Acting, GameReply};
use crate::http::request::{JsonBody, bearer};
use crate::http::session::{acting, require};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use std::sync::Arc;

/// The routes of the chats.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games/{id}/chat", get(players_chat).post(post))
        .route("/api/games/{id}/spectator-chat", get(spectators).post(post_spectator))
}

/// `POST /api/games/{id}/chat` `{"text": "…"}` with the seat's token:
/// the game's update (see [`chat::post`]).
async fn post(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(actor): Acting,
    JsonBody(request): JsonBody<ChatRequest>,
) -> Result<GameReply, DomainError> {
    let update = with_seat(app, id, actor, move |app, slot, table, seat| {
        Box::pin(chat::post(app, slot, table, seat, request))
    });
    Ok(GameReply(update.await?))
}

/// `GET /api/games/{id}/chat` with the seat's token (or signed in with
/// its account): every message.
async fn players_chat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<ChatMessage>, DomainError> {
    let token = bearer(&headers).map(str::to_owned);
    let account = acting(&app, &headers).await?.map(|a| a.id);
    Ok(Json(chat::players_chat(app, id, token, account).await?))
}

/// `GET /api/games/{id}/spectator-chat`: every message of the spectators.
async fn spectators(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<SpectatorChatMessage>, DomainError> {
    Ok(Json(chat::spectators(&app, &id).await?))
}

/// `POST /api/games/{id}/spectator-chat` `{"text"}`, signed in (401
/// otherwise): every message kept (see [`chat::post_spectator`]).
async fn post_spectator(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ChatRequest>,
) -> Result<Json<SpectatorChatMessage>, DomainError> {
    let writer = require(&app, &headers).await?;
    Ok(Json(chat::post_spectator(app, writer, id, request).await?))
}
