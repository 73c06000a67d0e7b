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
//! challenges and the answers to the account's own live (an answer given
//! before the stream opened is not announced again, see [`changes`]). Everything is
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

use crate::contract::common::ClockSpec;
use crate::contract::lobby::PairingTerms;
use crate::contract::social::{Challenge, ChallengeAccepted, ChallengeList, ChallengeStatus, DeclineRequest};
use crate::core::account_name::AccountName;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::limits::{Action, Counted};
use crate::core::periodic;
use crate::core::secret::{is_game_id, new_game_id};
use crate::core::table::{millis, now_ms};
use crate::features::account::Account;
use crate::features::bots::is_bot;
use crate::features::game_names::titles;
use crate::features::setup::{game_between, read_terms, start_paired};
use crate::store::{ChallengeRow, Op};
use futures_util::Stream;
use game::{StaticText, text};
use serde::Deserialize;
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::{Arc, Weak};
use std::time::Duration;

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

/// The body of `POST /api/challenges`.
#[derive(Deserialize)]
pub struct ChallengeRequest {
    /// The challenged account's name.
    to: String,
    /// The game's terms, read as a seek's (see [`read_terms`]).
    #[serde(flatten)]
    terms: PairingTerms,
}

impl ChallengeRequest {
    /// A challenge of the account named `to` to a game of these terms.
    pub fn new(to: String, terms: PairingTerms) -> ChallengeRequest {
        ChallengeRequest { to, terms }
    }
}

/// A challenge's status at `now`: an open one past its time has expired;
/// an ignored one (see the module docs) is open, as only its challenger
/// sees it.
fn status(challenge: &ChallengeRow, now: i64) -> ChallengeStatus {
    match challenge.status.as_str() {
        "open" | "ignored" if challenge.expires_ms <= now => ChallengeStatus::Expired,
        "open" | "ignored" => ChallengeStatus::Open,
        "accepted" => ChallengeStatus::Accepted,
        "declined" => ChallengeStatus::Declined,
        "cancelled" => ChallengeStatus::Cancelled,
        _ => ChallengeStatus::Expired,
    }
}

/// Whether the challenged account sees the challenge (it is not ignored).
fn seen_by_challenged(challenge: &ChallengeRow) -> bool {
    challenge.status != "ignored"
}

/// A challenge as `viewer` sees it at `now`.
fn challenge_of(app: &App, challenge: &ChallengeRow, viewer: &Account, now: i64) -> Challenge {
    let terms = &challenge.terms;
    let (title, titles) = titles(app, &terms.game);
    let reason = challenge.reason.clone();
    let reason_text = reason
        .as_deref()
        .and_then(|key| REASONS.iter().find(|(k, _)| *k == key))
        .map(|(_, text)| (*text).into());
    Challenge {
        id: challenge.id.clone(),
        game: terms.game.clone(),
        title,
        titles,
        options: serde_json::from_str(&terms.options).ok(),
        clock: terms.clock.map(|(initial_ms, increment_ms)| ClockSpec { initial_ms, increment_ms }),
        correspondence: terms.days_per_move,
        rated: terms.rated,
        takebacks: terms.takebacks,
        side: terms.side.clone(),
        from: challenge.challenger_name.clone(),
        to: challenge.challenged_name.clone(),
        from_bot: challenge.challenger_bot,
        to_bot: challenge.challenged_bot,
        incoming: challenge.challenged_id == viewer.id,
        created_ms: challenge.created_ms,
        expires_ms: challenge.expires_ms,
        status: status(challenge, now),
        reason,
        reason_text,
        game_id: challenge.game_id.clone(),
    }
}

/// The account's challenges: `incoming`, the open ones it received;
/// `outgoing`, those it made lately, whatever their status.
pub async fn list(app: &App, account: &Account) -> Result<ChallengeList, DomainError> {
    let now = now_ms();
    let since = now - millis(app.challenge_expiry) - LISTED_AFTER_MS;
    let all = app.read(|db| db.challenges_of(&account.id, since)).await?;
    let (incoming, outgoing): (Vec<_>, Vec<_>) = all.iter().partition(|c| c.challenged_id == account.id);
    let incoming = incoming
        .into_iter()
        .filter(|c| seen_by_challenged(c) && status(c, now) == ChallengeStatus::Open)
        .map(|c| challenge_of(app, c, account, now))
        .collect();
    let outgoing = outgoing.into_iter().map(|c| challenge_of(app, c, account, now)).collect();
    Ok(ChallengeList { incoming, outgoing })
}

