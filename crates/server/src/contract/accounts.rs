//! Accounts and people: sign-up and sign-in, profiles, players, rating history, mutes, games waiting on a move, the game search.

use super::common::{ClockSpec, Names, Seat, SeatId};
use super::tournaments::TournamentSummary;
use serde::{Deserialize, Serialize};
use ts_rs::{Config, ExportError, TS};

/// The shortest password, in characters (the web's sign-up form says it,
/// through the generated `constants.ts`).
pub const MIN_PASSWORD: usize = 8;

/// `GET /api/account`, and the replies of sign-up, log-in and log-out:
/// the signed-in account's name, or `null`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct AccountReply {
    /// The account's name; `null` when nobody is signed in.
    pub name: Option<String>,
}

/// The replies that carry a new recovery code, shown once: sign-up,
/// recovery by code (both signed in) and a new code made on the settings
/// page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct RecoveryCodeReply {
    /// The account's name.
    pub name: String,
    /// The new one-time recovery code (`XXXX-XXXX-XXXX-XXXX-XXXX`); only
    /// its hash is kept, so it is never shown again.
    pub recovery_code: String,
}

/// A colour theme a player can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    /// The system's (`prefers-color-scheme`).
    Auto,
    /// Light colours.
    Light,
    /// Dark colours.
    Dark,
}

/// The colours of the boards a player can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum BoardThemeChoice {
    /// The default.
    Classic,
    /// Wood.
    Wood,
    /// Slate.
    Slate,
    /// High contrast.
    Contrast,
}

/// A language of the web pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum LanguageChoice {
    /// English.
    En,
    /// German.
    De,
}

/// The loudest sound volume, in percent.
pub const MAX_VOLUME: u8 = 100;

/// A player's settings as kept on the account (`PUT /api/settings` sends
/// them, `GET` reads them back): every device the account signs in on
/// applies them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct AccountSettings {
    /// The colours.
    pub theme: ThemeChoice,
    /// The boards' colours.
    pub board_theme: BoardThemeChoice,
    /// Whether the boards show their coordinates.
    pub coordinates: bool,
    /// Whether a move makes a sound.
    pub sound: bool,
    /// The sound's volume, 0 to [`MAX_VOLUME`] percent.
    pub volume: u8,
    /// Whether a move made on the board waits to be confirmed.
    pub confirm_moves: bool,
    /// Whether pieces move with an animation.
    pub animation: bool,
    /// The pages' language.
    pub language: LanguageChoice,
}

/// `GET /api/settings` and the reply of `PUT`: the signed-in account's
/// settings, `null` until it first saves some.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SettingsReply {
    /// The settings kept on the account.
    pub settings: Option<AccountSettings>,
}

/// `GET /api/players/{name}`: a player's profile, their ratings and a page
/// of their games, the latest first.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PlayerProfile {
    /// The account's name.
    pub name: String,
    /// Whether the account is a bot (a program plays it).
    pub bot: bool,
    /// When the account was made, ms since the epoch.
    pub created_ms: i64,
    /// When its owner closed the account, ms since the epoch; `null` while
    /// open (a closed account's games and ratings stay, under its name).
    pub closed_ms: Option<i64>,
    /// The account's rating of every game it played rated.
    pub ratings: Vec<ProfileRating>,
    /// The page of games asked for.
    pub games: Vec<ProfileGame>,
    /// The page shown, from 1.
    pub page: usize,
    /// How many pages the filtered games fill (at least 1).
    pub pages: usize,
    /// How many games match the filter.
    pub total: usize,
    /// The tournaments the account joined, the latest start first (the
    /// latest few).
    pub tournaments: Vec<ProfileTournament>,
}

/// A tournament the account joined, with its place in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ProfileTournament {
    /// The tournament.
    pub tournament: TournamentSummary,
    /// The account's place in the standings, from 1.
    pub place: usize,
    /// The account's arena points; in a Swiss, its points doubled (2 a
    /// win or a bye, 1 a draw).
    pub points: u32,
    /// The account's games finished in it.
    pub games: u32,
}

/// A player's Glicko-2 rating of one game (its correspondence rating
/// apart).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ProfileRating {
    /// The registered game.
    pub game: String,
    /// Whether it is the game's correspondence rating.
    pub correspondence: bool,
    /// The game's English title.
    pub title: String,
    /// The game's title in both languages.
    pub titles: Names,
    /// The rating, rounded.
    pub rating: f64,
    /// The rating deviation, rounded.
    pub deviation: f64,
    /// Whether the rating is still provisional.
    pub provisional: bool,
    /// How many rated games it counts.
    pub games: u32,
}

/// A game of a profile's list, as the profile's player played it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ProfileGame {
    /// The game's id.
    pub id: String,
    /// The registered game.
    pub game: String,
    /// The game's English title.
    pub title: String,
    /// The game's title in both languages.
    pub titles: Names,
    /// The kind of opponent: `human` or `engine`.
    pub opponent: String,
    /// The opponent's account, if it had one.
    pub opponent_name: Option<String>,
    /// The player's seat.
    pub seat: SeatId,
    /// The name of the player's side at the game's standard start.
    pub side: Names,
    /// The player's result.
    pub result: ProfileResult,
    /// How the game ended, if it did.
    pub reason: Option<String>,
    /// Whether the game changed the accounts' ratings.
    pub rated: bool,
    /// The game's clock, if it had one.
    pub clock: Option<ClockSpec>,
    /// Days per move of a correspondence game.
    pub correspondence: Option<u8>,
    /// The player's rating before a rated game, rounded.
    pub rating_before: Option<f64>,
    /// The player's rating after a rated game, rounded.
    pub rating_after: Option<f64>,
    /// When the game was made, ms since the epoch.
    pub created_ms: i64,
}

