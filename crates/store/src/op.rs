//! The changes a request writes, in one transaction.

use crate::{
    AccountRow, ApiTokenRow, ChallengeRow, ChatRow, MoveRow, PlyEvaluation, PoolRow, PuzzleAttemptRow,
    PuzzleRatingRow, RatingRow, SeatAccount, SeekRow, SpectatorChatRow, StoredGame, TournamentRow,
};
use game::Player;

/// One change to the database.
#[derive(Clone, Debug)]
pub enum Op {
    /// Counts one change of a game that was at `version`, and fails with
    /// [`crate::StoreError::Conflict`] (the whole request changing nothing) if the
    /// stored game is no longer at `version`. With PostgreSQL it also tells
    /// every server instance of the change (`NOTIFY`).
    Bump {
        /// The game.
        game: String,
        /// The version the change was made against.
        version: u64,
    },
    /// Inserts a new game with its seats and moves.
    CreateGame(Box<StoredGame>),
    /// Appends the move with index `ply` (0-based).
    AddMove {
        /// The game.
        game: String,
        /// Index of the move.
        ply: usize,
        /// The move.
        mv: MoveRow,
        /// The side to move after it.
        to_move: Player,
    },
    /// Deletes the moves from index `from_ply` on (take-back).
    TruncateMoves {
        /// The game.
        game: String,
        /// First index deleted.
        from_ply: usize,
        /// The side to move after the take-back.
        to_move: Player,
    },
    /// Records the side to move (of games stored before it was kept).
    SetToMove {
        /// The game.
        game: String,
        /// The side to move.
        to_move: Player,
    },
    /// Sets or clears the deadline of a correspondence game's side to move.
    SetDeadline {
        /// The game.
        game: String,
        /// When the side to move runs out of time, ms since the epoch.
        deadline_ms: Option<i64>,
    },
    /// Sets or clears the result and reason.
    SetResult {
        /// The game.
        game: String,
        /// Result text and reason key, or `None` while the game runs.
        result: Option<(String, String)>,
    },
    /// Gives a seat to the holder of a token, ending its invitation.
    ClaimSeat {
        /// The game.
        game: String,
        /// The seat.
        seat: Player,
        /// Hash of the new token.
        token_hash: String,
        /// The account of the holder, with its rating of the game (its
        /// name, rating after and bot mark are not written).
        account: Option<SeatAccount>,
    },
    /// Replaces the invite of a seat nobody holds (the old invite code
    /// stops opening it); a seat taken meanwhile is a
    /// [`crate::StoreError::Conflict`] and changes nothing.
    SetInvite {
        /// The game.
        game: String,
        /// The open seat.
        seat: Player,
        /// Hash of the new invite code.
        invite_hash: String,
    },
    /// Stores the ratings before and after a rated game of a seat.
    SetSeatRatings {
        /// The game.
        game: String,
        /// The seat.
        seat: Player,
        /// The rating the update started from.
        before: f64,
        /// The rating after the game.
        after: f64,
    },
    /// Writes an account's rating of a game: inserted with `games` 1, or
    /// replacing the rating it follows (`games` one less); else
    /// [`crate::StoreError::Conflict`], as another rated game of the account ended
    /// meanwhile (through another server instance) and this one was
    /// computed from an old rating.
    PutRating(RatingRow),
    /// Records an account's first attempt at a puzzle and writes the new
    /// ratings of the puzzle and of the account's puzzle play of its game,
    /// each replacing the one it follows (`attempts`/`games` one less, or
    /// inserted with 1). An account's second attempt at a puzzle, or a
    /// rating changed meanwhile, is a [`crate::StoreError::Conflict`] and
    /// changes nothing: an attempt rates both once.
    RatePuzzleAttempt {
        /// The attempt.
        attempt: PuzzleAttemptRow,
        /// The puzzle's rating after it.
        puzzle: PuzzleRatingRow,
        /// The account's puzzle rating of the game after it.
        player: RatingRow,
    },
    /// Records an account's attempt at a puzzle that rates nothing (see
    /// the server's puzzles module), so that later ones rate nothing
    /// either; nothing when it attempted the puzzle before.
    RecordPuzzleAttempt(PuzzleAttemptRow),
    /// Records that a puzzle was served to an account, in place of the
    /// puzzle of the same game served to it before.
    ServePuzzle {
        /// The account.
        account_id: String,
        /// The puzzle's game.
        game: String,
        /// The puzzle.
        puzzle_id: String,
        /// When, ms since the epoch.
        served_ms: i64,
    },
    /// Records that an account finished a step of a game's lesson (a step
    /// finished before keeps its first time and the more of its stars).
    FinishLessonStep {
        /// The account.
        account_id: String,
        /// The game's registered name.
        game: String,
        /// The step's id.
        step: String,
        /// When, ms since the epoch.
        done_ms: i64,
        /// The stars earned, 1 to 3 (0: not known).
        stars: u8,
    },
    /// Adds an account.
    CreateAccount(AccountRow),
    /// Adds a session of an account.
    CreateSession {
        /// The hash of the session id.
        id_hash: String,
        /// The account.
        account_id: String,
        /// When it ends, ms since the epoch.
        expires_ms: i64,
    },
    /// Adds a personal API token of an account.
    CreateApiToken(ApiTokenRow),
    /// Sets an open account's password and ends its sessions but the one
    /// kept (not found: no such open account).
    SetPassword {
        /// The account.
        account_id: String,
        /// The new password's PHC string.
        password_hash: String,
        /// The hash of the session that stays (`None`: all end).
        keep_session: Option<String>,
    },
    /// Sets the hash of an open account's recovery code (the one before
    /// stops working; not found: no such open account).
    SetRecoveryCode {
        /// The account.
        account_id: String,
        /// The code's PHC string.
        recovery_hash: String,
    },
    /// Keeps an open account's settings (not found: no such open account).
    SetAccountSettings {
        /// The account.
        account_id: String,
        /// The settings, a JSON object.
        settings: String,
    },
    /// Closes an account: its password and recovery code match no more,
    /// its sessions and API tokens end, its open seeks and pool entry,
    /// its open challenges, its entries in unfinished tournaments and in
    /// leagues in sign-up are withdrawn; its name, games and ratings stay
    /// (not found: no such open account).
    CloseAccount {
        /// The account.
        account_id: String,
        /// When, ms since the epoch.
        closed_ms: i64,
    },
    /// Revokes a personal API token of an account (not found: another
    /// account's, or gone).
    DeleteApiToken {
        /// The token's id.
        id: String,
        /// The account.
        account_id: String,
    },
    /// Turns an account into a bot (a conflict when it is one already or
    /// has played a game).
    MakeBot {
        /// The account.
        account_id: String,
    },
    /// Ends a session, and withdraws its account's open seeks.
    DeleteSession {
        /// The hash of the session id.
        id_hash: String,
        /// The account.
        account_id: String,
    },
    /// Account `account_id` has a live lobby connection on server
    /// instance `instance` until `expires_ms`.
    PutLobbyPresence {
        /// The account.
        account_id: String,
        /// The server instance.
        instance: String,
        /// Until when, ms since the epoch (renewed by the heartbeat).
        expires_ms: i64,
    },
    /// Renews every lobby connection of server instance `instance` until
    /// `expires_ms` (its heartbeat).
    RefreshLobbyPresence {
        /// The server instance.
        instance: String,
        /// Until when, ms since the epoch.
        expires_ms: i64,
    },
    /// The account's last lobby connection on `instance` closed: its row
    /// goes, and a row of no instance keeps the account present until
    /// `grace_until_ms` (a reload or another page of the site connects
    /// again in time); once that lapses too, [`Op::PruneLobby`] takes its
    /// pool entry and its open seeks with a clock.
    DeleteLobbyPresence {
        /// The account.
        account_id: String,
        /// The server instance.
        instance: String,
        /// Until when the account stays present without a connection, ms
        /// since the epoch.
        grace_until_ms: i64,
    },
    /// Forgets lobby connections expired before `now_ms`, and the pool
    /// entries and open seeks with a clock made before `joined_before_ms`
    /// of accounts with none left.
    PruneLobby {
        /// Now, ms since the epoch.
        now_ms: i64,
        /// Entries that joined since are kept even without a connection.
        joined_before_ms: i64,
    },
    /// Puts an account in a pool (out of any other it was in).
    JoinPool(PoolRow),
    /// Takes an account out of its pool; with `joined_ms`, only that
    /// entry, and fails with [`crate::StoreError::Conflict`] if it is no
    /// longer there (paired or left meanwhile).
    LeavePool {
        /// The account.
        account_id: String,
        /// The entry's joining time, when taking it for a pairing.
        joined_ms: Option<i64>,
    },
    /// Tells the server instances sharing a PostgreSQL database that the
    /// account was paired into a game (nothing with SQLite: the one
    /// instance tells its connections itself).
    TellPaired {
        /// The account.
        account_id: String,
        /// The new game.
        game: String,
        /// The account's seat, `p1` or `p2`.
        seat: String,
    },
    /// Adds a seek.
    CreateSeek(SeekRow),
    /// Withdraws an open seek of the account; fails if there is none.
    CancelSeek {
        /// The seek.
        id: String,
        /// Its owner.
        account_id: String,
    },
    /// Marks an open seek as accepted with its game; fails with
    /// [`crate::StoreError::Conflict`] if it is gone or accepted already.
    AcceptSeek {
        /// The seek.
        id: String,
        /// The game made for it.
        game: String,
    },
    /// Sets or clears the pending draw offer.
    SetDrawOffer {
        /// The game.
        game: String,
        /// The offering seat.
        seat: Option<Player>,
    },
    /// Sets or clears the pending rematch offer.
    SetRematchOffer {
        /// The game.
        game: String,
        /// The offering seat.
        seat: Option<Player>,
    },
    /// Records the agreed rematch (and clears the offer).
    SetRematch {
        /// The old game.
        game: String,
        /// The new game's id.
        rematch: String,
    },
    /// Appends chat message number `seq` (0-based).
    AddChat {
        /// The game.
        game: String,
        /// Index of the message.
        seq: usize,
        /// The message.
        line: ChatRow,
    },
    /// Appends message number `seq` (0-based) of a game's spectators' chat
    /// and deletes the messages before number `keep_from`.
    AddSpectatorChat {
        /// The game.
        game: String,
        /// Index of the message.
        seq: usize,
        /// The message.
        line: SpectatorChatRow,
        /// The index of the oldest message kept.
        keep_from: usize,
    },
    /// Makes a challenge, with its status (`open`, or `ignored`).
    CreateChallenge(ChallengeRow),
    /// Deletes the challenges that expired before `expired_before_ms`,
    /// answered or not.
    DeleteOldChallenges {
        /// The time, ms since the epoch.
        expired_before_ms: i64,
    },
    /// Answers (or withdraws) the open challenge `id` unless it expired by
    /// `now_ms`: a conflict if it is no longer open.
    AnswerChallenge {
        /// The challenge.
        id: String,
        /// `accepted`, `declined` or `cancelled`.
        status: String,
        /// Why it was declined.
        reason: Option<String>,
        /// The game made on acceptance.
        game_id: Option<String>,
        /// The time of the answer, ms since the epoch.
        now_ms: i64,
    },
    /// Mutes (or no longer mutes) account `muted_id` in the chats of
    /// account `account_id`.
    SetMute {
        /// Who mutes.
        account_id: String,
        /// Whom.
        muted_id: String,
        /// Mute, or undo it.
        muted: bool,
        /// When, ms since the epoch.
        at_ms: i64,
    },
    /// Records that the evaluation of a whole game was asked for (asked
    /// before, only the owner changes).
    RequestEvaluation {
        /// The game.
        game: String,
        /// How many positions it has (moves + 1).
        total: usize,
        /// When, ms since the epoch.
        requested_ms: i64,
        /// The client that asked (see [`crate::UnfinishedEvaluation::owner`]).
        owner: String,
    },
    /// Stores (or replaces) the evaluation of one position of a game.
    AddEvaluation {
        /// The game.
        game: String,
        /// The evaluation.
        evaluation: PlyEvaluation,
    },
    /// Writes (or replaces) what a game between people keeps besides its
    /// moves: a JSON text the server reads and writes.
    SetPeople {
        /// The game.
        game: String,
        /// The JSON text.
        state: String,
    },
    /// Adds a tournament (its status as given, no winner, version 0).
    CreateTournament(Box<TournamentRow>),
    /// An account joins a tournament, or joins again after withdrawing.
    JoinTournament {
        /// The tournament.
        tournament_id: String,
        /// The account.
        account_id: String,
        /// Its rating of the game now (kept from the first joining).
        rating: f64,
        /// Now, ms since the epoch (kept from the first joining).
        joined_ms: i64,
    },
    /// An account withdraws from a tournament (not found: it never joined).
    /// It counts as a change of the tournament's version, so that a
    /// pairing read before the withdrawal ([`Op::BumpTournament`]) is
    /// refused and paired again without the player.
    WithdrawTournament {
        /// The tournament.
        tournament_id: String,
        /// The account.
        account_id: String,
    },
    /// Marks a tournament's player away from the tournament's pages, or
    /// back (nothing when the account did not join).
    SetTournamentAway {
        /// The tournament.
        tournament_id: String,
        /// The account.
        account_id: String,
        /// Whether it is away.
        away: bool,
    },
    /// Counts a pairing of a tournament made at `version`, and fails with
    /// [`crate::StoreError::Conflict`] (nothing changed) if another pairing
    /// was counted meanwhile (by another server instance) or a player
    /// withdrew since.
    BumpTournament {
        /// The tournament.
        id: String,
        /// The version the pairing was made against.
        version: u64,
    },
    /// Moves a tournament from status `from` to `to` with `winner`; a
    /// conflict when it is no longer at `from`.
    SetTournamentStatus {
        /// The tournament.
        id: String,
        /// Its status now.
        from: String,
        /// Its new status.
        to: String,
        /// The winner's account (when finishing).
        winner_id: Option<String>,
    },
    /// Links a new game to the tournament that paired it.
    LinkTournamentGame {
        /// The game.
        game_id: String,
        /// The tournament.
        tournament_id: String,
        /// The account at seat `p1`.
        white_id: String,
        /// The account at seat `p2`.
        black_id: String,
        /// When, ms since the epoch.
        paired_ms: i64,
        /// The round of a Swiss that paired it (none in an arena).
        round: Option<u32>,
    },
    /// Records that round `round` of Swiss `tournament_id` is paired, with
    /// its bye; a conflict when it was paired already (by another server
    /// instance).
    PairSwissRound {
        /// The tournament.
        tournament_id: String,
        /// The round, 1 first.
        round: u32,
        /// When, ms since the epoch.
        paired_ms: i64,
        /// The account that sits out and scores a bye, if any.
        bye_id: Option<String>,
    },
    /// Scores a finished tournament game once: a conflict when it was
    /// scored already (by another server instance).
    ScoreTournamentGame {
        /// The game.
        game_id: String,
        /// `win`, `draw` or `loss` for white, or `none`.
        white_outcome: String,
        /// When, ms since the epoch.
        scored_ms: i64,
    },
    /// Adds a message to a tournament's chat.
    AddTournamentChat {
        /// The tournament.
        tournament_id: String,
        /// The account that wrote it.
        account_id: String,
        /// The text.
        body: String,
        /// When, ms since the epoch.
        sent_ms: i64,
    },
    /// Writes a player's score and win streak as the standings count them.
    SetTournamentScore {
        /// The tournament.
        tournament_id: String,
        /// The account.
        account_id: String,
        /// Arena points.
        score: u32,
        /// Wins in a row.
        streak: u32,
    },
    /// Opens a season of a league for sign-up (nothing when it is open).
    OpenLeagueSeason {
        /// The league's game.
        game: String,
        /// The season's number, 1 first.
        season: u32,
        /// When it starts, ms since the epoch (none: once the season
        /// before has ended).
        starts_ms: Option<i64>,
    },
    /// Moves the start of a season in sign-up; a conflict when its start
    /// is no longer `from_ms` (another instance moved it, or it started).
    MoveLeagueStart {
        /// The league's game.
        game: String,
        /// The season.
        season: u32,
        /// Its start as read.
        from_ms: Option<i64>,
        /// Its new start.
        to_ms: i64,
    },
    /// Moves a season from status `from` to `to`; a conflict when it is no
    /// longer `from` (another instance moved it meanwhile).
    SetLeagueStatus {
        /// The league's game.
        game: String,
        /// The season.
        season: u32,
        /// The status as read.
        from: String,
        /// The new status.
        to: String,
    },
    /// An account signs up for a season in sign-up (nothing when it has
    /// already); a conflict when the season is no longer in sign-up.
    JoinLeague {
        /// The league's game.
        game: String,
        /// The season.
        season: u32,
        /// Who.
        account_id: String,
        /// When, ms since the epoch.
        joined_ms: i64,
    },
    /// An account of the season before is carried over into a season, into
    /// the division the season before's end gave it.
    CarryLeagueMember {
        /// The league's game.
        game: String,
        /// The new season.
        season: u32,
        /// Who.
        account_id: String,
        /// When, ms since the epoch (if it had not signed up already).
        joined_ms: i64,
        /// Its place in that division's order, 0 first.
        seed: u32,
        /// The division, 0 the top one.
        division: u32,
    },
    /// An account leaves a season before it starts: a conflict when the
    /// season is no longer in sign-up, not found when it had not signed up.
    LeaveLeague {
        /// The league's game.
        game: String,
        /// The season.
        season: u32,
        /// Who.
        account_id: String,
    },
    /// Places a member of a starting season in its division.
    PlaceLeagueMember {
        /// The league's game.
        game: String,
        /// The season.
        season: u32,
        /// Who.
        account_id: String,
        /// The division, 0 the top one.
        division: u32,
    },
    /// Links a new game to the season, division and round that made it.
    LinkLeagueGame {
        /// The game.
        game_id: String,
        /// The league's game.
        game: String,
        /// The season.
        season: u32,
        /// The division, 0 the top one.
        division: u32,
        /// The round of the division's schedule, 1 first.
        round: u32,
        /// The account at seat `p1`.
        white_id: String,
        /// The account at seat `p2`.
        black_id: String,
    },
}
