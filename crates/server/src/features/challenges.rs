//! Challenges: a signed-in account challenges another by name to a game
//! (game, options, clock or days per move, side, rated, takebacks); the challenged account accepts —
//! and a game is made with both seats bound to the two accounts — or
//! declines with a reason; the challenger may withdraw it. A challenge
//! not answered within [`App::challenge_expiry`] (10 minutes unless
//! configured) expires.
//!
//! `POST /api/challenges` makes one, `GET /api/challenges` lists the
//! account's (see [`ChallengeList`]), `GET /api/challenges/{id}` tells
//! one, `POST /api/challenges/{id}/accept`, `…/decline` answer it and
//! `DELETE /api/challenges/{id}` withdraws it. `GET /api/events` is an
//! event stream for the signed-in account that sends the list (event
//! `challenges`) whenever it changes: the site's pages show the incoming
//! challenges and the answers to the account's own live. Everything is
//! in the database, so it works across server instances and restarts.
//!
//! # Against spam
//!
//! - An account makes at most [`Limits::challenges_per_minute`] challenges
//!   a minute (10 unless configured), a client address three times as
//!   many, and an account receives at most
//!   [`Limits::challenges_received_per_minute`] (20) from everyone
//!   together: beyond, 429 with `Retry-After`. An account has at most
//!   [`OPEN_CHALLENGES`] open challenges of its own and receives at most
//!   [`OPEN_RECEIVED`] open ones at once (422 beyond).
//! - A challenge to an account that mutes the challenger is answered as
//!   if it were made (201, the same body), so that the mute is not
//!   revealed, but it is stored as `ignored`: the challenged account never
//!   sees it, the challenger sees it open until it expires (or withdraws
//!   it), and it counts against neither the challenged account's limit nor
//!   its open ones.
//! - A challenge is deleted [`Limits::challenges_kept`] (an hour) after
//!   it expired, whatever its answer ([`delete_old`], every minute).
//!
//! [`Limits::challenges_per_minute`]: crate::Limits::challenges_per_minute
//! [`Limits::challenges_received_per_minute`]: crate::Limits::challenges_received_per_minute
//! [`Limits::challenges_kept`]: crate::Limits::challenges_kept

use crate::core::account_name::AccountName;
use crate::core::app::{App, Change};
use crate::core::correspondence::{Correspondence, one_time_control};
use crate::core::error::DomainError;
use crate::core::limits::{Action, Counted};
use crate::core::periodic;
use crate::core::secret::{is_game_id, new_game_id};
use crate::core::table::{millis, now_ms};
use crate::features::account::{Account, storage};
use crate::features::setup::{
    Pairing, check_rated, game_between, parse_clock, parse_side, parse_takebacks, read_options,
};
use crate::http::client_ip::ClientIp;
use crate::http::request::JsonBody;
use crate::http::session;
use crate::store::{ChallengeRow, Op, StoreError};
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use game::{StaticText, text};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

/// The most open challenges one account may have made.
pub const OPEN_CHALLENGES: usize = 5;
/// The most open challenges one account may have received.
pub const OPEN_RECEIVED: usize = 20;
/// How often old challenges are deleted, at most (more often when they are
/// kept for less than this).
const DELETE_EVERY: Duration = Duration::from_secs(60);
/// How often the event stream looks for changes.
const EVENTS_EVERY: Duration = Duration::from_secs(1);
/// How long answered challenges stay in the list after they expired, ms.
const LISTED_AFTER_MS: i64 = 10 * 60_000;

/// The routes of challenges and the account's event stream.
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/challenges", get(list).post(create))
        .route("/api/challenges/{id}", get(one).delete(cancel))
        .route("/api/challenges/{id}/accept", post(accept))
        .route("/api/challenges/{id}/decline", post(decline))
        .route("/api/events", get(events))
}

