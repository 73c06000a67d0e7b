//! The domain's rows: what the store keeps of games, seats, moves, chat,
//! evaluations, accounts, ratings and seeks, and the lobby's and
//! profiles' views of them.

use game::Player;

/// A game as stored: everything but its seats and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// The complete options.
    pub options: Vec<(String, String)>,
    /// Start position text, if not the standard start.
    pub setup: Option<String>,
    /// `engine`, `human` or `record`.
    pub kind: String,
    /// The engine's level in engine games.
    pub level: Option<u8>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// Result text (`1-0`, `0-1`, `1/2-1/2`) and reason key once the game is over.
    pub result: Option<(String, String)>,
    /// The seat that offers a draw, if any.
    pub draw_offer: Option<Player>,
    /// Clock of a human game: initial time and increment in milliseconds.
    pub clock: Option<(i64, i64)>,
    /// The side to move (`None` in games stored before it was kept).
    pub to_move: Option<Player>,
    /// Counts the changes of the game (see [`crate::Op::Bump`]).
    pub version: u64,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// The tags of an imported record that the game does not write itself
    /// (players' names, event, site, date, round…), in order.
    pub tags: Vec<(String, String)>,
    /// The seat that offers a rematch, if any.
    pub rematch_offer: Option<Player>,
    /// The id of the rematch, once agreed.
    pub rematch: Option<String>,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u8>,
    /// When the side to move of a running correspondence game runs out of
    /// time, ms since the epoch (none until both seats are taken).
    pub deadline_ms: Option<i64>,
}

/// One seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// Which player the seat plays.
    pub seat: Player,
    /// Whether the engine plays this seat.
    pub engine: bool,
    /// The hash of the seat's token, once a person holds it.
    pub token_hash: Option<String>,
    /// The hash of the invite code while the seat waits for a person.
    pub invite_hash: Option<String>,
    /// The account the seat is bound to, if any.
    pub account: Option<SeatAccount>,
}

/// The account a seat is bound to.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatAccount {
    /// The account's id.
    pub id: String,
    /// The account's name (read with the seat; not written).
    pub name: String,
    /// The player's rating of the game when the seat was taken, or the one
    /// a rated game's end started from.
    pub rating_before: Option<f64>,
    /// The rating after a rated game.
    pub rating_after: Option<f64>,
    /// Whether the account is a bot (read with the seat; not written).
    pub bot: bool,
    /// Whether `rating_before` was provisional when the seat was taken
    /// (shown as "1500?").
    pub provisional: bool,
    /// Whether its owner has closed the account since (read with the seat;
    /// not written).
    pub closed: bool,
}

impl Eq for SeatAccount {}

/// One move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Canonical move text.
    pub mv: String,
    /// When it was played, milliseconds since the Unix epoch.
    pub played_ms: i64,
    /// The mover's remaining clock time after the move, in clock games.
    pub remaining_ms: Option<i64>,
}

/// One chat message between the players of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// The seat that wrote it.
    pub seat: Player,
    /// The text.
    pub body: String,
    /// When it was sent, ms since the epoch.
    pub sent_ms: i64,
}

/// A whole stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game.
    pub row: GameRow,
    /// Its seats.
    pub seats: Vec<SeatRow>,
    /// Its moves in order.
    pub moves: Vec<MoveRow>,
    /// The players' chat, oldest first.
    pub chat: Vec<ChatRow>,
    /// What a game between people keeps besides its moves (a JSON text the
    /// server reads and writes), if anything.
    pub people: Option<String>,
    /// The spectators' chat, oldest first: the messages kept.
    pub spectator_chat: Vec<SpectatorChatRow>,
    /// The index of the first message of `spectator_chat` (the older ones
    /// were deleted).
    pub spectator_chat_from: usize,
    /// The tournament that paired the game, if one did (read, not written:
    /// [`crate::Op::LinkTournamentGame`] links it).
    pub tournament: Option<String>,
    /// That tournament's kind, `arena` or `swiss` (read, not written).
    pub tournament_kind: Option<String>,
    /// The league season that made the game, if one did (read, not
    /// written: [`crate::Op::LinkLeagueGame`] links it).
    pub league: Option<GameLeagueRow>,
}

/// The league season a game belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLeagueRow {
    /// The league's game (a league is named by its game).
    pub game: String,
    /// The season's number.
    pub season: u32,
}