/// `GET /api/players/{name}/ratings`: the rating after each of the
/// player's latest rated games, per game.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct RatingHistory {
    /// The account's name.
    pub name: String,
    /// The games by name (a game's correspondence rating after its other one).
    pub games: Vec<RatingHistoryGame>,
}

/// The rating history of one game (or its correspondence rating).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct RatingHistoryGame {
    /// The registered game.
    pub game: String,
    /// Whether it is the game's correspondence rating.
    pub correspondence: bool,
    /// The game's English title.
    pub title: String,
    /// The game's title in both languages.
    pub titles: Names,
    /// The rating before the first of `points` (1500, the rating every
    /// player starts at), so that a chart starts there and one game draws
    /// a line; `null` when the history was cut (it reaches back only so
    /// many games) and the rating before is not known here.
    pub start: Option<f64>,
    /// The ratings after the games, oldest first.
    pub points: Vec<RatingPoint>,
}

/// The rating after one rated game.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct RatingPoint {
    /// When the game ended, ms since the epoch.
    pub time_ms: i64,
    /// The rating after it, rounded.
    pub rating: f64,
    /// The game's id.
    pub id: String,
}

/// `GET`, `PUT` and `DELETE /api/account/mutes…`: the names of the players
/// the signed-in account mutes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct MutesReply {
    /// The muted accounts' names.
    pub muted: Vec<String>,
}

/// `GET /api/games/your-turn`: the running games between people in which
/// the signed-in account is to move, the earliest deadline first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct YourTurnReply {
    /// The games waiting on the account's move.
    pub games: Vec<TurnGame>,
}

/// A game waiting on the account's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct TurnGame {
    /// The game's id.
    pub id: String,
    /// The registered game.
    pub game: String,
    /// The game's English title.
    pub title: String,
    /// The game's title in both languages.
    pub titles: Names,
    /// The account's seat.
    pub seat: SeatId,
    /// The name of the account's side at the game's standard start.
    pub side: Names,
    /// The opponent's account, if it has one.
    pub opponent_name: Option<String>,
    /// Moves made so far.
    pub ply: usize,
    /// Whether the game is rated.
    pub rated: bool,
    /// Days per move of a correspondence game.
    pub correspondence: Option<u8>,
    /// A correspondence game's deadline, ms since the epoch.
    pub deadline_ms: Option<i64>,
    /// The time left: the deadline's, or a running clock's when known.
    pub left_ms: Option<i64>,
    /// When the game last changed, ms since the epoch.
    pub updated_ms: i64,
}

/// `GET /api/games/search`: a page of the finished games found.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SearchReply {
    /// The games of the page, the latest first.
    pub games: Vec<SearchGame>,
    /// How many found games come before the page.
    pub offset: usize,
    /// The most games a page has.
    pub limit: usize,
    /// How many games were found in all.
    pub total: usize,
    /// The player searched for, by their name as they spell it: the one
    /// named, or the only one whose name starts with what was typed.
    pub player: Option<String>,
}

/// `GET /api/players?prefix=`: the names of the players whose name starts
/// with the prefix (any case), in alphabetical order, at most
/// [`PLAYER_NAMES`] of them.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PlayerNames {
    /// The names, as their players spell them.
    pub names: Vec<String>,
}

/// The most names `GET /api/players?prefix=` gives.
pub const PLAYER_NAMES: usize = 10;

/// A found game: its players, result, time control and date.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SearchGame {
    /// The game's id.
    pub id: String,
    /// The registered game.
    pub game: String,
    /// The game's English title.
    pub title: String,
    /// The game's title in both languages.
    pub titles: Names,
    /// The kind of opponent: `human` or `engine`.
    pub opponent: String,
    /// The engine's level, in a game against it.
    pub level: Option<u8>,
    /// Whether the game changed the accounts' ratings.
    pub rated: bool,
    /// Both seats, `p1` first.
    pub seats: Vec<Seat>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The winning seat; `null` for a draw or no result.
    pub winner: Option<SeatId>,
    /// How the game ended (its reason's key).
    pub reason: String,
    /// How the game ended, in words.
    pub text: Option<Names>,
    /// The game's clock, if it had one.
    pub clock: Option<ClockSpec>,
    /// Days per move of a correspondence game.
    pub correspondence: Option<u8>,
    /// Moves made.
    pub ply: usize,
    /// When the game was made, ms since the epoch.
    pub created_ms: i64,
}

/// A player's result in a game of a profile's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ProfileResult {
    /// The player won.
    Won,
    /// The player lost.
    Lost,
    /// A draw.
    Drawn,
    /// The game goes on.
    Running,
    /// Ended before it began: no result.
    Aborted,
    /// Left by both players: no result.
    Abandoned,
}

/// Writes this module's types (see [`super::export`]).
pub(crate) fn export(cfg: &Config) -> Result<(), ExportError> {
    super::export_type::<AccountReply>(cfg)?;
    super::export_type::<RecoveryCodeReply>(cfg)?;
    super::export_type::<AccountSettings>(cfg)?;
    super::export_type::<SettingsReply>(cfg)?;
    super::export_type::<PlayerProfile>(cfg)?;
    super::export_type::<RatingHistory>(cfg)?;
    super::export_type::<MutesReply>(cfg)?;
    super::export_type::<YourTurnReply>(cfg)?;
    super::export_type::<SearchReply>(cfg)?;
    super::export_type::<PlayerNames>(cfg)?;
    Ok(())
}
