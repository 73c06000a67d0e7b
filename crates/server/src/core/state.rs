//! A game's state as JSON, whole or as an update.
//!
//! The whole state (`GET /api/games/{id}`, the first WebSocket message, the
//! reply to creating, joining, importing and undoing) lists the played
//! moves and the legal moves a request asks for, with the view unless it
//! is left out (see [`StateQuery`]).
//!
//! An update (the reply to a move, a resignation or a draw action, and
//! the WebSocket push after every change that only adds to the game) has
//! `"type": "update"`, the moves played since the version before
//! (`moves`, the first at index `moves_from`) and the summary that the
//! whole state has too: side to move, seats, legal moves (as many as a
//! whole state lists by default) and their count, outcome, draw offer,
//! clock, `ply`, `last_move` and `version` (not the position text: the
//! whole state has it). Pushes carry the view as well; replies leave it out
//! and list at most [`REPLY_LEGAL_MOVES`] legal moves. A client whose move list is not `moves_from` long has missed a
//! change and reads the whole state again.

use crate::contract::common::{Seat, SeatAccount, SeatId, SeatPlayer};
use crate::contract::game::{
    GameClock, GameCorrespondence, GameLeague, GameOpponent, GameOutcome, GamePeople, GamePresence,
    GameProgress, GameState, GameStateTag, GameSummary, GameUpdate, GameUpdateTag,
};
use crate::core::cache::{LEGAL_MOVES_LISTED, empty_array, raw_json};
use crate::core::error::DomainError;
use crate::core::table::{Kind, Table};
use game::{Player, text};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::ops::Range;
use std::time::Instant;

/// The account bound to a seat as every area's seats show it (the game's
/// state, the lobby, search), its ratings rounded.
pub fn seat_account(account: &crate::store::SeatAccount) -> SeatAccount {
    SeatAccount {
        name: account.name.clone(),
        rating: account.rating_before.map(f64::round),
        rating_after: account.rating_after.map(f64::round),
        bot: account.bot,
        provisional: account.provisional,
        closed: account.closed,
    }
}

/// The most legal moves the reply to a move lists; beyond, it gives only
/// their count. The reply goes to the player who just moved, who seldom
/// moves again (the web page takes the opponent's moves from the push);
/// pushes list as many as whole states. Listing a few hundred Amakta
/// moves in every reply cost the load test a quarter of its throughput.
pub const REPLY_LEGAL_MOVES: usize = 64;

/// Which legal moves a whole state lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LegalQuery {
    /// All of them when there are at most [`LEGAL_MOVES_LISTED`], else none
    /// (the default).
    #[default]
    Listed,
    /// All of them, however many.
    All,
    /// None: the count only.
    None,
    /// Those from the first index up to (without) the second, in the order
    /// of the full list, cut to the moves there are.
    Range(usize, usize),
}

/// What a state request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateQuery {
    /// The first played move listed (its ply index, 0-based).
    pub from: usize,
    /// The end of the played moves listed (exclusive); all if `None`.
    pub to: Option<usize>,
    /// The legal moves listed.
    pub legal: LegalQuery,
    /// Whether the view is included (else it is `null`).
    pub view: bool,
}

impl Default for StateQuery {
    /// Every played move, the legal moves if at most
    /// [`LEGAL_MOVES_LISTED`], and the view.
    fn default() -> StateQuery {
        StateQuery { from: 0, to: None, legal: LegalQuery::Listed, view: true }
    }
}

/// The query parameters of `GET /api/games/{id}`, as sent.
#[derive(Debug, Default, Deserialize)]
pub struct StateParams {
    from: Option<String>,
    to: Option<String>,
    legal: Option<String>,
    legal_from: Option<String>,
    legal_to: Option<String>,
    view: Option<String>,
}