/// One message of the spectators' chat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpectatorChatRow {
    /// The account that wrote it.
    pub account_id: String,
    /// Its name (read, not written).
    pub name: String,
    /// The text.
    pub body: String,
    /// When it was sent, ms since the epoch.
    pub sent_ms: i64,
}

/// The terms of a game to be made between two accounts, as a challenge or
/// a seek stores them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermsRow {
    /// The registered game name.
    pub game: String,
    /// The options, as JSON text of a string map.
    pub options: String,
    /// Initial time and increment, ms.
    pub clock: Option<(i64, i64)>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The asking account's side: `p1`, `p2` or `random`.
    pub side: String,
    /// Days per move of a correspondence game (instead of a clock).
    pub days_per_move: Option<u8>,
    /// Whether the game allows takeback requests between the players.
    pub takebacks: bool,
}

/// A challenge of one account by another to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Random id.
    pub id: String,
    /// The challenging account.
    pub challenger_id: String,
    /// Its name (read, not written).
    pub challenger_name: String,
    /// The challenged account.
    pub challenged_id: String,
    /// Its name (read, not written).
    pub challenged_name: String,
    /// The game offered (the side is the challenger's).
    pub terms: TermsRow,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// When it expires unless answered, ms since the epoch.
    pub expires_ms: i64,
    /// `open`, `accepted`, `declined` or `cancelled` (an open challenge
    /// past `expires_ms` has expired).
    pub status: String,
    /// Why it was declined (a reason's key).
    pub reason: Option<String>,
    /// The game made when it was accepted.
    pub game_id: Option<String>,
    /// Whether the challenger is a bot (read, not written).
    pub challenger_bot: bool,
    /// Whether the challenged account is a bot (read, not written).
    pub challenged_bot: bool,
}

/// The engine's evaluation of one position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyEvaluation {
    /// The position: after this many moves.
    pub ply: usize,
    /// The score from the first player's point of view, clamped (by the
    /// engine's evaluation of games).
    pub score: i32,
    /// The best move, if the position has one.
    pub best: Option<String>,
}

/// The stored evaluation of a whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEvaluation {
    /// How many positions the game has.
    pub total: usize,
    /// The positions evaluated so far, by ply.
    pub plies: Vec<PlyEvaluation>,
}

/// A game whose requested evaluation is not complete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfinishedEvaluation {
    /// The game.
    pub game: String,
    /// The client that asked, as the server names it (`account:<id>`,
    /// `address:<ip>`); `None` for a request stored before owners were.
    pub owner: Option<String>,
    /// How many of its positions are not evaluated yet.
    pub left: usize,
}

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// Random id.
    pub id: String,
    /// The name as its owner wrote it.
    pub name: String,
    /// The password's argon2id PHC string.
    pub password_hash: String,
    /// Sign-up time, ms since the epoch.
    pub created_ms: i64,
}

/// What the owner of an account looks after, as stored (see
/// [`crate::Reads::account_care`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountCare {
    /// The password's argon2id PHC string (empty once closed: it matches
    /// nothing).
    pub password_hash: String,
    /// The recovery code's PHC string, if one was made.
    pub recovery_hash: Option<String>,
    /// When the account was closed, ms since the epoch; `None` while open.
    pub closed_ms: Option<i64>,
    /// The settings kept on the account (a JSON object), if ever saved.
    pub settings: Option<String>,
}

/// A personal API token of an account: what a program signs in with
/// instead of a password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiTokenRow {
    /// Random id (what revokes it).
    pub id: String,
    /// The account it acts for.
    pub account_id: String,
    /// The hash of its secret (the secret itself is shown once, never
    /// stored).
    pub secret_hash: String,
    /// What its owner wrote it is for.
    pub description: String,
    /// The scopes it grants, space-separated (`bot:play` …).
    pub scopes: String,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
}

/// An account's API token as its owner's list shows it (without the
/// secret's hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiTokenInfo {
    /// Its id.
    pub id: String,
    /// What it is for.
    pub description: String,
    /// The scopes it grants, space-separated.
    pub scopes: String,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
}

/// The account an API token acts for, and what the token may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenAccount {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The token's scopes, space-separated.
    pub scopes: String,
}

/// A game between people of an account, as the account's bot event
/// stream looks at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventGameRow {
    /// The game's id.
    pub id: String,
    /// Whether it runs (has no result).
    pub running: bool,
}

