//! The HTTP API: routes and handlers.

use crate::core::app::{App, Change};
use crate::core::correspondence::{Correspondence, one_time_control, rating_key};
use crate::core::error::DomainError;
use crate::core::limits::Action;
use crate::core::replay::Replay;
use crate::core::secret::{hash_secret, new_game_id, new_secret};
use crate::core::state::{StateParams, StateQuery};
use crate::core::table::{Kind, Seat, Table, now_ms};
use crate::features::seat::{detached, with_seat, with_state};
use crate::features::setup::{
    bind, check_rated, parse_clock, parse_side, parse_takebacks, read_options, refuse_finished,
};
use crate::features::{records, rematch};
use crate::http::assets;
use crate::http::client_ip::ClientIp;
use crate::http::request::JsonBody;
use crate::http::session;
use crate::http::{edge, headers, ws};
use crate::store::Op;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use game::level::{DEFAULT_LEVEL, LEVELS};
use game::{DynGame, GameError, Outcome, Player, Registry, text};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The largest request body of most routes.
const BODY_LIMIT: usize = 16 * 1024;
/// The largest imported record.
const RECORD_LIMIT: usize = 1024 * 1024;
/// The most moves an imported record may have.
pub const RECORD_MOVES: usize = 5000;

/// The router of the whole server: API, WebSocket and web UI.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .merge(crate::http::registry::routes())
        .route("/api/games", get(crate::http::lobby::list).post(create_game))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/view/{ply}", get(view_at))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/games/{id}/rematch", post(rematch::rematch))
        .merge(crate::features::people::routes())
        .route("/api/records", post(import_record).layer(DefaultBodyLimit::max(RECORD_LIMIT)))
        .merge(crate::http::account::routes())
        .merge(crate::http::seeks::routes())
        .merge(crate::http::pools::routes())
        .route("/api/lobby/ws", get(crate::http::lobby_ws::upgrade))
        .merge(crate::http::lobby::routes())
        .merge(crate::http::players::routes())
        .merge(crate::http::challenges::routes())
        .merge(crate::http::chat::routes())
        .merge(crate::http::learn::routes())
        .merge(crate::http::puzzles::routes())
        .merge(crate::http::analysis::routes())
        .merge(crate::http::records::routes())
        .merge(assets::router())
        .fallback(unknown_path)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(crate::http::compress::json))
        .layer(axum::middleware::map_response(headers::secure))
        .layer(axum::middleware::from_fn_with_state(app.clone(), edge::edge))
        .with_state(app)
}

/// An unknown path: under `/api/` a JSON 404 with the message in both
/// languages; elsewhere the web UI's page, which shows its own friendly
/// "not found", with status 404.
async fn unknown_path(uri: Uri, request: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        DomainError::not_found(text!("no such API path: {path}", "keine solche API-Adresse: {path}"))
            .into_response()
    } else {
        assets::missing_page(&request)
    }
}

/// `GET /healthz`: 200 `{"status": "ok", "db": "sqlite"|"postgres"}` when
/// the database answers, else 503 `{"status": "unavailable", "db", …}`
/// with a request id under which the edge logs the error.
async fn healthz(State(app): State<Arc<App>>) -> Response {
    let db = app.store.backend();
    match app.store.ping().await {
        Ok(()) => axum::Json(json!({ "status": "ok", "db": db })).into_response(),
        Err(error) => {
            let mut response =
                (StatusCode::SERVICE_UNAVAILABLE, axum::Json(json!({ "status": "unavailable", "db": db })))
                    .into_response();
            response.extensions_mut().insert(crate::http::error::Cause(error.detail()));
            response
        }
    }
}

/// `POST /api/games`.
#[derive(Deserialize)]
struct CreateRequest {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    opponent: Option<String>,
    level: Option<i64>,
    side: Option<String>,
    clock: Option<Value>,
    position: Option<String>,
    #[serde(default)]
    rated: bool,
    /// Days per move of a correspondence game, instead of a clock.
    correspondence: Option<Value>,
    /// Whether the players may ask each other to take moves back: by
    /// default in casual games, not in rated ones.
    takebacks: Option<Value>,
}

