//! Tournaments, arenas and Swiss: the list, one tournament's page
//! (standings, games, a Swiss's rounds, the winner) and the request that
//! makes one.

use super::common::Names;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::{Config, ExportError, TS};

/// How long a player whose game was just scored rests before the arena
/// pairs them again, ms: time to read the result on the game's page (as
/// lichess's arena pairs again after a few seconds). The game page counts
/// it down (through the generated `constants.ts`).
pub const RESULT_PAUSE_MS: i64 = 7_000;

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStatus {
    /// Not started yet: players may join.
    Upcoming,
    /// Running: players join, leave and are paired.
    Running,
    /// Its time is up; the games still running count when they end, and
    /// nobody is paired any more.
    Ending,
    /// Over, with its winner.
    Finished,
}

/// The kind of a tournament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TournamentKind {
    /// lichess's arena: a duration, players paired again as soon as their
    /// game ends.
    #[default]
    Arena,
    /// A fixed number of rounds, each paired by score.
    Swiss,
}

impl TournamentKind {
    /// The word stored and sent (`arena`, `swiss`).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            TournamentKind::Arena => "arena",
            TournamentKind::Swiss => "swiss",
        }
    }
}

/// Who may join an arena by kind of account. Bots play people only where
/// the people chose it: by joining an arena that welcomes bots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ArenaBots {
    /// People only.
    #[default]
    No,
    /// People and bots.
    Welcome,
    /// Bots only.
    Only,
}

impl ArenaBots {
    /// The word stored and sent (`no`, `welcome`, `only`).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            ArenaBots::No => "no",
            ArenaBots::Welcome => "welcome",
            ArenaBots::Only => "only",
        }
    }

    /// The setting of a stored word; `None` for a word that is none.
    #[must_use]
    pub fn parse(word: &str) -> Option<ArenaBots> {
        [ArenaBots::No, ArenaBots::Welcome, ArenaBots::Only].into_iter().find(|bots| bots.word() == word)
    }

    /// Whether an account that is (`bot`) or is not a bot may join.
    #[must_use]
    pub fn admits(self, bot: bool) -> bool {
        match self {
            ArenaBots::No => !bot,
            ArenaBots::Welcome => true,
            ArenaBots::Only => bot,
        }
    }
}

/// A tournament as the list and its page show it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentSummary {
    /// The tournament's id.
    pub id: String,
    /// Its kind: `arena` or `swiss`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The registered game (`ataxx`, …).
    pub game: String,
    /// The game's title in both languages.
    pub title: Names,
    /// The clock of its games, as `"3+2"` (minutes + seconds per move);
    /// empty for a Swiss of correspondence games.
    pub clock: String,
    /// A Swiss's days per move (correspondence games, no clock).
    pub days_per_move: Option<u8>,
    /// A Swiss's number of rounds.
    pub rounds: Option<u32>,
    /// Whether its games change the accounts' ratings.
    pub rated: bool,
    /// Who may join by kind of account.
    pub bots: ArenaBots,
    /// The least rating of the game an account may join with.
    pub min_rating: Option<i64>,
    /// The greatest rating of the game an account may join with.
    pub max_rating: Option<i64>,
    /// When it starts, ms since the epoch.
    pub starts_ms: i64,
    /// When an arena ends, ms since the epoch (a Swiss ends with its last
    /// round: its start is given).
    pub ends_ms: i64,
    /// Where it is in its life.
    pub status: TournamentStatus,
    /// The name of the account that made it.
    pub created_by: String,
    /// How many accounts joined (withdrawn or not).
    pub players: usize,
    /// The winner's account name once finished (none when nobody played).
    pub winner: Option<String>,
}

/// `GET /api/tournaments`: the tournaments, by status.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentsReply {
    /// Not started yet, the soonest first.
    pub upcoming: Vec<TournamentSummary>,
    /// Running or ending, the latest start first.
    pub running: Vec<TournamentSummary>,
    /// Finished, the latest start first.
    pub finished: Vec<TournamentSummary>,
    /// The shortest arena this server allows, minutes (10 unless its operator
    /// chose `--shortest-arena-minutes`): the create form offers it.
    pub shortest_arena_minutes: i64,
}

/// `POST /api/tournaments`: a new arena or Swiss.
#[derive(Clone, Debug, Deserialize, TS)]
pub struct CreateTournamentRequest {
    /// Its kind (default: an arena).
    #[serde(default)]
    #[ts(optional, as = "Option<TournamentKind>")]
    pub kind: TournamentKind,
    /// Its name (by default the game's title and "Arena" or "Swiss").
    #[ts(optional)]
    pub name: Option<String>,
    /// The registered game.
    pub game: String,
    /// The clock, as `"3+2"` (a Swiss may have `days_per_move` instead).
    #[serde(default)]
    #[ts(optional, type = "unknown")]
    pub clock: Value,
    /// A Swiss's days per move, for rounds of correspondence games.
    #[ts(optional, type = "unknown")]
    pub days_per_move: Option<super::common::DaysPerMove>,
    /// A Swiss's number of rounds.
    #[ts(optional)]
    pub rounds: Option<u32>,
    /// Whether its games are rated (the default).
    #[serde(default = "super::lobby::rated_by_default")]
    #[ts(optional, type = "boolean")]
    pub rated: bool,
    /// How long an arena runs, minutes (10 to 720).
    #[ts(optional)]
    pub minutes: Option<i64>,
    /// When it starts, ms since the epoch (by default now).
    #[ts(optional)]
    pub starts_ms: Option<i64>,
    /// The least rating to join with.
    #[ts(optional)]
    pub min_rating: Option<i64>,
    /// The greatest rating to join with.
    #[ts(optional)]
    pub max_rating: Option<i64>,
    /// Who may join by kind of account (default: people only).
    #[serde(default)]
    #[ts(optional, as = "Option<ArenaBots>")]
    pub bots: ArenaBots,
    /// Whether the maker joins it at once (default: no; the web's form
    /// ticks "Join it myself").
    #[serde(default)]
    #[ts(optional, type = "boolean")]
    pub join: bool,
}

