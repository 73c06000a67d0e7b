//! Every statement of the store, written once in the SQL both backends
//! speak, with PostgreSQL's numbered placeholders `$1`, `$2`…; and the
//! [`Dialect`], the one place where the backends' SQL differs.

use std::borrow::Cow;

/// The SQL dialect of a backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl Dialect {
    /// A statement of this module as the backend reads it.
    pub fn statement(self, sql: &'static str) -> Cow<'static, str> {
        match self {
            // DIALECT: SQLite numbers its placeholders `?1` (`$1` would be
            // a parameter *named* `$1`, bound in order of appearance).
            Dialect::Sqlite => Cow::Owned(numbered_question_marks(sql)),
            Dialect::Postgres => Cow::Borrowed(sql),
        }
    }

    /// A migration (`migrations/*.sql`) as the backend reads it. The
    /// migrations use types both understand: SQLite takes `BIGINT` as an
    /// integer, `BOOLEAN` as 0/1, `DOUBLE PRECISION` as a real.
    pub fn migration(self, sql: &'static str) -> Cow<'static, str> {
        match self {
            Dialect::Sqlite => Cow::Borrowed(sql),
            // DIALECT: SQLite's tables clustered by their primary key
            // (`WITHOUT ROWID`) are plain tables to PostgreSQL.
            Dialect::Postgres => Cow::Owned(sql.replace(") WITHOUT ROWID;", ");")),
        }
    }
}

/// `$N` as `?N`.
fn numbered_question_marks(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('?');
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether the database answers.
pub const PING: &str = "SELECT 1";

/// Bumps the version of game `$1` if it is at `$2`.
pub const BUMP: &str = "UPDATE games SET version = version + 1 WHERE id = $1 AND version = $2";

/// Tells every server instance on the database that a game changed
/// (payload `<id>:<version>`), on commit.
// DIALECT: PostgreSQL only (LISTEN/NOTIFY), for the instances sharing it.
pub const NOTIFY: &str = "SELECT pg_notify('spielwerk_games', $1)";

/// A new game; its version starts at [`crate::CREATED_VERSION`] (the `1`).
pub const INSERT_GAME: &str = "INSERT INTO games (id, game, options, setup, kind, level, created_ms, result,
    reason, draw_offer, clock_initial_ms, clock_increment_ms, updated_ms, to_move, version, tags, rated,
    days_per_move, deadline_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, $15, $16, $17, $18)";

/// A new seat.
pub const INSERT_SEAT: &str =
    "INSERT INTO seats (game_id, seat, engine, token_hash, invite_hash, account_id, rating_before, provisional)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

/// A new move.
pub const INSERT_MOVE: &str =
    "INSERT INTO moves (game_id, ply, mv, played_ms, remaining_ms) VALUES ($1, $2, $3, $4, $5)";

/// The time of game `$1`'s last move and the side to move after it.
pub const SET_MOVED: &str = "UPDATE games SET updated_ms = $2, to_move = $3 WHERE id = $1";

/// Deletes the moves of game `$1` from ply `$2` on.
pub const DELETE_MOVES_FROM: &str = "DELETE FROM moves WHERE game_id = $1 AND ply >= $2";

/// The deadline of game `$1`'s side to move (null: none).
pub const SET_DEADLINE: &str = "UPDATE games SET deadline_ms = $2 WHERE id = $1";

/// The side to move of game `$1`.
pub const SET_TO_MOVE: &str = "UPDATE games SET to_move = $2 WHERE id = $1";

/// The result and reason of game `$1`.
pub const SET_RESULT: &str = "UPDATE games SET result = $2, reason = $3 WHERE id = $1";

/// Gives seat `$2` of game `$1` to the holder of token hash `$3` (account
/// `$4` with rating `$5`), if nobody holds it and it is not bound to
/// another account.
pub const CLAIM_SEAT: &str =
    "UPDATE seats SET token_hash = $3, invite_hash = NULL, account_id = $4, rating_before = $5, provisional = $6
    WHERE game_id = $1 AND seat = $2 AND token_hash IS NULL AND (account_id IS NULL OR account_id = $4)";

/// A new invite hash `$3` for seat `$2` of game `$1`, if nobody holds it.
pub const SET_INVITE: &str = "UPDATE seats SET invite_hash = $3
    WHERE game_id = $1 AND seat = $2 AND token_hash IS NULL AND account_id IS NULL";

/// The ratings before and after a rated game of seat `$2` of game `$1`.
pub const SET_SEAT_RATINGS: &str =
    "UPDATE seats SET rating_before = $3, rating_after = $4 WHERE game_id = $1 AND seat = $2";

/// An account's rating of a game after `$6` rated games: inserted, or
/// replacing the rating after `$6 - 1` games (else nothing changes).
pub const PUT_RATING: &str = "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating,
    deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games
    WHERE ratings.games = excluded.games - 1";

/// A new account.
pub const INSERT_ACCOUNT: &str =
    "INSERT INTO accounts (id, name, name_key, password_hash, created_ms) VALUES ($1, $2, $3, $4, $5)";

/// A new personal API token: id, account, secret hash, description,
/// scopes (space-separated), creation time.
pub const INSERT_API_TOKEN: &str =
    "INSERT INTO api_tokens (id, account_id, secret_hash, description, scopes, created_ms)
    VALUES ($1, $2, $3, $4, $5, $6)";

/// Revokes token `$1` of account `$2`.
pub const DELETE_API_TOKEN: &str = "DELETE FROM api_tokens WHERE id = $1 AND account_id = $2";

/// Turns account `$1` into a bot, unless it is one or has played (a seat
/// of a game is bound to it).
pub const MAKE_BOT: &str = "UPDATE accounts SET bot = TRUE
    WHERE id = $1 AND bot = FALSE AND NOT EXISTS (SELECT 1 FROM seats WHERE account_id = $1)";

/// Sets account `$1`'s password hash to `$2` and ends its sessions but
/// `$3` (the one that made the change; `''` ends them all).
pub const SET_PASSWORD: &str = "UPDATE accounts SET password_hash = $2 WHERE id = $1 AND closed_ms IS NULL";

/// Ends account `$1`'s sessions but `$2` (`''`: all of them).
pub const DELETE_OTHER_SESSIONS: &str = "DELETE FROM sessions WHERE account_id = $1 AND id_hash <> $2";

/// Sets account `$1`'s recovery code hash to `$2` (an open account's).
pub const SET_RECOVERY: &str = "UPDATE accounts SET recovery_hash = $2 WHERE id = $1 AND closed_ms IS NULL";

/// Keeps the settings `$2` (JSON) on account `$1`.
pub const SET_ACCOUNT_SETTINGS: &str =
    "UPDATE accounts SET settings = $2 WHERE id = $1 AND closed_ms IS NULL";

/// Closes account `$1` at `$2`: no password nor recovery code matches any
/// more (an empty hash is none).
pub const CLOSE_ACCOUNT: &str = "UPDATE accounts SET closed_ms = $2, password_hash = '', recovery_hash = NULL
    WHERE id = $1 AND closed_ms IS NULL";

/// Revokes every API token of account `$1`.
pub const DELETE_API_TOKENS_OF: &str = "DELETE FROM api_tokens WHERE account_id = $1";

/// Takes account `$1` out of its pool.
pub const DELETE_POOL_ENTRY: &str = "DELETE FROM pool_entries WHERE account_id = $1";

/// Cancels the challenges still open (or ignored) from or to account `$1`.
pub const CANCEL_CHALLENGES_OF: &str = "UPDATE challenges SET status = 'cancelled'
    WHERE status IN ('open', 'ignored') AND (challenger_id = $1 OR challenged_id = $1)";

/// Counts a change of the players of every tournament account `$1` is in
/// that has not finished (see [`TOUCH_TOURNAMENT`]).
pub const TOUCH_TOURNAMENTS_OF: &str = "UPDATE tournaments SET version = version + 1
    WHERE status <> 'finished'
    AND id IN (SELECT tournament_id FROM tournament_players WHERE account_id = $1 AND withdrawn = FALSE)";

/// Withdraws account `$1` from every tournament that has not finished.
pub const WITHDRAW_TOURNAMENTS_OF: &str = "UPDATE tournament_players SET withdrawn = TRUE
    WHERE account_id = $1 AND withdrawn = FALSE
    AND tournament_id IN (SELECT id FROM tournaments WHERE status <> 'finished')";

/// Takes account `$1` out of the leagues' seasons still in sign-up.
pub const LEAVE_LEAGUE_SIGNUPS_OF: &str = "DELETE FROM league_members WHERE account_id = $1
    AND EXISTS (SELECT 1 FROM league_seasons s WHERE s.game = league_members.game
        AND s.season = league_members.season AND s.status = 'signup')";

/// A new session.
pub const INSERT_SESSION: &str = "INSERT INTO sessions (id_hash, account_id, expires_ms) VALUES ($1, $2, $3)";

/// Withdraws the open seeks of account `$1`.
pub const DELETE_OPEN_SEEKS: &str = "DELETE FROM seeks WHERE account_id = $1 AND game_id IS NULL";

/// Ends the session `$1`.
pub const DELETE_SESSION: &str = "DELETE FROM sessions WHERE id_hash = $1";

/// A new seek.
pub const INSERT_SEEK: &str =
    "INSERT INTO seeks (id, account_id, game, options, clock_initial_ms, clock_increment_ms, rated, side,
    days_per_move, takebacks, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";

/// Withdraws the open seek `$1` of account `$2`.
pub const CANCEL_SEEK: &str = "DELETE FROM seeks WHERE id = $1 AND account_id = $2 AND game_id IS NULL";

/// Marks the open seek `$1` accepted with game `$2`.
pub const ACCEPT_SEEK: &str = "UPDATE seeks SET game_id = $2 WHERE id = $1 AND game_id IS NULL";

/// Account `$1` has a live lobby connection on instance `$2` until `$3`.
pub const PUT_LOBBY_PRESENCE: &str = "INSERT INTO lobby_presence (account_id, instance, expires_ms)
    VALUES ($1, $2, $3) ON CONFLICT (account_id, instance) DO UPDATE SET expires_ms = excluded.expires_ms";

/// Every lobby connection of instance `$1` lives until `$2` (its heartbeat).
pub const REFRESH_LOBBY_PRESENCE: &str = "UPDATE lobby_presence SET expires_ms = $2 WHERE instance = $1";

/// Account `$1`'s last lobby connection on instance `$2` closed.
pub const DELETE_LOBBY_PRESENCE: &str = "DELETE FROM lobby_presence WHERE account_id = $1 AND instance = $2";

/// Forgets the lobby connections that expired before `$1` (their instance
/// stopped without saying so).
pub const PRUNE_LOBBY: &str = "DELETE FROM lobby_presence WHERE expires_ms < $1";

/// Forgets the pool entries of accounts that joined before `$2` and have
/// no lobby connection left at `$1`.
pub const PRUNE_POOL: &str = "DELETE FROM pool_entries WHERE joined_ms < $2
    AND NOT EXISTS (SELECT 1 FROM lobby_presence p WHERE p.account_id = pool_entries.account_id
        AND p.expires_ms >= $1)";

/// Withdraws the open seeks with a clock (or none; not the correspondence
/// ones) made before `$2` of accounts with no lobby connection left at `$1`.
pub const PRUNE_SEEKS: &str = "DELETE FROM seeks WHERE game_id IS NULL AND days_per_move IS NULL
    AND created_ms < $2
    AND NOT EXISTS (SELECT 1 FROM lobby_presence p WHERE p.account_id = seeks.account_id
        AND p.expires_ms >= $1)";

/// Puts account `$1` in the pool of game `$2` with clock `$3`+`$4`,
/// rated `$5`, at rating `$6`, waiting since `$7` (leaving any other pool).
pub const JOIN_POOL: &str =
    "INSERT INTO pool_entries (account_id, game, clock_initial_ms, clock_increment_ms,
    rated, rating, joined_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (account_id) DO UPDATE SET game = excluded.game, clock_initial_ms = excluded.clock_initial_ms,
        clock_increment_ms = excluded.clock_increment_ms, rated = excluded.rated, rating = excluded.rating,
        joined_ms = excluded.joined_ms";

/// Takes account `$1` out of its pool; with `$2` only the entry that
/// waits since `$2` (not one made again meanwhile).
pub const LEAVE_POOL: &str =
    "DELETE FROM pool_entries WHERE account_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR joined_ms = $2)";

/// Tells every server instance on the database that account `$1` was
/// paired (payload `<account> <game> <seat>`), on commit.
// DIALECT: PostgreSQL only (LISTEN/NOTIFY), for the instances sharing it.
pub const NOTIFY_PAIRED: &str = "SELECT pg_notify('spielwerk_lobby', $1)";

/// Records that the evaluation of game `$1` (`$2` positions) was asked for
/// at `$3` by the client `$4`; asked before, the game keeps its total and
/// time and gets the new owner (who queued it again).
pub const REQUEST_EVALUATION: &str = "INSERT INTO evaluation_jobs (game_id, total, requested_ms, owner)
    VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner";

/// Stores or replaces the evaluation of ply `$2` of game `$1`.
pub const PUT_EVALUATION: &str = "INSERT INTO evaluations (game_id, ply, score, best) VALUES ($1, $2, $3, $4)
    ON CONFLICT (game_id, ply) DO UPDATE SET score = excluded.score, best = excluded.best";

/// The pending draw offer of game `$1`.
pub const SET_DRAW_OFFER: &str = "UPDATE games SET draw_offer = $2 WHERE id = $1";

/// The pending rematch offer of game `$1`.
pub const SET_REMATCH_OFFER: &str = "UPDATE games SET rematch_offer = $2 WHERE id = $1";

/// The agreed rematch `$2` of game `$1` (once).
pub const SET_REMATCH: &str =
    "UPDATE games SET rematch_id = $2, rematch_offer = NULL WHERE id = $1 AND rematch_id IS NULL";

/// A new chat message.
pub const INSERT_CHAT: &str =
    "INSERT INTO chat (game_id, seq, seat, body, sent_ms) VALUES ($1, $2, $3, $4, $5)";

/// Writes (or replaces) what game `$1` between people keeps besides its
/// moves (a JSON text, see `migrations/0009_game_people.sql`).
pub const PUT_PEOPLE: &str = "INSERT INTO game_people (game_id, state) VALUES ($1, $2)
    ON CONFLICT (game_id) DO UPDATE SET state = excluded.state";

/// What game `$1` between people keeps besides its moves.
pub const PEOPLE: &str = "SELECT state FROM game_people WHERE game_id = $1";

/// Appends message `$2` of game `$1`'s spectators' chat.
pub const INSERT_SPECTATOR_CHAT: &str =
    "INSERT INTO spectator_chat (game_id, seq, account_id, body, sent_ms) VALUES ($1, $2, $3, $4, $5)";

/// Deletes the messages of game `$1`'s spectators' chat before message
/// `$2` (the oldest, beyond those kept).
pub const DELETE_SPECTATOR_CHAT_BEFORE: &str = "DELETE FROM spectator_chat WHERE game_id = $1 AND seq < $2";

/// The spectators' chat of game `$1`, in order (account, name, text, time,
/// index).
pub const SPECTATOR_CHAT: &str = "SELECT c.account_id, a.name, c.body, c.sent_ms, c.seq
    FROM spectator_chat c JOIN accounts a ON a.id = c.account_id WHERE c.game_id = $1 ORDER BY c.seq";

/// Makes a challenge with status `$14` (`open`, or `ignored`: made by an
/// account the challenged one mutes).
pub const INSERT_CHALLENGE: &str = "INSERT INTO challenges (id, challenger_id, challenged_id, game, options,
    clock_initial_ms, clock_increment_ms, rated, side, days_per_move, takebacks, created_ms, expires_ms, status)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";