async fn create_game(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<CreateRequest>,
) -> Result<Response, DomainError> {
    app.rates.check(Action::CreateGame, client)?;
    let headers = headers.clone();
    detached(async move {
        let entry = *app.registry.get(&request.game)?;
        let options = read_options(&request.options)?;
        let game = app.registry.create(entry.name, &options, request.position.as_deref())?;
        refuse_finished(game.as_ref())?;
        let kind = match request.opponent.as_deref().unwrap_or("engine") {
            "engine" => Kind::Engine,
            "human" => Kind::Human,
            other => {
                return Err(DomainError::unprocessable(text!(
                    "opponent '{other}' is not engine or human",
                    "Gegner „{other}“ ist weder engine noch human"
                )));
            }
        };
        if kind == Kind::Engine && game.engines().is_empty() {
            return Err(GameError::NoEngine(entry.name.to_owned()).into());
        }
        let level = match (kind, request.level) {
            (Kind::Engine, None) => Some(DEFAULT_LEVEL),
            (Kind::Engine, Some(level)) => {
                Some(u8::try_from(level).ok().filter(|l| LEVELS.contains(l)).ok_or_else(|| {
                    DomainError::unprocessable(text!(
                        "level {level} is not between 1 and 10",
                        "Stufe {level} liegt nicht zwischen 1 und 10"
                    ))
                })?)
            }
            _ => None,
        };
        let side = parse_side(game.as_ref(), request.side.as_deref().unwrap_or("p1"))?;
        let clock = match (&request.clock, kind) {
            (None | Some(Value::Null), _) => None,
            (Some(clock), Kind::Human) => Some(parse_clock(clock)?),
            (Some(_), _) => {
                return Err(DomainError::unprocessable(text!(
                    "clocks are for games between people",
                    "Uhren gibt es nur für Partien zwischen Menschen"
                )));
            }
        };
        let correspondence = Correspondence::parse(request.correspondence.as_ref())?;
        if correspondence.is_some() && kind != Kind::Human {
            return Err(DomainError::unprocessable(text!(
                "correspondence is for games between people",
                "Fernschach gibt es nur für Partien zwischen Menschen"
            )));
        }
        one_time_control(clock.is_some(), correspondence.is_some())?;
        let account = if kind == Kind::Human { session::signed_in(&app, &headers).await? } else { None };
        check_rated(request.rated, clock.is_some() || correspondence.is_some(), account.is_some())?;
        let takebacks = parse_takebacks(request.takebacks.as_ref(), request.rated)?;
        if request.rated && kind != Kind::Human {
            return Err(DomainError::unprocessable(text!(
                "only games between people are rated",
                "gewertet werden nur Partien zwischen Menschen"
            )));
        }
        if account.is_some() {
            session::check_origin(&headers)?;
        }
        let bound = match &account {
            Some(account) => {
                Some(bind(&app, account, &rating_key(entry.name, correspondence.is_some())).await?)
            }
            None => None,
        };
        let id = new_game_id();
        let token = new_secret();
        let invite = new_secret();
        let mut table = Table::new(id.clone(), entry.title.en, game, request.position.clone(), kind);
        table.level = level;
        table.clock = clock;
        table.correspondence = correspondence;
        table.rated = request.rated;
        table.people.takebacks = kind == Kind::Human && takebacks;
        table.seats[side.index()] =
            Seat { token_hash: Some(hash_secret(&token)), account: bound, ..Seat::default() };
        table.seats[side.other().index()] = match kind {
            Kind::Engine => Seat { engine: true, ..Seat::default() },
            _ => Seat { invite_hash: Some(hash_secret(&invite)), ..Seat::default() },
        };
        app.commit(vec![Op::CreateGame(Box::new(table.to_stored()))]).await?;
        let slot = app.insert(table);
        let mut table = slot.table.lock().await;
        let state = app.changed(&slot, &mut table, Change::Replaced);
        let invite = (kind == Kind::Human).then(|| format!("{}/play/{id}#invite={invite}", app.public_url()));
        let body = json!({
            "id": id,
            "seat": side.to_string(),
            "token": token,
            "invite": invite,
        });
        Ok(with_state(StatusCode::CREATED, body, &state))
    })
    .await
}