/// The reasons to decline: key, English and German text.
pub const REASONS: [(&str, StaticText); 6] = [
    (
        "generic",
        StaticText {
            en: "I'm not accepting challenges right now.",
            de: "Ich nehme gerade keine Herausforderungen an.",
        },
    ),
    (
        "later",
        StaticText { en: "Not now, please ask me another time.", de: "Jetzt nicht, frag mich ein andermal." },
    ),
    (
        "timecontrol",
        StaticText { en: "Please send another time control.", de: "Bitte schick eine andere Bedenkzeit." },
    ),
    ("casual", StaticText { en: "I'd play a casual game only.", de: "Ich spiele nur ungewertet." }),
    ("rated", StaticText { en: "I'd play a rated game only.", de: "Ich spiele nur gewertet." }),
    (
        "game",
        StaticText {
            en: "Please challenge me to another game.",
            de: "Bitte fordere mich zu einem anderen Spiel heraus.",
        },
    ),
];

/// `POST /api/challenges`.
#[derive(Deserialize)]
struct ChallengeRequest {
    to: String,
    game: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    clock: Option<Value>,
    /// Days per move of a correspondence game, instead of a clock.
    correspondence: Option<Value>,
    #[serde(default)]
    rated: bool,
    side: Option<String>,
    /// Whether the game allows takeback requests (see [`parse_takebacks`]).
    takebacks: Option<Value>,
}

/// `POST /api/challenges/{id}/decline`.
#[derive(Deserialize)]
struct DeclineRequest {
    reason: Option<String>,
}

/// A challenge's status at `now`: an open one past its time has expired;
/// an ignored one (see the module docs) is open, as only its challenger
/// sees it.
fn status(challenge: &ChallengeRow, now: i64) -> &str {
    match challenge.status.as_str() {
        "open" | "ignored" if challenge.expires_ms <= now => "expired",
        "ignored" => "open",
        status => status,
    }
}

/// Whether the challenged account sees the challenge (it is not ignored).
fn seen_by_challenged(challenge: &ChallengeRow) -> bool {
    challenge.status != "ignored"
}

/// A challenge as JSON, as `viewer` sees it.
fn challenge_json(app: &App, challenge: &ChallengeRow, viewer: &Account, now: i64) -> Value {
    let options: Value = serde_json::from_str(&challenge.options).unwrap_or(Value::Null);
    let reason = challenge.reason.as_deref();
    json!({
        "id": challenge.id,
        "game": challenge.game,
        "title": app.registry.get(&challenge.game).map_or("", |entry| entry.title.en),
        "options": options,
        "clock": challenge.clock.map(|(initial, increment)| json!({ "initial_ms": initial, "increment_ms": increment })),
        "correspondence": challenge.days_per_move,
        "rated": challenge.rated,
        "takebacks": challenge.takebacks,
        "side": challenge.side,
        "from": challenge.challenger_name,
        "to": challenge.challenged_name,
        "incoming": challenge.challenged_id == viewer.id,
        "created_ms": challenge.created_ms,
        "expires_ms": challenge.expires_ms,
        "status": status(challenge, now),
        "reason": reason,
        "reason_text": reason.and_then(|key| REASONS.iter().find(|(k, _)| *k == key)).map(|(_, text)| text),
        "game_id": challenge.game_id,
    })
}

/// The account's challenges: `incoming`, the open ones it received;
/// `outgoing`, those it made lately, whatever their status.
async fn challenge_list(app: &App, account: &Account) -> Result<Value, DomainError> {
    let now = now_ms();
    let since = now - millis(app.challenge_expiry) - LISTED_AFTER_MS;
    let all = app.store.challenges_of(&account.id, since).await.map_err(storage)?;
    let (incoming, outgoing): (Vec<_>, Vec<_>) = all.iter().partition(|c| c.challenged_id == account.id);
    let incoming: Vec<Value> = incoming
        .into_iter()
        .filter(|c| seen_by_challenged(c) && status(c, now) == "open")
        .map(|c| challenge_json(app, c, account, now))
        .collect();
    let outgoing: Vec<Value> = outgoing.into_iter().map(|c| challenge_json(app, c, account, now)).collect();
    Ok(json!({ "incoming": incoming, "outgoing": outgoing }))
}

/// `GET /api/challenges`: see [`challenge_list`].
async fn list(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    let account = signed_in(&app, &headers).await?;
    Ok(axum::Json(challenge_list(&app, &account).await?).into_response())
}

