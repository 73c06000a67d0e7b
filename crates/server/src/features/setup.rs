//! Setting a game up from a request, shared by new games, seeks and
//! rematches: options, side, clock, rating, seat bindings, and the refusal
//! of positions already over.

use crate::contract::game::CreateGameRequest;
use crate::contract::lobby::PairingTerms;
use crate::core::app::App;
use crate::core::correspondence::{Correspondence, one_time_control};
use crate::core::error::DomainError;
use crate::core::secret::new_game_id;
use crate::core::table::{Clock, Kind, Seat, Table, now_ms};
use crate::features::account::Account;
use crate::store::{Op, SeatAccount, TermsRow};
use game::level::{DEFAULT_LEVEL, LEVELS};
use game::{DynGame, GameError, Options, Player, Registry, text};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

/// Reads a request's game options: text, numbers or booleans.
pub fn read_options(options: &BTreeMap<String, Value>) -> Result<Options, DomainError> {
    let mut read = Options::new();
    for (name, value) in options {
        let value = match value {
            Value::String(text) => text.clone(),
            Value::Number(_) | Value::Bool(_) => value.to_string(),
            _ => {
                return Err(DomainError::unprocessable(text!(
                    "option '{name}' must be text",
                    "Einstellung „{name}“ muss Text sein"
                )));
            }
        };
        read.set(name, &value);
    }
    Ok(read)
}

/// 422 unless a game asked to be rated can be: it needs a time control (a
/// clock or days per move: `timed`) and an account at each seat
/// (`signed_in`: the asking player is signed in).
pub fn check_rated(rated: bool, timed: bool, signed_in: bool) -> Result<(), DomainError> {
    if rated && !timed {
        return Err(DomainError::unprocessable(text!(
            "a rated game needs a clock (or days per move)",
            "eine gewertete Partie braucht eine Uhr (oder Tage je Zug)"
        )));
    }
    if rated && !signed_in {
        return Err(DomainError::unprocessable(text!(
            "sign in to play rated games",
            "melde dich an, um gewertete Partien zu spielen"
        )));
    }
    Ok(())
}

/// Reads whether a game between people allows takeback requests: `true`
/// or `false`; when not given (or null), as lichess: allowed in casual
/// games, not in rated ones. 422 for anything else.
pub fn parse_takebacks(value: Option<&Value>, rated: bool) -> Result<bool, DomainError> {
    match value {
        None | Some(Value::Null) => Ok(!rated),
        Some(Value::Bool(allowed)) => Ok(*allowed),
        Some(_) => Err(DomainError::unprocessable(text!(
            "takebacks must be true or false",
            "„takebacks“ (Zugrücknahmen erlaubt) muss true oder false sein"
        ))),
    }
}

/// The seat binding of an account: its current rating under `rating_key`
/// (the game's name, see [`crate::core::correspondence::rating_key`]), if
/// any.
pub async fn bind(app: &App, account: &Account, rating_key: &str) -> Result<SeatAccount, DomainError> {
    let rating = app.read(|db| db.rating(&account.id, rating_key)).await?;
    Ok(SeatAccount {
        id: account.id.clone(),
        name: account.name.clone(),
        rating_before: Some(rating.as_ref().map_or(crate::core::rating::START_RATING, |r| r.rating)),
        rating_after: None,
        bot: crate::features::bots::is_bot(app, &account.id).await?,
        provisional: rating.as_ref().is_none_or(|r| crate::core::rating::Glicko::of(r).provisional()),
        closed: false,
    })
}

/// A new game between `first` (on the side of the `terms`, a seek's, a
/// challenge's or a pool's) and `second`, both seats bound to the
/// accounts; returns it with `second`'s side. Not yet stored.
pub async fn game_between(
    app: &App,
    terms: &TermsRow,
    first: &Account,
    second: &Account,
) -> Result<(Table, Player), DomainError> {
    let entry = *app.registry.get(&terms.game)?;
    let options: BTreeMap<String, Value> = serde_json::from_str(&terms.options).unwrap_or_default();
    let game = app.registry.create(entry.name, &read_options(&options)?, None)?;
    let first_side = parse_side(game.as_ref(), &terms.side)?;
    let mut table = Table::new(new_game_id(), entry.title.en, game, None, Kind::Human);
    table.clock = terms.clock.map(|(initial, increment)| Clock::new(initial, increment));
    table.correspondence = terms.days_per_move.map(Correspondence::new);
    table.rated = terms.rated;
    table.people.takebacks = terms.takebacks;
    for (player, who) in [(first_side, first), (first_side.other(), second)] {
        table.seats[player.index()] =
            Seat { account: Some(bind(app, who, &table.rating_key()).await?), ..Seat::default() };
    }
    table.start_deadline(now_ms(), app.day_ms);
    Ok((table, first_side.other()))
}