/// `GET /api/games/{id}`: the whole state, with the played and legal moves
/// the query asks for (see [`StateQuery::parse`]).
async fn game_state(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    params: Result<Query<StateParams>, QueryRejection>,
) -> Result<Response, DomainError> {
    let Query(params) = params?;
    let query = StateQuery::parse(&params)?;
    let account = session::signed_in(&app, &headers).await?;
    let slot = app.slot(&id).await?;
    let mut table = slot.table.lock().await;
    app.sync(&slot, &mut table).await?;
    let mut state = table.state(Instant::now(), &query);
    // The seat of the signed-in account, for the page on any device.
    if let Some(seat) = account.and_then(|a| table.seat_of_account(&a.id)) {
        state.replace_range(..1, &format!("{{\"you\":\"{seat}\","));
    }
    Ok(([(header::CONTENT_TYPE, "application/json")], state).into_response())
}

fn ensure_running(table: &Table) -> Result<(), DomainError> {
    match table.game.outcome() {
        Some(outcome) => {
            let described = outcome.describe();
            Err(DomainError::unprocessable(text!("the game is over ({described})", "das Spiel ist vorbei")))
        }
        None => Ok(()),
    }
}

/// `POST /api/games/{id}/moves`.
#[derive(Deserialize)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

async fn play_move(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Result<Response, DomainError> {
    with_seat(app, id, headers, move |app, slot, table, seat| {
        Box::pin(async move {
            ensure_running(table)?;
            let to_move = table.game.side_to_move();
            if to_move != seat {
                let (name, name_de) =
                    (table.game.player_name(to_move).en, table.game.player_name(to_move).de);
                return Err(DomainError::unprocessable(text!(
                    "it is not your turn: {name} is to move",
                    "du bist nicht am Zug: {name_de} ist am Zug"
                )));
            }
            app.play(slot, table, &request.mv).await
        })
    })
    .await
}

async fn resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    with_seat(app, id, headers, |app, slot, table, seat| {
        Box::pin(async move {
            ensure_running(table)?;
            app.end(slot, table, Outcome::win(seat.other(), "resignation")).await
        })
    })
    .await
}

/// `POST /api/games/{id}/draw`: `offer` (the default), `accept` or `decline`.
#[derive(Deserialize)]
struct DrawRequest {
    action: Option<String>,
}

async fn draw(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<DrawRequest>,
) -> Result<Response, DomainError> {
    with_seat(app, id, headers, move |app, slot, table, seat| {
        Box::pin(async move {
            ensure_running(table)?;
            let offered_to_me = table.draw_offer == Some(seat.other());
            match request.action.as_deref().unwrap_or("offer") {
                "offer" | "accept" if offered_to_me => app.end(slot, table, Outcome::draw("agreement")).await,
                "offer" if table.kind == Kind::Engine => Err(DomainError::unprocessable(text!(
                    "the engine declines; play on or resign",
                    "der Computer lehnt ab; spiel weiter oder gib auf"
                ))),
                "offer" => {
                    let people = crate::features::people::draw_offered(table, seat)?;
                    let ops = vec![
                        Op::SetDrawOffer { game: table.id.clone(), seat: Some(seat) },
                        Op::SetPeople { game: table.id.clone(), state: people.to_text() },
                    ];
                    app.commit_change(table, ops).await?;
                    table.draw_offer = Some(seat);
                    table.people = people;
                    let from = table.moves.len();
                    Ok(app.changed(slot, table, Change::Added { from }))
                }
                "accept" => Err(DomainError::unprocessable(text!(
                    "there is no draw offer to accept",
                    "es gibt kein Remisangebot, das du annehmen könntest"
                ))),
                "decline" if offered_to_me => {
                    let people = crate::features::people::draw_declined(table, seat);
                    let ops = vec![
                        Op::SetDrawOffer { game: table.id.clone(), seat: None },
                        Op::SetPeople { game: table.id.clone(), state: people.to_text() },
                    ];
                    app.commit_change(table, ops).await?;
                    table.draw_offer = None;
                    table.people = people;
                    let from = table.moves.len();
                    Ok(app.changed(slot, table, Change::Added { from }))
                }
                "decline" => Err(DomainError::unprocessable(text!(
                    "there is no draw offer to decline",
                    "es gibt kein Remisangebot, das du ablehnen könntest"
                ))),
                other => Err(DomainError::unprocessable(text!(
                    "draw action '{other}' is not offer, accept or decline",
                    "Remis-Aktion „{other}“ ist nicht offer, accept oder decline"
                ))),
            }
        })
    })
    .await
}