/// The challenge `id` if `account` made or received it, else 404.
async fn find(app: &App, id: &str, account: &Account) -> Result<ChallengeRow, DomainError> {
    let missing = || DomainError::not_found(text!("no challenge '{id}'", "keine Herausforderung „{id}“"));
    if !is_game_id(id) {
        return Err(missing());
    }
    let challenge = app.read(|db| db.challenge(id)).await?.ok_or_else(missing)?;
    let challenged = challenge.challenged_id == account.id && seen_by_challenged(&challenge);
    if challenge.challenger_id != account.id && !challenged {
        return Err(missing());
    }
    Ok(challenge)
}

/// 409 unless the challenge is open at `now`.
fn ensure_open(challenge: &ChallengeRow, now: i64) -> Result<(), DomainError> {
    match status(challenge, now) {
        ChallengeStatus::Open => Ok(()),
        status => Err(no_longer_open(status.as_str())),
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

/// The challenge `id` as `account` sees it; 404 unless it made or
/// received it.
pub async fn one(app: &App, account: &Account, id: &str) -> Result<Challenge, DomainError> {
    let challenge = find(app, id, account).await?;
    Ok(challenge_of(app, &challenge, account, now_ms()))
}

/// Makes a challenge of `account` (from `client`): the challenge; 404 for
/// an unknown player, 422 for a name that is none (see [`AccountName`]),
/// for oneself, a bad game, option, clock, side or takebacks, a rated game
/// without a clock, or too many open challenges; 429 for too many
/// challenges (see the module docs, also for an account that mutes the
/// challenger).
pub async fn create(
    app: &App,
    account: &Account,
    client: IpAddr,
    request: ChallengeRequest,
) -> Result<Challenge, DomainError> {
    let name = AccountName::parse(&request.to).map_err(|error| error.on_field("to"))?;
    let Some(challenged) = app.read(|db| db.account_by_name(name.as_str())).await? else {
        return Err(DomainError::not_found(text!("no player '{name}'", "kein Spieler „{name}“")));
    };
    if challenged.id == account.id {
        return Err(DomainError::unprocessable(text!(
            "you cannot challenge yourself",
            "du kannst dich nicht selbst herausfordern"
        )));
    }
    let terms = read_terms(&app.registry, &request.terms)?;
    // Only a challenge that could be made counts against the limits.
    app.rates.check(Action::Challenge, Counted::Account(account.id.clone()))?;
    app.rates.check(Action::Challenge, client)?;
    let now = now_ms();
    let since = now - millis(app.challenge_expiry);
    let mine = app.read(|db| db.challenges_of(&account.id, since)).await?;
    if mine
        .iter()
        .filter(|c| c.challenger_id == account.id && status(c, now) == ChallengeStatus::Open)
        .count()
        >= OPEN_CHALLENGES
    {
        return Err(DomainError::unprocessable(text!(
            "you have {OPEN_CHALLENGES} open challenges already; wait for an answer or withdraw one",
            "du hast schon {OPEN_CHALLENGES} offene Herausforderungen; warte auf eine Antwort oder zieh eine \
             zurück"
        )));
    }
    let muted = app.read(|db| db.muted(&challenged.id)).await?;
    let ignored = muted.iter().any(|name| name.eq_ignore_ascii_case(&account.name));
    if !ignored {
        app.rates.check(Action::Challenged, Counted::Account(challenged.id.clone()))?;
        let theirs = app.read(|db| db.challenges_of(&challenged.id, since)).await?;
        let open = theirs
            .iter()
            .filter(|c| {
                c.challenged_id == challenged.id
                    && seen_by_challenged(c)
                    && status(c, now) == ChallengeStatus::Open
            })
            .count();
        if open >= OPEN_RECEIVED {
            let name = &challenged.name;
            return Err(DomainError::unprocessable(text!(
                "{name} has {OPEN_RECEIVED} open challenges already; try again later",
                "{name} hat schon {OPEN_RECEIVED} offene Herausforderungen; versuch es später noch einmal"
            )));
        }
    }
    let challenger_bot = is_bot(app, &account.id).await?;
    let challenged_bot = is_bot(app, &challenged.id).await?;
    let challenge = ChallengeRow {
        id: new_game_id(),
        challenger_id: account.id.clone(),
        challenger_name: account.name.clone(),
        challenged_id: challenged.id,
        challenged_name: challenged.name,
        terms,
        created_ms: now,
        expires_ms: now + millis(app.challenge_expiry),
        status: if ignored { "ignored" } else { "open" }.to_owned(),
        reason: None,
        game_id: None,
        challenger_bot,
        challenged_bot,
    };
    app.write(vec![Op::CreateChallenge(challenge.clone())]).await?;
    Ok(challenge_of(app, &challenge, account, now))
}

/// Closes the open `challenge` as `status` (`declined`, for `reason`, or
/// `cancelled`): the challenge then, as `account` sees it; 409 if it was
/// answered, withdrawn or expired before or meanwhile (another instance,
/// another tab).
async fn close(
    app: &App,
    account: &Account,
    challenge: &ChallengeRow,
    status: &str,
    reason: Option<&str>,
) -> Result<Challenge, DomainError> {
    let now = now_ms();
    ensure_open(challenge, now)?;
    let op = Op::AnswerChallenge {
        id: challenge.id.clone(),
        status: status.to_owned(),
        reason: reason.map(str::to_owned),
        game_id: None,
        now_ms: now,
    };
    app.write_or(vec![op], answered_meanwhile).await?;
    one(app, account, &challenge.id).await
}

/// The 409 of a challenge answered, withdrawn or expired meanwhile.
fn answered_meanwhile() -> DomainError {
    no_longer_open("answered, withdrawn or expired")
}

/// Accepts the challenge `id` by the challenged `account`: makes the
/// game; its id and the accepting account's seat.
pub async fn accept(app: &Arc<App>, account: &Account, id: &str) -> Result<ChallengeAccepted, DomainError> {
    let challenge = find(app, id, account).await?;
    if challenge.challenged_id != account.id {
        return Err(DomainError::forbidden(text!(
            "only the challenged player can accept a challenge",
            "nur der herausgeforderte Spieler kann eine Herausforderung annehmen"
        )));
    }
    let now = now_ms();
    ensure_open(&challenge, now)?;
    let challenger = Account { id: challenge.challenger_id.clone(), name: challenge.challenger_name.clone() };
    let (table, seat) = game_between(app, &challenge.terms, &challenger, account).await?;
    let game_id = table.id.clone();
    let accepted = Op::AnswerChallenge {
        id: challenge.id,
        status: "accepted".to_owned(),
        reason: None,
        game_id: Some(game_id.clone()),
        now_ms: now,
    };
    if !start_paired(app, table, vec![accepted], &[]).await? {
        return Err(answered_meanwhile());
    }
    Ok(ChallengeAccepted { id: game_id, seat: seat.into() })
}

/// Declines the challenge `id` by the challenged `account` with a reason
/// (a key of [`REASONS`], `generic` if none): the challenge.
pub async fn decline(
    app: &App,
    account: &Account,
    id: &str,
    request: DeclineRequest,
) -> Result<Challenge, DomainError> {
    let challenge = find(app, id, account).await?;
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
    close(app, account, &challenge, "declined", Some(reason)).await
}

/// Withdraws the challenge `id` by its challenger `account`: the
/// challenge.
pub async fn cancel(app: &App, account: &Account, id: &str) -> Result<Challenge, DomainError> {
    let challenge = find(app, id, account).await?;
    if challenge.challenger_id != account.id {
        return Err(DomainError::forbidden(text!(
            "only the challenger can withdraw a challenge",
            "nur wer herausfordert, kann die Herausforderung zurückziehen"
        )));
    }
    close(app, account, &challenge, "cancelled", None).await
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
        if let Err(error) = app.write(vec![Op::DeleteOldChallenges { expired_before_ms }]).await {
            tracing::error!(error = error.message.en, "deleting old challenges failed");
        }
    })
    .await;
}