/// Stores the new game `table` of a pairing (see [`game_between`]) with
/// `ops`, what made it (an accepted seek or challenge, the pool entries
/// left), and tells `players` (accounts and their seats) of it; then
/// starts it: its clock, in memory, to its watchers and the players'
/// lobby connections here. `false` when what `ops` change changed
/// meanwhile: nothing was stored.
pub async fn start_paired(
    app: &Arc<App>,
    table: Table,
    ops: Vec<Op>,
    players: &[(&str, &str)],
) -> Result<bool, DomainError> {
    start_all_paired(app, vec![(table, players)], ops).await
}

/// [`start_paired`] for several games made together (a Swiss round): all
/// are stored with `ops` in one write, or none.
pub async fn start_all_paired(
    app: &Arc<App>,
    games: Vec<(Table, &[(&str, &str)])>,
    mut ops: Vec<Op>,
) -> Result<bool, DomainError> {
    for (table, players) in &games {
        ops.extend(App::pairing_ops(&table.id, players));
    }
    let announced: Vec<_> = games.iter().map(|(table, players)| (table.id.clone(), *players)).collect();
    let tables = games.into_iter().map(|(table, _)| table).collect();
    if !start_all(app, tables, ops).await? {
        return Ok(false);
    }
    for (game, players) in announced {
        app.announce_pairing(&game, players);
    }
    Ok(true)
}

/// Stores the new games `tables` (see [`game_between`]) with `ops` in one
/// write, or none, and starts them (their clocks, in memory, to their
/// watchers) without telling their players to go to them: a league's
/// games, made all at once, wait in the players' lists of games. `false`
/// when what `ops` change changed meanwhile: nothing was stored.
pub async fn start_all(app: &Arc<App>, tables: Vec<Table>, ops: Vec<Op>) -> Result<bool, DomainError> {
    let mut all: Vec<Op> = tables.iter().map(|table| Op::CreateGame(Box::new(table.to_stored()))).collect();
    all.extend(ops);
    if !app.try_write(all).await? {
        return Ok(false);
    }
    for mut table in tables {
        table.start_clock_if_ready(Instant::now());
        app.insert_created(table).await;
    }
    Ok(true)
}

/// 422 when a game would start already over (a position given at its
/// creation that the rules say is finished: no move could ever be played).
pub fn refuse_finished(game: &dyn DynGame) -> Result<(), DomainError> {
    let why = match game.outcome() {
        Some(outcome) => outcome.description(),
        None if game.legal_move_list(0).0 == 0 => text!("no legal moves", "keine legalen Züge"),
        None => return Ok(()),
    };
    let (en, de) = (why.en, why.de);
    Err(DomainError::unprocessable(text!(
        "the position is already over ({en}); a game must start with a move to play",
        "die Stellung ist schon zu Ende ({de}); eine Partie muss mit einem Zug beginnen"
    )))
}

/// Reads a side as a seat id: `p1`, `p2` or `random`; the error names
/// the game's sides in the reader's language.
pub fn parse_side(game: &dyn DynGame, side: &str) -> Result<Player, DomainError> {
    match side.trim().to_ascii_lowercase().as_str() {
        "p1" => Ok(Player::P1),
        "p2" => Ok(Player::P2),
        "random" => Ok(if rand::random::<bool>() { Player::P1 } else { Player::P2 }),
        _ => {
            let [first, second] = Player::BOTH.map(|p| game.player_name(p));
            let (first_en, second_en, first_de, second_de) = (first.en, second.en, first.de, second.de);
            Err(DomainError::unprocessable(text!(
                "side '{side}' is not p1 ({first_en}), p2 ({second_en}) or random",
                "Seite „{side}“ ist nicht p1 ({first_de}), p2 ({second_de}) oder random"
            )))
        }
    }
}