/// The signed-in account of a reading request, or 401.
async fn signed_in(app: &App, headers: &HeaderMap) -> Result<Account, DomainError> {
    session::signed_in(app, headers).await?.ok_or_else(|| {
        DomainError::new(
            crate::core::error::ErrorKind::Unauthenticated,
            text!("sign in first", "melde dich zuerst an"),
        )
    })
}

/// The challenge `id` if `account` made or received it, else 404.
async fn find(app: &App, id: &str, account: &Account) -> Result<ChallengeRow, DomainError> {
    let missing = || DomainError::not_found(text!("no challenge '{id}'", "keine Herausforderung „{id}“"));
    if !is_game_id(id) {
        return Err(missing());
    }
    let challenge = app.store.challenge(id).await.map_err(storage)?.ok_or_else(missing)?;
    let challenged = challenge.challenged_id == account.id && seen_by_challenged(&challenge);
    if challenge.challenger_id != account.id && !challenged {
        return Err(missing());
    }
    Ok(challenge)
}

/// 409 unless the challenge is open at `now`.
fn ensure_open(challenge: &ChallengeRow, now: i64) -> Result<(), DomainError> {
    match status(challenge, now) {
        "open" => Ok(()),
        status => Err(no_longer_open(status)),
    }
}

/// 409: the challenge was answered, withdrawn or expired (`status`).
fn no_longer_open(status: &str) -> DomainError {
    let de = match status {
        "accepted" => "angenommen",
        "declined" => "abgelehnt",
        "cancelled" => "zurückgezogen",
        "expired" => "abgelaufen",
        _ => "nicht mehr offen",
    };
    DomainError::conflict(text!(
        "the challenge is no longer open ({status})",
        "die Herausforderung ist nicht mehr offen ({de})"
    ))
}

/// `GET /api/challenges/{id}`.
async fn one(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    let account = signed_in(&app, &headers).await?;
    let challenge = find(&app, &id, &account).await?;
    Ok(axum::Json(challenge_json(&app, &challenge, &account, now_ms())).into_response())
}