/// Answers the challenge `$1` with status `$2`, reason `$3` and game `$4`
/// if it is open and has not expired by `$5`; an ignored one can only be
/// withdrawn (`$2` `cancelled`).
pub const ANSWER_CHALLENGE: &str = "UPDATE challenges SET status = $2, reason = $3, game_id = $4
    WHERE id = $1 AND (status = 'open' OR (status = 'ignored' AND $2 = 'cancelled')) AND expires_ms > $5";

/// Deletes the challenges that expired before `$1` (ms), answered or not.
pub const DELETE_OLD_CHALLENGES: &str = "DELETE FROM challenges WHERE expires_ms < $1";

/// The challenge `$1`, or (if null) those made or received by account `$2`
/// since `$3`, the oldest first.
pub const CHALLENGES: &str =
    "SELECT c.id, c.challenger_id, f.name, c.challenged_id, t.name, c.game, c.options,
    c.clock_initial_ms, c.clock_increment_ms, c.rated, c.side, c.days_per_move, c.takebacks, c.created_ms,
    c.expires_ms, c.status, c.reason, c.game_id, f.bot, t.bot
    FROM challenges c JOIN accounts f ON f.id = c.challenger_id JOIN accounts t ON t.id = c.challenged_id
    WHERE c.id = $1 OR (CAST($1 AS TEXT) IS NULL AND (c.challenger_id = $2 OR c.challenged_id = $2)
        AND c.created_ms >= $3)
    ORDER BY c.created_ms, c.id";