/// Reads the terms of a seek or a challenge between people (signed in):
/// the game and its options, at most one time control, whether it may be
/// rated, takebacks, and the asker's side (`random` by default); 422 for
/// anything else. Returns them as they are stored, the options all of the
/// game's (those asked for and the defaults).
pub fn read_terms(registry: &Registry, request: &PairingTerms) -> Result<TermsRow, DomainError> {
    let entry = *registry.get(&request.game)?;
    let game = registry.create(entry.name, &read_options(&request.options)?, None)?;
    let clock = match &request.clock {
        None | Some(Value::Null) => None,
        Some(clock) => Some(parse_clock(clock)?),
    };
    let correspondence = request.correspondence.map(Correspondence::from);
    one_time_control(clock.is_some(), correspondence.is_some())?;
    check_rated(request.rated, clock.is_some() || correspondence.is_some(), true)?;
    let takebacks = parse_takebacks(request.takebacks.as_ref(), request.rated)?;
    let side = match request.side.as_deref().map(str::trim).unwrap_or("random") {
        "random" => "random".to_owned(),
        side => parse_side(game.as_ref(), side)?.to_string(),
    };
    let options: BTreeMap<&str, &str> = game.options().iter().collect();
    Ok(TermsRow {
        game: entry.name.to_owned(),
        options: serde_json::to_string(&options).unwrap_or_default(),
        clock: clock.map(|c| (c.initial_ms, c.increment_ms)),
        rated: request.rated,
        side,
        days_per_move: correspondence.map(|c| c.days),
        takebacks,
    })
}

/// A new game as `POST /api/games` asks for it, read and checked but for
/// what depends on the account (see [`check_rated`]).
pub struct GameSetup {
    /// The game at its start position.
    pub game: Box<dyn DynGame>,
    /// The game's English title.
    pub title: &'static str,
    /// Against the engine or between people.
    pub kind: Kind,
    /// The engine's level (games against it).
    pub level: Option<u8>,
    /// The creator's seat.
    pub side: Player,
    /// The clock (games between people).
    pub clock: Option<Clock>,
    /// Days per move (games between people).
    pub correspondence: Option<Correspondence>,
    /// Whether the players may ask each other for takebacks.
    pub takebacks: bool,
}

/// Reads a new game's request (see [`CreateGameRequest`]): the game and
/// its options, a start position that is not over, the opponent (`engine`
/// by default, or `human`), the engine's level (1 to 10), the creator's
/// side (`p1` by default), one time control (games between people) and
/// takebacks; 422 for anything else.
pub fn parse_setup(registry: &Registry, request: &CreateGameRequest) -> Result<GameSetup, DomainError> {
    let entry = *registry.get(&request.game)?;
    let options = read_options(&request.options)?;
    let game = registry.create(entry.name, &options, request.position.as_deref())?;
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
    let correspondence = request.correspondence.map(Correspondence::from);
    if correspondence.is_some() && kind != Kind::Human {
        return Err(DomainError::unprocessable(text!(
            "correspondence is for games between people",
            "Fernschach gibt es nur für Partien zwischen Menschen"
        )));
    }
    one_time_control(clock.is_some(), correspondence.is_some())?;
    let takebacks = parse_takebacks(request.takebacks.as_ref(), request.rated)?;
    Ok(GameSetup { game, title: entry.title.en, kind, level, side, clock, correspondence, takebacks })
}

/// The shortest base time of a clock, ms (10 s).
pub const CLOCK_MIN_BASE_MS: i64 = 10_000;
/// The longest base time of a clock, ms (24 h).
pub const CLOCK_MAX_BASE_MS: i64 = 24 * 3_600_000;
/// The largest increment of a clock, ms (60 s).
pub const CLOCK_MAX_INCREMENT_MS: i64 = 60_000;

