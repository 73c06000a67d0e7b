//! The routes of the game flows (see [`crate::features::games`]): create,
//! state, join, moves, resign, draw, undo, import and a position of the
//! past; and how a request acts for a seat.

use crate::contract::game::{
    CreateGameRequest, GameImported, GameJson, GamePositionAt, GameSeatReply, ImportRequest, JoinRequest,
    MoveRequest, NewInvite, OfferRequest,
};
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::state::{StateParams, StateQuery};
use crate::features::account::Account;
use crate::features::seat::Actor;
use crate::features::{game_actions, games, invite, record_import};
use crate::http::client_ip::ClientIp;
use crate::http::request::{JsonBody, bearer};
use crate::http::session;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::convert::Infallible;
use std::sync::Arc;

/// The largest imported record.
const RECORD_LIMIT: usize = 1024 * 1024;

/// The routes of the game flows.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/invite", post(new_invite))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/view/{ply}", get(view_at))
        .route("/api/records", post(import).layer(DefaultBodyLimit::max(RECORD_LIMIT)))
}

/// A game's JSON text (a whole state or an update) as a 200 response.
pub struct GameReply(pub GameJson);

impl IntoResponse for GameReply {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0.0).into_response()
    }
}

/// Who acts for a seat in a request: its bearer token, and its signed-in
/// account checked against cross-site requests (see
/// [`session::acting`]).
async fn actor(app: &App, headers: &HeaderMap) -> Actor {
    Actor { token: bearer(headers).map(str::to_owned), account: session::acting(app, headers).await }
}

/// The request's [`Actor`], taken from its headers as a handler's argument.
pub struct Acting(pub Actor);

impl FromRequestParts<Arc<App>> for Acting {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Acting, Infallible> {
        Ok(Acting(actor(app, &parts.headers).await))
    }
}

/// The signed-in account of a request that takes a seat, checked against
/// cross-site requests when there is one (anyone may take a seat without
/// an account).
async fn seat_account(app: &App, headers: &HeaderMap) -> Result<Option<Account>, DomainError> {
    let account = session::signed_in(app, headers).await?;
    if account.is_some() {
        session::check_origin(headers)?;
    }
    Ok(account)
}

/// `POST /api/games`: 201 with the creator's seat, its token, the invite
/// (games between people) and the state.
async fn create(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<CreateGameRequest>,
) -> Result<(StatusCode, Json<GameSeatReply>), DomainError> {
    let account = seat_account(&app, &headers).await;
    Ok((StatusCode::CREATED, Json(games::create(app, client, account, request).await?)))
}

/// `GET /api/games/{id}`: the whole state, with the played and legal moves
/// the query asks for (see [`StateQuery::parse`]).
async fn state(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    params: Result<Query<StateParams>, QueryRejection>,
) -> Result<GameReply, DomainError> {
    let Query(params) = params?;
    let query = StateQuery::parse(&params)?;
    let account = session::signed_in(&app, &headers).await?;
    Ok(GameReply(games::state(&app, &id, &query, account).await?))
}

/// `POST /api/games/{id}/moves` `{"move"}`: the update.
async fn play(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(actor): Acting,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Result<GameReply, DomainError> {
    Ok(GameReply(game_actions::play(app, id, actor, request.mv).await?))
}

/// `POST /api/games/{id}/resign`: the update.
async fn resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(actor): Acting,
) -> Result<GameReply, DomainError> {
    Ok(GameReply(game_actions::resign(app, id, actor).await?))
}

/// `POST /api/games/{id}/draw` `{"action"}`: the update.
async fn draw(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(actor): Acting,
    JsonBody(request): JsonBody<OfferRequest>,
) -> Result<GameReply, DomainError> {
    Ok(GameReply(game_actions::draw(app, id, actor, request).await?))
}

/// `POST /api/games/{id}/undo`: the whole state.
async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Acting(actor): Acting,
) -> Result<GameReply, DomainError> {
    Ok(GameReply(game_actions::undo(app, id, actor).await?))
}

/// `POST /api/games/{id}/join` `{"invite"}`: the seat taken, its token and
/// the state.
async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<JoinRequest>,
) -> Result<Json<GameSeatReply>, DomainError> {
    let account = seat_account(&app, &headers).await;
    Ok(Json(games::join(app, id, account, request.invite).await?))
}

/// `POST /api/games/{id}/invite`: a new invite link for the open seat,
/// for the signed-in account holding the other one (403 for anyone else,
/// 409 once the seat is taken).
async fn new_invite(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<NewInvite>, DomainError> {
    let account = session::acting(&app, &headers).await?;
    Ok(Json(invite::renew(app, id, account).await?))
}

/// `POST /api/records` `{"record"}`: 201 with the new game's id and state.
async fn import(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    JsonBody(request): JsonBody<ImportRequest>,
) -> Result<(StatusCode, Json<GameImported>), DomainError> {
    Ok((StatusCode::CREATED, Json(record_import::import(app, client, request.record).await?)))
}

/// `GET /api/games/{id}/view/{ply}`: the position after `ply` moves.
async fn view_at(
    State(app): State<Arc<App>>,
    Path((id, ply)): Path<(String, String)>,
) -> Result<Json<GamePositionAt>, DomainError> {
    Ok(Json(games::view_at(&app, &id, &ply).await?))
}