/// The account's challenges (see [`list`]) at once and whenever they
/// change (looked at every second, so that changes made through any
/// server instance arrive); ends when the server stops.
///
/// An answer is news once: the challenges of the account's that were
/// already answered, withdrawn or expired when the stream opened are left
/// out of it, so that a new page, a new sign-in or another device does not
/// announce them again (the game an accepted one made is in the account's
/// games); those answered while the stream is open come with it.
pub fn changes(app: Arc<App>, account: Account) -> impl Stream<Item = ChallengeList> + Send {
    let stopping = app.stopping.subscribe();
    let state = (app, account, stopping, None::<ChallengeList>, None::<HashSet<String>>);
    futures_util::stream::unfold(state, |(app, account, mut stopping, last, settled)| async move {
        let mut wait = settled.is_some();
        let mut settled = settled;
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
            let Ok(mut list) = list(&app, &account).await else { continue };
            let old = settled.get_or_insert_with(|| settled_ids(&list));
            list.outgoing.retain(|c| !old.contains(&c.id));
            if last.as_ref() != Some(&list) {
                return Some((list.clone(), (app, account, stopping, Some(list), settled)));
            }
        }
    })
}

/// The ids of the account's challenges in `list` that are no longer open.
fn settled_ids(list: &ChallengeList) -> HashSet<String> {
    list.outgoing.iter().filter(|c| c.status != ChallengeStatus::Open).map(|c| c.id.clone()).collect()
}
