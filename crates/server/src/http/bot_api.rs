//! The routes of the Bot API in lichess's shape (see
//! [`crate::features::bot_events`], [`crate::features::bot_games`] and
//! [`crate::features::bot_challenges`]): the streams are NDJSON, one JSON
//! object a line, an empty line every few seconds to keep them alive.

use crate::contract::bots::{BotChallenge, OkReply};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::features::account::Account;
use crate::features::api_tokens::Scope;
use crate::features::bot_challenges::{self, ApiChallengeRequest, ApiDeclineRequest};
use crate::features::bots::bot_account;
use crate::features::{bot_events, bot_games};
use crate::http::client_ip::ClientIp;
use crate::http::request::FormOrJson;
use crate::http::session::{account_with, caller};
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{Stream, StreamExt};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;

/// The routes of the Bot API's streams, game actions and challenges.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/stream/event", get(events))
        .route("/api/bot/game/stream/{id}", get(game_stream))
        .route("/api/bot/game/{id}/move/{mv}", post(play))
        .route("/api/bot/game/{id}/chat", post(chat))
        .route("/api/bot/game/{id}/abort", post(abort))
        .route("/api/bot/game/{id}/resign", post(resign))
        .route("/api/challenge/{user}", post(challenge))
        .route("/api/challenge/{id}/accept", post(accept))
        .route("/api/challenge/{id}/decline", post(decline))
        .route("/api/challenge/{id}/cancel", post(cancel))
}

/// The bot account of a request (see [`bot_account`]).
async fn bot(app: &App, headers: &HeaderMap) -> Result<Account, DomainError> {
    bot_account(app, caller(app, headers).await?).await
}

/// An NDJSON response of `lines` (`None`: an empty keep-alive line).
fn ndjson<T: Serialize>(lines: impl Stream<Item = Option<T>> + Send + 'static) -> Response {
    let body = lines.map(|line| {
        let mut text = line.map(|line| serde_json::to_string(&line).unwrap_or_default()).unwrap_or_default();
        text.push('\n');
        Ok::<_, Infallible>(Bytes::from(text))
    });
    ([(header::CONTENT_TYPE, "application/x-ndjson")], Body::from_stream(body)).into_response()
}

/// `GET /api/stream/event` (a token with `bot:play` or
/// `challenge:read`, or signed in): the account's events as NDJSON.
async fn events(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    let account = account_with(&app, &headers, &[Scope::BotPlay, Scope::ChallengeRead]).await?;
    Ok(ndjson(bot_events::stream(app, account).await?))
}

/// `GET /api/bot/game/stream/{id}` (a bot's `bot:play` token): the game
/// as NDJSON, `gameFull` first.
async fn game_stream(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    let account = bot(&app, &headers).await?;
    Ok(ndjson(bot_games::stream(app, account, id).await?))
}

/// The query of a bot's move.
#[derive(Deserialize)]
struct MoveQuery {
    /// Offer a draw with the move (lichess's `offeringDraw`).
    #[serde(default, rename = "offeringDraw")]
    offering_draw: Option<bool>,
}

/// `POST /api/bot/game/{id}/move/{move}[?offeringDraw=true]`:
/// `{"ok": true}`; 400 naming why a move is refused.
async fn play(
    State(app): State<Arc<App>>,
    Path((id, mv)): Path<(String, String)>,
    query: Result<Query<MoveQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, DomainError> {
    let Query(query) = query?;
    let account = bot(&app, &headers).await?;
    let offering_draw = query.offering_draw.unwrap_or(false);
    Ok(Json(bot_games::play(app, account, id, mv, offering_draw).await?))
}

/// The body of a bot's chat message.
#[derive(Deserialize)]
struct ChatBody {
    /// `player` or `spectator`.
    #[serde(default)]
    room: Option<String>,
    /// The message.
    #[serde(default)]
    text: String,
}

/// `POST /api/bot/game/{id}/chat` `room`, `text` (form or JSON):
/// `{"ok": true}`.
async fn chat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    FormOrJson(body): FormOrJson<ChatBody>,
) -> Result<Json<OkReply>, DomainError> {
    let account = bot(&app, &headers).await?;
    let room = body.room.as_deref().unwrap_or("player").trim().to_owned();
    Ok(Json(bot_games::chat(app, account, id, &room, body.text).await?))
}

/// `POST /api/bot/game/{id}/abort`: `{"ok": true}`.
async fn abort(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, DomainError> {
    let account = bot(&app, &headers).await?;
    Ok(Json(bot_games::abort(app, account, id).await?))
}

/// `POST /api/bot/game/{id}/resign`: `{"ok": true}`.
async fn resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, DomainError> {
    let account = bot(&app, &headers).await?;
    Ok(Json(bot_games::resign(app, account, id).await?))
}

/// The scopes that make, accept and decline challenges.
const CHALLENGE_WRITE: [Scope; 2] = [Scope::ChallengeWrite, Scope::BotPlay];

/// `POST /api/challenge/{user}` (form or JSON: `variant`, `rated`,
/// `clock.limit`, `clock.increment`, `days`, `color`): 201 with the
/// challenge.
async fn challenge(
    State(app): State<Arc<App>>,
    Path(user): Path<String>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    FormOrJson(request): FormOrJson<ApiChallengeRequest>,
) -> Result<(StatusCode, Json<BotChallenge>), DomainError> {
    let account = account_with(&app, &headers, &CHALLENGE_WRITE).await?;
    let made = bot_challenges::create(&app, &account, client, user, request).await?;
    Ok((StatusCode::CREATED, Json(made)))
}

/// `POST /api/challenge/{id}/accept`: `{"ok": true}`.
async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, DomainError> {
    let account = account_with(&app, &headers, &CHALLENGE_WRITE).await?;
    Ok(Json(bot_challenges::accept(&app, &account, &id).await?))
}

/// `POST /api/challenge/{id}/decline` (optional `reason`, form or JSON):
/// `{"ok": true}`.
async fn decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    FormOrJson(request): FormOrJson<ApiDeclineRequest>,
) -> Result<Json<OkReply>, DomainError> {
    let account = account_with(&app, &headers, &CHALLENGE_WRITE).await?;
    Ok(Json(bot_challenges::decline(&app, &account, &id, request).await?))
}

/// `POST /api/challenge/{id}/cancel` by the challenger: `{"ok": true}`.
async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<OkReply>, DomainError> {
    let account = account_with(&app, &headers, &CHALLENGE_WRITE).await?;
    Ok(Json(bot_challenges::cancel(&app, &account, &id).await?))
}