/// `POST /api/challenges`: 201 with the challenge; 404 for an unknown
/// player, 422 for a name that is none (see [`AccountName`]), for oneself, a bad game, option, clock, side or takebacks,
/// a rated game without a clock, or too many open challenges; 429 for too
/// many challenges (see the module docs, also for an account that mutes
/// the challenger).
async fn create(
    State(app): State<Arc<App>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ChallengeRequest>,
) -> Result<Response, DomainError> {
    let account = session::require(&app, &headers).await?;
    let name = AccountName::parse(&request.to).map_err(|error| error.on_field("to"))?;
    let Some(challenged) = app.store.account_by_name(name.as_str()).await.map_err(storage)? else {
        return Err(DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")));
    };
    if challenged.id == account.id {
        return Err(DomainError::unprocessable(text!(
            "you cannot challenge yourself",
            "du kannst dich nicht selbst herausfordern"
        )));
    }
    let entry = *app.registry.get(&request.game)?;
    let game = app.registry.create(entry.name, &read_options(&request.options)?, None)?;
    let clock = match &request.clock {
        None | Some(Value::Null) => None,
        Some(clock) => Some(parse_clock(clock)?),
    };
    let correspondence = Correspondence::parse(request.correspondence.as_ref())?;
    one_time_control(clock.is_some(), correspondence.is_some())?;
    check_rated(request.rated, clock.is_some() || correspondence.is_some(), true)?;
    let takebacks = parse_takebacks(request.takebacks.as_ref(), request.rated)?;
    let side = match request.side.as_deref().map(str::trim).unwrap_or("random") {
        "random" => "random".to_owned(),
        side => parse_side(game.as_ref(), side)?.to_string(),
    };
    // Only a challenge that could be made counts against the limits.
    app.rates.check(Action::Challenge, Counted::Account(account.id.clone()))?;
    app.rates.check(Action::Challenge, client)?;
    let now = now_ms();
    let since = now - millis(app.challenge_expiry);
    let mine = app.store.challenges_of(&account.id, since).await.map_err(storage)?;
    if mine.iter().filter(|c| c.challenger_id == account.id && status(c, now) == "open").count()
        >= OPEN_CHALLENGES
    {
        return Err(DomainError::unprocessable(text!(
            "you have {OPEN_CHALLENGES} open challenges already; wait for an answer or withdraw one",
            "du hast schon {OPEN_CHALLENGES} offene Herausforderungen; warte auf eine Antwort oder zieh eine \
             zurück"
        )));
    }
    let muted = app.store.muted(&challenged.id).await.map_err(storage)?;
    let ignored = muted.iter().any(|name| name.eq_ignore_ascii_case(&account.name));
    if !ignored {
        app.rates.check(Action::Challenged, Counted::Account(challenged.id.clone()))?;
        let theirs = app.store.challenges_of(&challenged.id, since).await.map_err(storage)?;
        let open = theirs
            .iter()
            .filter(|c| c.challenged_id == challenged.id && seen_by_challenged(c) && status(c, now) == "open")
            .count();
        if open >= OPEN_RECEIVED {
            let name = &challenged.name;
            return Err(DomainError::unprocessable(text!(
                "{name} has {OPEN_RECEIVED} open challenges already; try again later",
                "{name} hat schon {OPEN_RECEIVED} offene Herausforderungen; versuch es später noch einmal"
            )));
        }
    }
    let options: BTreeMap<&str, &str> = game.options().iter().collect();
    let challenge = ChallengeRow {
        id: new_game_id(),
        challenger_id: account.id.clone(),
        challenger_name: account.name.clone(),
        challenged_id: challenged.id,
        challenged_name: challenged.name,
        game: entry.name.to_owned(),
        options: serde_json::to_string(&options).unwrap_or_default(),
        clock: clock.map(|c| (c.initial_ms, c.increment_ms)),
        rated: request.rated,
        side,
        created_ms: now,
        expires_ms: now + millis(app.challenge_expiry),
        status: if ignored { "ignored" } else { "open" }.to_owned(),
        reason: None,
        game_id: None,
        takebacks,
        days_per_move: correspondence.map(|c| c.days),
    };
    app.store.write(vec![Op::CreateChallenge(challenge.clone())]).await.map_err(storage)?;
    Ok((StatusCode::CREATED, axum::Json(challenge_json(&app, &challenge, &account, now))).into_response())
}

/// Writes the answer to an open challenge; 409 if it was answered,
/// withdrawn or expired meanwhile (another instance, another tab).
async fn answer(app: &App, mut ops: Vec<Op>, answer: Op) -> Result<(), DomainError> {
    ops.push(answer);
    app.store.write(ops).await.map_err(|error| match error {
        StoreError::Conflict(_) => no_longer_open("answered, withdrawn or expired"),
        error => storage(error),
    })
}

/// `POST /api/challenges/{id}/accept` by the challenged account: makes the
/// game; 201 `{"id", "seat"}` (the accepting account's seat).
async fn accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    let account = session::require(&app, &headers).await?;
    let challenge = find(&app, &id, &account).await?;
    if challenge.challenged_id != account.id {
        return Err(DomainError::forbidden(text!(
            "only the challenged player can accept a challenge",
            "nur der herausgeforderte Spieler kann eine Herausforderung annehmen"
        )));
    }
    let now = now_ms();
    ensure_open(&challenge, now)?;
    let challenger = Account { id: challenge.challenger_id.clone(), name: challenge.challenger_name.clone() };
    let pairing = Pairing {
        game: &challenge.game,
        options: &challenge.options,
        clock: challenge.clock,
        days_per_move: challenge.days_per_move,
        rated: challenge.rated,
        takebacks: challenge.takebacks,
        side: &challenge.side,
    };
    let (mut table, seat) = game_between(&app, &pairing, &challenger, &account).await?;
    let game_id = table.id.clone();
    let accepted = Op::AnswerChallenge {
        id: challenge.id,
        status: "accepted".to_owned(),
        reason: None,
        game_id: Some(game_id.clone()),
        now_ms: now,
    };
    answer(&app, vec![Op::CreateGame(Box::new(table.to_stored()))], accepted).await?;
    table.start_clock_if_ready(Instant::now());
    let slot = app.insert(table);
    let mut table = slot.table.lock().await;
    app.changed(&slot, &mut table, Change::Replaced);
    Ok((StatusCode::CREATED, axum::Json(json!({ "id": game_id, "seat": seat.to_string() }))).into_response())
}

