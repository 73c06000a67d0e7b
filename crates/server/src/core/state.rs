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

use crate::core::cache::{LEGAL_MOVES_LISTED, empty_array, raw_json};
use crate::core::error::DomainError;
use crate::core::table::{Kind, Table, seat_name};
use game::{Player, Text, text};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::ops::Range;
use std::time::Instant;

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
        let state = StateJson {
            kind: "state",
            id: &self.id,
            game: self.game.name(),
            title: self.title,
            options: self.game.options().iter().collect(),
            opponent: self.kind.as_str(),
            level: self.level,
            rated: self.rated,
            start_position: self.cache.start_position(),
            position: self.cache.position(),
            created_ms: self.created_ms,
            tags: &self.tags,
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
        let update = UpdateJson {
            kind: "update",
            id: &self.id,
            progress: self.progress(from..self.moves.len(), self.summary(now, legal_moves, count, 0)),
            view: push.then(|| self.cache.view()),
        };
        serde_json::to_string(&update).unwrap_or_default()
    }

    /// The version, the played moves in `moves` (a ply range), the last
    /// move and `summary`: what a whole state and an update share.
    fn progress<'a>(&'a self, moves: Range<usize>, summary: Summary<'a>) -> Progress<'a> {
        Progress {
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
    ) -> Summary<'a> {
        let to_move = self.game.side_to_move();
        Summary {
            side_to_move: seat_name(to_move),
            to_move_name: self.game.player_name(to_move).en,
            seats: self.seats_json(),
            legal_moves,
            legal_moves_count,
            legal_moves_from,
            outcome: self.outcome_json(),
            draw_offer: self.draw_offer.map(seat_name),
            rematch_offer: self.rematch_offer.map(seat_name),
            rematch: self.rematch.as_deref(),
            clock: self.clock.as_ref().map(|clock| ClockJson {
                initial_ms: clock.initial_ms,
                increment_ms: clock.increment_ms,
                remaining_ms: Player::BOTH.map(|p| clock.left(p, to_move, now).max(0)),
                running: clock.turn_start.map(|_| seat_name(to_move)),
            }),
            engine_thinking: self.engine_to_move(),
            correspondence: self.correspondence.map(|corr| {
                let deadline_ms = corr.deadline_ms.filter(|_| self.game.outcome().is_none());
                CorrespondenceJson {
                    days_per_move: corr.days,
                    deadline_ms,
                    left_ms: deadline_ms.map(|deadline| (deadline - crate::core::table::now_ms()).max(0)),
                }
            }),
            people: (self.kind == Kind::Human).then(|| self.people_json()),
        }
    }

    /// What is between the players of a game between people.
    fn people_json(&self) -> PeopleJson {
        let running = self.game.outcome().is_none();
        PeopleJson {
            abortable: running && self.moves.len() < 2,
            first_move_ms: self.first_move_deadline_ms().map(Table::ms_until),
            takebacks: self.people.takebacks,
            takeback_offer: self.people.takeback_offer.map(seat_name),
            draw_declined: self.people.draw_declined.map(seat_name),
            presence: Player::BOTH.map(|p| PresenceJson {
                seen: self.people.seen[p.index()],
                gone: running && self.people.gone_ms[p.index()].is_some(),
                claim_in_ms: self.claim_from_ms(p).map(Table::ms_until),
            }),
        }
    }

    fn outcome_json(&self) -> Option<OutcomeJson> {
        self.game.outcome().map(|outcome| OutcomeJson {
            result: outcome.result_text(),
            winner: outcome.winner().map(seat_name),
            reason: outcome.reason,
            description: outcome.describe(),
            text: outcome.description(),
        })
    }

    /// The seats: who plays which side.
    fn seats_json(&self) -> [SeatJson<'_>; 2] {
        Player::BOTH.map(|p| {
            let seat = &self.seats[p.index()];
            SeatJson {
                seat: seat_name(p),
                name: self.game.player_name(p).en,
                player: if self.kind == Kind::Record {
                    "record"
                } else if seat.engine {
                    "engine"
                } else {
                    "human"
                },
                joined: self.kind == Kind::Record || seat.taken(),
                label: self.tagged_name(p),
                account: seat.account.as_ref().map(|a| AccountJson {
                    name: &a.name,
                    rating: a.rating_before.map(f64::round),
                    rating_after: a.rating_after.map(f64::round),
                }),
            }
        })
    }
}