/// A bot account as the list of bots shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct BotRow {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// When it was made, ms since the epoch.
    pub created_ms: i64,
    /// Whether its program is connected (its event stream is open).
    pub online: bool,
    /// Its ratings, of every game it has one of, by game.
    pub ratings: Vec<RatingRow>,
}

/// An account's rating of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The account.
    pub account_id: String,
    /// The registered game name.
    pub game: String,
    /// The Glicko-2 rating, on the Glicko scale.
    pub rating: f64,
    /// The rating's deviation.
    pub deviation: f64,
    /// The rating's volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

/// A puzzle's Glicko-2 rating, stored from its first rated attempt on.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRatingRow {
    /// The puzzle's id.
    pub puzzle_id: String,
    /// The registered game name.
    pub game: String,
    /// The Glicko-2 rating, on the Glicko scale.
    pub rating: f64,
    /// The rating's deviation.
    pub deviation: f64,
    /// The rating's volatility.
    pub volatility: f64,
    /// Rated attempts at the puzzle.
    pub attempts: u32,
}

/// An account's first (and only rated) attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleAttemptRow {
    /// The account.
    pub account_id: String,
    /// The puzzle's id.
    pub puzzle_id: String,
    /// The registered game name.
    pub game: String,
    /// Whether the account solved it.
    pub solved: bool,
    /// When, ms since the epoch.
    pub attempted_ms: i64,
}

/// A seek: an account looking for an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Random id.
    pub id: String,
    /// The seeking account.
    pub account_id: String,
    /// Its name (read, not written).
    pub account_name: String,
    /// The game sought (the side is the seeker's).
    pub terms: TermsRow,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// The game made when it was accepted.
    pub game_id: Option<String>,
}

/// An account waiting in a quick-pairing pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRow {
    /// The waiting account.
    pub account_id: String,
    /// Its name (read, not written).
    pub account_name: String,
    /// The registered game name.
    pub game: String,
    /// Initial time and increment, ms.
    pub clock: (i64, i64),
    /// Whether the game is to be rated.
    pub rated: bool,
    /// The account's rating of the game when it joined.
    pub rating: f64,
    /// Since when it waits, ms since the epoch.
    pub joined_ms: i64,
}

/// Which running games the lobby lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LobbyFilter {
    /// All of them.
    #[default]
    All,
    /// Those under way: with a move played, or made at or after this
    /// time (ms) — an invitation nobody took, or a game nobody began,
    /// drops out of the public list once it is older; and a game against
    /// the engine with no account at a seat (a guest's) only while it
    /// moved lately — a visitor who left drops out.
    Started {
        /// The time (ms) from which games without a move are listed.
        fresh_since_ms: i64,
        /// The time (ms) from which guests' games against the engine
        /// without a move since are no longer listed.
        guest_engine_since_ms: i64,
    },
    /// Those with a seat of this account.
    Account(String),
    /// Those with these ids.
    Ids(Vec<String>),
}

/// A game in a player's profile.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileGameRow {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// Result text and reason key, once over.
    pub result: Option<(String, String)>,
    /// The player's seat.
    pub seat: Player,
    /// Whether the game is rated.
    pub rated: bool,
    /// The clock, initial and increment ms.
    pub clock: Option<(i64, i64)>,
    /// The player's rating before and after (rated games).
    pub rating: (Option<f64>, Option<f64>),
    /// The opponent's account name, if bound to one.
    pub opponent: Option<String>,
    /// The game's kind (`engine`, `human`).
    pub kind: String,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u8>,
}

/// A point of a player's rating history: their rating after a rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// The registered game name.
    pub game: String,
    /// When the game ended (its last move), ms since the epoch.
    pub time_ms: i64,
    /// The player's rating after the game.
    pub rating: f64,
    /// The game's id.
    pub game_id: String,
    /// Whether it was a correspondence game (rated apart).
    pub correspondence: bool,
}

/// The filter of a profile's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileQuery {
    /// Only games of this registered name.
    pub game: Option<String>,
    /// Only `won`, `lost`, `drawn` or `running` games.
    pub result: Option<String>,
    /// Whether games aborted before their second move are listed too.
    pub with_aborted: bool,
    /// Games to skip.
    pub offset: usize,
    /// Games to list.
    pub limit: usize,
}