/// Mutes account `$2` in account `$1`'s chats at `$3` (ms).
pub const MUTE: &str = "INSERT INTO chat_mutes (account_id, muted_id, muted_ms) VALUES ($1, $2, $3)
    ON CONFLICT (account_id, muted_id) DO NOTHING";

/// No longer mutes account `$2` in account `$1`'s chats.
pub const UNMUTE: &str = "DELETE FROM chat_mutes WHERE account_id = $1 AND muted_id = $2";

/// The names of the accounts account `$1` mutes, by name.
pub const MUTED: &str = "SELECT a.name FROM chat_mutes m JOIN accounts a ON a.id = m.muted_id
    WHERE m.account_id = $1 ORDER BY a.name_key";

/// The running games, oldest first.
pub const RUNNING_GAMES: &str = "SELECT id FROM games WHERE result IS NULL ORDER BY created_ms";

/// The game `$1` (the columns [`crate::read::game_row`] reads).
pub const GAME: &str = "SELECT id, game, options, setup, kind, level, created_ms, result, reason, draw_offer,
    clock_initial_ms, clock_increment_ms, to_move, version, tags, rematch_offer, rematch_id, rated,
    days_per_move, deadline_ms
    FROM games WHERE id = $1";

/// The seats of game `$1` with their accounts (and whether each is a bot),
/// P1's first.
pub const SEATS: &str = "SELECT s.seat, s.engine, s.token_hash, s.invite_hash, s.account_id, a.name,
    s.rating_before, s.rating_after, a.bot, s.provisional, a.closed_ms IS NOT NULL
    FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = $1 ORDER BY s.seat";

/// The moves of game `$1` in order.
pub const MOVES: &str = "SELECT mv, played_ms, remaining_ms FROM moves WHERE game_id = $1 ORDER BY ply";

/// The chat of game `$1` in order.
pub const CHAT: &str = "SELECT seat, body, sent_ms FROM chat WHERE game_id = $1 ORDER BY seq";

/// The version of game `$1`.
pub const VERSION: &str = "SELECT version FROM games WHERE id = $1";

/// The running engine games whose engine is to move since before `$1`.
pub const STALLED_ENGINE_GAMES: &str =
    "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move
    WHERE g.result IS NULL AND g.kind = 'engine' AND s.engine AND g.updated_ms < $1
    ORDER BY g.updated_ms LIMIT 100";