impl StateQuery {
    /// Reads the query parameters: `from` and `to` (played moves, by ply
    /// index, `to` exclusive), `legal` (`listed`, `all` or `none`), and
    /// `legal_from`, `legal_to` (a part of all legal moves, by index) and
    /// `view` (`full` or `none`); 422 for anything else.
    pub fn parse(params: &StateParams) -> Result<StateQuery, DomainError> {
        let from = index(params.from.as_deref(), "from")?.unwrap_or(0);
        let to = index(params.to.as_deref(), "to")?;
        if let Some(to) = to
            && to < from
        {
            return Err(DomainError::unprocessable(text!(
                "'to' ({to}) must not be below 'from' ({from})",
                "„to“ ({to}) darf nicht kleiner als „from“ ({from}) sein"
            )));
        }
        let legal_from = index(params.legal_from.as_deref(), "legal_from")?;
        let legal_to = index(params.legal_to.as_deref(), "legal_to")?;
        let legal = match (params.legal.as_deref(), legal_from.is_some() || legal_to.is_some()) {
            (None | Some("all"), true) => {
                let (start, end) = (legal_from.unwrap_or(0), legal_to.unwrap_or(usize::MAX));
                if end < start {
                    return Err(DomainError::unprocessable(text!(
                        "'legal_to' ({end}) must not be below 'legal_from' ({start})",
                        "„legal_to“ ({end}) darf nicht kleiner als „legal_from“ ({start}) sein"
                    )));
                }
                LegalQuery::Range(start, end)
            }
            (None | Some("listed"), false) => LegalQuery::Listed,
            (Some("all"), false) => LegalQuery::All,
            (Some("none"), false) => LegalQuery::None,
            (Some(other @ ("listed" | "none")), true) => {
                return Err(DomainError::unprocessable(text!(
                    "'legal_from' and 'legal_to' pick from all legal moves; they do not go with legal={other}",
                    "„legal_from“ und „legal_to“ wählen aus allen zulässigen Zügen; sie passen nicht zu legal={other}"
                )));
            }
            (Some(other), _) => {
                return Err(DomainError::unprocessable(text!(
                    "'legal' must be listed, all or none, not '{other}'",
                    "„legal“ muss listed, all oder none sein, nicht „{other}“"
                )));
            }
        };
        let view = match params.view.as_deref() {
            None | Some("full") => true,
            Some("none") => false,
            Some(other) => {
                return Err(DomainError::unprocessable(text!(
                    "'view' must be full or none, not '{other}'",
                    "„view“ muss full oder none sein, nicht „{other}“"
                )));
            }
        };
        Ok(StateQuery { from, to, legal, view })
    }
}

/// Reads an index parameter: a whole number, 0 or more.
fn index(text: Option<&str>, name: &str) -> Result<Option<usize>, DomainError> {
    text.map(|text| {
        text.trim().parse().map_err(|_| {
            DomainError::unprocessable(text!(
                "'{name}' must be a whole number, 0 or more, not '{text}'",
                "„{name}“ muss eine ganze Zahl ab 0 sein, nicht „{text}“"
            ))
        })
    })
    .transpose()
}

impl Table {
    /// The whole state as JSON text, with the played and legal moves
    /// `query` asks for (both cut to what there is).
    pub fn state(&mut self, now: Instant, query: &StateQuery) -> String {
        self.state_for(now, query, None)
    }

    /// The whole state as JSON text (see [`Table::state`]) naming `you`,
    /// the seat of the signed-in account that asks.
    pub fn state_for(&mut self, now: Instant, query: &StateQuery, you: Option<Player>) -> String {
        let version = self.version;
        let ply = self.moves.len();
        let to = query.to.map_or(ply, |to| to.min(ply));
        let from = query.from.min(to);
        let listed = match query.legal {
            LegalQuery::Listed | LegalQuery::All => LEGAL_MOVES_LISTED,
            LegalQuery::None | LegalQuery::Range(..) => 0,
        };
        let count = self.cache.legal(version, &*self.game, listed);
        if query.view {
            self.cache.fill_view(version, &*self.game);
        }
        self.cache.fill_texts(version, &*self.game);
        let (legal_from, legal) = match query.legal {
            LegalQuery::Listed | LegalQuery::None => (0, None),
            LegalQuery::All if count <= LEGAL_MOVES_LISTED => (0, None),
            LegalQuery::All => (0, Some(raw_json(&self.game.legal_moves_in(0..count)))),
            LegalQuery::Range(start, end) => {
                let start = start.min(count);
                (start, Some(raw_json(&self.game.legal_moves_in(start..end.min(count)))))
            }
        };
        let legal_moves = match (&legal, query.legal) {
            (Some(legal), _) => legal,
            (None, LegalQuery::None) => empty_array(),
            (None, _) => self.cache.legal_listed(),
        };
        let summary = self.summary(now, legal_moves, count, legal_from);
        let state = GameState {
            kind: GameStateTag::State,
            you: you.map(SeatId::from),
            id: &self.id,
            game: self.game.name(),
            title: self.title,
            options: self.game.options().iter().collect(),
            opponent: match self.kind {
                Kind::Engine => GameOpponent::Engine,
                Kind::Human => GameOpponent::Human,
                Kind::Record => GameOpponent::Record,
            },
            level: self.level,
            rated: self.rated,
            start_position: self.cache.start_position(),
            position: self.cache.position(),
            created_ms: self.created_ms,
            tags: &self.tags,
            tournament: self.tournament.as_deref(),
            tournament_kind: self.tournament_kind.as_deref(),
            league: self
                .league
                .as_ref()
                .map(|league| GameLeague { game: &league.game, season: league.season }),
            progress: self.progress(from..to, summary),
            view: query.view.then(|| self.cache.view()),
        };
        serde_json::to_string(&state).unwrap_or_default()
    }