/// One game on a player's score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SheetGame {
    /// The points it scored.
    pub points: u32,
    /// Whether it counted double (played on a streak of two wins or more).
    pub doubled: bool,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct StandingLine {
    /// The place, 1 first.
    pub rank: usize,
    /// The account's name.
    pub name: String,
    /// Its rating of the game when it joined (rounded).
    pub rating: f64,
    /// Arena points.
    pub points: u32,
    /// Games finished.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Whether its next game counts double (two wins in a row or more).
    pub on_fire: bool,
    /// The points of each game, in the order played.
    pub sheet: Vec<SheetGame>,
    /// The performance (the tie-break), once it played.
    pub performance: Option<i64>,
    /// Whether it withdrew (paused: it may join again).
    pub withdrawn: bool,
    /// Whether it left the tournament's pages (its page and its games):
    /// an arena pairs it once it is back.
    pub away: bool,
    /// Whether it is playing a game of the tournament now.
    pub playing: bool,
}

/// A game of the tournament.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentGame {
    /// The game's id.
    pub id: String,
    /// The name of the account at seat `p1` (who moves first).
    pub white: String,
    /// The name of the account at seat `p2`.
    pub black: String,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`), none while it runs.
    pub result: Option<String>,
}

/// `GET /api/tournaments/{id}/games`: every game of an arena, the finished
/// ones in the order they were scored, then the running ones.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentGames {
    /// The games.
    pub games: Vec<TournamentGame>,
}

/// A message of the tournament's chat.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentChatLine {
    /// The writer's account name.
    pub name: String,
    /// The message.
    pub text: String,
    /// When it was sent, ms since the epoch.
    pub sent_ms: i64,
}

/// What the signed-in account has of the tournament.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentMe {
    /// Whether it joined and did not withdraw.
    pub joined: bool,
    /// Its running game of the tournament, if any.
    pub game: Option<String>,
}

/// `GET /api/tournaments/{id}` (and the reply of creating, joining and
/// leaving): the tournament, its standings and games.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TournamentReply {
    /// The tournament.
    pub tournament: TournamentSummary,
    /// The standings, first place first.
    pub standings: Vec<StandingLine>,
    /// The games being played.
    pub running: Vec<TournamentGame>,
    /// The latest finished games (at most 20), the latest first.
    pub recent: Vec<TournamentGame>,
    /// The latest messages of its chat, oldest first (without those of
    /// the accounts the signed-in account mutes).
    pub chat: Vec<TournamentChatLine>,
    /// The signed-in account's part, if signed in.
    pub me: Option<TournamentMe>,
    /// A Swiss's standings and rounds (the arena's `standings` are then
    /// empty).
    pub swiss: Option<SwissPart>,
    /// The server's time, ms since the epoch (for the countdowns).
    pub now_ms: i64,
}

/// One line of a Swiss's standings. Points count 1 a win or a bye, ½ a
/// draw; the tie-breaks leave byes out.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SwissStandingLine {
    /// The place, 1 first.
    pub rank: usize,
    /// The account's name.
    pub name: String,
    /// Its rating of the game when it joined (rounded).
    pub rating: f64,
    /// Its points.
    pub points: f64,
    /// Buchholz: its opponents' points added up.
    pub buchholz: f64,
    /// Buchholz without its weakest opponent's points.
    pub buchholz_cut_one: f64,
    /// Sonneborn-Berger: the points of the opponents it beat, and half
    /// those of the opponents it drew with.
    pub sonneborn_berger: f64,
    /// Its games scored.
    pub games: u32,
    /// Its byes.
    pub byes: u32,
    /// Whether it withdrew (it is paired no more unless it joins again).
    pub withdrawn: bool,
    /// Whether it is playing a game of the tournament now.
    pub playing: bool,
}

/// One game of a Swiss round.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SwissBoard {
    /// The game.
    pub game: TournamentGame,
    /// The points of the player at `p1` once scored (1, ½ or 0; a game
    /// ended without a result is lost by the player who was to move).
    pub white_points: Option<f64>,
}

/// One round of a Swiss: its pairings and their results.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SwissRound {
    /// Its number, 1 first.
    pub number: u32,
    /// Its games, the best placed first.
    pub boards: Vec<SwissBoard>,
    /// The name of the account that sat out and scored a point.
    pub bye: Option<String>,
}

/// A Swiss's part of its page.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SwissPart {
    /// The round being played or the last one played (0 before the first).
    pub round: u32,
    /// The standings, first place first: points, then Buchholz cut 1,
    /// Buchholz, Sonneborn-Berger, rating.
    pub standings: Vec<SwissStandingLine>,
    /// The rounds paired so far, the first first.
    pub rounds: Vec<SwissRound>,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<TournamentsReply>(cfg)?;
    super::export_type::<CreateTournamentRequest>(cfg)?;
    super::export_type::<TournamentReply>(cfg)?;
    super::export_type::<TournamentGames>(cfg)?;
    Ok(())
}
