//! A game being played on the server: the game itself, its seats, draw
//! offer and clock (its state as JSON is built in [`crate::core::state`]).

use crate::core::cache::PositionCache;
use crate::core::people::{Patience, People};
use crate::core::secret::hash_secret;
use crate::store::{
    ChatRow, GameLeagueRow, GameRow, MoveRow, SeatAccount, SeatRow, SpectatorChatRow, StoredGame,
};
use game::{DynGame, EngineState, Options, Outcome, Player, Registry};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Who plays a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A person against the engine.
    Engine,
    /// Two people.
    Human,
    /// An imported record, for viewing only.
    Record,
}

impl Kind {
    /// The stored and JSON name.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Engine => "engine",
            Kind::Human => "human",
            Kind::Record => "record",
        }
    }

    /// Reads a stored name.
    pub fn parse(text: &str) -> Option<Kind> {
        [Kind::Engine, Kind::Human, Kind::Record].into_iter().find(|k| k.as_str() == text)
    }
}

/// One seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// The engine plays it.
    pub engine: bool,
    /// Hash of the token of the person who holds it.
    pub token_hash: Option<String>,
    /// Hash of the invite code while nobody holds it.
    pub invite_hash: Option<String>,
    /// The account the seat is bound to: its holder plays it from any
    /// device where they are signed in.
    pub account: Option<SeatAccount>,
}

impl Seat {
    /// Whether the engine, a token's holder or an account holds the seat.
    pub fn taken(&self) -> bool {
        self.engine || self.token_hash.is_some() || self.account.is_some()
    }
}

/// A chess clock kept by the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Initial time per player, ms.
    pub initial_ms: i64,
    /// Increment per move, ms.
    pub increment_ms: i64,
    /// Remaining time of P1 and P2 at the start of the current turn, ms.
    pub remaining_ms: [i64; 2],
    /// When the current turn started, while the clock runs.
    pub turn_start: Option<Instant>,
}

impl Clock {
    /// A clock with both players at the initial time, stopped.
    pub fn new(initial_ms: i64, increment_ms: i64) -> Clock {
        Clock { initial_ms, increment_ms, remaining_ms: [initial_ms; 2], turn_start: None }
    }

    /// The time `player` has left at `now` if `player` is to move.
    pub fn left(&self, player: Player, to_move: Player, now: Instant) -> i64 {
        let spent = match self.turn_start {
            Some(start) if player == to_move => millis(now.saturating_duration_since(start)),
            _ => 0,
        };
        self.remaining_ms[player.index()] - spent
    }
}

/// Milliseconds of a duration, saturating.
pub fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, millis)
}

/// A game on the server.
pub struct Table {
    /// The game's id.
    pub id: String,
    /// The game's display title.
    pub title: &'static str,
    /// The game.
    pub game: Box<dyn DynGame>,
    /// Start position text, if not the standard start.
    pub setup: Option<String>,
    /// Who plays.
    pub kind: Kind,
    /// The engine's level in engine games.
    pub level: Option<u8>,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// Time of the last change, ms since the epoch.
    pub updated_ms: i64,
    /// P1's and P2's seats.
    pub seats: [Seat; 2],
    /// The player who offers a draw.
    pub draw_offer: Option<Player>,
    /// The clock of a clock game.
    pub clock: Option<Clock>,
    /// Whether the game counts for both accounts' ratings.
    pub rated: bool,
    /// The moves played, as canonical text.
    pub moves: Vec<String>,
    /// Counts every change; lets late engine replies and timers see that
    /// the game moved on, keys the position cache, and tells clients which
    /// change an update follows.
    pub version: u64,
    /// Set while an engine task is pending for this game.
    pub engine_busy: bool,
    /// The stop flag of the running engine search.
    pub stop: Option<Arc<AtomicBool>>,
    /// The engine of an engine game between its replies, with its hash
    /// table (in memory only; a restart starts a fresh one).
    pub engine: Option<EngineState>,
    /// The legal moves, view and texts of the current position, worked
    /// out once for `version` (every change bumps it).
    pub cache: PositionCache,
    /// An imported record's own tags (players, event, date…).
    pub tags: Vec<(String, String)>,
    /// The seat that offers a rematch.
    pub rematch_offer: Option<Player>,
    /// The id of the agreed rematch.
    pub rematch: Option<String>,
    /// The players' chat, oldest first.
    pub chat: Vec<ChatRow>,
    /// The days per move and deadline of a correspondence game (see
    /// [`crate::core::correspondence`]).
    pub correspondence: Option<crate::core::correspondence::Correspondence>,
    /// What a game between people keeps besides its moves.
    pub people: People,
    /// How long first moves and absences may last (the server's).
    pub patience: Patience,
    /// The spectators' chat, oldest first: the newest
    /// [`SPECTATOR_CHAT_KEPT`] messages at most.
    pub spectator_chat: Vec<SpectatorChatRow>,
    /// The index of the first message of `spectator_chat` (the older ones
    /// were dropped).
    pub spectator_chat_from: usize,
    /// The tournament that paired the game, if one did.
    pub tournament: Option<String>,
    /// That tournament's kind: `arena` or `swiss`.
    pub tournament_kind: Option<String>,
    /// The league season that made the game, if one did.
    pub league: Option<GameLeagueRow>,
}

