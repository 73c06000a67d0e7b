//! Making an arena, joining and leaving one, and writing in its chat.

use crate::contract::social::ChatRequest;
use crate::contract::tournaments::{ArenaBots, CreateTournamentRequest, TournamentReply};
use crate::core::app::App;
use crate::core::correspondence::rating_key;
use crate::core::error::DomainError;
use crate::core::limits::{Action, Counted};
use crate::core::rating::Glicko;
use crate::core::secret::new_game_id;
use crate::core::table::now_ms;
use crate::features::account::Account;
use crate::features::chat::check_message;
use crate::features::setup::{check_rated, parse_clock};
use crate::features::tournaments::view::{Phase, details, load, phase};
use crate::store::{Op, TournamentRow};
use game::text;

/// The longest arena, minutes.
pub const MAX_MINUTES: i64 = 720;
/// How far ahead an arena may start, ms (a week).
pub const MAX_START_AHEAD_MS: i64 = 7 * 24 * 3_600_000;
/// The longest name, in characters.
pub const NAME_CHARS: usize = 60;
/// How many arenas not yet finished one account may have made.
pub const OPEN_PER_ACCOUNT: usize = 5;

/// Reads and checks a request into the row to store (not yet stored).
fn row_of(
    app: &App,
    account: &Account,
    request: &CreateTournamentRequest,
    now: i64,
) -> Result<TournamentRow, DomainError> {
    let entry = *app.registry.get(&request.game)?;
    let clock = parse_clock(&request.clock)?;
    check_rated(request.rated, true, true)?;
    let shortest = app.patience.shortest_arena_minutes;
    if !(shortest..=MAX_MINUTES).contains(&request.minutes) {
        return Err(DomainError::unprocessable(text!(
            "an arena lasts {shortest} to {MAX_MINUTES} minutes",
            "eine Arena dauert {shortest} bis {MAX_MINUTES} Minuten"
        ))
        .on_field("minutes"));
    }
    let starts_ms = request.starts_ms.unwrap_or(now).max(now);
    if request.starts_ms.is_some_and(|at| at < now - 60_000) || starts_ms > now + MAX_START_AHEAD_MS {
        return Err(DomainError::unprocessable(text!(
            "the start must be between now and a week from now",
            "der Beginn muss zwischen jetzt und einer Woche von jetzt liegen"
        ))
        .on_field("starts_ms"));
    }
    let range = (request.min_rating, request.max_rating);
    let in_bounds = |r: Option<i64>| r.is_none_or(|r| (0..=4000).contains(&r));
    if !in_bounds(range.0)
        || !in_bounds(range.1)
        || range.0.zip(range.1).is_some_and(|(low, high)| low > high)
    {
        return Err(DomainError::unprocessable(text!(
            "the rating range must lie within 0 to 4000, the least rating not above the greatest",
            "der Wertungsbereich muss zwischen 0 und 4000 liegen, die kleinste Wertung nicht über der größten"
        ))
        .on_field("min_rating"));
    }
    let name = request.name.as_deref().map(str::trim).filter(|name| !name.is_empty());
    if name.is_some_and(|name| name.chars().count() > NAME_CHARS || name.chars().any(char::is_control)) {
        return Err(DomainError::unprocessable(text!(
            "the name must be at most {NAME_CHARS} characters, without control characters",
            "der Name darf höchstens {NAME_CHARS} Zeichen haben, ohne Steuerzeichen"
        ))
        .on_field("name"));
    }
    let name = name.map_or_else(|| format!("{} Arena", entry.title.en), str::to_owned);
    Ok(TournamentRow {
        id: new_game_id(),
        kind: "arena".to_owned(),
        name,
        game: entry.name.to_owned(),
        clock: (clock.initial_ms, clock.increment_ms),
        rated: request.rated,
        bots: request.bots.word().to_owned(),
        rating_range: range,
        starts_ms,
        duration_ms: request.minutes * 60_000,
        status: "created".to_owned(),
        created_by: account.id.clone(),
        created_by_name: account.name.clone(),
        created_ms: now,
        winner_id: None,
        winner_name: None,
        version: 0,
        player_count: 0,
    })
}