/// The running games in the lobby: not imported records, with a seat of
/// account `$1` (if not null), among the ids that are the keys of the
/// JSON object `$2` (if not null), with a move or made at or after `$3`
/// ms (if not null), and — games against the engine without an account
/// at a seat — moved at or after `$4` ms (if not null). `json_each` comes first: PostgreSQL takes the type
/// of `$2` (JSON) from its first use.
macro_rules! lobby_where {
    () => {
        "WHERE result IS NULL AND kind <> 'record'
        AND (CAST($1 AS TEXT) IS NULL OR id IN (SELECT game_id FROM seats WHERE account_id = $1))
        AND (id IN (SELECT key FROM json_each($2)) OR $2 IS NULL)
        AND (CAST($3 AS BIGINT) IS NULL OR created_ms >= $3
            OR EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id))
        AND (CAST($4 AS BIGINT) IS NULL OR kind <> 'engine' OR updated_ms >= $4
            OR EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.account_id IS NOT NULL))"
    };
}

/// How many games the lobby has (see `lobby_where`).
pub const LOBBY_COUNT: &str = concat!("SELECT COUNT(*) FROM games ", lobby_where!());

/// One page of the lobby, `$5` games from `$6` on, the latest move first.
pub const LOBBY_PAGE: &str = concat!(
    "SELECT id, game, kind, level, created_ms, updated_ms, to_move,
        (SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id), rated, days_per_move, deadline_ms
    FROM games ",
    lobby_where!(),
    " ORDER BY updated_ms DESC, id LIMIT $5 OFFSET $6"
);

/// The games of account `$1`, of game `$2` (if not null) and result `$3`
/// (`won`, `lost`, `drawn`, `running`; if not null), the aborted ones
/// only if `$4`.
macro_rules! profile_where {
    () => {
        "FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.account_id = $1 AND g.kind <> 'record'
        AND (CAST($2 AS TEXT) IS NULL OR g.game = $2)
        AND (CAST($3 AS TEXT) IS NULL
            OR ($3 = 'running' AND g.result IS NULL)
            OR ($3 = 'drawn' AND g.result = '1/2-1/2' AND g.reason <> 'abandoned')
            OR ($3 = 'won' AND ((g.result = '1-0' AND s.seat = 'p1') OR (g.result = '0-1' AND s.seat = 'p2')))
            OR ($3 = 'lost' AND ((g.result = '0-1' AND s.seat = 'p1') OR (g.result = '1-0' AND s.seat = 'p2'))))
        AND (CAST($4 AS BOOLEAN) OR g.reason IS NULL OR g.reason <> 'aborted')"
    };
}

/// How many games a profile lists (see `profile_where`).
pub const PROFILE_COUNT: &str = concat!("SELECT COUNT(*) ", profile_where!());

/// One page of a profile's games, `$5` from `$6` on, the latest first.
pub const PROFILE_PAGE: &str = concat!(
    "SELECT g.id, g.game, g.created_ms, g.result, g.reason, s.seat, g.rated,
        g.clock_initial_ms, g.clock_increment_ms, s.rating_before, s.rating_after,
        (SELECT a.name FROM seats o JOIN accounts a ON a.id = o.account_id
         WHERE o.game_id = g.id AND o.seat <> s.seat), g.kind, g.days_per_move ",
    profile_where!(),
    " ORDER BY COALESCE(g.updated_ms, g.created_ms) DESC, g.id LIMIT $5 OFFSET $6"
);

/// The games between people of account `$1` that `$which` lets through,
/// the latest move first (at most `$3`), each with whether it runs: a
/// sub-select of `EVENT_GAMES`.
macro_rules! event_games {
    ($which:literal) => {
        concat!(
            "(SELECT g.id, g.result IS NULL AS running FROM games g
            WHERE g.kind = 'human' AND g.id IN (SELECT game_id FROM seats WHERE account_id = $1) AND ",
            $which,
            " ORDER BY COALESCE(g.updated_ms, g.created_ms) DESC, g.id LIMIT $3)"
        )
    };
}

/// What a bot's event stream looks at, in one statement: the games
/// between people of account `$1` that run, and those over that were made
/// since `$2` (ms); at most `$3` of each, the latest move first, each
/// with whether it runs.
pub const EVENT_GAMES: &str = concat!(
    "SELECT r.id, r.running FROM ",
    event_games!("g.result IS NULL"),
    " r UNION ALL SELECT e.id, e.running FROM ",
    event_games!("g.result IS NOT NULL AND g.created_ms >= $2"),
    " e"
);

/// The rated games of account `$1` with its rating after each (game,
/// time of the last move or else creation, rating after, game id), the
/// latest `$2` of them, the latest first.
pub const RATING_HISTORY: &str = "SELECT g.game, COALESCE(g.updated_ms, g.created_ms), s.rating_after, g.id,
    g.days_per_move
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE s.account_id = $1 AND s.rating_after IS NOT NULL
    ORDER BY COALESCE(g.updated_ms, g.created_ms) DESC, g.id DESC LIMIT $2";

/// The names of the accounts whose lowercase name starts with `$1`, in
/// alphabetical order, at most `$2` of them.
pub const NAMES_BY_PREFIX: &str = "SELECT name FROM accounts
    WHERE substr(name_key, 1, length(CAST($1 AS TEXT))) = $1 ORDER BY name_key LIMIT $2";

/// The account whose lower-case name is `$1`.
pub const ACCOUNT_BY_NAME: &str =
    "SELECT id, name, password_hash, created_ms FROM accounts WHERE name_key = $1";

/// The account (id, name) and the scopes of the API token whose secret
/// hashes to `$1`.
pub const API_TOKEN_ACCOUNT: &str =
    "SELECT a.id, a.name, t.scopes FROM api_tokens t JOIN accounts a ON a.id = t.account_id
    WHERE t.secret_hash = $1";

/// The API tokens of account `$1` (id, description, scopes, creation
/// time), oldest first.
pub const API_TOKENS: &str = "SELECT id, description, scopes, created_ms FROM api_tokens WHERE account_id = $1 ORDER BY created_ms, id";

/// Whether account `$1` is a bot, and whether a seat of a game is bound
/// to it.
pub const ACCOUNT_BOT: &str =
    "SELECT bot, EXISTS (SELECT 1 FROM seats WHERE account_id = $1) FROM accounts WHERE id = $1";

/// Account `$1`'s password hash, recovery code hash, closing time and
/// settings.
pub const ACCOUNT_CARE: &str =
    "SELECT password_hash, recovery_hash, closed_ms, settings FROM accounts WHERE id = $1";

/// The account (id, name) of session `$1` if it ends after `$2`.
pub const SESSION: &str = "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
    WHERE s.id_hash = $1 AND s.expires_ms > $2";