/// How many of the newest messages of a game's spectators' chat are kept
/// (the older ones are deleted).
pub const SPECTATOR_CHAT_KEPT: usize = 100;

impl Table {
    /// A new table for a freshly created game.
    pub fn new(
        id: String,
        title: &'static str,
        game: Box<dyn DynGame>,
        setup: Option<String>,
        kind: Kind,
    ) -> Table {
        let now = now_ms();
        Table {
            id,
            title,
            moves: game.moves(),
            game,
            setup,
            kind,
            level: None,
            created_ms: now,
            updated_ms: now,
            seats: [Seat::default(), Seat::default()],
            draw_offer: None,
            clock: None,
            rated: false,
            version: 0,
            engine_busy: false,
            stop: None,
            cache: PositionCache::default(),
            tags: Vec::new(),
            rematch_offer: None,
            rematch: None,
            chat: Vec::new(),
            engine: None,
            correspondence: None,
            people: People::default(),
            patience: Patience::default(),
            spectator_chat: Vec::new(),
            spectator_chat_from: 0,
            tournament: None,
            tournament_kind: None,
            league: None,
        }
    }

    /// Rebuilds a stored game by replaying its moves.
    pub fn from_stored(registry: &Registry, stored: &StoredGame) -> Result<Table, String> {
        let row = &stored.row;
        let kind = Kind::parse(&row.kind).ok_or_else(|| format!("unknown kind '{}'", row.kind))?;
        let entry = registry.get(&row.game).map_err(|e| e.to_string())?;
        let options = Options::from_pairs(row.options.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let mut game =
            registry.create(&row.game, &options, row.setup.as_deref()).map_err(|e| e.to_string())?;
        let mut clock = row.clock.map(|(initial, increment)| Clock::new(initial, increment));
        for (ply, mv) in stored.moves.iter().enumerate() {
            let mover = game.side_to_move();
            game.play(&mv.mv).map_err(|e| format!("move {} '{}': {e}", ply + 1, mv.mv))?;
            if let (Some(clock), Some(left)) = (clock.as_mut(), mv.remaining_ms) {
                clock.remaining_ms[mover.index()] = left;
            }
        }
        if let Some((result, reason)) = &row.result
            && game.outcome().is_none()
        {
            let outcome =
                Outcome::from_texts(result, reason).ok_or_else(|| format!("unknown result '{result}'"))?;
            game.end(outcome);
        }
        let mut table = Table::new(row.id.clone(), entry.title.en, game, row.setup.clone(), kind);
        table.level = row.level;
        table.created_ms = row.created_ms;
        table.updated_ms = stored.moves.last().map_or(row.created_ms, |m| m.played_ms);
        table.draw_offer = row.draw_offer;
        table.clock = clock;
        table.rated = row.rated;
        table.version = row.version;
        table.tags = row.tags.clone();
        table.rematch_offer = row.rematch_offer;
        table.rematch = row.rematch.clone();
        table.chat = stored.chat.clone();
        table.correspondence = row
            .days_per_move
            .map(|days| crate::core::correspondence::Correspondence { days, deadline_ms: row.deadline_ms });
        table.people = stored.people.as_deref().map(People::parse).transpose()?.unwrap_or_default();
        table.spectator_chat = stored.spectator_chat.clone();
        table.spectator_chat_from = stored.spectator_chat_from;
        table.tournament = stored.tournament.clone();
        table.tournament_kind = stored.tournament_kind.clone();
        table.league = stored.league.clone();
        table.keep_newest_spectator_chat();
        for seat in &stored.seats {
            table.seats[seat.seat.index()] = Seat {
                engine: seat.engine,
                token_hash: seat.token_hash.clone(),
                invite_hash: seat.invite_hash.clone(),
                account: seat.account.clone(),
            };
        }
        table.start_clock_if_ready(Instant::now());
        Ok(table)
    }

    /// The index after the last message of the spectators' chat: how many
    /// were ever written.
    pub fn spectator_chat_end(&self) -> usize {
        self.spectator_chat_from + self.spectator_chat.len()
    }

    /// Drops the oldest messages of the spectators' chat beyond the newest
    /// [`SPECTATOR_CHAT_KEPT`].
    pub fn keep_newest_spectator_chat(&mut self) {
        let beyond = self.spectator_chat.len().saturating_sub(SPECTATOR_CHAT_KEPT);
        self.spectator_chat.drain(..beyond);
        self.spectator_chat_from += beyond;
    }

    /// The stored form of a new table (its moves included, for imports).
    pub fn to_stored(&self) -> StoredGame {
        let outcome = self.game.outcome();
        StoredGame {
            row: GameRow {
                id: self.id.clone(),
                game: self.game.name().to_owned(),
                options: self.game.options().iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect(),
                setup: self.setup.clone(),
                kind: self.kind.as_str().to_owned(),
                level: self.level,
                created_ms: self.created_ms,
                result: outcome.map(|o| (o.result_text().to_owned(), o.reason.to_owned())),
                draw_offer: self.draw_offer,
                clock: self.clock.as_ref().map(|c| (c.initial_ms, c.increment_ms)),
                to_move: Some(self.game.side_to_move()),
                version: self.version,
                rated: self.rated,
                tags: self.tags.clone(),
                rematch_offer: self.rematch_offer,
                rematch: self.rematch.clone(),
                days_per_move: self.correspondence.map(|c| c.days),
                deadline_ms: self.correspondence.and_then(|c| c.deadline_ms),
            },
            seats: Player::BOTH
                .into_iter()
                .map(|p| {
                    let seat = &self.seats[p.index()];
                    SeatRow {
                        seat: p,
                        engine: seat.engine,
                        token_hash: seat.token_hash.clone(),
                        invite_hash: seat.invite_hash.clone(),
                        account: seat.account.clone(),
                    }
                })
                .collect(),
            moves: self
                .moves
                .iter()
                .map(|mv| MoveRow { mv: mv.clone(), played_ms: self.created_ms, remaining_ms: None })
                .collect(),
            chat: self.chat.clone(),
            people: (self.kind == Kind::Human).then(|| self.people.to_text()),
            spectator_chat: self.spectator_chat.clone(),
            spectator_chat_from: self.spectator_chat_from,
            tournament: self.tournament.clone(),
            tournament_kind: self.tournament_kind.clone(),
            league: self.league.clone(),
        }
    }

    /// The seat whose token is `token`.
    pub fn seat_of(&self, token: &str) -> Option<Player> {
        let hash = hash_secret(token);
        Player::BOTH.into_iter().find(|p| self.seats[p.index()].token_hash.as_deref() == Some(hash.as_str()))
    }

    /// The name an imported record gives `player` (its tag named like the
    /// player, e.g. `[Black "Ada"]`, see [`side_tag`]), if any.
    pub fn tagged_name(&self, player: Player) -> Option<&str> {
        let side = side_tag(self.game.player_name(player).en);
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(&side)).map(|(_, v)| v.as_str())
    }

