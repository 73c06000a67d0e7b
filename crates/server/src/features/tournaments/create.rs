//! Making a tournament (an arena or a Swiss), joining and leaving one,
//! and writing in its chat.

use crate::contract::social::ChatRequest;
use crate::contract::tournaments::{ArenaBots, CreateTournamentRequest, TournamentKind, TournamentReply};
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
use crate::features::tournaments::view::{Phase, details, is_swiss, load, phase};
use crate::store::{Op, TournamentRow};
use game::text;

/// The longest arena, minutes.
pub const MAX_MINUTES: i64 = 720;
/// How far ahead an arena may start, ms (a week).
pub const MAX_START_AHEAD_MS: i64 = 7 * 24 * 3_600_000;
/// The longest name, in characters.
pub const NAME_CHARS: usize = 60;
/// How many tournaments not yet finished one account may have made.
pub const OPEN_PER_ACCOUNT: usize = 5;
/// The fewest and the most rounds of a Swiss.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 3..=15;

/// What sets the kinds apart: the clock (initial and increment, ms), the
/// days per move, the rounds and the duration (ms).
struct KindTerms {
    clock: (i64, i64),
    days_per_move: Option<u8>,
    rounds: u32,
    duration_ms: i64,
}

/// Reads an arena's clock and duration.
fn arena_terms(app: &App, request: &CreateTournamentRequest) -> Result<KindTerms, DomainError> {
    let clock = parse_clock(&request.clock)?;
    let shortest = app.patience.shortest_arena_minutes;
    let Some(minutes) = request.minutes.filter(|m| (shortest..=MAX_MINUTES).contains(m)) else {
        return Err(DomainError::unprocessable(text!(
            "an arena lasts {shortest} to {MAX_MINUTES} minutes",
            "eine Arena dauert {shortest} bis {MAX_MINUTES} Minuten"
        ))
        .on_field("minutes"));
    };
    let clock = (clock.initial_ms, clock.increment_ms);
    Ok(KindTerms { clock, days_per_move: None, rounds: 0, duration_ms: minutes * 60_000 })
}

/// Reads a Swiss's clock or days per move (one of them), and its rounds.
fn swiss_terms(request: &CreateTournamentRequest) -> Result<KindTerms, DomainError> {
    let (clock, days_per_move) = match (request.days_per_move, &request.clock) {
        (Some(days), serde_json::Value::Null) => ((0, 0), Some(days.days())),
        (Some(_), _) => {
            return Err(DomainError::unprocessable(text!(
                "a Swiss has a clock or days per move, not both",
                "ein Schweizer Turnier hat eine Uhr oder Tage je Zug, nicht beides"
            ))
            .on_field("days_per_move"));
        }
        (None, clock) => {
            let clock = parse_clock(clock)?;
            ((clock.initial_ms, clock.increment_ms), None)
        }
    };
    let (fewest, most) = (SWISS_ROUNDS.start(), SWISS_ROUNDS.end());
    let Some(rounds) = request.rounds.filter(|r| SWISS_ROUNDS.contains(r)) else {
        return Err(DomainError::unprocessable(text!(
            "a Swiss has {fewest} to {most} rounds",
            "ein Schweizer Turnier hat {fewest} bis {most} Runden"
        ))
        .on_field("rounds"));
    };
    Ok(KindTerms { clock, days_per_move, rounds, duration_ms: 0 })
}