/// Records that account `$1` finished step `$3` of game `$2`'s lesson at
/// `$4` (ms) with `$5` stars; a step finished before keeps its first time
/// and the more of its stars.
pub const FINISH_LESSON_STEP: &str = "INSERT INTO lesson_progress (account_id, game, step, done_ms, stars)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, game, step) DO UPDATE SET stars =
    CASE WHEN excluded.stars > lesson_progress.stars THEN excluded.stars ELSE lesson_progress.stars END";

/// The lesson steps of game `$2` account `$1` has finished, with their
/// stars, in the order it finished them.
pub const LESSON_PROGRESS: &str =
    "SELECT step, stars FROM lesson_progress WHERE account_id = $1 AND game = $2 ORDER BY done_ms, step";

/// The lesson steps of every game account `$1` has finished, with their
/// game and stars, by game and then in the order it finished them.
pub const LESSON_STARS: &str =
    "SELECT game, step, stars FROM lesson_progress WHERE account_id = $1 ORDER BY game, done_ms, step";

/// Records account `$1`'s first attempt at puzzle `$2` of game `$3`
/// (solved `$4`, at `$5` ms); nothing when it attempted the puzzle before.
pub const INSERT_PUZZLE_ATTEMPT: &str =
    "INSERT INTO puzzle_attempts (account_id, puzzle_id, game, solved, attempted_ms)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, puzzle_id) DO NOTHING";

/// Writes puzzle `$1`'s rating (of game `$2`) after its `$6`th rated
/// attempt, over the rating after the one before.
pub const PUT_PUZZLE_RATING: &str =
    "INSERT INTO puzzle_ratings (puzzle_id, game, rating, deviation, volatility, attempts)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating,
    deviation = excluded.deviation, volatility = excluded.volatility, attempts = excluded.attempts
    WHERE puzzle_ratings.attempts = excluded.attempts - 1";

/// Writes account `$1`'s puzzle rating of game `$2` after its `$6`th rated
/// attempt, over the rating after the one before.
pub const PUT_PUZZLE_PLAYER_RATING: &str =
    "INSERT INTO puzzle_player_ratings (account_id, game, rating, deviation, volatility, attempts)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating,
    deviation = excluded.deviation, volatility = excluded.volatility, attempts = excluded.attempts
    WHERE puzzle_player_ratings.attempts = excluded.attempts - 1";

/// The stored ratings of game `$1`'s puzzles.
pub const PUZZLE_RATINGS: &str =
    "SELECT puzzle_id, game, rating, deviation, volatility, attempts FROM puzzle_ratings WHERE game = $1";

/// Account `$1`'s puzzle rating of game `$2`.
pub const PUZZLE_PLAYER_RATING: &str = "SELECT game, rating, deviation, volatility, attempts
    FROM puzzle_player_ratings WHERE account_id = $1 AND game = $2";

/// The puzzles of game `$2` account `$1` attempted, with whether it solved
/// each.
pub const PUZZLE_ATTEMPTS: &str = "SELECT puzzle_id, solved FROM puzzle_attempts WHERE account_id = $1 AND game = $2 ORDER BY attempted_ms, puzzle_id";

/// Records that puzzle `$3` of game `$2` was served to account `$1` at
/// `$4` (ms), in place of the one served before.
pub const SERVE_PUZZLE: &str = "INSERT INTO puzzle_servings (account_id, game, puzzle_id, served_ms)
    VALUES ($1, $2, $3, $4)
    ON CONFLICT (account_id, game) DO UPDATE SET puzzle_id = excluded.puzzle_id, served_ms = excluded.served_ms";

/// The puzzle of game `$2` served last to account `$1`, and when (ms).
pub const PUZZLE_SERVING: &str =
    "SELECT puzzle_id, served_ms FROM puzzle_servings WHERE account_id = $1 AND game = $2";

/// The ratings of account `$1`, by game.
pub const RATINGS: &str =
    "SELECT game, rating, deviation, volatility, games FROM ratings WHERE account_id = $1 ORDER BY game";

/// The seek `$1`, or (if null) the open ones made since `$2` whose owner
/// has a session at `$3` — and, unless a correspondence seek or made since
/// `$4`, a live lobby connection at `$3` — the oldest first.
pub const SEEKS: &str = "SELECT k.id, k.account_id, a.name, k.game, k.options, k.clock_initial_ms,
    k.clock_increment_ms, k.rated, k.side, k.days_per_move, k.takebacks, k.created_ms, k.game_id
    FROM seeks k JOIN accounts a ON a.id = k.account_id
    WHERE k.id = $1 OR (CAST($1 AS TEXT) IS NULL AND k.game_id IS NULL AND k.created_ms >= $2
        AND EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = k.account_id AND s.expires_ms > $3)
        AND (k.days_per_move IS NOT NULL OR k.created_ms >= $4
            OR EXISTS (SELECT 1 FROM lobby_presence p WHERE p.account_id = k.account_id AND p.expires_ms > $3)))
    ORDER BY k.created_ms, k.id";

/// The pool entries of accounts that joined since `$1` or have a live
/// lobby connection at `$2`, the longest waiting first.
pub const POOL_ENTRIES: &str =
    "SELECT e.account_id, a.name, e.game, e.clock_initial_ms, e.clock_increment_ms,
    e.rated, e.rating, e.joined_ms
    FROM pool_entries e JOIN accounts a ON a.id = e.account_id
    WHERE e.joined_ms >= $1
        OR EXISTS (SELECT 1 FROM lobby_presence p WHERE p.account_id = e.account_id AND p.expires_ms > $2)
    ORDER BY e.joined_ms, e.account_id";

/// The running games between people with a seat nobody took since before
/// `$1`, or without a move since before `$2`.
pub const ABANDONED: &str = "SELECT g.id FROM games g WHERE g.result IS NULL AND g.kind = 'human' AND (
        (g.created_ms < $1 AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id
            AND NOT s.engine AND s.token_hash IS NULL AND s.account_id IS NULL))
        OR (g.created_ms < $2 AND g.days_per_move IS NULL
            AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)))
    ORDER BY g.created_ms LIMIT 100";

/// The running games whose side to move ran out of time by `$1` (ms),
/// the earliest first (at most 100).
pub const DUE_DEADLINES: &str = "SELECT id FROM games WHERE result IS NULL AND deadline_ms <= $1
    ORDER BY deadline_ms, id LIMIT 100";

/// The earliest deadline of a running game after `$1` (ms), if any.
pub const NEXT_DEADLINE: &str =
    "SELECT MIN(deadline_ms) FROM games WHERE result IS NULL AND deadline_ms > $1";