/// A running game's line in the lobby, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyRow {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// `engine` or `human`.
    pub kind: String,
    /// The engine's level in engine games.
    pub level: Option<u8>,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// Time of the last move (or the creation), ms since the epoch.
    pub updated_ms: i64,
    /// Moves played.
    pub ply: usize,
    /// The side to move, if known.
    pub to_move: Option<Player>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The seats, P1's first.
    pub seats: Vec<SeatRow>,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u8>,
    /// When its side to move runs out of time, ms since the epoch.
    pub deadline_ms: Option<i64>,
}

/// One page of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyPage {
    /// The games of the page, latest move first.
    pub games: Vec<LobbyRow>,
    /// How many running games there are in all.
    pub total: usize,
}

/// A running game between people in which an account is to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRow {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// The account's seat (the side to move).
    pub seat: Player,
    /// The opponent's account name, if bound to one.
    pub opponent: Option<String>,
    /// Moves played.
    pub ply: usize,
    /// Whether the game is rated.
    pub rated: bool,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u8>,
    /// When the account runs out of time, ms since the epoch
    /// (correspondence games).
    pub deadline_ms: Option<i64>,
    /// Time of the last move (or the creation), ms since the epoch.
    pub updated_ms: i64,
}

/// The filter of a search of finished games; every part is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchQuery {
    /// Only games with a seat of this account (its id).
    pub account_id: Option<String>,
    /// Only games of this registered name.
    pub game: Option<String>,
    /// Only games that ended so: `p1` (P1 won), `p2` (P2 won), `draw`, or
    /// for the account: `won`, `lost`.
    pub result: Option<String>,
    /// Only rated or only casual games.
    pub rated: Option<bool>,
    /// Only games made at or after this time, ms since the epoch.
    pub from_ms: Option<i64>,
    /// Only games made before this time, ms since the epoch.
    pub to_ms: Option<i64>,
    /// Whether games aborted before their second move are found too.
    pub with_aborted: bool,
    /// Games to skip.
    pub offset: usize,
    /// Games to list.
    pub limit: usize,
}

/// A finished game found by a search.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundGame {
    /// The game's id.
    pub id: String,
    /// The registered game name.
    pub game: String,
    /// `engine` or `human`.
    pub kind: String,
    /// The engine's level in engine games.
    pub level: Option<u8>,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// Result text and reason key.
    pub result: (String, String),
    /// Whether the game was rated.
    pub rated: bool,
    /// The clock, initial and increment ms.
    pub clock: Option<(i64, i64)>,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u8>,
    /// Moves played.
    pub ply: usize,
    /// The seats, P1's first.
    pub seats: Vec<SeatRow>,
}

/// A tournament (an arena or a Swiss) as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    /// The tournament's id.
    pub id: String,
    /// Its kind: `arena` or `swiss`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The registered game name.
    pub game: String,
    /// Initial time and increment of its games, ms (0 and 0 for a Swiss of
    /// correspondence games).
    pub clock: (i64, i64),
    /// A Swiss's days per move, for correspondence games.
    pub days_per_move: Option<u8>,
    /// A Swiss's number of rounds (0 for an arena).
    pub rounds: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// Who may join by kind of account: `no` (people only), `welcome`
    /// (people and bots) or `only` (bots only).
    pub bots: String,
    /// The least and the greatest rating an account may join with.
    pub rating_range: (Option<i64>, Option<i64>),
    /// When it starts, ms since the epoch.
    pub starts_ms: i64,
    /// How long an arena runs, ms (0 for a Swiss).
    pub duration_ms: i64,
    /// `created` (not started), `started` or `finished`.
    pub status: String,
    /// The account that made it.
    pub created_by: String,
    /// That account's name (read, not written).
    pub created_by_name: String,
    /// When it was made, ms since the epoch.
    pub created_ms: i64,
    /// The winner's account once finished (none when nobody played).
    pub winner_id: Option<String>,
    /// The winner's name (read, not written).
    pub winner_name: Option<String>,
    /// How many pairings were made and players withdrew (see
    /// [`crate::Op::BumpTournament`]).
    pub version: u64,
    /// How many accounts joined, withdrawn or not (read, not written).
    pub player_count: usize,
}

/// A player of an arena tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentPlayerRow {
    /// The account.
    pub account_id: String,
    /// Its name (read, not written).
    pub account_name: String,
    /// Whether it is a bot account (read, not written).
    pub bot: bool,
    /// Its rating of the game when it first joined.
    pub rating: f64,
    /// When it first joined, ms since the epoch.
    pub joined_ms: i64,
    /// Whether it withdrew (paused: it may join again).
    pub withdrawn: bool,
    /// Arena points as the standings last counted them.
    pub score: u32,
    /// Wins in a row up to its last scored game.
    pub streak: u32,
    /// Whether it left the tournament's pages (its page and its games):
    /// an arena does not pair it until it comes back.
    pub away: bool,
}