/// Reads and checks a request into the row to store (not yet stored).
fn row_of(
    app: &App,
    account: &Account,
    request: &CreateTournamentRequest,
    now: i64,
) -> Result<TournamentRow, DomainError> {
    let entry = *app.registry.get(&request.game)?;
    let terms = match request.kind {
        TournamentKind::Arena => arena_terms(app, request)?,
        TournamentKind::Swiss => swiss_terms(request)?,
    };
    check_rated(request.rated, true, true)?;
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
    let kind_name = match request.kind {
        TournamentKind::Arena => "Arena",
        TournamentKind::Swiss => "Swiss",
    };
    let name = name.map_or_else(|| format!("{} {kind_name}", entry.title.en), str::to_owned);
    Ok(TournamentRow {
        id: new_game_id(),
        kind: request.kind.word().to_owned(),
        name,
        game: entry.name.to_owned(),
        clock: terms.clock,
        days_per_move: terms.days_per_move,
        rounds: terms.rounds,
        rated: request.rated,
        bots: request.bots.word().to_owned(),
        rating_range: range,
        starts_ms,
        duration_ms: terms.duration_ms,
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

/// `POST /api/tournaments`: `account` makes an arena or a Swiss, and
/// joins it with `join` (refused as [`join_op`] says, and then not made);
/// 422 beyond [`OPEN_PER_ACCOUNT`] of its tournaments not yet finished.
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
            "you have {open} tournaments not yet finished; make another once one has ended",
            "du hast {open} Turniere, die noch nicht beendet sind; lege ein weiteres an, wenn eines zu Ende ist"
        )));
    }
    let id = row.id.clone();
    let joined = if request.join { Some(join_op(app, account, &row).await?) } else { None };
    app.write([Op::CreateTournament(Box::new(row))].into_iter().chain(joined).collect()).await?;
    app.tournament_live.changed(&id);
    details(app, &id, Some(account)).await
}

/// The op that joins `account` to the tournament `row`, after the checks:
/// 409 once an arena's time is up or a Swiss has finished; 403 for a bot
/// in a tournament of people, a person in one of bots, or a rating
/// outside the range.
async fn join_op(app: &App, account: &Account, row: &TournamentRow) -> Result<Op, DomainError> {
    if is_swiss(row) && phase(row, now_ms()) == Phase::Finished {
        return Err(DomainError::conflict(text!(
            "the Swiss is over: nobody can join any more",
            "das Schweizer Turnier ist vorbei: niemand kann mehr beitreten"
        )));
    }
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
            "this tournament is for people: bots may join tournaments that welcome them",
            "dieses Turnier ist für Menschen: Bots dürfen Turnieren beitreten, die sie willkommen heißen"
        )));
    }
    if !bots.admits(bot) {
        return Err(DomainError::forbidden(text!(
            "this tournament is for bot accounts only",
            "dieses Turnier ist nur für Bot-Konten"
        )));
    }
    let key = rating_key(&row.game, row.days_per_move.is_some());
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
    Ok(Op::JoinTournament {
        tournament_id: row.id.clone(),
        account_id: account.id.clone(),
        rating,
        joined_ms: now_ms(),
    })
}

/// `POST /api/tournaments/{id}/join`: `account` joins, or joins again
/// after leaving (a Swiss pairs it from its next round); refused as
/// [`join_op`] says.
pub async fn join(app: &App, account: &Account, id: &str) -> Result<TournamentReply, DomainError> {
    let stored = load(app, id).await?;
    let op = join_op(app, account, &stored.row).await?;
    app.write(vec![op]).await?;
    app.tournament_live.changed(id);
    details(app, id, Some(account)).await
}

/// `POST /api/tournaments/{id}/leave`: `account` withdraws (pauses: its
/// running game goes on, and it may join again). 404 when it never
/// joined.
pub async fn leave(app: &App, account: &Account, id: &str) -> Result<TournamentReply, DomainError> {
    let stored = load(app, id).await?;
    if !stored.players.iter().any(|p| p.account_id == account.id) {
        return Err(DomainError::not_found(text!(
            "you have not joined this tournament",
            "du bist diesem Turnier nicht beigetreten"
        )));
    }
    app.write(vec![Op::WithdrawTournament { tournament_id: stored.row.id, account_id: account.id.clone() }])
        .await?;
    app.tournament_live.changed(id);
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
    app.tournament_live.changed(id);
    details(app, id, Some(account)).await
}