/// The running games between people, every seat taken, in which account
/// `$1` is to move: the earliest deadline first (games without one last),
/// then the latest move first (at most 100).
pub const YOUR_TURN: &str = "SELECT g.id, g.game, s.seat,
        (SELECT a.name FROM seats o JOIN accounts a ON a.id = o.account_id
         WHERE o.game_id = g.id AND o.seat <> s.seat),
        (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.rated, g.days_per_move, g.deadline_ms,
        COALESCE(g.updated_ms, g.created_ms)
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE s.account_id = $1 AND g.result IS NULL AND g.kind = 'human' AND g.to_move = s.seat
        AND NOT EXISTS (SELECT 1 FROM seats f WHERE f.game_id = g.id
            AND NOT f.engine AND f.token_hash IS NULL AND f.account_id IS NULL)
    ORDER BY (g.deadline_ms IS NULL), g.deadline_ms, COALESCE(g.updated_ms, g.created_ms) DESC, g.id
    LIMIT 100";

/// The finished games (not imported records) of a search: with a seat of
/// account `$1`, of game `$2`, that ended as `$3` (`p1`, `p2`, `draw`, or
/// for account `$1` `won`, `lost`), rated or not as `$4`, made from `$5`
/// (ms) and before `$6`; each part only if not null; the aborted ones
/// only if `$7`.
macro_rules! search_where {
    () => {
        "FROM games g WHERE g.result IS NOT NULL AND g.kind <> 'record'
        AND (CAST($1 AS TEXT) IS NULL OR g.id IN (SELECT game_id FROM seats WHERE account_id = $1))
        AND (CAST($2 AS TEXT) IS NULL OR g.game = $2)
        AND (CAST($3 AS TEXT) IS NULL
            OR ($3 = 'p1' AND g.result = '1-0')
            OR ($3 = 'p2' AND g.result = '0-1')
            OR ($3 = 'draw' AND g.result = '1/2-1/2')
            OR ($3 IN ('won', 'lost') AND EXISTS (SELECT 1 FROM seats w WHERE w.game_id = g.id
                AND w.account_id = $1 AND g.result = CASE
                    WHEN (w.seat = 'p1') = ($3 = 'won') THEN '1-0' ELSE '0-1' END)))
        AND (CAST($4 AS BOOLEAN) IS NULL OR g.rated = $4)
        AND (CAST($5 AS BIGINT) IS NULL OR g.created_ms >= $5)
        AND (CAST($6 AS BIGINT) IS NULL OR g.created_ms < $6)
        AND (CAST($7 AS BOOLEAN) OR g.reason IS NULL OR g.reason <> 'aborted')"
    };
}

/// How many finished games a search finds (see `search_where`).
pub const SEARCH_COUNT: &str = concat!("SELECT COUNT(*) ", search_where!());

/// One page of a search, `$8` games from `$9` on, the latest first.
pub const SEARCH_PAGE: &str = concat!(
    "SELECT g.id, g.game, g.kind, g.level, g.created_ms, g.result, g.reason, g.rated,
        g.clock_initial_ms, g.clock_increment_ms, g.days_per_move,
        (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) ",
    search_where!(),
    " ORDER BY g.created_ms DESC, g.id LIMIT $8 OFFSET $9"
);

/// Whether an evaluation of game `$1` was asked for, and of how many
/// positions.
pub const EVALUATION_JOB: &str = "SELECT total FROM evaluation_jobs WHERE game_id = $1";

/// The evaluated positions of game `$1`, by ply.
pub const EVALUATIONS: &str = "SELECT ply, score, best FROM evaluations WHERE game_id = $1 ORDER BY ply";

/// The games whose requested evaluation is not complete, with the client
/// that asked and the positions left, oldest request first.
pub const UNFINISHED_EVALUATIONS: &str = "SELECT game_id, owner, left_plies FROM
    (SELECT j.game_id, j.owner, j.requested_ms,
        j.total - (SELECT COUNT(*) FROM evaluations AS e WHERE e.game_id = j.game_id) AS left_plies
    FROM evaluation_jobs AS j) AS u
    WHERE left_plies > 0
    ORDER BY requested_ms, game_id";

/// The table of the schema's version (a row per applied migration).
pub const SCHEMA_VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)";

/// The database's schema version (null when new).
pub const SCHEMA_VERSION: &str = "SELECT MAX(version) FROM schema_version";

/// Records that migration `$1` was applied.
pub const RECORD_MIGRATION: &str = "INSERT INTO schema_version (version) VALUES ($1)";

/// Adds tournament `$1` of kind `$2`, named `$3`, of game `$4` with clock
/// `$5`+`$6`, rated `$7`, bots only `$8`, ratings `$9` to `$10`, starting
/// at `$11` for `$12` ms, status `$13`, made by `$14` at `$15`, of `$16`
/// rounds (a Swiss) with `$17` days per move.
pub const INSERT_TOURNAMENT: &str = "INSERT INTO tournaments (id, kind, name, game, clock_initial_ms,
    clock_increment_ms, rated, bots, min_rating, max_rating, starts_ms, duration_ms, status,
    created_by, created_ms, winner_id, version, rounds, days_per_move)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, NULL, 0, $16, $17)";

/// Account `$2` joins tournament `$1` (at rating `$3`, at `$4`), or joins
/// again after withdrawing (keeping its first rating and time).
pub const JOIN_TOURNAMENT: &str = "INSERT INTO tournament_players (tournament_id, account_id, rating,
    joined_ms, withdrawn, score, streak) VALUES ($1, $2, $3, $4, FALSE, 0, 0)
    ON CONFLICT (tournament_id, account_id) DO UPDATE SET withdrawn = FALSE, away = FALSE";

/// Marks account `$2` of tournament `$1` away from the tournament's pages
/// (`$3` true) or back (false); nothing when it did not join.
pub const SET_TOURNAMENT_AWAY: &str =
    "UPDATE tournament_players SET away = $3 WHERE tournament_id = $1 AND account_id = $2";

/// Account `$2` withdraws from tournament `$1`.
pub const WITHDRAW_TOURNAMENT: &str =
    "UPDATE tournament_players SET withdrawn = TRUE WHERE tournament_id = $1 AND account_id = $2";

/// Counts a change of tournament `$1`'s players (a withdrawal), so that a
/// pairing read before it is refused.
pub const TOUCH_TOURNAMENT: &str = "UPDATE tournaments SET version = version + 1 WHERE id = $1";

/// Counts a pairing of tournament `$1` made at version `$2`.
pub const BUMP_TOURNAMENT: &str =
    "UPDATE tournaments SET version = version + 1 WHERE id = $1 AND version = $2";