/// A seat in the state.
#[derive(Clone, Copy, Debug, Serialize)]
struct SeatJson<'a> {
    seat: &'static str,
    name: &'static str,
    player: &'static str,
    /// Held by a person or the engine, or a record's seat: not open.
    joined: bool,
    /// Who played it, as an imported record names them.
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    account: Option<AccountJson<'a>>,
}

/// The account a seat is bound to: its name, its rating of the game when
/// the seat was taken (or before a rated game ended) and after it.
#[derive(Clone, Copy, Debug, Serialize)]
struct AccountJson<'a> {
    name: &'a str,
    rating: Option<f64>,
    rating_after: Option<f64>,
}

#[derive(Serialize)]
struct OutcomeJson {
    result: &'static str,
    winner: Option<&'static str>,
    reason: &'static str,
    /// The reason in English.
    description: String,
    /// The reason in English and German.
    text: Text,
}

#[derive(Serialize)]
struct ClockJson {
    initial_ms: i64,
    increment_ms: i64,
    remaining_ms: [i64; 2],
    running: Option<&'static str>,
}

/// A correspondence game's time control: days per move, and while the
/// game runs (both seats taken) the side to move's deadline and time left.
#[derive(Serialize)]
struct CorrespondenceJson {
    days_per_move: u8,
    deadline_ms: Option<i64>,
    left_ms: Option<i64>,
}

/// What is between the players of a game between people.
#[derive(Serialize)]
struct PeopleJson {
    /// Whether either player may abort the game (fewer than two moves).
    abortable: bool,
    /// Ms left for the side to move's first move, before the game is
    /// aborted (clock games).
    first_move_ms: Option<i64>,
    /// Whether the players may ask each other to take moves back.
    takebacks: bool,
    /// The seat that asks to take back its last move.
    takeback_offer: Option<&'static str>,
    /// The seat whose draw offer the other declined (until the next move).
    draw_declined: Option<&'static str>,
    /// P1's and P2's player: connected once, gone now.
    presence: [PresenceJson; 2],
}

/// Whether a seat's player is here.
#[derive(Serialize)]
struct PresenceJson {
    /// The player has been connected to the game.
    seen: bool,
    /// The player is gone (their last connection closed).
    gone: bool,
    /// Ms until the other player may claim the win or a draw (while gone,
    /// after the second move).
    claim_in_ms: Option<i64>,
}

/// The fields a whole state and an update share.
#[derive(Serialize)]
struct Summary<'a> {
    side_to_move: &'static str,
    to_move_name: &'static str,
    seats: [SeatJson<'a>; 2],
    legal_moves: &'a RawValue,
    legal_moves_count: usize,
    legal_moves_from: usize,
    outcome: Option<OutcomeJson>,
    draw_offer: Option<&'static str>,
    /// The seat that offers a rematch.
    rematch_offer: Option<&'static str>,
    /// The agreed rematch's id.
    rematch: Option<&'a str>,
    clock: Option<ClockJson>,
    engine_thinking: bool,
    /// The time control of a correspondence game.
    correspondence: Option<CorrespondenceJson>,
    /// Games between people only.
    #[serde(skip_serializing_if = "Option::is_none")]
    people: Option<PeopleJson>,
}

/// The played moves of a whole state or an update, with the summary.
#[derive(Serialize)]
struct Progress<'a> {
    version: u64,
    moves_from: usize,
    moves: &'a [String],
    ply: usize,
    last_move: Option<&'a str>,
    #[serde(flatten)]
    summary: Summary<'a>,
}

#[derive(Serialize)]
struct StateJson<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: &'a str,
    game: &'static str,
    title: &'static str,
    options: BTreeMap<&'a str, &'a str>,
    opponent: &'static str,
    level: Option<u8>,
    rated: bool,
    start_position: &'a str,
    position: &'a str,
    created_ms: i64,
    /// An imported record's own tags, in order, as `[name, value]` pairs.
    tags: &'a [(String, String)],
    #[serde(flatten)]
    progress: Progress<'a>,
    view: Option<&'a RawValue>,
}

#[derive(Serialize)]
struct UpdateJson<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: &'a str,
    #[serde(flatten)]
    progress: Progress<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<&'a RawValue>,
}