/// Reads a clock: `"5+3"` (minutes + seconds increment) or
/// `{"minutes": 5, "increment": 3}`; the base time must be from 10 s to
/// 24 h, the increment from 0 to 60 s (422 otherwise).
pub fn parse_clock(value: &Value) -> Result<Clock, DomainError> {
    let bad = || {
        DomainError::unprocessable(text!(
            "clock must be like \"5+3\" (minutes + seconds per move), with 10 seconds to 24 hours \
             (1440 minutes) and an increment of 0 to 60 seconds",
            "Uhr wie „5+3“ angeben (Minuten + Sekunden je Zug), mit 10 Sekunden bis 24 Stunden \
             (1440 Minuten) und 0 bis 60 Sekunden je Zug"
        ))
    };
    let (minutes, increment) = match value {
        Value::String(text) => {
            let (m, i) = text.split_once('+').unwrap_or((text, "0"));
            (m.trim().parse::<f64>().map_err(|_| bad())?, i.trim().parse::<f64>().map_err(|_| bad())?)
        }
        Value::Object(map) => (
            map.get("minutes").and_then(Value::as_f64).ok_or_else(bad)?,
            map.get("increment").and_then(Value::as_f64).unwrap_or(0.0),
        ),
        _ => return Err(bad()),
    };
    let base_ms = minutes * 60_000.0;
    let increment_ms = increment * 1000.0;
    let base_ok = (CLOCK_MIN_BASE_MS as f64..=CLOCK_MAX_BASE_MS as f64).contains(&base_ms);
    let increment_ok = (0.0..=CLOCK_MAX_INCREMENT_MS as f64).contains(&increment_ms);
    if !(base_ok && increment_ok) {
        return Err(bad());
    }
    Ok(Clock::new(base_ms.round() as i64, increment_ms.round() as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorKind;
    use serde_json::json;

    #[test]
    fn takebacks_follow_the_rating_unless_given() {
        assert!(parse_takebacks(None, false).unwrap());
        assert!(!parse_takebacks(Some(&Value::Null), true).unwrap());
        assert!(parse_takebacks(Some(&json!(true)), true).unwrap());
        assert!(!parse_takebacks(Some(&json!(false)), false).unwrap());
        for bad in [json!("yes"), json!(1), json!({"on": true})] {
            let error = parse_takebacks(Some(&bad), true).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Rejected, "{bad}");
            assert!(error.message.en.contains("true or false"), "{bad}");
            assert!(error.message.de.contains("true oder false"), "{bad}");
        }
    }

    #[test]
    fn clocks_read_both_forms() {
        let clock = parse_clock(&json!("5+3")).unwrap();
        assert_eq!((clock.initial_ms, clock.increment_ms), (300_000, 3000));
        let clock = parse_clock(&json!({"minutes": 1.5})).unwrap();
        assert_eq!((clock.initial_ms, clock.increment_ms), (90_000, 0));
        assert!(parse_clock(&json!("x+1")).is_err());
        assert!(parse_clock(&json!("0+1")).is_err());
    }

    #[test]
    fn clocks_stay_within_ten_seconds_to_a_day_and_a_minute_of_increment() {
        let clock = parse_clock(&json!("0.5+60")).unwrap();
        assert_eq!((clock.initial_ms, clock.increment_ms), (30_000, 60_000));
        let clock = parse_clock(&json!("1440+0")).unwrap();
        assert_eq!(clock.initial_ms, CLOCK_MAX_BASE_MS);
        let clock = parse_clock(&json!({"minutes": 10.0 / 60.0})).unwrap();
        assert_eq!(clock.initial_ms, CLOCK_MIN_BASE_MS);
        for bad in [
            json!("1e-12+0"),
            json!("0.1+0"),
            json!("1441+0"),
            json!("5+61"),
            json!("5+-1"),
            json!("NaN+0"),
            json!("inf+0"),
            json!("5+inf"),
            json!({"minutes": 1e-12}),
            json!({"minutes": 5, "increment": 1e9}),
        ] {
            let error = parse_clock(&bad).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Rejected, "{bad}");
            assert!(error.message.en.contains("10 seconds to 24 hours"), "{bad}");
            assert!(error.message.de.contains("10 Sekunden bis 24 Stunden"), "{bad}");
        }
    }
}