/// Tournament `$1` goes from status `$2` to `$3`, with winner `$4`.
pub const SET_TOURNAMENT_STATUS: &str =
    "UPDATE tournaments SET status = $3, winner_id = $4 WHERE id = $1 AND status = $2";

/// Links game `$1` to tournament `$2`: white `$3`, black `$4`, paired at
/// `$5`, in round `$6` (a Swiss's).
pub const LINK_TOURNAMENT_GAME: &str = "INSERT INTO tournament_games (game_id, tournament_id, white_id,
    black_id, paired_ms, white_outcome, scored_ms, round) VALUES ($1, $2, $3, $4, $5, NULL, NULL, $6)";

/// Round `$2` of Swiss `$1` is paired at `$3`, with the bye of `$4`; no
/// row when it was paired already.
pub const PAIR_SWISS_ROUND: &str = "INSERT INTO tournament_rounds (tournament_id, round, paired_ms, bye_id)
    VALUES ($1, $2, $3, $4) ON CONFLICT (tournament_id, round) DO NOTHING";

/// Scores tournament game `$1`: white's outcome `$2`, at `$3` (once).
pub const SCORE_TOURNAMENT_GAME: &str =
    "UPDATE tournament_games SET white_outcome = $2, scored_ms = $3 WHERE game_id = $1 AND scored_ms IS NULL";

/// Account `$2`'s score `$3` and streak `$4` in tournament `$1`.
pub const SET_TOURNAMENT_SCORE: &str =
    "UPDATE tournament_players SET score = $3, streak = $4 WHERE tournament_id = $1 AND account_id = $2";

/// The columns of a tournament row, of `t` (the tournament), `c` (its
/// maker's account) and `w` (its winner's account).
macro_rules! tournament_columns {
    () => {
        "SELECT t.id, t.kind, t.name, t.game, t.clock_initial_ms,
        t.clock_increment_ms, t.rated, t.bots, t.min_rating, t.max_rating, t.starts_ms, t.duration_ms,
        t.status, t.created_by, c.name, t.created_ms, t.winner_id, w.name, t.version,
        (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id), t.rounds, t.days_per_move
        FROM tournaments t JOIN accounts c ON c.id = t.created_by LEFT JOIN accounts w ON w.id = t.winner_id "
    };
}

/// The tournaments (`$1`: only the one with this id), the latest start
/// first; of all of them, not the house's arenas (ids `house-…`) that
/// finished without a game.
pub const TOURNAMENTS: &str = concat!(
    tournament_columns!(),
    "WHERE CAST($1 AS TEXT) IS NULL AND NOT (t.id LIKE 'house-%' AND t.status = 'finished' AND t.winner_id IS NULL)
    OR t.id = $1
    ORDER BY t.starts_ms DESC, t.id LIMIT 200"
);

/// The columns of a tournament's player, of `p` (the player) and `a` (its
/// account), and the tournament's id last.
macro_rules! tournament_player_columns {
    () => {
        "SELECT p.account_id, a.name, a.bot, p.rating, p.joined_ms,
        p.withdrawn, p.score, p.streak, p.away, p.tournament_id
        FROM tournament_players p JOIN accounts a ON a.id = p.account_id "
    };
}

/// The players of tournament `$1`, in the order they joined.
pub const TOURNAMENT_PLAYERS: &str =
    concat!(tournament_player_columns!(), "WHERE p.tournament_id = $1 ORDER BY p.joined_ms, p.account_id");

/// The columns of a tournament's game, of `t` (the pairing) and `g` (the
/// game), with the game's result and side to move, its Swiss round, and
/// the tournament's id last.
macro_rules! tournament_game_columns {
    () => {
        "SELECT t.game_id, t.white_id, t.black_id, t.paired_ms,
        t.white_outcome, t.scored_ms, g.result, g.to_move, t.round, t.tournament_id
        FROM tournament_games t JOIN games g ON g.id = t.game_id "
    };
}

/// The games of tournament `$1`, in the order they were paired.
pub const TOURNAMENT_GAMES: &str =
    concat!(tournament_game_columns!(), "WHERE t.tournament_id = $1 ORDER BY t.paired_ms, t.game_id");

/// The ids of the tournaments account `$1` joined, the latest start first
/// (at most `$2`): the sub-select of the `JOINED_*` statements.
macro_rules! joined_tournaments {
    () => {
        "(SELECT j.id FROM tournament_players q JOIN tournaments j ON j.id = q.tournament_id
        WHERE q.account_id = $1 ORDER BY j.starts_ms DESC, j.id LIMIT $2)"
    };
}

/// The tournaments account `$1` joined, the latest start first (at most
/// `$2`).
pub const JOINED_TOURNAMENTS: &str = concat!(
    tournament_columns!(),
    "WHERE t.id IN ",
    joined_tournaments!(),
    " ORDER BY t.starts_ms DESC, t.id"
);

/// The players of the tournaments of `JOINED_TOURNAMENTS`, by tournament
/// and in the order they joined.
pub const JOINED_TOURNAMENT_PLAYERS: &str = concat!(
    tournament_player_columns!(),
    "WHERE p.tournament_id IN ",
    joined_tournaments!(),
    " ORDER BY p.tournament_id, p.joined_ms, p.account_id"
);

/// The games of the tournaments of `JOINED_TOURNAMENTS`, by tournament and
/// in the order they were paired.
pub const JOINED_TOURNAMENT_GAMES: &str = concat!(
    tournament_game_columns!(),
    "WHERE t.tournament_id IN ",
    joined_tournaments!(),
    " ORDER BY t.tournament_id, t.paired_ms, t.game_id"
);

/// The columns of a Swiss's round, and the tournament's id last.
macro_rules! tournament_round_columns {
    () => {
        "SELECT round, paired_ms, bye_id, tournament_id FROM tournament_rounds "
    };
}

/// The paired rounds of tournament `$1`, the first first.
pub const TOURNAMENT_ROUNDS: &str =
    concat!(tournament_round_columns!(), "WHERE tournament_id = $1 ORDER BY round");

/// The rounds of the tournaments of `JOINED_TOURNAMENTS`, by tournament,
/// the first first.
pub const JOINED_TOURNAMENT_ROUNDS: &str = concat!(
    tournament_round_columns!(),
    "WHERE tournament_id IN ",
    joined_tournaments!(),
    " ORDER BY tournament_id, round"
);

/// The tournament that paired game `$1`, if one did, and its kind.
pub const GAME_TOURNAMENT: &str = "SELECT g.tournament_id, t.kind FROM tournament_games g
    JOIN tournaments t ON t.id = g.tournament_id WHERE g.game_id = $1";