/// `POST /api/challenges/{id}/decline` `{"reason"}` by the challenged
/// account (a key of [`REASONS`], `generic` if none): 200 with the
/// challenge.
async fn decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<DeclineRequest>,
) -> Result<Response, DomainError> {
    let account = session::require(&app, &headers).await?;
    let challenge = find(&app, &id, &account).await?;
    if challenge.challenged_id != account.id {
        return Err(DomainError::forbidden(text!(
            "only the challenged player can decline a challenge",
            "nur der herausgeforderte Spieler kann eine Herausforderung ablehnen"
        )));
    }
    let reason = request.reason.as_deref().map_or("generic", str::trim);
    if !REASONS.iter().any(|(key, _)| *key == reason) {
        let keys = REASONS.map(|(key, _)| key).join(", ");
        return Err(DomainError::unprocessable(text!(
            "reason '{reason}' is not one of {keys}",
            "Grund „{reason}“ ist keiner von {keys}"
        )));
    }
    let now = now_ms();
    ensure_open(&challenge, now)?;
    let op = Op::AnswerChallenge {
        id: id.clone(),
        status: "declined".to_owned(),
        reason: Some(reason.to_owned()),
        game_id: None,
        now_ms: now,
    };
    answer(&app, Vec::new(), op).await?;
    let challenge = find(&app, &id, &account).await?;
    Ok(axum::Json(challenge_json(&app, &challenge, &account, now_ms())).into_response())
}

/// `DELETE /api/challenges/{id}` by the challenger: withdraws it.
async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, DomainError> {
    let account = session::require(&app, &headers).await?;
    let challenge = find(&app, &id, &account).await?;
    if challenge.challenger_id != account.id {
        return Err(DomainError::forbidden(text!(
            "only the challenger can withdraw a challenge",
            "nur wer herausfordert, kann die Herausforderung zurückziehen"
        )));
    }
    let now = now_ms();
    ensure_open(&challenge, now)?;
    let op = Op::AnswerChallenge {
        id: id.clone(),
        status: "cancelled".to_owned(),
        reason: None,
        game_id: None,
        now_ms: now,
    };
    answer(&app, Vec::new(), op).await?;
    let challenge = find(&app, &id, &account).await?;
    Ok(axum::Json(challenge_json(&app, &challenge, &account, now_ms())).into_response())
}

/// Deletes the challenges kept long enough after they expired (see the
/// module docs) now and every minute (more often when they are kept for
/// less), until the server stops.
pub async fn delete_old(app: Weak<App>) {
    let Some(kept) = app.upgrade().map(|app| app.challenges_kept) else {
        return;
    };
    periodic::every(app, kept.clamp(Duration::from_millis(250), DELETE_EVERY), |app| async move {
        let expired_before_ms = now_ms() - millis(app.challenges_kept);
        if let Err(error) = app.store.write(vec![Op::DeleteOldChallenges { expired_before_ms }]).await {
            tracing::error!(error = %error.detail(), "deleting old challenges failed");
        }
    })
    .await;
}

/// `GET /api/events`: an event stream for the signed-in account (401
/// otherwise): `challenges` with the list of [`challenge_list`] at once
/// and whenever it changes (looked at every second, so that changes made
/// through any server instance arrive); ends when the server stops.
async fn events(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, DomainError> {
    let account = signed_in(&app, &headers).await?;
    let stopping = app.stopping.subscribe();
    let state = (app, account, stopping, String::new(), true);
    let stream =
        futures_util::stream::unfold(state, |(app, account, mut stopping, last, first)| async move {
            let mut wait = !first;
            loop {
                if wait {
                    tokio::select! {
                        () = tokio::time::sleep(EVENTS_EVERY) => {}
                        _ = stopping.wait_for(|stopping| *stopping) => return None,
                    }
                }
                wait = true;
                if *stopping.borrow() {
                    return None;
                }
                // A failed read is tried again at the next look.
                let Ok(list) = challenge_list(&app, &account).await else { continue };
                let text = list.to_string();
                if text != last {
                    let event = Event::default().event("challenges").data(text.clone());
                    return Some((Ok::<_, Infallible>(event), (app, account, stopping, text, false)));
                }
            }
        });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}