/// `POST /api/games/{id}/undo`: back to the player's last turn, only in a
/// running game against the engine; a finished game stays finished.
async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    with_seat(app, id, headers, |app, slot, table, seat| {
        Box::pin(async move {
            if table.kind != Kind::Engine {
                return Err(DomainError::unprocessable(text!(
                    "moves can be taken back only in games against the engine",
                    "Züge zurücknehmen geht nur in Partien gegen den Computer"
                )));
            }
            if let Some(outcome) = table.game.outcome() {
                let described = outcome.describe();
                return Err(DomainError::unprocessable(text!(
                    "the game is over ({described}); moves can be taken back only while it runs",
                    "das Spiel ist vorbei; Züge können nur zurückgenommen werden, solange es läuft"
                )));
            }
            let mut game = table.game.clone_box();
            let mut steps = 0;
            while game.undo().is_some() {
                steps += 1;
                if game.side_to_move() == seat {
                    break;
                }
            }
            if steps == 0 {
                return Err(DomainError::unprocessable(text!(
                    "there is no move to take back",
                    "es gibt keinen Zug zum Zurücknehmen"
                )));
            }
            let keep = table.moves.len() - steps;
            let truncate =
                Op::TruncateMoves { game: table.id.clone(), from_ply: keep, to_move: game.side_to_move() };
            app.commit_change(table, vec![truncate]).await?;
            if let Some(stop) = table.stop.take() {
                stop.store(true, Ordering::Relaxed);
            }
            table.game = game;
            table.moves.truncate(keep);
            Ok(app.changed(slot, table, Change::Replaced))
        })
    })
    .await
}

/// `POST /api/games/{id}/join`: claims the invited seat.
#[derive(Deserialize)]
struct JoinRequest {
    invite: String,
}

async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<JoinRequest>,
) -> Result<Response, DomainError> {
    detached(async move {
        let account = session::signed_in(&app, &headers).await?;
        if account.is_some() {
            session::check_origin(&headers)?;
        }
        let slot = app.slot(&id).await?;
        let mut table = slot.table.lock().await;
        app.sync(&slot, &mut table).await?;
        if table.kind == Kind::Record {
            return Err(DomainError::conflict(text!(
                "an imported record is for viewing: it has no seats to take",
                "eine importierte Aufzeichnung ist zum Ansehen da: sie hat keine freien Plätze"
            )));
        }
        let hash = hash_secret(request.invite.trim());
        let Some(seat) = Player::BOTH
            .into_iter()
            .find(|p| table.seats[p.index()].invite_hash.as_deref() == Some(hash.as_str()))
        else {
            return Err(if table.kind == Kind::Human && table.seats_filled() {
                DomainError::conflict(text!(
                    "both seats of this game are taken",
                    "beide Plätze dieser Partie sind besetzt"
                ))
            } else {
                DomainError::forbidden(text!(
                    "this invite code does not belong to the game",
                    "dieser Einladungslink gehört nicht zu dieser Partie"
                ))
            });
        };
        // One account plays one seat: a second seat of the same account stays unbound.
        let account = account.filter(|a| table.seat_of_account(&a.id).is_none());
        if table.rated && account.is_none() {
            return Err(DomainError::forbidden(text!(
                "this game is rated: sign in with another account than your opponent's to join it",
                "diese Partie ist gewertet: melde dich mit einem anderen Konto als dein Gegner an, um \
                 mitzuspielen"
            )));
        }
        let bound = match &account {
            Some(account) => Some(bind(&app, account, &table.rating_key()).await?),
            None => None,
        };
        let token = new_secret();
        let token_hash = hash_secret(&token);
        let claim = Op::ClaimSeat {
            game: table.id.clone(),
            seat,
            token_hash: token_hash.clone(),
            account: bound.as_ref().map(|b| (b.id.clone(), b.rating_before)),
        };
        // A correspondence game starts when its second seat is taken.
        let deadline = table.deadline_on_taking(seat, now_ms(), app.day_ms);
        let mut people = table.people.clone();
        people.first_move_since_ms = Some(now_ms());
        let mut ops = vec![claim];
        ops.extend(
            deadline.map(|deadline| Op::SetDeadline { game: table.id.clone(), deadline_ms: Some(deadline) }),
        );
        if table.kind == Kind::Human {
            ops.push(Op::SetPeople { game: table.id.clone(), state: people.to_text() });
        }
        app.commit_change(&table, ops).await?;
        table.people = people;
        table.seats[seat.index()] =
            Seat { engine: false, token_hash: Some(token_hash), invite_hash: None, account: bound };
        table.set_deadline(deadline);
        let now = Instant::now();
        table.start_clock_if_ready(now);
        let from = table.moves.len();
        app.changed(&slot, &mut table, Change::Added { from });
        let state = table.state(now, &StateQuery::default());
        let body = json!({
            "id": table.id,
            "seat": seat.to_string(),
            "token": token,
        });
        Ok(with_state(StatusCode::OK, body, state.as_bytes()))
    })
    .await
}