    /// An update as JSON text: the moves from ply `moves_from` on and the
    /// summary; for a push with the view and as many legal moves as a
    /// whole state lists, for a reply without the view and with at most
    /// [`REPLY_LEGAL_MOVES`].
    pub fn update(&mut self, now: Instant, moves_from: usize, push: bool) -> String {
        let version = self.version;
        let listed = if push { LEGAL_MOVES_LISTED } else { REPLY_LEGAL_MOVES };
        let count = self.cache.legal(version, &*self.game, listed);
        if push {
            self.cache.fill_view(version, &*self.game);
        }
        let legal_moves = if count <= listed { self.cache.legal_listed() } else { empty_array() };
        let from = moves_from.min(self.moves.len());
        let update = GameUpdate {
            kind: GameUpdateTag::Update,
            id: &self.id,
            progress: self.progress(from..self.moves.len(), self.summary(now, legal_moves, count, 0)),
            view: push.then(|| self.cache.view()),
        };
        serde_json::to_string(&update).unwrap_or_default()
    }

    /// The version, the played moves in `moves` (a ply range), the last
    /// move and `summary`: what a whole state and an update share.
    fn progress<'a>(&'a self, moves: Range<usize>, summary: GameSummary<'a>) -> GameProgress<'a> {
        GameProgress {
            version: self.version,
            moves_from: moves.start,
            moves: &self.moves[moves],
            ply: self.moves.len(),
            last_move: self.moves.last().map(String::as_str),
            summary,
        }
    }

    /// The position's summary in a whole state and an update.
    fn summary<'a>(
        &'a self,
        now: Instant,
        legal_moves: &'a RawValue,
        legal_moves_count: usize,
        legal_moves_from: usize,
    ) -> GameSummary<'a> {
        let to_move = self.game.side_to_move();
        GameSummary {
            side_to_move: to_move.into(),
            to_move_names: self.game.player_name(to_move).into(),
            seats: self.seats_json(),
            legal_moves,
            legal_moves_count,
            legal_moves_from,
            outcome: self.outcome_json(),
            draw_offer: self.draw_offer.map(SeatId::from),
            rematch_offer: self.rematch_offer.map(SeatId::from),
            rematch: self.rematch.as_deref(),
            clock: self.clock.as_ref().map(|clock| GameClock {
                initial_ms: clock.initial_ms,
                increment_ms: clock.increment_ms,
                remaining_ms: Player::BOTH.map(|p| clock.left(p, to_move, now).max(0)),
                running: clock.turn_start.map(|_| to_move.into()),
            }),
            engine_thinking: self.engine_to_move(),
            correspondence: self.correspondence.map(|corr| {
                let deadline_ms = corr.deadline_ms.filter(|_| self.game.outcome().is_none());
                GameCorrespondence {
                    days_per_move: corr.days,
                    deadline_ms,
                    left_ms: deadline_ms.map(|deadline| (deadline - crate::core::table::now_ms()).max(0)),
                }
            }),
            people: (self.kind == Kind::Human).then(|| self.people_json()),
        }
    }

    /// What is between the players of a game between people.
    fn people_json(&self) -> GamePeople {
        let running = self.game.outcome().is_none();
        GamePeople {
            abortable: running && !self.begun(),
            in_setup: self.game.in_setup(),
            play_moves: self.game.play_moves(),
            first_move_ms: self.first_move_deadline_ms().map(Table::ms_until),
            takebacks: self.people.takebacks,
            takeback_offer: self.people.takeback_offer.map(SeatId::from),
            draw_declined: self.people.draw_declined.map(SeatId::from),
            aborted_by: self.people.aborted_by.map(SeatId::from),
            presence: Player::BOTH.map(|p| GamePresence {
                seen: self.people.seen[p.index()],
                gone: running && self.people.gone_ms[p.index()].is_some(),
                claim_in_ms: self.claim_from_ms(p).map(Table::ms_until),
            }),
        }
    }

    /// How the game ended, if it did.
    fn outcome_json(&self) -> Option<GameOutcome> {
        self.game.outcome().map(|outcome| GameOutcome {
            result: outcome.result_text(),
            winner: outcome.winner().map(SeatId::from),
            reason: outcome.reason,
            description: outcome.describe(),
            text: outcome.description().into(),
        })
    }

    /// The seats: who plays which side.
    fn seats_json(&self) -> [Seat; 2] {
        Player::BOTH.map(|p| {
            let seat = &self.seats[p.index()];
            Seat {
                seat: p.into(),
                names: self.game.player_name(p).into(),
                player: if self.kind == Kind::Record {
                    SeatPlayer::Record
                } else if seat.engine {
                    SeatPlayer::Engine
                } else {
                    SeatPlayer::Human
                },
                joined: self.kind == Kind::Record || seat.taken(),
                awaits_claim: (self.kind == Kind::Human && !seat.taken() && seat.invite_hash.is_none())
                    .then_some(true),
                label: self.tagged_name(p).map(str::to_owned),
                account: seat.account.as_ref().map(seat_account),
            }
        })
    }
}