/// `POST /api/tournaments`: `account` makes an arena (it does not join
/// it); 422 beyond [`OPEN_PER_ACCOUNT`] of its arenas not yet finished.
pub async fn create(
    app: &App,
    account: &Account,
    request: CreateTournamentRequest,
) -> Result<TournamentReply, DomainError> {
    let row = row_of(app, account, &request, now_ms())?;
    let made = app.read(|db| db.tournaments()).await?;
    let open = made.iter().filter(|t| t.created_by == account.id && t.status != "finished").count();
    if open >= OPEN_PER_ACCOUNT {
        return Err(DomainError::unprocessable(text!(
            "you have {open} arenas not yet finished; make another once one has ended",
            "du hast {open} Arenen, die noch nicht beendet sind; lege eine weitere an, wenn eine zu Ende ist"
        )));
    }
    let id = row.id.clone();
    app.write(vec![Op::CreateTournament(Box::new(row))]).await?;
    details(app, &id, Some(account)).await
}

/// `POST /api/tournaments/{id}/join`: `account` joins, or joins again
/// after leaving. 409 once the arena's time is up; 403 for a bot in an
/// arena of people, a person in one of bots, or a rating outside the
/// range.
pub async fn join(app: &App, account: &Account, id: &str) -> Result<TournamentReply, DomainError> {
    let stored = load(app, id).await?;
    let row = &stored.row;
    if matches!(phase(row, now_ms()), Phase::Ending | Phase::Finished) {
        return Err(DomainError::conflict(text!(
            "the arena is over: nobody can join any more",
            "die Arena ist vorbei: niemand kann mehr beitreten"
        )));
    }
    let bot = app.read(|db| db.account_bot(&account.id)).await?.is_some_and(|(bot, _)| bot);
    let bots = ArenaBots::parse(&row.bots).unwrap_or_default();
    if !bots.admits(bot) && bot {
        return Err(DomainError::forbidden(text!(
            "this arena is for people: bots may join arenas that welcome them",
            "diese Arena ist für Menschen: Bots dürfen Arenen beitreten, die sie willkommen heißen"
        )));
    }
    if !bots.admits(bot) {
        return Err(DomainError::forbidden(text!(
            "this arena is for bot accounts only",
            "diese Arena ist nur für Bot-Konten"
        )));
    }
    let key = rating_key(&row.game, false);
    let rating = app.read(|db| db.rating(&account.id, &key)).await?;
    let rating = rating.as_ref().map_or_else(Glicko::default, Glicko::of).rating;
    let rounded = rating.round() as i64;
    let (low, high) = row.rating_range;
    if low.is_some_and(|low| rounded < low) || high.is_some_and(|high| rounded > high) {
        let (low, high) =
            (low.map_or("–".to_owned(), |r| r.to_string()), high.map_or("–".to_owned(), |r| r.to_string()));
        return Err(DomainError::forbidden(text!(
            "your rating {rounded} is outside the arena's range {low} to {high}",
            "deine Wertung {rounded} liegt außerhalb des Bereichs der Arena, {low} bis {high}"
        )));
    }
    app.write(vec![Op::JoinTournament {
        tournament_id: row.id.clone(),
        account_id: account.id.clone(),
        rating,
        joined_ms: now_ms(),
    }])
    .await?;
    details(app, id, Some(account)).await
}

/// `POST /api/tournaments/{id}/leave`: `account` withdraws (pauses: its
/// running game goes on, and it may join again). 404 when it never
/// joined.
pub async fn leave(app: &App, account: &Account, id: &str) -> Result<TournamentReply, DomainError> {
    let stored = load(app, id).await?;
    if !stored.players.iter().any(|p| p.account_id == account.id) {
        return Err(DomainError::not_found(text!(
            "you have not joined this arena",
            "du bist dieser Arena nicht beigetreten"
        )));
    }
    app.write(vec![Op::WithdrawTournament { tournament_id: stored.row.id, account_id: account.id.clone() }])
        .await?;
    details(app, id, Some(account)).await
}

/// `POST /api/tournaments/{id}/chat`: `account` writes in the arena's
/// chat; 422 for an empty or too long message, 429 for an account that
/// writes too much (counted with the spectators' chats of games).
pub async fn chat(
    app: &App,
    account: &Account,
    id: &str,
    request: ChatRequest,
) -> Result<TournamentReply, DomainError> {
    let stored = load(app, id).await?;
    let body = request.text.trim();
    check_message(body)?;
    app.rates.check(Action::SpectatorChat, Counted::Account(account.id.clone()))?;
    app.write(vec![Op::AddTournamentChat {
        tournament_id: stored.row.id,
        account_id: account.id.clone(),
        body: body.to_owned(),
        sent_ms: now_ms(),
    }])
    .await?;
    details(app, id, Some(account)).await
}