/// The league (its game's name) and season of game `$1`, if a league
/// season made it.
pub const GAME_LEAGUE: &str = "SELECT game, season FROM league_games WHERE game_id = $1";

/// Adds message `$4` of account `$3` at `$2` to the chat of tournament `$1`.
pub const INSERT_TOURNAMENT_CHAT: &str =
    "INSERT INTO tournament_chat (tournament_id, sent_ms, account_id, body) VALUES ($1, $2, $3, $4)";

/// The latest `$2` messages of the chat of tournament `$1`, the latest first.
pub const TOURNAMENT_CHAT: &str = "SELECT c.account_id, a.name, c.body, c.sent_ms
    FROM tournament_chat c JOIN accounts a ON a.id = c.account_id
    WHERE c.tournament_id = $1 ORDER BY c.sent_ms DESC LIMIT $2";

/// The bot accounts by name (at most 200), each with whether it has a
/// live connection (its event stream, see `lobby_presence`) at `$1`.
pub const BOTS: &str = "SELECT a.id, a.name, a.created_ms,
    EXISTS (SELECT 1 FROM lobby_presence p WHERE p.account_id = a.id AND p.expires_ms > $1)
    FROM accounts a WHERE a.bot ORDER BY a.name LIMIT 200";

/// The ratings of the bots `BOTS` lists (the first 200 bot accounts by
/// name), by account and then game: the list's ratings in one statement.
pub const BOT_RATINGS: &str = "SELECT r.game, r.rating, r.deviation, r.volatility, r.games, r.account_id
    FROM ratings r
    WHERE r.account_id IN (SELECT a.id FROM accounts a WHERE a.bot ORDER BY a.name LIMIT 200)
    ORDER BY r.account_id, r.game";

/// The tournaments not finished, the earliest start first.
pub const ACTIVE_TOURNAMENTS: &str =
    "SELECT id FROM tournaments WHERE status <> 'finished' ORDER BY starts_ms, id";

/// Opens season `$2` of the league of game `$1` for sign-up, starting at
/// `$3` (none: once the season before has ended); nothing when it is open.
pub const OPEN_LEAGUE_SEASON: &str = "INSERT INTO league_seasons (game, season, status, starts_ms)
    VALUES ($1, $2, 'signup', $3) ON CONFLICT (game, season) DO NOTHING";

/// Moves the start of season `$2` of league `$1`, in sign-up, from `$3`
/// (-1: none) to `$4`.
pub const MOVE_LEAGUE_START: &str = "UPDATE league_seasons SET starts_ms = $4
    WHERE game = $1 AND season = $2 AND status = 'signup' AND COALESCE(starts_ms, -1) = $3";

/// Season `$2` of league `$1` goes from status `$3` to `$4`.
pub const SET_LEAGUE_STATUS: &str =
    "UPDATE league_seasons SET status = $4 WHERE game = $1 AND season = $2 AND status = $3";

/// Holds season `$2` of league `$1` in sign-up for the rest of the
/// transaction (no row when it is not in sign-up).
pub const HOLD_LEAGUE_SIGNUP: &str =
    "UPDATE league_seasons SET status = status WHERE game = $1 AND season = $2 AND status = 'signup'";

/// Account `$3` signs up for season `$2` of league `$1` at `$4`; nothing
/// when it has already.
pub const JOIN_LEAGUE: &str =
    "INSERT INTO league_members (game, season, account_id, joined_ms, seed, division)
    VALUES ($1, $2, $3, $4, NULL, NULL) ON CONFLICT (game, season, account_id) DO NOTHING";

/// Account `$3` is carried over into season `$2` of league `$1` at `$4`
/// with place `$5` in division `$6` as the season before ended.
pub const CARRY_LEAGUE_MEMBER: &str = "INSERT INTO league_members (game, season, account_id, joined_ms, seed,
    division) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (game, season, account_id) DO UPDATE SET seed = excluded.seed, division = excluded.division";

/// Account `$3` leaves season `$2` of league `$1`.
pub const LEAVE_LEAGUE: &str =
    "DELETE FROM league_members WHERE game = $1 AND season = $2 AND account_id = $3";

/// Account `$3` plays season `$2` of league `$1` in division `$4`.
pub const PLACE_LEAGUE_MEMBER: &str =
    "UPDATE league_members SET division = $4 WHERE game = $1 AND season = $2 AND account_id = $3";

/// Links game `$1` to season `$3` of league `$2`: division `$4`, round `$5`
/// of its schedule, white `$6`, black `$7`.
pub const LINK_LEAGUE_GAME: &str = "INSERT INTO league_games (game_id, game, season, division, round,
    white_id, black_id) VALUES ($1, $2, $3, $4, $5, $6, $7)";

/// The seasons of every league (`$1`: only the league of this game), by
/// game and season, each with its number of members.
pub const LEAGUE_SEASONS: &str = "SELECT s.game, s.season, s.status, s.starts_ms,
    (SELECT COUNT(*) FROM league_members m WHERE m.game = s.game AND m.season = s.season)
    FROM league_seasons s WHERE CAST($1 AS TEXT) IS NULL OR s.game = $1 ORDER BY s.game, s.season";

/// The members of season `$2` of league `$1`, in the order they signed up.
pub const LEAGUE_MEMBERS: &str = "SELECT m.account_id, a.name, m.joined_ms, m.seed, m.division
    FROM league_members m JOIN accounts a ON a.id = m.account_id
    WHERE m.game = $1 AND m.season = $2 ORDER BY m.joined_ms, m.account_id";

/// The games of season `$2` of league `$1`, by division and round, with
/// each game's result and side to move.
pub const LEAGUE_GAMES: &str = "SELECT l.game_id, l.division, l.round, l.white_id, l.black_id, g.result,
    g.to_move FROM league_games l JOIN games g ON g.id = l.game_id
    WHERE l.game = $1 AND l.season = $2 ORDER BY l.division, l.round, l.game_id";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_gets_question_marks_and_postgres_the_text_as_written() {
        let sql = "SELECT a FROM t WHERE a = $1 AND b = $12 AND c = 'x$'";
        assert_eq!(Dialect::Sqlite.statement(sql), "SELECT a FROM t WHERE a = ?1 AND b = ?12 AND c = 'x$'");
        assert_eq!(Dialect::Postgres.statement(sql), sql);
    }

    #[test]
    fn postgres_tables_are_not_clustered() {
        let sql = "CREATE TABLE t (a TEXT PRIMARY KEY) WITHOUT ROWID;";
        assert_eq!(Dialect::Postgres.migration(sql), "CREATE TABLE t (a TEXT PRIMARY KEY);");
        assert_eq!(Dialect::Sqlite.migration(sql), sql);
    }
}