/// A game an arena tournament paired.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentGameRow {
    /// The game's id.
    pub game_id: String,
    /// The account at seat `p1` (who moves first).
    pub white_id: String,
    /// The account at seat `p2`.
    pub black_id: String,
    /// When it was paired, ms since the epoch.
    pub paired_ms: i64,
    /// Once scored: `win`, `draw` or `loss` for white, or `none` (ended
    /// without a result: aborted or abandoned).
    pub white_outcome: Option<String>,
    /// When it was scored, ms since the epoch.
    pub scored_ms: Option<i64>,
    /// The game's result text while not yet scored or after (read, not
    /// written): `1-0`, `0-1`, `1/2-1/2`, `*`, or none while it runs.
    pub result: Option<String>,
    /// The game's side to move (read, not written).
    pub to_move: Option<Player>,
    /// The round of a Swiss that paired it, 1 first (none in an arena).
    pub round: Option<u32>,
}

/// A paired round of a Swiss tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRoundRow {
    /// Its number, 1 first.
    pub round: u32,
    /// When it was paired, ms since the epoch.
    pub paired_ms: i64,
    /// The account that had the bye, if any.
    pub bye_id: Option<String>,
}

/// An arena tournament with its players (in the order they joined) and
/// its games (in the order they were paired), read in one snapshot.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTournament {
    /// The tournament.
    pub row: TournamentRow,
    /// Its players.
    pub players: Vec<TournamentPlayerRow>,
    /// Its games.
    pub games: Vec<TournamentGameRow>,
    /// A Swiss's paired rounds, the first first (none for an arena).
    pub rounds: Vec<TournamentRoundRow>,
    /// The latest messages of its chat (see [`TOURNAMENT_CHAT_SHOWN`]),
    /// oldest first.
    pub chat: Vec<TournamentChatRow>,
}

/// How many of the latest messages of a tournament's chat are read.
pub const TOURNAMENT_CHAT_SHOWN: usize = 50;

/// A message of a tournament's chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentChatRow {
    /// The account that wrote it.
    pub account_id: String,
    /// Its name (read, not written).
    pub name: String,
    /// The text.
    pub body: String,
    /// When, ms since the epoch.
    pub sent_ms: i64,
}

/// A season of a correspondence league.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueSeasonRow {
    /// The league's game.
    pub game: String,
    /// Its number, 1 first.
    pub season: u32,
    /// `signup`, `running` or `finished`.
    pub status: String,
    /// When it starts (or started), ms since the epoch; none while the
    /// season before still runs.
    pub starts_ms: Option<i64>,
    /// How many accounts signed up for it (read, not written).
    pub members: u32,
}

/// A member of a league's season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueMemberRow {
    /// The account.
    pub account_id: String,
    /// Its name.
    pub name: String,
    /// When it signed up (or was carried over), ms since the epoch.
    pub joined_ms: i64,
    /// Its place in its division's order as the season before ended, 0
    /// first; none for a newcomer.
    pub seed: Option<u32>,
    /// Its division, 0 the top one: before the start the one the season
    /// before gave it (none for a newcomer), from the start the one it
    /// plays in.
    pub division: Option<u32>,
}

/// A game of a league's season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueGameRow {
    /// The game's id.
    pub game_id: String,
    /// Its division, 0 the top one.
    pub division: u32,
    /// Its round of the division's schedule, 1 first.
    pub round: u32,
    /// The account at seat `p1` (who moves first).
    pub white_id: String,
    /// The account at seat `p2`.
    pub black_id: String,
    /// The game's result text (`1-0`, `0-1`, `1/2-1/2`, `*`), none while it
    /// runs.
    pub result: Option<String>,
    /// The game's side to move.
    pub to_move: Option<Player>,
}

/// A league's season with its members and games, read in one snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredLeagueSeason {
    /// The season.
    pub row: LeagueSeasonRow,
    /// Its members, in the order they signed up.
    pub members: Vec<LeagueMemberRow>,
    /// Its games, by division and round.
    pub games: Vec<LeagueGameRow>,
}