/// `POST /api/records`: `{"record": "<record text>"}`.
#[derive(Deserialize)]
struct ImportRequest {
    record: String,
}

async fn import_record(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    JsonBody(request): JsonBody<ImportRequest>,
) -> Result<Response, DomainError> {
    app.rates.check(Action::ImportRecord, client)?;
    detached(async move {
        let reader = app.clone();
        let (game, setup, tags) =
            tokio::task::spawn_blocking(move || read_record(&reader.registry, &request.record))
                .await
                .map_err(|e| {
                    DomainError::internal(text!("import failed: {e}", "Import fehlgeschlagen: {e}"))
                })??;
        let title = app.registry.get(game.name())?.title.en;
        let mut table = Table::new(new_game_id(), title, game, setup, Kind::Record);
        table.tags = tags;
        app.commit(vec![Op::CreateGame(Box::new(table.to_stored()))]).await?;
        let slot = app.insert(table);
        let mut table = slot.table.lock().await;
        let state = app.changed(&slot, &mut table, Change::Replaced);
        Ok(with_state(StatusCode::CREATED, json!({ "id": table.id }), &state))
    })
    .await
}

/// A game, its start position text and the record's own tags.
type ReadRecord = (Box<dyn DynGame>, Option<String>, Vec<(String, String)>);

/// Reads and replays a record (on the blocking pool: long records take a
/// while): the game at its end, its start position text and the record's
/// tags that the game does not write itself (players' names, event, site,
/// date, round…). Records of more than [`RECORD_MOVES`] moves, or whose
/// tags break a rule of [`records::check_tags`] (too many, a name too long
/// or not a word, a value too long or with control characters), are
/// refused (422) before any replay.
fn read_record(registry: &Registry, text: &str) -> Result<ReadRecord, DomainError> {
    let record = game::Record::parse(text)?;
    let count = record.moves.len();
    if count > RECORD_MOVES {
        return Err(DomainError::unprocessable(text!(
            "the record has {count} moves; at most {RECORD_MOVES} are imported",
            "die Aufzeichnung hat {count} Züge; höchstens {RECORD_MOVES} werden importiert"
        )));
    }
    records::check_tags(&record.tags)?;
    let game = registry.load_record(&record)?;
    let own = game.record();
    let kept = record
        .tags
        .iter()
        .filter(|(name, _)| !name.eq_ignore_ascii_case("Setup") && own.tag(name).is_none())
        .cloned()
        .collect();
    Ok((game, record.tag("Setup").map(str::to_owned), kept))
}

/// `GET /api/games/{id}/view/{ply}`: the position after `ply` moves.
async fn view_at(
    State(app): State<Arc<App>>,
    Path((id, ply)): Path<(String, String)>,
) -> Result<Response, DomainError> {
    let slot = app.slot(&id).await?;
    let replay = Replay::of(&*slot.table.lock().await);
    let (ply, game) = replay.game_at(&app.registry, Some(&ply))?;
    Ok(axum::Json(json!({
        "ply": ply,
        "view": game.view(),
        "last_move": ply.checked_sub(1).map(|i| &replay.moves[i]),
        "side_to_move": game.side_to_move().to_string(),
        "position": game.position(),
    }))
    .into_response())
}