    /// Whether every seat is held by a person or the engine.
    pub fn seats_filled(&self) -> bool {
        self.seats.iter().all(Seat::taken)
    }

    /// The seat bound to the account `account_id`, if any.
    pub fn seat_of_account(&self, account_id: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.seats[p.index()].account.as_ref().is_some_and(|a| a.id == account_id))
    }

    /// Whether the engine is to move in a running engine game.
    pub fn engine_to_move(&self) -> bool {
        self.kind == Kind::Engine
            && self.game.outcome().is_none()
            && self.seats[self.game.side_to_move().index()].engine
    }

    /// Whether the game has begun: both sides have made a move of play
    /// (setup steps, see [`game::Game::in_setup`], do not count). Until
    /// then it may be aborted and nobody may claim.
    pub fn begun(&self) -> bool {
        self.game.play_moves() >= 2
    }

    /// Starts the clock once both seats are held, both sides have made
    /// their first move and the game runs.
    pub fn start_clock_if_ready(&mut self, now: Instant) {
        let running = self.game.outcome().is_none() && self.seats_filled() && self.moves.len() >= 2;
        if let Some(clock) = self.clock.as_mut()
            && running
            && clock.turn_start.is_none()
        {
            clock.turn_start = Some(now);
        }
    }

    /// Starts the running clock's turn when the last move was played by
    /// the wall clock rather than now: for a game read while its clock runs
    /// elsewhere (another server instance), so that reading it gives the
    /// side to move no time.
    pub fn backdate_turn(&mut self, now: Instant) {
        let since = Duration::from_millis((now_ms() - self.updated_ms).max(0).unsigned_abs());
        if let Some(clock) = self.clock.as_mut()
            && clock.turn_start.is_some()
            && !self.moves.is_empty()
        {
            clock.turn_start = Some(now.checked_sub(since).unwrap_or(now));
        }
    }

    /// The player whose time ran out at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Player> {
        let clock = self.clock.as_ref()?;
        clock.turn_start?;
        let to_move = self.game.side_to_move();
        (clock.left(to_move, to_move, now) <= 0).then_some(to_move)
    }

    /// When the side to move runs out of time, if the clock runs.
    pub fn flag_deadline(&self) -> Option<Instant> {
        let clock = self.clock.as_ref()?;
        let start = clock.turn_start?;
        let left = clock.remaining_ms[self.game.side_to_move().index()].max(0);
        Some(start + Duration::from_millis(left.unsigned_abs()))
    }

    /// Charges the mover's time for a move played at `now` (before it is
    /// added to `moves`) and adds the increment; the first move of each
    /// side is untimed, and the clock starts with the second move. Returns
    /// the mover's remaining time (clock games only).
    pub fn charge_move(&mut self, mover: Player, now: Instant) -> Option<i64> {
        let over = self.game.outcome().is_some();
        let starts = !over && self.moves.len() + 1 >= 2 && self.seats_filled();
        let clock = self.clock.as_mut()?;
        if clock.turn_start.is_some() {
            let left = clock.left(mover, mover, now);
            clock.remaining_ms[mover.index()] = if over { left.max(0) } else { left + clock.increment_ms };
            clock.turn_start = (!over).then_some(now);
        } else if starts {
            clock.turn_start = Some(now);
        }
        Some(clock.remaining_ms[mover.index()])
    }

    /// Stops the clock (the game ended), charging the side to move.
    pub fn stop_clock(&mut self, now: Instant) {
        let to_move = self.game.side_to_move();
        if let Some(clock) = self.clock.as_mut()
            && clock.turn_start.is_some()
        {
            clock.remaining_ms[to_move.index()] = clock.left(to_move, to_move, now).max(0);
            clock.turn_start = None;
        }
    }
}

/// The name of the record tag that names a side's player: the side's
/// English name without blanks, each word capitalised (`White`, `First
/// player` → `FirstPlayer`), as a tag name must be one word.
pub fn side_tag(side: &str) -> String {
    side.split_whitespace()
        .flat_map(|word| {
            let mut chars = word.chars();
            chars.next().map(|first| first.to_ascii_uppercase()).into_iter().chain(chars)
        })
        .collect()
}
